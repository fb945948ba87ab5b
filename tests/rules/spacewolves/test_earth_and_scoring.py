"""Rulebook "Earth and Spacewolf! Tiles" and "Winning the Game": arrivals take the highest free number from 12 down,
a score is the sum of a player's numbers, the game ends when no spaceman is left on the moving tiles (interpretation
12, with the max_rounds cap), and returns() share the win among tied players (interpretation 13)."""

from __future__ import annotations

import pytest

from wolfpack import TERMINAL, IllegalActionError

from .helpers import field, legal, load, play, position


def test_arrivals_take_the_highest_free_number() -> None:
    state = load("1/2r/3/A/4/5/6/W/1/2/3/Sryybb/4/5/6 ryb - 4 r spaceman r own 25 - 0")
    play(state, "r14+5")
    earth = state.observation()["earth"]
    assert earth == [
        {"value": 12, "colour": "red"},
        {"value": 11, "colour": "yellow"},
        {"value": 10, "colour": "blue"},
        {"value": 9, "colour": "red"},
    ]


def test_first_and_fourth_arrival_score_twelve_plus_nine() -> None:
    # Rulebook example: the first (12) and the fourth (9) spaceman on Earth score 21.
    state = load("1/2r/3/A/4/5/6/W/1/2/3/Sryybb/4/5/6 ryb - 4 r spaceman r own 25 - 0")
    assert state.observation()["scores"] == {"red": 12, "yellow": 11, "blue": 10}
    play(state, "r14+5")
    assert state.observation()["scores"] == {"red": 21, "yellow": 11, "blue": 10}


def test_spacewolves_score_nothing() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/S/4/5/6r y rrbbbyy 9 r spaceman r roll - - 0")
    assert state.observation()["scores"] == {"red": 0, "yellow": 12, "blue": 0}


def test_game_ends_at_once_when_no_spaceman_is_left_on_the_moving_tiles() -> None:
    # Red moves the last spaceman on the board to Earth: yellow and blue get no more turns, no Mission Control.
    state = load("1/2r/3/A/4/5/6/W/1/2/3/S/4/5/6 rrbbbyy y 7 r spaceman r own 25 - 0")
    play(state, "r14+5")
    assert position(state) == "1/2/3/A/4/5/6/W/1/2/3/S/4/5/6 rrbbbyyr y 7 r over - end - - 0"
    assert state.current_player() == TERMINAL
    assert state.observation()["scores"] == {"red": 12 + 11 + 5, "yellow": 7 + 6, "blue": 10 + 9 + 8}
    assert state.returns() == [1.0, 0.0, 0.0]


def test_game_ends_when_the_space_shift_takes_the_last_spacemen() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/S/4/5/6r - rrbbbyyy 8 r spaceman r roll - - 0")
    play(state, "roll 66", "pass")
    # The Spacewolf! Phase follows; nobody can send red back from position 1, so every turn is skipped.
    for actor, roll in (("r", "roll 12"), ("y", "roll 123"), ("b", "roll 456")):
        assert (field(state, "phase"), field(state, "actor")) == ("wolf", actor)
        play(state, roll)
    assert position(state) == "6/1/2/3/A/4/5/6/W/1/2/3/S/4/5 - rrryyybbb 8 r over - end - - 0"
    # Nobody scored: a three-way tie at 0.
    assert state.returns() == pytest.approx([1 / 3, 1 / 3, 1 / 3])


def test_max_rounds_ends_the_game_after_the_space_shift_of_the_last_round() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srryybbb/4/5/6 ry - 2 r spaceman b roll - - 0", max_rounds=2)
    # Blue's opponent die is lost (red and yellow are on the Station); Mission Control for red and yellow follows,
    # then the Space Shift, and the cap ends the game.
    play(state, "roll 12", "b4+1", "roll 1", "b5+1", "roll 2", "b4+2")
    assert position(state) == "6/1/2/3/A/4/5/6/W/1/2bb/3/Srryyb/4/5 ry - 2 r over - end - - 0"
    # Spacemen still on the board score nothing.
    assert state.observation()["scores"] == {"red": 12, "yellow": 11, "blue": 0}
    assert state.returns() == [1.0, 0.0, 0.0]


def test_a_round_below_the_cap_does_not_end_the_game() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman b roll - - 0", max_rounds=2)
    play(state, "roll 12", "b4+1")
    assert (field(state, "round"), field(state, "phase")) == ("2", "spaceman")


def test_returns_highest_score_wins_one() -> None:
    state = load("1/2y/3/A/4/5/6/W/1/2/3/S/4/5/6 rbgrbgryb yg 6 r spaceman y own 12 - 0", players=4)
    play(state, "y14+2")
    # Yellow's last spaceman takes the tenth number (3); red wins alone.
    assert state.observation()["scores"] == {"red": 12 + 9 + 6, "yellow": 5 + 3, "blue": 11 + 8 + 4, "green": 10 + 7}
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]


def test_returns_split_three_ways_among_three_tied_winners() -> None:
    state = load("1/2r/3/A/4/5/6/W/1/2/3/S/4/5/6 rbyyb ryb 6 r spaceman r own 12 - 0")
    play(state, "r14+2")
    assert state.observation()["scores"] == {"red": 12 + 7, "yellow": 10 + 9, "blue": 11 + 8}
    assert state.returns() == pytest.approx([1 / 3, 1 / 3, 1 / 3])
    assert sum(state.returns()) == pytest.approx(1.0)


def test_returns_give_one_half_to_each_of_two_tied_winners() -> None:
    state = load("1/2y/3/A/4/5/6/W/1/2/3/S/4/5/6 rbbr rbyy 6 r spaceman y own 12 - 0")
    play(state, "y14+2")
    assert state.observation()["scores"] == {"red": 12 + 9, "yellow": 8, "blue": 11 + 10}
    assert state.returns() == [0.5, 0.0, 0.5]


def test_returns_are_zero_before_the_end() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Sryybbb/4/5/6r ry - 3 r spaceman r roll - - 0")
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.observation()["returns"] is None


def test_nothing_is_played_after_the_end() -> None:
    state = load("1/2r/3/A/4/5/6/W/1/2/3/S/4/5/6 rrbbbyy y 7 r spaceman r own 25 - 0")
    play(state, "r14+5")
    assert legal(state) == []
    before = state.to_json()
    with pytest.raises(IllegalActionError) as caught:
        state.parse_action("roll 12")
    assert caught.value.rule == "game over"
    assert state.to_json() == before
