"""Rulebook "Spacewolf! Phase": from the first spaceman taken on, one die per own spaceman on the Spacewolves tile,
one die used to move an opponent backward by the exact count, own only if no opponent move is legal (interpretation
11), Safety in Numbers (2+ with 3 players, 3+ with 4, never on the Asteroid Field, warps included: interpretation 9)."""

from __future__ import annotations

from .helpers import field, legal, load, play, position, refused


def test_spacewolf_phase_follows_once_anyone_was_taken() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2/3/Srrybbb/4/5/6 - yy 3 r spaceman b roll - - 0")
    play(state, "roll 12", "b4+1", "r7+2")
    # Nobody is on Earth, so no Mission Control; yellow has two Spacewolves and rolls two dice.
    assert position(state) == "1/2/3/A/4/5/6r/W/1/2/3b/Srrybb/4/5/6 - yy 3 r wolf y roll - - 0"
    assert len(state.chance_outcomes()) == 21


def test_no_spacewolf_phase_before_anyone_was_taken() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2/3/Srryybbb/4/5/6y - - 3 r spaceman b roll - - 0")
    play(state, "roll 12", "b4+1", "r7+2")
    assert (field(state, "round"), field(state, "phase"), field(state, "actor")) == ("4", "spaceman", "r")


def test_one_die_per_own_spaceman_on_the_spacewolves_tile() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2/3/Srrbbb/4/5/6 - yyy 3 r wolf y roll - - 0")
    assert len(state.chance_outcomes()) == 56
    play(state, "roll 255")
    assert field(state, "dice") == "25"


def test_opponents_move_backward_by_the_exact_count_only() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2/3b/Srbb/4/5/6r - yyy 3 r wolf y move 25 - 0")
    assert legal(state) == ["b5-2", "r7-2", "r7-5"]
    assert refused(state, "r7+2").rule == "Spacewolf! Phase"
    assert refused(state, "b5-5").rule == "Exact count backward"
    assert refused(state, "r1-2").rule == "Exact count backward"


def test_own_spaceman_only_when_no_opponent_move_is_legal() -> None:
    # Red cannot go back 4 from positions 2 and 1, blue is on the Station: yellow must move its own spaceman.
    state = load("1/2/3/A/4/5/6/W/1y/2/3/Sb/4/5r/6r rbby y 3 r wolf y move 4 - 0")
    assert legal(state) == ["y7-4"]
    play(state, "y7-4")
    # Yellow was the only Spacewolf: the Space Shift follows and throws red from position 1 to the wolves.
    assert position(state) == "6/1/2/3/A/4/5/6/W/1/2/3/Sb/4y/5r rbby ry 4 r spaceman r roll - - 0"


def test_own_spaceman_is_refused_while_any_die_moves_an_opponent() -> None:
    state = load("1/2/3/A/4/5/6/W/1y/2/3/Sb/4/5r/6r rbby y 3 r wolf y move 14 - 0")
    assert legal(state) == ["r2-1"]
    error = refused(state, "y7-4")
    assert error.rule == "Spacewolf! Phase"
    assert "only when no opponent" in str(error)


def test_safety_in_numbers_two_spacemen_with_three_players() -> None:
    state = load("1/2/3/A/4/5r/6/W/1rb/2/3/S/4/5/6 rbb yyy 3 r wolf y move 3 - 0")
    assert legal(state) == ["r10-3"]
    assert refused(state, "b7-3").rule == "Safety in Numbers"
    assert refused(state, "r7-3").rule == "Safety in Numbers"


def test_safety_in_numbers_needs_three_spacemen_with_four_players() -> None:
    state = load("1/2/3/A/4/5yyb/6/W/1rb/2/3/S/4/5/6 rrby ggg 3 r wolf g move 3 - 0", players=4)
    assert legal(state) == ["b7-3", "r7-3"]
    assert refused(state, "y10-3").rule == "Safety in Numbers"


def test_safety_in_numbers_formed_earlier_in_the_phase_protects_at_once() -> None:
    state = load("1/2/3/A/4/5r/6/W/1b/2/3/S/4/5/6 rrbyy yb 3 r wolf y move 3 - 0")
    assert legal(state) == ["b7-3", "r10-3"]
    play(state, "r10-3")
    # Red joined blue on position 7: blue's Spacewolf cannot move either of them, nor blue's own; turn skipped.
    play(state, "roll 3")
    assert position(state) == "6/1/2/3/A/4/5/6/W/1rb/2/3/S/4/5 rrbyy yb 4 r spaceman r roll - - 0"


def test_no_safety_in_numbers_on_the_asteroid_field() -> None:
    state = load("1/2/3/Arb/4/5/6/W/1/2/3/S/4/5/6 rrbyy yb 3 r wolf y move 3 - 0")
    assert legal(state) == ["b12-3", "r12-3"]


def test_safety_in_numbers_stops_a_warp() -> None:
    # Blue is sent back onto the warp, where red stands: together they are safe, so blue may not warp (interp. 9).
    state = load("1/2/3/A/4/5b/6/Wr/1/2/3/S/4/5/6 rrbb yyy 3 r wolf y move 2 - 0")
    assert legal(state) == ["b10-2", "r8-2"]
    play(state, "b10-2")
    assert position(state) == "6/1/2/3/A/4/5/6/Wrb/1/2/3/S/4/5 rrbb yyy 4 r spaceman r roll - - 0"


def test_spaceman_sent_back_onto_the_warp_may_warp_but_not_with_a_safe_partner() -> None:
    state = load("1/2/3/A/4/5b/6/W/1/2/3/S/4rr/5/6 rbb yyy 3 r wolf y move 2 - 0")
    assert legal(state) == ["b10-2"]
    play(state, "b10-2")
    # Both red spacemen are safe together on position 3, so blue has no partner and may warp alone.
    assert (state.current_player(), legal(state)) == (2, ["pass", "warp"])
    assert refused(state, "warp r3").rule == "Safety in Numbers"


def test_a_die_that_moves_nobody_cannot_be_kept_while_the_other_die_moves_someone() -> None:
    # Interpretation 17. A 5 moves nobody: red on 2 and 1 and yellow's own spaceman on 3 cannot go back 5, blue is on
    # the Station. The 1 moves red, so yellow must keep the 1; there is no keeping the 5 to let the wolves go hungry.
    state = load("1/2/3/A/4/5/6/W/1/2/3/Sb/4y/5r/6r rbby y 3 r wolf y move 15 - 0")
    assert legal(state) == ["r2-1"]
    assert refused(state, "y3-5").rule == "Exact count backward"
    assert refused(state, "pass").rule == "Legal move"


def test_the_own_spaceman_moves_with_the_one_die_that_moves_anyone() -> None:
    # Interpretation 17 with interpretation 11: no opponent can be moved with either die, and only the 2 moves
    # yellow's own spaceman (a 6 from position 3 would pass the Spacewolves tile), so the 2 is the die kept.
    state = load("1/2/3/A/4/5/6/W/1/2/3/Sb/4y/5/6 rrrbby y 3 r wolf y move 26 - 0")
    assert legal(state) == ["y3-2"]
    assert refused(state, "y3-6").rule == "Exact count backward"
    assert refused(state, "pass").rule == "Legal move"
