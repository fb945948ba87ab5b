"""The conformance suite, run on every registered game (tests/ mirrors src/wolfpack/testing.py)."""

from __future__ import annotations

import pytest

import wolfpack
from wolfpack.testing import ConformanceError, check_game

GAME_OPTIONS = {
    "spacewolves": [{"players": 3}, {"players": 4}, {"players": 3, "max_rounds": 2}],
    "wolves-on-the-hunt": [{"players": 1, "difficulty": "easy"}, {"players": 4, "difficulty": "hard"}],
    "wolf": [{"players": n, "max_rounds": 6} for n in (2, 3, 4, 5, 6)],
    "den-of-wolves": [
        *({"edition": edition, "turns": 2, "phase_actions": 30} for edition in ("classic", "infinite-domain")),
        {"edition": "classic", "scenario": "combat", "pursuit": 12, "phase_actions": 30},
    ],
}
PLAYOUTS = {"den-of-wolves": 4}
"""Fewer playouts for games whose every step lists dozens of seats' actions (a megagame)."""


def test_every_registered_game_has_conformance_options() -> None:
    assert set(GAME_OPTIONS) == set(wolfpack.game_names())


@pytest.mark.parametrize(
    ("name", "options"), [(name, opts) for name, many in GAME_OPTIONS.items() for opts in many], ids=str
)
def test_game_conforms(name: str, options: dict[str, int]) -> None:
    playouts = PLAYOUTS.get(name, 25)
    report = check_game(name, playouts=playouts, seed=3, **options)
    assert report.playouts == playouts
    assert report.steps > 0
    assert report.json_round_trips > 0
    assert report.notation_round_trips > 0


def test_check_game_catches_a_broken_promise(monkeypatch: pytest.MonkeyPatch) -> None:
    from wolfpack.games.spacewolves.state import SpacewolvesState

    real = SpacewolvesState._returns
    monkeypatch.setattr(SpacewolvesState, "_returns", lambda self: [x + 5 for x in real(self)])
    with pytest.raises(ConformanceError, match="outside the declared bounds"):
        check_game("spacewolves", playouts=1, players=3)
