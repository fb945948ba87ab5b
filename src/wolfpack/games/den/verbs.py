"""Den of Wolves: the verbs of the team, Media and wildcard seats.

Each verb has its candidates (every argument list worth considering for a seat), its check (None when legal, else
the rule and why not) and its effect; a seat's legal actions are the candidates that pass the check, so the check is
the one statement of each rule and `why_illegal` reuses it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from wolfpack.engine.errors import InvalidActionError
from wolfpack.games.den.content import (
    ON_FOOT,
    RATION_LEVELS,
    TARGETED_OPS,
    ActionCard,
)
from wolfpack.games.den.notation import canonical, words

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState
from wolfpack.games.den.control import (
    apply_control,
    control_problem,
)
from wolfpack.games.den.rules import (
    CONTROL,
    PUBLIC,
    Why,
    _aegis,
    aboard,
    card_of,
    commander_check,
    cut_off,
    drive_problem,
    effects_problem,
    free_engineers,
    has_sickbay,
    jump_cost,
    known_coordinates,
    map_access,
    mend,
    note,
    notify_control,
    ready_crew,
    repair_cost,
    resource_ok,
    room_in,
    run_effects,
    seat_by_label,
    ship_of,
    split_station,
    station_card,
    station_full,
    station_usable,
    targets,
    team_ship,
)

Args = tuple[str, ...]


@dataclass(frozen=True)
class Verb:
    """A verb of a team seat: its candidates, its check and its effect, and the steps it may be used in."""

    candidates: Callable[[DenState, int], Iterator[Args]]
    check: Callable[[DenState, int, Args], Why]
    apply: Callable[[DenState, int, Args], None]
    steps: frozenset[str]
    panel: bool = False
    """Needs the player aboard their own ship (work on the ship panel)."""
    ready: Callable[[DenState, int], Why] | None = None
    """The first part of the check, which no argument changes (the seat's state, its command): asked once per
    listing instead of once per candidate."""

    def problem(self, state: DenState, seat: int, args: Args) -> Why:
        """The whole check of `args` for the seat: `ready`, then `check`."""
        return (self.ready(state, seat) if self.ready else None) or self.check(state, seat, args)


def no_arguments(state: DenState, seat: int) -> Iterator[Args]:
    """The candidates of a verb that takes no arguments: the verb alone."""
    yield ()


def every_ship(state: DenState) -> Iterator[Args]:
    """Candidates naming each ship of the fleet."""
    for ship in state.ships:
        yield (ship,)


ALL_STEPS: Final = frozenset({"start", "action", "team"})


ACTION: Final = frozenset({"action"})


VERBS: dict[str, Verb] = {}


def verb(name: str, steps: frozenset[str], panel: bool = False) -> Callable[[type[Any]], type[Any]]:
    """Register a verb from a class holding `candidates`, `check` and `apply` static methods (and `ready`, the
    check's first part that no argument changes, if it has one)."""

    def register(cls: type[Any]) -> type[Any]:
        VERBS[name] = Verb(cls.candidates, cls.check, cls.apply, steps, panel, getattr(cls, "ready", None))
        return cls

    return register


def seat_actions(state: DenState, seat: int) -> list[str]:
    """Every legal action of a team, Media or wildcard seat, sorted."""
    if general_block(state, seat) is not None:
        return []
    found: set[str] = set()
    place = ship_of(state, seat), aboard(state, seat)
    for name, spec in VERBS.items():
        if verb_block(state, seat, name, spec) is not None:
            continue
        if name in TEAM_SHARED:
            # Every player of a team at the same place may do these alike: list them once per team and place.
            key = (name, *place)
            shared = state.cache.get(key)
            if shared is None:
                shared = state.cache[key] = _listed(state, seat, name, spec)
            found.update(shared)
        else:
            found.update(_listed(state, seat, name, spec))
    return sorted(found)


def seat_accepts(state: DenState, seat: int, action: object) -> bool:
    """Whether an action a seat was not offered is legal now (a bill's wording or an order is free text)."""
    if not isinstance(action, str) or state.pending:
        return False
    try:
        parts = words(canonical(action))
    except InvalidActionError:
        return False
    spec = VERBS.get(parts[0])
    if spec is None or general_block(state, seat) is not None or verb_block(state, seat, parts[0], spec) is not None:
        return False
    return spec.problem(state, seat, tuple(parts[1:])) is None


def _listed(state: DenState, seat: int, name: str, spec: Verb) -> list[str]:
    if spec.ready is not None and spec.ready(state, seat) is not None:
        return []
    return [" ".join((name, *args)) for args in spec.candidates(state, seat) if spec.check(state, seat, args) is None]


TEAM_SHARED: Final = frozenset(
    {"use", "crew", "repair", "rations", "load", "unload", "land", "embark", "disembark", "fly", "coords", "scout"}
    | {"share", "pass", "disperse", "hide", "show", "look-deck"}
)


"""Verbs whose legality depends on the team and where the player is, never on the role or the hand."""


def general_block(state: DenState, seat: int) -> Why:
    """What stops a seat acting at all now: the end, a pause, a full step."""
    if state.over:
        return "game over", "the event is over"
    if state.paused:
        return "paused", "Control has paused the game"
    if state.step_actions >= state.phase_actions:
        return "phase limit", f"this step has held {state.phase_actions} actions: only Control may advance"
    return None


GUARDS: list[Callable[[DenState, int, str], Why]] = []
"""Further limits on every seat's verbs (a Wolf Attack holds players at their tables)."""
WALKS: list[Callable[[DenState, int, str], Why]] = []
"""Further limits on where a player may walk (a Wolf Attack lets some go only back to their own ship)."""


def verb_block(state: DenState, seat: int, name: str, spec: Verb) -> Why:
    """What stops a seat using a verb now: the step, the person's place and state, the seat's kind."""
    for guard in GUARDS:
        blocked = guard(state, seat, name)
        if blocked:
            return blocked
    person = state.people[str(seat)]
    kind = state.seats[seat].kind
    if person["status"] == "wounded" and name != "sickbay":
        return "wounded player", "a wounded player must first go to a ship with an undamaged sickbay"
    if person["status"] == "brig" and name not in ("contact", "escape"):
        return "brig", "a player in the brig may only name a contact or try to escape"
    if kind != "team" and name not in PERSON_VERBS:
        return "team only", f"{state.seats[seat].title} has no ship panel to work"
    if name == "disperse" and state.step == "team" and state.rules.disperse_in_team_phase:
        return None
    if state.step not in spec.steps:
        return "phase", f"`{name}` is not done in the {STEP_NAMES[state.step]}"
    if spec.panel and not aboard(state, seat):
        return "aboard", "work on a ship panel needs the player at their own ship's table"
    return None


STEP_NAMES: Final = {
    "start": "start of the turn",
    "action": "Action Phase",
    "team": "Team Phase",
    "news": "news broadcast (its dice are awaited)",
}


PERSON_VERBS: Final = frozenset({"goto", "sickbay", "contact", "escape", "give", "elect", "broadcast"})
"""Verbs of a person rather than of a ship's team: Media and wildcard seats use them too."""


def apply_seat_action(state: DenState, action: str, seat: int) -> None:
    """Play a legal seat action (Control's included)."""
    parts = words(action)
    if seat == CONTROL:
        apply_control(state, parts[1:])
    else:
        VERBS[parts[0]].apply(state, seat, tuple(parts[1:]))
    if parts[:2] != ["control", "advance"]:
        state.step_actions += 1


def why_illegal(state: DenState, action: str, seat: int) -> tuple[str, str]:
    """The rule that forbids `action` for `seat` now, and why."""
    if state.pending:
        return "chance", "a roll or draw is pending"
    parts = words(action)
    if seat == CONTROL:
        if parts[0] != "control":
            return "control", "Control acts with `control <verb>`"
        return control_problem(state, parts[1:]) or ("control", "not allowed now")
    if parts[0] == "control":
        return "control", "only Control may use `control` actions"
    blocked = general_block(state, seat)
    if blocked:
        return blocked
    spec = VERBS.get(parts[0])
    if spec is None:
        return "chance", f"`{parts[0]}` is a chance outcome, not a player's action"
    blocked = verb_block(state, seat, parts[0], spec)
    if blocked:
        return blocked
    return spec.problem(state, seat, tuple(parts[1:])) or ("rules", "not allowed now")


@verb("use", frozenset({"start", "action"}), panel=True)
class Use:
    """Work a station: its crew turn face down and its effects happen (The Stations and Crew)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        for station in state.content.ships[ship].stations:
            if any(effect.op in TARGETED_OPS for effect in station.effects):
                for target in targets(state, station.effects, ship, own_only=True):
                    yield station.id, target
            else:
                yield (station.id,)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        if args[0] not in state.ships[ship]["stations"]:
            return "unknown station", f"{ship} has no station {args[0]!r}"
        card = station_card(state, ship, args[0])
        if card.start_of_turn != (state.step == "start"):
            if card.start_of_turn:
                return "start of turn", f"{card.name} works only when crewed at the start of the turn"
            return "start of turn", "only start-of-turn stations are worked at the start of the turn"
        if not card.effects and not card.start_of_turn:
            return "no effect", f"{card.name} does nothing when worked (its crew serve other rules)"
        blocked = station_usable(state, ship, args[0])
        if blocked:
            return blocked
        if card.kind == "jump-drive" and state.ships[ship]["drive_ready"]:
            return "once", "the jump drive is already crewed this turn"
        if len(ready_crew(state, ship, args[0], card.training)) < card.crew:
            return "crew", f"{card.name} needs {card.crew} unused {card.training} crew on it"
        target = args[1] if len(args) > 1 else None
        return effects_problem(state, card.effects, ship, target, own_only=True)

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        card = station_card(state, ship, args[0])
        for cid in ready_crew(state, ship, args[0], card.training)[: card.crew]:
            state.crew[cid]["used"] = True
        if card.kind == "jump-drive":
            state.ships[ship]["drive_ready"] = True
        note(state, ship, f"{state.seats[seat].label}: use {' '.join(args)}")
        run_effects(state, card.effects, ship, args[1] if len(args) > 1 else None, seat)


@verb("crew", ALL_STEPS, panel=True)
class CrewMove:
    """Move an unused crew counter to another station of the same ship (used crew stay put)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        # Used crew and full stations are refused whatever the other argument (see `check`): no candidates.
        room = [station for station in state.ships[ship]["stations"] if not station_full(state, ship, station)]
        for cid, crew in state.crew.items():
            if crew["ship"] == ship and crew["station"] is not None and not crew["used"]:
                for station in room:
                    yield cid, station

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        crew = state.crew.get(args[0])
        if crew is None or crew["ship"] != ship or crew["station"] is None:
            return "own crew", f"{args[0]} is not crew on a station of {ship}"
        station = args[1]
        if station not in state.ships[ship]["stations"]:
            return "unknown station", f"{ship} has no station {station!r}"
        if crew["used"]:
            return "used crew", "used crew cannot move until they are refreshed"
        if crew["station"] == station:
            return "same station", f"{args[0]} already sits on {station}"
        if station_full(state, ship, station):
            return "capacity", f"{station} is full"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        state.crew[args[0]]["station"] = args[1]
        note(state, state.crew[args[0]]["ship"], f"{state.seats[seat].label}: crew {args[0]} {args[1]}")


@verb("repair", ACTION, panel=True)
class Repair:
    """Mend a damaged station with engineer crew and materials; its damage card goes back into the deck."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        for station, slot in state.ships[ship]["stations"].items():
            if slot["damage"] is not None:
                yield (station,)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        slot = state.ships[ship]["stations"].get(args[0])
        if slot is None or slot["damage"] is None:
            return "not damaged", f"{args[0]} is not a damaged station of {ship}"
        engineers, materials = repair_cost(state, ship, args[0])
        if len(free_engineers(state, ship)) < engineers:
            return "engineers", f"repairing {args[0]} needs {engineers} unused engineer crew aboard"
        if state.ships[ship]["hold"]["materials"] < materials:
            return "materials", f"repairing {args[0]} needs {materials} materials in the hold"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        engineers, materials = repair_cost(state, ship, args[0])
        for cid in free_engineers(state, ship)[:engineers]:
            state.crew[cid]["used"] = True
        state.ships[ship]["hold"]["materials"] -= materials
        mend(state, ship, args[0])
        note(state, ship, f"{state.seats[seat].label}: repair {args[0]}")


@verb("rations", ALL_STEPS)
class Rations:
    """Choose this turn's food or water ration level; it is paid at the news broadcast (Morale Tracks)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        for meal in ("food", "water"):
            for level in RATION_LEVELS:
                yield meal, level

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        if state.ships[ship][args[0]] == args[1]:
            return "unchanged", f"{args[0]} rations are already {args[1]}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        state.ships[ship][args[0]] = args[1]
        note(state, ship, f"{state.seats[seat].label}: rations {args[0]} {args[1]}")


def shuttle_at(state: DenState, shuttle: str, ship: str | None) -> Why:
    """Whether a shuttle exists and is docked at `ship`."""
    found = state.shuttles.get(shuttle)
    if found is None:
        return "unknown shuttle", f"there is no shuttle {shuttle}"
    if found["at"] != ship:
        return "docked", f"{shuttle} is docked at {found['at']}, not {ship}"
    return None


def owns_shuttle(state: DenState, seat: int, shuttle: str) -> Why:
    """Whether the seat's team owns the shuttle."""
    found = state.shuttles.get(shuttle)
    if found is None:
        return "unknown shuttle", f"there is no shuttle {shuttle}"
    if found["owner"] != ship_of(state, seat):
        return "shuttle owner", f"{shuttle} belongs to {found['owner']}"
    return None


def cargo_counts(state: DenState, seat: int, mine: bool) -> Iterator[Args]:
    """Candidate (shuttle, resource, count) for loading (`mine`: shuttles docked at the seat's ship) or unloading."""
    ship = team_ship(state, seat)
    for sid, shuttle in state.shuttles.items():
        if (shuttle["at"] == ship) if mine else (shuttle["owner"] == ship):
            source = state.ships[ship]["hold"] if mine else shuttle["cargo"]
            for resource, amount in source.items():
                for n in range(1, amount + 1):
                    yield sid, resource, str(n)


@verb("load", ACTION, panel=True)
class Load:
    """Put resources from the hold into a shuttle docked at the ship (only the hold's own team touches it)."""

    candidates = staticmethod(lambda state, seat: cargo_counts(state, seat, mine=True))

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        blocked = shuttle_at(state, args[0], ship) or resource_ok(state, args[1])
        if blocked:
            return blocked
        if state.ships[ship]["hold"].get(args[1], 0) < int(args[2]):
            return "hold", f"{ship}'s hold has {state.ships[ship]['hold'].get(args[1], 0)} {args[1]}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        amount = int(args[2])
        state.ships[ship]["hold"][args[1]] -= amount
        cargo = state.shuttles[args[0]]["cargo"]
        cargo[args[1]] = cargo.get(args[1], 0) + amount
        note(state, f"{ship},{state.shuttles[args[0]]['owner']}", f"{state.seats[seat].label}: load {' '.join(args)}")


@verb("unload", ACTION)
class Unload:
    """Deliver resources from the team's own shuttle into the hold of the ship it is docked at."""

    candidates = staticmethod(lambda state, seat: cargo_counts(state, seat, mine=False))

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = owns_shuttle(state, seat, args[0]) or resource_ok(state, args[1])
        if blocked:
            return blocked
        have = state.shuttles[args[0]]["cargo"].get(args[1], 0)
        if have < int(args[2]):
            return "cargo", f"{args[0]} carries {have} {args[1]}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        shuttle = state.shuttles[args[0]]
        amount = int(args[2])
        shuttle["cargo"][args[1]] -= amount
        if not shuttle["cargo"][args[1]]:
            del shuttle["cargo"][args[1]]
        state.ships[shuttle["at"]]["hold"][args[1]] += amount
        note(state, f"{shuttle['at']},{shuttle['owner']}", f"{state.seats[seat].label}: unload {' '.join(args)}")


@verb("board", ACTION)
class Board:
    """Send unused crew into a shuttle docked at their ship: the captain's (commander's) leave is the action."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        for sid, shuttle in state.shuttles.items():
            if shuttle["at"] == ship:
                for cid in sorted(state.crew):
                    if state.crew[cid]["ship"] == ship and state.crew[cid]["station"]:
                        yield sid, cid

    @staticmethod
    def ready(state: DenState, seat: int) -> Why:
        if commander_check(state, seat):
            return "captain's leave", "crew leave a ship only with its captain's (commander's) leave"
        return None

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        blocked = shuttle_at(state, args[0], ship)
        if blocked:
            return blocked
        crew = state.crew.get(args[1])
        if crew is None or crew["ship"] != ship or not crew["station"]:
            return "aboard", f"{args[1]} is not crew aboard {ship}"
        if crew["used"]:
            return "used crew", "used crew cannot move until they are refreshed"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        crew = state.crew[args[1]]
        crew["station"], crew["shuttle"] = None, args[0]
        note(
            state,
            f"{crew['ship']},{state.shuttles[args[0]]['owner']}",
            f"{state.seats[seat].label}: board {' '.join(args)}",
        )


@verb("land", ACTION)
class Land:
    """Set crew from the team's shuttle down on a station of the ship it is docked at."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        for cid, crew in state.crew.items():
            shuttle = crew["shuttle"]
            if shuttle and state.shuttles[shuttle]["owner"] == ship:
                at = state.shuttles[shuttle]["at"]
                for station in state.ships[at]["stations"]:
                    yield shuttle, cid, f"{at}.{station}"

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = owns_shuttle(state, seat, args[0])
        if blocked:
            return blocked
        crew = state.crew.get(args[1])
        if crew is None or crew["shuttle"] != args[0]:
            return "in shuttle", f"{args[1]} is not in {args[0]}"
        at = state.shuttles[args[0]]["at"]
        # The station is on the ship the shuttle is docked at, named in full (`ship.station`) as listed.
        target = split_station(args[2], None)
        if target is None or target[0] != at or target[1] not in state.ships[at]["stations"]:
            return "unknown station", f"{args[2]!r} is not a station of {at} (name it {at}.<station>)"
        if station_full(state, at, target[1]):
            return "capacity", f"{at}.{target[1]} is full"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        at = state.shuttles[args[0]]["at"]
        crew = state.crew[args[1]]
        crew.update(ship=at, station=args[2].rpartition(".")[2], shuttle=None)
        note(state, f"{at},{state.shuttles[args[0]]['owner']}", f"{state.seats[seat].label}: land {' '.join(args)}")


@verb("embark", ACTION)
class Embark:
    """Put one of the team's on-foot units into a shuttle docked where the unit is (not one pinned by a riot)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        for uid, unit in state.units.items():
            if unit["owner"] == ship and unit["ship"]:
                for sid, shuttle in state.shuttles.items():
                    if shuttle["at"] == unit["ship"]:
                        yield sid, uid

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        unit = state.units.get(args[1])
        if unit is None or unit["owner"] != ship_of(state, seat):
            return "own unit", f"{args[1]} is not a unit of {ship_of(state, seat)}"
        if unit["kind"] not in ON_FOOT:
            return "on foot", "only on-foot units ride shuttles"
        if unit["pinned"]:
            return "pinned", "a unit that tried to disperse a riot stays aboard until the turn ends"
        return shuttle_at(state, args[0], unit["ship"])

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        unit = state.units[args[1]]
        note(state, f"{unit['ship']},{unit['owner']}", f"{state.seats[seat].label}: embark {' '.join(args)}")
        unit["ship"], unit["shuttle"] = None, args[0]


@verb("disembark", ACTION)
class Disembark:
    """Set one of the team's units down from a shuttle onto the ship it is docked at."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        for uid, unit in state.units.items():
            if unit["owner"] == ship and unit["shuttle"]:
                yield unit["shuttle"], uid

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        unit = state.units.get(args[1])
        if unit is None or unit["owner"] != ship_of(state, seat) or unit["shuttle"] != args[0]:
            return "in shuttle", f"{args[1]} is not a unit of yours in {args[0]}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        unit = state.units[args[1]]
        at = state.shuttles[args[0]]["at"]
        unit["ship"], unit["shuttle"] = at, None
        note(state, f"{at},{unit['owner']}", f"{state.seats[seat].label}: disembark {' '.join(args)}")


@verb("fly", ACTION)
class Fly:
    """Fly the team's shuttle to another ship with the fleet (any number of trips a turn)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        for sid, shuttle in state.shuttles.items():
            if shuttle["owner"] == ship:
                for other in state.ships:
                    yield sid, other

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = owns_shuttle(state, seat, args[0])
        if blocked:
            return blocked
        shuttle = state.shuttles[args[0]]
        if args[1] not in state.ships:
            return "unknown ship", f"there is no ship {args[1]!r}"
        if shuttle["at"] == args[1]:
            return "already there", f"{args[0]} is already docked at {args[1]}"
        if state.ships[args[1]]["at"] != state.ships[shuttle["at"]]["at"]:
            return "separated", f"{args[1]} is not in the same place as {shuttle['at']}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        shuttle = state.shuttles[args[0]]
        note(state, PUBLIC, f"{state.seats[seat].label}: fly {args[0]} from {shuttle['at']} to {args[1]}")
        shuttle["at"] = args[1]


@verb("move", ACTION)
class Move:
    """Move the ship to another quadrant of the fleet map, if it has room (The Fleet Map)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        for quadrant in range(1, state.quadrant_count + 1):
            yield (f"q{quadrant}",)

    ready = staticmethod(commander_check)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        quadrant = int(args[0][1:])
        if state.content.ships[ship].centre:
            return "centre", "the Aegis is always at the centre of the map"
        if state.ships[ship]["at"] != state.fleet_at:
            return "separated", f"{ship} is separated from the fleet and not on its map"
        if quadrant > state.quadrant_count:
            return "quadrant", f"the map has {state.quadrant_count} quadrants"
        if state.ships[ship]["quadrant"] == quadrant:
            return "same quadrant", f"{ship} is already in q{quadrant}"
        if room_in(state, quadrant) < state.content.ships[ship].size:
            return "room", f"q{quadrant} has no room for {ship} (size {state.content.ships[ship].size})"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        state.ships[ship]["quadrant"] = int(args[0][1:])
        state.swaps.pop(ship, None)
        note(state, PUBLIC, f"{ship} moves to {args[0]}")


@verb("swap", ACTION)
class Swap:
    """Propose (or, when the other commander proposed it too, make) a swap of two ships' quadrants."""

    candidates = staticmethod(lambda state, seat: every_ship(state))

    ready = staticmethod(commander_check)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        other = args[0]
        if other not in state.ships or other == ship:
            return "unknown ship", f"{other!r} is not another ship"
        for sid in (ship, other):
            if state.content.ships[sid].centre:
                return "centre", "the Aegis is always at the centre of the map"
            if state.ships[sid]["at"] != state.fleet_at:
                return "separated", f"{sid} is not on the fleet map"
        mine, theirs = state.ships[ship]["quadrant"], state.ships[other]["quadrant"]
        if mine == theirs:
            return "same quadrant", f"{ship} and {other} share q{mine}"
        if state.swaps.get(ship) == other:
            return "proposed", f"{ship} already proposed this swap; {other}'s commander must agree"
        both = (ship, other)
        sizes = state.content.ships[ship].size, state.content.ships[other].size
        if room_in(state, theirs, both) < sizes[0] or room_in(state, mine, both) < sizes[1]:
            return "room", "the two quadrants have no room for the swap"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        other = args[0]
        if state.swaps.get(other) == ship:
            first, second = state.ships[ship], state.ships[other]
            first["quadrant"], second["quadrant"] = second["quadrant"], first["quadrant"]
            state.swaps.pop(other)
            note(state, PUBLIC, f"{ship} and {other} swap places")
        else:
            state.swaps[ship] = other
            note(state, f"{ship},{other}", f"{ship} proposes to swap places with {other}")


@verb("coords", ALL_STEPS)
class Coords:
    """Write coordinates the team knows on its jump sheet, or clear it (`coords none`)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        yield ("none",)
        for code in known_coordinates(state, ship):
            yield (code,)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        code = None if args[0] == "none" else args[0]
        if state.ships[ship]["jump"] is not None:
            return "jumping", f"{ship} has declared its jump"
        if state.ships[ship]["coords"] == code:
            return "unchanged", "the jump sheet already says that"
        if code is not None and code not in known_coordinates(state, ship):
            return "unknown coordinates", f"{ship}'s team has not learnt the coordinates {code}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        state.ships[ship]["coords"] = None if args[0] == "none" else args[0]
        note(state, ship, f"{state.seats[seat].label}: coords {args[0]}")


@verb("jump", ACTION)
class Jump:
    """Hold up the jump indicator: the ship jumps to its sheet's coordinates when Control resolves the jumps."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = commander_check(state, seat)
        if blocked:
            return blocked
        ship = team_ship(state, seat)
        record = state.ships[ship]
        if record["jump"] is not None or record["jumped"]:
            return "one jump", f"{ship} has already jumped this turn"
        blocked = drive_problem(state, ship)
        if blocked:
            return blocked
        fuel = jump_cost(state, ship)
        if record["hold"]["fuel"] < fuel:
            return "fuel", f"the jump needs {fuel} fuel; {ship} has {record['hold']['fuel']}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        fuel = jump_cost(state, ship)
        record = state.ships[ship]
        record["hold"]["fuel"] -= fuel
        record["jump"] = record["coords"] or f"void-{state.turn}-{ship}"
        note(state, PUBLIC, f"{ship} holds up its jump indicator")
        note(state, ship, f"{ship} spends {fuel} fuel on the jump")


@verb("emergency", frozenset({"start"}))
class Emergency:
    """Declare an emergency jump at the start of the turn: no fuel, every other station dark this turn."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = commander_check(state, seat)
        if blocked:
            return blocked
        ship = team_ship(state, seat)
        if state.ships[ship]["emergency"]:
            return "declared", f"{ship} has declared its emergency jump"
        if state.rules.emergency_needs_separation and not cut_off(state, ship):
            return "separated only", "an emergency jump is for a ship cut off from the Aegis or the fleet's main body"
        fuel, held = jump_cost(state, ship), state.ships[ship]["hold"]["fuel"]
        if held >= fuel:
            # Both rulebooks keep the emergency for a ship without the fuel for the jump it needs (FTL Travel).
            return "fuel", f"{ship} has the {fuel} fuel its jump sheet's jump needs ({held} in the hold): jump normally"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        state.ships[ship]["emergency"] = True
        note(state, PUBLIC, f"{ship} reroutes power for an emergency jump")


@verb("scout", ALL_STEPS)
class Scout:
    """Classic: the Aegis spends fuel on a scouting craft and draws another destination."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        if not state.rules.scout_by_rule:
            return "edition", "Infinite Domain draws extra destinations by action card"
        if ship != _aegis(state):
            return "aegis", "only the Aegis team sends scouting craft"
        cost = state.content.tables.tables.scout_fuel
        if state.ships[ship]["hold"]["fuel"] < cost:
            return "fuel", f"scouting costs {cost} fuel"
        if not state.destinations["deck"]:
            return "no destinations", "the destination deck is empty"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        state.ships[ship]["hold"]["fuel"] -= state.content.tables.tables.scout_fuel
        state.pending.append({"kind": "destination", "ship": ship})
        note(state, ship, f"{state.seats[seat].label}: scout")


def destination_holders(state: DenState, seat: int) -> Iterator[Args]:
    ship = team_ship(state, seat)
    for dest in state.held[ship]:
        for other in state.ships:
            if other != ship:
                yield dest, other


@verb("share", ALL_STEPS)
class Share:
    """Tell another team a held destination's coordinates (it can then write them on its jump sheet)."""

    candidates = staticmethod(destination_holders)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        if args[0] not in state.held[ship]:
            return "held", f"{ship}'s team holds no destination {args[0]!r}"
        if args[1] not in state.ships or args[1] == ship:
            return "unknown ship", f"{args[1]!r} is not another ship"
        code = state.content.coordinates_by_destination[args[0]]
        if code in state.known[args[1]]:
            return "known", f"{args[1]} already knows those coordinates"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        code = state.content.coordinates_by_destination[args[0]]
        state.known[args[1]] = sorted({*state.known[args[1]], code})
        note(state, f"{ship},{args[1]}", f"{ship} tells {args[1]} the coordinates {code} ({args[0]})")


@verb("pass", ALL_STEPS)
class Pass:
    """Infinite Domain: hand a destination card to another team."""

    candidates = staticmethod(destination_holders)

    @staticmethod
    def ready(state: DenState, seat: int) -> Why:
        if not state.rules.destinations_pass_between_teams:
            return "edition", "in classic the Aegis team keeps its destination cards"
        return None

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        if args[0] not in state.held[ship]:
            return "held", f"{ship}'s team holds no destination {args[0]!r}"
        if args[1] not in state.ships or args[1] == ship:
            return "unknown ship", f"{args[1]!r} is not another ship"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        state.held[ship].remove(args[0])
        state.held[args[1]] = sorted([*state.held[args[1]], args[0]])
        note(state, f"{ship},{args[1]}", f"{ship} hands the destination {args[0]} to {args[1]}")


@verb("play", ALL_STEPS)
class Play:
    """Play an action card from the seat's hand, in the Action Phase unless the card says any time; one-use cards
    are discarded (Action Cards)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        for card_id in sorted(set(state.hands[str(seat)])):
            card = state.content.cards_by_id.get(card_id)
            if card is None or card_step_problem(state, card):
                continue  # refused whatever its target (see `check`)
            if any(e.op in TARGETED_OPS for e in card.effects):
                for target in targets(state, card.effects, ship, card.own_ship_only):
                    yield card_id, target
            else:
                yield (card_id,)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        if args[0] not in state.hands[str(seat)]:
            return "hand", f"{state.seats[seat].label} holds no card {args[0]!r}"
        ship = team_ship(state, seat)
        card = card_of(state, args[0])
        target = args[1] if len(args) > 1 else None
        return card_step_problem(state, card) or effects_problem(state, card.effects, ship, target, card.own_ship_only)

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        card = card_of(state, args[0])
        if card.use == "one-use":
            state.hands[str(seat)].remove(args[0])
        audience = ship
        if len(args) > 1:
            other = args[1].split(":")[0].split(".")[0]
            audience = ship if other == ship else f"{ship},{other}"
        note(state, audience, f"{state.seats[seat].label}: play {' '.join(args)} ({card.name})")
        run_effects(state, card.effects, ship, args[1] if len(args) > 1 else None, seat)


def card_step_problem(state: DenState, card: ActionCard) -> Why:
    """Whether an action card may be played in this step: in the Action Phase, or any time if it says so."""
    if state.step != "action" and not card.any_time:
        return "phase", f"{card.name} is played in the Action Phase"
    return None


def same_table(state: DenState, seat: int, other: int) -> bool:
    """Whether two players stand at the same table (a ship's or the fleet map)."""
    return bool(state.people[str(seat)]["at"] == state.people[str(other)]["at"])


@verb("give", ALL_STEPS)
class Give:
    """Hand an action card to a teammate (to another team only if the card says it may go)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        for card_id in sorted(set(state.hands[str(seat)])):
            card = state.content.cards_by_id.get(card_id)
            for other, target in enumerate(state.seats):
                same_team = target.ship == state.seats[seat].ship
                if other != seat and target.kind == "team" and card is not None and (same_team or card.tradeable):
                    yield card_id, target.label

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        if args[0] not in state.hands[str(seat)]:
            return "hand", f"{state.seats[seat].label} holds no card {args[0]!r}"
        other = seat_by_label(state, args[1])
        if other is None or other == seat or state.seats[other].kind != "team":
            return "unknown seat", f"{args[1]!r} is not another player of a team"
        card = state.content.cards_by_id.get(args[0])
        if state.seats[other].ship != state.seats[seat].ship and not (card and card.tradeable):
            return "own team", "action cards move only within a team unless the card says otherwise"
        if state.attack is not None and not same_table(state, seat, other):
            # Nobody walks in an attack, so a card is handed over only across a table (Wolf Attack, Action Cards).
            return "attack", f"during a Wolf Attack a card passes only to a player at the same table; {args[1]} is not"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        other = seat_by_label(state, args[1])
        assert other is not None
        state.hands[str(seat)].remove(args[0])
        state.hands[str(other)] = sorted([*state.hands[str(other)], args[0]])
        ships = {state.seats[seat].ship, state.seats[other].ship} - {None}
        note(state, ",".join(sorted(s for s in ships if s)), f"{state.seats[seat].label} gives {args[0]} to {args[1]}")


@verb("disperse", ACTION)
class Disperse:
    """Send an on-foot unit against a riot on the ship it is aboard; the unit then stays aboard this turn."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        for uid, unit in state.units.items():
            if unit["owner"] == ship and unit["ship"]:
                for station, slot in state.ships[unit["ship"]]["stations"].items():
                    if slot["riot"] == "active":
                        yield uid, f"{unit['ship']}.{station}"

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        unit = state.units.get(args[0])
        if unit is None or unit["owner"] != ship_of(state, seat):
            return "own unit", f"{args[0]} is not a unit of {ship_of(state, seat)}"
        if unit["kind"] not in ON_FOOT:
            return "on foot", "only on-foot units disperse riots"
        where = split_station(args[1], None)  # named in full (`ship.station`), as the candidates list it
        if where is None:
            return "unknown station", f"name the station in full, e.g. {unit['ship'] or 'dione'}.{args[1]}"
        if where[0] != unit["ship"] or where[1] not in state.ships[where[0]]["stations"]:
            return "same ship", f"{args[0]} can only disperse riots on the ship it is aboard"
        if state.ships[where[0]]["stations"][where[1]]["riot"] != "active":
            return "no riot", f"there is no riot on {args[1]}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        unit = state.units[args[0]]
        ship, station = split_station(args[1], unit["ship"]) or ("", "")
        unit["pinned"] = True
        state.ships[ship]["stations"][station]["riot_tried"] = True
        bonus = state.content.ships[unit["owner"]].riot_troop_bonus if unit["kind"] == "riot-troops" else 0
        state.pending.append({"kind": "disperse", "unit": args[0], "ship": ship, "station": station, "bonus": bonus})
        note(state, ship, f"{state.seats[seat].label}: disperse {args[0]} {ship}.{station}")


@verb("goto", ACTION)
class Goto:
    """Walk to another ship's table, or to the fleet map if the role may approach it (Player Locations)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        yield ("map",)
        yield from every_ship(state)

    @staticmethod
    def ready(state: DenState, seat: int) -> Why:
        if state.people[str(seat)]["status"] == "sickbay":
            return "sickbay", "a player in a sickbay stays at its table until the Team Phase is over"
        return None

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        person = state.people[str(seat)]
        if person["at"] == args[0]:
            return "already there", f"already at {args[0]}"
        if args[0] == "map" and not map_access(state, seat):
            return "map", "only commanders and those commanding fighters or batteries may approach the fleet map"
        if args[0] != "map" and args[0] not in state.ships:
            return "unknown ship", f"there is no ship {args[0]!r}"
        return next((why for why in (walk(state, seat, args[0]) for walk in WALKS) if why), None)

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        state.people[str(seat)]["at"] = args[0]
        note(state, PUBLIC, f"{state.seats[seat].label} goes to {args[0]}")


@verb("sickbay", ALL_STEPS)
class Sickbay:
    """A wounded player chooses a ship with an undamaged sickbay and stays there until the Team Phase ends."""

    candidates = staticmethod(lambda state, seat: every_ship(state))

    @staticmethod
    def ready(state: DenState, seat: int) -> Why:
        if state.people[str(seat)]["status"] != "wounded":
            return "not wounded", "only a wounded player goes to a sickbay"
        return None

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        if args[0] not in state.ships or not has_sickbay(state, args[0]):
            return "sickbay", f"{args[0]} has no undamaged sickbay"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        state.people[str(seat)].update(at=args[0], status="sickbay", since=state.turn)
        note(state, PUBLIC, f"{state.seats[seat].label} is treated in {args[0]}'s sickbay")


@verb("contact", ALL_STEPS)
class Contact:
    """On entering the brig, a player names the one person they may always talk to."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        for other in state.seats[1:]:
            yield (other.label,)

    @staticmethod
    def ready(state: DenState, seat: int) -> Why:
        person = state.people[str(seat)]
        if person["status"] != "brig":
            return "brig", "only a player in the brig names a contact"
        if person["contact"] is not None:
            return "once", "the contact is chosen once, on entering the brig"
        return None

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        other = seat_by_label(state, args[0])
        if other is None or other in (seat, CONTROL):
            return "unknown seat", f"{args[0]!r} is not another player"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        state.people[str(seat)]["contact"] = args[0]
        note(state, PUBLIC, f"{state.seats[seat].label} in the brig names {args[0]} as their contact")


@verb("escape", ALL_STEPS)
class Escape:
    """Infinite Domain: after a full turn in the brig, ask Control to adjudicate an escape attempt."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        person = state.people[str(seat)]
        if not state.rules.brig_escape:
            return "edition", "classic has no escape rule: Control decides what happens in the brig"
        if person["status"] != "brig":
            return "brig", "only a player in the brig can try to escape"
        if state.turn <= person["since"]:  # a prisoner's `since` is their first full turn in the brig
            return "full turn", "an escape needs a full turn (a whole Action Phase and Team Phase) spent in the brig"
        if any(n["text"].startswith(f"{state.seats[seat].label} tries to escape") for n in state.notices):
            return "asked", "Control has the escape attempt already"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        notify_control(state, f"{state.seats[seat].label} tries to escape the brig", "escape")


@verb("hide", ALL_STEPS, panel=True)
class Hide:
    """Cover the ship panel: other teams' players at the table no longer see its workings (Vessel Privacy)."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        return ("hidden", "the panel is already hidden") if state.ships[ship]["hidden"] else None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        state.ships[ship]["hidden"] = True
        note(state, PUBLIC, f"{ship} covers its panel")


@verb("show", ALL_STEPS, panel=True)
class Show:
    """Uncover the ship panel."""

    candidates = staticmethod(no_arguments)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        return None if state.ships[ship]["hidden"] else ("shown", "the panel is not hidden")

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        state.ships[ship]["hidden"] = False
        note(state, PUBLIC, f"{ship} uncovers its panel")


@verb("look-deck", ALL_STEPS, panel=True)
class LookDeck:
    """Look through the team's own damage deck (it is shuffled afterwards; the team's log shows what was in it)."""

    candidates = staticmethod(no_arguments)
    check = staticmethod(lambda state, seat, args: None)

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        cards = ", ".join(state.ships[ship]["deck"]) or "nothing"
        note(state, ship, f"{state.seats[seat].label} looks through the damage deck: {cards}")
