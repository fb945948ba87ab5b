"""Rulebook section "Wolf Special Abilities": capture, first strike, pinned, howling, healing, aggression, immune."""

from __future__ import annotations

from .helpers import legal, load, outcomes, play, position, put_wolf


def arriving(wolf: str, back: str, **changes: object) -> dict:
    """Solo: seat 0 is about to take another turn; `wolf` will be drawn and go to `back`."""
    data = position()
    data.update(step="choose", **changes)
    data["decks"]["day"]["top"] = None
    data["decks"]["night"]["top"] = None
    return data


def draw(data: dict, wolf: str, back: str) -> object:
    return play(load(data), "turn", f"face {wolf}", f"back {back}")


def test_capture_takes_its_die_from_the_pool_on_arrival() -> None:
    state = draw(arriving("day-10", "S"), "day-10", "S")
    assert state.dice["green"][1] == "day-10"
    assert "take green4" not in legal(state)


def test_capture_of_a_die_already_taken_is_ignored_this_round() -> None:
    data = arriving("day-10", "S")
    data["dice"]["green"][1] = "hunter0"
    state = draw(data, "day-10", "S")
    assert state.dice["green"][1] == "hunter0"


def test_a_dead_capturer_gives_its_die_back() -> None:
    data = position()
    put_wolf(data, "S", "day-10", damage=1)
    data["dice"]["green"][1] = "day-10"
    state = play(load(data), "take white4", "write rifle", "rifle S")
    assert state.dice["green"][1] == "pool"


def test_first_strike_hits_each_adjacent_hunter_and_dog_once() -> None:
    data = arriving("day-04", "N")
    state = draw(data, "day-04", "N")
    assert state.hunters[0]["hearts"] == 7 and state.dogs["dog-n"] == 1


def test_howling_brings_a_random_wolf_to_the_next_free_location_clockwise() -> None:
    data = arriving("day-06", "N")
    put_wolf(data, "NE", "day-15")
    state = draw(data, "day-06", "N")
    howled = outcomes(state)
    assert all(o.startswith("howl day-") for o in howled) and len(howled) == 14
    # one of the two N cards is the top, which stays: each is howled half as often as the others
    assert howled["howl day-01"] == howled["howl day-09"] == 1 / 26
    assert howled["howl day-13"] == 1 / 13
    play(state, "howl day-13")
    assert state.wolves["E"]["id"] == "day-13"


def test_a_howled_wolf_springs_the_traps_where_it_lands_and_uses_its_ability() -> None:
    data = arriving("day-06", "N")
    data["traps"] = {"NE": [["trap-1", 1]]}
    state = draw(data, "day-06", "N")  # the howler lands at N: its howl goes to NE, the next free location
    play(state, "howl day-04")  # Snow Biter: health 3, first strike on arrival
    assert state.wolves["NE"] == {"id": "day-04", "damage": 1, "outwit": False} and state.traps == {}
    assert state.hunters[0]["hearts"] == 8 - 1 and state.dogs["dog-n"] == 1  # Joanna (N-NE) and dog-n face NE


def test_a_howl_with_no_vacant_location_brings_no_wolf() -> None:
    data = arriving("day-06", "N")
    for location, wolf in zip(
        ["NE", "E", "SE", "S", "SW", "W", "NW"],
        ["day-02", "day-03", "day-13", "day-15", "day-16", "day-08", "day-14"],
        strict=True,
    ):
        put_wolf(data, location, wolf)
    state = draw(data, "day-06", "N")  # the howler takes the last free location
    assert state.wolves["N"]["id"] == "day-06" and len(state.wolves) == 8
    assert not state.is_chance_node() and state.step == "action"  # no howl event: nothing happens
    assert len(state.decks["day"]["cards"]) == 16 - 7 - 1


def test_healing_adjacent_clears_the_neighbours_not_itself() -> None:
    data = position()
    data.update(step="choose")
    put_wolf(data, "W", "night-12", damage=2, outwit=True)  # outwitted: no attack (its ability is off too)
    put_wolf(data, "SW", "day-15", damage=2, outwit=True)
    state = play(load(data), "pass")
    assert state.wolves["SW"]["damage"] == 2  # the outwitted healer does not heal
    data["wolves"]["W"]["outwit"] = False
    data["dogs"]["dog-w"] = 0
    state = play(load(data), "pass", "target dog dog-w")
    assert state.wolves["SW"]["damage"] == 0 and state.wolves["W"]["damage"] == 3


def test_heal_all_clears_every_other_wolf() -> None:
    data = position()
    data.update(step="choose", elders=3)
    put_wolf(data, "S", "night-05", damage=1)
    put_wolf(data, "N", "day-15", damage=3, outwit=True)
    data["dogs"]["dog-s"] = None
    state = play(load(data), "pass")
    assert state.wolves["N"]["damage"] == 0 and state.wolves["S"]["damage"] == 1


def test_aggression_adds_to_strikes_back_too() -> None:
    data = position(characters=("jack",))
    put_wolf(data, "E", "night-15")
    put_wolf(data, "W", "night-08")
    state = play(load(data), "take red5", "write knife", "knife E")
    assert state.hunters[0]["hearts"] == 8 - 3


def test_an_outwitted_aggressive_wolf_adds_nothing() -> None:
    data = position(characters=("jack",))
    put_wolf(data, "E", "night-15")
    put_wolf(data, "W", "night-08", outwit=True)
    state = play(load(data), "take red5", "write knife", "knife E")
    assert state.hunters[0]["hearts"] == 8 - 2


def test_two_aggressive_wolves_add_two() -> None:
    data = position(characters=("jack",))
    data.update(round=5, leader="leader-1")  # The Grey King has aggression too
    put_wolf(data, "E", "night-15")
    put_wolf(data, "W", "night-08")
    put_wolf(data, "N", "leader-1")
    state = play(load(data), "take red5", "write knife", "knife E")
    assert state.hunters[0]["hearts"] == 8 - (2 + 1 + 1)


def test_aggression_does_not_raise_first_strike() -> None:
    data = arriving("day-04", "N")
    put_wolf(data, "S", "night-08")
    state = draw(data, "day-04", "N")
    assert state.hunters[0]["hearts"] == 8 - 1 and state.dogs["dog-n"] == 1


def test_aggression_does_not_raise_the_damage_of_a_ninth_wolf() -> None:
    data = position()
    data.update(step="choose")
    wolves = ["day-02", "day-03", "day-13", "day-15", "day-16", "day-08", "day-14", "night-08"]
    for location, wolf in zip(["N", "NE", "E", "SE", "S", "SW", "W", "NW"], wolves, strict=True):
        put_wolf(data, location, wolf)
    state = play(load(data), "turn")
    assert state.hunters[0]["hearts"] == 8 - 1


def test_aggression_does_not_raise_the_damage_of_a_pack_leader_that_cannot_arrive() -> None:
    data = position()
    data.update(round=5, step="choose", turns=[0])
    wolves = ["night-02", "night-03", "night-04", "night-05", "night-06", "night-07", "night-08"]
    for location, wolf in zip(["N", "NE", "E", "SE", "S", "SW", "W"], wolves, strict=True):
        put_wolf(data, location, wolf)
    state = play(load(data), "face night-01", "back NW")  # the Night Wolf takes the last free location
    assert state.wolves["NW"]["id"] == "night-01" and state.leader_location() is None
    assert state.hunters[0]["hearts"] == 8 - 1  # the Pack Leader's 1, no ninth wolf


def test_immune_to_traps_ignores_traps_on_arrival() -> None:
    data = arriving("day-12", "E")
    data["traps"] = {"E": [["trap-6", 5]]}
    state = draw(data, "day-12", "E")
    assert state.wolves["E"]["damage"] == 0 and state.traps == {}
