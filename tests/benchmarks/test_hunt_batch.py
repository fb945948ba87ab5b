"""`benchmarks/hunt_batch.py` in short: both engines' speeds per bot, and the distribution comparison's report."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pyarrow.parquet as pq
import pytest

from .scripts import benchmark_script


@pytest.fixture(scope="module")
def hunt_batch_script(hunt_batch: ModuleType) -> ModuleType:
    """benchmarks/hunt_batch.py, once the kernel is compiled (tests/compiled.py)."""
    return benchmark_script("hunt_batch")


def test_the_speeds_give_both_engines_and_their_ratio_per_bot(
    hunt_batch_script: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    # random hunters only: the heuristic kernel's compile belongs to tests/games/hunt/test_batch_heuristic.py
    assert (
        hunt_batch_script.main(["--players", "1", "--seconds", "0.05", "--batch-games", "40", "--bots", "random"]) == 0
    )
    printed = capsys.readouterr().out
    random_line = next(line for line in printed.splitlines() if line.strip().startswith("random"))
    found = re.search(r"scalar +([\d.]+) games/s.*batch +([\d.]+) games/s.*ratio +([\d.]+)x", random_line)
    assert found is not None, random_line
    scalar, batch, ratio = (float(x) for x in found.groups())
    assert ratio == pytest.approx(batch / scalar, abs=0.1)  # printed to one decimal
    assert "heuristic" not in printed
    assert "load average" in printed


def test_the_comparison_tests_each_column_and_keeps_the_scalar_games(
    hunt_batch_script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # four hunters on easy: a few games end on a hunter's last heart, so the endings are compared too
    args = ["--compare", "--players", "4", "--difficulty", "easy", "--games", "400", "--scalar-games", "100"]
    assert hunt_batch_script.main([*args, "--out-dir", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    for column in ("actions", "decisions", "hearts left"):
        assert re.search(rf"^  {column} +KS +statistic", printed, re.MULTILINE), column
    for column in ("rounds", "ending"):
        assert re.search(rf"^  {column} +chi-square +statistic", printed, re.MULTILINE), column
    assert "100 scalar games" in printed and "400 batch games" in printed
    assert "verdict at 0.001 per test:" in printed
    kept = tmp_path / "hunt-random-4p-easy-seed33.parquet"
    assert pq.read_metadata(kept).num_rows == 100
