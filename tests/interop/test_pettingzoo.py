"""`wolfpack.interop.pettingzoo`: every game of the conformance list as an AEC environment that PettingZoo's own
`api_test` accepts, seats asked one by one at simultaneous moments, and no secret in any seat's observation."""

from __future__ import annotations

import json
import random
import sys
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import wolfpack
from wolfpack.engine.encoding import NoActionSpaceError, OutsideActionSpaceError, action_space
from wolfpack.engine.errors import IllegalActionError, WolfpackError
from wolfpack.interop.pettingzoo import WolfpackEnv, agent_name, env

from ..engine.toy_games import BidGame
from ..test_testing import GAME_OPTIONS
from .toy_encoding import EncodedBidGame

LONG = {("den-of-wolves", "classic", "event"), ("den-of-wolves", "infinite-domain", "event")}
"""Cases `make test` leaves to `make strength` (marked slow): two megagames of 41 and 53 seats take seconds each;
the third (one Wolf Attack) stays."""
CASES = [
    pytest.param(name, options, marks=[pytest.mark.slow] * (_key in LONG), id=str((name, options)))
    for name, many in GAME_OPTIONS.items()
    for options in many
    for _key in [(name, options.get("edition"), options.get("scenario", "event"))]
]
CYCLES = {"den-of-wolves": 2}
"""api_test's cycles, each as many steps as the game has seats: about a hundred steps of a megagame (41 or 53 seats,
each step asking every seat's view), and of the table games a few hundred or the whole game."""


@pytest.mark.parametrize(("name", "options"), CASES)
def test_pettingzoo_api_test_passes(name: str, options: dict[str, object]) -> None:
    with warnings.catch_warnings():
        # api_test advises a Box observation; a Dict of features and action mask is what action-masking needs.
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(name, **options), num_cycles=CYCLES.get(name, 60))


def _random_game(environment: WolfpackEnv, seed: int) -> list[tuple[str, int]]:
    """Play a whole game choosing uniformly among legal indices; the (agent, index) of every step."""
    environment.reset(seed=seed)
    rng = random.Random(seed)
    steps = []
    for agent in environment.agent_iter():
        observation, _, termination, truncation, _ = environment.last()
        if termination or truncation:
            environment.step(None)
            continue
        index = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        steps.append((agent, index))
        environment.step(index)
    return steps


def test_a_seed_replays_the_same_game_and_rewards_are_the_returns() -> None:
    environment = env("spacewolves", players=3, max_rounds=3)
    first = _random_game(environment, seed=5)
    returns = environment.table.state.returns()
    assert _random_game(environment, seed=5) == first
    assert environment.table.state.returns() == returns and sum(returns) == 1.0
    assert _random_game(environment, seed=6) != first


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    environment = env("wolf", players=3, max_rounds=3)
    environment.reset(seed=1)
    observation, *_ = environment.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = environment.table.state.to_json()
    with pytest.raises(IllegalActionError, match="may not choose index"):
        environment.step(illegal)
    assert environment.table.state.to_json() == before


def test_an_optional_seat_may_let_the_moment_pass_and_is_not_asked_again() -> None:
    environment = WolfpackEnv(EncodedBidGame(EncodedBidGame.Options(players=2)))
    environment.reset(seed=0)
    size = action_space(environment.game).size
    assert environment.agent_selection == "seat_0"
    environment.step(2)  # seat 0 bids 2: it may cheer now, but play waits only for seat 1
    assert environment.agent_selection == "seat_0"  # the optional seat is asked first
    mask = environment.observe("seat_0")["action_mask"]
    assert mask[size] == 1 and mask[4] == 1 and mask[:4].sum() == 0  # cheer, or let the moment pass
    environment.step(size)
    assert environment.agent_selection == "seat_1"
    assert environment.observe("seat_1")["action_mask"][size] == 0  # play waits for it: no pass
    environment.step(3)
    assert all(environment.terminations.values())
    assert environment.rewards == {"seat_0": 0.0, "seat_1": 1.0}


def test_no_seat_sees_a_secret_through_the_adapter() -> None:
    """The canary check through the environment: every secret planted, each agent's info and features hold only what
    its observation may show (the toy game's bids, WOLF's hands and piles at points of a seeded game)."""
    _no_secret_shows(
        [
            (WolfpackEnv(EncodedBidGame(EncodedBidGame.Options(players=3))), [0, 1]),
            (env("wolf", players=4, max_rounds=3), [5, 40, 80]),
        ]
    )


@pytest.mark.slow
def test_no_seat_of_a_megagame_sees_a_secret_through_the_adapter() -> None:
    """The same in a Wolf Attack (each team's hands and decks, 41 seats): 2-3 s, so `make strength` runs it."""
    _no_secret_shows([(env("den-of-wolves", scenario="combat", pursuit=12, phase_actions=30), [30])])


def _no_secret_shows(cases: list[tuple[WolfpackEnv, list[int]]]) -> None:
    """Play each environment seeded and check the canaries at each of its steps listed."""
    checked = 0
    for environment, steps in cases:
        environment.reset(seed=3)
        rng = random.Random(3)
        for step in range(max(steps) + 1):
            if step in steps:
                checked += _check_canaries(environment)
            observation, _, termination, *_ = environment.last()
            if termination:
                break
            environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert checked > 0, "canaries were planted and found where they belong"


def _check_canaries(environment: WolfpackEnv) -> int:
    """Show the environment a canary copy of its state; the canaries each agent saw where it may."""
    real = environment.table.state
    planted, viewers = real.with_canaries()
    environment.set_state(planted)
    seen = 0
    for seat in range(environment.game.num_players()):
        visible, hidden = viewers[seat]
        text = json.dumps(environment.infos[agent_name(seat)])
        assert not [canary for canary in hidden if canary in text]
        seen += sum(canary in text for canary in visible)
        features = environment.observe(agent_name(seat))["observation"]
        assert np.array_equal(features, environment.table.space.features(planted.observation(seat), seat))
    environment.set_state(real)
    return seen


def test_a_game_without_an_action_space_is_refused() -> None:
    with pytest.raises(NoActionSpaceError, match="toy-sealed-bids"):
        WolfpackEnv(BidGame(BidGame.Options()))
    with pytest.raises(wolfpack.UnknownGameError, match="no-such-game"):
        env("no-such-game")
    with pytest.raises(WolfpackError, match="render_mode 'human'"):
        env("spacewolves", render_mode="human")


def test_a_seat_play_waits_for_with_no_action_in_the_space_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    environment = WolfpackEnv(EncodedBidGame(EncodedBidGame.Options(players=2)))
    environment.reset(seed=0)
    space = action_space(environment.game)

    def outside(action: object) -> int:
        raise OutsideActionSpaceError(f"{action!r} is outside")

    monkeypatch.setattr(space, "index", outside)  # as if the space held none of the seat's actions
    with pytest.raises(OutsideActionSpaceError, match=r"seat 0 must act, but none of its 4 actions \(bid 0"):
        environment.observe("seat_0")


def test_a_missing_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # as if PettingZoo were not installed
    monkeypatch.delitem(sys.modules, "wolfpack.interop.pettingzoo")
    with pytest.raises(ImportError, match=r"pip install 'wolfpack\[pettingzoo\]'"):
        import wolfpack.interop.pettingzoo  # noqa: F401
