"""Each game's fixed action space (games/<game>/encoding.py): a bijection between its actions and 0..size-1 whose
size depends only on the game and its options, and features of a fixed shape (docs/interop.md)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wolfpack
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.encoding import NoActionSpaceError, OutsideActionSpaceError, WordSpace, action_space
from wolfpack.engine.game import Game, State
from wolfpack.testing import random_acting_seat

from ..engine.toy_games import BidGame

ENCODED = {
    "spacewolves": [{"players": 3}, {"players": 4}],
    "wolves-on-the-hunt": [{"players": 1, "difficulty": "easy"}, {"players": 4, "difficulty": "hard"}],
    "wolf": [{"players": 2, "max_rounds": 3}, {"players": 6, "max_rounds": 3}],
}
CASES = [(name, options) for name, many in ENCODED.items() for options in many]
STEPS = 150
"""Steps of each seeded random game the property walks (every seat's legal actions at each)."""
MEGAGAMES = [{"scenario": "combat", "pursuit": 12, "phase_actions": 30}, {"edition": "infinite-domain", "turns": 2}]
MEGAGAME_STEPS = 60
"""Fewer for a megagame, whose every step lists 41 or 52 seats' actions and views (about 0.1 s a step)."""


def _check_point(state: State, space: object) -> int:  # type: ignore[type-arg]
    """Every legal action of every seat maps to a distinct index below the size and back; so does every chance
    outcome; every seat's features have the layout's length. The number of actions checked."""
    checked = 0
    if state.is_chance_node():
        indices = [space.chance_index(outcome) for outcome, _ in state.chance_outcomes()]  # type: ignore[attr-defined]
        assert len(set(indices)) == len(indices) and all(0 <= i < space.chance_size for i in indices)  # type: ignore[attr-defined]
        assert [space.chance_outcome(i) for i in indices] == [o for o, _ in state.chance_outcomes()]  # type: ignore[attr-defined]
        return len(indices)
    for seat in range(state.num_players()):
        legal = state.legal_actions(seat)
        indices = [space.index(action) for action in legal]  # type: ignore[attr-defined]
        assert len(set(indices)) == len(indices), f"two actions of seat {seat} share an index"
        assert all(0 <= i < space.size for i in indices)  # type: ignore[attr-defined]
        assert [space.action(i, state) for i in indices] == legal  # type: ignore[attr-defined]
        features = space.features(state.observation(seat), seat)  # type: ignore[attr-defined]
        assert features.shape == (space.layout.size,) and features.dtype == np.float32  # type: ignore[attr-defined]
        assert np.isfinite(features).all()
        checked += len(legal)
    return checked


@pytest.mark.parametrize(("name", "options"), CASES, ids=str)
@settings(max_examples=3, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_legal_action_maps_to_a_distinct_index_and_back(name: str, options: dict[str, object], seed: int) -> None:
    _walk(wolfpack.load_game(name, **options), seed, STEPS)


@pytest.mark.slow  # 7-15 s each: make strength (the PettingZoo api_test of a Wolf Attack covers the space in make test)
@pytest.mark.parametrize("options", MEGAGAMES, ids=str)
@settings(max_examples=2, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_listed_megagame_action_maps_to_a_distinct_index_and_back(options: dict[str, object], seed: int) -> None:
    """Den of Wolves, every seat's listed actions (its space's coverage: docs/interop.md, Interpretations)."""
    _walk(wolfpack.load_game("den-of-wolves", **options), seed, MEGAGAME_STEPS)


def _walk(game: Game, seed: int, steps: int) -> None:  # type: ignore[type-arg]
    """Play `steps` seeded random steps of `game`, checking every point on the way."""
    space = action_space(game)
    rng = random.Random(seed)
    state = game.new_initial_state()
    checked = 0
    for _ in range(steps):
        if state.is_terminal():
            break
        checked += _check_point(state, space)
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            seat = random_acting_seat(state, rng) if state.is_simultaneous_node() else state.current_player()
            state.apply_action(rng.choice(state.legal_actions(seat)), seat if state.is_simultaneous_node() else None)
    assert checked > 0


@pytest.mark.parametrize(("name", "options"), CASES, ids=str)
def test_the_size_depends_only_on_the_game_and_its_options(name: str, options: dict[str, object]) -> None:
    first, again = action_space(wolfpack.load_game(name, **options)), action_space(wolfpack.load_game(name, **options))
    assert (first.size, first.chance_size, first.layout.size) == (again.size, again.chance_size, again.layout.size)
    assert first.layout.size == sum(length for _, length, _ in first.layout.segments)
    with pytest.raises(OutsideActionSpaceError, match="outside"):
        first.action(first.size, wolfpack.load_game(name, **options).new_initial_state())
    with pytest.raises(OutsideActionSpaceError, match="outside"):
        first.chance_outcome(-1)


def test_an_action_outside_the_space_is_refused_by_name() -> None:
    space = action_space(wolfpack.load_game("wolf", players=3))
    with pytest.raises(OutsideActionSpaceError, match="'fire nothing a1'"):
        space.index("fire nothing a1")


def test_a_game_without_an_action_space_is_refused_naming_it() -> None:
    with pytest.raises(NoActionSpaceError, match=r"toy-sealed-bids.*PettingZoo or OpenSpiel"):
        action_space(BidGame(BidGame.Options()))


def test_word_space_numbers_every_combination_of_its_forms_once() -> None:
    space = WordSpace([(("bid",), ("1", "2", "3")), (("go", "stop"), ("a", "b"), ("x", "y")), (("pass",),)])
    texts = [space.text(index) for index in range(space.size)]
    assert space.size == 3 + 8 + 1 == len(set(texts))
    assert [space.index(text) for text in texts] == list(range(space.size))
    assert texts[:4] == ["bid 1", "bid 2", "bid 3", "go a x"]


def test_word_space_refuses_forms_that_name_one_text_twice() -> None:
    with pytest.raises(ValueError, match="forms 0 and 1 can name the same action"):
        WordSpace([(("bid",), ("1", "2")), (("bid", "raise"), ("2", "3"))])
    with pytest.raises(ValueError, match="repeats a word"):
        WordSpace([(("bid",), ("1", "1"))])
