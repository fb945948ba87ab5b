"""Rulebook section "Spaceman Phase": two dice, own spaceman then an opponent's, mandatory moves, exact count back."""

from __future__ import annotations

from fractions import Fraction

from wolfpack.games.spacewolves.actions import EXACT_ROLL_PROBABILITY

from .helpers import board, field, legal, load, play, position, refused

START_R = "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0"


def test_two_dice_are_one_chance_event_of_sorted_outcomes_with_exact_probabilities() -> None:
    state = load(START_R)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 21
    probability = {str(a): p for a, p in outcomes}
    assert probability["roll 35"] == 2 / 36
    assert probability["roll 55"] == 1 / 36
    assert sum(EXACT_ROLL_PROBABILITY[a] for a, _ in outcomes) == Fraction(1)
    # The dice may be written in any order; the outcome is the same.
    assert state.parse_action("roll 53") == state.parse_action("roll 35")


def test_own_spaceman_moves_first_with_either_die() -> None:
    state = play(load(START_R), "roll 35")
    assert field(state, "step") == "own"
    # Forward with 3 or 5; backward only with 3 (5 back from position 4 would pass the Spacewolves tile).
    assert legal(state) == ["r4+3", "r4+5", "r4-3"]


def test_opponent_spaceman_moves_with_the_other_die() -> None:
    state = play(load("1/2/3/A/4/5/6/W/1/2y/3/Srrryybbb/4/5/6 - - 1 r spaceman r roll - - 0"), "roll 35", "r4+3")
    assert position(state) == "1/2/3/A/4/5/6/W/1r/2y/3/Srryybbb/4/5/6 - - 1 r spaceman r other 5 - 0"
    assert legal(state) == ["y6+5", "y6-5"]
    play(state, "y6-5")
    assert position(state) == "1/2/3/A/4/5/6/W/1r/2/3/Srryybbb/4/5/6y - - 1 r spaceman y roll - - 0"


def test_first_player_cannot_use_the_opponent_die_at_the_start() -> None:
    # Rulebook example: every opponent is on the Space Station, so the second die has no use.
    state = play(load(START_R), "roll 35", "r4+5")
    assert position(state) == "1/2/3/A/4/5/6r/W/1/2/3/Srryyybbb/4/5/6 - - 1 r spaceman y roll - - 0"


def test_own_move_is_mandatory() -> None:
    state = play(load(START_R), "roll 35")
    assert refused(state, "pass").rule == "Legal move"


def test_opponent_move_is_mandatory_even_when_it_helps_the_opponent() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2/3/Srryybbb/4/5/6y - - 1 r spaceman r other 5 - 0")
    # Five back from position 1 is impossible, so yellow must be sent five ahead.
    assert legal(state) == ["y1+5"]
    assert refused(state, "pass").rule == "Legal move"


def test_own_die_moves_only_own_spacemen_and_the_other_die_only_opponents() -> None:
    state = play(load("1/2/3/A/4/5/6/W/1/2y/3/Srrryybbb/4/5/6 - - 1 r spaceman r roll - - 0"), "roll 35")
    assert refused(state, "y6+3").rule == "Spaceman Phase"
    play(state, "r4+3")
    assert refused(state, "r7+5").rule == "Spaceman Phase"


def test_the_die_used_for_the_own_move_is_spent() -> None:
    state = play(load("1/2/3/A/4/5/6/W/1/2y/3/Srrryybbb/4/5/6 - - 1 r spaceman r roll - - 0"), "roll 35", "r4+3")
    error = refused(state, "y6+3")
    assert error.rule == "Dice"
    assert "usable: 5" in str(error)


def test_no_spaceman_phase_turn_without_spacemen_on_the_moving_tiles() -> None:
    # Blue has all three on Earth: after yellow comes green.
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srrryyyggg/4/5/6 bbb - 1 r spaceman y roll - - 0", players=4)
    play(state, "roll 12", "y4+1")
    assert position(state) == "1/2/3/A/4/5/6/W/1/2/3y/Srrryyggg/4/5/6 bbb - 1 r spaceman g roll - - 0"


def test_a_player_with_spacemen_only_on_the_spacewolves_tile_has_no_spaceman_turn() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srrrbbb/4/5/6 - yyy 1 r spaceman r roll - - 0")
    play(state, "roll 12", "r4+1")
    # Yellow is skipped; blue plays next.
    assert (field(state, "phase"), field(state, "actor")) == ("spaceman", "b")


def test_forward_onto_earth_needs_no_exact_count() -> None:
    # Rulebook example: two tiles from Earth, a 5 is enough.
    state = load("1/2r/3/A/4/5/6/W/1/2/3/Srryyybbb/4/5/6 - - 1 r spaceman r own 25 - 0")
    assert "r14+5" in legal(state)
    play(state, "r14+5")
    # Red takes Earth's 12; the other die has no use (every opponent is on the Space Station).
    assert position(state) == "1/2/3/A/4/5/6/W/1/2/3/Srryyybbb/4/5/6 r - 1 r spaceman y roll - - 0"


def test_exact_count_forward_onto_earth_also_arrives() -> None:
    state = play(load("1/2r/3/A/4/5/6/W/1/2/3/Srryyybbb/4/5/6 - - 1 r spaceman r own 25 - 0"), "r14+2")
    assert field(state, "earth") == "r"


def test_backward_move_needs_the_exact_count() -> None:
    # Rulebook example: a 5 cannot move a spaceman two tiles from the Spacewolves any further back.
    state = load("1/2/3/A/4/5/6/W/1r/2/3/Srryybbb/4/5y/6 - - 1 r spaceman r other 5 - 0")
    assert legal(state) == ["y2+5"]
    error = refused(state, "y2-5")
    assert error.rule == "Exact count backward"
    assert "5 back from position 2" in str(error)


def test_backward_move_by_the_exact_count_reaches_the_bottom_tile() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2/3/Srryybbb/4/5y/6 - - 1 r spaceman r other 1 - 0")
    assert legal(state) == ["y2+1", "y2-1"]
    play(state, "y2-1")
    assert board(state) == "1/2/3/A/4/5/6/W/1r/2/3/Srryybbb/4/5/6y"


def test_never_moved_onto_the_spacewolves_tile_by_dice() -> None:
    # Two back from position 2 would end exactly on the Spacewolves tile: not allowed.
    state = load("1/2/3/A/4/5/6/W/1r/2/3/Srryybbb/4/5y/6 - - 1 r spaceman r other 2 - 0")
    assert legal(state) == ["y2+2"]
    assert refused(state, "y2-2").rule == "Exact count backward"


def test_own_backward_move_needs_the_exact_count_too() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r own 45 - 0")
    assert legal(state) == ["r4+4", "r4+5"]
    assert refused(state, "r4-4").rule == "Exact count backward"


def test_the_phase_ends_once_every_player_with_spacemen_has_rolled() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2y/3/Srryybbb/4/5/6 - - 1 r spaceman b roll - - 0")
    play(state, "roll 12", "b4+1", "r7+2")
    # Blue was last; nobody is on Earth or with the Spacewolves, so the round ends with the Space Shift.
    assert position(state) == "6/1/2/3/A/4/5/6r/W/1/2y/3b/Srryybb/4/5 - - 2 r spaceman r roll - - 0"


def test_no_rule_forces_both_dice_to_be_used() -> None:
    # Interpretation 4: red may warp his only reachable opponent to Earth, losing the use of the other die.
    start = "6y/W/1/2r/3/Srryybbb/4/5/6/1/2/3/A/4/5 - - 10 r spaceman r own 25 - 0"
    state = play(load(start), "r12+2", "warp y15")
    assert (field(state, "earth"), field(state, "actor"), field(state, "step")) == ("ry", "y", "roll")
    # Declining the warp instead keeps yellow on the board for the other die.
    state = play(load(start), "r12+2", "pass")
    assert legal(state) == ["y15+5", "y15-5"]
