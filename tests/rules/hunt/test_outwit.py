"""Rulebook section "Outwit": tokens on adjacent wolves, one each, from the supply or other wolves."""

from __future__ import annotations

from .helpers import legal, load, play, position, put_wolf, refused


def joanna(*wolves: tuple[str, str, bool]) -> dict:
    """Joanna on N-NE with a blue 1 to take, and these (location, wolf, outwitted) wolves."""
    data = position()
    for location, wolf, outwit in wolves:
        put_wolf(data, location, wolf, outwit=outwit)
    return data


def test_outwit_one_or_two_adjacent_wolves() -> None:
    state = play(load(joanna(("N", "day-15", False), ("NE", "day-13", False), ("S", "day-16", False))), "take blue1")
    play(state, "write outwit")
    assert legal(state, "outwit") == ["outwit N", "outwit N NE", "outwit NE"]
    play(state, "outwit N NE")
    assert state.wolves["N"]["outwit"] and state.wolves["NE"]["outwit"]


def test_with_the_supply_empty_a_token_is_taken_from_another_wolf() -> None:
    wolves = (("N", "day-15", False), ("S", "day-16", True), ("W", "day-13", True))
    state = play(load(joanna(*wolves)), "take blue1", "write outwit")
    assert legal(state, "outwit") == ["outwit N from S", "outwit N from W"]
    play(state, "outwit N from W")
    assert sorted(loc for loc, w in state.wolves.items() if w["outwit"]) == ["N", "S"]


def test_a_wolf_holds_one_token_and_the_pack_leader_none() -> None:
    data = joanna(("N", "day-15", True))
    put_wolf(data, "NE", "leader-4")
    state = play(load(data), "take blue1", "write outwit")
    assert legal(state, "outwit") == []
    assert refused(state, "outwit NE").rule == "outwit"


def test_an_outwitted_capturer_lets_its_die_go() -> None:
    data = joanna(("N", "day-09", False))
    data["dice"]["red"][1] = "day-09"
    state = play(load(data), "take blue1", "write outwit", "outwit N")
    assert state.dice["red"][1] == "pool"


def test_an_outwitted_wolf_loses_its_immunity() -> None:
    data = position(characters=("jack",))  # Jack on E-SE
    data["hunters"][0]["stats"]["knife"] = 1  # Knife 1
    data["hunters"][0]["mains"] = {"knife": 1}
    put_wolf(data, "E", "night-03")  # Iron Pelt: immune to knives, health 6
    state = play(load(data), "take blue1", "write outwit", "outwit E", "extra knife E")
    assert state.wolves["E"]["damage"] == 1 * 2 and state.hunters[0]["hearts"] == 8


def test_a_token_comes_without_from_when_only_one_wolf_can_give_it() -> None:
    wolves = (("N", "day-15", False), ("NE", "day-13", False), ("S", "day-16", True))
    state = play(load(joanna(*wolves)), "take blue1", "write outwit")
    # one token in the supply and one on S: outwitting two wolves needs both, so S must give its own
    assert legal(state, "outwit") == ["outwit N", "outwit N NE", "outwit NE"]
    play(state, "outwit N NE")
    assert sorted(loc for loc, w in state.wolves.items() if w["outwit"]) == ["N", "NE"]
