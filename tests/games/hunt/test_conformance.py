"""Wolves on the Hunt passes the engine's conformance suite for 1-4 players and every difficulty."""

from __future__ import annotations

import random

import pytest

from wolfpack import SIMULTANEOUS
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.games.hunt.state import HuntState
from wolfpack.testing import check_game

from ...rules.hunt.helpers import GAME, hunt_registered, load, position, put_wolf

__all__ = ["hunt_registered"]


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_playouts_conform(players: int, difficulty: str) -> None:
    report = check_game(GAME, playouts=6, seed=players, players=players, difficulty=difficulty)
    assert report.playouts == 6 and report.longest > 0 and report.json_round_trips > 0


def greedy(state: HuntState, legal: list[str], rng: random.Random) -> str:
    """A simple chooser that survives longer than random play: dogs and hunters before elders, attacks first."""
    for prefix in ("target dog", "target hunter", "rifle", "knife", "extra", "trap", "outwit", "samovar", "write"):
        choices = [a for a in legal if a.startswith(prefix)]
        if choices:
            return rng.choice(choices)
    return rng.choice([a for a in legal if not a.startswith(("modify", "reroll"))] or legal)


def play_out(state: HuntState, rng: random.Random) -> int:
    """Play to the end, checking at every step that somebody can act and that the state survives JSON."""
    game = state.game
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            seat = state.current_player()
            if seat == SIMULTANEOUS:
                seat = state.waiting_for()[0]
            legal = state.legal_actions(seat)
            assert legal, f"step {steps}: seat {seat} must act but has no action"
            state.apply_action(greedy(state, legal, rng), seat)
        steps += 1
        if steps % 5 == 0:
            assert game.state_from_json(state.to_json()) == state
        assert steps <= game.info.max_game_length
    return steps


@pytest.mark.parametrize("players", [1, 2, 4])
def test_endgame_playouts_from_round_five_end_within_the_bound(players: int) -> None:
    results = set()
    for seed in range(12):
        data = position(players=players, characters=("joanna", "jack", "nadia", "viktor"))
        data.update(round=5, step="choose", turns=[0] * players)
        data["hunters"][0]["hearts"] = 16
        put_wolf(data, "S", "night-13")
        state = load(data)
        play_out(state, random.Random(seed))
        assert state.is_terminal()
        results.add(state.result)
    assert "loss" in results


def test_a_weakened_pack_leader_can_be_killed_in_a_playout() -> None:
    wins = 0
    for seed in range(10):
        data = position()
        data.update(round=5, step="choose", turns=[0])
        data["hunters"][0]["stats"] = {"knife": 8, "rifle": 8, "traps": 8}
        data["hunters"][0]["hearts"] = 16
        state = load(data)
        # play until the Pack Leader is in play, then wound it
        rng = random.Random(seed)
        while state.leader_location() is None and not state.is_terminal():
            state.apply_action(sample_chance_outcome(state, rng))
        location = state.leader_location()
        if location is not None:
            state.wolves[location]["damage"] = 10
        play_out(state, rng)
        wins += state.result == "win"
    assert wins > 0
