"""Golden playthroughs of Wolves on the Hunt: whole seeded games in notation, committed, and diffed.

The bots are random ones so that only a change of the rules (or of the content pack) changes these records.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import wolfpack
from wolfpack.engine.bot import RandomBot
from wolfpack.engine.records import replay_record

from ...golden import golden_diff, play_golden

GOLDEN = Path(__file__).parent / "golden"
CASES = [(1, "easy", 1), (2, "normal", 1), (2, "normal", 2), (3, "hard", 1), (4, "easy", 1)]


def path_of(players: int, difficulty: str, seed: int) -> Path:
    return GOLDEN / f"hunt-{players}p-{difficulty}-seed{seed}.jsonl"


@pytest.mark.parametrize(("players", "difficulty", "seed"), CASES)
def test_golden_playthrough_is_unchanged(players: int, difficulty: str, seed: int) -> None:
    game = wolfpack.load_game("wolves-on-the-hunt", players=players, difficulty=difficulty)
    fresh = play_golden(game, seed, [RandomBot(seed * 1000 + seat) for seat in range(players)])
    path = path_of(players, difficulty, seed)
    diff = golden_diff(path, fresh)
    assert not diff, f"{path.name} changed:\n{diff[:4000]}"


@pytest.mark.parametrize(("players", "difficulty", "seed"), CASES)
def test_golden_record_replays_to_its_result(players: int, difficulty: str, seed: int) -> None:
    state = replay_record(path_of(players, difficulty, seed))
    assert state.is_terminal()
    assert len(set(state.returns())) == 1
