"""Rulebook section "B. Main Action": one die per turn, taken from the pool; taken and captured dice are gone."""

from __future__ import annotations

from .helpers import legal, load, play, position, put_wolf, refused, resolve_chance


def test_the_turn_offers_every_die_in_the_pool_and_nothing_else_before_a_die() -> None:
    state = load(position())
    assert [a for a in legal(state) if not a.startswith(("modify", "reroll"))] == sorted(
        ["take red5", "take green4", "take yellow3", "take purple2", "take black6", "take blue1", "take white4"]
    )


def test_a_die_taken_earlier_this_round_or_held_by_a_wolf_is_not_available() -> None:
    data = position()
    data["dice"]["red"][1] = "hunter0"
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
    data = position(players=3)
    data.update(turns=[3, 3, 2])
    for seat, colours in enumerate((("red", "green"), ("yellow", "purple", "black"), ("blue", "white"))):
        for colour in colours:
            data["dice"][colour] = [2, f"hunter{seat}"]
    assert legal(load(data), seat=0) == ["end"]  # (no free action either: the pool is empty)


def test_a_taken_die_goes_on_the_hunters_sheet() -> None:
    data = position(players=2)
    state = play(load(data), "take red5")
    assert state.dice["red"] == [5, "hunter0"]  # on one of seat 0's three printed dice, out of the pool


def test_a_hunter_with_three_dice_on_the_sheet_takes_no_more_this_round() -> None:
    state = load(position())
    for take, row in (("take red5", "knife"), ("take green4", "rifle"), ("take yellow3", "trap")):
        play(state, take, f"write {row}", "end")
        if state.step == "choose":
            resolve_chance(play(state, "turn"))
    assert state.passed == [True] and state.phase == "wolves"  # three dice: the solo hunter's round is over
    held = [colour for colour, (_, where) in state.dice.items() if where == "hunter0"]
    assert held == ["red", "green", "yellow"]
    assert state.pool() == ["purple", "black", "blue", "white"]  # four dice were left in the pool
