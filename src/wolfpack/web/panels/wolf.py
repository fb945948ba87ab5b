"""WOLF panels: each hero seat's heroes (alive, dead or turned, where, and the cards they hold) and the pack's units
left; the table's shared counts and the object piles. A card's face is told exactly where the viewer's observation
shows it (a card the viewer has not seen is "face down"), so a panel holds no more than the viewer may know: the
viewer's own wolf cards, and so whether their heroes are contaminated, are in their own panel. At the end, which side
won, why, and who carried the virus (every wolf card is public then)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wolfpack.web.boards.wolf import HERO_FILL, TURNED_FILL, WOLF_FILLS, card_name, unit_labels
from wolfpack.web.panels.common import Shape, ending, fact, listed, mark, person

Observation = Mapping[str, Any]
DEAD_FILL = "#999999"
SIDES = {"heroes": "the heroes", "wolves": "the pack"}


def unit_name(observation: Observation, unit_id: str) -> str:
    """A hero or werewolf unit by the name the observation gives it (the pack in use), else by its id."""
    unit = {**observation["wolves"], **observation["heroes"]}.get(unit_id) or {}
    return str(unit.get("name") or unit_id)


def pack_seat(observation: Observation) -> int:
    """The werewolf player's seat: always the last."""
    return int(observation["players"]) - 1


def heroes_of(observation: Observation, seat: int) -> list[str]:
    """The heroes a seat plays now, in the pack's order (a turned hero is the pack's)."""
    return [hero_id for hero_id, hero in observation["heroes"].items() if hero.get("seat") == seat]


def cards_in_words(observation: Observation, cards: Sequence[object]) -> str:
    """Cards in order by face ("grey", "Shotgun") where the viewer has seen them, the others counted as face down."""
    faces = [card_name(observation, card) for card in cards if card != "?"]
    hidden = sum(card == "?" for card in cards)
    if hidden:
        faces.append(f"{hidden} face down")
    return ", ".join(faces) or "none"


def hero_state(observation: Observation, hero: Mapping[str, Any]) -> str:
    """A hero in words as the viewer sees him: where (or dead), and his cards, faces only where seen."""
    state = "turned werewolf" if hero.get("transformed") else "human"
    flags = [flag for flag in ("invisible", "intoxicated") if hero.get(flag)]
    where = f"on {hero['square']}" if hero.get("square") else "not placed yet"
    wolf_cards, objects = hero.get("wolf_cards", []), hero.get("objects", [])
    return " · ".join(
        [
            ", ".join([state, *flags, where]) if hero.get("alive") else "dead",
            f"wolf cards: {cards_in_words(observation, wolf_cards)}",
            f"objects: {cards_in_words(observation, objects)}",
        ]
    )


def hero_facts(observation: Observation, hero_ids: Sequence[str]) -> list[dict[str, str]]:
    """A line per hero: his name, then his state and cards as the viewer sees them."""
    return [fact(unit_name(observation, h), hero_state(observation, observation["heroes"][h])) for h in hero_ids]


def contamination(observation: Observation, hero_id: str) -> str | None:
    """Whether a living hero carries the virus (a black wolf card not cured), told only where the viewer sees all
    his wolf cards (a seat playing several heroes does not: the werewolf seat does, rulebook chapter 10)."""
    hero = observation["heroes"][hero_id]
    cards = [str(card) for card in hero.get("wolf_cards", [])]
    if not hero.get("alive") or "?" in cards:
        return None
    name = unit_name(observation, hero_id)
    return f"{name} is contaminated: a black wolf card" if "black" in cards else f"{name} is not contaminated"


def hero_marks(observation: Observation, hero_ids: Sequence[str]) -> str:
    """Each hero's disc with the number the board gives him (red once turned, grey once dead)."""
    labels = unit_labels(observation)
    marks: list[tuple[str, str, Shape]] = []
    for hero_id in hero_ids:
        hero = observation["heroes"][hero_id]
        fill = DEAD_FILL if not hero.get("alive") else (TURNED_FILL if hero.get("transformed") else HERO_FILL)
        marks.append((fill, labels[hero_id], "circle"))
    return mark(marks)


def seats(observation: Observation, seat: int | None) -> list[dict[str, Any]]:
    """A panel per seat: a hero seat's heroes one by one; the pack's units left and the heroes it turned."""
    panels = []
    last = pack_seat(observation)
    sides = observation.get("sides") or {}
    for index in range(int(observation["players"])):
        heroes = heroes_of(observation, index)
        if index == last:
            alive = [u for u, unit in observation["wolves"].items() if unit.get("alive")]
            facts = [fact("Werewolf units", f"{len(alive)} of {len(observation['wolves'])} in play")]
            facts += [
                fact(unit_name(observation, h), hero_state(observation, observation["heroes"][h])) for h in heroes
            ]
            panel_mark = mark([(WOLF_FILLS["werewolf"], "W", "square")])
            panel_title = "The pack"
        else:
            facts = hero_facts(observation, heroes)
            panel_mark = hero_marks(observation, heroes)
            panel_title = listed([unit_name(observation, h) for h in heroes]) or "No hero left"
        notes = []
        side = sides.get(str(index))
        # A seat's side is shown only where its observation holds it: its own, the pack's, and all at the end.
        if side is not None and index != last:
            notes.append(f"plays for {SIDES.get(str(side), side)}")
        if index == seat and index != last:  # your own wolf cards, in your own panel
            notes += [said for said in (contamination(observation, h) for h in heroes) if said]
        if index == last and observation.get("leave_always") and observation.get("winner") is None:  # its own view
            notes.append("takeover question: you leave every hero be until you change it")
        if index == observation.get("to_act"):
            notes.append("to act")
        panels.append({"seat": index, "title": panel_title, "mark": panel_mark, "notes": notes, "facts": facts})
    return panels


def shared(observation: Observation) -> list[dict[str, str]]:
    """The round, the wolf-card stock (dawn when it runs out), barricades, the cards left on each object pile (and
    their faces, top first, where the viewer has seen one), the objects played, and the pack's units that have acted
    this turn."""
    facts = [
        fact("Round", f"{observation['round']} of {observation['max_rounds']}"),
        fact("Wolf-card stock", f"{observation['stock']} (dawn when it runs out)"),
        fact("Barricades", f"{len(observation['barricades'])} up, {observation['barricades_left']} in the supply"),
    ]
    piles = []
    for pile in observation["piles"]:
        cards = pile["cards"]
        seen = any(card != "?" for card in cards)
        piles.append(
            f"{pile['square']} {len(cards)}" + (f" (top first: {cards_in_words(observation, cards)})" if seen else "")
        )
    facts.append(fact("Object piles, cards left", ", ".join(piles) or "none"))
    played = [card_name(observation, card) for card in observation["discard"]]
    facts.append(fact("Objects played", ", ".join(played) or "none"))
    if observation.get("released"):
        facts.append(fact("Wolf cards discarded face down", observation["released"]))
    if observation.get("acted"):
        facts.append(fact("Acted this turn", listed([unit_name(observation, u) for u in observation["acted"]])))
    return facts


def dice(observation: Observation) -> str | None:
    """WOLF keeps no dice on the table: each roll is read out in the turn sentence and the log."""
    return None


def carriers(observation: Observation) -> list[str]:
    """The living heroes holding a black wolf card not cured, as the end's observation shows every card."""
    return [
        unit_name(observation, hero_id)
        for hero_id, hero in observation["heroes"].items()
        if hero.get("alive") and any(str(card) == "black" for card in hero.get("wolf_cards", []))
    ]


def decided(observation: Observation) -> str:
    """Why the side that won did, read from the end position (the rulebook's two endings and our round limit)."""
    if observation.get("winner") == "wolves":
        reason = "The pack won: no hero free of the virus was left."
    elif int(observation["stock"]) == 0:
        reason = "The heroes won: the wolf cards ran out, and dawn rose."
    elif not any(unit.get("alive") for unit in observation["wolves"].values()):
        reason = "The heroes won: every werewolf is gone and no hero carries the virus."
    else:
        reason = f"The heroes won: dawn rose after round {observation['round']}, the last round of this table."
    infected = carriers(observation)
    if infected:
        reason += f" Carrying the virus at the end: {listed(infected)}."
    return reason


def end(observation: Observation, returns: Sequence[float], seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    """Which side won and why; each seat with what it played, its side at the end and its result."""
    last = pack_seat(observation)
    sides = observation.get("sides") or {}
    standings = []
    for index in range(len(returns)):
        heroes = [unit_name(observation, h) for h in heroes_of(observation, index)]
        plays = "the pack" if index == last else (listed(heroes) or "no hero left")
        side = SIDES.get(str(sides.get(str(index))))
        # A hero seat whose heroes all died plays for no side any more (the game's `side_of`): say what happened.
        story = f"played for {side}" if side else "no hero of theirs is left alive"
        result = "won" if returns[index] > 0 else "lost"
        standings.append((index, f"{person(names, index, plays)}: {story}", result, returns[index]))
    team = f"{SIDES.get(str(observation.get('winner')), 'nobody').capitalize()} won"
    if seat is None:
        return ending(team, "watching", decided(observation), standings)
    result = "won" if returns[seat] > 0 else "lost"
    return ending(f"You {result}: {team[0].lower()}{team[1:]}", result, decided(observation), standings)
