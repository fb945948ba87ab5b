"""Spacewolves!: a 3-4 player dice race from the Space Station back to Earth, ahead of the Spacewolves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from pydantic import Field

from wolfpack.engine.game import Game, GameInfo, GameOptions
from wolfpack.games.spacewolves.actions import Action
from wolfpack.games.spacewolves.render import render
from wolfpack.games.spacewolves.state import SpacewolvesState

MAX_ROUNDS_DEFAULT = 100
"""Our default: the rulebook sets no limit, but a bound keeps every game finite (see Interpretations)."""


class SpacewolvesOptions(GameOptions):
    """Options of Spacewolves!."""

    players: Literal[3, 4] = Field(4, description="number of players, 3 or 4")
    max_rounds: int = Field(
        MAX_ROUNDS_DEFAULT, ge=1, le=10_000, description="rounds after which the game stops, 1 to 10000"
    )


class SpacewolvesGame(Game[Action]):
    """Spacewolves! with its options: the factory of its states."""

    name = "spacewolves"
    Options = SpacewolvesOptions
    options: SpacewolvesOptions
    bots: ClassVar[Mapping[str, str]] = {
        "heuristic": "wolfpack.games.spacewolves.bots:HeuristicBot",
        "search": "wolfpack.games.spacewolves.bots:SearchBot",
    }
    # The search bot wins twice the heuristic's games on the ladder (docs/bots.md, "Ladders").
    difficulties: ClassVar[Mapping[str, str]] = {"strong": "search"}
    batch: ClassVar[str | None] = "wolfpack.games.spacewolves.batch:ENGINE"
    encoding: ClassVar[str | None] = "wolfpack.games.spacewolves.encoding:action_space"

    def _make_info(self) -> GameInfo:
        players = self.options.players
        rounds = self.options.max_rounds
        return GameInfo(
            name=self.name,
            long_name="Spacewolves!",
            num_players=players,
            min_players=3,
            max_players=4,
            chance="explicit",
            information="perfect",
            utility="constant-sum",
            dynamics="sequential",
            min_return=0.0,
            max_return=1.0,
            max_game_length=max_game_length(players, rounds),
        )

    def new_initial_state(self) -> SpacewolvesState:
        """The start: every spaceman on the Space Station, the roll for first player pending."""
        return SpacewolvesState(self)

    def state_from_position(self, position: str) -> SpacewolvesState:
        """A state set up from a position in notation (see docs/games/spacewolves.md)."""
        from wolfpack.games.spacewolves.notation import parse_position

        return parse_position(self, position)

    def render(self, observation: Mapping[str, Any]) -> str:
        """The board as text, Earth at the top."""
        return render(observation)


def max_game_length(players: int, rounds: int) -> int:
    """A bound on the actions of any game (chance outcomes included); derived in docs/games/spacewolves.md."""
    # Per seat and round: three rolls; at most four moves (own and opponent die or the doubles choice, one Mission
    # Control move, one Spacewolf! move); and Tandem Warp decisions. A waiting warp is decided only while a spaceman
    # that landed is still on the warp tile, and after a turn's last move spacemen only go forward, so each of them
    # lands at most once more: at most one waiting decision per spaceman after each of the seat's three turns, plus
    # the decision of the actor's own landing before his second die. (The distance still to go is no bound here:
    # a doubles swap can take a crowded tile eight tiles back.)
    spacemen = 3 * players
    per_seat_and_round = 3 + 4 + 1 + 3 * spacemen
    return 1 + players * rounds * per_seat_and_round
