"""The bot interface: a bot sees only the public State API, and picks an action for a seat that may act."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection
from typing import Any, ClassVar, Final

from wolfpack.engine.game import State

BOT_SEED_STRIDE: Final = 1000
"""Seats' bot seeds are this far apart per game seed (see `seat_seed`)."""


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot in `seat` of a single game seeded `seed`, as `wolfpack play`, a server table and a Den
    event seed it, so a seed replays the bots' choices too (the arena derives its own: `wolfpack.sim.arena`)."""
    return seed * BOT_SEED_STRIDE + seat


class Bot(ABC):
    """A player program: `step(state, player)` returns an action for that seat (default: the seat to act).

    At a simultaneous node several seats may act; a bot asked for a seat that play does not wait for
    (not in `state.waiting_for()`) may return None to let the moment pass. For a seat play waits for it must act.
    """

    name: str = "bot"
    games: ClassVar[Collection[str] | None] = None
    """The games this bot plays, by registered name; None: every game (as the random bot does)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        """Choose one of `state.legal_actions(player)`, or None where acting is optional; never changes `state`."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Picks uniformly among the legal actions: the baseline every other bot must beat."""

    name = "random"
    optional_rate = 0.25
    """How often it takes an optional action at a simultaneous node (when play does not wait for it)."""

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        """A uniformly random legal action (optional ones only now and then)."""
        legal = state.legal_actions(player)
        if not legal:
            return None
        if player is not None and player not in state.waiting_for() and self.rng.random() >= self.optional_rate:
            return None
        return self.rng.choice(legal)
