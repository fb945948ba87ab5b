"""The game registry: names, loading, and option errors that name what is allowed."""

from __future__ import annotations

import pytest

import wolfpack
from wolfpack.engine import registry
from wolfpack.engine.errors import GameOptionError, UnknownGameError
from wolfpack.engine.game import GameInfo
from wolfpack.engine.registry import describe_options, game_class, register_game
from wolfpack.games.spacewolves import SpacewolvesGame


def test_game_names_lists_spacewolves() -> None:
    assert "spacewolves" in wolfpack.game_names()
    assert wolfpack.game_names() == sorted(wolfpack.game_names())


def test_load_game_applies_options() -> None:
    game = wolfpack.load_game("spacewolves", players=3)
    assert isinstance(game, SpacewolvesGame)
    assert game.info.num_players == 3
    assert game.options_dict() == {"players": 3, "max_rounds": 100}


def test_unknown_game_names_it_and_lists_known_games() -> None:
    with pytest.raises(UnknownGameError) as caught:
        wolfpack.load_game("chess")
    assert "'chess'" in str(caught.value)
    assert "spacewolves" in str(caught.value)


@pytest.mark.parametrize("players", [2, 5, "four", None])
def test_bad_option_value_names_option_and_allowed_values(players: object) -> None:
    with pytest.raises(GameOptionError) as caught:
        wolfpack.load_game("spacewolves", players=players)
    message = str(caught.value)
    assert "'players'" in message
    assert "3 or 4" in message


def test_unknown_option_is_named() -> None:
    with pytest.raises(GameOptionError, match="unknown option 'colour'"):
        wolfpack.load_game("spacewolves", colour="red")


def test_max_rounds_must_be_positive() -> None:
    with pytest.raises(GameOptionError, match="max_rounds"):
        wolfpack.load_game("spacewolves", max_rounds=0)


def test_describe_options_gives_defaults() -> None:
    described = describe_options("spacewolves")
    assert set(described) == {"players", "max_rounds"}
    assert "default 4" in described["players"]


def test_register_game_refuses_a_second_class_under_a_taken_name() -> None:
    class Impostor(SpacewolvesGame):
        pass

    game_class("spacewolves")  # make sure the real one is registered first
    with pytest.raises(ValueError, match="already registered"):
        register_game(Impostor)


def test_register_game_makes_a_new_game_loadable(monkeypatch: pytest.MonkeyPatch) -> None:
    class Variant(SpacewolvesGame):
        name = "spacewolves-test-variant"

    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    register_game(Variant)
    assert "spacewolves-test-variant" in wolfpack.game_names()
    assert isinstance(wolfpack.load_game("spacewolves-test-variant"), Variant)


def test_info_is_data() -> None:
    info = wolfpack.load_game("spacewolves").info
    assert isinstance(info, GameInfo)
    data = info.to_dict()
    assert data["min_players"] == 3 and data["max_players"] == 4
    assert data["chance"] == "explicit" and data["information"] == "perfect"
    assert data["utility"] == "constant-sum"
    assert (data["min_return"], data["max_return"]) == (0.0, 1.0)
