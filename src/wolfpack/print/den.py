"""The printed kit of a Den of Wolves event, made from a content pack (the edition's own, or an organiser's), so an
organiser's pack prints exactly as it plays: a panel per ship, a jump sheet per ship, a sheet per role, the damage
decks, the action cards and the destination cards. `kit_html` makes one HTML document laid out for A4 paper
(`wolfpack.report.pdf.pdf_of` turns it into the PDF); every figure on it comes from the pack.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Any, Final

from wolfpack.games.den.content import (
    DISTANCES,
    RATION_LEVELS,
    ActionCard,
    DamageCard,
    DenContent,
    Destination,
    Edition,
    Effect,
    Role,
    Ship,
    Station,
)
from wolfpack.games.den.editions import EDITION_NAMES, RULESETS
from wolfpack.games.den.guide import effect_words, station_does, station_needs

STYLE: Final = resources.files("wolfpack.print").joinpath("kit.css").read_text("utf-8")
"""The kit's styles (kit.css beside this module)."""


def kit_html(content: DenContent, edition: Edition, turns: int, join: tuple[str, str] | None = None) -> str:
    """The whole kit as one HTML document for A4 paper (the jump sheets have a row for each of `turns`); `join`,
    an event's join slips as (their styles, their sections), follows the role sheets."""
    name = EDITION_NAMES.get(edition, edition)
    ships = content.fleet.ships
    sections = [
        _cover(content, name),
        *(_panel(ship) for ship in ships),
        *(_jump_sheet(ship, turns) for ship in ships),
        _roles(content, edition),
        join[1] if join else "",
        _cards("Damage decks", [_damage_card(card, ship) for ship in ships for card in _deck(content, ship)]),
        _cards("Action cards", [_action_card(card, ships) for card in content.cards.cards for _ in range(card.count)]),
        _cards("Destination cards", [_destination_card(card) for card in content.destinations.destinations]),
    ]
    return _document(f"Den of Wolves kit ({name})", sections, join[0] if join else "")


def fleet_state_html(control_view: Mapping[str, Any], title: str) -> str:
    """The paper fallback: every ship's state as Control sees it now (`control_view` is Control's observation),
    a page per ship, for a table to play on by hand if the network dies mid-event."""
    turn, step = control_view["turn"], control_view["step"]
    head = (
        f"<section><h1>{_e(title)}: the fleet on paper</h1><p>Turn {_e(turn)}, {_e(step)} step; pursuit "
        f"{_e(control_view['pursuit'])}; the fleet at {_e(control_view.get('fleet_at', ''))}.</p>"
    )
    rows = [
        [
            facts["name"],
            panel["morale"],
            _map_place(facts["quadrant"]),
            "yes" if facts["with_fleet"] else "no",
            ", ".join(facts["riots"]) or "none",
        ]
        for sid, facts in control_view["ships"].items()
        for panel in [control_view["panels"][sid]]
    ]
    cover = head + _table(["ship", "morale", "quadrant", "with the fleet", "riots"], rows) + "</section>"
    pages = [_ship_now(control_view["ships"][sid], panel) for sid, panel in control_view["panels"].items()]
    return _document(title, [cover, *pages])


def _map_place(quadrant: int | None) -> str:
    """Where a ship is on the fleet map: the centre, a quadrant, or (separated from the fleet) off the map."""
    if quadrant is None:
        return "off the map (separated)"
    return "centre" if quadrant == 0 else str(quadrant)


def _ship_now(facts: Mapping[str, Any], panel: Mapping[str, Any]) -> str:
    stations = [
        [
            name,
            slot["damage"] or "none",
            slot["riot"] or "none",
            " ".join(
                crew["id"] + (" (used)" if crew["used"] else "") + (" (wounded)" if crew["wounded"] else "")
                for crew in slot["crew"]
            )
            or "none",
        ]
        for name, slot in panel["stations"].items()
    ]
    units = [
        [
            uid,
            unit.get("kind", ""),
            "damaged" if unit.get("damaged") else "fit",
            f"quadrant {unit['quadrant']}" if unit.get("quadrant") else "aboard",
        ]
        for uid, unit in panel["units"].items()
    ]
    hold = _table(list(panel["hold"]), [list(panel["hold"].values())]) if panel["hold"] else "<p>empty</p>"
    rations = panel["rations"]
    return (
        f"<section><h2>{_e(facts['name'])}: morale {_e(panel['morale'])}"
        + (" <small>(anarchy)</small>" if facts["anarchy"] else "")
        + f"</h2><p>Rations: food {_e(rations['food'])}, water {_e(rations['water'])}. Coordinates set: "
        + f"{_e(panel['coords'] or 'none')}. Jump drive ready: {'yes' if panel['drive_ready'] else 'no'}.</p>"
        + f"<h3>Hold</h3>{hold}<h3>Stations</h3>"
        + _table(["station", "damage", "riot", "crew"], stations)
        + "<h3>Units</h3>"
        + _table(["unit", "kind", "state", "where"], units)
        + "</section>"
    )


def _document(title: str, sections: Iterable[str], style: str = "") -> str:
    """A whole HTML document for A4 paper with the kit's styles (and any more)."""
    head = f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title>'
    return head + f"<style>{STYLE}{style}</style></head><body>" + "".join(sections) + "</body></html>"


def _e(text: Any) -> str:
    return html.escape(str(text))


def _effects(effects: Iterable[Effect]) -> str:
    items = [f"<li>{_e(effect_words(effect))}</li>" for effect in effects]
    return f"<ul>{''.join(items)}</ul>" if items else "<p>no effect</p>"


def _table(head: Sequence[str], rows: Iterable[Sequence[Any]], raw: bool = False) -> str:
    """A table; with `raw`, the cells are HTML already."""
    cell = str if raw else _e
    body = "".join("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in row) + "</tr>" for row in rows)
    return (
        "<table><thead><tr>"
        + "".join(f"<th>{_e(h)}</th>" for h in head)
        + f"</tr></thead><tbody>{body}</tbody></table>"
    )


def _cover(content: DenContent, edition: str) -> str:
    ships = content.fleet.ships
    seats = sum(len(ship.roles) for ship in ships)
    decks = sum(card.count for deck in content.damage.decks.values() for card in deck)
    actions = sum(card.count for card in content.cards.cards)
    rows = [
        ["ship panels and jump sheets", f"{len(ships)} each"],
        ["role sheets", f"{seats} roles"],
        ["damage cards", f"{decks} in {len(content.damage.decks)} decks"],
        ["action cards", str(actions)],
        ["destination cards", str(len(content.destinations.destinations))],
    ]
    return (
        f"<section><h1>Den of Wolves, {_e(edition)}: the printed kit</h1>"
        "<p>Made from the content pack the event plays with: every number here is the one the game uses.</p>"
        + _table(["what", "how many"], rows)
        + "</section>"
    )


def _station_does(station: Station) -> str:
    if station.effects:
        return _effects(station.effects)
    return f"<p>{_e(station_does(station)[0])}</p>"


def _station_row(station: Station) -> list[str]:
    needs = station_needs(station)
    repair = f"{station.repair.engineers} engineer(s), {station.repair.materials} materials"
    return [_e(station.name), _e(needs), _e(station.capacity), _station_does(station), _e(repair)]


def _panel(ship: Ship) -> str:
    crew = ", ".join(f"{group.count} {group.training} on {ship.station(group.station).name}" for group in ship.crew)
    units = ", ".join(f"{group.count} {group.kind}" for group in ship.units) or "none"
    hold = _table(list(ship.hold), [list(ship.hold.values())]) if ship.hold else "<p>empty</p>"
    rations = _table(
        ["ration", *RATION_LEVELS],
        [
            ["food", *(ship.food.cost(level) for level in RATION_LEVELS)],
            ["water", *(ship.water.cost(level) for level in RATION_LEVELS)],
        ],
    )
    fuel = _table(["jump", *DISTANCES], [["fuel", *(ship.fuel.cost(distance) for distance in DISTANCES)]])
    levels = range(ship.morale.top + 1)
    track = (
        '<table class="track"><tr><th>morale</th>'
        + "".join(
            f"<td>{'<b>' + str(level) + '</b>' if level == ship.morale.start else level}</td>" for level in levels
        )
        + "</tr><tr><th>riot on</th>"
        + "".join(f"<td>{'-' if faces == 0 else f'1-{faces}'}</td>" for faces in ship.morale.riot_on)
        + "</tr></table>"
    )
    place = "the centre of the fleet map" if ship.centre else f"quadrant {ship.quadrant}"
    return (
        f"<section><h2>{_e(ship.name)} <small>({_e(ship.nation)}, size {ship.size}, starts in {_e(place)})</small></h2>"
        "<h3>Stations</h3>"
        + _table(
            ["station", "a use needs", "seats", "does", "repair"], [_station_row(s) for s in ship.stations], raw=True
        )
        + f"<h3>Crew and units at the start</h3><p>Crew: {_e(crew)}. Units: {_e(units)}. Shuttles: {ship.shuttles}.</p>"
        + f"<h3>Hold at the start</h3>{hold}<h3>Rations per turn</h3>{rations}<h3>Fuel per jump</h3>{fuel}"
        + f"<h3>Morale track</h3>{track}<p>Start on the bold level; a riot appears when the riot die shows the"
        " number under the ship's level or less.</p></section>"
    )


def _jump_sheet(ship: Ship, turns: int) -> str:
    rows = [[str(turn), "", "", "", ""] for turn in range(1, turns + 1)]
    costs = ", ".join(f"{distance} {ship.fuel.cost(distance)}" for distance in DISTANCES)
    return (
        f"<section><h2>Jump sheet: {_e(ship.name)}</h2>"
        f"<p>Fuel per jump: {_e(costs)}. Write the five digits of each jump you declare.</p>"
        + _table(["turn", "coordinates (5 digits)", "distance", "fuel paid", "resolved"], rows).replace(
            "<td></td>", '<td class="box"></td>'
        )
        + "</section>"
    )


def role_duties(content: DenContent, ship: Ship, role: Role, edition: Edition) -> list[str]:
    """What a role may do beyond working the ship with its team, from the pack: command and its chain, the fleet
    map, the Council and its offices, the direct orders of the president's office, reporting to the map in a Wolf
    Attack."""
    label = f"{ship.id}/{role.id}"
    council = content.council.council
    duties = []
    if role.commander:
        duties.append("commands the ship: moves it on the map, declares its jumps, gives crew leave to board a shuttle")
    else:
        place = [r.id for r in ship.roles if not r.commander].index(role.id) + 1
        duties.append(f"{_ordinal(place)} in line to command when those before are in the brig, wounded or away")
    if role.map_access:
        duties.append("may approach the fleet map")
    if label in content.combat.combat.reporters:
        duties.append("reports to the fleet map when the Wolves attack, to fly the fighters or fire the batteries")
    offices = {council.president: "President", council.vice_president: "Vice President"}
    offices[council.parliamentarian] = "Parliamentarian"
    if label in offices:
        duties.append(f"holds the Council's office of {offices[label]}")
    if label in council.members:
        duties.append("votes at the Council")
    elif label in council.observers:
        duties.append("sits at the Council without a vote until one is granted")
    givers = (council.president, council.vice_president) if RULESETS[edition].vice_president_gives_orders else ()
    if label == council.president or label in givers:
        duties.append(f"may order the admiral ({council.admiral}) directly in an emergency")
    return duties


def _ordinal(number: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(number, f"{number}th")


def _roles(content: DenContent, edition: Edition) -> str:
    parts = [
        "<section><h2>Role sheets</h2><p>Every role works its ship's panel with its team; below, what else it"
        " may do. Each player also gets a join slip for their phone (wolfpack print --event).</p>"
    ]
    for ship in content.fleet.ships:
        parts.append(f"<h3>{_e(ship.name)}</h3><table><thead><tr><th>role</th><th>may</th></tr></thead><tbody>")
        for role in ship.roles:
            duties = "".join(f"<li>{_e(duty)}</li>" for duty in role_duties(content, ship, role, edition))
            parts.append(f"<tr><td>{_e(role.title)}</td><td><ul>{duties}</ul></td></tr>")
        parts.append("</tbody></table>")
    return "".join(parts) + "</section>"


def _damage_card(card: DamageCard, ship: Ship) -> str:
    repair = (
        f"<p>Repair: {card.repair.engineers} engineer(s), {card.repair.materials} materials</p>" if card.repair else ""
    )
    works = "<p>The station still works.</p>" if card.works else "<p>The station stops working.</p>"
    return (
        f'<div class="card"><div class="kind">damage, {_e(ship.name)}</div><h3>{_e(card.name)}</h3>'
        f"<p>Station: {_e(card.station)}</p>"
        f"<p>At once:</p>{_effects(card.instant)}<p>Each turn:</p>{_effects(card.ongoing)}{works}{repair}</div>"
    )


def _deck(content: DenContent, ship: Ship) -> list[DamageCard]:
    """A ship's damage deck as printed: each card as many times as the deck holds it."""
    return [card for card in content.damage.decks[ship.id] for _ in range(card.count)]


def _action_card(card: ActionCard, ships: Sequence[Ship]) -> str:
    team = next((ship.name for ship in ships if ship.id == card.team), card.team)
    rules = [card.use.replace("-", " ")]
    rules += ["own ship only"] * card.own_ship_only + ["may be traded"] * card.tradeable
    rules += ["any time"] * card.any_time
    return (
        f'<div class="card"><div class="kind">action, {_e(team)}</div><h3>{_e(card.name)}</h3>'
        f"<p>{_e(', '.join(rules))}</p>{_effects(card.effects)}</div>"
    )


def _destination_card(card: Destination) -> str:
    rewards = ", ".join(f"{amount} {resource}" for resource, amount in card.rewards.items()) or "none"
    return (
        f'<div class="card"><div class="kind">destination, {_e(card.distance)}</div><h3>{_e(card.name)}</h3>'
        f"<p><b>{_e(card.coordinates)}</b></p><p>Rewards: {_e(rewards)}</p><p>{_e(card.risks)}</p></div>"
    )


def _cards(title: str, cards: Sequence[str]) -> str:
    return f'<section><h2>{_e(title)}</h2><div class="cards">{"".join(cards)}</div></section>'


__all__ = ["fleet_state_html", "kit_html"]
