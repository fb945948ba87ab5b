"""What each seat of Den of Wolves may see: observations, logs, the leak check's canaries, and a text rendering.

Control sees everything. Everyone sees every ship's basic facts (the Background Guide's), where every player is,
the fleet map and the pursuit track. A team sees its own ship's panel, its hands of action cards, its destination
cards and the coordinates it has learnt. A ship's panel is also seen by anyone at its table unless the team has
covered it (Vessel Privacy). Hands, destination cards and the damage deck never leave the team.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wolfpack.games.den.attack import attack_view
from wolfpack.games.den.content import DISTANCES, RATION_LEVELS
from wolfpack.games.den.council import council_view, order_ships
from wolfpack.games.den.rules import CONTROL, CONTROL_ONLY, PUBLIC, commander_of, crew_on

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState


def observation(state: DenState, player: int | None) -> dict[str, Any]:
    """Exactly what `player` may know (None: the public view)."""
    control = player == CONTROL
    own = state.seats[player].ship if player is not None else None
    at = state.people[str(player)]["at"] if player is not None else None
    view: dict[str, Any] = {
        "edition": state.rules.edition,
        "turn": state.turn,
        "turns": state.turns,
        "step": state.step,
        "paused": state.paused,
        "pursuit": state.pursuit,
        "quadrants": state.quadrant_count,
        "fleet_at": state.fleet_at if control else None,
        "rewards": dict(state.rewards),
        "ships": {sid: basic_facts(state, sid) for sid in state.ships},
        "people": {
            seat.label: {"at": state.people[str(i)]["at"], "status": state.people[str(i)]["status"]}
            for i, seat in enumerate(state.seats)
        },
        "seat": None if player is None else state.seats[player].label,
    }
    panels = {
        sid: panel(state, sid)
        for sid in state.ships
        if control or sid == own or (sid == at and not state.ships[sid]["hidden"])
    }
    view["panels"] = panels
    view["council"] = council_view(state, player)
    view["attack"] = attack_view(state, player)
    view["fighters"] = {
        uid: {"owner": unit["owner"], "quadrant": unit["quadrant"], "damaged": unit["damaged"]}
        for uid, unit in state.units.items()
        if unit["quadrant"] is not None
    }
    view["battles"] = copy.deepcopy(state.battles)
    if control:
        view["hands"] = {state.seats[int(i)].label: list(cards) for i, cards in state.hands.items() if cards}
        view["held"] = {sid: list(cards) for sid, cards in state.held.items() if cards}
        view["known"] = {sid: list(codes) for sid, codes in state.known.items() if codes}
        view["decks"] = {sid: list(ship["deck"]) for sid, ship in state.ships.items()}
        view["notices"] = [dict(n) for n in state.notices]
        view["destination_deck"] = len(state.destinations["deck"])
        view["fleet_at"] = state.fleet_at
    elif own is not None:
        view["hands"] = {
            state.seats[int(i)].label: list(cards)
            for i, cards in state.hands.items()
            if state.seats[int(i)].ship == own and cards
        }
        view["held"] = {own: list(state.held[own])}
        view["known"] = {own: list(state.known[own])}
        view["destinations"] = destination_cards(state, state.held[own])
    return view


def basic_facts(state: DenState, sid: str) -> dict[str, Any]:
    """What the whole fleet knows of a ship."""
    ship = state.ships[sid]
    card = state.content.ships[sid]
    commander = commander_of(state, sid)
    return {
        "name": card.name,
        "nation": card.nation,
        "size": card.size,
        "quadrant": ship["quadrant"],
        "with_fleet": ship["at"] == state.fleet_at,
        "jumping": ship["jump"] is not None,
        "hidden": ship["hidden"],
        "anarchy": ship["anarchy"],
        "riots": sorted(s for s, slot in ship["stations"].items() if slot["riot"] == "active"),
        "commander": None if commander is None else state.seats[commander].label,
    }


def panel(state: DenState, sid: str) -> dict[str, Any]:
    """A ship's panel: hold, what rations and jumps cost, stations with their crew, units, shuttles, morale, rations
    and jump sheet."""
    ship = state.ships[sid]
    card = state.content.ships[sid]
    return {
        "hold": dict(ship["hold"]),
        "ration_costs": {
            meal: {level: costs.cost(level) for level in RATION_LEVELS}
            for meal, costs in (("food", card.food), ("water", card.water))
        },
        "fuel_costs": {distance: card.fuel.cost(distance) for distance in DISTANCES},
        "morale": ship["morale"],
        "rations": {"food": ship["food"], "water": ship["water"]},
        "supplied": dict(ship["supplied"]),
        "coords": ship["coords"],
        "drive_ready": ship["drive_ready"],
        "emergency": ship["emergency"],
        "damage_this_turn": ship["damage"],
        "stations": {
            station: {
                "damage": slot["damage"],
                "riot": slot["riot"],
                "crew": [crew_view(state, cid) for cid in crew_on(state, sid, station)],
            }
            for station, slot in ship["stations"].items()
        },
        "units": {uid: dict(unit) for uid, unit in state.units.items() if unit["ship"] == sid},
        "shuttles": {
            shid: {"owner": s["owner"], "cargo": dict(s["cargo"])}
            for shid, s in state.shuttles.items()
            if s["at"] == sid
        },
    }


def crew_view(state: DenState, cid: str) -> dict[str, Any]:
    crew = state.crew[cid]
    return {"id": cid, "training": crew["training"], "used": crew["used"], "wounded": crew["wounded"]}


def destination_cards(state: DenState, ids: list[str]) -> list[dict[str, Any]]:
    """The cards with everything printed on them."""
    by_id = {d.id: d for d in state.content.destinations.destinations}
    return [
        {
            "id": d,
            "name": by_id[d].name,
            "coordinates": by_id[d].coordinates,
            "distance": by_id[d].distance,
            "risks": by_id[d].risks,
            "rewards": dict(by_id[d].rewards),
        }
        for d in ids
        if d in by_id
    ]


def log_for(state: DenState, player: int | None) -> list[str]:
    """The log lines `player` may read: public ones, their team's, and everything for Control."""
    if player == CONTROL:
        return [text for _, text in state.events]
    own = state.seats[player].ship if player is not None else None
    lines = []
    for audience, text in state.events:
        if audience == PUBLIC or (own is not None and audience != CONTROL_ONLY and own in audience.split(",")):
            lines.append(text)
    return lines


def plant_canaries(state: DenState) -> tuple[DenState, dict[int | None, tuple[set[str], set[str]]]]:
    """A copy with a canary in every team secret, and per viewer the canaries it must and must never see."""
    planted = state.clone()
    assert isinstance(planted, type(state))
    secrets: dict[str, set[str]] = {sid: set() for sid in state.ships}
    for seat_key, cards in planted.hands.items():
        ship = planted.seats[int(seat_key)].ship
        if ship is not None:
            canary = f"canary-hand-{seat_key}!"
            cards.append(canary)
            secrets[ship].add(canary)
    for sid in planted.ships:
        held = f"canary-held-{sid}!"
        known = f"canary-known-{sid}!"
        planted.held[sid].append(held)
        planted.known[sid].append(known)
        planted.ships[sid]["hidden"] = True
        secrets[sid] |= {held, known}
        deck_line = f"canary-deck-{sid}!"
        planted.events.append([sid, f"{sid} looks through the damage deck: {deck_line}"])
        secrets[sid].add(deck_line)
    # A direct order reaches the President's and the admiral's teams, and nobody else.
    order = "canary-order!"
    council = state.content.council.council
    ships = order_ships(planted, council.president, council.admiral)
    planted.council["orders"].append({"turn": planted.turn, "text": order, "ships": ships})
    for sid in ships:
        secrets[sid].add(order)
    everything = set().union(*secrets.values())
    viewers: dict[int | None, tuple[set[str], set[str]]] = {None: (set(), everything), CONTROL: (everything, set())}
    for index, seat in enumerate(planted.seats):
        if index == CONTROL:
            continue
        mine = secrets.get(seat.ship or "", set())
        viewers[index] = (mine, everything - mine)
    return planted, viewers


def render(observation: Mapping[str, Any]) -> str:
    """A plain-text summary of an observation: the turn, the pursuit track, each ship, the viewer's panels."""
    lines = [
        f"Turn {observation['turn']}/{observation['turns']} · {observation['step']}"
        f"{' · PAUSED' if observation['paused'] else ''} · pursuit {observation['pursuit']}"
    ]
    for ship in observation["ships"].values():
        where = f"q{ship['quadrant']}" if ship["quadrant"] else ("centre" if ship["with_fleet"] else "separated")
        riots = f" riots: {', '.join(ship['riots'])}" if ship["riots"] else ""
        lines.append(f"  {ship['name']:<14} {ship['nation']:<10} {where:<9}{riots}")
    for sid, panel_view in observation.get("panels", {}).items():
        hold = ", ".join(f"{k} {v}" for k, v in panel_view["hold"].items())
        lines.append(f"[{sid}] morale {panel_view['morale']} · {hold}")
        for station, slot in panel_view["stations"].items():
            crew = " ".join(
                c["id"].split(":")[1] + ("*" if c["used"] else "") + ("!" if c["wounded"] else "") for c in slot["crew"]
            )
            marks = (" DAMAGED" if slot["damage"] else "") + (f" RIOT({slot['riot']})" if slot["riot"] else "")
            lines.append(f"    {station:<16}{crew}{marks}")
    return "\n".join(lines)
