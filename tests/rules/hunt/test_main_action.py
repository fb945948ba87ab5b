"""Rulebook section "Main Action" and "Unlocked Actions": writing the die, when it grants the action, unlocks."""

from __future__ import annotations

from .helpers import legal, load, play, position, refused


def test_a_coloured_die_is_written_in_its_own_row() -> None:
    state = play(load(position()), "take red5")
    assert legal(state, "write") == ["write knife"]
    assert refused(state, "write rifle").rule == "die colour"


def test_the_white_die_is_wild() -> None:
    state = play(load(position()), "take white4")
    assert legal(state, "write") == sorted(
        f"write {row}" for row in ("knife", "rifle", "trap", "power", "samovar", "outwit")
    )


def test_the_number_goes_in_the_leftmost_free_box() -> None:
    data = position()
    data["hunters"][0]["rows"]["knife"] = [2, 3]
    state = play(load(data), "take red5", "write knife")
    assert state.hunters[0]["rows"]["knife"] == [2, 3, 5]


def test_the_main_action_is_granted_for_a_number_at_least_the_one_before() -> None:
    data = position()
    data["hunters"][0]["rows"]["samovar"] = [6]
    state = play(load(data), "take black6", "write samovar")
    assert legal(state, "samovar") == ["samovar knife", "samovar rifle", "samovar traps"]


def test_a_lower_number_unlocks_bonuses_but_grants_no_main_action() -> None:
    data = position()
    data["hunters"][0]["rows"]["samovar"] = [6]
    data["dice"]["black"][0] = 5
    state = play(load(data), "take black5", "write samovar")
    assert legal(state, "samovar") == []
    assert state.hunters[0]["free"]["modify"] == 2  # box 2 of the samovar row unlocks a Modify
    assert refused(state, "samovar knife").rule == "main action"


def test_a_reset_line_lets_any_number_follow_it() -> None:
    data = position()
    data["hunters"][0]["rows"]["samovar"] = [6]
    data["hunters"][0]["resets"]["samovar"] = [1]
    data["dice"]["black"][0] = 1
    state = play(load(data), "take black1", "write samovar")
    assert legal(state, "samovar") != []


def test_writing_is_required_before_the_turn_ends() -> None:
    state = play(load(position()), "take red5")
    assert "end" not in legal(state)
    assert refused(state, "end").rule == "write"


def test_a_full_row_cannot_take_the_die_and_the_turn_may_end() -> None:
    data = position()
    data["hunters"][0]["rows"]["knife"] = [1] * 8
    state = play(load(data), "take red5")
    assert legal(state, "write") == [] and "end" in legal(state)


def test_unlocked_health_is_used_at_once() -> None:
    data = position()
    data["hunters"][0]["rows"]["knife"] = [1]
    state = play(load(data), "take red5", "write knife")  # box 2 of the knife row: health
    assert (state.hunters[0]["hearts"], state.hunters[0]["dashed"]) == (9, 7)


def test_unlocked_health_outlines_nothing_without_a_dashed_heart() -> None:
    data = position()
    data["hunters"][0].update(hearts=5, dashed=0)
    data["hunters"][0]["rows"]["knife"] = [1]
    state = play(load(data), "take red5", "write knife")  # box 2 of the knife row: health
    assert (state.hunters[0]["hearts"], state.hunters[0]["dashed"]) == (5, 0)


def test_an_unlocked_main_action_is_used_later_and_only_once() -> None:
    data = position()
    data["hunters"][0]["rows"]["knife"] = [1, 1]
    state = play(load(data), "take red5", "write knife")  # box 3 of the knife row: an outwit main action
    assert state.hunters[0]["mains"] == {"outwit": 1}
    data = position()
    data["hunters"][0]["mains"] = {"samovar": 1}
    state = load(data)
    assert legal(state, "extra") == ["extra samovar knife", "extra samovar rifle", "extra samovar traps"]
    play(state, "extra samovar knife")
    assert legal(state, "extra") == [] and state.hunters[0]["stats"]["knife"] == 2
    assert refused(state, "extra samovar knife").rule == "unlocked main action"


def test_the_main_action_is_optional() -> None:
    state = play(load(position()), "take black6", "write samovar", "end")
    assert state.hunters[0]["stats"] == {"knife": 1, "rifle": 4, "traps": 1}
