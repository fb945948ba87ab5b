"""What the learning-library adapters cost (docs/interop.md): random play of each game through the engine alone, its
PettingZoo environment and its OpenSpiel game, back to back, in steps per second.

    .venv/bin/python benchmarks/interop.py                  # every game, 3 seeds each
    .venv/bin/python benchmarks/interop.py --games wolf --seeds 5

Each seed plays one game with uniformly random choices three ways (after an untimed warm-up game each way), one
after the other so the machine's load falls on all three alike: `engine` (chance sampled, the acting seat's legal
actions listed and one chosen), `pettingzoo` (the agent's observation taken, features and mask, and a legal index
chosen from the mask; every agent's info kept up) and `openspiel` (legal actions and chance outcomes of a `pyspiel`
state, one chosen). A step is one of the game's actions or chance outcomes (its history's length at the end), the
same count whichever way it was played: the adapters' passes at optional moments are not steps, so what they cost
shows in the rate. The report gives steps per second of each way and the adapters' speed as a share of the engine's
(the same seeds), with the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import wolfpack
from wolfpack.engine.chance import sample_chance_outcome

GAMES: dict[str, dict[str, Any]] = {
    "spacewolves": {"players": 4, "max_rounds": 20},
    "wolves-on-the-hunt": {"players": 2},
    "wolf": {"players": 3, "max_rounds": 6},
    "den-of-wolves": {"scenario": "combat", "pursuit": 12, "phase_actions": 30},
}
MOST_STEPS = 5_000
"""Moves after which a game is stopped (each way counts its own: the adapters' passes are moves)."""


def engine_steps(name: str, options: dict[str, Any], seed: int) -> int:
    """Random play through the engine alone: the steps taken."""
    rng = random.Random(seed)
    state = wolfpack.load_game(name, **options).new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < MOST_STEPS:
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            seat = state.waiting_for()[0]
            simultaneous = state.is_simultaneous_node()
            state.apply_action(rng.choice(state.legal_actions(seat)), seat if simultaneous else None)
        steps += 1
    return steps


def pettingzoo_steps(name: str, options: dict[str, Any], seed: int) -> int:
    """Random play through the PettingZoo environment: the game's steps taken (its actions and chance outcomes)."""
    from wolfpack.interop.pettingzoo import env

    environment = env(name, **options)
    environment.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    for _ in environment.agent_iter(MOST_STEPS):
        observation, _, termination, truncation, _ = environment.last()
        if termination or truncation:
            environment.step(None)
            continue
        environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        steps += 1
    return environment.table.state.history_length()


def openspiel_steps(name: str, options: dict[str, Any], seed: int) -> int:
    """Random play through the OpenSpiel game: the game's steps taken (its actions and chance outcomes)."""
    import pyspiel

    from wolfpack.interop.openspiel import short_name

    state = pyspiel.load_game(short_name(name), options).new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and steps < MOST_STEPS:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return int(state.table.state.history_length())


WAYS: dict[str, Callable[[str, dict[str, Any], int], int]] = {
    "engine": engine_steps,
    "pettingzoo": pettingzoo_steps,
    "openspiel": openspiel_steps,
}


def measure(name: str, seeds: int) -> dict[str, tuple[int, float]]:
    """Each way's (steps, seconds) over `seeds` seeded games of `name`, the ways taken in turn for each seed (after
    one untimed game each, which pays the imports and the content's loading)."""
    for play in WAYS.values():
        play(name, GAMES[name], 10_000)
    totals = {way: (0, 0.0) for way in WAYS}
    for seed in range(seeds):
        for way, play in WAYS.items():
            start = time.perf_counter()
            steps = play(name, GAMES[name], seed)
            seconds = time.perf_counter() - start
            totals[way] = (totals[way][0] + steps, totals[way][1] + seconds)
    return totals


def main(argv: Sequence[str] | None = None) -> None:
    """Measure the chosen games and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", default=",".join(GAMES), help="games to measure, comma-separated")
    parser.add_argument("--seeds", type=int, default=3, help="seeded games of each (default 3)")
    args = parser.parse_args(argv)
    games = args.games.split(",")
    unknown = [game for game in games if game not in GAMES]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(GAMES)}")
    import wolfpack.interop.openspiel  # noqa: F401 - registers the games before the first OpenSpiel load

    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("| game | engine steps/s | PettingZoo steps/s (share) | OpenSpiel steps/s (share) |")
    print("| --- | --- | --- | --- |")
    for name in games:
        totals = measure(name, args.seeds)
        rate = {way: steps / seconds for way, (steps, seconds) in totals.items()}
        cells = [f"{rate['engine']:,.0f}"]
        cells += [f"{rate[way]:,.0f} ({rate[way] / rate['engine']:.2f})" for way in ("pettingzoo", "openspiel")]
        print(f"| {name} | {' | '.join(cells)} |")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
