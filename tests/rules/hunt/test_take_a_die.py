"""Rulebook section "B. Main Action": one die per turn, taken from the pool; taken and captured dice are gone."""

from __future__ import annotations

from .helpers import legal, load, play, position, put_wolf, refused


def test_the_turn_offers_every_die_in_the_pool_and_nothing_else_before_a_die() -> None:
    state = load(position())
    assert [a for a in legal(state) if not a.startswith(("modify", "reroll"))] == sorted(
        ["take red5", "take green4", "take yellow3", "take purple2", "take black6", "take blue1", "take white4"]
    )


def test_a_die_taken_earlier_this_round_or_held_by_a_wolf_is_not_available() -> None:
    data = position()
    data["dice"]["red"][1] = "taken"
    put_wolf(data, "N", "day-10")
    data["dice"]["green"][1] = "day-10"
    state = load(data)
    assert "take red5" not in legal(state) and "take green4" not in legal(state)
    assert refused(state, "take red5").rule == "dice pool"
    assert refused(state, "take green4").rule == "dice pool"


def test_only_one_die_per_turn() -> None:
    state = play(load(position()), "take red5")
    assert legal(state, "take") == []
    assert refused(state, "take green4").rule == "take a die"


def test_the_value_named_must_be_the_value_shown() -> None:
    assert refused(load(position()), "take red4").rule == "dice pool"


def test_the_turn_cannot_end_without_a_die() -> None:
    assert refused(load(position()), "end").rule == "take a die"


def test_with_no_die_left_for_the_turn_it_may_only_end() -> None:
    data = position()
    data["dice"] = {colour: [2, "taken"] for colour in data["dice"]}
    assert legal(load(data)) == ["end"]  # (no free action either: the pool is empty)
