"""Sampling chance outcomes (tests mirror src/wolfpack/engine/chance.py)."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

import wolfpack
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import State


def first_roll_state(players: int = 3) -> State[Any]:
    """A Spacewolves! state at its first two-dice roll (the roll for first player already made)."""
    state = wolfpack.load_game("spacewolves", players=players).new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_chance_node()
    return state


class FixedRandom(random.Random):
    """A generator whose `random()` always returns one value, to hit the edges of the cumulative sum."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value
        self.calls = 0

    def random(self) -> float:
        self.calls += 1
        return self.value


class StubChance:
    """Just enough of a State for `sample_chance_outcome`: fixed outcomes with fixed probabilities."""

    def __init__(self, outcomes: list[tuple[str, float]]) -> None:
        self.outcomes = outcomes

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return self.outcomes


def sample(state: Any, rng: random.Random) -> Any:
    return sample_chance_outcome(state, rng)


def test_the_same_seed_draws_the_same_outcomes() -> None:
    state = first_roll_state()

    def draws(seed: int) -> list[Any]:
        rng = random.Random(seed)
        return [sample_chance_outcome(state, rng) for _ in range(200)]

    assert draws(11) == draws(11)
    assert draws(11) != draws(12)


def test_a_whole_seeded_game_of_chance_repeats() -> None:
    def chance_sequence(seed: int) -> list[str]:
        state = wolfpack.load_game("spacewolves", players=4).new_initial_state()
        rng = random.Random(seed)
        seen = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcome = sample_chance_outcome(state, rng)
                seen.append(state.action_to_string(outcome))
            else:
                outcome = state.legal_actions()[0]
            state.apply_action(outcome)
        return seen

    assert chance_sequence(5) == chance_sequence(5)
    assert chance_sequence(5) != chance_sequence(6)


def test_each_draw_uses_exactly_one_random_number() -> None:
    state = first_roll_state()
    rng = random.Random(3)
    reference = random.Random(3)
    for _ in range(50):
        sample_chance_outcome(state, rng)
        reference.random()
    assert rng.getstate() == reference.getstate()


def test_the_sample_is_one_of_the_outcomes_and_leaves_the_state_alone() -> None:
    state = first_roll_state()
    before = state.to_json()
    outcome = sample_chance_outcome(state, random.Random(0))
    assert outcome in [o for o, _ in state.chance_outcomes()]
    assert state.to_json() == before


@pytest.mark.parametrize("players", [3, 4])
def test_first_player_draws_are_uniform(players: int) -> None:
    state = wolfpack.load_game("spacewolves", players=players).new_initial_state()
    rng = random.Random(2024)
    draws = 30_000
    counts = Counter(sample_chance_outcome(state, rng) for _ in range(draws))
    assert set(counts) == {o for o, _ in state.chance_outcomes()}
    expected = draws / players
    assert all(abs(count - expected) < 0.05 * expected for count in counts.values())


def test_two_dice_follow_their_probabilities() -> None:
    """A chi-square statistic over 21 unordered two-dice outcomes stays well inside a loose bound."""
    state = first_roll_state()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    rng = random.Random(99)
    draws = 36_000
    counts = Counter(sample_chance_outcome(state, rng) for _ in range(draws))
    chi_square = sum((counts[o] - draws * p) ** 2 / (draws * p) for o, p in outcomes)
    degrees = len(outcomes) - 1
    # The statistic's mean is `degrees` (20) and its standard deviation sqrt(2 * degrees): allow six of them.
    assert chi_square < degrees + 6 * math.sqrt(2 * degrees), chi_square
    # Doubles are half as likely as each mixed roll.
    doubles = [o for o, p in outcomes if p < 0.04]
    mixed = [o for o, p in outcomes if p > 0.04]
    assert len(doubles) == 6
    assert len(mixed) == 15
    assert sum(counts[o] for o in doubles) == pytest.approx(draws / 6, rel=0.05)


def test_the_cumulative_edges() -> None:
    stub = StubChance([("a", 0.25), ("b", 0.0), ("c", 0.75)])
    assert sample(stub, FixedRandom(0.0)) == "a"
    assert sample(stub, FixedRandom(0.2499)) == "a"
    assert sample(stub, FixedRandom(0.25)) == "c"  # an outcome of probability 0 is never drawn
    assert sample(stub, FixedRandom(0.9999)) == "c"


def test_a_float_shortfall_goes_to_the_last_outcome() -> None:
    stub = StubChance([("a", 0.3), ("b", 0.3), ("c", 0.3999999)])  # sums to a hair under 1
    rng = FixedRandom(0.99999999)
    assert sample(stub, rng) == "c"
    assert rng.calls == 1


def test_no_pending_chance_event_is_an_error() -> None:
    state = first_roll_state()
    state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_chance_node()
    with pytest.raises(ValueError, match="no chance event is pending"):
        sample_chance_outcome(state, random.Random(0))


def test_a_finished_game_has_no_chance_event() -> None:
    state = wolfpack.load_game("spacewolves", players=3, max_rounds=1).new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        action = sample_chance_outcome(state, rng) if state.is_chance_node() else state.legal_actions()[0]
        state.apply_action(action)
    with pytest.raises(ValueError, match="no chance event is pending"):
        sample_chance_outcome(state, rng)
