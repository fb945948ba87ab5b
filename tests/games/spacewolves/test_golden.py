"""Golden playthroughs of Spacewolves!: whole seeded games in notation, committed, and diffed (see tests/golden.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

import wolfpack
from wolfpack.engine.bot import RandomBot
from wolfpack.engine.records import replay_record

from ...golden import golden_diff, play_golden

GOLDEN = Path(__file__).parent / "golden"
CASES = [(3, 1), (3, 2), (4, 1), (4, 2), (4, 3)]


def path_of(players: int, seed: int) -> Path:
    return GOLDEN / f"spacewolves-{players}p-seed{seed}.jsonl"


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_golden_playthrough_is_unchanged(players: int, seed: int) -> None:
    game = wolfpack.load_game("spacewolves", players=players)
    fresh = play_golden(game, seed, [RandomBot(seed * 1000 + seat) for seat in range(players)])
    diff = golden_diff(path_of(players, seed), fresh)
    assert not diff, f"{path_of(players, seed).name} changed:\n{diff[:4000]}"


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_golden_record_replays_to_its_result(players: int, seed: int) -> None:
    state = replay_record(path_of(players, seed))
    assert state.is_terminal()
    assert sum(state.returns()) == pytest.approx(1.0)
