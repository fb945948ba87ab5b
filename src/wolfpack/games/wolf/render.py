"""WOLF as text: the map with its units on it, a legend, then the heroes, the pack and what the viewer knows.

The map is drawn from each square's terrain, not from the content pack's characters, so that no terrain mark can
be taken for a unit: units are digits and the capitals X, S, W (lower case while invisible or intoxicated), and
every furniture square is `%` whatever the pack calls it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wolfpack.games.wolf.content import WolfContent
from wolfpack.games.wolf.rules import sq

BARRICADE: Final = "="
"""A barricade unit on its threshold."""
TERRAIN_MARKS: Final[Mapping[str, str]] = {
    "floor": " ",
    "ground": ".",
    "wall": "#",
    "threshold": "+",
    "object": "*",
    "furniture": "%",
    "tree": "T",
    "car": "C",
    "bin": "G",
    "log": "L",
}
"""How each terrain is drawn (start squares and printed barricades are plain floor, ground and thresholds)."""
LEGEND: Final = (
    "  # wall  + door  = barricade  * object pile  % furniture  T tree  C car  G bin  L log",
    "  heroes 1-5 (a-e once turned)  X boss  S she-wolf  W werewolf (x s w: invisible or intoxicated)",
)
"""The legend printed under the map."""
HIDDEN: Final = "?"
"""A card the viewer has not seen (as the observation shows it)."""


def unit_marks(observation: Mapping[str, Any]) -> dict[str, str]:
    """One character per unit: heroes 1-5 in order (a transformed hero a letter a-e), the boss X, she-wolves S,
    werewolves W (drawn in lower case while invisible or intoxicated)."""
    marks = {}
    for number, (hero_id, hero) in enumerate(observation["heroes"].items()):
        marks[hero_id] = "abcde"[number] if hero["transformed"] else str(number + 1)
    for unit_id in observation["wolves"]:
        marks[unit_id] = "X" if unit_id == "boss" else ("S" if unit_id.startswith("she-wolf") else "W")
    return marks


def render(observation: Mapping[str, Any], content: WolfContent) -> str:
    """The board, the units and the viewer's knowledge as lines of text."""
    lines = [*draw_map(observation, content), *LEGEND, ""]
    lines.append(status_line(observation))
    lines.extend(viewer_lines(observation))
    marks = unit_marks(observation)
    for hero_id, hero in observation["heroes"].items():
        lines.append(hero_line(marks[hero_id], hero_id, hero))
    pack = [f"{marks[u]} {u} {w['square'] or '-'}{_flags(w)}" for u, w in observation["wolves"].items() if w["alive"]]
    lines.append("  pack: " + ("; ".join(pack) or "none left"))
    if observation["acted"]:
        lines.append(f"  acted this turn: {', '.join(observation['acted'])}")
    lines.append("  " + piles_line(observation))
    if observation["discard"]:
        lines.append(f"  discarded: {', '.join(observation['discard'])}")
    if observation["winner"]:
        lines.append(f"the {observation['winner']} have won")
    return "\n".join(lines)


def draw_map(observation: Mapping[str, Any], content: WolfContent) -> list[str]:
    """The grid with column letters above and row numbers on the left, barricades and units drawn on it."""
    board = content.board
    rows = [
        [TERRAIN_MARKS[board.terrain((column, row))] for column in range(board.width)] for row in range(board.height)
    ]
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
    return [header, *(f"{number:>3} {''.join(row)}" for number, row in enumerate(rows, start=1))]


def status_line(observation: Mapping[str, Any]) -> str:
    """The round, whose turn and which step (with what it waits on), and the counts everyone may see."""
    pending = _pending(observation["pending"])
    to_act = observation["to_act"]
    acting = f"; seat {to_act} to act" if isinstance(to_act, int) and to_act >= 0 else ""
    return (
        f"round {observation['round']}/{observation['max_rounds']}, {observation['turn']}'s turn, "
        f"step {observation['step']}{f' ({pending})' if pending else ''}{acting}; "
        f"wolf cards left {observation['stock']}, barricades left {observation['barricades_left']}"
    )


def viewer_lines(observation: Mapping[str, Any]) -> list[str]:
    """Whose view this is and, where known, the side each seat plays for."""
    viewer = observation["viewer"]
    sides = observation["sides"]
    if viewer is None:
        head = "public view"
    else:
        side = sides.get(str(viewer))
        head = f"seat {viewer}'s view" + (f": you play for the {side}" if side else "")
    known = [f"seat {seat} {side}" for seat, side in sorted(sides.items(), key=lambda item: int(item[0]))]
    return [f"{head}; sides known: {', '.join(known) or 'none'}"]


def hero_line(mark: str, hero_id: str, hero: Mapping[str, Any]) -> str:
    """A hero: his mark, seat, square, state and the cards he holds as the viewer sees them."""
    state = "dead" if not hero["alive"] else ("werewolf" if hero["transformed"] else "human")
    return (
        f"  {mark} {hero_id:<8} seat {hero['seat']} {hero['square'] or '-':<4} {state}{_flags(hero)}; "
        f"wolf cards [{', '.join(hero['wolf_cards'])}]; objects [{', '.join(hero['objects'])}]"
    )


def piles_line(observation: Mapping[str, Any]) -> str:
    """Each object pile's square and size, with the cards the viewer has seen (top first)."""
    piles = []
    for pile in observation["piles"]:
        cards = pile["cards"]
        known = f" ({', '.join(cards)})" if any(card != HIDDEN for card in cards) else ""
        piles.append(f"{pile['square']} {len(cards)}{known}")
    return "object piles (cards left): " + ", ".join(piles)


def _flags(unit: Mapping[str, Any]) -> str:
    """ " invisible", " intoxicated", both or nothing."""
    flags = [flag for flag in ("invisible", "intoxicated") if unit.get(flag)]
    return "".join(f" {flag}" for flag in flags)


def _pending(pending: Mapping[str, Any]) -> str:
    """What the waiting step needs, as `key value` pairs (a flag that is set shows as its key alone)."""
    parts = []
    for key, value in pending.items():
        if value is True:
            parts.append(key)
        elif value not in (None, False, [], ""):
            parts.append(f"{key} {', '.join(map(str, value)) if isinstance(value, list) else value}")
    return ", ".join(parts)
