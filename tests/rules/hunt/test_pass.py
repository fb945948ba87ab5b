"""Rulebook section "A. Pass?" and the order of turns: pass only after a turn; all dice taken ends the phase."""

from __future__ import annotations

from .helpers import legal, load, play, position, refused


def test_the_first_turn_of_a_round_cannot_be_passed() -> None:
    data = position(players=2)
    data.update(step="choose", turns=[0, 0])
    state = load(data)
    assert state.turns == [1, 0] and state.tasks[-1] == ["face", "day"]  # the turn began without a choice


def test_from_the_second_turn_a_hunter_chooses_to_pass_or_play() -> None:
    data = position(players=2)
    data.update(step="choose", turns=[1, 1])
    state = load(data)
    assert legal(state, "pass") + legal(state, "turn") == ["pass", "turn"]


def test_turns_go_clockwise_from_seat_to_seat() -> None:
    data = position(players=3)
    state = play(load(data), "take red5", "write knife", "end")
    assert state.active == 1 and state.tasks[-1] == ["face", "day"]  # seat 1's first turn begins at once


def test_a_hunter_who_passed_takes_no_more_turns_this_round() -> None:
    data = position(players=2)
    data.update(step="choose", turns=[1, 1])
    state = play(load(data), "pass")
    assert state.passed == [True, False] and state.active == 1 and state.step == "choose"
    play(state, "turn", "face day-01", "back E", "take red5", "write knife", "end")
    assert state.active == 1 and state.step == "choose"  # seat 0 passed: seat 1 again


def test_when_everyone_has_passed_the_wolves_attack() -> None:
    data = position(players=1)
    data.update(step="choose")
    state = play(load(data), "pass")
    assert state.phase == "wolves"
    assert state.is_chance_node() and state.tasks[-1] == ["roll", "red"]  # no wolves: straight to the new roll


def test_when_all_dice_are_taken_everyone_still_in_must_pass() -> None:
    data = position(players=3)
    data.update(step="choose", turns=[2, 3, 2])
    for seat, colours in enumerate((("red", "green"), ("yellow", "purple", "black"), ("blue", "white"))):
        for colour in colours:
            data["dice"][colour] = [3, f"hunter{seat}"]
    state = load(data)  # seat 0 holds two dice, but the pool is empty
    assert state.passed == [True, True, True] and state.phase == "wolves"


def test_pass_is_refused_once_the_turn_has_begun() -> None:
    error = refused(load(position()), "pass")
    assert error.rule == "pass"


def three_dice_on_seat_0() -> dict:
    """Seat 0's fourth turn of the round would begin: red, green and yellow lie on its three printed dice."""
    data = position(players=2)
    data.update(step="choose", turns=[3, 2])
    for colour, where in (("red", 0), ("green", 0), ("yellow", 0), ("purple", 1), ("black", 1)):
        data["dice"][colour][1] = f"hunter{where}"
    return data


def test_a_hunter_holding_three_dice_passes_without_being_asked() -> None:
    data = three_dice_on_seat_0()
    data["hunters"][0]["mains"] = {"knife": 1}  # an unlocked main action is used in a turn: it gives none
    state = load(data)
    assert state.passed == [True, False] and state.active == 1 and state.step == "choose"
    assert not [a for a in state.legal_actions(0) if a.startswith(("extra", "take", "turn"))]
    assert legal(state, "pass") + legal(state, "turn") == ["pass", "turn"]  # seat 1 holds two: its choice


def test_a_hunter_who_passed_with_three_dice_may_still_use_free_actions() -> None:
    state = load(three_dice_on_seat_0())
    assert state.passed[0] and state.is_simultaneous_node()
    assert "modify blue1 up" in legal(state, "modify", seat=0) and legal(state, "reroll", seat=0)
