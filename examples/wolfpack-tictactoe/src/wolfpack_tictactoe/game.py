"""Tic-tac-toe as a wolfpack game: the engine protocol's hooks, each a line or two over the rules in rules.py.

Actions are square numbers (0 for a1 to 8 for c3) whose notation is the square's name ("b2"). Positions are the
board's nine characters (see rules.py), so `game.state_from_position("X...O....")` sets up any legal board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from wolfpack.engine.constants import TERMINAL
from wolfpack.engine.errors import InvalidActionError, InvalidStateError
from wolfpack.engine.game import Game, GameInfo, GameOptions, State
from wolfpack_tictactoe import rules


class TicTacToeOptions(GameOptions):
    """Tic-tac-toe has no options."""


class TicTacToeGame(Game[int]):
    """Two players mark squares of a 3 by 3 grid in turn; three in a line wins."""

    name: ClassVar[str] = "tictactoe"
    Options: ClassVar[type[GameOptions]] = TicTacToeOptions
    bots: ClassVar[Mapping[str, str]] = {"heuristic": "wolfpack_tictactoe.bots:HeuristicBot"}
    encoding: ClassVar[str | None] = "wolfpack_tictactoe.encoding:action_space"
    """Its fixed action space and features (encoding.py), read by wolfpack's PettingZoo and OpenSpiel adapters."""

    def __init__(self, options: GameOptions | None = None) -> None:
        super().__init__(options or TicTacToeOptions())

    def _make_info(self) -> GameInfo:
        return GameInfo(
            name=self.name,
            long_name="Tic-tac-toe",
            num_players=2,
            min_players=2,
            max_players=2,
            chance="deterministic",
            information="perfect",
            utility="zero-sum",
            dynamics="sequential",
            min_return=-1.0,
            max_return=1.0,
            max_game_length=9,
        )

    def new_initial_state(self) -> TicTacToeState:
        """The empty board, X to mark."""
        return TicTacToeState(self, rules.EMPTY_BOARD)

    def state_from_position(self, position: Any) -> TicTacToeState:
        """A state set up from a board of nine characters; one that cannot arise in play raises InvalidStateError."""
        problem = rules.position_problem(position)
        if problem is not None:
            raise InvalidStateError(f"tic-tac-toe position {position!r}: {problem}")
        return TicTacToeState(self, position)

    def render(self, observation: Mapping[str, Any]) -> str:
        """The grid with row 3 on top, as the terminal prints it."""
        board = observation["board"]
        rows = [f"{row + 1} {' '.join(board[row * 3 : row * 3 + 3])}" for row in (2, 1, 0)]
        return "\n".join([*rows, "  a b c"])


class TicTacToeState(State[int]):
    """One board; everything else (whose turn, the result) follows from it."""

    __slots__ = ("board",)

    def __init__(self, game: Game[int], board: str) -> None:
        super().__init__(game)
        self.board = board

    def current_player(self) -> int:
        return TERMINAL if rules.is_over(self.board) else rules.seat_to_mark(self.board)

    def _legal_actions(self, player: int) -> list[int]:
        return rules.free_squares(self.board)

    def _chance_outcomes(self) -> Sequence[tuple[int, float]]:
        return ()

    def _apply_action(self, action: int) -> None:
        self.board = rules.marked(self.board, action)

    def _returns(self) -> list[float]:
        return rules.results(self.board)

    def _observation(self, player: int | None) -> dict[str, Any]:
        to_act = None if rules.is_over(self.board) else rules.seat_to_mark(self.board)
        return {"board": self.board, "to_act": to_act, "winner": rules.winning_mark(self.board), "players": ["X", "O"]}

    def _coerce_action(self, action: object) -> int:
        if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < 9:
            return action
        raise InvalidActionError(f"a tic-tac-toe action is a square number from 0 (a1) to 8 (c3), not {action!r}")

    def _action_to_string(self, action: int) -> str:
        return rules.square_name(action)

    def _parse_action(self, text: str) -> int:
        names = [rules.square_name(square) for square in range(9)]
        if text not in names:
            raise InvalidActionError(f"{text!r} is not a square: a1 to c3 (column a-c, row 1-3 from the bottom)")
        return names.index(text)

    def _why_illegal(self, action: int, player: int) -> tuple[str, str]:
        owner = self.board[action]
        return "free square", f"{rules.square_name(action)} is already marked with {owner}"

    def _describe(self, action: int, actor: int, viewer: int | None) -> str:
        return f"{rules.MARKS[actor]} marks {rules.square_name(action)}."

    def _copy(self) -> TicTacToeState:
        return TicTacToeState(self.game, self.board)

    def _to_dict(self) -> dict[str, Any]:
        return {"position": self.board}
