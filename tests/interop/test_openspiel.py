"""`wolfpack.interop.openspiel`: every game with a fixed action space registered with OpenSpiel, its game type
declared from its metadata, played by OpenSpiel's own MCTS and IS-MCTS bots and passing its random simulation test."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import wolfpack
from wolfpack.engine.encoding import NoActionSpaceError, action_space
from wolfpack.engine.errors import WolfpackError
from wolfpack.interop import openspiel
from wolfpack.interop.openspiel import short_name

SIMULATED = {
    "spacewolves": {"players": 3, "max_rounds": 3},
    "wolves-on-the-hunt": {"players": 2},
    "wolf": {"players": 3, "max_rounds": 1},
    "den-of-wolves": {"scenario": "combat", "pursuit": 12, "phase_actions": 30},
}
"""A short game of each."""
SLOW = {"den-of-wolves"}
"""Games whose random simulation takes long (a Wolf Attack of 41 seats, every one's views at every move, each
optional seat asked in turn, states saved and read back: about 20 s): `make strength` runs it."""


def test_every_game_with_an_action_space_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for name in wolfpack.game_names():
        game = wolfpack.load_game(name)
        try:
            action_space(game)
        except NoActionSpaceError:
            assert name not in openspiel.REGISTERED
            continue
        assert name in openspiel.REGISTERED and short_name(name) in names


@pytest.mark.parametrize("name", sorted(SIMULATED))
def test_the_game_type_says_what_the_game_is(name: str) -> None:
    game = pyspiel.load_game(short_name(name), SIMULATED[name])
    info = wolfpack.load_game(name, **SIMULATED[name]).info
    kind = game.get_type()
    chance = {"explicit": "EXPLICIT_STOCHASTIC", "deterministic": "DETERMINISTIC"}[info.chance]
    assert kind.chance_mode.name == chance
    assert kind.information.name == f"{info.information.upper()}_INFORMATION"
    assert kind.utility.name == info.utility.upper().replace("-", "_")
    assert kind.dynamics.name == "SEQUENTIAL"  # simultaneous moments are offered seat by seat
    assert (kind.min_num_players, kind.max_num_players) == (info.min_players, info.max_players)
    assert game.num_players() == info.num_players
    # OpenSpiel needs a range: a game whose returns are all one number (a megagame's 0) is declared one wider.
    top = info.max_return if info.max_return > info.min_return else info.min_return + 1.0
    assert (game.min_utility(), game.max_utility()) == (info.min_return, top)


@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=[pytest.mark.slow] * (name in SLOW)) for name in sorted(SIMULATED)]
)
def test_openspiel_random_simulation_test_passes(name: str) -> None:
    game = pyspiel.load_game(short_name(name), SIMULATED[name])
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)  # states saved and read back too


def _play(game: pyspiel.Game, bot: pyspiel.Bot, rng: np.random.RandomState) -> pyspiel.State:
    """A game played to its end by `bot` in every seat (chance drawn from `rng`), each choice checked legal."""
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions > 0
    return state


def test_openspiel_mcts_plays_spacewolves_to_the_end() -> None:
    game = pyspiel.load_game("wolfpack_spacewolves", {"players": 3, "max_rounds": 4})
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng, solve=False)
    state = _play(game, bot, rng)
    assert state.is_terminal() and sum(state.returns()) == pytest.approx(1.0)


def test_openspiel_ismcts_plays_wolf() -> None:
    """A short WOLF (two players, one round) with a small budget: the bot resamples the secrets it has not seen."""
    game = pyspiel.load_game("wolfpack_wolf", {"players": 2, "max_rounds": 1})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
    state = _play(game, bot, rng)
    assert state.is_terminal() and state.returns() in ([1.0, -1.0], [-1.0, 1.0])


def _wolf_after(moves: int, seed: int) -> pyspiel.State:
    """A three-player WOLF after at least `moves` random moves, at a seat's decision."""
    state = pyspiel.load_game("wolfpack_wolf", {"players": 3, "max_rounds": 2}).new_initial_state()
    rng = np.random.RandomState(seed)
    while state.is_chance_node() or len(state.history()) < moves:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_a_resampled_state_keeps_the_seat_view_and_may_change_the_rest() -> None:
    state = _wolf_after(30, seed=0)
    seat = state.current_player()
    samples = [state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0)) for _ in range(6)]
    assert all(s.information_state_string(seat) == state.information_state_string(seat) for s in samples)
    assert all(s.history() == state.history() for s in samples)
    assert any(str(s.table.state.to_json()) != state.table.state.to_json() for s in samples)


def test_a_game_without_an_action_space_is_refused_naming_it() -> None:
    with pytest.raises(wolfpack.UnknownGameError, match="no-such-game"):
        openspiel.load("no-such-game")


def test_importing_wolfpack_never_imports_the_libraries() -> None:
    code = (
        "import sys, wolfpack; wolfpack.load_game('wolf').new_initial_state();"
        "import wolfpack.engine.encoding, wolfpack.interop, wolfpack.interop.seats;"
        "assert not {'pyspiel', 'pettingzoo', 'open_spiel'} & set(sys.modules), sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_missing_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if OpenSpiel were not installed
    monkeypatch.delitem(sys.modules, "wolfpack.interop.openspiel")
    with pytest.raises(ImportError, match=r"pip install 'wolfpack\[openspiel\]'"):
        import wolfpack.interop.openspiel  # noqa: F401


def test_a_megagame_loads_with_every_seat_of_its_edition() -> None:
    """Infinite Domain's 52 seats (its game type follows the options, not the default edition's 41), its longest game
    within what OpenSpiel stores."""
    game = pyspiel.load_game("wolfpack_den_of_wolves", {"edition": "infinite-domain"})
    assert game.num_players() == game.get_type().max_num_players == 52
    assert game.max_game_length() == openspiel.LONGEST
    assert game.new_initial_state().is_chance_node()


def test_a_public_observer_shows_the_public_view_and_no_observer_shows_every_secret() -> None:
    state = _wolf_after(20, seed=1)
    game = state.get_game()
    none = pyspiel.PrivateInfoType.NONE
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=none)
    observer = game.make_py_observer(public)
    seat = state.current_player()
    assert observer.string_from(state, seat) == json.dumps(state.table.state.observation(None), sort_keys=True)
    assert observer.string_from(state, seat) != state.observation_string(seat)  # a seat sees its own secrets
    every = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(WolfpackError, match="no observer of every seat's secrets"):
        game.make_py_observer(every)


def test_no_seat_sees_a_secret_through_openspiel() -> None:
    """The canary check through the OpenSpiel state: every secret planted, each seat's observation and information
    state strings show its own canaries and never another's."""
    state = _wolf_after(40, seed=2)
    planted, viewers = state.table.state.with_canaries()
    state.table.go_on_from(planted)
    seen = 0
    for seat in range(state.num_players()):
        visible, hidden = viewers[seat]
        text = state.observation_string(seat) + state.information_state_string(seat)
        assert not [canary for canary in hidden if canary in text]
        seen += sum(canary in text for canary in visible)
    assert seen > 0, "canaries were planted and found where they belong"
