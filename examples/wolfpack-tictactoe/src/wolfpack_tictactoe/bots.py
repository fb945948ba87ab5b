"""A heuristic bot for tic-tac-toe: win if it can, block if it must, else the centre, a corner, any square."""

from __future__ import annotations

from typing import Any

from wolfpack.engine.bot import Bot
from wolfpack.engine.game import State
from wolfpack_tictactoe import rules

PREFERENCE = (4, 0, 2, 6, 8, 1, 3, 5, 7)
"""Squares by worth on an open board: the centre (in four lines), the corners (three), the edges (two)."""


class HeuristicBot(Bot):
    """Takes a winning square, else blocks the opponent's, else the best free square by PREFERENCE."""

    name = "heuristic"
    games = ("tictactoe",)

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        """The square this rule of thumb picks (it reads only the seat's observation and its legal actions)."""
        legal = state.legal_actions(player)
        if not legal:
            return None
        board = state.observation(player)["board"]
        mine = rules.MARKS[rules.seat_to_mark(board)]
        theirs = rules.MARKS[1 - rules.MARKS.index(mine)]
        for mark in (mine, theirs):
            completing = [square for square in legal if rules.winning_mark(_with(board, square, mark)) == mark]
            if completing:
                return self.rng.choice(completing)
        return min(legal, key=PREFERENCE.index)


def _with(board: str, square: int, mark: str) -> str:
    """`board` with `mark` on `square`."""
    return board[:square] + mark + board[square + 1 :]
