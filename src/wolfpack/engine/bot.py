"""The bot interface: a bot sees only the public State API, and picks an action for the seat to act."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from wolfpack.engine.game import State


class Bot(ABC):
    """A player program: `step(state)` returns an action for `state.current_player()`."""

    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def step(self, state: State[Any]) -> Any:
        """Choose one of `state.legal_actions()`; never changes `state`."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Picks uniformly among the legal actions: the baseline every other bot must beat."""

    name = "random"

    def step(self, state: State[Any]) -> Any:
        """A uniformly random legal action."""
        return self.rng.choice(state.legal_actions())
