"""The Wolves on the Hunt batch engine plays the scalar engine's game: step by step after a hand-off, and in law.

The hand-off tests stop batch games part-way (or start them at positions of heuristic games, to reach the endgame
that random hunters never see), give each to the scalar engine as a JSON position, and replay the batch's own draws
and choices there: at every step the same node, chance outcomes, legal actions and position (batch_handoff.py).
The distribution test compares the random hunters' games of both engines with a chi-square test.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest
from scipy import stats

import wolfpack
from wolfpack.engine.batch import NoBatchEngineError, batch_engine
from wolfpack.engine.bot import RandomBot
from wolfpack.engine.game import State
from wolfpack.games.hunt.bots import HeuristicBot
from wolfpack.games.hunt.game import HuntGame
from wolfpack.games.hunt.notation import position_dict
from wolfpack.games.hunt.state import HuntState
from wolfpack.sim.arena import bot_seed, game_seed, play_out
from wolfpack.sim.measures import HUNT


@pytest.fixture(scope="module")
def batch(hunt_batch: ModuleType) -> ModuleType:
    """The batch engine's module, imported at test time, never at collection (tests/compiled.py)."""
    return hunt_batch


SETUPS = [(1, "easy"), (2, "normal"), (3, "hard"), (4, "normal")]
SIGNIFICANCE = 0.001
"""The distribution test fails when a chi-square test rejects equality at this level (fixed seeds: deterministic)."""


def _game(players: int, difficulty: str) -> HuntGame:
    game = wolfpack.load_game("wolves-on-the-hunt", players=players, difficulty=difficulty)
    assert isinstance(game, HuntGame)
    return game


@pytest.mark.parametrize(("players", "difficulty"), SETUPS)
def test_a_batch_game_handed_to_the_scalar_engine_goes_on_identically(
    batch: ModuleType, players: int, difficulty: str
) -> None:
    from .batch_handoff import replay_on_scalar as replay  # imports the kernel: after the fixture compiled it

    game = _game(players, difficulty)
    stops = [0, 11, 30]
    steps = 0
    for stop in stops:
        games = batch.play_random(game, [stop * 7 + players], max_steps=stop)
        assert games.states[0][batch.L.HISTORY] == stop or games.states[0][batch.L.RESULT] != 0
        steps += replay(games, 0)
    assert steps > 50  # the games really went on after the hand-off


class RecordingBot(HeuristicBot):
    """The heuristic bot, keeping the position every `every` plies where it is asked to act."""

    def __init__(self, seed: int, every: int, positions: dict[int, dict[str, Any]]) -> None:
        super().__init__(seed)
        self.every = every
        self.positions = positions

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        if state.history_length() % self.every == 0 and isinstance(state, HuntState):
            self.positions.setdefault(state.history_length(), position_dict(state))
        return super().step(state, player)


def _heuristic_positions(game: HuntGame, seed: int, every: int) -> list[dict[str, Any]]:
    """Positions of one game of heuristic hunters (they reach the endgame), about every `every` plies."""
    positions: dict[int, dict[str, Any]] = {}
    bots = [RecordingBot(bot_seed(seed, 0, seat), every, positions) for seat in range(game.num_players())]
    play_out(game, bots, game_seed(seed, 0))
    return list(positions.values())


def test_batch_games_started_at_heuristic_positions_go_on_like_the_scalar_engine(batch: ModuleType) -> None:
    from .batch_handoff import replay_on_scalar as replay  # imports the kernel: after the fixture compiled it

    rounds = set()
    for players, difficulty in [(1, "easy"), (3, "easy")]:
        game = _game(players, difficulty)
        positions = _heuristic_positions(game, 3, 17)
        rounds |= {int(str(p["round"])) for p in positions}
        games = batch.random_games_from(game, positions, list(range(len(positions))))
        for index in range(len(positions)):
            replay(games, index)
    assert max(rounds) >= 5  # the endgame was compared


def test_random_hunters_of_both_engines_give_the_same_distributions(batch: ModuleType) -> None:
    from .batch_handoff import both_engines  # imports the kernel: after the fixture compiled it

    scalar, result = both_engines(_game(2, "normal"), RandomBot, 5, 400, 4000)
    assert stats.ks_2samp(scalar["actions"], result.actions).pvalue > SIGNIFICANCE
    rounds, endings = scalar["rounds"], scalar["ending"]
    for scalar_column, batch_column in [(rounds, result.measures["rounds"]), (endings, result.measures["ending"])]:
        kinds = sorted(set(scalar_column) | set(batch_column), key=str)
        table = np.array([[column.count(kind) for kind in kinds] for column in (scalar_column, batch_column)])
        table = table[:, table.sum(axis=0) >= 5]  # categories too rare to test
        if table.shape[1] > 1:
            assert stats.chi2_contingency(table).pvalue > SIGNIFICANCE


def test_the_engine_is_found_through_the_game_and_fills_hunts_columns(batch: ModuleType) -> None:
    game = _game(3, "hard")
    engine = batch_engine(game, ["random"] * 3)
    played = engine.play(game, ["random"] * 3, [1, 2, 3])
    expected = {"outcome", "rounds", *(field.name for field in HUNT.fields)}
    assert set(played.measures) == expected
    assert all(len(column) == 3 for column in played.measures.values())
    assert played.returns.shape == (3, 3)
    assert (played.decisions < played.actions).all()
    assert played.measures["difficulty"] == ["hard"] * 3


def test_a_game_depends_on_its_seed_alone(batch: ModuleType) -> None:
    game = _game(2, "easy")
    alone = batch.play_random(game, [42])
    among = batch.play_random(game, [7, 42, 9])
    assert (alone.states[0] == among.states[1]).all()
    assert not (among.states[0] == among.states[1]).all()
    threaded = batch.play_random(game, [7, 42, 9, 1, 2], threads=2)
    assert (threaded.states[:3] == among.states).all()


def test_the_engine_refuses_bots_it_cannot_play_and_a_wrong_seat_count(batch: ModuleType) -> None:
    game = _game(2, "normal")
    with pytest.raises(NoBatchEngineError, match="no bot 'greedy'; it plays random, heuristic"):
        batch_engine(game, ["greedy", "random"])
    with pytest.raises(NoBatchEngineError, match="no bot 'greedy'; it plays random, heuristic"):
        batch.HuntBatchEngine().play(game, ["greedy", "random"], [1])
    with pytest.raises(ValueError, match="2 seats, but 3 bots"):
        batch.HuntBatchEngine().play(game, ["random"] * 3, [1])
    with pytest.raises(NoBatchEngineError, match="plays Wolves on the Hunt, not wolf"):
        batch.compiled_pack(wolfpack.load_game("wolf"))
