"""`benchmarks/den_control.py` in short: a row per turn, and totals that are the rows' sums."""

from __future__ import annotations

import re

import pytest

from .scripts import benchmark_script


def test_the_report_counts_controls_actions_per_turn_with_and_without_policies(
    capsys: pytest.CaptureFixture[str],
) -> None:
    benchmark_script("den_control").main(["--turns", "2", "--seeds", "1"])
    printed = capsys.readouterr().out
    rows = [tuple(map(int, row)) for row in re.findall(r"^ +(\d+) +(\d+) +(\d+)$", printed, re.M)]
    assert [row[0] for row in rows] == [1, 2]
    total = re.search(r"^ +all +(\d+) +(\d+)$", printed, re.M)
    assert total is not None and (int(total[1]), int(total[2])) == (sum(r[1] for r in rows), sum(r[2] for r in rows))
    assert rows[0][2] >= 5, "setting the five usual policies is five of Control's actions in turn 1"
