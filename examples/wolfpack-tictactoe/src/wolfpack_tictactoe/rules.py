"""The rules of tic-tac-toe as small pure functions of the board.

A board is nine characters, the squares a1, b1, c1, a2, ... c3 (columns a-c from the left, rows 1-3 from the
bottom), each "X", "O" or "." for empty. X marks first.
"""

from __future__ import annotations

MARKS = ("X", "O")
EMPTY = "."
EMPTY_BOARD = EMPTY * 9
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
"""The three rows, three columns and two diagonals: filling one with your mark wins."""


def square_name(square: int) -> str:
    """A square's name: "a1" for 0, "c3" for 8."""
    return "abc"[square % 3] + "123"[square // 3]


def seat_to_mark(board: str) -> int:
    """The seat marking next: X (0) when both have marked as often, else O (1)."""
    return 0 if board.count("X") == board.count("O") else 1


def winning_line(board: str) -> tuple[int, int, int] | None:
    """The first line one mark fills, if one does."""
    return next((line for line in LINES if board[line[0]] != EMPTY and len({board[i] for i in line}) == 1), None)


def winning_mark(board: str) -> str | None:
    """The mark that fills a line, if one does."""
    line = winning_line(board)
    return None if line is None else board[line[0]]


def is_over(board: str) -> bool:
    """Whether the game has ended: a line is filled, or no square is free."""
    return winning_mark(board) is not None or EMPTY not in board


def free_squares(board: str) -> list[int]:
    """The squares nobody has marked, in order."""
    return [square for square, mark in enumerate(board) if mark == EMPTY]


def marked(board: str, square: int) -> str:
    """The board once the seat to mark has marked `square` (a free one)."""
    return board[:square] + MARKS[seat_to_mark(board)] + board[square + 1 :]


def results(board: str) -> list[float]:
    """Each seat's return: 1 to the winner and -1 to the loser; 0 each for a draw or a game still going."""
    winner = winning_mark(board)
    if winner is None:
        return [0.0, 0.0]
    return [1.0, -1.0] if winner == "X" else [-1.0, 1.0]


def position_problem(board: object) -> str | None:
    """What is wrong with a position, if anything: a reason a board cannot arise in play."""
    if not isinstance(board, str) or len(board) != 9 or set(board) - {"X", "O", EMPTY}:
        return "a position is nine characters, each X, O or '.' (a1, b1, c1, a2, ... c3)"
    crosses, rings = board.count("X"), board.count("O")
    if crosses - rings not in (0, 1):
        return f"X marks first, so X has as many marks as O or one more (here X {crosses}, O {rings})"
    wins = {board[a] for a, b, c in LINES if board[a] != EMPTY and board[a] == board[b] == board[c]}
    if len(wins) > 1:
        return "both X and O have a line: play stops at the first"
    if wins and seat_to_mark(board) == MARKS.index(wins.pop()):
        return "the player with a line has won, so the other cannot have marked after it"
    return None
