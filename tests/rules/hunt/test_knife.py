"""Rulebook section "Knife": one or two adjacent wolves, the Knife stat each, simultaneous strikes back."""

from __future__ import annotations

from .helpers import legal, load, play, position, put_wolf, refused


def jack(*wolves: tuple[str, str], space: str = "E-SE") -> dict:
    """Jack (Knife 3) on `space` with a red 5 to take, and these wolves."""
    data = position(characters=("jack",))
    data["hunters"][0]["space"] = space
    for location, wolf in wolves:
        put_wolf(data, location, wolf)
    return data


def test_rulebook_example_jack_is_adjacent_to_east_and_south_east_not_west() -> None:
    state = play(load(jack(("E", "day-15"), ("SE", "day-13"), ("W", "day-16"))), "take red5", "write knife")
    assert legal(state, "knife") == ["knife E", "knife E SE", "knife SE"]
    assert refused(state, "knife W").rule == "knife"


def test_each_wolf_takes_the_knife_stat_and_all_strike_back_together() -> None:
    state = play(load(jack(("E", "day-15"), ("SE", "day-16"))), "take red5", "write knife", "knife E SE")
    assert state.wolves["E"]["damage"] == 3 and "SE" not in state.wolves  # day-16 (health 3) dies
    # E strikes for 1 and SE (dying) for 2 at the same time; day-16's kill bonus heals 2
    assert state.hunters[0]["hearts"] == 8 - 1 - 2 + 2


def test_the_south_south_east_space_adds_one_to_the_knife() -> None:
    state = play(load(jack(("S", "night-16"), space="SE-S")), "take red5", "write knife", "knife S")
    assert state.wolves["S"]["damage"] == 4


def test_an_outwitted_wolf_does_not_strike_back_and_takes_double() -> None:
    data = jack(("E", "night-16"))
    data["wolves"]["E"]["outwit"] = True
    state = play(load(data), "take red5", "write knife", "knife E")
    assert state.wolves["E"]["damage"] == 6 and state.hunters[0]["hearts"] == 8


def test_a_wolf_immune_to_knives_ignores_the_blow_but_still_strikes_back() -> None:
    state = play(load(jack(("E", "night-03"))), "take red5", "write knife", "knife E")
    assert state.wolves["E"]["damage"] == 0 and state.hunters[0]["hearts"] == 6


def test_no_adjacent_wolf_no_knife_action() -> None:
    state = play(load(jack(("W", "day-15"))), "take red5", "write knife")
    assert legal(state, "knife") == []
