"""`benchmarks/den_views.py` in short: every row of the report, its counts and saved sizes those of the event played."""

from __future__ import annotations

import json
import re
from types import ModuleType

import pytest

import wolfpack
from wolfpack.games.den.event import run_event

from .scripts import benchmark_script

TURNS, EVERY = 2, 50
TIMED = ("legal", "views", "changed", "to_json", "clone")


@pytest.fixture(scope="module")
def den_views() -> ModuleType:
    return benchmark_script("den_views")


def test_the_report_has_every_row_and_counts_the_event_it_played(
    den_views: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    den_views.main(["--editions", "classic", "--turns", str(TURNS), "--every", str(EVERY), "--no-pin"])
    printed = capsys.readouterr().out
    game = wolfpack.load_game("den-of-wolves", edition="classic", turns=TURNS)
    event = run_event(game, 1)  # the same seeded event, played without the sweeps
    sweeps = sum(1 for action in range(EVERY, event.actions + 1, EVERY) if action < event.actions)  # none at the end
    assert f"seed 1, {TURNS} turns" in printed
    assert f"classic: {game.num_players()} seats, {event.actions} seat actions, {sweeps} sweeps," in printed
    for name in TIMED:
        row = re.search(rf"^  {name} +median +(\S+) ms +p95 +(\S+) ms +p99 +(\S+) ms +max +(\S+) ms$", printed, re.M)
        assert row is not None, name
        assert all(float(ms) >= 0 for ms in row.groups())
    viewers = game.num_players() + 1  # every seat and the public view
    changed = re.search(rf"views changed per action: mean (\S+) of {viewers}, median \d+$", printed, re.M)
    assert changed is not None and 0 < float(changed[1]) <= viewers  # the first sweep sees them all changed
    saved = len(event.state.to_json().encode()) / 1024
    position = len(json.dumps(event.state.to_dict()["position"]).encode()) / 1024
    sizes = re.search(r"saved KiB by turn: 1: \d+, 2: (\d+)$", printed, re.M)
    positions = re.search(r"position KiB by turn: 1: \d+, 2: (\d+)$", printed, re.M)
    assert sizes is not None and sizes[1] == f"{saved:.0f}"
    assert positions is not None and positions[1] == f"{position:.0f}"


def test_a_run_too_short_for_a_sweep_says_so_instead_of_failing(
    den_views: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    den_views.main(["--editions", "classic", "--turns", "1", "--every", "100000", "--no-pin"])
    printed = capsys.readouterr().out
    assert ", 0 sweeps," in printed and "nothing timed: --every is more than the event's seat actions" in printed
