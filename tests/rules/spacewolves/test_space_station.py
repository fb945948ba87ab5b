"""Rulebook "Space Station": it protects opponents' spacemen in the Spaceman and Spacewolf! Phases but not in Mission
Control; the owner may always move his own spacemen off it; a warp partner is never on it (interpretation 6)."""

from __future__ import annotations

from .helpers import field, legal, load, play, refused


def test_opponents_on_the_station_cannot_be_moved_in_the_spaceman_phase() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2y/3/Srryybbb/4/5/6 - - 1 r spaceman r other 5 - 0")
    assert legal(state) == ["y6+5", "y6-5"]
    error = refused(state, "b4+5")
    assert error.rule == "Space Station"
    assert "Spaceman Phase" in str(error)


def test_first_player_cannot_use_the_opponent_die_because_everyone_starts_on_the_station() -> None:
    # Rulebook example: the opponent die of the very first turn is skipped.
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0")
    play(state, "roll 46", "r4+6")
    assert (field(state, "actor"), field(state, "step")) == ("y", "roll")


def test_owner_may_move_own_spacemen_off_the_station_forward_or_backward() -> None:
    state = play(load("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0"), "roll 23")
    assert legal(state) == ["r4+2", "r4+3", "r4-2", "r4-3"]


def test_station_protects_opponents_in_the_spacewolf_phase() -> None:
    state = load("1/2r/3/A/4/5b/6/W/1r/2/3/Sy/4/5/6 bryy b 2 r wolf b move 3 - 0")
    assert legal(state) == ["r14-3", "r7-3"]
    error = refused(state, "y4-3")
    assert error.rule == "Space Station"
    assert "Spacewolf! Phase" in str(error)


def test_owner_moves_own_spaceman_off_the_station_in_the_spacewolf_phase() -> None:
    # Red on position 1 cannot go back 2, so blue must send its own spaceman from the Station toward the wolves.
    state = load("1/2/3/A/4/5/6/W/1/2/3/Sb/4/5/6r rrbyyy b 2 r wolf b move 2 - 0")
    assert legal(state) == ["b4-2"]


def test_anyone_may_be_moved_off_the_station_in_mission_control() -> None:
    state = load("1/2/3/A/4/5/6/W/1r/2/3/Sryyybbb/4/5/6 r - 2 r control r move 4 - 1")
    assert legal(state) == ["b4+4", "y4+4"]


def test_warp_partner_is_never_on_the_station_even_in_mission_control() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2y/3/Srryybbb/4/5/6 r - 2 r control r move 2 - 1")
    play(state, "y6+2")
    # Yellow landed on the Tandem Warp; every opponent is on the Station, so yellow may only warp alone.
    assert (state.current_player(), field(state, "warps")) == (1, "y")
    assert legal(state) == ["pass", "warp"]
    assert refused(state, "warp b4").rule == "Space Station"
