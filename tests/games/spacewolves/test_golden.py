"""Golden playthroughs: whole seeded games in notation, committed, and diffed against a fresh run.

A change to the rules that alters any game shows up here as a diff. When the change is intended, regenerate with
`WOLFPACK_UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/spacewolves/test_golden.py` and review the diff in git.
"""

from __future__ import annotations

import difflib
import io
import os
from pathlib import Path

import pytest

import wolfpack
from wolfpack.engine.bot import RandomBot
from wolfpack.engine.records import Match, replay_record

GOLDEN = Path(__file__).parent / "golden"
CASES = [(3, 1), (3, 2), (4, 1), (4, 2), (4, 3)]


def play_golden(players: int, seed: int) -> str:
    """A seeded game between random bots, as its JSON-lines record followed by the final position."""
    game = wolfpack.load_game("spacewolves", players=players)
    out = io.StringIO()
    match = Match(game, seed, record=out)
    bots = [RandomBot(seed * 1000 + seat) for seat in range(players)]
    while not match.state.is_terminal():
        if match.state.is_chance_node():
            match.roll()
        else:
            match.apply(bots[match.state.current_player()].step(match.state))
    return out.getvalue()


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_golden_playthrough_is_unchanged(players: int, seed: int) -> None:
    path = GOLDEN / f"spacewolves-{players}p-seed{seed}.jsonl"
    fresh = play_golden(players, seed)
    if os.environ.get("WOLFPACK_UPDATE_GOLDEN"):
        path.write_text(fresh, encoding="utf-8")
    committed = path.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(committed.splitlines(True), fresh.splitlines(True), "committed", "fresh"))
    assert not diff, f"{path.name} changed:\n{diff[:4000]}"


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_golden_record_replays_to_its_result(players: int, seed: int) -> None:
    state = replay_record(GOLDEN / f"spacewolves-{players}p-seed{seed}.jsonl")
    assert state.is_terminal()
    assert sum(state.returns()) == pytest.approx(1.0)
