"""A tiny simultaneous-move game that exercises the parts of the protocol Spacewolves! does not use.

Sealed bids: every seat secretly bids 0-3 chips, in any order; play waits for the seats that have not bid. A seat
that has bid may cheer once, which play never waits for (an optional action, like a free action). Once all have
bid the highest bid wins, shared on a tie. Bids stay hidden from the other seats until the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import Field

from wolfpack.engine.constants import SIMULTANEOUS, TERMINAL
from wolfpack.engine.errors import InvalidActionError
from wolfpack.engine.game import Game, GameInfo, GameOptions, State

BIDS = tuple(f"bid {n}" for n in range(4))
CHEER = "cheer"
ACTIONS = (*BIDS, CHEER)


class BidOptions(GameOptions):
    """Options of the toy game."""

    players: int = Field(2, ge=2, le=3, description="number of players, 2 or 3")


class BidGame(Game[str]):
    """Sealed bids, for engine tests."""

    name = "toy-sealed-bids"
    Options = BidOptions
    options: BidOptions
    bots: ClassVar[Mapping[str, str]] = {}

    def _make_info(self) -> GameInfo:
        players = self.options.players
        return GameInfo(
            name=self.name,
            long_name="Sealed bids (toy)",
            num_players=players,
            min_players=2,
            max_players=3,
            chance="deterministic",
            information="imperfect",
            utility="constant-sum",
            dynamics="simultaneous",
            min_return=0.0,
            max_return=1.0,
            max_game_length=2 * players,
        )

    def new_initial_state(self) -> BidState:
        """Nobody has bid."""
        return BidState(self)

    def _state_from_dict(self, data: Mapping[str, Any]) -> BidState:
        state = self.new_initial_state()
        state.bids = list(data["bids"])
        state.cheered = list(data["cheered"])
        state._restore_history(data["history"])
        return state


class BidState(State[str]):
    """Who has bid what, and who has cheered."""

    __slots__ = ("bids", "cheered")

    def __init__(self, game: BidGame) -> None:
        super().__init__(game)
        self.bids: list[int | None] = [None] * game.options.players
        self.cheered = [False] * game.options.players

    def current_player(self) -> int:
        """SIMULTANEOUS until every seat has bid."""
        return TERMINAL if None not in self.bids else SIMULTANEOUS

    def _legal_actions(self, player: int) -> list[str]:
        if self.bids[player] is None:
            return list(BIDS)
        return [] if self.cheered[player] else [CHEER]

    def _waiting_for(self) -> list[int]:
        return [seat for seat, bid in enumerate(self.bids) if bid is None]

    def _chance_outcomes(self) -> Sequence[tuple[str, float]]:
        return ()

    def _apply_action(self, action: str) -> None:
        raise AssertionError("every node of this game is simultaneous")

    def _apply_simultaneous_action(self, action: str, player: int) -> None:
        if action == CHEER:
            self.cheered[player] = True
        else:
            self.bids[player] = BIDS.index(action)

    def _returns(self) -> list[float]:
        if None in self.bids:
            return [0.0] * len(self.bids)
        best = max(b for b in self.bids if b is not None)
        winners = self.bids.count(best)
        return [1.0 / winners if bid == best else 0.0 for bid in self.bids]

    def _observation(self, player: int | None) -> dict[str, Any]:
        over = None not in self.bids
        shown = [bid if over or seat == player else (bid is not None) for seat, bid in enumerate(self.bids)]
        return {"bids": shown, "cheered": list(self.cheered), "you": player}

    def _log(self, player: int | None) -> list[str]:
        """One line per bid placed, naming the amount only to its bidder until every bid is in; then the cheers."""
        over = None not in self.bids
        lines = [
            f"seat {seat} bids {bid}" if over or seat == player else f"seat {seat} has bid"
            for seat, bid in enumerate(self.bids)
            if bid is not None
        ]
        return lines + [f"seat {seat} cheers" for seat, cheered in enumerate(self.cheered) if cheered]

    def _coerce_action(self, action: object) -> str:
        if isinstance(action, str) and action in ACTIONS:
            return action
        raise InvalidActionError(f"{action!r} is not a sealed-bids action")

    def _action_to_string(self, action: str) -> str:
        return action

    def _parse_action(self, text: str) -> str:
        canonical = " ".join(text.split()).lower()
        if canonical not in ACTIONS:
            raise InvalidActionError(f"{text!r} is not a sealed-bids action ({', '.join(ACTIONS)})")
        return canonical

    def _why_illegal(self, action: str, player: int) -> tuple[str, str]:
        if action == CHEER:
            return "cheer", "you cheer once, after your bid"
        return "bid", "you have bid already"

    def _copy(self) -> BidState:
        other = type(self)(self.game)  # type: ignore[arg-type]
        other.bids = list(self.bids)
        other.cheered = list(self.cheered)
        return other

    def with_canaries(self) -> tuple[BidState, dict[int | None, tuple[set[str], set[str]]]]:
        """Every placed bid becomes a canary that only its bidder (and, once over, everyone) may see."""
        planted = self._copy()
        canaries = {seat: f"CANARY-bid-{seat}" for seat, bid in enumerate(self.bids) if bid is not None}
        for seat, canary in canaries.items():
            planted.bids[seat] = canary  # type: ignore[call-overload]
        over = None not in self.bids
        viewers: dict[int | None, tuple[set[str], set[str]]] = {}
        for viewer in [None, *range(len(self.bids))]:
            mine = {canaries[viewer]} if viewer in canaries else set()
            others = {c for seat, c in canaries.items() if seat != viewer}
            viewers[viewer] = (mine | others, set()) if over else (mine, others)
        return planted, viewers

    def _to_dict(self) -> dict[str, Any]:
        return {"bids": list(self.bids), "cheered": list(self.cheered)}
