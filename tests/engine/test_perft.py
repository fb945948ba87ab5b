"""Perft (issue 33, item 4): for fixed positions of each table game (taken from one seeded random game, dice and
cards already drawn), the number of distinct histories of a few steps and of one whole turn, recorded by
scripts/perft-record. A change meant only to make an engine faster leaves every count as it was; one that alters move
generation or chance fails here, loudly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import wolfpack
from wolfpack.engine.constants import SIMULTANEOUS
from wolfpack.engine.perft import perft, turn_sequences

RECORDS = Path(__file__).resolve().parent / "perft"
CASES = [
    (record["game"], index, position, record["options"])
    for path in sorted(RECORDS.glob("*.json"))
    for record in [json.loads(path.read_text(encoding="utf-8"))]
    for index, position in enumerate(record["positions"])
]


def test_every_table_game_has_perft_positions() -> None:
    assert {game for game, _, _, _ in CASES} == {"spacewolves", "wolves-on-the-hunt", "wolf"}
    assert all(sum(1 for case in CASES if case[0] == game) >= 2 for game in ("spacewolves", "wolf"))
    moments = {(game, position["label"]) for game, _, position, _ in CASES}
    # A turn half played, and WOLF's pack moving its units, besides positions at fixed steps.
    assert {("spacewolves", "mid-turn"), ("wolves-on-the-hunt", "mid-turn"), ("wolf", "pack")} <= moments


@pytest.mark.parametrize(("game", "index", "position", "options"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_the_recorded_counts_are_the_engines(
    game: str, index: int, position: dict[str, Any], options: dict[str, int]
) -> None:
    state = wolfpack.load_game(game, **options).state_from_json(position["state"])
    assert perft(state, position["depth"]) == position["perft"]
    if "turn" in position:
        assert turn_sequences(state) == position["turn"]


def test_depth_one_is_the_branches_and_a_turn_ends_where_another_seat_or_chance_comes() -> None:
    """Perft at depth 1 counts the legal actions (or chance's outcomes); a whole turn counted to depth 1 is the seat's
    legal actions; perft and turns refuse a start where no single seat is to act."""
    for game, _, position, options in CASES:
        state = wolfpack.load_game(game, **options).state_from_json(position["state"])
        if state.is_chance_node():
            assert perft(state, 1) == len(state.chance_outcomes())
            with pytest.raises(ValueError, match="chance"):
                turn_sequences(state)
        elif state.current_player() != SIMULTANEOUS:
            assert perft(state, 1) == len(state.legal_actions()) == turn_sequences(state, 1)
    ended = wolfpack.load_game("spacewolves", players=3).new_initial_state()
    while not ended.is_terminal():
        ended.apply_action(ended.legal_actions()[0])
    assert perft(ended, 3) == 1
    with pytest.raises(ValueError, match="not at chance or at the end"):
        turn_sequences(ended)
