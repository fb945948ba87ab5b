"""Sampling chance outcomes with a seeded generator: the only randomness in play, never the global RNG."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from wolfpack.engine.game import State


def sample_outcome(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """Draw one of `(outcome, probability)` pairs by its probability, using exactly one `rng.random()`."""
    if not outcomes:
        raise ValueError("no chance event is pending")
    threshold = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if threshold < total:
            return outcome
    # Float sums can fall a hair short of 1; the last outcome takes that sliver.
    return outcomes[-1][0]


def sample_chance_outcome(state: State[Any], rng: random.Random) -> Any:
    """Draw the pending chance event's outcome of `state` with its probability."""
    return sample_outcome(state.chance_outcomes(), rng)
