"""WOLF as text: the map with its units on it, then the heroes, the pack and what the viewer knows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wolfpack.games.wolf.content import WolfContent
from wolfpack.games.wolf.rules import sq

BARRICADE = "="
"""A barricade unit on its threshold (the map's B and + squares show the threshold underneath)."""


def unit_marks(observation: Mapping[str, Any]) -> dict[str, str]:
    """One character per unit: heroes 1-5 in order (a transformed hero a letter a-e), the boss X, she-wolves S,
    werewolves W; lower case while invisible or intoxicated."""
    marks = {}
    for number, (hero_id, hero) in enumerate(observation["heroes"].items()):
        mark = "abcde"[number] if hero["transformed"] else str(number + 1)
        marks[hero_id] = mark
    for unit_id in observation["wolves"]:
        marks[unit_id] = "X" if unit_id == "boss" else ("S" if unit_id.startswith("she-wolf") else "W")
    return marks


def render(observation: Mapping[str, Any], content: WolfContent) -> str:
    """The board, the units and the viewer's knowledge as lines of text."""
    board = content.board
    # Start squares matter only at setup; drawn as plain floor and ground they cannot be taken for units.
    rows = [list(row.replace("H", " ").replace("W", ".")) for row in board.rows]
    for square in observation["barricades"]:
        column, row = sq(square)
        rows[row][column] = BARRICADE
    marks = unit_marks(observation)
    units = {**observation["heroes"], **observation["wolves"]}
    for unit_id, unit in units.items():
        if unit["alive"] and unit["square"] is not None:
            column, row = sq(unit["square"])
            mark = marks[unit_id]
            rows[row][column] = mark.lower() if unit["invisible"] or unit["intoxicated"] else mark
    header = "    " + "abcdefghijklmnopqrstuvwxyz"[: board.width]
    lines = [header, *(f"{number:>3} {''.join(row)}" for number, row in enumerate(rows, start=1))]
    lines.append("")
    who = "public view" if observation["viewer"] is None else f"seat {observation['viewer']}"
    lines.append(
        f"round {observation['round']}/{observation['max_rounds']}, {observation['turn']}'s turn, "
        f"step {observation['step']} ({who}); wolf cards left {observation['stock']}, "
        f"barricades left {observation['barricades_left']}"
    )
    for hero_id, hero in observation["heroes"].items():
        state = "dead" if not hero["alive"] else ("werewolf" if hero["transformed"] else "human")
        flags = [flag for flag in ("invisible", "intoxicated") if hero[flag]]
        lines.append(
            f"  {marks[hero_id]} {hero_id:<8} seat {hero['seat']} {hero['square'] or '-':<4} {state}"
            f"{' ' + ' '.join(flags) if flags else ''}; wolf cards [{', '.join(hero['wolf_cards'])}]; "
            f"objects [{', '.join(hero['objects'])}]"
        )
    pack = [f"{marks[u]} {u} {w['square']}" for u, w in observation["wolves"].items() if w["alive"]]
    lines.append("  pack: " + ("; ".join(pack) or "none left"))
    if observation["winner"]:
        lines.append(f"the {observation['winner']} have won")
    return "\n".join(lines)
