"""`benchmarks/wolf_bots.py --balance`'s barricade count: read from the board, so the log's wording cannot skew it."""

from __future__ import annotations

from types import ModuleType

import pytest

import wolfpack
from wolfpack.games.wolf.bots import HeuristicBot
from wolfpack.sim.arena import bot_seed, game_seed, play_game

from ..rules.wolf.helpers import clear_wolves, hero_turn, load, pack_turn, position, put
from .scripts import benchmark_script


@pytest.fixture(scope="module")
def wolf_bots() -> ModuleType:
    return benchmark_script("wolf_bots")


def test_a_werewolf_breaking_a_barricade_on_a_one_counts_one_broken(wolf_bots: ModuleType) -> None:
    data = position(6)
    clear_wolves(data, "she-wolf-3")
    pack_turn(data)
    start = load(data)
    moved = ["she-wolf-3 m18", "break m17"]  # m17 is a barricade sharing a side with m18
    assert wolf_bots.barricade_traffic(start, [*moved, "roll 1"]) == (0, 1)
    assert wolf_bots.barricade_traffic(start, [*moved, "roll 2"]) == (0, 0)
    assert "m17" in start.barricades  # the count plays on a copy


def test_a_barricade_built_by_force_counts_one_built(wolf_bots: ModuleType) -> None:
    data = position(6)
    put(data, "jack", "g11")  # beside the Hall-Kitchen doorway g10, which holds no barricade at the start
    hero_turn(data, "jack")
    start = load(data)
    assert wolf_bots.barricade_traffic(start, ["power force", "roll 1", "build g10"]) == (1, 0)


def test_a_whole_game_counts_every_barricade_that_left_or_joined_the_board(wolf_bots: ModuleType) -> None:
    """The counts of a heuristic game add up to the board at its end, and the balance row reports them."""
    game = wolfpack.load_game("wolf", players=2)
    final = play_game(game, [HeuristicBot(bot_seed(1, 0, seat)) for seat in range(2)], game_seed(1, 0))
    built, broken = wolf_bots.barricade_traffic(game.new_initial_state(), final.history())
    start = len(game.new_initial_state().barricades)
    assert broken >= 1 and start + built - broken == len(final.barricades)
    assert wolf_bots.balance_game(2, 1, 0, None)[3:] == (built, broken)
