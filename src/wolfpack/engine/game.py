"""The engine protocol every game implements: `Game` (metadata and factory) and `State` (one position).

Modelled on OpenSpiel's State API. The public methods here enforce the checks that every game shares (is the game
over, whose turn is it, is the action legal) exactly once; a game writes only the underscored hooks.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from wolfpack.engine.chunks import TextChunks
from wolfpack.engine.constants import CHANCE, SIMULTANEOUS, TERMINAL, player_label
from wolfpack.engine.errors import IllegalActionError, InvalidActionError, InvalidStateError

A = TypeVar("A", bound=Hashable)
"""A game's action type: a small immutable value with one canonical notation."""


class ActionHistory(Protocol[A]):
    """What a state keeps its history in: a list, or anything that grows and copies like one (TextChunks)."""

    def append(self, action: A, /) -> None: ...
    def extend(self, actions: Iterable[A], /) -> None: ...
    def copy(self) -> ActionHistory[A]: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[A]: ...


ChanceKind = Literal["deterministic", "explicit"]
InformationKind = Literal["perfect", "imperfect"]
UtilityKind = Literal["zero-sum", "constant-sum", "general-sum", "identical"]
DynamicsKind = Literal["sequential", "simultaneous"]


@dataclass(frozen=True)
class GameInfo:
    """What a game is, as data: the conformance suite checks every bound declared here."""

    name: str
    long_name: str
    num_players: int
    min_players: int
    max_players: int
    chance: ChanceKind
    information: InformationKind
    utility: UtilityKind
    dynamics: DynamicsKind
    min_return: float
    max_return: float
    max_game_length: int
    """Most actions (chance outcomes included) any game can take, for these options."""

    def to_dict(self) -> dict[str, Any]:
        """The metadata as a JSON-ready dict."""
        return asdict(self)


def json_object(data: str | Mapping[str, Any], what: str) -> Mapping[str, Any]:
    """`data` as a JSON object (parsed if it is text); InvalidStateError naming `what` if it is not one."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise InvalidStateError(f"{what} is not JSON: {exc}") from exc
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"{what} must be a JSON object")
    return data


SeatNote = tuple[int, int, "SeatNote | None"]
"""(index in the history, seat, the note before): who took an action at a simultaneous node, as a chain."""


class OpenActions(list[A]):
    """A seat's legal actions when some take free parameters (a megagame Control seat's numbers and reasons).

    The list holds the actions worth offering (what `legal_actions` returns); membership also accepts any action
    `accepts` allows, so `apply_action` and `parse_action` take a well-formed action that was not listed.
    """

    def __init__(self, listed: Sequence[A], accepts: Callable[[A], bool]) -> None:
        super().__init__(listed)
        self.accepts = accepts

    def __contains__(self, action: object) -> bool:
        return list.__contains__(self, action) or self.accepts(action)  # type: ignore[arg-type]


class GameOptions(BaseModel):
    """Base of every game's options: unknown options are errors, values are validated on load."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Game(ABC, Generic[A]):
    """A game with its options fixed: metadata, and the factory for its states."""

    name: ClassVar[str]
    """The registered name, as passed to `wolfpack.load_game`."""
    Options: ClassVar[type[GameOptions]]
    """The pydantic model of this game's options."""
    bots: ClassVar[Mapping[str, str]] = {}
    """The game's own bots: name -> "module:Class" of a `wolfpack.engine.bot.Bot`, imported when asked for."""
    difficulties: ClassVar[Mapping[str, str]] = {}
    """Which bot each difficulty ("easy", "normal", "strong") seats, where it is not the default (random, then the
    preferred bot for both others): "strong" is the bot at the top of the game's ladder (docs/bots.md)."""
    batch: ClassVar[str | None] = None
    """For a game with a batch engine (many games in lockstep as arrays, `wolfpack.engine.batch`): "module:attribute"
    of its `BatchEngine`, imported when asked for."""
    headless: ClassVar[str | None] = None
    """For a game whose all-bot play is too long to show move by move (a megagame): "module:function" of
    `(game, seed, record) -> Iterator[str]`, which plays the whole game with the game's bots in every seat (writing
    the record to `record`, an open text file or None) and yields a text summary of each turn as it ends."""
    encoding: ClassVar[str | None] = None
    """For a game that learning libraries can take (PettingZoo, OpenSpiel): "module:function" of `(game) ->
    ActionSpace`, its fixed action space and features (`wolfpack.engine.encoding`), imported when asked for."""

    def __init__(self, options: GameOptions) -> None:
        self.options = options
        self.info = self._make_info()

    @abstractmethod
    def _make_info(self) -> GameInfo:
        """Build the metadata for these options."""

    @abstractmethod
    def new_initial_state(self) -> State[A]:
        """A fresh state at the start of the game."""

    def state_from_position(self, position: Any) -> State[A]:
        """A state set up from a position in the game's position notation (a bad one raises InvalidStateError)."""
        raise NotImplementedError(f"{type(self).__name__} has no position notation")

    def _state_from_dict(self, data: Mapping[str, Any]) -> State[A]:
        """Rebuild a state from the dict that `State.to_dict` wrote: its position, then its history replayed."""
        position = data.get("position")
        history = data.get("history", [])
        if position is None:
            raise InvalidStateError("saved state needs a 'position'")
        if isinstance(history, Mapping):  # a history kept in chunks is saved as its chunks
            try:
                history = list(TextChunks.from_saved(history))
            except ValueError as exc:
                raise InvalidStateError(f"saved state 'history' in chunks is not readable: {exc}") from None
        if not isinstance(history, list) or not all(isinstance(a, str) for a in history):
            raise InvalidStateError("saved state 'history' must be a list of actions in notation")
        state = self.state_from_position(position)
        state._restore_history(history)
        return state

    def state_from_json(self, data: str | Mapping[str, Any]) -> State[A]:
        """Rebuild a state saved by `State.to_json`; a bad document raises InvalidStateError."""
        data = json_object(data, "saved state")
        if data.get("game") != self.name:
            raise InvalidStateError(f"saved state is for game {data.get('game')!r}, not {self.name!r}")
        saved_options = data.get("options")
        if not self._same_options(saved_options):
            raise InvalidStateError(f"saved state has options {saved_options!r}, this game has {self.options_dict()!r}")
        return self._state_from_dict(data)

    def _same_options(self, saved: Any) -> bool:
        """Whether saved options are this game's: the same, or the same once an option added since the save (so
        missing from it) takes its default."""
        if saved == self.options_dict():
            return True
        if not isinstance(saved, dict):
            return False
        try:
            filled = type(self.options).model_validate(saved).model_dump(mode="json")
        except ValidationError:
            return False
        return bool(filled == self.options_dict())

    def options_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict, every option spelled out."""
        return self.options.model_dump(mode="json")

    def num_players(self) -> int:
        """How many seats this game has."""
        return self.info.num_players

    def render(self, observation: Mapping[str, Any]) -> str:
        """A plain-text picture of an observation, for terminals and logs."""
        return json.dumps(observation, indent=2, sort_keys=True)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options_dict().items())
        return f"wolfpack.load_game({self.name!r}{', ' if opts else ''}{opts})"


class State(ABC, Generic[A]):
    """One position of a game. Public methods check; the underscored hooks are the game's rules."""

    __slots__ = ("_acted", "_history", "_legal_cache", "_seat_legal_cache", "_words", "game")

    def __init__(self, game: Game[A]) -> None:
        self.game = game
        self._history: ActionHistory[A] = self._new_history()
        self._legal_cache: list[A] | None = None
        self._seat_legal_cache: dict[int, list[A]] | None = None
        """At a simultaneous node: the legal actions of each seat asked so far (None: nobody asked yet)."""
        self._words: WordsLog | None = None
        self._acted: SeatNote | None = None
        """Who took each action at a simultaneous node, newest first (a game of perfect information only: its log
        in words replays the history, and notation does not say the seat). Shared by copies, never changed."""
        """The log in words, as far as it has been written (see `_log`); a copy starts without it."""

    # ---- hooks a game implements -------------------------------------------------------------------------

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or CHANCE, SIMULTANEOUS or TERMINAL."""

    @abstractmethod
    def _legal_actions(self, player: int) -> list[A]:
        """The legal actions of `player`, who may act now; sorted, without duplicates."""

    @abstractmethod
    def _chance_outcomes(self) -> Sequence[tuple[A, float]]:
        """The outcomes of the pending chance event with their probabilities."""

    def _chance_actions(self) -> Collection[A]:
        """The pending chance event's outcomes as a collection for membership tests (games may precompute it)."""
        return [outcome for outcome, _ in self._chance_outcomes()]

    @abstractmethod
    def _apply_action(self, action: A) -> None:
        """Change the state by a legal action (already checked)."""

    def _apply_simultaneous_action(self, action: A, player: int) -> None:
        """Change the state by `player`'s legal action at a simultaneous node (games with such nodes override)."""
        raise NotImplementedError(f"{type(self).__name__} has no simultaneous nodes")

    @abstractmethod
    def _returns(self) -> list[float]:
        """Each seat's return; the final ones once the game is over."""

    @abstractmethod
    def _observation(self, player: int | None) -> dict[str, Any]:
        """What `player` may know, as JSON-ready data; `None` is the public view."""

    @abstractmethod
    def _coerce_action(self, action: object) -> A:
        """Return `action` as this game's action type, or raise InvalidActionError."""

    @abstractmethod
    def _action_to_string(self, action: A) -> str:
        """The canonical notation of an action."""

    @abstractmethod
    def _parse_action(self, text: str) -> A:
        """Read an action from notation, or raise InvalidActionError."""

    @abstractmethod
    def _why_illegal(self, action: A, player: int) -> tuple[str, str]:
        """For an action that is not legal now: (the rule that forbids it, a sentence saying why)."""

    def _describe(self, action: A, actor: int, viewer: int | None) -> str:
        """A sentence saying what `action`, taken now by `actor` (a seat, or CHANCE), does, as `viewer` may read it
        (default: its notation)."""
        return self._action_to_string(action)

    def _story_facts(self) -> Any:
        """The public facts an action may change that the log should tell (hearts, a score, pieces taken), taken
        before the action; None (the default): the log tells only the action."""
        return None

    def _story(self, before: Any) -> str:
        """What changed since `before` (this state's `_story_facts()` before the last action), in sentences: what
        the action and whatever followed it unasked did (a wolf killed, a spaceman taken); "" when nothing did."""
        return ""

    def _new_history(self) -> ActionHistory[A]:
        """An empty history to append actions to: a list by default; a game whose actions are their own notation
        (text) may return a `wolfpack.engine.chunks.TextChunks`, which keeps them compressed, shares them between
        copies, and is saved as its chunks."""
        return []

    @abstractmethod
    def _copy(self) -> State[A]:
        """A copy of the game-specific fields (history and caches are copied by `clone`)."""

    def with_canaries(self) -> tuple[State[A], dict[int | None, tuple[set[str], set[str]]]]:
        """A copy whose secrets hold unique canary strings, and per viewer (seat, or None for the public view) the
        canaries its observation must show and those it must never show. Games without secrets plant none.
        """
        return self.clone(), {}

    @abstractmethod
    def _to_dict(self) -> dict[str, Any]:
        """The game-specific fields of a saved state, JSON-ready."""

    # ---- the public protocol -----------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether the next action is a chance outcome."""
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        """Whether several seats may act now, in any order."""
        return self.current_player() == SIMULTANEOUS

    def num_players(self) -> int:
        """How many seats the game has."""
        return self.game.info.num_players

    def waiting_for(self) -> list[int]:
        """The seats play waits for: the seat to act, or at a simultaneous node those that must act (others may)."""
        current = self.current_player()
        if current >= 0:
            return [current]
        if current == SIMULTANEOUS:
            return self._waiting_for()
        return []

    def _waiting_for(self) -> list[int]:
        """At a simultaneous node: the seats that must act before play goes on (default: every seat that can)."""
        return [seat for seat in range(self.num_players()) if self._seat_legal(seat)]

    def chance_outcomes(self) -> Sequence[tuple[A, float]]:
        """(outcome, probability) pairs of the pending chance event; empty when this is not a chance node."""
        if not self.is_chance_node():
            return ()
        outcomes = self._chance_outcomes()
        # Games may hand out shared tables; only an immutable one may leave without a copy.
        return outcomes if isinstance(outcomes, tuple) else tuple(outcomes)

    def legal_actions(self, player: int | None = None) -> list[A]:
        """The actions `player` (default: whoever acts now) may take; empty for seats that may not act."""
        cache = self._legal_cache
        if cache is not None and player is None:
            return list(cache)  # a primed cache is the legal set of the seat to act at a sequential decision
        seats = self._seat_legal_cache
        if seats is not None and isinstance(player, int) and player in seats:
            return list(seats[player])  # listed already at this simultaneous node
        current = self.current_player()
        if current == TERMINAL:
            return []
        if player is None or player == current:
            if current == CHANCE:
                return [outcome for outcome, _ in self._chance_outcomes()]
            if current != SIMULTANEOUS:
                cache = self._legal_cache
                if cache is None:
                    cache = self._legal_cache = self._legal_actions(current)
                return list(cache)
            if player is None:
                raise ValueError("at a simultaneous node, name the player whose legal actions you want")
        if player == CHANCE:
            return []
        self._check_seat(player)
        if current == SIMULTANEOUS:
            return list(self._seat_legal(player))
        return []

    def apply_action(self, action: A | object, player: int | None = None) -> None:
        """Play `action` (for `player`, which must be the seat to act if given); the state is unchanged on error."""
        seats = self._seat_legal_cache
        if seats is not None and isinstance(player, int) and player in seats:
            # Fast path: the seat's legal actions were listed at this simultaneous node (a bot lists them, then
            # tries each on a clone), so an action found among them needs no further check.
            checked = self._coerce_action(action)
            if checked in seats[player]:
                self._legal_cache = self._seat_legal_cache = None
                self._apply_simultaneous_action(checked, player)
                self._note_seat(player)
                self._history.append(checked)
                return
        cache = self._legal_cache
        if cache is not None and player is None:
            # Fast path: a primed cache holds the legal actions of the seat to act at a sequential decision node,
            # so an action found in it needs no further check. Anything else takes the checked path below.
            checked = self._coerce_action(action)
            if checked in cache:
                self._legal_cache = self._seat_legal_cache = None
                self._apply_action(checked)
                self._history.append(checked)
                return
        elif player is None and self.is_chance_node():
            checked = self._coerce_action(action)
            if checked in self._chance_actions():
                self._seat_legal_cache = None
                self._apply_action(checked)
                self._history.append(checked)
                return
        current = self.current_player()
        if current == TERMINAL:
            raise IllegalActionError("the game is over: no action can be applied", rule="game over")
        checked = self._coerce_action(action)
        if current == SIMULTANEOUS:
            if player is None:
                raise IllegalActionError("at a simultaneous node the acting player must be named", rule="turn")
            self._check_seat(player)
            acting = player
            legal: Collection[A] = self._seat_legal(player)
        else:
            if player is not None and player != current:
                raise IllegalActionError(
                    f"it is not {player_label(player)}'s turn: {player_label(current)} acts now", rule="turn"
                )
            acting = current
            if current == CHANCE:
                legal = self._chance_actions()
            else:
                cache = self._legal_cache
                if cache is None:
                    cache = self._legal_cache = self._legal_actions(current)
                legal = cache
        if checked not in legal:
            rule, reason = self._why_illegal(checked, acting)
            raise IllegalActionError(
                f"{self._action_to_string(checked)} is not legal now: {reason} [{rule}]", rule=rule
            )
        # Cleared first so that a game may prime the cache for the next decision while applying this one.
        self._legal_cache = self._seat_legal_cache = None
        if current == SIMULTANEOUS:
            self._apply_simultaneous_action(checked, acting)
            self._note_seat(acting)
        else:
            self._apply_action(checked)
        self._history.append(checked)

    def is_legal(self, action: A | object, player: int | None = None) -> bool:
        """Whether `player` (default: the seat to act) may take `action` now, unlisted actions of open sets included."""
        try:
            checked = self._coerce_action(action)
        except InvalidActionError:
            return False
        current = self.current_player()
        if current == SIMULTANEOUS and player is not None:
            self._check_seat(player)
            return checked in self._seat_legal(player)
        if current == CHANCE and player is None:
            return checked in self._chance_actions()
        return checked in self.legal_actions(player)

    def returns(self) -> list[float]:
        """Each seat's return: the final result once terminal, zeros before."""
        return self._returns()

    def observation(self, player: int | None = None) -> dict[str, Any]:
        """Exactly what `player` may know, JSON-ready; `None` gives the public view."""
        if player is not None:
            self._check_seat(player)
        return self._observation(player)

    def shared_observation(self, player: int | None = None) -> dict[str, Any]:
        """`observation(player)`, which may share parts with other seats' views and with later ones: read it, never
        change it. A server that only encodes and compares views saves the copy `observation` makes."""
        if player is not None:
            self._check_seat(player)
        return self._shared_observation(player)

    def _shared_observation(self, player: int | None) -> dict[str, Any]:
        """The observation `shared_observation` returns; games that build views from shared parts override it."""
        return self._observation(player)

    def view_version(self, player: int | None = None) -> int:
        """A number that moves whenever `player`'s observation or log may have changed (`None`: the public view).

        Asked of one state (or its clones) as play goes on, an unchanged number promises an identical observation
        and log, so a server rebuilds only the views whose number moved. The default moves with every action."""
        if player is not None:
            self._check_seat(player)
        return self._view_version(player)

    def _view_version(self, player: int | None) -> int:
        """The view version of `player` (see `view_version`); games that know which views an action touched
        override this. The default says every view changed after every action."""
        return len(self._history)

    def history(self) -> list[A]:
        """Every action applied since this game's start position, chance outcomes included."""
        return list(self._history)

    def history_length(self) -> int:
        """How many actions `history()` holds, without copying them (play loops ask after every action)."""
        return len(self._history)

    def log(self, player: int | None = None) -> list[str]:
        """The game's log as `player` may read it (`None`: the public log); secret outcomes are masked."""
        if player is not None:
            self._check_seat(player)
        return self._log(player)

    def log_since(self, player: int | None, start: int) -> list[str]:
        """The lines of `log(player)` from line `start` on: what a reader holding its first `start` lines lacks."""
        if player is not None:
            self._check_seat(player)
        if not isinstance(start, int) or start < 0:
            raise ValueError(f"a log's lines are counted from 0: {start!r} is not a line number")
        return self._log_since(player, start)

    def _log_since(self, player: int | None, start: int) -> list[str]:
        """The lines of `player`'s log from `start` on; a game that can read them without the whole log overrides."""
        return self._log(player)[start:]

    def _log(self, player: int | None) -> list[str]:
        """The log for `player`: for a game of perfect information, every action in words (`describe`, on the
        state each was taken in). A game with secrets must write its own; until it does, it shows nothing rather
        than risk showing a secret."""
        if self.game.info.information == "imperfect":
            return []
        words = self._words
        if words is None:
            words = self._words = WordsLog(self)
        return words.lines(self)

    def log_notation(self, player: int | None = None) -> list[str] | None:
        """The notation of each line of `log(player)`, one a line, for a reader who wants it (a page's hover);
        None when the game's log is its own (lines are not actions, or an action may be secret)."""
        if player is not None:
            self._check_seat(player)
        if type(self)._log is not State._log or self.game.info.information == "imperfect":
            return None
        return [self._action_to_string(action) for action in self._history]

    def describe(self, action: A | object, player: int | None = None, viewer: int | None = None) -> str:
        """A sentence saying what `action` does if `player` (default: the seat to act; named at a simultaneous
        node) takes it now, as `viewer` may read it (`None`: anyone).

        Games name seats by what they play ("Red", "Hunter 1"); whoever knows the people's names shows them beside
        (docs/engine.md, "The log in words")."""
        for seat in (player, viewer):
            if seat is not None:
                self._check_seat(seat)
        checked = self._coerce_action(action)
        current = self.current_player()
        if current == SIMULTANEOUS and player is None:
            raise IllegalActionError("at a simultaneous node the acting player must be named", rule="turn")
        if not self.is_legal(checked, player if current == SIMULTANEOUS else None) or (
            player is not None and current != SIMULTANEOUS and player != current
        ):
            raise IllegalActionError(
                f"{self._action_to_string(checked)} is not legal now, so it has nothing to describe", rule="describe"
            )
        return self._describe(checked, current if player is None else player, viewer)

    def action_to_string(self, action: A | object) -> str:
        """The canonical notation of an action; `parse_action` reads it back."""
        return self._action_to_string(self._coerce_action(action))

    def parse_action(self, text: str, player: int | None = None) -> A:
        """Read an action in notation and check that `player` (default: the seat to act) may take it now."""
        if not isinstance(text, str):
            raise InvalidActionError(f"action notation must be text, got {type(text).__name__}")
        action = self._parse_action(text)
        current = self.current_player()
        if current == TERMINAL:
            raise IllegalActionError("the game is over: no action can be applied", rule="game over")
        if current == SIMULTANEOUS and player is None:
            return action  # legality depends on who plays it; apply_action(action, player) checks
        acting = current if player is None else player
        legal: Collection[A] = self.legal_actions(acting)
        if current == SIMULTANEOUS:
            legal = self._seat_legal(acting)  # the seat's own collection: open sets accept unlisted actions
        if action not in legal:
            if current not in (SIMULTANEOUS, CHANCE) and acting != current:
                raise IllegalActionError(
                    f"it is not {player_label(acting)}'s turn: {player_label(current)} acts now", rule="turn"
                )
            rule, reason = self._why_illegal(action, acting)
            raise IllegalActionError(f"{text.strip()} is not legal now: {reason} [{rule}]", rule=rule)
        return action

    def clone(self) -> State[A]:
        """An independent copy: changing one never changes the other."""
        copy = self._copy()
        copy._history = self._history.copy()  # a TextChunks history shares its closed chunks
        copy._acted = self._acted
        copy._legal_cache = self._legal_cache
        seats = self._seat_legal_cache
        copy._seat_legal_cache = None if seats is None else dict(seats)  # its own: each copy adds seats as asked
        return copy

    def to_dict(self) -> dict[str, Any]:
        """The whole state as a JSON-ready dict: game, options, position and history."""
        data = {"game": self.game.name, "options": self.game.options_dict()}
        data.update(self._to_dict())
        history = self._history
        # A history kept in chunks holds actions that are their own notation: saved as its chunks, no object each.
        data["history"] = (
            history.to_saved() if isinstance(history, TextChunks) else [self._action_to_string(a) for a in history]
        )
        return data

    def to_json(self) -> str:
        """The whole state as JSON; `game.state_from_json` reads it back.

        Every mapping keeps its order (never sorted): a game's rules may go through a mapping in order, and a state
        read back must play on exactly as the one saved."""
        return json.dumps(self.to_dict())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    def __str__(self) -> str:
        return self.game.render(self._observation(None))

    # ---- helpers -----------------------------------------------------------------------------------------

    def _seat_legal(self, player: int) -> list[A]:
        """At a simultaneous node: `player`'s legal actions, computed once per node and seat (do not change it)."""
        seats = self._seat_legal_cache
        if seats is None:
            seats = self._seat_legal_cache = {}
        legal = seats.get(player)
        if legal is None:
            legal = seats[player] = self._legal_actions(player)
        return legal

    def _note_seat(self, player: int) -> None:
        """Remember who took the action about to join the history at a simultaneous node (see `_acted`)."""
        if self.game.info.information == "perfect":
            self._acted = (len(self._history), player, self._acted)

    def seats_at_simultaneous_nodes(self) -> dict[int, int]:
        """For each action taken at a simultaneous node since this state was made or loaded: its index in the
        history and the seat that took it (games of perfect information; a saved state does not keep them)."""
        seats: dict[int, int] = {}
        note = self._acted
        while note is not None:
            ply, seat, note = note
            seats[ply] = seat
        return seats

    def _check_seat(self, player: int) -> None:
        if not isinstance(player, int) or not 0 <= player < self.num_players():
            raise ValueError(f"no seat {player!r}: seats are 0 to {self.num_players() - 1}")

    def _restore_history(self, texts: Sequence[str]) -> None:
        """Set the history from saved notation (used when loading a saved state)."""
        history = self._new_history()
        try:
            history.extend(self._parse_action(t) for t in texts)
        except InvalidActionError as exc:
            raise InvalidStateError(f"saved history holds a malformed action: {exc}") from exc
        self._history = history


class WordsLog:
    """The log in words of a game of perfect information, written as far as it was asked and extended as play goes.

    A sentence needs the state its action was taken in, so the log replays the history on a twin from the game's
    start. A state set up from a position (a rules test, an organiser's scenario) has no start to replay from: its
    log is the notation, as it was before games wrote words."""

    __slots__ = ("checked", "twin", "written")

    def __init__(self, state: State[Any]) -> None:
        self.twin: State[Any] | None = state.game.new_initial_state()
        self.written: list[str] = []
        self.checked = -1
        """The length of the history at which the twin was last found in the state's position."""

    def lines(self, state: State[Any]) -> list[str]:
        """The log of `state` (whose history extends the one written so far), in words where the twin can follow."""
        history = state.history()
        twin = self.twin
        if twin is not None and self.checked == len(history) == len(self.written):
            return list(self.written)
        if twin is not None and len(self.written) <= len(history):
            seats = state.seats_at_simultaneous_nodes()
            for ply in range(len(self.written), len(history)):
                action = history[ply]
                simultaneous = twin.is_simultaneous_node()
                seat = seats.get(ply) if simultaneous else None
                if (simultaneous and seat is None) or not twin.is_legal(action, seat):
                    twin = None  # the history did not start at the game's start, or its seats are not known
                    break
                line = twin._describe(action, twin.current_player() if seat is None else seat, None)
                facts = twin._story_facts()
                twin.apply_action(action, seat)
                told = twin._story(facts) if facts is not None else ""
                self.written.append(f"{line} {told}" if told else line)
            if twin is not None and twin._to_dict() == state._to_dict():
                self.checked = len(history)
                return list(self.written)
        self.twin = None  # not a game from the start: the notation is the log from now on
        return [state._action_to_string(action) for action in history]
