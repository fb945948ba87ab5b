"""WOLF rules as pure functions over the board: where a unit may move, whom it may reach, what a roll means.

Nothing here knows the state's layout; the state passes the squares that matter (units, barricades) as sets.
"""

from __future__ import annotations

from collections.abc import Container
from fractions import Fraction
from functools import cache
from typing import Final

from wolfpack.games.wolf.content import Board, Square, parse_square, square_name

PACK: Final = "pack"
"""The werewolves' turn in the turn order."""
HEROES: Final = "heroes"
WOLVES: Final = "wolves"
"""The two sides."""
BLACK: Final = "black"
GREY: Final = "grey"
"""The two kinds of wolf card: black contaminates."""

ONE_DIE: Final = tuple((face, Fraction(1, 6)) for face in range(1, 7))
"""The faces of one die with their chances."""


@cache
def dice_totals(count: int) -> tuple[tuple[int, Fraction], ...]:
    """The totals of `count` dice added, with their exact chances."""
    totals = {0: Fraction(1)}
    for _ in range(count):
        following: dict[int, Fraction] = {}
        for total, chance in totals.items():
            for face, face_chance in ONE_DIE:
                following[total + face] = following.get(total + face, Fraction(0)) + chance * face_chance
        totals = following
    return tuple(sorted(totals.items()))


@cache
def chance_at_least(dice: int, score: int) -> float:
    """The chance that `dice` dice add up to `score` or more."""
    return float(sum(chance for total, chance in dice_totals(dice) if total >= score))


def walk_destinations(board: Board, start: int, limit: int, obstacles: int, taken: int) -> int:
    """The squares a unit on the square `start` (its bit) may end on walking up to `limit` steps, orthogonally or
    diagonally, as a mask (`Board.bits`).

    It never steps onto obstacle terrain or an `obstacles` square, and never ends on a `taken` square (one unit
    per square); it may end where it started.
    """
    return walk_mask(board, start, limit, obstacles) & ~taken | start


def walk_mask(board: Board, start: int, limit: int, blocked: int) -> int:
    """The squares (a mask, `Board.bits`) a unit on the square `start` (its bit) walking up to `limit` steps could
    pass through or end on, taken ones too, never onto obstacle terrain or a `blocked` square. Breadth first, a whole
    step's squares at a time (the rules and the bots ask it at nearly every move)."""
    passable = board.open_mask & ~blocked & ~start  # the squares not reached yet that a step may reach
    spread = board.spread
    reached = frontier = start
    for _ in range(limit):
        following = spread(frontier) & passable
        if not following:
            break
        passable ^= following
        reached |= following
        frontier = following
    return reached


def teleport_destinations(board: Board, start: Square, limit: int, taken: Container[Square]) -> frozenset[Square]:
    """The open, free squares at most `limit` from `start`, whatever lies between (a teleport ignores obstacles)."""
    return frozenset(
        square
        for square in board.within(start, limit)
        if square == start or (board.is_open(square) and square not in taken)
    )


@cache
def sq(name: str) -> Square:
    """The square of a square name (remembered: the rules convert the same few hundred names all the time)."""
    return parse_square(name)


@cache
def name_of(square: Square) -> str:
    """The name of a square."""
    return square_name(square)
