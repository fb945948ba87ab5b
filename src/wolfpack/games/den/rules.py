"""Den of Wolves rules: who may do what, and what it does. Small functions over the state's JSON-ready fields.

Each verb of the notation has three parts here: its candidates (every argument list worth considering for a
seat), its check (None when legal, else the rule and why not) and its effect. Listing a seat's legal actions is
"candidates that pass the check", so the check is the one statement of each rule, and `why_illegal` reuses it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from wolfpack.engine.errors import GameOptionError, InvalidActionError
from wolfpack.games.den.content import (
    ON_FOOT,
    RATION_LEVELS,
    RESOURCES,
    ActionCard,
    DenContent,
    Effect,
    Ship,
)
from wolfpack.games.den.notation import canonical, parse_cost, quote, words

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState

CONTROL: Final = 0
"""Control's seat."""
PUBLIC: Final = "*"
"""The audience of a log line everyone may read."""
CONTROL_ONLY: Final = "control"
ORIGIN: Final = "origin"
"""Where the fleet starts."""
DIE: Final = tuple(range(1, 7))
Why = tuple[str, str] | None
"""A check's answer: None when the action is legal, else (the rule, why not)."""


@dataclass(frozen=True)
class Seat:
    """A seat: Control, a role of a ship's team, a Media reporter or a wildcard."""

    label: str
    kind: str
    ship: str | None
    role: str
    title: str
    commander: bool = False
    map_access: bool = False


def make_seats(content: DenContent) -> tuple[Seat, ...]:
    """Control, every role of every ship in the pack's order, then Media and wildcards."""
    seats = [Seat("control", "control", None, "control", "Control")]
    for ship in content.fleet.ships:
        for role in ship.roles:
            seats.append(
                Seat(f"{ship.id}/{role.id}", "team", ship.id, role.id, role.title, role.commander, role.map_access)
            )
    tables = content.tables.tables
    seats += [Seat(f"media/{r.id}", "media", None, r.id, r.title, False, r.map_access) for r in tables.media]
    seats += [Seat(f"wildcard/{r.id}", "wildcard", None, r.id, r.title, False, r.map_access) for r in tables.wildcards]
    return tuple(seats)


# ---- setting up ---------------------------------------------------------------------------------------------


def set_up(state: DenState, quadrants: int | None) -> None:
    """The fleet at the origin as the pack lays it out; the Aegis about to draw the first destination."""
    content = state.content
    tables = content.tables.tables
    state.quadrant_count = quadrants or tables.quadrants
    placed = starting_quadrants(content, state.quadrant_count)
    state.pursuit = tables.pursuit_start
    for ship in content.fleet.ships:
        state.ships[ship.id] = _new_ship(state, ship)
        state.ships[ship.id]["quadrant"] = placed[ship.id]
        number = 0
        for group in ship.crew:
            for _ in range(group.count):
                number += 1
                state.crew[f"{ship.id}:c{number}"] = {
                    "ship": ship.id,
                    "station": group.station,
                    "shuttle": None,
                    "training": group.training,
                    "used": False,
                    "wounded": False,
                }
        number = 0
        for unit_group in ship.units:
            for _ in range(unit_group.count):
                number += 1
                state.units[f"{ship.id}:u{number}"] = {
                    "owner": ship.id,
                    "kind": unit_group.kind,
                    "ship": ship.id,
                    "shuttle": None,
                    "damaged": False,
                    "pinned": False,
                }
        for number in range(1, ship.shuttles + 1):
            state.shuttles[f"{ship.id}:s{number}"] = {"owner": ship.id, "at": ship.id, "cargo": {}}
        state.held[ship.id] = []
        state.known[ship.id] = []
    for index, seat in enumerate(state.seats):
        state.hands[str(index)] = []
        state.people[str(index)] = {"at": seat.ship, "status": "free", "since": 0, "contact": None}
    # A team's action cards start with its commander, who shares them out (Action Cards).
    for card in content.cards.cards:
        holder = next(i for i, s in enumerate(state.seats) if s.ship == card.team and s.commander)
        state.hands[str(holder)] += [card.id] * card.count
        state.hands[str(holder)].sort()
    state.destinations["deck"] = sorted(d.id for d in content.destinations.destinations)
    state.pending.append({"kind": "destination", "ship": _aegis(state)})
    note(state, PUBLIC, f"turn 1 begins; the pursuit track stands at {state.pursuit}")


def starting_quadrants(content: DenContent, quadrants: int) -> dict[str, int]:
    """Each ship's starting quadrant on a map of `quadrants`: the pack's, and for ships whose quadrant the map
    lacks, the first quadrant with room (larger ships first). GameOptionError if the fleet does not fit."""
    spaces = content.tables.tables.quadrant_spaces
    placed = {ship.id: ship.quadrant for ship in content.fleet.ships if ship.quadrant <= quadrants}
    room = {q: spaces for q in range(1, quadrants + 1)}
    for ship in content.fleet.ships:
        if not ship.centre and ship.id in placed:
            room[ship.quadrant] -= ship.size
    for ship in sorted(content.fleet.ships, key=lambda s: -s.size):
        if ship.id in placed:
            continue
        fits = [q for q in room if room[q] >= ship.size]
        if not fits:
            raise GameOptionError(f"the fleet does not fit on a map of {quadrants} quadrants: no room for {ship.id}")
        placed[ship.id] = fits[0]
        room[fits[0]] -= ship.size
    return placed


def _new_ship(state: DenState, ship: Ship) -> dict[str, Any]:
    deck = state.content.damage.decks[ship.id]
    return {
        "quadrant": ship.quadrant,
        "at": ORIGIN,
        "morale": ship.morale.start,
        "hold": {r: ship.hold.get(r, 0) for r in RESOURCES if r != "science" or state.rules.science},
        "food": "normal",
        "water": "normal",
        "supplied": {"food": "normal", "water": "normal"},
        "stations": {
            s.id: {"damage": None, "riot": None, "riot_turn": 0, "riot_tried": False, "uses": 0} for s in ship.stations
        },
        "deck": sorted(card.id for card in deck for _ in range(card.count)),
        "drive_ready": False,
        "emergency": False,
        "emergencies": 0,
        "jump": None,
        "jumped": False,
        "coords": None,
        "damage": 0,
        "boarders": 0,
        "news": 0,
        "hidden": False,
        "anarchy": False,
    }


def _aegis(state: DenState) -> str:
    return next(ship.id for ship in state.content.fleet.ships if ship.centre)


# ---- the log and notices ------------------------------------------------------------------------------------


def note(state: DenState, audience: str, text: str) -> None:
    """Add a log line for `audience`: PUBLIC, CONTROL_ONLY, or ship ids joined by commas (those teams and Control)."""
    state.events.append([audience, text])


def notify_control(state: DenState, text: str, ship: str | None = None) -> None:
    """Open a notice Control must settle (anarchy, a separated ship, a freeform effect, an escape attempt)."""
    number = 1 + max((n["id"] for n in state.notices), default=0)
    state.notices.append({"id": number, "text": text, "ship": ship})
    note(state, CONTROL_ONLY, f"notice {number}: {text}")


# ---- lookups ------------------------------------------------------------------------------------------------


def ship_of(state: DenState, seat: int) -> str | None:
    """The ship whose team holds `seat` (None for Control, Media and wildcards)."""
    return state.seats[seat].ship


def team_ship(state: DenState, seat: int) -> str:
    """The ship of a team seat (the verbs that call this are team verbs)."""
    ship = state.seats[seat].ship
    if ship is None:
        raise ValueError(f"{state.seats[seat].label} has no ship")
    return ship


def station_card(state: DenState, ship: str, station: str) -> Any:
    """The content of a ship's station."""
    return state.content.ships[ship].station(station)


def split_station(ref: str, home: str | None) -> tuple[str, str] | None:
    """(ship, station) from `ship.station` or a bare station id on `home`."""
    if "." in ref:
        ship, _, station = ref.partition(".")
        return ship, station
    return (home, ref) if home else None


def crew_on(state: DenState, ship: str, station: str) -> list[str]:
    """The crew sitting on a station, by id."""
    index = state.cache.get("crew")
    if index is None:
        index = state.cache["crew"] = {}
        for cid, crew in state.crew.items():
            if crew["station"] is not None:
                index.setdefault((crew["ship"], crew["station"]), []).append(cid)
    return list(index.get((ship, station), ()))


def station_usable(state: DenState, ship: str, station: str) -> Why:
    """Whether a station can do its work now: not damaged (unless its card says so), no riot, not dark."""
    slot = state.ships[ship]["stations"][station]
    if slot["damage"] is not None and not damage_card(state, ship, slot["damage"]).works:
        return "damaged station", f"{ship}.{station} is damaged until repaired"
    if slot["riot"] is not None:
        return "riot", f"a riot on {ship}.{station} stops it working this turn"
    if state.ships[ship]["emergency"] and station_card(state, ship, station).kind != "jump-drive":
        return "emergency jump", f"{ship} jumps on emergency power: its other stations are dark this turn"
    return None


def damage_card(state: DenState, ship: str, card_id: str) -> Any:
    """A damage card of a ship's deck."""
    return next(card for card in state.content.damage.decks[ship] if card.id == card_id)


def ships_with_fleet(state: DenState) -> list[str]:
    """The ships at the fleet's location."""
    return [sid for sid, ship in state.ships.items() if ship["at"] == state.fleet_at]


def room_in(state: DenState, quadrant: int, leaving: Sequence[str] = ()) -> int:
    """Free spaces in a quadrant, counting the ships in `leaving` as gone."""
    spaces = state.content.tables.tables.quadrant_spaces
    used = sum(
        state.content.ships[sid].size
        for sid, ship in state.ships.items()
        if ship["quadrant"] == quadrant and ship["at"] == state.fleet_at and sid not in leaving
    )
    return spaces - used


def aboard(state: DenState, seat: int) -> bool:
    """Whether a team seat is at its own ship's table (a player acts on the panel in person)."""
    person = state.people[str(seat)]
    return bool(person["at"] == ship_of(state, seat) and person["status"] != "brig")


# ---- seats' actions ------------------------------------------------------------------------------------------

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


ALL_STEPS: Final = frozenset({"start", "action", "team"})
ACTION: Final = frozenset({"action"})
VERBS: dict[str, Verb] = {}


def verb(name: str, steps: frozenset[str], panel: bool = False) -> Callable[[type[Any]], type[Any]]:
    """Register a verb from a class holding `candidates`, `check` and `apply` static methods."""

    def register(cls: type[Any]) -> type[Any]:
        VERBS[name] = Verb(cls.candidates, cls.check, cls.apply, steps, panel)
        return cls

    return register


def seat_actions(state: DenState, seat: int) -> list[str]:
    """Every legal action of a team, Media or wildcard seat, sorted."""
    if general_block(state, seat) is not None:
        return []
    found: set[str] = set()
    for name, spec in VERBS.items():
        if verb_block(state, seat, name, spec) is not None:
            continue
        if name in TEAM_SHARED:
            # Every player of a team at the same place may do these alike: list them once per team and place.
            key = (name, ship_of(state, seat), aboard(state, seat))
            shared = state.cache.get(key)
            if shared is None:
                shared = state.cache[key] = _listed(state, seat, name, spec)
            found.update(shared)
        else:
            found.update(_listed(state, seat, name, spec))
    return sorted(found)


def _listed(state: DenState, seat: int, name: str, spec: Verb) -> list[str]:
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


def verb_block(state: DenState, seat: int, name: str, spec: Verb) -> Why:
    """What stops a seat using a verb now: the step, the person's place and state, the seat's kind."""
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


STEP_NAMES: Final = {"start": "start of the turn", "action": "Action Phase", "team": "Team Phase"}
PERSON_VERBS: Final = frozenset({"goto", "sickbay", "contact", "escape", "give"})


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
    return spec.check(state, seat, tuple(parts[1:])) or ("rules", "not allowed now")


# ---- crew and stations ----------------------------------------------------------------------------------------


def can_work(training: str, needed: str) -> bool:
    """Trained crew can work untrained stations; a trained station needs its own training."""
    return needed == "untrained" or training == needed


def ready_crew(state: DenState, ship: str, station: str, needed: str) -> list[str]:
    """The unused, unwounded crew on a station who can work it."""
    return [
        cid
        for cid in crew_on(state, ship, station)
        if not state.crew[cid]["used"]
        and not state.crew[cid]["wounded"]
        and can_work(state.crew[cid]["training"], needed)
    ]


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
        state.ships[ship]["stations"][args[0]]["uses"] += 1
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
        for cid, crew in state.crew.items():
            if crew["ship"] == ship and crew["station"] is not None:
                for station in state.ships[ship]["stations"]:
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
        if len(crew_on(state, ship, station)) >= station_card(state, ship, station).capacity:
            return "capacity", f"{station} is full"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        state.crew[args[0]]["station"] = args[1]
        note(state, state.crew[args[0]]["ship"], f"{state.seats[seat].label}: crew {args[0]} {args[1]}")


def repair_cost(state: DenState, ship: str, station: str) -> tuple[int, int]:
    """(engineers, materials) to mend a damaged station: the damage card's cost, else the station's."""
    card_id = state.ships[ship]["stations"][station]["damage"]
    cost = damage_card(state, ship, card_id).repair or station_card(state, ship, station).repair
    return cost.engineers, cost.materials


def free_engineers(state: DenState, ship: str) -> list[str]:
    """Unused, unwounded engineer-trained crew aboard a ship (on any station)."""
    return sorted(
        cid
        for cid, c in state.crew.items()
        if c["ship"] == ship and c["station"] and c["training"] == "engineer" and not c["used"] and not c["wounded"]
    )


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


def mend(state: DenState, ship: str, station: str) -> None:
    """Take the damage card off a station and shuffle it back into the ship's deck."""
    slot = state.ships[ship]["stations"][station]
    state.ships[ship]["deck"] = sorted([*state.ships[ship]["deck"], slot["damage"]])
    slot["damage"] = None


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


# ---- shuttles -------------------------------------------------------------------------------------------------


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


def resource_ok(state: DenState, resource: str) -> Why:
    if resource == "science" and not state.rules.science:
        return "edition", "science is a resource only in Infinite Domain"
    return None


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
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        if not state.seats[seat].commander:
            return "captain's leave", "crew leave a ship only with its captain's (commander's) leave"
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
        if len(crew_on(state, at, target[1])) >= station_card(state, at, target[1]).capacity:
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


# ---- the fleet map and jumps -----------------------------------------------------------------------------------


def commander_check(state: DenState, seat: int) -> Why:
    """Whether the seat commands its ship (the captain, or the Aegis' commanding officer)."""
    if not state.seats[seat].commander:
        return "commander", "only the ship's captain (or current commander) does this"
    return None


@verb("move", ACTION)
class Move:
    """Move the ship to another quadrant of the fleet map, if it has room (The Fleet Map)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        for quadrant in range(1, state.quadrant_count + 1):
            yield (f"q{quadrant}",)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = commander_check(state, seat)
        if blocked:
            return blocked
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

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        for other in state.ships:
            yield (other,)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = commander_check(state, seat)
        if blocked:
            return blocked
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


def known_coordinates(state: DenState, ship: str) -> list[str]:
    """Coordinates a team can write on its jump sheet: those of cards it holds or was told."""
    by_id = {d.id: d.coordinates for d in state.content.destinations.destinations}
    return sorted({*state.known[ship], *(by_id[d] for d in state.held[ship])})


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


def jump_cost(state: DenState, ship: str) -> tuple[int, str | None]:
    """(fuel, distance) of the jump the sheet sets up: to its coordinates, or a random short hop without them."""
    code = state.ships[ship]["coords"]
    destination = state.content.destinations_by_coordinates.get(code) if code else None
    distance = destination.distance if destination else "short"
    if state.ships[ship]["emergency"]:
        return 0, destination.distance if destination else None
    return state.content.ships[ship].fuel.cost(distance), destination.distance if destination else None


@verb("jump", ACTION)
class Jump:
    """Hold up the jump indicator: the ship jumps to its sheet's coordinates when Control resolves the jumps."""

    candidates = staticmethod(lambda state, seat: iter([()]))

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = commander_check(state, seat)
        if blocked:
            return blocked
        ship = team_ship(state, seat)
        record = state.ships[ship]
        if record["jump"] is not None or record["jumped"]:
            return "one jump", f"{ship} has already jumped this turn"
        if not record["drive_ready"]:
            return "jump drive", "the jump drive works only when crewed at the start of the turn"
        fuel, _ = jump_cost(state, ship)
        if record["hold"]["fuel"] < fuel:
            return "fuel", f"the jump needs {fuel} fuel; {ship} has {record['hold']['fuel']}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        fuel, _ = jump_cost(state, ship)
        record = state.ships[ship]
        record["hold"]["fuel"] -= fuel
        record["jump"] = record["coords"] or f"void-{state.turn}-{ship}"
        note(state, PUBLIC, f"{ship} holds up its jump indicator")
        note(state, ship, f"{ship} spends {fuel} fuel on the jump")


@verb("emergency", frozenset({"start"}))
class Emergency:
    """Declare an emergency jump at the start of the turn: no fuel, every other station dark this turn."""

    candidates = staticmethod(lambda state, seat: iter([()]))

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = commander_check(state, seat)
        if blocked:
            return blocked
        ship = team_ship(state, seat)
        if state.ships[ship]["emergency"]:
            return "declared", f"{ship} has declared its emergency jump"
        if state.rules.emergency_needs_separation and state.ships[ship]["at"] == state.fleet_at:
            return "separated only", "an emergency jump is for a ship cut off from the fleet (Infinite Domain)"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        state.ships[ship]["emergency"] = True
        note(state, PUBLIC, f"{ship} reroutes power for an emergency jump")


@verb("scout", ALL_STEPS)
class Scout:
    """Classic: the Aegis spends fuel on a scouting craft and draws another destination."""

    candidates = staticmethod(lambda state, seat: iter([()]))

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
        code = next(d.coordinates for d in state.content.destinations.destinations if d.id == args[0])
        if code in state.known[args[1]]:
            return "known", f"{args[1]} already knows those coordinates"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        code = next(d.coordinates for d in state.content.destinations.destinations if d.id == args[0])
        state.known[args[1]] = sorted({*state.known[args[1]], code})
        note(state, f"{ship},{args[1]}", f"{ship} tells {args[1]} the coordinates {code} ({args[0]})")


@verb("pass", ALL_STEPS)
class Pass:
    """Infinite Domain: hand a destination card to another team."""

    candidates = staticmethod(destination_holders)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        if not state.rules.destinations_pass_between_teams:
            return "edition", "in classic the Aegis team keeps its destination cards"
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


# ---- action cards ----------------------------------------------------------------------------------------------

TARGETED_OPS: Final = frozenset({"heal", "train", "repair", "wound"})


def targets(state: DenState, effects: Sequence[Effect], home: str, own_only: bool) -> Iterator[str]:
    """Candidate targets of the one targeted effect among `effects`."""
    op = next(e for e in effects if e.op in TARGETED_OPS).op
    ships = [home] if own_only else list(state.ships)
    if op == "repair":
        for ship in ships:
            for station in state.ships[ship]["stations"]:
                yield f"{ship}.{station}"
        return
    for cid, crew in state.crew.items():
        if crew["ship"] in ships and crew["station"]:
            yield cid
    if op in ("heal", "wound"):
        for uid, unit in state.units.items():
            if unit["ship"] in ships:
                yield uid


def effects_problem(state: DenState, effects: Sequence[Effect], ship: str, target: str | None, own_only: bool) -> Why:
    """Why `effects` cannot run on `ship` with `target` (costs it cannot pay, a bad target), or None."""
    needs_target = any(e.op in TARGETED_OPS for e in effects)
    if needs_target != (target is not None):
        return "target", "name a target (a crew, unit or station)" if needs_target else "this takes no target"
    hold = state.ships[ship]["hold"]
    for effect in effects:
        if effect.op == "lose" and effect.resource is not None and hold.get(effect.resource, 0) < effect.amount:
            return "cost", f"needs {effect.amount} {effect.resource} in {ship}'s hold"
        if effect.op == "gain" and effect.resource == "science" and not state.rules.science:
            return "edition", "science exists only in Infinite Domain"
        if effect.op == "draw-destination" and not state.destinations["deck"]:
            return "no destinations", "the destination deck is empty"
        if effect.op in TARGETED_OPS and target is not None:
            problem = target_problem(state, effect, target, ship, own_only)
            if problem:
                return problem
    return None


def target_problem(state: DenState, effect: Effect, target: str, home: str, own_only: bool) -> Why:
    """Why `target` does not suit a targeted effect, or None."""
    if effect.op == "repair":
        where = split_station(target, home)
        if where is None or where[0] not in state.ships or where[1] not in state.ships[where[0]]["stations"]:
            return "target", f"{target} is not a station"
        if own_only and where[0] != home:
            return "own ship only", "this works only on the team's own ship"
        if state.ships[where[0]]["stations"][where[1]]["damage"] is None:
            return "not damaged", f"{target} is not damaged"
        return None
    counter = state.crew.get(target) or state.units.get(target)
    if counter is None:
        return "target", f"{target} is not a crew counter or unit"
    if own_only and counter["ship"] != home:
        return "own ship only", "this works only on the team's own ship"
    # A unit in a shuttle is on no ship; crew in a shuttle keep their ship but sit on no station.
    if (counter["ship"] if target in state.units else counter["station"]) is None:
        return "target", f"{target} is in a shuttle"
    is_unit = target in state.units
    if effect.op == "heal":
        hurt = counter["damaged"] if is_unit else counter["wounded"]
        return None if hurt else ("not wounded", f"{target} is not wounded or damaged")
    if effect.op == "train":
        if is_unit or counter["training"] != "untrained":
            return "untrained", f"{target} is not untrained crew"
        if counter["wounded"]:
            return "wounded", "wounded crew cannot train"
        return None
    return None


def run_effects(state: DenState, effects: Sequence[Effect], ship: str, target: str | None, seat: int | None) -> None:
    """Carry out effects on `ship` (costs were checked): the vocabulary, and freeform ones go to Control."""
    hold = state.ships[ship]["hold"]
    for effect in effects:
        op = effect.op
        if op == "gain" and effect.resource is not None:
            if effect.resource in hold:
                hold[effect.resource] += effect.amount
        elif op == "lose" and effect.resource is not None:
            hold[effect.resource] = max(0, hold.get(effect.resource, 0) - effect.amount)
        elif op == "morale":
            shift_morale(state, ship, effect.amount)
        elif op == "fleet-morale":
            for other in state.ships:
                shift_morale(state, other, effect.amount)
        elif op == "pursuit":
            move_pursuit(state, effect.amount)
        elif op == "draw-destination":
            for _ in range(effect.amount):
                state.pending.append({"kind": "destination", "ship": ship})
        elif op == "freeform":
            notify_control(state, f"{ship}: {effect.text}", ship)
        elif target is not None:
            targeted(state, effect, target, ship)


def targeted(state: DenState, effect: Effect, target: str, home: str) -> None:
    """A targeted effect on a crew counter, a unit or a station."""
    if effect.op == "repair":
        ship, station = split_station(target, home) or (home, target)
        mend(state, ship, station)
        return
    if target in state.units:
        unit = state.units[target]
        if effect.op == "heal":
            unit["damaged"] = False
        elif effect.op == "wound":
            damage_unit(state, target)
        return
    crew = state.crew[target]
    if effect.op == "heal":
        crew["wounded"] = False
        crew["used"] = state.rules.healed_crew_used or crew["used"]
    elif effect.op == "train" and effect.training is not None:
        crew["training"] = effect.training
    elif effect.op == "wound":
        wound_crew(state, target)


def wound_crew(state: DenState, crew_id: str) -> None:
    """Wound a crew counter; a wounded one is lost instead (Wounded Crew)."""
    crew = state.crew[crew_id]
    if crew["wounded"]:
        del state.crew[crew_id]
        note(state, crew["ship"], f"{crew_id} is lost")
    else:
        crew["wounded"] = True


def damage_unit(state: DenState, unit_id: str) -> None:
    """Damage a unit; a damaged one is destroyed instead (Damaged Units)."""
    unit = state.units[unit_id]
    if unit["damaged"]:
        del state.units[unit_id]
        note(state, unit["owner"], f"{unit_id} is destroyed")
    else:
        unit["damaged"] = True


def shift_morale(state: DenState, ship: str, levels: int) -> None:
    """Move a ship's morale track, kept within it; reaching 0 is anarchy, which Control is told of."""
    record = state.ships[ship]
    top = state.content.ships[ship].morale.top
    record["morale"] = max(0, min(top, record["morale"] + levels))
    if record["morale"] == 0 and not record["anarchy"]:
        record["anarchy"] = True
        notify_control(state, f"{ship} has fallen into anarchy (morale 0)", ship)
    elif record["morale"] > 0:
        record["anarchy"] = False


def move_pursuit(state: DenState, steps: int) -> None:
    """Move the pursuit track, kept between 0 and the top."""
    top = state.content.tables.tables.pursuit_top
    state.pursuit = max(0, min(top, state.pursuit + steps))


def card_of(state: DenState, card_id: str) -> ActionCard:
    return state.content.cards_by_id[card_id]


@verb("play", frozenset({"action"}))
class Play:
    """Play an action card from the seat's hand; one-use cards are discarded (Action Cards)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        for card_id in sorted(set(state.hands[str(seat)])):
            card = state.content.cards_by_id.get(card_id)
            if card is None:
                continue
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
        return effects_problem(state, card.effects, ship, args[1] if len(args) > 1 else None, card.own_ship_only)

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
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        other = seat_by_label(state, args[1])
        assert other is not None
        state.hands[str(seat)].remove(args[0])
        state.hands[str(other)] = sorted([*state.hands[str(other)], args[0]])
        ships = {state.seats[seat].ship, state.seats[other].ship} - {None}
        note(state, ",".join(sorted(s for s in ships if s)), f"{state.seats[seat].label} gives {args[0]} to {args[1]}")


def seat_by_label(state: DenState, label: str) -> int | None:
    """The seat with this label."""
    return next((i for i, s in enumerate(state.seats) if s.label == label), None)


# ---- riots -----------------------------------------------------------------------------------------------------


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


# ---- people ----------------------------------------------------------------------------------------------------


@verb("goto", ACTION)
class Goto:
    """Walk to another ship's table, or to the fleet map if the role may approach it (Player Locations)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        yield ("map",)
        for ship in state.ships:
            yield (ship,)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        person = state.people[str(seat)]
        if person["status"] == "sickbay":
            return "sickbay", "a player in a sickbay stays at its table until the Team Phase is over"
        if person["at"] == args[0]:
            return "already there", f"already at {args[0]}"
        if args[0] == "map" and not state.seats[seat].map_access:
            return "map", "only commanders and those commanding fighters or batteries may approach the fleet map"
        if args[0] != "map" and args[0] not in state.ships:
            return "unknown ship", f"there is no ship {args[0]!r}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        state.people[str(seat)]["at"] = args[0]
        note(state, PUBLIC, f"{state.seats[seat].label} goes to {args[0]}")


def has_sickbay(state: DenState, ship: str) -> bool:
    """Whether a ship has an undamaged sickbay."""
    return any(
        station.kind == "sickbay" and state.ships[ship]["stations"][station.id]["damage"] is None
        for station in state.content.ships[ship].stations
    )


@verb("sickbay", ALL_STEPS)
class Sickbay:
    """A wounded player chooses a ship with an undamaged sickbay and stays there until the Team Phase ends."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        for ship in state.ships:
            yield (ship,)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        if state.people[str(seat)]["status"] != "wounded":
            return "not wounded", "only a wounded player goes to a sickbay"
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
    def check(state: DenState, seat: int, args: Args) -> Why:
        person = state.people[str(seat)]
        if person["status"] != "brig":
            return "brig", "only a player in the brig names a contact"
        if person["contact"] is not None:
            return "once", "the contact is chosen once, on entering the brig"
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

    candidates = staticmethod(lambda state, seat: iter([()]))

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        person = state.people[str(seat)]
        if not state.rules.brig_escape:
            return "edition", "classic has no escape rule: Control decides what happens in the brig"
        if person["status"] != "brig":
            return "brig", "only a player in the brig can try to escape"
        if state.turn <= person["since"] + 1:
            return "full turn", "an escape needs a full turn (Action and Team Phase) spent in the brig"
        if any(n["text"].startswith(f"{state.seats[seat].label} tries to escape") for n in state.notices):
            return "asked", "Control has the escape attempt already"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        notify_control(state, f"{state.seats[seat].label} tries to escape the brig")


@verb("hide", ALL_STEPS, panel=True)
class Hide:
    """Cover the ship panel: other teams' players at the table no longer see its workings (Vessel Privacy)."""

    candidates = staticmethod(lambda state, seat: iter([()]))

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

    candidates = staticmethod(lambda state, seat: iter([()]))

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

    candidates = staticmethod(lambda state, seat: iter([()]))
    check = staticmethod(lambda state, seat, args: None)

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        cards = ", ".join(state.ships[ship]["deck"]) or "nothing"
        note(state, ship, f"{state.seats[seat].label} looks through the damage deck: {cards}")


# ---- chance ----------------------------------------------------------------------------------------------------


def chance_outcomes(state: DenState) -> list[tuple[str, float]]:
    """The outcomes of the pending chance event, with exact probabilities (as floats)."""
    event = state.pending[0]
    kind = event["kind"]
    if kind == "destination":
        deck = state.destinations["deck"]
        return [(f"draw {d}", 1 / len(deck)) for d in deck]
    if kind == "damage":
        deck = damage_draws(state, event)
        counts: dict[str, int] = {}
        for card in deck:
            counts[card] = counts.get(card, 0) + 1
        return [(f"draw {card}", float(Fraction(n, len(deck)))) for card, n in sorted(counts.items())]
    if kind in ("place", "riot-place"):
        return [(f"pick {s}", 1 / len(event["choices"])) for s in event["choices"]]
    return [(f"roll {face}", 1 / 6) for face in DIE]


def apply_chance(state: DenState, action: str) -> None:
    """Resolve the pending chance event with its outcome, then whatever it sets off."""
    event = state.pending.pop(0)
    value = words(action)[1]
    RESOLVE[event["kind"]](state, event, value)
    settle(state)


def settle(state: DenState) -> None:
    """Drop chance events that no longer have outcomes; once a broadcast's rolls are done, end the turn."""
    while True:
        while state.pending and not _has_outcomes(state, state.pending[0]):
            event = state.pending.pop(0)
            if event["kind"] == "destination":
                note(state, CONTROL_ONLY, "the destination deck is empty: no card drawn")
            elif event["kind"] == "damage":
                what = f"no card for {event['station']} left in" if event.get("station") else "nothing left in"
                notify_control(state, f"{event['ship']}: {what} the damage deck: damage not drawn", event["ship"])
        if not (not state.pending and state.step == "news"):
            return
        # The next turn's destination draw is queued here and may itself have nothing to draw: check again.
        end_turn(state)


def _has_outcomes(state: DenState, event: dict[str, Any]) -> bool:
    if event["kind"] == "destination":
        return bool(state.destinations["deck"])
    if event["kind"] == "damage":
        return bool(damage_draws(state, event))
    if event["kind"] in ("place", "riot-place"):
        return bool(event["choices"])
    return True


def resolve_destination(state: DenState, event: dict[str, Any], value: str) -> None:
    state.destinations["deck"].remove(value)
    state.held[event["ship"]] = sorted([*state.held[event["ship"]], value])
    note(state, event["ship"], f"{event['ship']} draws the destination {value}")
    note(state, PUBLIC, f"{event['ship']} draws a destination card")


def damage_draws(state: DenState, event: dict[str, Any]) -> list[str]:
    """The cards a damage event may draw: the whole deck, or the cards of one station's kind when it names one."""
    deck: list[str] = state.ships[event["ship"]]["deck"]
    station = event.get("station")
    if station is None:
        return deck
    kind = station_card(state, event["ship"], station).kind
    return [card for card in deck if damage_card(state, event["ship"], card).station == kind]


def resolve_damage(state: DenState, event: dict[str, Any], value: str) -> None:
    ship = event["ship"]
    state.ships[ship]["deck"].remove(value)
    card = damage_card(state, ship, value)
    if event.get("station") is not None:
        place_damage(state, ship, event["station"], value)
        return
    choices = [
        s.id
        for s in state.content.ships[ship].stations
        if s.kind == card.station and state.ships[ship]["stations"][s.id]["damage"] is None
    ]
    if not choices:
        state.ships[ship]["deck"] = sorted([*state.ships[ship]["deck"], value])
        notify_control(state, f"{ship} drew {value} but every {card.station} station is already damaged", ship)
        return
    if len(choices) == 1:
        place_damage(state, ship, choices[0], value)
    else:
        state.pending.insert(0, {"kind": "place", "ship": ship, "card": value, "choices": choices})


def resolve_place(state: DenState, event: dict[str, Any], value: str) -> None:
    place_damage(state, event["ship"], value, event["card"])


def place_damage(state: DenState, ship: str, station: str, card_id: str) -> None:
    """Lay a damage card on a station: its crew are wounded and its instant effects happen once."""
    state.ships[ship]["stations"][station]["damage"] = card_id
    for cid in crew_on(state, ship, station):
        wound_crew(state, cid)
    card = damage_card(state, ship, card_id)
    note(state, ship, f"{ship}.{station} is damaged ({card.name})")
    note(state, PUBLIC, f"{ship} is hit")
    run_effects(state, card.instant, ship, None, None)


def resolve_morale(state: DenState, event: dict[str, Any], value: str) -> None:
    ship = event["ship"]
    total = int(value) + morale_modifier(state, ship)
    change = next(b.result for b in state.content.tables.tables.morale_bands if b.low <= total <= b.high)
    shift_morale(state, ship, change)
    note(state, ship, f"{ship} morale roll {value}{morale_modifier(state, ship):+d} = {total}: {change:+d} level(s)")
    note(state, ship, f"{ship}'s morale is now {state.ships[ship]['morale']}")


def morale_modifier(state: DenState, ship: str) -> int:
    """Everything added to a ship's morale d6: damage, boarders, food and water supplied, the news."""
    record = state.ships[ship]
    tables = state.content.tables.tables
    damage = int(record["damage"]) // state.content.ships[ship].damage_divisor
    rations = tables.ration_modifiers
    return int(
        -damage
        - record["boarders"]
        + rations[record["supplied"]["food"]]
        + rations[record["supplied"]["water"]]
        + record["news"]
    )


def resolve_riot(state: DenState, event: dict[str, Any], value: str) -> None:
    ship = event["ship"]
    faces = state.content.ships[ship].morale.riot_on[state.ships[ship]["morale"]]
    if int(value) <= faces:
        queue_riot(state, ship, front=True)
    else:
        note(state, ship, f"{ship} riot roll {value}: calm")


def queue_riot(state: DenState, ship: str, front: bool) -> None:
    """A riot appears on a random undamaged station without one."""
    choices = [
        sid for sid, slot in state.ships[ship]["stations"].items() if slot["damage"] is None and slot["riot"] is None
    ]
    event = {"kind": "riot-place", "ship": ship, "choices": choices}
    if front:
        state.pending.insert(0, event)
    else:
        state.pending.append(event)


def resolve_riot_place(state: DenState, event: dict[str, Any], value: str) -> None:
    slot = state.ships[event["ship"]]["stations"][value]
    slot.update(riot="active", riot_turn=state.turn, riot_tried=False)
    note(state, PUBLIC, f"a riot breaks out on {event['ship']}.{value}")


def resolve_spread(state: DenState, event: dict[str, Any], value: str) -> None:
    if int(value) <= state.content.tables.tables.spread_on:
        note(state, PUBLIC, f"the riot on {event['ship']}.{event['station']} spreads")
        queue_riot(state, event["ship"], front=True)


def resolve_disperse(state: DenState, event: dict[str, Any], value: str) -> None:
    total = int(value) + event["bonus"]
    result = next(b.result for b in state.content.tables.tables.dispersal if b.low <= total <= b.high)
    ship, station = event["ship"], event["station"]
    if result > 0:
        state.ships[ship]["stations"][station]["riot"] = "dispersed"
        note(state, PUBLIC, f"the riot on {ship}.{station} is dispersed (roll {value})")
    elif result < 0:
        if event["unit"] in state.units:
            damage_unit(state, event["unit"])
        note(state, PUBLIC, f"{event['unit']} is hurt dispersing the riot on {ship}.{station} (roll {value})")
    else:
        note(state, PUBLIC, f"the riot on {ship}.{station} holds (roll {value})")


def resolve_emergency(state: DenState, event: dict[str, Any], value: str) -> None:
    slot = state.ships[event["ship"]]["stations"][event["station"]]
    if int(value) <= event["faces"] and slot["damage"] is None:
        # The damage lands on the station that rolled: a card of its kind from the deck.
        state.ships[event["ship"]]["damage"] += 1
        state.pending.insert(0, {"kind": "damage", "ship": event["ship"], "station": event["station"]})


def resolve_freeform(state: DenState, event: dict[str, Any], value: str) -> None:
    success = int(value) >= event["odds"]
    note(state, event["audience"], f"{event['what']}: roll {value}, {'success' if success else 'failure'}")


RESOLVE: Final[dict[str, Callable[[DenState, dict[str, Any], str], None]]] = {
    "destination": resolve_destination,
    "damage": resolve_damage,
    "place": resolve_place,
    "morale": resolve_morale,
    "riot": resolve_riot,
    "riot-place": resolve_riot_place,
    "spread": resolve_spread,
    "disperse": resolve_disperse,
    "emergency": resolve_emergency,
    "freeform": resolve_freeform,
}


# ---- the turn --------------------------------------------------------------------------------------------------


def advance(state: DenState) -> None:
    """Control moves the turn on: start -> Action Phase -> Team Phase -> the broadcast and the turn's end."""
    state.step_actions = 0
    if state.step == "start":
        state.step = "action"
        note(state, PUBLIC, f"turn {state.turn}: the Action Phase begins")
    elif state.step == "action":
        begin_team_phase(state)
    elif state.step == "team":
        broadcast(state)


def begin_team_phase(state: DenState) -> None:
    """Crew refresh, dispersed riots come off, ongoing damage bites, and every player returns to their table."""
    state.step = "team"
    for crew in state.crew.values():
        crew["used"] = False
    for sid, ship in state.ships.items():
        for slot in ship["stations"].values():
            if slot["riot"] == "dispersed":
                slot.update(riot=None, riot_tried=False)
            if slot["damage"] is not None:
                run_effects(state, damage_card(state, sid, slot["damage"]).ongoing, sid, None, None)
    for index, seat in enumerate(state.seats):
        person = state.people[str(index)]
        if seat.kind == "team" and person["status"] == "free":
            person["at"] = seat.ship
    note(state, PUBLIC, f"turn {state.turn}: the Team Phase begins; everyone returns to their table")


def broadcast(state: DenState) -> None:
    """After the news: pay rations, then each ship rolls morale and riots; then riots spread (chance events)."""
    state.step = "news"
    for sid in state.ships:
        pay_rations(state, sid)
    for sid in state.ships:
        state.pending.append({"kind": "morale", "ship": sid})
        state.pending.append({"kind": "riot", "ship": sid})
    for sid, ship in state.ships.items():
        for station, slot in ship["stations"].items():
            if slot["riot"] == "active" and slot["riot_turn"] < state.turn and not slot["riot_tried"]:
                state.pending.append({"kind": "spread", "ship": sid, "station": station})
    note(state, PUBLIC, f"turn {state.turn}: the news is broadcast")


def pay_rations(state: DenState, ship: str) -> None:
    """Pay the chosen food and water levels; a hold that cannot pay supplies the best level it can."""
    record = state.ships[ship]
    panel = state.content.ships[ship]
    for meal in ("food", "water"):
        costs = panel.food if meal == "food" else panel.water
        start = RATION_LEVELS.index(record[meal])
        level = next(lv for lv in RATION_LEVELS[start:] if costs.cost(lv) <= record["hold"][meal])
        record["hold"][meal] -= costs.cost(level)
        record["supplied"][meal] = level
        if level != record[meal]:
            note(state, ship, f"{ship} could only supply {level} {meal} rations")


def end_turn(state: DenState) -> None:
    """The pursuit track rises; the turn's marks clear; the next turn starts with the Aegis' draw (or the end)."""
    move_pursuit(state, 1)
    note(state, PUBLIC, f"turn {state.turn} ends; the pursuit track rises to {state.pursuit}")
    for ship in state.ships.values():
        ship.update(drive_ready=False, emergency=False, jumped=False, damage=0, boarders=0, news=0)
        for slot in ship["stations"].values():
            # A riot's dispersal attempts count for the turn they were made in (Riot Propagation).
            slot.update(uses=0, riot_tried=False)
    for unit in state.units.values():
        unit["pinned"] = False
    for index, person in state.people.items():
        if person["status"] == "sickbay":
            person["status"] = "free"
            seat = state.seats[int(index)]
            person["at"] = seat.ship
    state.swaps.clear()
    if state.turn >= state.turns:
        state.over = True
        state.step = "over"
        note(state, PUBLIC, "the event is over")
        return
    state.turn += 1
    state.step = "start"
    state.pending.append({"kind": "destination", "ship": _aegis(state)})
    note(state, PUBLIC, f"turn {state.turn} begins")


def resolve_jumps(state: DenState) -> None:
    """Every declared jump happens together: ships with the same coordinates arrive together; a majority moves the
    fleet (the pursuit track drops, rewards appear); the rest are separated, and Control is told."""
    jumping = {sid: ship["jump"] for sid, ship in state.ships.items() if ship["jump"] is not None}
    aegis = _aegis(state)
    for sid, target in jumping.items():
        ship = state.ships[sid]
        ship.update(at=target, jump=None, jumped=True)
        if ship["emergency"]:
            ship["emergencies"] += 1
            emergency_damage(state, sid)
    groups: dict[str, list[str]] = {}
    for sid, ship in state.ships.items():
        groups.setdefault(ship["at"], []).append(sid)
    majority = len(state.ships) // 2 + 1
    before = state.fleet_at
    best = max(groups.items(), key=lambda item: (len(item[1]), aegis in item[1]))
    state.fleet_at = best[0]
    moved = set(jumping.values())
    destination = state.content.destinations_by_coordinates.get(best[0])
    # Only the fleet's own jump counts: ships rejoining it where it already is drop nothing and spawn nothing.
    if best[0] in moved and best[0] != before and len(best[1]) >= majority and destination is not None:
        move_pursuit(state, -state.content.tables.tables.pursuit_drop[destination.distance])
        for resource, amount in destination.rewards.items():
            state.rewards[resource] = state.rewards.get(resource, 0) + amount
        note(state, PUBLIC, f"the fleet arrives at {destination.name} ({best[0]}); pursuit falls to {state.pursuit}")
    for sid, ship in state.ships.items():
        if ship["at"] != state.fleet_at:
            if sid in jumping or before != state.fleet_at:
                notify_control(state, f"{sid} is separated from the fleet (at {ship['at']})", sid)
            ship["quadrant"] = None if not state.content.ships[sid].centre else 0
        elif ship["quadrant"] is None:
            ship["quadrant"] = next(
                (q for q in range(1, state.quadrant_count + 1) if room_in(state, q) >= state.content.ships[sid].size),
                None,
            )
            if ship["quadrant"] is None:
                notify_control(state, f"{sid} rejoins the fleet but no quadrant has room: place it", sid)
    if aegis in jumping:
        holders = state.held if state.rules.destinations_pass_between_teams else {aegis: state.held[aegis]}
        for sid, cards in holders.items():
            state.destinations["discard"] += cards
            state.held[sid] = []
        note(state, PUBLIC, "the Aegis has jumped: held destination cards are discarded")
    for sid, target in jumping.items():
        note(state, PUBLIC, f"{sid} jumps{' to ' + target if not target.startswith('void-') else ' blind'}")


def emergency_damage(state: DenState, ship: str) -> None:
    """An emergency jump may damage stations: classic rolls the pack's table; Infinite Domain asks Control."""
    if not state.rules.emergency_damage_by_table:
        notify_control(state, f"{ship} made an emergency jump: adjudicate any station damage", ship)
        return
    table = state.content.tables.tables.emergency_damage
    if not table:
        return
    faces = table[min(state.ships[ship]["emergencies"], len(table)) - 1]
    for station in state.ships[ship]["stations"]:
        state.pending.append({"kind": "emergency", "ship": ship, "station": station, "faces": faces})


# ---- Control ---------------------------------------------------------------------------------------------------


def control_actions(state: DenState) -> list[str]:
    """The Control actions worth offering now (any other well-formed one is accepted too: see control_accepts)."""
    if state.over:
        return []
    listed = ["control advance"]
    if state.paused:
        return ["control resume"]
    listed.append(f"control pause {quote('Control pauses the game')}")
    if any(ship["jump"] is not None for ship in state.ships.values()):
        listed.append("control resolve-jumps")
    if state.step == "team":
        for sid in state.ships:
            for value in (-2, -1, 1, 2):
                listed.append(f"control news {sid} {value:+d}")
    for notice in state.notices:
        listed.append(f"control settle {notice['id']} {quote('settled')}")
    return sorted(a for a in listed if control_problem(state, words(a)[1:]) is None)


def control_accepts(state: DenState, action: object) -> bool:
    """Whether an unlisted Control action is legal now."""
    if not isinstance(action, str):
        return False
    try:
        parts = words(canonical(action))
    except InvalidActionError:
        return False
    return parts[0] == "control" and control_problem(state, parts[1:]) is None


def control_problem(state: DenState, parts: list[str]) -> Why:
    """Why a Control action cannot be done now, or None."""
    if state.over:
        return "game over", "the event is over"
    verb_name, args = parts[0], parts[1:]
    if state.paused and verb_name not in ("resume", "end"):
        return "paused", "the game is paused: resume first"
    if verb_name == "resume" and not state.paused:
        return "not paused", "the game is not paused"
    if verb_name == "advance" and any(ship["jump"] is not None for ship in state.ships.values()):
        return "jumps pending", "resolve the declared jumps first"
    if verb_name == "resolve-jumps" and not any(ship["jump"] is not None for ship in state.ships.values()):
        return "no jumps", "no ship has declared a jump"
    if verb_name not in ("advance", "resolve-jumps") and state.step_actions >= state.phase_actions:
        return "phase limit", "this step is full: advance"
    if verb_name == "news":
        if state.step != "team":
            return "phase", "the news comes in the Team Phase"
        if args[0] not in state.ships:
            return "unknown ship", f"there is no ship {args[0]!r}"
    if verb_name in ("damage", "award", "freeform") and args[0] not in state.ships:
        return "unknown ship", f"there is no ship {args[0]!r}"
    if verb_name == "award" and resource_ok(state, args[1]):
        return "edition", "science is a resource only in Infinite Domain"
    if verb_name == "award" and state.rewards.get(args[1], 0) < int(args[2]):
        return "rewards", f"the map holds {state.rewards.get(args[1], 0)} {args[1]}"
    if verb_name in ("wound", "heal") and args[0] not in state.crew and args[0] not in state.units:
        return "unknown target", f"{args[0]} is no crew counter or unit"
    if verb_name in ("repair", "riot"):
        where = split_station(args[0], None)
        if where is None or where[0] not in state.ships or where[1] not in state.ships[where[0]]["stations"]:
            return "unknown station", f"{args[0]} is not a station"
        slot = state.ships[where[0]]["stations"][where[1]]
        if verb_name == "repair" and slot["damage"] is None:
            return "not damaged", f"{args[0]} is not damaged"
        if verb_name == "riot" and slot["riot"] is not None:
            return "riot", f"{args[0]} already has a riot"
    if verb_name in ("brig", "release", "wound-player"):
        seat = seat_by_label(state, args[0])
        if seat is None or seat == CONTROL:
            return "unknown seat", f"{args[0]!r} is not a player"
        status = state.people[str(seat)]["status"]
        if verb_name == "release" and status != "brig":
            return "not in brig", f"{args[0]} is not in the brig"
        if verb_name == "brig" and status == "brig":
            return "in brig", f"{args[0]} is already in the brig"
        if verb_name == "wound-player" and status == "brig":
            return "in brig", f"{args[0]} is in the brig: release them first (the brig keeps its prisoners)"
    if verb_name == "add-crew":
        where = split_station(args[0], None)
        if where is None or where[0] not in state.ships or where[1] not in state.ships[where[0]]["stations"]:
            return "unknown station", f"{args[0]} is not a station"
        if len(crew_on(state, *where)) >= station_card(state, *where).capacity:
            return "capacity", f"{args[0]} is full"
    if verb_name in ("add-unit", "draw-destination") and args[0] not in state.ships:
        return "unknown ship", f"there is no ship {args[0]!r}"
    if verb_name == "draw-destination" and not state.destinations["deck"]:
        return "no destinations", "the destination deck is empty"
    if verb_name == "remove" and args[0] not in state.crew and args[0] not in state.units:
        return "unknown target", f"{args[0]} is no crew counter or unit"
    if verb_name == "settle" and not any(n["id"] == int(args[0]) for n in state.notices):
        return "unknown notice", f"there is no open notice {args[0]}"
    if verb_name == "set":
        return set_problem(state, args[0], int(args[1]))
    if verb_name == "move":
        return move_problem(state, args[0], args[1])
    if verb_name == "freeform":
        cost = parse_cost(args[1])
        for resource, amount in cost.items():
            if state.ships[args[0]]["hold"].get(resource, 0) < amount:
                return "cost", f"{args[0]} cannot pay {amount} {resource}"
    return None


def set_problem(state: DenState, path: str, value: int) -> Why:
    """Why Control cannot set `path` to `value`, or None."""
    head, _, field = path.partition(".")
    if path == "pursuit":
        top = state.content.tables.tables.pursuit_top
        return None if 0 <= value <= top else ("range", f"the pursuit track runs 0 to {top}")
    if head == "rewards":
        return resource_ok(state, field) or (None if value >= 0 else ("range", "rewards cannot be negative"))
    if head not in state.ships:
        return "unknown ship", f"there is no ship {head!r}"
    if field == "morale":
        top = state.content.ships[head].morale.top
        return None if 0 <= value <= top else ("range", f"{head}'s morale track runs 0 to {top}")
    if field in state.ships[head]["hold"] or field in ("damage", "boarders"):
        return None if value >= 0 else ("range", f"{field} cannot be negative")
    return "edition", f"{field} is not kept in this edition"


def move_problem(state: DenState, thing: str, where: str) -> Why:
    """Why Control cannot move `thing` to `where`, or None."""
    if thing in state.ships:
        if state.content.ships[thing].centre:
            return "centre", "the Aegis is always at the centre of the map"
        if not (len(where) == 2 and where[0] == "q" and where[1].isdigit()):
            return "quadrant", "a ship moves to a quadrant, e.g. q2"
        if not 1 <= int(where[1]) <= state.quadrant_count:
            return "quadrant", f"the map has {state.quadrant_count} quadrants"
        return None
    if thing in state.crew:
        target = split_station(where, None)
        if target is None or target[0] not in state.ships or target[1] not in state.ships[target[0]]["stations"]:
            return "station", "crew move to a station, e.g. dione.galley"
        return None
    if thing in state.units or thing in state.shuttles:
        return None if where in state.ships else ("ship", "units and shuttles move to a ship")
    seat = seat_by_label(state, thing)
    if seat is not None and seat != CONTROL:
        return None if where in state.ships or where == "map" else ("place", "people move to a ship or the map")
    return "unknown", f"{thing!r} is not a ship, crew counter, unit, shuttle or player"


def apply_control(state: DenState, parts: list[str]) -> None:
    """Carry out a Control action (checked); every one is in Control's log with its reason."""
    verb_name, args = parts[0], parts[1:]
    reason = f' ("{args[-1]}")' if verb_name in REASONED else ""
    audience = CONTROL_ONLY
    if verb_name == "advance":
        advance(state)
        settle(state)
        return
    if verb_name == "resolve-jumps":
        resolve_jumps(state)
        settle(state)
        return
    if verb_name == "pause":
        state.paused = True
        audience = PUBLIC
    elif verb_name == "resume":
        state.paused = False
        audience = PUBLIC
    elif verb_name == "news":
        state.ships[args[0]]["news"] += int(args[1])
        audience = args[0]
    elif verb_name == "set":
        audience = control_set(state, args[0], int(args[1]))
    elif verb_name == "fleet-morale":
        for sid in state.ships:
            shift_morale(state, sid, int(args[0]))
        audience = PUBLIC
    elif verb_name == "damage":
        state.ships[args[0]]["damage"] += int(args[1])
        state.pending += [{"kind": "damage", "ship": args[0]} for _ in range(int(args[1]))]
        audience = args[0]
    elif verb_name in ("wound", "heal"):
        effect = Effect(op="heal" if verb_name == "heal" else "wound")
        targeted(state, effect, args[0], "")
        owner = (state.crew.get(args[0]) or state.units.get(args[0]) or {}).get("ship")
        audience = owner or CONTROL_ONLY
    elif verb_name == "repair":
        ship, station = args[0].split(".")
        mend(state, ship, station)
        audience = ship
    elif verb_name == "riot":
        ship, station = args[0].split(".")
        state.ships[ship]["stations"][station].update(riot="active", riot_turn=state.turn, riot_tried=False)
        audience = PUBLIC
    elif verb_name == "move":
        audience = control_move(state, args[0], args[1])
    elif verb_name == "brig":
        seat = seat_by_label(state, args[0])
        state.people[str(seat)].update(at=_aegis(state), status="brig", since=state.turn, contact=None)
        audience = PUBLIC
    elif verb_name == "release":
        seat = seat_by_label(state, args[0])
        state.people[str(seat)].update(status="free", contact=None)
        audience = PUBLIC
    elif verb_name == "wound-player":
        seat = seat_by_label(state, args[0])
        state.people[str(seat)].update(status="wounded")
        audience = PUBLIC
    elif verb_name == "award":
        state.rewards[args[1]] -= int(args[2])
        state.ships[args[0]]["hold"][args[1]] += int(args[2])
        audience = PUBLIC
    elif verb_name == "freeform":
        for resource, amount in parse_cost(args[1]).items():
            state.ships[args[0]]["hold"][resource] -= amount
        odds = int(args[2])
        state.pending.append({"kind": "freeform", "what": f"{args[0]}: {args[3]}", "odds": odds, "audience": args[0]})
        audience = args[0]
    elif verb_name == "add-crew":
        ship, station = args[0].split(".")
        number = 1 + max((int(cid.split(":c")[1]) for cid in state.crew if cid.startswith(f"{ship}:c")), default=0)
        state.crew[f"{ship}:c{number}"] = {
            "ship": ship,
            "station": station,
            "shuttle": None,
            "training": args[1],
            "used": False,
            "wounded": False,
        }
        audience = ship
    elif verb_name == "add-unit":
        number = 1 + max((int(uid.split(":u")[1]) for uid in state.units if uid.startswith(f"{args[0]}:u")), default=0)
        state.units[f"{args[0]}:u{number}"] = {
            "owner": args[0],
            "kind": args[1],
            "ship": args[0],
            "shuttle": None,
            "damaged": False,
            "pinned": False,
        }
        audience = args[0]
    elif verb_name == "remove":
        owner = (state.crew.pop(args[0], None) or state.units.pop(args[0], None) or {}).get("ship")
        audience = owner or CONTROL_ONLY
    elif verb_name == "draw-destination":
        state.pending.append({"kind": "destination", "ship": args[0]})
        audience = args[0]
    elif verb_name == "settle":
        state.notices = [n for n in state.notices if n["id"] != int(args[0])]
    elif verb_name == "end":
        state.over = True
        state.step = "over"
        audience = PUBLIC
    shown = " ".join(args[:-1] if reason else args)
    note(state, audience, f"Control: {verb_name} {shown}{reason}".replace("  ", " ").rstrip())
    if audience != CONTROL_ONLY:
        note(state, CONTROL_ONLY, f"Control: {verb_name} {' '.join(args)}")
    settle(state)


REASONED: Final = frozenset(
    {"pause", "set", "fleet-morale", "damage", "wound", "heal", "repair", "riot", "move", "brig", "release"}
    | {"wound-player", "award", "freeform", "settle", "end", "add-crew", "add-unit", "remove", "draw-destination"}
)


def control_set(state: DenState, path: str, value: int) -> str:
    """Control sets a number; the audience of its log line."""
    head, _, field = path.partition(".")
    if path == "pursuit":
        state.pursuit = value
        return PUBLIC
    if head == "rewards":
        state.rewards[field] = value
        return PUBLIC
    if field == "morale":
        state.ships[head]["morale"] = 0
        shift_morale(state, head, value)
    elif field in ("damage", "boarders"):
        state.ships[head][field] = value
    else:
        state.ships[head]["hold"][field] = value
    return head


def control_move(state: DenState, thing: str, where: str) -> str:
    """Control moves anything; the audience of its log line."""
    if thing in state.ships:
        state.ships[thing]["quadrant"] = int(where[1])
        return PUBLIC
    if thing in state.crew:
        ship, station = where.split(".")
        state.crew[thing].update(ship=ship, station=station, shuttle=None)
        return ship
    if thing in state.units:
        state.units[thing].update(ship=where, shuttle=None)
        return where
    if thing in state.shuttles:
        state.shuttles[thing]["at"] = where
        return PUBLIC
    seat = seat_by_label(state, thing)
    state.people[str(seat)]["at"] = where
    return PUBLIC
