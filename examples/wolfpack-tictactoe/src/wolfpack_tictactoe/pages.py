"""What wolfpack's pages show of tic-tac-toe: the board as SVG drawn on the server from a seat's observation, the
turn sentence, the moves, a panel per seat, and the files in web/ (the board's stylesheet, the lobby's picture,
the card and rules page). wolfpack finds `PAGES` through the `wolfpack.pages` entry point."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any

from wolfpack.web.boards import Presenter
from wolfpack.web.boards.svg import INK, document, el, group, text, title
from wolfpack.web.panels import GENERIC, PanelMaker
from wolfpack.web.panels.common import fact, mark
from wolfpack.web.plugins import GamePages
from wolfpack_tictactoe import rules

CELL = 100
MARGIN = 28
"""Room left of the grid for the row numbers and below it for the column letters."""
SIZE = MARGIN + 3 * CELL + 8
COLOURS = {"X": "#D55E00", "O": "#0072B2"}
"""Okabe-Ito vermillion and blue, as the other boards' seats; the shapes (a cross, a ring) tell them apart too."""


def _corner(square: int) -> tuple[int, int]:
    """The top-left corner of a square's cell (row 3 is drawn at the top)."""
    return MARGIN + (square % 3) * CELL, (2 - square // 3) * CELL


def _mark(square: int, mark_: str) -> str:
    """A cross or a ring in its cell."""
    x, y = _corner(square)
    pad, colour = 22, COLOURS[mark_]
    if mark_ == "X":
        strokes = [
            el("line", x1=x + pad, y1=y + pad, x2=x + CELL - pad, y2=y + CELL - pad),
            el("line", x1=x + CELL - pad, y1=y + pad, x2=x + pad, y2=y + CELL - pad),
        ]
        return group(strokes, class_="mark-x", stroke=colour, stroke_width="12", stroke_linecap="round")
    ring = el("circle", cx=x + CELL / 2, cy=y + CELL / 2, r=CELL / 2 - pad, fill="none")
    return group([ring], class_="mark-o", stroke=colour, stroke_width="12")


def _square(board: str, square: int) -> str:
    """A square's cell: clickable (`data-pick`) while free, with its mark once marked."""
    x, y = _corner(square)
    name = rules.square_name(square)
    owner = board[square]
    cell = el("rect", x=x, y=y, width=CELL, height=CELL, fill="#fff", stroke=INK, stroke_width="2", class_="square")
    if owner == rules.EMPTY:
        return group([title(f"{name}, free"), cell], data_pick=f"sq-{name}", data_label=f"{name}, free")
    return group([title(f"{name}, {owner}"), cell, _mark(square, owner)], class_="marked")


def board_svg(observation: Mapping[str, Any], seat: int | None) -> str:
    """The grid with its marks, free squares marked for clicking, and the winning line struck through."""
    board = observation["board"]
    parts = [_square(board, square) for square in range(9)]
    parts += [text(MARGIN / 2, y * CELL + CELL / 2 + 7, 3 - y, text_anchor="middle", font_size="20") for y in range(3)]
    parts += [
        text(MARGIN + x * CELL + CELL / 2, 3 * CELL + 22, "abc"[x], text_anchor="middle", font_size="20")
        for x in range(3)
    ]
    won = rules.winning_line(board)
    if won is not None:
        (x1, y1), (x2, y2) = (_corner(won[0]), _corner(won[2]))
        half = CELL / 2
        parts.append(el("line", x1=x1 + half, y1=y1 + half, x2=x2 + half, y2=y2 + half, class_="win", stroke=INK))
    return document(SIZE, SIZE, parts, "Tic-tac-toe grid", class_="board tictactoe")


def turn_text(observation: Mapping[str, Any], seat: int | None) -> str:
    """Whose mark is next, or how the game ended."""
    if observation["winner"] is not None:
        return f"{observation['winner']} wins: three in a line."
    to_act = observation["to_act"]
    if to_act is None:
        return "A draw: the grid is full and nobody has a line."
    mine = rules.MARKS[to_act]
    return f"Your turn: mark a free square (you are {mine})." if to_act == seat else f"{mine} to mark."


def describe(observation: Mapping[str, Any], action: str) -> tuple[str, str]:
    """Every move is one kind: marking a square."""
    return "Mark a square", f"Mark {action}"


def details(observation: Mapping[str, Any], action: str) -> Mapping[str, Any]:
    """A move is one click on its square."""
    return {"picks": [f"sq-{action}"]}


def seats(observation: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """A panel per player: its mark and how many squares it holds."""
    return [
        {
            "seat": index,
            "title": symbol,
            "mark": mark([(COLOURS[symbol], symbol, "square")]),
            "notes": ["to mark"] if observation["to_act"] == index else [],
            "facts": [fact("Squares", observation["board"].count(symbol))],
        }
        for index, symbol in enumerate(rules.MARKS)
    ]


PAGES = GamePages(
    presenter=Presenter(board_svg, turn_text, describe, details),
    panels=PanelMaker(seats, lambda observation: [], lambda observation: None, GENERIC.end),
    files=resources.files("wolfpack_tictactoe") / "web",
    stylesheet="board.css",
    words="words.toml",
)
