"""Rulebook chapter 4, "Movements": steps to any of the eight squares around, never across an obstacle, one unit to a
square; a hero moves up to one die (Miss Q one more), a werewolf unit 0 to 3, a transformed hero up to 6; an
invisible unit passes through units in its next turn."""

from __future__ import annotations

import pytest

from .helpers import clear_wolves, hero_turn, legal, load, pack_turn, play, position, put, refused, squares

GARDEN_K19_TWO = {
    *("i18", "j18", "k18", "l18", "m18", "i19", "j19", "l19", "m19"),
    *("i20", "j20", "l20", "m20", "i21", "j21", "k21", "l21"),
}
"""The squares two steps from k19 in the garden with a she-wolf on k20 (m21 is a log)."""


def garden(hero: str = "jack", square: str = "k19", *wolves: str) -> dict:
    """`hero` about to roll on `square`; only the `wolves` named are left (she-wolf-3 stands on k20), and she-wolf-2
    far away on j1 (a game with no werewolf left would be over)."""
    data = position()
    clear_wolves(data, "she-wolf-2", *wolves)
    put(data, "jack", "b19")
    put(data, hero, square)
    hero_turn(data, hero, "roll")
    return data


def test_a_hero_rolls_one_die_for_his_move() -> None:
    state = load(position())
    assert state.is_chance_node()
    assert dict(state.chance_outcomes()) == {f"roll {n}": pytest.approx(1 / 6) for n in range(1, 7)}


def test_a_hero_moves_up_to_his_roll_in_any_direction_around_obstacles() -> None:
    state = play(load(garden("jack", "k19", "she-wolf-3")), "roll 2")
    assert legal(state)[-1] == "stay"
    assert squares(state) == GARDEN_K19_TWO


def test_a_roll_of_one_reaches_the_eight_squares_around_but_walls_and_barricades() -> None:
    state = play(load(garden("jack", "h18")), "roll 1")  # g17 and h17 are walls, i17 a barricade
    assert legal(state) == ["move g18", "move g19", "move h19", "move i18", "move i19", "stay"]
    assert refused(state, "move i17").rule == "4 Movements"


def test_a_hero_may_stay_where_he_is() -> None:
    state = play(load(garden("jack", "h18")), "roll 6", "stay")
    assert state.heroes["jack"]["square"] == "h18" and state.step == "action"


def test_a_unit_is_an_obstacle_and_nobody_stops_on_its_square() -> None:
    data = garden("miss-q", "g11", "she-wolf-1")
    put(data, "she-wolf-1", "g10")  # the Hall-Kitchen doorway
    state = play(load(data), "roll 5")
    assert "g10" not in squares(state)
    assert not any(s.endswith("9") or s.endswith("8") for s in squares(state))  # the Kitchen is out of reach


def test_the_doorway_leads_into_the_kitchen_when_it_is_free() -> None:
    state = play(load(garden("miss-q", "g11")), "roll 1")  # Miss Q: 1 + 1 for Speed
    assert {"g10", "f9", "g9", "h9"} <= squares(state)


def test_a_barricade_is_an_obstacle() -> None:
    data = garden("miss-q", "g11")
    data["barricades"].append("g10")
    data["barricades"].remove("d6")
    state = play(load(data), "roll 5")
    assert not any(s.endswith("9") for s in squares(state))


def test_furniture_trees_and_other_garden_obstacles_block_movement() -> None:
    state = play(load(garden("jack", "w13")), "roll 1")  # x13 and w14 are bins
    assert squares(state) == {"v12", "w12", "x12", "v13", "v14", "x14"}


def test_a_diagonal_step_between_two_obstacles_is_allowed() -> None:
    """Interpretation 8: x14 is reached from w13 between the bins on x13 and w14."""
    state = play(load(garden("jack", "w13")), "roll 1")
    assert "move x14" in legal(state)


def test_miss_q_speed_adds_one_to_her_roll() -> None:
    miss_q = play(load(garden("miss-q", "k19", "she-wolf-3")), "roll 1")
    assert squares(miss_q) == GARDEN_K19_TWO
    jack = play(load(garden("jack", "k19", "she-wolf-3")), "roll 1")
    assert len(squares(jack)) == 7  # k18, j18, l18, j19, l19, j20, l20


def test_miss_q_may_use_less_than_her_speed() -> None:
    state = play(load(garden("miss-q", "k19", "she-wolf-3")), "roll 1")
    assert {"k18", "j19", "stay"} <= {a.split()[-1] for a in legal(state)}


def test_a_werewolf_unit_moves_zero_to_three_squares() -> None:
    data = position()
    clear_wolves(data, "she-wolf-3")
    put(data, "she-wolf-3", "k19")
    pack_turn(data)
    state = load(data)
    reach = {a.split()[1] for a in legal(state, "she-wolf-3 ")}
    assert "k19" in reach  # staying put is a move of 0
    assert {"k22", "n19", "h19", "k16"} - reach == {"k16"}  # three steps, but not through the wall
    assert not {"k23", "o19", "g19"} & reach  # four steps is too far
    assert legal(state) == sorted(["end", *(f"she-wolf-3 {s}" for s in reach)])


def test_each_werewolf_unit_moves_once_a_turn() -> None:
    data = position()
    clear_wolves(data, "she-wolf-3", "boss")
    pack_turn(data)
    state = play(load(data), "she-wolf-3 k19", "done")
    assert state.step == "pack" and state.acted == ["she-wolf-3"]
    assert {a.split()[0] for a in legal(state)} == {"boss", "end"}


def test_a_transformed_hero_moves_up_to_six_without_rolling() -> None:
    """Interpretation 6."""
    data = garden("jack", "k19", "she-wolf-3")
    data["heroes"]["jack"]["transformed"] = True
    data["heroes"]["jack"]["wolf_cards"][0][0] = "black"
    hero_turn(data, "zord")
    state = play(load(data), "end")  # zord's turn ends ... the pack's turn, then round 2
    play(state, "end")
    assert state.turn == "jack" and state.step == "move"
    assert state.pending == {"unit": "jack", "limit": 6, "through": False, "then": "action"}
    assert "move k13" not in legal(state) and "move q19" in legal(state) and "move r19" not in legal(state)


def test_an_invisible_unit_is_no_obstacle_but_nobody_stops_on_it() -> None:
    data = garden("miss-q", "g11", "she-wolf-1")
    put(data, "she-wolf-1", "g10")
    data["wolves"]["she-wolf-1"]["invisible"] = 1
    state = play(load(data), "roll 1")
    assert "g10" not in squares(state) and "g9" in squares(state)


def test_an_intoxicated_unit_is_no_obstacle_but_nobody_stops_on_it() -> None:
    data = garden("miss-q", "g11", "she-wolf-1")
    put(data, "she-wolf-1", "g10")
    data["wolves"]["she-wolf-1"]["intoxicated"] = True
    state = play(load(data), "roll 1")
    assert "g10" not in squares(state) and "g9" in squares(state)


def test_in_his_turn_after_going_invisible_other_units_are_no_obstacle_to_him() -> None:
    data = garden("norbert", "g11", "she-wolf-1")
    put(data, "she-wolf-1", "g10")
    data["heroes"]["norbert"]["invisible"] = 1
    state = play(load(data), "roll 2")
    assert "g10" not in squares(state) and "g9" in squares(state)


def test_barricades_stay_obstacles_to_an_invisible_unit() -> None:
    data = garden("norbert", "g11")
    data["barricades"] = [b for b in data["barricades"] if b != "d6"] + ["g10"]
    data["heroes"]["norbert"]["invisible"] = 1
    state = play(load(data), "roll 2")
    assert not any(s.endswith("9") for s in squares(state))
