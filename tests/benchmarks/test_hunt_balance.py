"""`benchmarks/hunt_balance.py` in short: a recipe of `simulate` and `analyze` that plays the arena's games."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pyarrow.parquet as pq
import pytest

import wolfpack
from wolfpack.games.hunt.bots import HeuristicBot
from wolfpack.sim.arena import bot_seed, game_seed, play_game

from .scripts import benchmark_script

GAMES = 3


@pytest.fixture(scope="module")
def hunt_balance() -> ModuleType:
    return benchmark_script("hunt_balance")


def arena_wins(difficulty: str, games: int) -> int:
    """Wins of the first games of the arena run the old script played: HeuristicBot seeded bot_seed(1, i, seat)."""
    game = wolfpack.load_game("wolves-on-the-hunt", players=2, difficulty=difficulty)
    wins = 0
    for index in range(games):
        bots = [HeuristicBot(bot_seed(1, index, seat)) for seat in range(2)]
        wins += play_game(game, bots, game_seed(1, index)).returns()[0] > 0
    return wins


def test_the_recipe_plays_the_arena_games_and_reports_each_difficulty(
    hunt_balance: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert hunt_balance.main(["--games", str(GAMES), "--out-dir", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    for difficulty in ("easy", "normal", "hard"):
        out = tmp_path / f"hunt-2p-{difficulty}-seed1.parquet"
        outcomes = pq.read_table(out, columns=["outcome"]).column("outcome").to_pylist()
        assert len(outcomes) == GAMES
        wins = outcomes.count("win")
        assert wins == arena_wins(difficulty, GAMES)  # the same games as benchmarks/hunt_balance.py played before
        assert f"({wins}/{GAMES})" in printed
        assert f"--option difficulty={difficulty} --bots heuristic --games {GAMES} --seed 1" in printed
    assert "easy to normal:" in printed and "normal to hard:" in printed
    assert "normal in [25%, 75%]:" in printed


def test_a_shorter_second_run_reads_the_kept_files_without_playing(
    hunt_balance: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hunt_balance.main(["--games", str(GAMES), "--difficulty", "hard", "--out-dir", str(tmp_path)])
    out = tmp_path / "hunt-2p-hard-seed1.parquet"
    before = out.read_bytes()
    capsys.readouterr()
    hunt_balance.main(["--games", "2", "--difficulty", "hard", "--out-dir", str(tmp_path)])
    assert out.read_bytes() == before
    assert "/2)" in capsys.readouterr().out  # the first two games of the three kept
