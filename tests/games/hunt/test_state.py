"""The Wolves on the Hunt state through the engine protocol: metadata, options, copies, errors, returns."""

from __future__ import annotations

import json

import pytest

import wolfpack
from wolfpack import CHANCE, GameOptionError, IllegalActionError, InvalidActionError
from wolfpack.games.hunt.content import load_hunt_content
from wolfpack.games.hunt.game import max_game_length

from ...rules.hunt.helpers import GAME, hunt_registered, load, new_game, play, position, put_wolf

__all__ = ["hunt_registered"]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_metadata_is_cooperative_perfect_information_explicit_chance_and_simultaneous(players: int) -> None:
    info = new_game(players).info
    assert (info.utility, info.information, info.chance, info.dynamics) == (
        "identical",
        "perfect",
        "explicit",
        "simultaneous",
    )
    assert (info.min_players, info.max_players, info.num_players) == (1, 4, players)
    assert (info.min_return, info.max_return) == (0.0, 1.0)
    assert info.max_game_length == max_game_length(load_hunt_content(), players)


def test_the_bound_grows_with_the_number_of_players() -> None:
    content = load_hunt_content()
    assert max_game_length(content, 1) < max_game_length(content, 4)


@pytest.mark.parametrize("options", [{"players": 0}, {"players": 5}, {"difficulty": "brutal"}, {"seed": 1}])
def test_bad_options_are_refused_with_the_option_named(options: dict[str, object]) -> None:
    with pytest.raises(GameOptionError) as caught:
        wolfpack.load_game(GAME, **options)
    assert next(iter(options)) in str(caught.value)


def test_defaults_are_two_players_on_normal() -> None:
    assert wolfpack.load_game(GAME).options_dict() == {"players": 2, "difficulty": "normal", "content": None}


def test_a_new_game_starts_with_a_chance_node_dealing_characters() -> None:
    state = new_game(2).new_initial_state()
    assert state.current_player() == CHANCE and state.tasks[-1] == ["character", 0]
    assert state.returns() == [0.0, 0.0]


def test_clone_is_equal_and_independent() -> None:
    state = load(position())
    copy = state.clone()
    assert copy == state
    play(copy, "take red5")
    assert copy != state and state.dice["red"][1] == "pool"


def test_json_round_trip_keeps_position_and_history() -> None:
    state = play(load(position()), "take red5", "write knife")
    again = state.game.state_from_json(state.to_json())
    assert again == state and again.history() == ["take red5", "write knife"]
    assert again.legal_actions() == state.legal_actions()


def test_everything_is_public_so_every_seat_sees_the_same() -> None:
    state = load(position(players=3))
    public = state.observation()
    assert all(state.observation(seat) == public for seat in range(3))
    json.dumps(public)
    assert public["round_kind"] == "day" and public["stats"][0] == {"knife": 1, "rifle": 3, "traps": 1}


def test_malformed_actions_are_invalid_and_change_nothing() -> None:
    state = load(position())
    before = state.to_json()
    for garbage in ("", "take", "take pink3", "knife X", "move nowhere cw", "roll 7", "trap E=trap-1:5"):
        with pytest.raises(InvalidActionError):
            state.apply_action(garbage)
    for garbage in (None, 3, object()):
        with pytest.raises(InvalidActionError):
            state.apply_action(garbage)
    assert state.to_json() == before


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    data = position()
    put_wolf(data, "S", "day-15")
    state = load(data)
    before = state.to_json()
    for text, rule in [
        ("knife S", "main action"),
        ("rifle S", "main action"),
        ("move NE-E cw", "take a die"),
        ("roll 3", "chance"),
        ("target elder", "turn"),
        ("pass", "pass"),
    ]:
        with pytest.raises(IllegalActionError) as caught:
            state.apply_action(text)
        assert caught.value.rule == rule, text
        assert f"[{rule}]" in str(caught.value)
    assert state.to_json() == before


def test_a_finished_game_refuses_every_action() -> None:
    data = position()
    data.update(step="choose", round=6)
    state = play(load(data), "pass")
    assert state.is_terminal() and state.legal_actions() == [] and state.legal_actions(0) == []
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action("end")
    assert caught.value.rule == "game over"
