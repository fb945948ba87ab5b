"""Rulebook "Doubles": in the Spaceman Phase a double moves no spaceman; swap the two tiles of that number, or pass."""

from __future__ import annotations

from .helpers import board, field, legal, load, play, position, refused

FIVES = "1/2/3/A/4/5r/6/W/1/2/3/Srryyybb/4/5b/6 - - 1 r spaceman r roll - - 0"


def test_doubles_offer_only_swap_or_pass() -> None:
    state = play(load(FIVES), "roll 55")
    assert field(state, "step") == "doubles"
    assert legal(state) == ["pass", "swap"]


def test_swap_exchanges_the_two_tiles_of_that_number_with_their_spacemen() -> None:
    state = play(load(FIVES), "roll 55", "swap")
    # The 5 at position 10 (with red) and the 5 at position 2 (with blue) change places, spacemen and all.
    assert position(state) == "1/2/3/A/4/5b/6/W/1/2/3/Srryyybb/4/5r/6 - - 1 r spaceman y roll - - 0"


def test_swap_moves_every_spaceman_on_both_tiles_whatever_the_colour() -> None:
    state = load("1ry/2/3/A/4/5/6/W/1b/2/3/Srryybb/4/5/6 - - 1 r spaceman r roll - - 0")
    play(state, "roll 11", "swap")
    # Two spacemen a tile from Earth drop eight tiles; blue climbs eight.
    assert board(state) == "1b/2/3/A/4/5/6/W/1ry/2/3/Srryybb/4/5/6"


def test_swap_with_empty_tiles_changes_no_spaceman() -> None:
    state = play(load(FIVES), "roll 33", "swap")
    assert board(state) == "1/2/3/A/4/5r/6/W/1/2/3/Srryyybb/4/5b/6"


def test_pass_leaves_the_board_as_it_was() -> None:
    state = play(load(FIVES), "roll 55", "pass")
    assert position(state) == "1/2/3/A/4/5r/6/W/1/2/3/Srryyybb/4/5b/6 - - 1 r spaceman y roll - - 0"


def test_doubles_move_no_spaceman_forward_or_backward() -> None:
    state = play(load(FIVES), "roll 55")
    error = refused(state, "r10+5")
    assert error.rule == "Doubles"
    assert refused(state, "b2+5").rule == "Doubles"
    assert refused(state, "warp").rule == "Doubles"


def test_swap_only_with_doubles() -> None:
    state = play(load(FIVES), "roll 35")
    assert refused(state, "swap").rule == "Doubles"


def test_doubles_are_rolled_with_probability_one_in_thirty_six_each() -> None:
    outcomes = dict((str(a), p) for a, p in load(FIVES).chance_outcomes())
    assert [outcomes[f"roll {d}{d}"] for d in range(1, 7)] == [1 / 36] * 6
