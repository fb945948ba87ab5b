"""Batch engines: many games of one game played in lockstep as arrays, for bulk simulation (docs/design/batch.md).

A game may offer a batch engine beside its scalar `State`: `Game.batch` names it ("module:attribute" of an object
with the `BatchEngine` shape). The scalar engine stays the reference; a batch engine plays the same game, so the
same bots over many games give the same distributions of winners, scores and lengths, and any batch game can be
handed to the scalar engine as a position and go on identically under the same dice.

Game `i` of a batch is seeded by `seeds[i]` alone, so a game's result does not depend on the batch it was played in
(how many games, which chunk): `wolfpack simulate --engine batch` can resume and split runs as the scalar one does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.game import Game
from wolfpack.engine.registry import import_object

ENGINES = ("scalar", "batch")
"""The engines `wolfpack simulate --engine` offers: every game has a scalar one; some have a batch one."""


class NoBatchEngineError(WolfpackError):
    """A batch engine was asked of a game (or a bot) that has none."""


@dataclass(frozen=True)
class BatchPlayed:
    """Finished games of one batch, as columns in the order of their seeds."""

    returns: npt.NDArray[np.float64]
    """Each game's returns, shape (games, players)."""
    actions: npt.NDArray[np.int64]
    """Each game's applied actions, chance outcomes included: what the scalar history's length would be."""
    decisions: npt.NDArray[np.int64]
    """Each game's actions chosen by a seat (chance outcomes excluded)."""
    measures: dict[str, list[Any]] = field(default_factory=dict)
    """The game's own result columns (`outcome`, `rounds`, its profile's fields in sim.measures), one per game."""

    @property
    def games(self) -> int:
        """How many games the batch holds."""
        return int(self.actions.shape[0])


class BatchEngine(Protocol):
    """A batch engine: which bots it plays, and `play`."""

    bots: tuple[str, ...]
    """The bot names it can play in any seat (names of `Game.bots`, or "random")."""

    def play(self, game: Game[Any], bots: Sequence[str], seeds: Sequence[int]) -> BatchPlayed:
        """Play one game per seed to the end with `bots[k]` in seat k; game i's chance and choices from seeds[i]."""
        ...


def batch_engine(game: Game[Any], bots: Sequence[str] = ()) -> BatchEngine:
    """The batch engine of `game`, checked to play `bots`; a clear NoBatchEngineError when it has none or cannot."""
    spec = type(game).batch
    if spec is None:
        raise NoBatchEngineError(f"{game.name} has no batch engine; use --engine scalar")
    engine: BatchEngine = import_object(spec)
    unknown = sorted(set(bots) - set(engine.bots))
    if unknown:
        raise NoBatchEngineError(
            f"{game.name}'s batch engine has no bot {', '.join(map(repr, unknown))}; it plays {', '.join(engine.bots)}"
        )
    return engine
