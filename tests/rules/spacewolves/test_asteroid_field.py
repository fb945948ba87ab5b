"""Rulebook "Asteroid Field": every move into it stops on it, forward or backward, in every phase (interpretation 5:
also a backward move that would otherwise run off the board)."""

from __future__ import annotations

from .helpers import board, legal, load, play


def test_forward_move_stops_on_the_asteroid_field() -> None:
    state = load("1/2/3/A/4/5r/6/W/1/2/3/Srryyybbb/4/5/6 - - 1 r spaceman r own 15 - 0")
    play(state, "r10+5")
    assert board(state) == "1/2/3/Ar/4/5/6/W/1/2/3/Srryyybbb/4/5/6"


def test_forward_move_that_would_reach_earth_stops_on_the_asteroid_field() -> None:
    state = load("1/2/3/A/4r/5/6/W/1/2/3/Srryyybbb/4/5/6 - - 1 r spaceman r own 16 - 0")
    play(state, "r11+6")
    assert board(state) == "1/2/3/Ar/4/5/6/W/1/2/3/Srryyybbb/4/5/6"


def test_backward_move_stops_on_the_asteroid_field() -> None:
    state = load("1/2y/3/A/4/5/6/W/1r/2/3/Srryybbb/4/5/6 - - 1 r spaceman r other 5 - 0")
    play(state, "y14-5")
    assert board(state) == "1/2/3/Ay/4/5/6/W/1r/2/3/Srryybbb/4/5/6"


def test_backward_move_that_would_run_off_the_board_is_caught_by_the_asteroid_field() -> None:
    # After ten Space Shifts the Asteroid Field is on position 2. Five back from position 4 would pass the
    # Spacewolves tile, but the Asteroid Field stops the move first (interpretation 5).
    state = load("5/6/W/1/2/3/Srrryybbb/4/5/6/1/2y/3/A/4 - - 11 r spaceman r other 5 - 0")
    assert legal(state) == ["y4+5", "y4-5"]
    play(state, "y4-5")
    assert board(state) == "5/6/W/1/2/3/Srrryybbb/4/5/6/1/2/3/Ay/4"


def test_backward_move_that_does_not_reach_the_asteroid_field_is_not_stopped() -> None:
    state = load("5/6/W/1/2/3/Srrryybbb/4/5/6/1/2y/3/A/4 - - 11 r spaceman r other 1 - 0")
    play(state, "y4-1")
    assert board(state) == "5/6/W/1/2/3/Srrryybbb/4/5/6/1/2/3y/A/4"


def test_moving_off_the_asteroid_field_is_not_stopped() -> None:
    state = load("1/2/3/Ay/4/5/6/W/1r/2/3/Srryybbb/4/5/6 - - 1 r spaceman r other 4 - 0")
    assert legal(state) == ["y12+4", "y12-4"]
    play(state, "y12+4")
    assert board(state) == "1/2/3/A/4/5/6/W/1r/2/3/Srryybbb/4/5/6"


def test_asteroid_field_stops_mission_control_moves() -> None:
    state = load("1/2/3/A/4/5y/6/W/1/2/3/Srryybbb/4/5/6 r - 2 r control r move 6 - 1")
    play(state, "y10+6")
    # Red was the only one with Mission Control dice, so the Space Shift follows at once.
    assert board(state) == "6/1/2/3/Ay/4/5/6/W/1/2/3/Srryybbb/4/5"


def test_asteroid_field_stops_spacewolf_moves() -> None:
    state = load("1/2r/3/A/4/5/6/W/1/2/3/Srryyybb/4/5/6 - b 2 r wolf b move 6 - 0")
    play(state, "r14-6")
    # Blue was the only Spacewolf, so the Space Shift follows at once.
    assert board(state) == "6/1/2/3/Ar/4/5/6/W/1/2/3/Srryyybb/4/5"
