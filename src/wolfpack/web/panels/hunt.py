"""Wolves on the Hunt panels: each hunter's character, hearts and space; the village's elders and dogs and the Pack
Leader for the whole table; the dice in the pool; at the end, the hunters' shared result and what decided it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wolfpack.web.boards.hunt import DIE_FILLS, HUNTER_FILLS, hunter_name, location_name, space_name, wolf_name
from wolfpack.web.boards.svg import on_dark
from wolfpack.web.panels.common import dice_row, ending, fact, listed, mark, person

Observation = Mapping[str, Any]


def hunter_mark(index: int) -> str:
    """A hunter's disc in the board's colour for that seat, numbered from 1 like "Hunter 1"."""
    return mark([(HUNTER_FILLS[index % len(HUNTER_FILLS)], str(index + 1), "circle")])


def hearts(hunter: Mapping[str, Any]) -> str:
    """A hunter's hearts left, and how many more healing could give back."""
    left, dashed = int(hunter["hearts"]), int(hunter["dashed"])
    return f"{left} left" + (f", {dashed} more can be healed" if dashed else "")


def seats(observation: Observation, seat: int | None) -> list[dict[str, Any]]:
    """A panel per hunter: character, hearts, space and stats; whether active, holding the cross, or passed."""
    panels = []
    passed = observation.get("passed") or []
    stats = observation.get("stats") or []
    for index, hunter in enumerate(observation["hunters"]):
        notes = [
            note
            for note, applies in (
                ("active", index == observation.get("active") and observation.get("phase") == "players"),
                ("holds the cross", index == observation.get("cross")),
                ("passed", index < len(passed) and bool(passed[index])),
            )
            if applies
        ]
        shown = stats[index] if index < len(stats) else hunter.get("stats", {})
        space = space_name(observation, hunter["space"]) if hunter.get("space") else "not placed yet"
        facts = [fact("Hearts", hearts(hunter)), fact("Space", space)]
        if shown:
            facts.append(fact("Knife, rifle, traps", " / ".join(str(value) for value in shown.values())))
        facts += sheet_facts(hunter)
        panels.append(
            {
                "seat": index,
                "title": hunter_name(observation, index),
                "mark": hunter_mark(index),
                "notes": notes,
                "facts": facts,
            }
        )
    return panels


def sheet_facts(hunter: Mapping[str, Any]) -> list[dict[str, str]]:
    """What a hunter's sheet holds, for the panels: the board draws one sheet only (the seat's own, or the active
    hunter's to someone watching) so that it stays wide enough for a laptop's screen."""
    rows = [f"{row} {' '.join(str(n) for n in numbers)}" for row, numbers in hunter.get("rows", {}).items() if numbers]
    free = [f"{kind} {count}" for kind, count in hunter.get("free", {}).items() if count]
    mains = [f"{kind} {count}" for kind, count in hunter.get("mains", {}).items() if count]
    facts = [fact("Rows written", ", ".join(rows) or "none yet"), fact("Free actions", ", ".join(free) or "none")]
    if mains:
        facts.append(fact("Unlocked actions", ", ".join(mains)))
    return facts


def decks(observation: Observation) -> list[dict[str, str]]:
    """The wolf decks: how many cards each holds and where its next wolf comes in (the back of its top card)."""
    facts = []
    for kind, deck in (observation.get("decks") or {}).items():
        top = deck.get("top")
        where = f", the next comes in at {location_name(observation, top)}" if top else ""
        facts.append(fact(f"{str(kind).capitalize()} deck", f"{len(deck.get('cards') or [])} wolves{where}"))
    return facts


def shared(observation: Observation) -> list[dict[str, str]]:
    """What the hunters share: the round, the village's elders and dogs, the Pack Leader."""
    dogs = sum(1 for damage in observation["dogs"].values() if damage is not None)
    leader = observation.get("leader")
    where = observation.get("leader_location")
    arrived = f"at {location_name(observation, where)}" if where else "not arrived"
    return [
        fact("Round", f"{observation['round']} ({observation.get('round_kind', '?')})"),
        fact("Elders", observation["elders"]),
        fact("Dogs", f"{dogs} on guard, {observation.get('dog_supply', 0)} in the supply"),
        fact("Pack Leader", f"{wolf_name(observation, leader)} ({arrived})" if leader else "not drawn yet"),
        *decks(observation),
    ]


def dice(observation: Observation) -> str | None:
    """The dice in the pool, and the one the active hunter is playing, as coloured faces."""
    playing = (observation.get("turn") or {}).get("die")
    shown = []
    for colour, (value, where) in observation["dice"].items():
        if where == "pool" or colour == playing:
            fill = DIE_FILLS.get(str(colour), "#cccccc")
            name = f"{colour} die" + (" (being played)" if colour == playing else "")
            shown.append((value, fill, on_dark(fill), name))
    return dice_row(shown, "Dice in the pool") if shown else None


def decided(observation: Observation) -> str:
    """What ended the hunt, read from the end position."""
    if observation.get("result") == "win":
        return f"The Pack Leader, {wolf_name(observation, observation.get('leader'))}, was killed."
    fallen = [hunter_name(observation, i) for i, h in enumerate(observation["hunters"]) if int(h["hearts"]) <= 0]
    if fallen:
        return f"{listed(fallen)} had no heart left."
    if int(observation["elders"]) <= 0:
        return "The last elder of the village died."
    # The content pack sets how many rounds there are; the game ended at the last one, which the observation holds.
    return f"Round {observation['round']} ended with the Pack Leader still alive."


def end(observation: Observation, returns: Sequence[float], seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    """The hunters' shared result (they win or lose together), what decided it, and each hunter's hearts."""
    won = observation.get("result") == "win"
    result = "won" if won else "lost"
    team = "The hunters won together" if won else "The hunters lost together"
    # The hunters share one fate, so they share one rank whatever their hearts.
    standings = [
        (
            index,
            f"{person(names, index, hunter_name(observation, index))}: {int(hunter['hearts'])} hearts left",
            result,
            0.0,
        )
        for index, hunter in enumerate(observation["hunters"])
    ]
    top = team if seat is None else f"You {result}: {team[0].lower()}{team[1:]}"
    return ending(top, result if seat is not None else "watching", decided(observation), standings)
