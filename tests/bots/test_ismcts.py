"""The game-agnostic IS-MCTS bot: legal, seeded, bounded by iterations, and its determinizer is the only door to
the real state."""

from __future__ import annotations

import random
from typing import Any

import wolfpack
from wolfpack.bots.ismcts import ISMCTSBot, no_determinization
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import State


def _decision_state(seed: int) -> State[Any]:
    """A Spacewolves! decision a few random moves into a game."""
    game = wolfpack.load_game("spacewolves", players=3)
    state = game.new_initial_state()
    rng = random.Random(seed)
    moves = 0
    while True:
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        elif moves < 6 or len(state.legal_actions()) < 2:
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        else:
            return state


def test_the_search_picks_a_legal_action_and_leaves_the_state_alone() -> None:
    for seed in range(3):
        state = _decision_state(seed)
        before = state.to_json()
        action = ISMCTSBot(seed, iterations=30, rollout_depth=20).step(state)
        assert action in state.legal_actions()
        assert state.to_json() == before


def test_the_same_seed_searches_the_same_tree() -> None:
    state = _decision_state(4)
    first, second = ISMCTSBot(9, iterations=25), ISMCTSBot(9, iterations=25)
    assert first.step(state) == second.step(state)
    assert first.last_root is not None and second.last_root is not None
    assert [(c.action, c.visits) for c in first.last_root.children.values()] == [
        (c.action, c.visits) for c in second.last_root.children.values()
    ]


def test_every_iteration_visits_the_root_once_and_tries_each_candidate() -> None:
    state = _decision_state(5)
    legal = state.legal_actions()
    bot = ISMCTSBot(1, iterations=40, rollout_depth=5, evaluate=lambda s: [0.0] * s.num_players())
    bot.step(state)
    root = bot.last_root
    assert root is not None and root.visits == 40
    assert set(root.children) == set(legal)
    assert sum(child.visits for child in root.children.values()) == 40


def test_the_search_reaches_the_real_state_only_through_the_determinizer() -> None:
    state = _decision_state(6)
    calls: list[int] = []

    def determinize(real: State[Any], seat: int, rng: random.Random) -> State[Any]:
        calls.append(seat)
        return no_determinization(real, seat, rng)

    ISMCTSBot(2, iterations=12, rollout_depth=3, determinize=determinize).step(state)
    assert calls == [state.current_player()] * 12
