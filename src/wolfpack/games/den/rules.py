"""Den of Wolves rules: the seats, setting up, the log, and the lookups and effects the other rule modules share.

Small functions over the state's JSON-ready fields. The seats' verbs are in verbs.py, chance events and the turn in
turn.py, Control in control.py.
"""

from __future__ import annotations

import marshal
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, TypeVar

from wolfpack.engine.errors import GameOptionError
from wolfpack.games.den.content import (
    ON_FOOT,
    RESOURCES,
    TARGETED_OPS,
    ActionCard,
    DenContent,
    Effect,
    Ship,
)

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
Plain = TypeVar("Plain")


def plain_copy(value: Plain) -> Plain:
    """A deep copy of plain data (dicts, lists, text, numbers), made by marshal in C, many times faster than
    `copy.deepcopy`; marshal's version 2 shares no object between two places of the copy."""
    data: Any = value  # any plain data marshals; the checker cannot know `value` is plain
    copied: Plain = marshal.loads(marshal.dumps(data, 2))
    return copied


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


def set_up(state: DenState) -> None:
    """The fleet at the origin as the pack lays it out; the Aegis about to draw the first destination."""
    content = state.content
    tables = content.tables.tables
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
                state.units[f"{ship.id}:u{number}"] = new_unit(ship.id, unit_group.kind)
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


def new_unit(ship: str, kind: str) -> dict[str, Any]:
    """A fresh unit of `kind` aboard its owner `ship`: undamaged, at Battle Stations, not on the fleet map."""
    return {
        "owner": ship,
        "kind": kind,
        "ship": ship,
        "shuttle": None,
        "damaged": False,
        "pinned": False,
        "post": "battle-stations",
        "ready": False,
        "quadrant": None,
    }


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
        "stations": {s.id: {"damage": None, "riot": None, "riot_turn": 0, "riot_tried": False} for s in ship.stations},
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
        "morale_roll": 0,
        "hidden": False,
        "anarchy": False,
        "destroyed": False,
    }


def _aegis(state: DenState) -> str:
    return next(ship.id for ship in state.content.fleet.ships if ship.centre)


CREW_LOST: Final = " is lost"
"""How the log line of a crew counter lost ends (after its id): the after-action report counts casualties by it."""


def note(state: DenState, audience: str, text: str) -> None:
    """Add a log line for `audience`: PUBLIC, CONTROL_ONLY, or ship ids joined by commas (those teams and Control)."""
    state.events.append([audience, text])


def notify_control(
    state: DenState, text: str, kind: str, ship: str | None = None, suggestion: dict[str, Any] | None = None
) -> None:
    """Open a notice Control must settle (anarchy, a separated ship, a freeform effect, an escape attempt), of one of
    the `NOTICE_KINDS`; a standing policy for its kind settles it at once, logged as Control's ruling. A notice with
    a `suggestion` (`fleet_morale` and the `event` calling for it, or `destroy`) is one Control's `confirm` carries
    out."""
    state.notices_opened += 1
    number = state.notices_opened
    note(state, CONTROL_ONLY, f"notice {number}: {text}")
    ruling = state.policies.get(kind)
    if ruling is not None:
        note(state, CONTROL_ONLY, f'Control: settle {number} by the standing policy on {kind} ("{ruling}")')
        return
    notice: dict[str, Any] = {"id": number, "text": text, "ship": ship, "kind": kind}
    notice.update(suggestion or {})
    state.notices.append(notice)


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


def station_full(state: DenState, ship: str, station: str) -> bool:
    """Whether a station seats as many crew as its capacity."""
    capacity: int = station_card(state, ship, station).capacity
    return len(crew_on(state, ship, station)) >= capacity


def station_usable(state: DenState, ship: str, station: str) -> Why:
    """Whether a station can do its work now: not damaged (unless its card says so), no riot, not dark."""
    slot = state.ships[ship]["stations"][station]
    if state.ships[ship]["destroyed"]:
        return "destroyed", f"{ship} is destroyed: nothing aboard works"
    if slot["damage"] is not None and not damage_card(state, ship, slot["damage"]).works:
        return "damaged station", f"{ship}.{station} is damaged until repaired"
    if slot["riot"] is not None:
        return "riot", f"a riot on {ship}.{station} stops it working this turn"
    if state.ships[ship]["emergency"] and station_card(state, ship, station).kind != "jump-drive":
        return "emergency jump", f"{ship} jumps on emergency power: its other stations are dark this turn"
    return None


def drive_problem(state: DenState, ship: str) -> Why:
    """Whether a ship's jump drive can jump now: crewed at the start of the turn and still working."""
    if not state.ships[ship]["drive_ready"]:
        return "jump drive", "the jump drive works only when crewed at the start of the turn"
    drives = [station.id for station in state.content.ships[ship].stations if station.kind == "jump-drive"]
    # Crewing is checked at the start of the turn; damage or a riot since then stops the drive as any station.
    problems = [station_usable(state, ship, station) for station in drives]
    return None if not problems or None in problems else problems[0]


def damage_card(state: DenState, ship: str, card_id: str) -> Any:
    """A damage card of a ship's deck."""
    return next(card for card in state.content.damage.decks[ship] if card.id == card_id)


def room_in(state: DenState, quadrant: int, leaving: Sequence[str] = ()) -> int:
    """Free spaces in a quadrant, counting the ships in `leaving` as gone."""
    spaces = state.content.tables.tables.quadrant_spaces
    used = sum(
        state.content.ships[sid].size
        for sid, ship in state.ships.items()
        if ship["quadrant"] == quadrant and ship["at"] == state.fleet_at and sid not in leaving
    )
    return spaces - used


def cut_off(state: DenState, ship: str) -> bool:
    """Whether a ship is separated from the main body of the fleet or from the Aegis."""
    here = state.ships[ship]["at"]
    return bool(here != state.fleet_at or here != state.ships[_aegis(state)]["at"])


def aboard(state: DenState, seat: int) -> bool:
    """Whether a team seat is at its own ship's table (a player acts on the panel in person)."""
    person = state.people[str(seat)]
    return bool(person["at"] == ship_of(state, seat) and person["status"] != "brig")


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


def mend(state: DenState, ship: str, station: str) -> None:
    """Take the damage card off a station and shuffle it back into the ship's deck."""
    slot = state.ships[ship]["stations"][station]
    state.ships[ship]["deck"] = sorted([*state.ships[ship]["deck"], slot["damage"]])
    slot["damage"] = None


def chain_of_command(state: DenState, ship: str) -> list[int]:
    """A ship's team seats in order of command: its commander, then the other roles in the pack's order (the
    first officer, or the Aegis' XO, comes second)."""
    return list(_chains(state).get(ship, ()))


def _chains(state: DenState) -> dict[str, tuple[int, ...]]:
    """Every ship's chain of command, worked out once per action (the seats never change; commanders are asked
    for every seat's every verb)."""
    chains: dict[str, tuple[int, ...]] | None = state.cache.get("chains")
    if chains is None:
        teams: dict[str, list[int]] = {}
        for i, seat in enumerate(state.seats):
            if seat.ship is not None:
                teams.setdefault(seat.ship, []).append(i)
        chains = state.cache["chains"] = {
            ship: tuple(sorted(team, key=lambda i: not state.seats[i].commander)) for ship, team in teams.items()
        }
    return chains


def commander_of(state: DenState, ship: str) -> int | None:
    """The seat commanding a ship now: the first of its chain of command who is free (not in the brig, wounded or in
    a sickbay) and present (at the ship's table or the fleet map), else the first free one (None when nobody is)."""
    free = [i for i in _chains(state).get(ship, ()) if state.people[str(i)]["status"] == "free"]
    # A player at another ship's table is aboard that ship (Player Locations), so absent from their own: command
    # passes to the next who is present. With nobody of the chain present, nobody stands in: the first free keeps it.
    present = (i for i in free if state.people[str(i)]["at"] in (ship, "map"))
    return next(present, free[0] if free else None)


def commander_check(state: DenState, seat: int) -> Why:
    """Whether the seat commands its ship now (the captain, or who stands in for them: Player Roles)."""
    ship = state.seats[seat].ship
    if ship is None or commander_of(state, ship) != seat:
        return "commander", "only the ship's captain (or current commander) does this"
    return None


def map_access(state: DenState, seat: int) -> bool:
    """Whether the seat may approach the fleet map: its role may, or it commands its ship now."""
    return state.seats[seat].map_access or commander_check(state, seat) is None


def known_coordinates(state: DenState, ship: str) -> list[str]:
    """Coordinates a team can write on its jump sheet: those of cards it holds or was told."""
    by_id = state.content.coordinates_by_destination
    return sorted({*state.known[ship], *(by_id[d] for d in state.held[ship])})


def jump_cost(state: DenState, ship: str) -> int:
    """The fuel the jump on the sheet burns: its distance's cost, a short hop's without coordinates, none on
    emergency power."""
    if state.ships[ship]["emergency"]:
        return 0
    code = state.ships[ship]["coords"]
    destination = state.content.destinations_by_coordinates.get(code) if code else None
    return state.content.ships[ship].fuel.cost(destination.distance if destination else "short")


def targets(state: DenState, effects: Sequence[Effect], home: str, own_only: bool) -> Iterator[str]:
    """Candidate targets of the one targeted effect among `effects`."""
    op = next(e for e in effects if e.op in TARGETED_OPS).op
    ships = [home] if own_only else list(state.ships)
    if op == "repair":
        for ship in ships:
            for station in state.ships[ship]["stations"]:
                yield f"{ship}.{station}"
        return
    if op != "refit":
        for cid, crew in state.crew.items():
            if crew["ship"] in ships and crew["station"]:
                yield cid
    for uid, unit in state.units.items():
        if unit["ship"] in ships and unit_fits(op, unit["kind"]):
            yield uid


def unit_fits(op: str, kind: str) -> bool:
    """Whether a targeted effect acts on a unit of this kind: medical care on on-foot units, a refit on fighters."""
    if op == "heal":
        return kind in ON_FOOT
    if op == "refit":
        return kind == "fighter"
    return op == "wound"


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
    if effect.op == "refit":
        if not is_unit or counter["kind"] != "fighter":
            return "fighter", f"{target} is not a fighter squadron (a refit restores fighters)"
        if not counter["damaged"]:
            return "not damaged", f"{target} is not damaged"
        if counter["quadrant"] is not None:
            return "on the map", f"{target} is out on the fleet map: it is refitted once it has landed"
        return None
    if is_unit and not unit_fits(effect.op, counter["kind"]):
        return "patient", f"{target} is a fighter squadron: medical care treats crew and on-foot units"
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
        elif op == "morale-roll":
            # Older saved games have no such mark: it counts from 0.
            state.ships[ship]["morale_roll"] = state.ships[ship].get("morale_roll", 0) + effect.amount
        elif op == "fleet-morale":
            shift_fleet_morale(state, effect.amount)
        elif op == "pursuit":
            move_pursuit(state, effect.amount)
        elif op == "draw-destination":
            for _ in range(effect.amount):
                state.pending.append({"kind": "destination", "ship": ship})
        elif op == "freeform":
            notify_control(state, f"{ship}: {effect.text}", "freeform-effect", ship)
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
        if effect.op in ("heal", "refit"):
            unit["damaged"] = False
        elif effect.op == "wound":
            damage_unit(state, target)
        return
    crew = state.crew[target]
    if effect.op == "heal":
        crew["wounded"] = False
        crew["used"] = True  # healed crew count as used this turn (Interpretations 15)
    elif effect.op == "train" and effect.training is not None:
        crew["training"] = effect.training
    elif effect.op == "wound":
        wound_crew(state, target)


def wound_crew(state: DenState, crew_id: str) -> None:
    """Wound a crew counter; a wounded one is lost instead (Wounded Crew)."""
    crew = state.crew[crew_id]
    if crew["wounded"]:
        del state.crew[crew_id]
        state.cache.pop("crew", None)  # the crew-by-station index may already hold the lost counter
        note(state, crew["ship"], f"{crew_id}{CREW_LOST}")
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
        notify_control(state, f"{ship} has fallen into anarchy (morale 0)", "anarchy", ship)
    elif record["morale"] > 0:
        record["anarchy"] = False


def shift_fleet_morale(state: DenState, levels: int) -> None:
    """Fleet morale: every ship's track moves by the same amount (a destroyed ship's no longer moves)."""
    for ship, record in state.ships.items():
        if not record["destroyed"]:
            shift_morale(state, ship, levels)


def fully_damaged(state: DenState, ship: str) -> bool:
    """Whether every station of a ship lies under a damage card."""
    return all(slot["damage"] is not None for slot in state.ships[ship]["stations"].values())


def destroy_ship(state: DenState, ship: str) -> None:
    """A ship is destroyed: it leaves the map and the fleet for good, nothing aboard works, and fleet morale falls."""
    record = state.ships[ship]
    record.update(destroyed=True, at=f"wreck-{ship}", quadrant=None, jump=None)
    note(state, PUBLIC, f"{ship} is destroyed")
    levels = state.content.tables.tables.fleet_morale_destroyed
    if levels:
        shift_fleet_morale(state, levels)
        note(state, PUBLIC, f"fleet morale {levels:+d}: {ship} is lost")


def move_pursuit(state: DenState, steps: int) -> None:
    """Move the pursuit track, kept between 0 and the top."""
    top = state.content.tables.tables.pursuit_top
    state.pursuit = max(0, min(top, state.pursuit + steps))


def card_of(state: DenState, card_id: str) -> ActionCard:
    return state.content.cards_by_id[card_id]


def seat_by_label(state: DenState, label: str) -> int | None:
    """The seat with this label."""
    seats: dict[str, int] | None = state.cache.get("seat labels")
    if seats is None:
        # Built from the last seat back, so a label names its first seat (labels are unique anyway).
        seats = state.cache["seat labels"] = {seat.label: i for i, seat in reversed(list(enumerate(state.seats)))}
    return seats.get(label)


def has_sickbay(state: DenState, ship: str) -> bool:
    """Whether a ship has an undamaged sickbay."""
    return any(
        station.kind == "sickbay" and state.ships[ship]["stations"][station.id]["damage"] is None
        for station in state.content.ships[ship].stations
    )


def resource_ok(state: DenState, resource: str) -> Why:
    if resource == "science" and not state.rules.science:
        return "edition", "science is a resource only in Infinite Domain"
    return None
