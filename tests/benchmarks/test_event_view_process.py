"""`benchmarks/event_view_process.py` in short: a recorded play's views built here and through a view process, the
two compared after every action, and the CPU of each process reported."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from .scripts import benchmark_script


@pytest.fixture(scope="module")
def event_view_process() -> ModuleType:
    return benchmark_script("event_view_process")


def test_the_recorded_play_has_the_actions_asked_for_each_with_its_chance_settled(
    event_view_process: ModuleType,
) -> None:
    settings, start, played = event_view_process.record(70, 2)
    assert len(played) == 70 and not start.is_chance_node()
    state = event_view_process.copy(settings, start)
    for rows in played:
        assert rows[0][0] >= 0 and all(player == -1 for player, _ in rows[1:]), "an action, then its chance"
        for player, text in rows:
            event_view_process.apply_notation(state, text, player)
        assert not state.is_chance_node()
    assert any(text.startswith("control advance") for rows in played for _, text in rows)


def test_the_views_through_the_process_are_those_built_here_and_both_cpus_are_reported(
    event_view_process: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert event_view_process.main(["--actions", "30", "--seed", "2"]) == 0  # it stops at a view that differs
    printed = capsys.readouterr().out
    figures = re.fullmatch(
        r"30 actions, CPU per action: every view built here ([\d.]+) ms; with a view process, here ([\d.]+) ms \+ "
        r"the view process ([\d.]+) ms = ([\d.]+) ms\n",
        printed,
    )
    assert figures is not None, printed
    alone, here, worker, both = map(float, figures.groups())
    assert alone > 0 and worker > 0 and abs(here + worker - both) < 0.02
