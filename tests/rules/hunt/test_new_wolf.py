"""Rulebook section "B. New Wolf": draw, placement by the next card's back, the ninth wolf, reshuffles, traps."""

from __future__ import annotations

import pytest

from .helpers import load, outcomes, play, position, put_wolf


def at_choice(**changes: object) -> dict:
    """Seat 0 of a solo game has had a turn this round and now chooses to pass or take another."""
    data = position()
    data.update(step="choose", **changes)
    return data


def test_the_face_drawn_matches_the_back_that_showed_on_top() -> None:
    state = play(load(at_choice()), "turn")
    assert outcomes(state) == {"face day-01": 0.5, "face day-09": 0.5}


def test_the_wolf_goes_to_the_location_on_the_back_of_the_next_card_not_its_own() -> None:
    state = play(load(at_choice()), "turn", "face day-01", "back SW")
    assert state.wolves["SW"]["id"] == "day-01"  # day-01's own back shows N
    assert state.decks["day"]["top"] == "SW"


def test_an_occupied_location_sends_the_wolf_to_the_next_vacant_one_clockwise() -> None:
    data = at_choice()
    for location, wolf in (("NW", "day-02"), ("N", "day-03"), ("NE", "day-13")):
        put_wolf(data, location, wolf)
    state = play(load(data), "turn", "face day-01", "back NW")
    assert state.wolves["E"]["id"] == "day-01"  # NW, N and NE are taken: clockwise round to E


def test_a_ninth_wolf_deals_one_damage_to_every_hunter_instead() -> None:
    data = position(players=2)
    data.update(step="choose", turns=[1, 1])
    wolves = ["day-02", "day-03", "day-13", "day-15", "day-16", "day-08", "day-14", "day-07"]
    for location, wolf in zip(["N", "NE", "E", "SE", "S", "SW", "W", "NW"], wolves, strict=True):
        put_wolf(data, location, wolf)
    state = play(load(data), "turn")
    assert not state.is_chance_node() and state.step == "action"
    assert [h["hearts"] for h in state.hunters] == [7, 7]
    assert len(state.decks["day"]["cards"]) == 8  # nothing was drawn


def test_an_empty_deck_is_rebuilt_from_that_types_dead_wolves() -> None:
    data = at_choice()
    data["decks"]["day"] = {"cards": [], "top": None}
    data["discard"]["day"] = ["day-04", "day-13"]
    state = play(load(data), "turn")
    assert outcomes(state) == {"face day-04": 0.5, "face day-13": 0.5}
    assert state.discard["day"] == []


def test_the_deck_running_out_on_a_draw_is_rebuilt_before_its_back_is_read() -> None:
    data = at_choice()
    data["decks"]["day"] = {"cards": ["day-01"], "top": "N"}
    data["discard"]["day"] = ["day-04", "day-13"]
    state = play(load(data), "turn", "face day-01")
    assert outcomes(state) == {"back SE": 0.5, "back S": 0.5}


def test_with_no_card_left_and_no_dead_wolves_the_drawn_cards_own_back_places_it() -> None:
    data = at_choice()
    data["decks"]["day"] = {"cards": ["day-03"], "top": None}  # nobody has seen a back: only its own says E
    state = play(load(data), "turn", "face day-03")
    assert not state.is_chance_node()  # no next card to show a back
    assert state.wolves == {"E": {"id": "day-03", "damage": 0, "outwit": False}} and state.last_arrival == "E"
    assert state.decks["day"] == {"cards": [], "top": None}


def test_every_trap_at_the_location_goes_off_on_arrival() -> None:
    data = at_choice()
    data["traps"] = {"E": [["trap-1", 1], ["trap-2", 1]]}
    data["decks"]["day"]["top"] = "W"
    state = play(load(data), "turn", "face day-15", "back E")
    assert state.wolves["E"]["damage"] == 2  # day-15 has 4 health: both traps hit
    assert state.traps == {}  # sprung traps go back to the supply


def test_a_trap_kills_an_arriving_wolf_and_earns_no_bonus() -> None:
    data = at_choice()
    data["traps"] = {"E": [["trap-3", 3]]}
    state = play(load(data), "turn", "face day-01", "back E")
    assert "E" not in state.wolves and state.discard["day"] == ["day-01"]
    assert state.hunters[0]["stats"]["knife"] == 1  # day-01's bonus (knife) is not earned


def test_a_wolf_killed_by_traps_on_arrival_uses_no_ability() -> None:
    data = at_choice()
    data["traps"] = {"N": [["trap-2", 3]]}
    data["decks"]["day"]["top"] = "SE"
    state = play(load(data), "turn", "face day-04", "back N")  # Snow Biter: health 3, first strike on arrival
    assert "N" not in state.wolves and state.discard["day"] == ["day-04"]
    assert state.hunters[0]["hearts"] == 8 and state.dogs["dog-n"] == 0  # Joanna (N-NE) and dog-n face N


def test_rulebook_example_a_trap_on_an_occupied_location_waits_for_the_next_wolf() -> None:
    data = position(characters=("nadia",))
    put_wolf(data, "S", "day-15")
    state = play(load(data), "take yellow3", "write trap", "trap S=trap-5:3 SW=trap-2:3")
    assert state.wolves["S"]["damage"] == 0 and state.traps["S"] == [["trap-5", 3]]
    # later the wolf at S is gone, and a new one arrives there: now the trap springs
    state.wolves.pop("S")
    play(state, "end", "turn", "face day-01", "back S")
    assert "S" not in state.wolves  # 3 damage killed day-01 (health 2)
    assert state.traps == {"SW": [["trap-2", 3]]}


@pytest.mark.parametrize("round_number", [3, 4])
def test_night_rounds_draw_from_the_night_deck(round_number: int) -> None:
    state = play(load(at_choice(round=round_number)), "turn")
    assert all(o.startswith("face night-") for o in outcomes(state))
    assert len(outcomes(state)) == 16  # the night deck's top has not been looked at yet
