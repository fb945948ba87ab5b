"""Tic-tac-toe's fixed action space and features, for learning libraries (PettingZoo and OpenSpiel through
`wolfpack.interop`); the rules never import it, and wolfpack imports it only when an adapter asks (`Game.encoding`).

An action's index is its square (0 for a1 to 8 for c3); there is no chance. Features, from the seat's own point of
view: per square, whether it holds the seat's mark, the other's, or nothing; and whether it is the seat's turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import numpy as np

from wolfpack.engine.encoding import FeatureLayout, Features, FeatureWriter, OutsideActionSpaceError
from wolfpack_tictactoe import rules
from wolfpack_tictactoe.game import TicTacToeGame

LAYOUT: Final = FeatureLayout(
    (
        ("mine", 9, "per square a1, b1, c1, a2 ... c3: 1 if it holds the observing seat's mark"),
        ("theirs", 9, "per square: 1 if it holds the other seat's mark"),
        ("empty", 9, "per square: 1 if nobody has marked it"),
        ("to_act", 1, "1 if it is the observing seat's turn"),
    )
)


class TicTacToeActionSpace:
    """Squares as indices, no chance outcomes, and the grid as the seat sees it."""

    size = 9
    chance_size = 0
    layout = LAYOUT
    determinize = None

    def index(self, action: int) -> int:
        """A square's index: the square."""
        if not isinstance(action, (int, np.integer)) or not 0 <= action < 9:
            raise OutsideActionSpaceError(f"{action!r} is not a square")
        return int(action)

    def action(self, index: int, state: object = None) -> int:
        """The square at `index`."""
        return self.index(index)

    def chance_index(self, outcome: int) -> int:
        """Tic-tac-toe has no chance."""
        raise OutsideActionSpaceError("tic-tac-toe has no chance outcomes")

    def chance_outcome(self, index: int) -> int:
        """Tic-tac-toe has no chance."""
        raise OutsideActionSpaceError("tic-tac-toe has no chance outcomes")

    def features(self, observation: Mapping[str, Any], seat: int) -> Features:
        """The grid from `seat`'s side, in `LAYOUT`."""
        out = FeatureWriter(LAYOUT)
        board, mine = observation["board"], rules.MARKS[seat]
        for name, holds in (
            ("mine", lambda mark: mark == mine),
            ("theirs", lambda mark: mark not in (mine, rules.EMPTY)),
            ("empty", lambda mark: mark == rules.EMPTY),
        ):
            out.segment(name)[:] = [float(holds(mark)) for mark in board]
        out.segment("to_act")[0] = float(observation["to_act"] == seat)
        return out.vector


def action_space(game: TicTacToeGame) -> TicTacToeActionSpace:
    """Tic-tac-toe's action space (it has no options)."""
    return TicTacToeActionSpace()
