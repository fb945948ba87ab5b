"""Rulebook "The Fleet Map": the Aegis always at the centre; quadrants of 5 spaces (4 quadrants in classic, 4 to 6
in Infinite Domain); ships take 1 or 2 spaces and move by their commander, in the Action Phase, to any quadrant
with room; two ships swap places when both commanders agree.

Starting map, classic: q1 Star Alpha (1) + Dione (2); q2 Icebreaker (2) + Meridian (1) + Vulcan (1); q3 Quellon
(2) + Endeavour (1); q4 Carmine (1) + Halcyon (2) + Asclepius (1). Infinite Domain moves the Vulcan to q5 beside
the Javelin (2), and the Asclepius to q6 with the Hephaestus (2) and the Baltar (1)."""

from __future__ import annotations

import pytest

from wolfpack import GameOptionError, IllegalActionError, InvalidActionError
from wolfpack.games.den import rules
from wolfpack.games.den.state import DenState

from .helpers import AEGIS_COMMANDER, act, begin, both, edit, log, new_game, refused, verbs


def free(state: DenState, quadrant: int) -> int:
    return rules.room_in(state, quadrant)


def test_classic_commanders_move_to_quadrants_with_room() -> None:
    state = begin("classic", "action")
    assert [free(state, q) for q in (1, 2, 3, 4)] == [2, 1, 2, 1]
    assert verbs(state, "dione/captain", "move") == ["move q3"]
    assert verbs(state, "carmine/captain", "move") == ["move q1", "move q2", "move q3"]


def test_infinite_domain_commanders_move_over_six_quadrants() -> None:
    state = begin("infinite-domain", "action")
    assert [free(state, q) for q in range(1, 7)] == [2, 2, 2, 2, 2, 1]
    assert verbs(state, "dione/captain", "move") == ["move q2", "move q3", "move q4", "move q5"]


@both
def test_a_ship_of_size_two_takes_two_spaces(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "dione/captain", "move q6" if edition != "classic" else "move q2").rule == "room"
    act(state, "dione/captain", "move q3")
    assert state.ships["dione"]["quadrant"] == 3
    assert (free(state, 1), free(state, 3)) == (4, 0)
    assert "dione moves to q3" in log(state, None)
    assert refused(state, "carmine/captain", "move q3").rule == "room"


@both
def test_only_the_commander_moves_the_ship(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "dione/first-officer", "move q3").rule == "commander"
    assert verbs(state, "dione/first-officer", "move") == []


@both
def test_the_aegis_never_moves(edition: str) -> None:
    state = begin(edition, "action")
    assert state.ships["aegis"]["quadrant"] == 0
    assert verbs(state, AEGIS_COMMANDER[edition], "move") == []
    assert verbs(state, AEGIS_COMMANDER[edition], "swap") == []
    assert refused(state, AEGIS_COMMANDER[edition], "move q3").rule == "centre"
    assert refused(state, "dione/captain", "swap aegis").rule == "centre"


@both
def test_the_aegis_is_no_quadrant_even_for_control(edition: str) -> None:
    state = begin(edition, "action")
    assert not state.is_legal('control move aegis q3 "reposition"', 0)
    with pytest.raises(IllegalActionError) as error:
        state.apply_action('control move aegis q3 "reposition"', 0)
    assert error.value.rule == "centre" and state.ships["aegis"]["quadrant"] == 0
    assert state.is_legal('control move dione q2 "reposition"', 0)


@both
def test_a_ship_moves_in_the_action_phase_only(edition: str) -> None:
    assert refused(begin(edition, "team"), "dione/captain", "move q3").rule == "phase"
    assert refused(begin(edition, "start"), "dione/captain", "move q3").rule == "phase"


@both
def test_a_ship_cannot_move_to_its_own_quadrant(edition: str) -> None:
    assert refused(begin(edition, "action"), "dione/captain", "move q1").rule == "same quadrant"


@both
def test_a_separated_ship_is_off_the_map(edition: str) -> None:
    state = edit(begin(edition, "action"), lambda p: p["ships"]["carmine"].update(at="void-1-carmine", quadrant=None))
    assert refused(state, "carmine/captain", "move q1").rule == "separated"
    assert free(state, 4) == {"classic": 2, "infinite-domain": 3}[edition]  # the Carmine's space is free


@both
def test_two_commanders_who_both_ask_swap_places(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/captain", "swap icebreaker")
    assert (state.ships["dione"]["quadrant"], state.ships["icebreaker"]["quadrant"]) == (1, 2)
    assert state.swaps == {"dione": "icebreaker"}
    assert "dione proposes to swap places with icebreaker" in log(state, "icebreaker/captain")
    assert "dione proposes to swap places with icebreaker" not in log(state, "carmine/captain")
    assert refused(state, "dione/captain", "swap icebreaker").rule == "proposed"
    act(state, "icebreaker/captain", "swap dione")
    assert (state.ships["dione"]["quadrant"], state.ships["icebreaker"]["quadrant"]) == (2, 1)
    assert state.swaps == {}
    assert "icebreaker and dione swap places" in log(state, None)


@both
def test_a_swap_needs_the_commanders(edition: str) -> None:
    assert refused(begin(edition, "action"), "dione/first-officer", "swap icebreaker").rule == "commander"


@both
def test_a_swap_needs_room_for_both_ships(edition: str) -> None:
    # Fill q3 (Quellon 2, Endeavour 1, Carmine 1, Star Alpha 1): the Dione (2) cannot take the Star Alpha's space.
    state = act(begin(edition, "action"), "carmine/captain", "move q3")
    act(state, "star-alpha/president", "move q3")
    assert free(state, 3) == 0
    assert refused(state, "dione/captain", "swap star-alpha").rule == "room"
    assert refused(state, "dione/captain", "swap carmine").rule == "room"
    act(state, "dione/captain", "swap quellon")  # two ships of size 2 trade places


@both
def test_ships_in_one_quadrant_have_nothing_to_swap(edition: str) -> None:
    assert refused(begin(edition, "action"), "dione/captain", "swap star-alpha").rule == "same quadrant"


@both
def test_moving_withdraws_a_swap_proposal(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/captain", "swap icebreaker", "move q3")
    assert state.swaps == {}
    act(state, "icebreaker/captain", "swap dione")
    assert (state.ships["dione"]["quadrant"], state.ships["icebreaker"]["quadrant"]) == (3, 2)
    assert state.swaps == {"icebreaker": "dione"}


def test_the_classic_map_has_four_quadrants() -> None:
    state = begin("classic", "action")
    assert state.quadrant_count == 4
    assert refused(state, "carmine/captain", "move q5").rule == "quadrant"
    with pytest.raises(GameOptionError):
        new_game("classic", quadrants=5)


@pytest.mark.parametrize("quadrants", [4, 5, 6])
def test_infinite_domain_maps_have_four_to_six_quadrants(quadrants: int) -> None:
    state = begin("infinite-domain", "action", quadrants=quadrants)
    assert state.quadrant_count == quadrants
    assert state.observation(None)["quadrants"] == quadrants
    placed = {sid: ship["quadrant"] for sid, ship in state.ships.items() if sid != "aegis"}
    assert set(placed.values()) <= set(range(1, quadrants + 1))
    assert all(free(state, q) >= 0 for q in range(1, quadrants + 1))
    assert ("move q6" in verbs(state, "carmine/captain", "move")) == (quadrants == 6 and free(state, 6) >= 1)
    if quadrants < 6:
        assert refused(state, "carmine/captain", "move q6").rule == "quadrant"


def test_infinite_domain_refuses_a_map_of_three_or_seven_quadrants() -> None:
    for quadrants in (3, 7):
        with pytest.raises(GameOptionError):
            new_game("infinite-domain", quadrants=quadrants)


@both
def test_a_quadrant_beyond_six_is_not_notation(edition: str) -> None:
    with pytest.raises(InvalidActionError):
        begin(edition, "action").apply_action("move q7", 1)
