"""Properties that hold for every registered game, searched by hypothesis: any text, any seed, any point."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wolfpack
from wolfpack import IllegalActionError, InvalidActionError
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import State
from wolfpack.testing import random_acting_seat

GAMES = wolfpack.game_names()


def _step(state: State, rng: random.Random) -> None:  # type: ignore[type-arg]
    """Play one random action (chance drawn, or a seat that may act chosen) on `state`."""
    if state.is_chance_node():
        state.apply_action(sample_chance_outcome(state, rng))
    else:
        seat = acting_seat(state, rng)
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)


@functools.cache
def _trajectory(name: str, seed: int, steps: int = 120) -> list[State]:  # type: ignore[type-arg]
    """A copy of every state of one seeded random game to `steps` steps (or its end), kept: the text test asks many
    texts at the positions of a few games, and a Den of Wolves game takes long to advance."""
    rng = random.Random(seed)
    state = wolfpack.load_game(name).new_initial_state()
    states = [state.clone()]
    while len(states) <= steps and not state.is_terminal():
        _step(state, rng)
        states.append(state.clone())
    return states


def _position(name: str, seed: int, steps: int) -> State:  # type: ignore[type-arg]
    """A copy of the position after `steps` steps of kept random game `seed` (its last, if it ended sooner)."""
    positions = _trajectory(name, seed)
    return positions[min(steps, len(positions) - 1)].clone()


def acting_seat(state: State, rng: random.Random | None = None) -> int:  # type: ignore[type-arg]
    """The seat to act, or at a simultaneous node one of the seats that can (the first one play waits for)."""
    if not state.is_simultaneous_node():
        return state.current_player()
    if rng is None:
        return state.waiting_for()[0]
    return random_acting_seat(state, rng)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=30), seed=st.integers(0, 9), steps=st.integers(0, 120))
def test_any_text_is_parsed_or_rejected_cleanly(name: str, text: str, seed: int, steps: int) -> None:
    state = _position(name, seed, steps)
    before = state.to_json()
    seat = None if state.is_terminal() else acting_seat(state)
    try:
        action = state.parse_action(text, seat)
    except (InvalidActionError, IllegalActionError):
        assert state.to_json() == before
    else:
        assert state.is_legal(action, seat)
        assert state.parse_action(state.action_to_string(action), seat) == action


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 9), steps=st.integers(0, 120))
def test_json_round_trip_at_any_point(name: str, seed: int, steps: int) -> None:
    # The positions of the kept random games: wolfpack.testing's conformance check already round-trips every few
    # steps of its own longer games, so new games here would cost (a Den of Wolves step lists dozens of seats'
    # actions) without reaching anything it does not.
    game = wolfpack.load_game(name)
    state = _position(name, seed, steps)
    restored = game.state_from_json(state.to_json())
    assert restored == state
    for seat in range(state.num_players()):
        assert restored.legal_actions(seat) == state.legal_actions(seat)
    assert restored.observation() == state.observation()


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 9), steps=st.integers(0, 120))
def test_every_legal_action_round_trips_through_notation(name: str, seed: int, steps: int) -> None:
    state = _position(name, seed, steps)
    if state.is_terminal():
        return
    seat = acting_seat(state)
    for action in state.legal_actions(seat):
        text = state.action_to_string(action)
        assert state.parse_action(text, seat) == action
