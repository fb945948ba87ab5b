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
PLAYOUTS = 25
SHORT_PLAYOUTS = {"wolf": 5, "den-of-wolves": 1}
"""Fewer playouts in `make test` for games whose playouts are long (WOLF's six rounds at five player counts, a
megagame whose every step lists dozens of seats' actions: one playout of each of its three option sets passes every
kind of step, and a second proved nothing more); `make strength` plays them `PLAYOUTS` times with other seeds."""
CASES = [(name, opts) for name, many in GAME_OPTIONS.items() for opts in many]


def test_every_registered_game_has_conformance_options() -> None:
    assert set(GAME_OPTIONS) == set(wolfpack.game_names())


def _conforms(name: str, options: dict[str, int], playouts: int, seed: int) -> None:
    report = check_game(name, playouts=playouts, seed=seed, **options)
    assert report.playouts == playouts
    assert report.steps > 0
    assert report.json_round_trips > 0
    assert report.notation_round_trips > 0


@pytest.mark.parametrize(("name", "options"), CASES, ids=str)
def test_game_conforms(name: str, options: dict[str, int]) -> None:
    _conforms(name, options, SHORT_PLAYOUTS.get(name, PLAYOUTS), seed=3)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), [case for case in CASES if case[0] in SHORT_PLAYOUTS], ids=str)
def test_game_conforms_over_many_playouts(name: str, options: dict[str, int]) -> None:
    """The long games' check over as many playouts as the others', on other seeds than the short run's."""
    _conforms(name, options, PLAYOUTS, seed=1003)


def test_check_game_catches_a_broken_promise(monkeypatch: pytest.MonkeyPatch) -> None:
    from wolfpack.games.spacewolves.state import SpacewolvesState

    real = SpacewolvesState._returns
    monkeypatch.setattr(SpacewolvesState, "_returns", lambda self: [x + 5 for x in real(self)])
    with pytest.raises(ConformanceError, match="outside the declared bounds"):
        check_game("spacewolves", playouts=1, players=3)
