"""benchmarks/run.py: rounds that alternate their order, and ratios taken round by round."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from .scripts import benchmark_script


@pytest.fixture(scope="module")
def run() -> ModuleType:
    return benchmark_script("run")


def test_rounds_alternate_their_order_and_keep_each_games_runs(
    run: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    order: list[tuple[str, int]] = []

    def fake_measure(label: str, new_state: Any, seconds: float, warmup: float, seed: int) -> Any:
        order.append((label, seed))
        return run.Throughput(label, games=1, steps=len(label) * (seed + 1), seconds=1.0)

    monkeypatch.setattr(run, "measure", fake_measure)
    entries = [run.Entry(name, "wolfpack", object) for name in ("a", "bb", "ccc")]
    results = run.measure_rounds(entries, rounds=3, seconds=1.0, warmup=0.0, seed=10)
    assert [label for label, _ in order] == ["a", "bb", "ccc", "ccc", "bb", "a", "a", "bb", "ccc"]
    assert [seed for label, seed in order if label == "a"] == [10, 11, 12]
    assert [r.steps for r in results["bb"]] == [22, 24, 26]


def test_ratios_are_taken_round_by_round_and_judged_by_their_median(run: ModuleType) -> None:
    mine = [run.Throughput("x", 1, steps, 1.0) for steps in (50, 40, 90)]
    reference = [run.Throughput("m", 1, steps, 1.0) for steps in (100, 100, 100)]
    ratios = run.round_ratios(mine, reference)
    assert ratios == [0.5, 0.4, 0.9]
    assert run.ratio_line("x / m", ratios, aim=0.5) == "x / m: 0.500 (rounds 0.400-0.900, median of 3)  aim >= 0.5: met"
    assert run.ratio_line("x / m", [0.4, 0.49], aim=0.5).endswith("NOT met")
