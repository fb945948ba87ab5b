"""The batch-engine contract: finding a game's batch engine, and clear refusals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

import wolfpack
from wolfpack.engine import batch
from wolfpack.engine.batch import BatchPlayed, NoBatchEngineError, batch_engine


class FakeEngine:
    """A batch engine that plays only the random bot."""

    bots = ("random",)

    def play(self, game: Any, bots: Sequence[str], seeds: Sequence[int]) -> BatchPlayed:
        zeros = np.zeros(len(seeds), dtype=np.int64)
        return BatchPlayed(np.zeros((len(seeds), 3)), zeros, zeros)


def test_a_game_without_a_batch_engine_is_refused_by_name() -> None:
    game = wolfpack.load_game("wolf")
    with pytest.raises(NoBatchEngineError, match=r"wolf has no batch engine; use --engine scalar"):
        batch_engine(game)


def test_a_bot_the_batch_engine_cannot_play_is_refused_naming_what_it_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    game = wolfpack.load_game("wolf")
    monkeypatch.setattr(type(game), "batch", "somewhere:ENGINE")
    monkeypatch.setattr(batch, "import_object", lambda spec: FakeEngine())
    assert batch_engine(game, ["random"]).bots == ("random",)
    with pytest.raises(NoBatchEngineError, match=r"no bot 'heuristic'; it plays random"):
        batch_engine(game, ["random", "heuristic"])


def test_a_batch_counts_its_games() -> None:
    played = FakeEngine().play(None, ["random"] * 3, [1, 2, 3, 4])
    assert played.games == 4
