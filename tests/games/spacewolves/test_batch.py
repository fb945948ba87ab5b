"""The Spacewolves! batch engine is the same game as the scalar one: hand-off, independence and distributions.

The hand-off: batch games stopped part-way are written as positions in notation, read by the scalar engine, and
played on there with the dice and choices the batch makes afterwards; at every step both offer the same legal
actions and reach the same position, and the final scores agree. The distribution test (level in
DISTRIBUTION_LEVEL, docs/design/batch.md) compares a few thousand random games of each engine.
"""

from __future__ import annotations

import doctest

import numpy as np
import pytest
from scipy import stats

import wolfpack
from wolfpack.engine.batch import NoBatchEngineError, batch_engine
from wolfpack.games.spacewolves import batch, kernel
from wolfpack.games.spacewolves.actions import Action
from wolfpack.games.spacewolves.bots import HeuristicBot
from wolfpack.games.spacewolves.game import SpacewolvesGame
from wolfpack.games.spacewolves.notation import format_position
from wolfpack.sim.arena import bot_seed, game_seed, play_out

pytestmark = pytest.mark.usefixtures("spacewolves_batch")
"""Every test here calls the compiled kernel, compiled once across the test workers at test time (tests/compiled.py)."""

HAND_OFF_STOPS = (0, 1, 6, 25, 70, 160)
"""Actions played between the hand-offs of each batch: before the first roll, after it, early, mid and late game."""
DISTRIBUTION_GAMES = 1500
DISTRIBUTION_LEVEL = 0.001
"""Chosen before the run: a test statistic whose p-value falls below this fails (docs/design/batch.md)."""


def _game(players: int, max_rounds: int = 100) -> SpacewolvesGame:
    game = wolfpack.load_game("spacewolves", players=players, max_rounds=max_rounds)
    assert isinstance(game, SpacewolvesGame)
    return game


def _continue_on_scalar(game: SpacewolvesGame, trace: batch.Trace, bots: list[str], check_bot: bool) -> None:
    """Hand the traced batch game to the scalar engine at its first row and replay it there step by step."""
    state = game.state_from_position(batch.position(game, trace.rows[0]))
    for step, action in enumerate(trace.actions):
        assert format_position(state) == batch.position(game, trace.rows[step]), f"step {step}"
        if state.is_chance_node():
            assert trace.legal[step] == []
            assert action in {int(a) for a, _ in state.chance_outcomes()}, f"step {step}: roll {action}"
        else:
            assert sorted(int(a) for a in state.legal_actions()) == trace.legal[step], f"step {step}"
            if check_bot and bots[state.current_player()] == "heuristic":
                assert action in HeuristicBot(seed=0).best_actions(state), (
                    f"step {step}: {action} is not among the bot's best"
                )
        state.apply_action(Action(action))
    assert state.is_terminal()
    assert format_position(state) == batch.position(game, trace.rows[-1])
    final = trace.rows[-1:]
    assert state.scores() == batch.scores(final)[0].tolist()
    assert state.returns() == batch.shared_returns(batch.scores(final))[0].tolist()


@pytest.mark.parametrize(
    ("players", "max_rounds", "bots"),
    [
        (3, 100, ["random"] * 3),
        (4, 100, ["random"] * 4),
        (3, 100, ["heuristic"] * 3),
        (4, 100, ["heuristic", "random", "heuristic", "random"]),
        (4, 3, ["random"] * 4),
        (3, 5, ["heuristic"] * 3),
    ],
)
def test_batch_games_handed_to_the_scalar_engine_go_on_identically(
    players: int, max_rounds: int, bots: list[str]
) -> None:
    game = _game(players, max_rounds)
    codes = batch.bot_codes(players, bots)
    seeds = [game_seed(33, index) for index in range(8)]
    rows, generators = batch.new_games(players, max_rounds, seeds)
    handed = 0
    ends = {}
    for stop in HAND_OFF_STOPS:
        batch.advance(rows, generators, codes, stop)
        for index in range(len(seeds)):
            if rows[index, kernel.PHASE] == kernel.OVER:
                continue
            trace = batch.trace(rows[index].copy(), generators[index : index + 1].copy(), codes)
            _continue_on_scalar(game, trace, bots, check_bot=index < 2)
            ends[index] = trace.rows[-1]
            handed += 1
    assert handed > 3 * len(seeds)
    # The traced slow path, the stopped batch played on, and a batch played at once reach the same ends.
    batch.advance(rows, generators, codes)
    assert all((rows[index] == end).all() for index, end in ends.items())
    assert batch.scores(rows).tolist() == batch.ENGINE.play(game, bots, seeds).measures["scores"]


def test_a_game_does_not_depend_on_the_batch_it_is_played_in() -> None:
    game = _game(4)
    seeds = [game_seed(7, index) for index in range(40)]
    together = batch.ENGINE.play(game, ["heuristic", "random"] * 2, seeds)
    alone = batch.ENGINE.play(game, ["heuristic", "random"] * 2, seeds[25:26])
    assert alone.actions[0] == together.actions[25]
    assert alone.measures["scores"][0] == together.measures["scores"][25]
    assert len(set(together.actions.tolist())) > 10


def test_played_batches_count_steps_decisions_and_measures() -> None:
    game = _game(3, 100)
    played = batch.ENGINE.play(game, ["random"] * 3, [game_seed(1, i) for i in range(50)])
    assert played.games == 50
    nothing = batch.ENGINE.play(game, ["random"] * 3, [])
    assert (nothing.games, nothing.returns.shape, set(nothing.measures)) == (0, (0, 3), set(played.measures))
    assert (played.decisions < played.actions).all()
    assert np.allclose(played.returns.sum(axis=1), 1.0)
    assert all(len(places) == 3 for places in played.measures["turn_places"])
    for outcome, scores in zip(played.measures["outcome"], played.measures["scores"], strict=True):
        assert outcome.split("+") == [
            c for c, s in zip(("red", "yellow", "blue"), scores, strict=True) if s == max(scores)
        ]


def test_the_batch_engine_is_found_and_refuses_what_it_cannot_play() -> None:
    game = _game(3)
    assert batch_engine(game, ["heuristic", "random", "random"]) is batch.ENGINE
    with pytest.raises(NoBatchEngineError, match=r"no bot 'mcts'; it plays random, heuristic"):
        batch.ENGINE.play(game, ["mcts", "random", "random"], [1])
    with pytest.raises(NoBatchEngineError, match=r"3 seats, but 2 bots"):
        batch.ENGINE.play(game, ["random", "random"], [1])


def _scalar_sample(players: int, games: int) -> tuple[list[int], list[int], list[int]]:
    """Winning seat (or -1 for a shared result), total score and length of seeded random scalar games."""
    game = _game(players)
    winners, totals, lengths = [], [], []
    for index in range(games):
        bots = [wolfpack.bots.make_bot(game, "random", bot_seed(5, index, k)) for k in range(players)]
        state = play_out(game, bots, game_seed(5, index)).state
        returns = state.returns()
        winners.append(returns.index(1.0) if 1.0 in returns else -1)
        totals.append(sum(state.scores()))
        lengths.append(state.history_length())
    return winners, totals, lengths


def test_random_games_of_both_engines_have_the_same_distributions() -> None:
    players = 3
    winners, totals, lengths = _scalar_sample(players, DISTRIBUTION_GAMES)
    played = batch.ENGINE.play(
        _game(players), ["random"] * players, [game_seed(6, i) for i in range(DISTRIBUTION_GAMES)]
    )
    batch_winners = [row.index(1.0) if 1.0 in row else -1 for row in played.returns.tolist()]
    table = np.array(
        [[winners.count(w) for w in range(-1, players)], [batch_winners.count(w) for w in range(-1, players)]]
    )
    assert stats.chi2_contingency(table).pvalue > DISTRIBUTION_LEVEL
    assert stats.ks_2samp(totals, np.array(played.measures["scores"]).sum(axis=1)).pvalue > DISTRIBUTION_LEVEL
    assert stats.ks_2samp(lengths, played.actions).pvalue > DISTRIBUTION_LEVEL


def test_docstring_examples_run() -> None:
    result = doctest.testmod(batch)
    assert result.failed == 0
    assert result.attempted > 0
