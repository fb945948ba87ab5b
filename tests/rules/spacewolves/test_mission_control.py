"""Rulebook "Mission Control Phase": from the first arrival on Earth on, one die per own spaceman on Earth (those there
when the phase began, interpretation 10), one die used to move an opponent forward; own only if no opponent is left."""

from __future__ import annotations

from fractions import Fraction

from wolfpack.games.spacewolves.actions import EXACT_ROLL_PROBABILITY

from .helpers import field, legal, load, play, position, refused


def test_no_mission_control_before_anyone_reaches_earth() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2y/3/Srryybbb/4/5/6 - - 1 r spaceman b roll - - 0")
    play(state, "roll 12", "b4+1", "r7+2")
    assert (field(state, "round"), field(state, "phase")) == ("2", "spaceman")


def test_mission_control_follows_the_spaceman_phase_once_anyone_reached_earth() -> None:
    # Blue, last to play, reaches Earth: Mission Control begins at once, and blue is the only one with dice.
    state = load("1/2b/3/A/4/5/6/W/1r/2y/3/Srryybb/4/5/6 - - 1 r spaceman b own 56 - 0")
    play(state, "b14+5", "r7+6")
    assert position(state) == "1/2/3/Ar/4/5/6/W/1/2y/3/Srryybb/4/5/6 b - 1 r control b roll - - 1"


def test_mission_control_goes_in_seat_order_from_the_first_player() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2y/3/Sryybb/4/5/6 br - 3 r control r roll - - 2")
    play(state, "roll 4")
    assert (field(state, "actor"), legal(state)) == ("r", ["b4+4", "y4+4", "y6+4"])
    play(state, "y6+4")
    assert (field(state, "actor"), field(state, "step")) == ("b", "roll")


def test_one_die_per_own_spaceman_on_earth() -> None:
    for earth, cutoff, dice in (("r", 1, 1), ("rr", 2, 2), ("rrr", 3, 3)):
        pieces = "r" * (3 - len(earth))
        state = load(f"1/2/3/A/4/5/6/W/1/2/3/S{pieces}yyybbb/4/5/6 {earth} - 2 r control r roll - - {cutoff}")
        outcomes = state.chance_outcomes()
        assert {len(str(a)) - len("roll ") for a, _ in outcomes} == {dice}
        assert len(outcomes) == {1: 6, 2: 21, 3: 56}[dice]
        assert sum(EXACT_ROLL_PROBABILITY[a] for a, _ in outcomes) == Fraction(1)


def test_only_one_of_the_dice_is_used() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Sryyybbb/4/5/6 rr - 2 r control r roll - - 2")
    play(state, "roll 25")
    assert field(state, "dice") == "25"
    assert legal(state) == ["b4+2", "b4+5", "y4+2", "y4+5"]
    play(state, "y4+5")
    assert (field(state, "actor"), field(state, "step"), field(state, "dice")) == ("r", "roll", "-")
    assert field(state, "phase") == "spaceman"


def test_doubles_in_mission_control_are_simply_two_dice_of_one_value() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Sryyybbb/4/5/6 rr - 2 r control r roll - - 2")
    play(state, "roll 44")
    assert (field(state, "step"), field(state, "dice")) == ("move", "4")
    assert legal(state) == ["b4+4", "y4+4"]


def test_mission_control_moves_forward_only() -> None:
    state = load("1/2/3/A/4/5y/6/W/1/2/3/Srryybbb/4/5/6 r - 2 r control r move 3 - 1")
    assert legal(state) == ["b4+3", "y10+3", "y4+3"]
    error = refused(state, "y10-3")
    assert error.rule == "Mission Control Phase"
    assert "forward only" in str(error)


def test_own_spaceman_only_when_no_opponent_spaceman_is_on_the_board() -> None:
    state = load("1/2/3/A/4/5y/6/W/1/2/3r/S/4/5/6 rr bbbyy 2 r control r move 3 - 2")
    assert legal(state) == ["y10+3"]
    assert refused(state, "r5+3").rule == "Mission Control Phase"


def test_own_spaceman_moves_when_only_own_spacemen_are_left() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3r/S/4/5/6 rrbbb yyy 2 r control r move 34 - 2")
    assert legal(state) == ["r5+3", "r5+4"]


def test_forward_onto_earth_needs_no_exact_count_in_mission_control() -> None:
    state = load("1/2/3y/A/4/5/6/W/1/2b/3/Srryybb/4/5/6 r - 1 r control r move 5 - 1")
    play(state, "y13+5")
    assert field(state, "earth") == "ry"


def test_arrivals_during_mission_control_roll_only_from_the_next_round() -> None:
    state = load("1/2/3y/A/4/5/6/W/1/2b/3/Srryybb/4/5/6 r - 1 r control r move 5 - 1")
    play(state, "y13+5")
    # Yellow reached Earth during this phase: no Mission Control turn for yellow now; the round ends.
    assert position(state) == "6/1/2/3/A/4/5/6/W/1/2b/3/Srryybb/4/5 ry - 2 r spaceman r roll - - 0"
    actors = []
    while len(actors) < 2:
        if state.is_chance_node():
            if field(state, "phase") == "control":
                actors.append(field(state, "actor"))
            play(state, "roll 1" if field(state, "phase") == "control" else "roll 12")
        else:
            play(state, legal(state)[0])
    # In the next round's Mission Control yellow rolls after red.
    assert actors == ["r", "y"]
