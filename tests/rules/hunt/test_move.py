"""Rulebook sections "Move", "Rocks", "The River": lines crossed, rock costs, river damage, free spaces, pins."""

from __future__ import annotations

from .helpers import legal, load, play, position, put_wolf, refused


def solo(character: str = "joanna", **dice: int) -> dict:
    data = position(characters=(character,))
    for colour, value in dice.items():
        data["dice"][colour][0] = value
    return data


def test_rulebook_example_rocks_make_south_south_east_a_distance_of_four() -> None:
    data = solo(black=6, green=5, white=4, red=3)
    for die in ("black6", "green5", "white4"):
        assert "move SE-S cw" in legal(play(load(data), f"take {die}"), "move")
    assert "move SE-S cw" not in legal(play(load(data), "take red3"), "move")


def test_one_pip_crosses_one_line_either_way_round_the_ring() -> None:
    state = play(load(solo(red=1)), "take red1")
    assert legal(state, "move") == ["move NE-E cw", "move NW-N ccw"]


def test_a_rocky_space_costs_an_extra_point_to_enter() -> None:
    state = play(load(solo(red=2)), "take red2")
    assert legal(state, "move") == ["move NE-E cw", "move NW-N ccw"]  # E-SE and W-NW (rocks) cost 3
    state = play(load(solo(red=3)), "take red3")
    assert legal(state, "move") == ["move E-SE cw", "move NE-E cw", "move NW-N ccw", "move W-NW ccw"]


def test_the_centre_is_never_crossed_so_the_far_side_is_out_of_reach_of_a_short_move() -> None:
    state = play(load(solo(red=4)), "take red4")
    assert "move S-SW cw" not in legal(state, "move") and "move S-SW ccw" not in legal(state, "move")
    assert refused(state, "move S-SW cw").rule == "move"


def test_crossing_the_river_costs_a_heart() -> None:
    state = play(load(solo("nadia", red=1)), "take red1", "move SW-W cw")
    assert state.hunters[0]["space"] == "SW-W" and state.hunters[0]["hearts"] == 7


def test_moving_away_from_the_river_costs_nothing() -> None:
    state = play(load(solo("nadia", red=1)), "take red1", "move SE-S ccw")
    assert state.hunters[0]["hearts"] == 8


def test_a_move_ends_on_a_free_space_but_may_pass_a_hunter() -> None:
    data = position(players=2, characters=("joanna", "ruth"))  # Ruth stands on NE-E
    data["dice"]["red"][0] = 3
    state = play(load(data), "take red3")
    moves = legal(state, "move")
    assert "move NE-E cw" not in moves and "move E-SE cw" in moves


def test_moving_is_optional_and_once_a_turn() -> None:
    state = play(load(solo(red=2)), "take red2", "write knife")
    assert "end" in legal(state)
    play(state, "move NE-E cw")
    assert legal(state, "move") == [] and refused(state, "move N-NE ccw").rule == "move"


def test_a_pinning_wolf_beside_the_hunter_forbids_moving() -> None:
    data = solo(red=6)
    put_wolf(data, "NE", "day-05")
    state = play(load(data), "take red6")
    assert legal(state, "move") == []
    assert refused(state, "move NW-N ccw").rule == "pinned"


def test_a_hunter_must_stop_on_entering_a_space_beside_a_pinning_wolf() -> None:
    data = solo(red=6)
    put_wolf(data, "E", "day-05")
    state = play(load(data), "take red6")
    assert [m for m in legal(state, "move") if m.endswith(" cw")] == ["move NE-E cw"]


def test_a_hunter_on_the_space_where_a_pin_stops_the_move_blocks_the_way() -> None:
    data = position(players=2, characters=("joanna", "ruth"))  # Ruth stands on NE-E, beside E
    put_wolf(data, "E", "day-05")
    state = play(load(data), "take red5")  # without the pin Joanna could pass Ruth to E-SE or SE-S
    assert [m for m in legal(state, "move") if m.endswith(" cw")] == []
    assert refused(state, "move E-SE cw").rule == "move"


def test_an_outwitted_pinning_wolf_pins_nobody() -> None:
    data = solo(red=1)
    put_wolf(data, "NE", "day-05", outwit=True)
    assert legal(play(load(data), "take red1"), "move") == ["move NE-E cw", "move NW-N ccw"]
