"""Rulebook section "Setup": characters, stats and start spaces, the Pack Leader, dice, three Day Wolves, elders."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wolfpack import CHANCE
from wolfpack.games.hunt.state import HuntState

from .helpers import new_game, outcomes, play


def setup_until_wolves(players: int = 2, difficulty: str = "normal") -> HuntState:
    """Deal Joanna and Jack, Pack Leader 4, and roll the seven dice 1 to 6, 1."""
    state = new_game(players, difficulty).new_initial_state()
    play(state, "character joanna", "character jack", *(["character nadia"] if players > 2 else []))
    play(state, "leader leader-4", *(f"roll {v}" for v in (1, 2, 3, 4, 5, 6, 1)))
    return state


def test_each_hunter_gets_a_random_character_no_two_alike() -> None:
    state = new_game(3).new_initial_state()
    assert state.current_player() == CHANCE
    first = outcomes(state)
    assert len(first) == 6 and all(Fraction(p).limit_denominator(10) == Fraction(1, 6) for p in first.values())
    play(state, "character jack")
    second = outcomes(state)
    assert "character jack" not in second and len(second) == 5


def test_a_side_sets_starting_stats_and_space() -> None:
    state = setup_until_wolves()
    joanna, jack = state.hunters
    assert (joanna["space"], joanna["stats"]) == ("N-NE", {"knife": 1, "rifle": 4, "traps": 1})
    assert (jack["space"], jack["stats"]) == ("E-SE", {"knife": 4, "rifle": 1, "traps": 1})
    assert state.stat(1, "knife") == 3  # step 4 of the knife track reads 3


def test_pack_leader_is_drawn_face_up_and_set_aside() -> None:
    state = new_game(1).new_initial_state()
    play(state, "character joanna")
    assert sorted(outcomes(state)) == [f"leader leader-{n}" for n in range(1, 9)]
    play(state, "leader leader-6")
    assert state.leader == "leader-6" and state.leader_location() is None


def test_seven_dice_are_rolled_into_the_pool() -> None:
    state = setup_until_wolves()
    assert {c: d[0] for c, d in state.dice.items()} == {
        "red": 1,
        "green": 2,
        "yellow": 3,
        "purple": 4,
        "black": 5,
        "blue": 6,
        "white": 1,
    }
    assert state.pool() == ["red", "green", "yellow", "purple", "black", "blue", "white"]


def test_three_day_wolves_go_where_the_next_cards_back_says() -> None:
    state = setup_until_wolves()
    assert outcomes(state) == {f"face day-{n:02}": 1 / 16 for n in range(1, 17)}
    play(state, "face day-01")
    # the back of the new top card: two cards of the fifteen left show each location, but N only one
    backs = outcomes(state)
    assert backs["back N"] == pytest.approx(1 / 15) and backs["back NE"] == pytest.approx(2 / 15)
    play(state, "back SE")
    assert state.wolves["SE"]["id"] == "day-01"
    # the next face is one of the cards whose back shows SE
    assert sorted(outcomes(state)) == ["face day-04", "face day-12"]
    play(state, "face day-12", "back SE")
    assert state.wolves["S"]["id"] == "day-12"  # SE is taken: the next vacant location clockwise


def test_setup_ends_with_three_wolves_and_the_first_turn_drawing_a_fourth() -> None:
    state = setup_until_wolves()
    play(state, "face day-01", "back E", "face day-03", "back NE", "face day-02", "back N")
    assert sorted(state.wolves) == ["E", "N", "NE"]
    assert state.phase == "players" and state.active == 0 and state.turns == [1, 0]
    assert state.tasks[-1] == ["face", "day"]  # seat 0's first turn has begun with a new wolf
    assert state.decks["day"]["top"] == "N"


@pytest.mark.parametrize(("difficulty", "elders", "free"), [("easy", 3, 3), ("normal", 2, 2), ("hard", 1, 1)])
def test_difficulty_sets_elders_and_starting_free_actions(difficulty: str, elders: int, free: int) -> None:
    state = new_game(2, difficulty).new_initial_state()
    assert state.elders == elders
    assert sum(state.hunters[0]["free"].values()) == free


def test_four_dogs_on_the_map_and_one_in_the_supply() -> None:
    state = new_game(1).new_initial_state()
    assert state.dogs == {"dog-n": 0, "dog-e": 0, "dog-s": 0, "dog-w": 0}
    assert state.dog_supply == 1
