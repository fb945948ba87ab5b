"""One seat at a time: a game state seen through its fixed action space, as both adapters drive it.

PettingZoo's AEC environments and OpenSpiel's sequential games ask one player at a time, while a wolfpack
simultaneous node lets several seats act in any order, some of them only if they wish (a hunter's free help). So at
such a node the seats are asked one by one in `decision_order` (the optional seats first, then those play waits
for); an optional seat may let the moment pass with one extra index, `size` of the game's space, after which it is
not asked again until some seat acts. Every action is applied as soon as it is chosen: that is how the engine plays
these nodes (there is no joint move to collect).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from wolfpack.engine.constants import CHANCE, SIMULTANEOUS, TERMINAL
from wolfpack.engine.encoding import ActionSpace, OutsideActionSpaceError, action_space
from wolfpack.engine.errors import IllegalActionError
from wolfpack.engine.game import Game, State
from wolfpack.engine.play import decision_seats
from wolfpack.engine.registry import load_game


class SeatByseat:
    """A state, its game's fixed action space, and who of the seats is asked next."""

    def __init__(self, game: Game[Any], state: State[Any] | None = None, space: ActionSpace[Any] | None = None) -> None:
        self.game = game
        self.space = space if space is not None else action_space(game)
        self.state = state if state is not None else game.new_initial_state()
        self.passes = game.info.dynamics == "simultaneous"
        """Whether the game has simultaneous nodes, so its seats have the extra index that lets a moment pass."""
        self.size = self.space.size + (1 if self.passes else 0)
        """How many indices the seats' actions have, the pass included."""
        self.passed: frozenset[int] = frozenset()
        """The optional seats that let this moment pass (cleared whenever an action is applied)."""
        self._asked: tuple[tuple[int, int, int, frozenset[int]], list[int]] | None = None
        """The indices last worked out: (state, its history's length, seat, passes) and the indices (a mask, then the
        step that checks the choice against it, ask for the same)."""

    @property
    def pass_index(self) -> int:
        """The index with which an optional seat lets a simultaneous moment pass (games with such moments only)."""
        if not self.passes:
            raise OutsideActionSpaceError(f"{self.game.name} has no simultaneous moments to let pass")
        return self.space.size

    def go_on_from(self, state: State[Any]) -> None:
        """Drive `state` from now on (a position to start from, a canary copy): nobody has passed at it yet."""
        self.state = state
        self.passed = frozenset()
        self._asked = None

    def clone(self) -> SeatByseat:
        """An independent copy (the state cloned, the same space)."""
        copy = SeatByseat(self.game, self.state.clone(), self.space)
        copy.passed = self.passed
        return copy

    def __getstate__(self) -> dict[str, Any]:
        """What pickling keeps (OpenSpiel saves a Python state so): the game by name and options, the state as its
        saved JSON, the passes."""
        return {
            "game": self.game.name,
            "options": self.game.options_dict(),
            "state": self.state.to_json(),
            "passed": sorted(self.passed),
        }

    def __setstate__(self, saved: dict[str, Any]) -> None:
        """Rebuild from `__getstate__`'s record: the game loaded afresh, the state read back."""
        game = load_game(saved["game"], **saved["options"])
        self.__init__(game, game.state_from_json(saved["state"]))  # type: ignore[misc]
        self.passed = frozenset(saved["passed"])

    def __deepcopy__(self, memo: dict[int, Any]) -> SeatByseat:
        """`clone`: OpenSpiel copies a Python state by deep-copying its fields, and the game and its content are
        shared, never copied."""
        return self.clone()

    def to_act(self) -> int:
        """The seat asked now, or CHANCE or TERMINAL."""
        current = self.state.current_player()
        if current != SIMULTANEOUS:
            return current
        for seat, must in decision_seats(self.state):
            if must or seat not in self.passed:
                return seat
        raise RuntimeError("a simultaneous node waits for no seat that can act")  # conformance rules this out

    def legal_indices(self, seat: int) -> list[int]:
        """The indices `seat` may choose now, ascending (none unless it is the seat asked)."""
        key = (id(self.state), self.state.history_length(), seat, self.passed)
        if self._asked is not None and self._asked[0] == key:
            return list(self._asked[1])
        indices = self._legal_indices(seat)
        self._asked = (key, indices)
        return list(indices)

    def _legal_indices(self, seat: int) -> list[int]:
        """`legal_indices`, worked out."""
        if self.to_act() != seat or seat < 0:
            return []
        legal = self.state.legal_actions(seat)
        indices = []
        for action in legal:
            try:
                indices.append(self.space.index(action))
            except OutsideActionSpaceError:
                continue  # an open action beyond the fixed space (docs/interop.md, Interpretations)
        if self.state.is_simultaneous_node() and not self._must_act(seat):
            indices.append(self.pass_index)
        elif not indices:
            # Play waits for this seat and none of its actions has an index: say so rather than stall.
            shown = ", ".join(str(self.state.action_to_string(action)) for action in legal[:3])
            raise OutsideActionSpaceError(
                f"seat {seat} must act, but none of its {len(legal)} actions ({shown}...) is in "
                f"{self.game.name}'s fixed action space"
            )
        return sorted(indices)

    def _must_act(self, seat: int) -> bool:
        """Whether play waits for `seat` at this simultaneous node."""
        return seat in self.state.waiting_for()

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """1 at every index `seat` may choose now, 0 elsewhere."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[self.legal_indices(seat)] = 1
        return mask

    def apply(self, seat: int, index: int) -> None:
        """Play `seat`'s choice `index`; IllegalActionError (state unchanged) unless it may choose it now."""
        if index not in self.legal_indices(seat):
            raise IllegalActionError(f"seat {seat} may not choose index {index!r} now", rule="action mask")
        if self.passes and index == self.pass_index:
            self.passed = self.passed | {seat}
            return
        action = self.space.action(index, self.state)
        simultaneous = self.state.is_simultaneous_node()
        self.state.apply_action(action, seat if simultaneous else None)
        self.passed = frozenset()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The pending chance event's outcomes as (index, probability), by index."""
        return sorted((self.space.chance_index(outcome), p) for outcome, p in self.state.chance_outcomes())

    def apply_chance(self, index: int) -> None:
        """Play the chance outcome at `index`."""
        self.state.apply_action(self.space.chance_outcome(index))

    def describe(self, seat: int, index: int) -> str:
        """The notation of `seat`'s index (CHANCE: of a chance outcome); the pass says so."""
        if seat == CHANCE:
            return str(self.state.action_to_string(self.space.chance_outcome(index)))
        if self.passes and index == self.pass_index:
            return "(let the moment pass)"
        return str(self.state.action_to_string(self.space.action(index, self.state)))

    def is_over(self) -> bool:
        """Whether the game is over."""
        return self.state.current_player() == TERMINAL

    def max_length(self) -> int:
        """The most choices a game can take this way: each action, and before it a pass of every other seat."""
        info = self.game.info
        return info.max_game_length * (info.num_players if self.passes else 1)
