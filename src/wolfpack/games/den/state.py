"""Den of Wolves: the position, as JSON-ready data, and the protocol hooks (the rules live in rules.py, verbs.py,
turn.py and control.py).

Seats: Control is seat 0; then every role of every ship's team in the pack's order; then Media and any
wildcards. The event is one long SIMULTANEOUS node broken by chance events (dice, draws); play waits only for
Control, who moves the turn on (`control advance`), so every phase change is in the record and the wall clock never
enters the rules.

A turn has three steps: `start` (the Aegis has drawn its destination; crews work start-of-turn stations and
ships may declare an emergency jump), `action` (the Action Phase) and `team` (the Team Phase). Control's advance
out of the Team Phase is the news broadcast: rations are paid, each ship rolls morale then riots, undisturbed riots
spread, the pursuit track rises and the next turn starts.

With the option `table_dice`, each ship's own rolls are not chance events: they await entry from its table
(`dice`, dice.py), the event stays simultaneous, and the broadcast (step `news`) lasts until its last die is in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from wolfpack.engine.chunks import TextChunks
from wolfpack.engine.constants import CHANCE, SIMULTANEOUS, TERMINAL
from wolfpack.engine.errors import InvalidActionError
from wolfpack.engine.game import OpenActions, State
from wolfpack.games.den import attack, control, council, rules, turn, verbs
from wolfpack.games.den.content import DenContent
from wolfpack.games.den.editions import Ruleset
from wolfpack.games.den.notation import canonical
from wolfpack.games.den.views import (
    EventLog,
    LogIndex,
    log_audience,
    log_for,
    log_lines,
    observation,
    plant_canaries,
    settle_parts,
    view_version,
)

if TYPE_CHECKING:
    from wolfpack.games.den.game import DenGame

FIELDS: Final = (
    "turn",
    "step",
    "paused",
    "over",
    "pursuit",
    "fleet_at",
    "ships",
    "crew",
    "units",
    "shuttles",
    "hands",
    "held",
    "known",
    "destinations",
    "people",
    "swaps",
    "rewards",
    "notices",
    "notices_opened",
    "pending",
    "step_actions",
    "council",
    "attack",
    "battles",
    "dice",
    "broadcasts",
    "policies",
)
"""The position: every field a saved state holds besides the log and the history. The log (`events`) is kept out
of it: it only grows, so a copy shares its lines instead of copying them, and a saved state holds it on its own."""


class DenState(State[str]):
    """A moment of a Den of Wolves event. Actions are strings in the game's notation (docs/games/den-of-wolves.md)."""

    __slots__ = (
        "_events",
        "cache",
        "content",
        "logs",
        "phase_actions",
        "quadrant_count",
        "rules",
        "seats",
        "table_dice",
        "turns",
        "versions",
        "versions_at",
        *FIELDS,
    )

    def __init__(self, game: DenGame) -> None:
        super().__init__(game)
        self.content: DenContent = game.content
        self.rules: type[Ruleset] = game.ruleset
        self.seats: tuple[rules.Seat, ...] = game.seats
        self.turns: int = game.options.turns
        self.phase_actions: int = game.options.phase_actions
        self.table_dice: bool = game.options.table_dice
        """Whether each ship's own rolls wait for its table's real dice to be entered (option `table_dice`)."""
        self.quadrant_count: int = game.quadrants
        """Quadrants of the fleet map (derived from the options and the pack, so not saved)."""
        self.turn = 1
        self.step = "start"
        self.paused = False
        self.over = False
        self.pursuit = 0
        self.fleet_at = "origin"
        self.ships: dict[str, dict[str, Any]] = {}
        self.crew: dict[str, dict[str, Any]] = {}
        self.units: dict[str, dict[str, Any]] = {}
        self.shuttles: dict[str, dict[str, Any]] = {}
        self.hands: dict[str, list[str]] = {}
        self.held: dict[str, list[str]] = {}
        self.known: dict[str, list[str]] = {}
        self.destinations: dict[str, list[str]] = {"deck": [], "discard": []}
        self.people: dict[str, dict[str, Any]] = {}
        self.swaps: dict[str, str] = {}
        self.rewards: dict[str, int] = {}
        self.notices: list[dict[str, Any]] = []
        self.notices_opened = 0
        """Notices opened so far: each new one takes the next number, so a number never names two notices."""
        self.pending: list[dict[str, Any]] = []
        self.step_actions = 0
        self._events = EventLog()
        self.council: dict[str, Any] = {}
        """The Interstellar Council: its offices, the bill before it, the register of laws (council.py)."""
        self.attack: dict[str, Any] | None = None
        """The Wolf Attack under way, or None (attack.py)."""
        self.battles: list[dict[str, Any]] = []
        """Every finished Wolf Attack's outcome, for the event's summaries and the designer's statistics."""
        self.broadcasts: list[dict[str, Any]] = []
        """The News Media's broadcasts, oldest first (media.py)."""
        self.policies: dict[str, str] = {}
        """Control's standing policies: per kind of notice (`NOTICE_KINDS`), the ruling that settles each new one."""
        self.dice: dict[str, Any] = {"next": 1, "awaiting": {}}
        """With table dice: per ship, the dice awaiting entry in the order they came (`awaiting`), and the number
        of the next die (`next`; ids are `<ship>:d<n>`, never reused)."""
        self.cache: dict[Any, Any] = {}
        """Lookups derived from the fields (crew by station, a team's shared actions, the parts of this moment's
        views), cleared by every action."""
        self.logs: LogIndex | None = None
        """Each audience's log lines so far (views.py), so that reading a log costs only its new lines."""
        self.versions: dict[Any, tuple[Any, int]] = {}
        """Each part of the views: its value when last looked at, and the ply at which it last changed (views.py)."""
        self.versions_at = -1
        """The ply at which `versions` was last brought up to date."""
        rules.set_up(self)
        council.set_up(self)
        attack.set_up(self)

    @property
    def events(self) -> EventLog:
        """The log: every line with its audience (`[audience, text]`), in order (views.py)."""
        return self._events

    @events.setter
    def events(self, lines: EventLog | list[list[str]]) -> None:
        self._events = lines if isinstance(lines, EventLog) else EventLog(lines)

    # ---- protocol hooks ----------------------------------------------------------------------------------

    def current_player(self) -> int:
        """CHANCE while a roll or draw is pending, TERMINAL once the event is over, else SIMULTANEOUS (dice awaiting
        entry at a table included: they hold only their own ship)."""
        if self.over:
            return TERMINAL
        if self.pending:
            return CHANCE
        return SIMULTANEOUS

    def _waiting_for(self) -> list[int]:
        """Play waits for Control alone: everyone else may act, but the event moves on when Control says so."""
        return [rules.CONTROL]

    def _legal_actions(self, player: int) -> list[str]:
        if player == rules.CONTROL:
            listed = control.control_actions(self)
            return OpenActions(listed, lambda action: control.control_accepts(self, action))
        return OpenActions(verbs.seat_actions(self, player), lambda action: verbs.seat_accepts(self, player, action))

    def _chance_outcomes(self) -> Sequence[tuple[str, float]]:
        return turn.chance_outcomes(self)

    def _apply_action(self, action: str) -> None:
        # The lookups are dropped before and after: an action may read one (crew by station) and then change it.
        self.cache = {}
        turn.apply_chance(self, action)
        self.cache = {}

    def _apply_simultaneous_action(self, action: str, player: int) -> None:
        self.cache = {}
        verbs.apply_seat_action(self, action, player)
        turn.hold_table_dice(self)
        self.cache = {}

    def _returns(self) -> list[float]:
        # A megagame has no winner (Game Intent): every seat's return is 0.
        return [0.0] * len(self.seats)

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observation(self, player)

    def _shared_observation(self, player: int | None) -> dict[str, Any]:
        settle_parts(self, len(self._history))
        return observation(self, player, copy=False)

    def _log(self, player: int | None) -> list[str]:
        return log_for(self, player)

    def _log_since(self, player: int | None, start: int) -> list[str]:
        return log_lines(self, log_audience(self, player), start)

    def _new_history(self) -> TextChunks:
        # Actions are text, the history only grows, and every copy of the state shares it: compressed chunks.
        return TextChunks()

    def _view_version(self, player: int | None) -> int:
        return view_version(self, player, len(self._history))

    def _coerce_action(self, action: object) -> str:
        if not isinstance(action, str):
            raise InvalidActionError(f"a Den of Wolves action is text in notation, got {type(action).__name__}")
        return canonical(action)

    def _action_to_string(self, action: str) -> str:
        return action

    def _parse_action(self, text: str) -> str:
        return canonical(text)

    def _why_illegal(self, action: str, player: int) -> tuple[str, str]:
        return verbs.why_illegal(self, action, player)

    def _copy(self) -> DenState:
        clone = object.__new__(DenState)
        State.__init__(clone, self.game)
        derived = ("content", "rules", "seats", "turns", "phase_actions", "quadrant_count", "table_dice", "cache")
        for name in (*derived, "versions_at"):
            setattr(clone, name, getattr(self, name))
        clone.logs = None  # its log is a new copy: its index is built when its log is first read
        clone.versions = dict(self.versions)  # its own: the copies' versions part as their plays do
        # The fields hold only JSON's types (dicts with text keys, lists, text, numbers, booleans, None), which a
        # marshal copy keeps as they are, twice as fast as a JSON round trip.
        for name, value in rules.plain_copy({name: getattr(self, name) for name in FIELDS}).items():
            setattr(clone, name, value)
        # A log line is never changed once written, so the copy shares the closed chunks of the log.
        clone.events = self.events.copy()
        return clone

    def _to_dict(self) -> dict[str, Any]:
        return {
            "position": rules.plain_copy({name: getattr(self, name) for name in FIELDS}),
            "log": self.events.to_saved(),
        }

    def with_canaries(self) -> tuple[DenState, dict[int | None, tuple[set[str], set[str]]]]:
        """A copy whose team secrets (hands, destination cards, known coordinates, hidden panels) hold canaries."""
        return plant_canaries(self)
