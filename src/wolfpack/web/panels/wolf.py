"""WOLF panels: each hero seat's heroes (alive, dead or turned, where, and how many cards they hold) and the pack's
units left; never a card's face: wolf cards and object cards are counted, so a panel holds no secret even where the
viewer's own observation shows one. At the end, which side won, why, and who carried the virus (every wolf card is
public then)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wolfpack.web.boards.wolf import HERO_FILL, TURNED_FILL, WOLF_FILLS, unit_labels
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


def hero_state(hero: Mapping[str, Any]) -> str:
    """A hero in words as everyone sees him: where, and how many cards he holds (counts only), or dead."""
    if not hero.get("alive"):
        return "dead"
    state = "turned werewolf" if hero.get("transformed") else "human"
    flags = [flag for flag in ("invisible", "intoxicated") if hero.get(flag)]
    objects, wolf_cards = len(hero.get("objects", [])), len(hero.get("wolf_cards", []))
    where = f"on {hero['square']}" if hero.get("square") else "not placed yet"
    return ", ".join(
        [
            state,
            *flags,
            where,
            f"{objects} object card{'' if objects == 1 else 's'}",
            f"{wolf_cards} wolf card{'' if wolf_cards == 1 else 's'}",
        ]
    )


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
            facts += [fact(unit_name(observation, h), hero_state(observation["heroes"][h])) for h in heroes]
            panel_mark = mark([(WOLF_FILLS["werewolf"], "W", "square")])
            panel_title = "The pack"
        else:
            facts = [fact(unit_name(observation, h), hero_state(observation["heroes"][h])) for h in heroes]
            panel_mark = hero_marks(observation, heroes)
            panel_title = listed([unit_name(observation, h) for h in heroes]) or "No hero left"
        notes = []
        side = sides.get(str(index))
        # A seat's side is shown only where its observation holds it: its own, the pack's, and all at the end.
        if side is not None and index != last:
            notes.append(f"plays for {SIDES.get(str(side), side)}")
        if index == observation.get("to_act"):
            notes.append("to act")
        panels.append({"seat": index, "title": panel_title, "mark": panel_mark, "notes": notes, "facts": facts})
    return panels


def shared(observation: Observation) -> list[dict[str, str]]:
    """The round, the wolf-card stock (dawn when it runs out), barricades and object piles."""
    cards = sum(len(pile["cards"]) for pile in observation["piles"])
    return [
        fact("Round", f"{observation['round']} of {observation['max_rounds']}"),
        fact("Wolf-card stock", f"{observation['stock']} (dawn when it runs out)"),
        fact("Object cards in piles", cards),
        fact("Barricades", f"{len(observation['barricades'])} up, {observation['barricades_left']} in the supply"),
    ]


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
