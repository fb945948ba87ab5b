"""Rulebook section "Rifle": one wolf that is not adjacent, the Rifle stat, +1 on North/North-East."""

from __future__ import annotations

from .helpers import legal, load, play, position, put_wolf, refused


def joanna(space: str = "N-NE") -> dict:
    """Joanna (Rifle 3) with a green 4 to take; wolves at N (adjacent) and S (not)."""
    data = position()
    data["hunters"][0]["space"] = space
    put_wolf(data, "N", "day-15")
    put_wolf(data, "S", "night-16")
    return data


def test_the_rifle_hits_only_a_wolf_that_is_not_adjacent() -> None:
    state = play(load(joanna()), "take green4", "write rifle")
    assert legal(state, "rifle") == ["rifle S"]
    assert refused(state, "rifle N").rule == "rifle"


def test_the_north_north_east_space_adds_one_and_nothing_strikes_back() -> None:
    state = play(load(joanna()), "take green4", "write rifle", "rifle S")
    assert state.wolves["S"]["damage"] == 4 and state.hunters[0]["hearts"] == 8


def test_elsewhere_the_rifle_deals_the_stat() -> None:
    state = play(load(joanna("NE-E")), "take green4", "write rifle", "rifle S")
    assert state.wolves["S"]["damage"] == 3


def test_a_wolf_immune_to_rifles_ignores_the_shot() -> None:
    data = position()
    put_wolf(data, "S", "night-04")
    state = play(load(data), "take green4", "write rifle", "rifle S")
    assert state.wolves["S"]["damage"] == 0
