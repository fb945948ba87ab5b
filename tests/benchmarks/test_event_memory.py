"""`benchmarks/event_memory.py` in short: the load test's mix played headless through the live server's view code.

The full run measures memory; this one checks behaviour only (no size or time is asserted): the views the replay
keeps are the game's views, and every part of what the event keeps is measured.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from .scripts import benchmark_script


@pytest.fixture(scope="module")
def event_memory() -> ModuleType:
    return benchmark_script("event_memory")


def test_the_replay_keeps_every_viewers_view_as_the_game_shows_it(event_memory: ModuleType) -> None:
    replay = event_memory.Replay(seed=3, turns=3)
    for number in range(1, 400):  # three advances: a turn
        replay.step(number)
        replay.fan_out()
    state, live = replay.state, replay.live
    assert live.version == len(state.history()), "every action and chance outcome is a version"
    for viewer in replay.viewers:
        view = live.view(viewer)
        assert view.observation == state.observation(viewer)
        assert (
            view.log_length == len(state.log(viewer)) and (view.last_line or None) == (state.log(viewer) or [None])[-1]
        )
    assert state.turn > 1, "Control's advances moved the event on"


def test_the_figures_cover_every_part_and_the_report_names_them(event_memory: ModuleType) -> None:
    figures = event_memory.measure(actions=120, every=30, seed=2, turns=2)
    parts = ["rss", "history", "log", "log indices", "views' observations", "request ids", "position"]
    assert all(part in figures["bytes_per_version"] and figures["at_end_kib"][part] > 0 for part in parts)
    assert figures["second_half_versions"] > 0 and len(figures["samples"]) == 4
    text = event_memory.report(figures)
    assert all(part in text for part in parts)
