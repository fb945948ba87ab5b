"""Rulebook section "Setup": the board, the spacemen on the Space Station, the roll for first player, 3-4 players."""

from __future__ import annotations

from fractions import Fraction

import pytest

import wolfpack
from wolfpack import GameOptionError, IllegalActionError
from wolfpack.games.spacewolves.state import SpacewolvesState

from .helpers import board, field, legal, play, position, refused


def new_game(players: int) -> SpacewolvesState:
    state = wolfpack.load_game("spacewolves", players=players).new_initial_state()
    assert isinstance(state, SpacewolvesState)
    return state


def test_initial_position_in_notation() -> None:
    assert position(new_game(3)) == "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 - setup - roll - - 0"
    assert position(new_game(4)) == "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbbggg/4/5/6 - - 1 - setup - roll - - 0"


def test_board_order_from_earth_counts_1_to_6_twice_with_the_special_tiles_between() -> None:
    tiles = [tile["tile"] for tile in new_game(3).observation()["tiles"]]
    assert tiles == ["1", "2", "3", "A", "4", "5", "6", "W", "1", "2", "3", "S", "4", "5", "6"]
    # The Asteroid Field sits between the 3 and 4 nearest Earth, the Space Station between the 3 and 4 nearest the
    # Spacewolves, the Tandem Warp between the 6 and the 1 in the middle.
    assert tiles[2:5] == ["3", "A", "4"]
    assert tiles[10:13] == ["3", "S", "4"]
    assert tiles[6:9] == ["6", "W", "1"]


def test_positions_count_up_from_the_spacewolves() -> None:
    positions = [(tile["position"], tile["tile"]) for tile in new_game(3).observation()["tiles"]]
    assert positions[0] == (15, "1")
    assert positions[-1] == (1, "6")
    assert dict(positions)[4] == "S"
    assert dict(positions)[8] == "W"
    assert dict(positions)[12] == "A"


@pytest.mark.parametrize("players", [3, 4])
def test_every_player_starts_with_three_spacemen_on_the_station(players: int) -> None:
    station = new_game(players).observation()["tiles"][11]
    assert station["tile"] == "S"
    assert station["pieces"] == dict.fromkeys(["red", "yellow", "blue", "green"][:players], 3)


@pytest.mark.parametrize("players", [3, 4])
def test_first_player_is_one_chance_event_with_each_seat_equally_likely(players: int) -> None:
    state = new_game(players)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"first {c}" for c in "rybg"[:players]]
    assert all(Fraction(p).limit_denominator(10) == Fraction(1, players) for _, p in outcomes)


def test_winner_of_the_roll_for_first_player_opens_the_spaceman_phase() -> None:
    state = play(new_game(3), "first b")
    assert position(state) == "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 b spaceman b roll - - 0"
    assert state.is_chance_node()


def test_setup_takes_only_the_roll_for_first_player() -> None:
    error = refused(new_game(3), "roll 35")
    assert error.rule == "Setup"
    assert "first r, first y, first b" in str(error)


def test_first_green_only_with_four_players() -> None:
    assert refused(new_game(3), "first g").rule == "Setup"
    assert field(play(new_game(4), "first g"), "first") == "g"


@pytest.mark.parametrize("players", [2, 5])
def test_three_or_four_players(players: int) -> None:
    with pytest.raises(GameOptionError, match="players"):
        wolfpack.load_game("spacewolves", players=players)


def test_play_goes_clockwise_from_the_first_player() -> None:
    # Blue won the roll: blue, then red, then yellow (seat order r y b wraps round).
    state = play(new_game(3), "first b")
    actors = []
    for _ in range(3):
        actors.append(field(state, "actor"))
        play(state, "roll 12")
        while not state.is_chance_node():
            play(state, legal(state)[0])
    assert actors == ["b", "r", "y"]
    # The round is over: after the Space Shift the first player starts again.
    assert (field(state, "round"), field(state, "actor")) == ("2", "b")


def test_the_first_player_is_not_rolled_again() -> None:
    state = play(new_game(3), "first y")
    with pytest.raises(IllegalActionError) as caught:
        state.parse_action("first r")
    assert caught.value.rule == "Dice"
    assert board(state) == "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6"
