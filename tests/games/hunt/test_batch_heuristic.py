"""The Wolves on the Hunt batch engine's heuristic hunters make the scalar HeuristicBot's choices.

Hand-off: batch games with heuristic hunters (alone or beside random ones) are stopped part-way, handed to the
scalar engine as JSON positions, and played on in both; every choice of a heuristic seat in the batch is checked to
be one the scalar bot could make there (heuristic_handoff.py explains how ties are followed). A short distribution
test compares whole games of both engines; the long one is `benchmarks/hunt_batch.py --compare --bot heuristic`.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from scipy import stats

import wolfpack
from wolfpack.engine.batch import NoBatchEngineError, batch_engine
from wolfpack.games.hunt.bots import HeuristicBot
from wolfpack.games.hunt.game import HuntGame
from wolfpack.sim.measures import HUNT

SIGNIFICANCE = 0.001
"""The distribution test fails when a test rejects equality at this level (fixed seeds: deterministic)."""


@pytest.fixture(scope="module")
def batch(hunt_heuristic_batch: ModuleType) -> ModuleType:
    """The batch engine's module, its heuristic kernel compiled (tests/games/hunt/conftest.py)."""
    return hunt_heuristic_batch


def _game(players: int, difficulty: str) -> HuntGame:
    game = wolfpack.load_game("wolves-on-the-hunt", players=players, difficulty=difficulty)
    assert isinstance(game, HuntGame)
    return game


HANDOFFS = [
    (1, "easy", ["heuristic"], 0),
    (2, "normal", ["heuristic", "heuristic"], 60),
    (3, "hard", ["random", "heuristic", "heuristic"], 20),
    (4, "easy", ["heuristic", "random", "heuristic", "heuristic"], 120),
]


@pytest.mark.parametrize(("players", "difficulty", "bots", "stop"), HANDOFFS)
def test_every_heuristic_choice_of_the_batch_is_one_the_scalar_bot_could_make(
    batch: ModuleType, players: int, difficulty: str, bots: list[str], stop: int
) -> None:
    from .heuristic_handoff import replay_heuristic  # imports the kernels: after the fixture compiled them

    game = _game(players, difficulty)
    seeds = [players * 100 + stop]
    played = batch.play(game, bots, seeds, max_steps=stop)
    assert played.states[0][batch.L.HISTORY] == stop
    games = batch.heuristic_games_from(played, bots, [seed + 1 for seed in seeds])
    checked = replay_heuristic(games, 0, bots, most=160)
    assert checked > 40  # the heuristic seats really chose, many times, after the hand-off


def test_random_seats_of_the_heuristic_kernel_play_as_the_random_kernel(batch: ModuleType) -> None:
    from wolfpack.games.hunt import batch_heuristic as heuristic

    game = _game(3, "normal")
    seeds = [5, 6, 7]
    started = batch.play_random(game, seeds, 0)
    states, rngs = started.states.copy(), started.rngs.copy()
    plans = np.zeros((4, heuristic.PLAN, 12), dtype=np.int64)
    meta = np.zeros((4, 3), dtype=np.int64)
    last = np.zeros((3, 13), dtype=np.int64)
    until = np.full(3, -1, dtype=np.int64)
    codes = batch.bot_codes(["random"] * 3)
    heuristic.play_mixed(
        states, started.pack.vector, batch.notation_ranks(started.pack), codes, rngs, plans, meta, until, True, last,
        *batch.heuristic_buffers(),
    )  # fmt: skip
    assert (states == batch.play_random(game, seeds).states).all()


def test_heuristic_hunters_of_both_engines_give_the_same_distributions(batch: ModuleType) -> None:
    from .batch_handoff import both_engines

    scalar, result = both_engines(_game(2, "normal"), HeuristicBot, 7, 24, 600)
    assert stats.ks_2samp(scalar["actions"], result.actions).pvalue > SIGNIFICANCE
    assert stats.ks_2samp(scalar["rounds"], result.measures["rounds"]).pvalue > SIGNIFICANCE
    outcomes = scalar["outcome"]
    table = np.array(
        [[column.count(kind) for kind in ("win", "loss")] for column in (outcomes, result.measures["outcome"])]
    )
    assert stats.chi2_contingency(table).pvalue > SIGNIFICANCE


def test_any_mix_of_bots_plays_through_the_engine_each_game_by_its_seed_alone(batch: ModuleType) -> None:
    game = _game(2, "easy")
    engine = batch_engine(game, ["heuristic", "random"])
    played = engine.play(game, ["heuristic", "random"], [1, 2, 3])
    assert set(played.measures) == {"outcome", "rounds", *(field.name for field in HUNT.fields)}
    assert played.returns.shape == (3, 2)
    alone = batch.play(game, ["heuristic", "heuristic"], [42])
    threaded = batch.play(game, ["heuristic", "heuristic"], [7, 42, 9], threads=2)
    assert (alone.states[0] == threaded.states[1]).all()
    assert not (threaded.states[0] == threaded.states[1]).all()
    with pytest.raises(NoBatchEngineError, match="no bot 'greedy'; it plays random, heuristic"):
        batch.play(game, ["heuristic", "greedy"], [1])
    with pytest.raises(ValueError, match="2 seats, but 1 bots"):
        batch.play(game, ["heuristic"], [1])
