"""Rulebook section "Killed Wolf Bonuses": stat, dog, health, reset line; only for knife, rifle or power kills."""

from __future__ import annotations

from .helpers import legal, load, play, position, put_wolf


def rifle_kill(wolf: str, **hunter: object) -> object:
    """Joanna (Rifle 3, +1 on N-NE) shoots `wolf` at S, which has 1 health left."""
    data = position()
    card_health = {"day-01": 2, "day-06": 2, "day-13": 3, "day-14": 2, "day-07": 3}[wolf]
    put_wolf(data, "S", wolf, damage=card_health - 1)
    data["hunters"][0].update(hunter)
    return play(load(data), "take green4", "write rifle", "rifle S")


def test_enhance_a_named_stat() -> None:
    state = rifle_kill("day-01")
    assert state.hunters[0]["stats"]["knife"] == 2 and state.discard["day"] == ["day-01"]


def test_enhance_any_stat_is_the_killers_choice() -> None:
    state = rifle_kill("day-06")
    assert legal(state) == ["bonus knife", "bonus rifle", "bonus traps"]
    play(state, "bonus traps")
    assert state.hunters[0]["stats"]["traps"] == 2


def test_heal_player_outlines_two_hearts() -> None:
    state = rifle_kill("day-13", hearts=5, dashed=8)
    assert (state.hunters[0]["hearts"], state.hunters[0]["dashed"]) == (7, 6)


def test_heal_player_outlines_only_as_many_hearts_as_are_dashed() -> None:
    state = rifle_kill("day-13", hearts=5, dashed=1)
    assert (state.hunters[0]["hearts"], state.hunters[0]["dashed"]) == (6, 0)


def test_enhance_any_leaves_out_a_full_track() -> None:
    state = rifle_kill("day-06", stats={"knife": 8, "rifle": 4, "traps": 1})
    assert legal(state) == ["bonus rifle", "bonus traps"]


def test_heal_dog_clears_one_dog_of_the_killers_choice() -> None:
    data = position()
    put_wolf(data, "S", "day-14", damage=1)
    data["dogs"].update({"dog-n": 2, "dog-e": 1})
    state = play(load(data), "take green4", "write rifle", "rifle S")
    assert legal(state) == ["bonus dog-e", "bonus dog-n"]
    play(state, "bonus dog-n")
    assert state.dogs["dog-n"] == 0 and state.dogs["dog-e"] == 1


def test_reset_line_goes_after_the_last_number_of_a_chosen_row() -> None:
    data = position()
    data["hunters"][0]["rows"]["knife"] = [6]
    put_wolf(data, "S", "day-07", damage=2)
    state = play(load(data), "take green4", "write rifle", "rifle S")
    assert legal(state) == ["reset knife", "reset rifle"]
    play(state, "reset knife")
    assert state.hunters[0]["resets"]["knife"] == [1]


def test_a_reset_line_is_not_drawn_twice_in_the_same_place() -> None:
    data = position()
    data["hunters"][0]["rows"].update(knife=[6], samovar=[3])
    data["hunters"][0]["resets"]["knife"] = [1]  # the knife row already has a line after its last number
    put_wolf(data, "S", "day-07", damage=2)
    state = play(load(data), "take green4", "write rifle", "rifle S")
    assert legal(state) == ["reset rifle", "reset samovar"]


def test_a_trap_kill_earns_nothing() -> None:
    data = position()
    data.update(step="choose")
    data["decks"]["day"]["top"] = "N"
    data["traps"] = {"N": [["trap-6", 5]]}
    state = play(load(data), "turn", "face day-01", "back N")
    assert state.discard["day"] == ["day-01"] and state.hunters[0]["stats"]["knife"] == 1
