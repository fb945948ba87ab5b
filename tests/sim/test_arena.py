"""The arena: seeded games between bots, tallied per entrant and per seat."""

from __future__ import annotations

import doctest
import importlib
import random
from typing import Any

import pytest

import wolfpack
from wolfpack.engine.bot import Bot, RandomBot
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import Game, State
from wolfpack.engine.records import Match
from wolfpack.sim import ArenaResult, arena, bot_seed, game_seed, play_match, win_shares


class SeatLogBot(RandomBot):
    """A random bot that writes down every seat it is asked to act for."""

    def __init__(self, seed: int | None, log: set[int]) -> None:
        super().__init__(seed)
        self.log = log

    def step(self, state: State[Any], player: int | None = None) -> Any:
        self.log.add(state.current_player())
        return super().step(state)


class FirstActionBot(Bot):
    """Always takes the first legal action: deterministic without any seed."""

    def step(self, state: State[Any], player: int | None = None) -> Any:
        return state.legal_actions()[0]


def test_docstring_examples_run() -> None:
    result = doctest.testmod(importlib.import_module("wolfpack.sim.arena"))
    assert result.attempted > 0
    assert result.failed == 0


def test_win_shares_split_a_shared_win() -> None:
    assert win_shares([1.0, 0.0, 0.0]) == [1.0, 0.0, 0.0]
    assert win_shares([0.5, 0.5, 0.0, 0.0]) == [0.5, 0.5, 0.0, 0.0]
    assert win_shares([3.0, -1.0, 3.0, 3.0]) == [pytest.approx(1 / 3), 0.0, pytest.approx(1 / 3), pytest.approx(1 / 3)]


def test_play_match_is_deterministic_for_a_seed() -> None:
    game = wolfpack.load_game("spacewolves", players=3)
    runs = [play_match(game, [RandomBot(s) for s in (1, 2, 3)], seed=9) for _ in range(2)]
    assert runs[0] == runs[1]
    assert sum(runs[0]) == pytest.approx(1.0)


def test_play_match_samples_chance_like_a_recorded_match() -> None:
    # The same seed gives the same dice as wolfpack.engine.records.Match, so an arena game can be re-recorded.
    game = wolfpack.load_game("spacewolves", players=3)
    match = Match(game, seed=11)
    while not match.state.is_terminal():
        if match.state.is_chance_node():
            match.roll()
        else:
            match.apply(FirstActionBot().step(match.state))
    assert play_match(game, [FirstActionBot() for _ in range(3)], seed=11) == match.state.returns()


def test_play_match_plays_what_the_bots_choose() -> None:
    game = wolfpack.load_game("spacewolves", players=3)
    rng = random.Random(4)
    state = game.new_initial_state()
    bot = FirstActionBot()
    while not state.is_terminal():
        state.apply_action(sample_chance_outcome(state, rng) if state.is_chance_node() else bot.step(state))
    assert play_match(game, [FirstActionBot() for _ in range(3)], seed=4) == state.returns()


def test_play_match_needs_one_bot_per_seat() -> None:
    game = wolfpack.load_game("spacewolves", players=4)
    with pytest.raises(ValueError, match="4 seats"):
        play_match(game, [RandomBot(1), RandomBot(2), RandomBot(3)], seed=1)


def test_arena_tallies_shares_that_add_up() -> None:
    result = arena("spacewolves", ["random", "random", "random"], games=30, seed=2, players=3)
    assert isinstance(result, ArenaResult)
    assert result.games == 30
    assert result.entrants == ("random", "random", "random")
    assert result.options == {"players": 3, "max_rounds": 100}
    assert sum(result.win_shares) == pytest.approx(1.0)
    assert sum(result.seat_win_shares) == pytest.approx(1.0)
    # Spacewolves! returns are win shares already, and without rotation entrant j is seat j.
    assert result.mean_returns == pytest.approx(result.win_shares)
    assert result.seat_win_shares == pytest.approx(result.win_shares)
    assert all(0.0 < err < 0.2 for err in result.win_share_stderr)
    assert "30 games" in result.summary()


def test_arena_is_deterministic_for_a_seed() -> None:
    first = arena("spacewolves", ["random"] * 3, games=20, seed=5, players=3)
    assert first == arena("spacewolves", ["random"] * 3, games=20, seed=5, players=3)
    assert first != arena("spacewolves", ["random"] * 3, games=20, seed=6, players=3)


def test_arena_rotation_puts_entrant_zero_in_seat_i_mod_n() -> None:
    seats_per_game: list[set[int]] = []

    def logging_bot(game: Game[Any], seed: int) -> Bot:
        seats_per_game.append(set())
        return SeatLogBot(seed, seats_per_game[-1])

    arena("spacewolves", [logging_bot, "random", "random", "random"], games=8, seed=3, rotate=True, players=4)
    assert seats_per_game == [{i % 4} for i in range(8)]


def test_arena_without_rotation_keeps_entrants_in_their_seats() -> None:
    seats: set[int] = set()
    arena("spacewolves", ["random", lambda game, seed: SeatLogBot(seed, seats), "random"], games=5, seed=3, players=3)
    assert seats == {1}


def test_arena_seeds_each_bot_from_the_run_seed() -> None:
    seeds: list[int] = []

    def seed_logger(game: Game[Any], seed: int) -> Bot:
        seeds.append(seed)
        return RandomBot(seed)

    arena("spacewolves", [seed_logger, "random", "random"], games=3, seed=8, players=3)
    assert seeds == [bot_seed(8, i, 0) for i in range(3)]
    assert len({game_seed(8, i) for i in range(100)}) == 100
    assert game_seed(8, 0) != game_seed(9, 0)


def test_arena_rejects_a_wrong_number_of_entrants_or_games() -> None:
    with pytest.raises(ValueError, match="4 seats"):
        arena("spacewolves", ["random"] * 3, games=1)
    with pytest.raises(ValueError, match="at least one game"):
        arena("spacewolves", ["random"] * 3, games=0, players=3)
    with pytest.raises(ValueError, match="no bot 'nobody'"):
        arena("spacewolves", ["nobody", "random", "random"], games=1, players=3)
    with pytest.raises(wolfpack.GameOptionError):
        arena("spacewolves", ["random"] * 3, games=1, players=7)


def test_arena_sees_a_strong_entrant() -> None:
    result = arena("spacewolves", ["heuristic", "random", "random"], games=60, seed=1, rotate=True, players=3)
    assert result.entrants[0] == "heuristic"
    assert result.win_shares[0] > max(result.win_shares[1:])
    assert sum(result.seat_win_shares) == pytest.approx(1.0)
