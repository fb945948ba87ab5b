"""Den of Wolves: chance events (dice and draws) and the turn: Control's advance, the Team Phase, the broadcast's rolls,
the turn's end, and the jumps Control resolves."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from wolfpack.games.den.content import RATION_LEVELS, RationLevel, row_for
from wolfpack.games.den.notation import words

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState
from wolfpack.games.den.rules import (
    CONTROL_ONLY,
    DIE,
    PUBLIC,
    _aegis,
    crew_on,
    damage_card,
    damage_unit,
    fully_damaged,
    move_pursuit,
    note,
    notify_control,
    room_in,
    run_effects,
    shift_morale,
    station_card,
    wound_crew,
)

SETTLED: list[Callable[[DenState], None]] = []
"""Called whenever no chance event is pending (the Wolf Attack moves its rounds on here)."""
TURN_ENDS: list[Callable[[DenState], None]] = []
"""Called as a turn ends, before the next begins (the Council's unsigned bills return; units in the Ready Room)."""
MORALE_MODIFIERS: list[Callable[[DenState, str], int]] = []
"""Further terms of a ship's morale roll (the laws that fail the fleet)."""
JUMPED: list[Callable[[DenState, dict[str, str]], None]] = []
"""Called with the ships that jumped (and where to) once Control has resolved the declared jumps."""


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
    if "choices" in event:
        return [(f"pick {s}", 1 / len(event["choices"])) for s in event["choices"]]
    return [(f"roll {face}", 1 / 6) for face in DIE]


def apply_chance(state: DenState, action: str) -> None:
    """Resolve the pending chance event with its outcome, then whatever it sets off."""
    resolve(state, state.pending.pop(0), words(action)[1])


def resolve(state: DenState, event: dict[str, Any], value: str) -> None:
    """Apply a chance event's outcome (the server's or a table's die entered), then whatever it sets off."""
    RESOLVE[event["kind"]](state, event, value)
    settle(state)


TABLE_DICE: Final = frozenset({"morale", "riot", "spread", "disperse", "emergency", "freeform"})
"""The rolls that concern one ship, which its table rolls with real dice when the event plays with table dice."""


def die_ship(event: dict[str, Any]) -> str:
    """The ship at whose table a die is rolled (a freeform roll's ship is the audience of its result)."""
    return str(event.get("ship") or event["audience"])


def hold_table_dice(state: DenState) -> None:
    """With table dice, each ship's own rolls leave the chance queue to await entry, in the order they came."""
    if not state.table_dice or not state.pending:
        return
    kept = []
    for event in state.pending:
        if event["kind"] not in TABLE_DICE:
            kept.append(event)
            continue
        ship = die_ship(event)
        # Die ids are never reused, so an entry meant for a die already entered is refused, not given to the next.
        state.dice["awaiting"].setdefault(ship, []).append({**event, "id": f"{ship}:d{state.dice['next']}"})
        state.dice["next"] += 1
    state.pending[:] = kept


def awaited_ships(state: DenState) -> list[str]:
    """The ships with dice awaiting entry, in the fleet's order."""
    return [ship for ship in state.ships if state.dice["awaiting"].get(ship)]


def enter_die(state: DenState, ship: str, value: str) -> None:
    """A ship's first awaited die is entered: its outcome applies as the server's roll would."""
    awaiting = state.dice["awaiting"]
    die = awaiting[ship].pop(0)
    if not awaiting[ship]:
        del awaiting[ship]
    resolve(state, {key: item for key, item in die.items() if key != "id"}, value)


def settle(state: DenState) -> None:
    """Drop chance events that no longer have outcomes; once a broadcast's rolls are done (dice awaiting entry
    included), end the turn."""
    while True:
        hold_table_dice(state)
        if not state.pending:
            for hook in SETTLED:
                hook(state)
        while state.pending and not _has_outcomes(state, state.pending[0]):
            event = state.pending.pop(0)
            if event["kind"] == "destination":
                note(state, CONTROL_ONLY, "the destination deck is empty: no card drawn")
            elif event["kind"] == "damage":
                what = f"no card for {event['station']} left in" if event.get("station") else "nothing left in"
                notify_control(
                    state, f"{event['ship']}: {what} the damage deck: damage not drawn", "damage-deck", event["ship"]
                )
        if state.pending or state.step != "news" or state.dice["awaiting"]:
            return
        # The next turn's destination draw is queued here and may itself have nothing to draw: check again.
        end_turn(state)


def _has_outcomes(state: DenState, event: dict[str, Any]) -> bool:
    if event["kind"] == "destination":
        return bool(state.destinations["deck"])
    if event["kind"] == "damage":
        return bool(damage_draws(state, event))
    if "choices" in event:
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
        if state.ships[ship]["destroyed"]:
            return
        if fully_damaged(state, ship):
            # Our default: a hit that finds nothing left to break may destroy the ship (the rulebooks never say);
            # losing a team's ship is Control's to confirm.
            if not any(notice.get("destroy") == ship for notice in state.notices):
                text = f"{ship} is hit again with every station already damaged: destroyed if Control confirms"
                notify_control(state, text, "destroyed", ship, {"destroy": ship})
            return
        notify_control(
            state, f"{ship} drew {value} but every {card.station} station is already damaged", "damage-deck", ship
        )
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
    change = row_for(state.content.tables.tables.morale_bands, total).result
    shift_morale(state, ship, change)
    note(state, ship, f"{ship} morale roll {value}{morale_modifier(state, ship):+d} = {total}: {change:+d} level(s)")
    note(state, ship, f"{ship}'s morale is now {state.ships[ship]['morale']}")


def morale_modifier(state: DenState, ship: str) -> int:
    """Everything added to a ship's morale d6: damage, boarders, food and water supplied, station effects, the news."""
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
        + record.get("morale_roll", 0)
        + sum(term(state, ship) for term in MORALE_MODIFIERS)
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


def riot_gone(state: DenState, event: dict[str, Any], roll: str, value: str) -> bool:
    """Whether the riot a die was rolled for is no longer active (Control took it off while a table's die waited):
    the die then decides nothing."""
    ship, station = event["ship"], event["station"]
    if state.ships[ship]["stations"][station]["riot"] == "active":
        return False
    note(state, PUBLIC, f"the riot on {ship}.{station} is over: its {roll} roll ({value}) decides nothing")
    return True


def resolve_spread(state: DenState, event: dict[str, Any], value: str) -> None:
    if riot_gone(state, event, "spread", value):
        return
    if int(value) <= state.content.tables.tables.spread_on:
        note(state, PUBLIC, f"the riot on {event['ship']}.{event['station']} spreads")
        queue_riot(state, event["ship"], front=True)


def resolve_disperse(state: DenState, event: dict[str, Any], value: str) -> None:
    if riot_gone(state, event, "dispersal", value):
        return
    total = int(value) + event["bonus"]
    result = row_for(state.content.tables.tables.dispersal, total).result
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
    # A destroyed ship has nobody aboard to feed, no morale to roll and no stations to riot on.
    afloat = [sid for sid, ship in state.ships.items() if not ship["destroyed"]]
    for sid in afloat:
        pay_rations(state, sid)
    for sid in afloat:
        state.pending.append({"kind": "morale", "ship": sid})
        state.pending.append({"kind": "riot", "ship": sid})
    for sid in afloat:
        for station, slot in state.ships[sid]["stations"].items():
            if slot["riot"] == "active" and slot["riot_turn"] < state.turn and not slot["riot_tried"]:
                state.pending.append({"kind": "spread", "ship": sid, "station": station})
    note(state, PUBLIC, f"turn {state.turn}: the news is broadcast")


def pay_rations(state: DenState, ship: str) -> None:
    """Pay the chosen food and water levels; a hold that cannot pay supplies the best level it can."""
    record = state.ships[ship]
    panel = state.content.ships[ship]
    for meal in ("food", "water"):
        costs = panel.food if meal == "food" else panel.water
        level = ration_supplied(state, ship, meal)
        record["hold"][meal] -= costs.cost(level)
        record["supplied"][meal] = level
        if level != record[meal]:
            note(state, ship, f"{ship} could only supply {level} {meal} rations")


def ration_supplied(state: DenState, ship: str, meal: str) -> RationLevel:
    """The level of `meal` the broadcast would supply a ship: the level set, or the best its hold can pay."""
    record = state.ships[ship]
    panel = state.content.ships[ship]
    costs = panel.food if meal == "food" else panel.water
    start = RATION_LEVELS.index(record[meal])
    return next(level for level in RATION_LEVELS[start:] if costs.cost(level) <= record["hold"][meal])


def end_turn(state: DenState) -> None:
    """The pursuit track rises; the turn's marks clear; the next turn starts with the Aegis' draw (or the end)."""
    move_pursuit(state, 1)
    note(state, PUBLIC, f"turn {state.turn} ends; the pursuit track rises to {state.pursuit}")
    for ship in state.ships.values():
        ship.update(drive_ready=False, emergency=False, jumped=False, damage=0, boarders=0, news=0, morale_roll=0)
        for slot in ship["stations"].values():
            # A riot's dispersal attempts count for the turn they were made in (Riot Propagation).
            slot["riot_tried"] = False
    for unit in state.units.values():
        unit["pinned"] = False
    for index, person in state.people.items():
        if person["status"] == "sickbay":
            person["status"] = "free"
            seat = state.seats[int(index)]
            person["at"] = seat.ship
    state.swaps.clear()
    for hook in TURN_ENDS:
        hook(state)
    if state.turn >= state.turns:
        state.over = True
        state.step = "over"
        note(state, PUBLIC, "the event is over")
        return
    state.turn += 1
    state.step = "start"
    state.pending.append({"kind": "destination", "ship": _aegis(state)})
    note(state, PUBLIC, f"turn {state.turn} begins")


def resolve_jumps(state: DenState, ruling: str | None = None) -> None:
    """Every declared jump happens together: ships with the same coordinates arrive together; a majority moves the
    fleet (the pursuit track drops, rewards appear); the rest are separated, and Control is told (see separated)."""
    jumping = {sid: ship["jump"] for sid, ship in state.ships.items() if ship["jump"] is not None}
    aegis = _aegis(state)
    afloat = {sid: ship for sid, ship in state.ships.items() if not ship["destroyed"]}
    with_the_fleet = {sid for sid, ship in afloat.items() if ship["at"] == state.fleet_at}
    for sid, target in jumping.items():
        ship = state.ships[sid]
        ship.update(at=target, jump=None, jumped=True)
        if ship["emergency"]:
            ship["emergencies"] += 1
            emergency_damage(state, sid)
    groups: dict[str, list[str]] = {}
    for sid, ship in afloat.items():
        groups.setdefault(ship["at"], []).append(sid)
    # The fleet is the ships still afloat: a destroyed ship counts neither for the majority nor against it.
    majority = len(afloat) // 2 + 1
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
    for sid, ship in afloat.items():
        if ship["at"] != state.fleet_at:
            if sid in jumping or before != state.fleet_at:
                separated(state, sid, ruling, sid in with_the_fleet)
            ship["quadrant"] = None if not state.content.ships[sid].centre else 0
        elif ship["quadrant"] is None:
            ship["quadrant"] = next(
                (q for q in range(1, state.quadrant_count + 1) if room_in(state, q) >= state.content.ships[sid].size),
                None,
            )
            if ship["quadrant"] is None:
                notify_control(state, f"{sid} rejoins the fleet but no quadrant has room: place it", "no-room", sid)
    if aegis in jumping:
        holders = state.held if state.rules.destinations_pass_between_teams else {aegis: state.held[aegis]}
        for sid, cards in holders.items():
            state.destinations["discard"] += cards
            state.held[sid] = []
        note(state, PUBLIC, "the Aegis has jumped: held destination cards are discarded")
    for sid, target in jumping.items():
        note(state, PUBLIC, f"{sid} jumps{' to ' + target if not target.startswith('void-') else ' blind'}")
    for hook in JUMPED:
        hook(state, jumping)


def separated(state: DenState, ship: str, ruling: str | None, newly: bool) -> None:
    """Control is told a ship is left separated from the fleet: a notice to settle, or, where Control gave its ruling
    for separated ships with the resolve, that ruling at once, read by the ship's team (no notice is opened). A ship
    that was with the fleet until now also opens a suggestion of fleet morale, which Control confirms or settles."""
    text = f"{ship} is separated from the fleet (at {state.ships[ship]['at']})"
    if ruling is None:
        notify_control(state, text, "separated", ship)
    else:
        note(state, ship, f'Control: {text} ("{ruling}")')
    levels = state.content.tables.tables.fleet_morale_separated
    if newly and levels:
        event = f"{ship} is separated from the fleet"
        suggestion = f"{event}: fleet morale {levels:+d} suggested (confirm or settle)"
        notify_control(state, suggestion, "fleet-morale", ship, {"fleet_morale": levels, "event": event})


def emergency_damage(state: DenState, ship: str) -> None:
    """An emergency jump may damage stations: classic rolls the pack's table; Infinite Domain asks Control."""
    if not state.rules.emergency_damage_by_table:
        notify_control(state, f"{ship} made an emergency jump: adjudicate any station damage", "emergency-jump", ship)
        return
    table = state.content.tables.tables.emergency_damage
    if not table:
        return
    faces = table[min(state.ships[ship]["emergencies"], len(table)) - 1]
    for station in state.ships[ship]["stations"]:
        state.pending.append({"kind": "emergency", "ship": ship, "station": station, "faces": faces})
