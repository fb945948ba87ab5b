"""Rulebook "Tandem Warp" (interpretations 7 and 8): landing, partner choice, warping alone, declining, waiting until
the mover's move ends, decisions by the owner, chains, reaching Earth, and the Asteroid Field stopping a warp."""

from __future__ import annotations

from .helpers import board, field, legal, load, play, position, refused

# Red is on the Station; yellow waits on position 6 (two below the warp on position 8) and on position 1.
OWN_LANDING = "1/2/3/A/4/5/6/W/1/2y/3/Srrrybbb/4/5/6y - - 1 r spaceman r roll - - 0"


def test_own_landing_is_decided_at_once_before_the_other_die() -> None:
    state = play(load(OWN_LANDING), "roll 34", "r4+4")
    assert position(state) == "1/2/3/A/4/5/6/Wr/1/2y/3/Srrybbb/4/5/6y - - 1 r spaceman r ownwarp 3 - 0"
    assert state.current_player() == 0
    # Any opposing spaceman off the Station may be the partner.
    assert legal(state) == ["pass", "warp y1", "warp y6"]


def test_warp_takes_the_warper_and_the_partner_two_ahead() -> None:
    state = play(load(OWN_LANDING), "roll 34", "r4+4", "warp y1")
    assert position(state) == "1/2/3/A/4/5r/6/W/1/2y/3/Srrybbb/4y/5/6 - - 1 r spaceman r other 3 - 0"
    # The warp used no die: the other die still moves an opponent.
    assert legal(state) == ["y3+3", "y6+3", "y6-3"]


def test_declining_a_warp_keeps_the_spaceman_on_the_warp() -> None:
    state = play(load(OWN_LANDING), "roll 34", "r4+4", "pass")
    assert position(state) == "1/2/3/A/4/5/6/Wr/1/2y/3/Srrybbb/4/5/6y - - 1 r spaceman r other 3 - 0"


def test_warp_alone_only_when_no_opposing_spaceman_can_be_partner() -> None:
    state = play(load("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0"), "roll 34", "r4+4")
    assert legal(state) == ["pass", "warp"]
    assert refused(state, "warp y4").rule == "Space Station"
    play(state, "warp")
    assert position(state) == "1/2/3/A/4/5r/6/W/1/2/3/Srryyybbb/4/5/6 - - 1 r spaceman y roll - - 0"


def test_warp_alone_is_refused_when_a_partner_exists() -> None:
    state = play(load(OWN_LANDING), "roll 34", "r4+4")
    error = refused(state, "warp")
    assert error.rule == "Tandem Warp"
    assert "may not warp alone" in str(error)


def test_partner_must_be_an_opposing_spaceman_that_exists() -> None:
    state = play(load(OWN_LANDING), "roll 34", "r4+4")
    assert refused(state, "warp r4").rule == "Tandem Warp"
    assert refused(state, "warp b9").rule == "Tandem Warp"


def test_partner_landing_waits_until_the_movers_move_ends() -> None:
    state = play(load(OWN_LANDING), "roll 34", "r4+4", "warp y6")
    # Yellow now stands on the warp, but red finishes his move (the other die) first.
    assert position(state) == "1/2/3/A/4/5r/6/Wy/1/2/3/Srrybbb/4/5/6y - - 1 r spaceman r other 3 y 0"
    assert state.current_player() == 0
    assert legal(state) == ["y1+3", "y8+3", "y8-3"]


def test_waiting_warp_is_decided_by_the_owner_of_the_spaceman() -> None:
    state = play(load(OWN_LANDING), "roll 34", "r4+4", "warp y6", "y1+3")
    assert position(state) == "1/2/3/A/4/5r/6/Wy/1/2/3/Srryybbb/4/5/6 - - 1 r spaceman r warp - y 0"
    assert state.current_player() == 1
    assert legal(state) == ["pass", "warp r10"]
    play(state, "warp r10")
    # The Asteroid Field stops red; yellow's warp was not yellow's turn: yellow rolls next as usual.
    assert position(state) == "1/2/3/Ar/4/5y/6/W/1/2/3/Srryybbb/4/5/6 - - 1 r spaceman y roll - - 0"


def test_opponent_moved_onto_the_warp_decides_after_the_move() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3y/Srrryybbb/4/5/6 - - 1 r spaceman r other 3 - 0")
    play(state, "y5+3")
    assert position(state) == "1/2/3/A/4/5/6/Wy/1/2/3/Srrryybbb/4/5/6 - - 1 r spaceman r warp - y 0"
    assert state.current_player() == 1
    assert legal(state) == ["pass", "warp"]


def test_backward_move_onto_the_warp_is_a_landing() -> None:
    state = load("1/2/3/A/4/5y/6/W/1r/2/3/Srryybbb/4/5/6 - - 1 r spaceman r other 2 - 0")
    play(state, "y10-2")
    assert (state.current_player(), field(state, "warps")) == (1, "y")
    assert legal(state) == ["pass", "warp r7"]


def test_waiting_warps_resolve_in_landing_order() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2y/3b/Srrryybb/4/5/6 - - 1 r spaceman r roll - - 0")
    play(state, "roll 34", "r4+4", "warp y6", "b5+3")
    # Yellow landed first (as partner), blue second (moved by red's other die).
    assert position(state) == "1/2/3/A/4/5r/6/Wyb/1/2/3/Srryybb/4/5/6 - - 1 r spaceman r warp - yb 0"
    assert state.current_player() == 1
    play(state, "pass")
    assert state.current_player() == 2
    assert legal(state) == ["pass", "warp r10", "warp y8"]


def test_spaceman_leaving_the_warp_takes_its_waiting_warp_with_it() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2y/3b/Srrryybb/4/5/6 - - 1 r spaceman r roll - - 0")
    play(state, "roll 34", "r4+4", "warp y6", "b5+3", "warp b8")
    # Yellow took blue along: blue is off the warp, so blue's waiting warp is dropped.
    assert position(state) == "1/2/3/A/4/5ryb/6/W/1/2/3/Srryybb/4/5/6 - - 1 r spaceman y roll - - 0"


def test_opponent_die_moving_the_waiting_spaceman_drops_its_warp() -> None:
    state = play(load(OWN_LANDING), "roll 34", "r4+4", "warp y6", "y8+3")
    assert position(state) == "1/2/3/A/4y/5r/6/W/1/2/3/Srrybbb/4/5/6y - - 1 r spaceman y roll - - 0"


def test_warp_chain_each_partner_landing_on_the_warp_warps_in_turn() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2ry/3b/Srryybb/4/5/6 - - 1 r spaceman r other 3 - 0")
    play(state, "b5+3")
    assert (state.current_player(), legal(state)) == (2, ["pass", "warp r6", "warp y6"])
    play(state, "warp y6")
    assert (state.current_player(), legal(state)) == (1, ["pass", "warp b10", "warp r6"])
    play(state, "warp r6")
    # Red is moved onto the warp by yellow's warp; red, the owner, decides.
    assert (state.current_player(), legal(state)) == (0, ["pass", "warp b10", "warp y10"])
    play(state, "pass")
    assert position(state) == "1/2/3/A/4/5yb/6/Wr/1/2/3/Srryybb/4/5/6 - - 1 r spaceman y roll - - 0"


def test_spaceman_already_on_the_warp_does_not_warp_again() -> None:
    state = load("1/2/3/A/4/5/6/Wy/1/2/3/Srryybbb/4/5/6r - - 1 r spaceman b roll - - 0")
    play(state, "roll 12", "b4+1")
    assert legal(state) == ["r1+2", "y8+2", "y8-2"]
    play(state, "r1+2")
    # No landing: no warp decision, and the Space Shift carries yellow down with the warp tile.
    assert position(state) == "6/1/2/3/A/4/5/6/Wy/1/2/3b/Srryybb/4r/5 - - 2 r spaceman r roll - - 0"


def test_warp_may_reach_earth_without_an_exact_count() -> None:
    # After nine Space Shifts the warp is on position 14 and the Asteroid Field on position 3.
    state = load("6y/W/1/2r/3/Srryybbb/4/5/6/1/2/3/A/4/5 - - 10 r spaceman r own 25 - 0")
    play(state, "r12+2")
    assert legal(state) == ["pass", "warp y15"]
    play(state, "warp y15")
    # Red (the warper) reaches Earth first and takes 12, yellow 11.
    assert position(state) == "6/W/1/2/3/Srryybbb/4/5/6/1/2/3/A/4/5 ry - 10 r spaceman y roll - - 0"


def test_asteroid_field_stops_a_warp_partner() -> None:
    state = load("1/2/3/A/4y/5/6/W/1/2/3/Srrrybbb/4/5/6y - - 1 r spaceman r roll - - 0")
    play(state, "roll 34", "r4+4", "warp y11")
    assert board(state) == "1/2/3/Ay/4/5r/6/W/1/2/3/Srrybbb/4/5/6y"


def test_asteroid_field_stops_the_warper() -> None:
    # Not a board that play reaches (the warp always has four tiles to the Asteroid Field), but the rule holds.
    state = load("1/2/3/4/5/6/A/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0")
    play(state, "roll 34", "r4+4", "warp")
    assert board(state) == "1/2/3/4/5/6/Ar/W/1/2/3/Srryyybbb/4/5/6"


def test_spacemen_of_one_colour_are_alike_when_one_leaves_the_warp() -> None:
    # A yellow already stands on the warp; a second yellow lands there as red's partner and waits. Red's other die
    # takes "a" yellow off the warp: yellow's waiting warp goes with it, though one yellow stays (interpretation 8).
    state = load("1/2/3/A/4/5/6/Wy/1/2y/3/Srrrbbb/4/5/6y - - 1 r spaceman r roll - - 0")
    play(state, "roll 34", "r4+4", "warp y6")
    assert field(state, "warps") == "y"
    play(state, "y8+3")
    assert position(state) == "1/2/3/A/4y/5r/6/Wy/1/2/3/Srrbbb/4/5/6y - - 1 r spaceman y roll - - 0"
