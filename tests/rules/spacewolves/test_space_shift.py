"""Rulebook "Space Shift": after the last phase of a round the bottom tile goes to the top under Earth, its spacemen
become Spacewolves, the rest slide down one tile; Earth and the Spacewolves tile stay; special tiles shift too."""

from __future__ import annotations

from .helpers import load, play, position


def test_bottom_tile_goes_to_the_top_under_earth_and_the_rest_slide_down() -> None:
    # Blue plays the last turn of round 1; nobody is on Earth or with the Spacewolves, so the Space Shift follows.
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman b roll - - 0")
    play(state, "roll 12", "b4+1")
    assert position(state) == "6/1/2/3/A/4/5/6/W/1/2/3b/Srrryyybb/4/5 - - 2 r spaceman r roll - - 0"


def test_spacemen_on_the_bottom_tile_become_spacewolves() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srbbb/4/5/6rryyy - - 1 r spaceman b roll - - 0")
    play(state, "roll 12", "b4+1", "r1+2")
    # One red and all three yellows were still on the bottom tile.
    assert position(state) == "6/1/2/3/A/4/5/6/W/1/2/3b/Srbb/4r/5 - ryyy 2 r spaceman r roll - - 0"


def test_earth_and_the_spacewolves_tile_keep_their_spacemen() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2/3/Sb/4/5/6r ryyb yb 5 r wolf b move 5 - 0")
    play(state, "r7-5")
    # Blue's was the last turn of the round; Earth keeps its order, the Spacewolves only gain red from position 1.
    assert position(state) == "6/1/2/3/A/4/5/6/W/1/2/3/Sb/4/5r ryyb ryb 6 r spaceman r roll - - 0"


def test_special_tiles_shift_too_and_the_station_does_not_protect_from_the_shift() -> None:
    # After three Space Shifts the Space Station is the bottom tile; this shift moves it to the top.
    state = load("4yy/5/6/1rr/2/3/A/4/5/6/W/1/2/3bbb/Sry - - 4 r spaceman b roll - - 0")
    play(state, "roll 12", "b2+1", "r12-2")
    assert position(state) == "S/4yy/5/6/1r/2/3r/A/4/5/6/W/1/2b/3bb - ry 5 r spaceman r roll - - 0"
    tiles = {tile["tile"]: tile["position"] for tile in state.observation()["tiles"] if tile["tile"] in "AWS"}
    assert tiles == {"S": 15, "A": 8, "W": 4}


def test_rules_follow_the_special_tiles_to_their_new_places() -> None:
    state = load("S/4yy/5/6/1r/2/3r/A/4/5/6/W/1/2b/3bb - ry 5 r spaceman r roll - - 0")
    play(state, "roll 16", "r11-6")
    # Six back from position 11 passes the Asteroid Field, now on position 8, so red stops there.
    assert position(state) == "S/4yy/5/6/1/2/3r/Ar/4/5/6/W/1/2b/3bb - ry 5 r spaceman r other 1 - 0"
