"""Rulebook section "Endgame": the Pack Leader arrives, follows each Night Wolf, attacks after every turn."""

from __future__ import annotations

from .helpers import legal, load, outcomes, play, position, put_wolf


def endgame(round_number: int = 5, turns: int = 0) -> dict:
    """Solo, round `round_number`, seat 0's turn about to begin (turn `turns` + 1 of the round)."""
    data = position()
    data.update(round=round_number, step="choose", turns=[turns])
    return data


def test_rounds_five_and_six_draw_night_wolves() -> None:
    state = load(endgame())
    assert state.round_kind() == "endgame" and all(o.startswith("face night-") for o in outcomes(state))


def test_the_pack_leader_arrives_at_the_next_free_location_after_the_first_night_wolf() -> None:
    data = endgame()
    put_wolf(data, "SE", "night-15")
    state = play(load(data), "face night-01", "back E")
    assert state.wolves["E"]["id"] == "night-01" and state.wolves["S"]["id"] == "leader-4"


def test_the_pack_leader_springs_traps_where_it_arrives() -> None:
    data = endgame()
    data["leader"] = "leader-1"
    data["traps"] = {"SE": [["trap-6", 5]]}
    state = play(load(data), "face night-01", "back E")
    assert state.wolves["SE"] == {"id": "leader-1", "damage": 5, "outwit": False}


def test_after_that_it_follows_each_night_wolf_to_the_next_free_location() -> None:
    data = endgame(turns=1)
    put_wolf(data, "S", "leader-4", damage=3)
    state = play(load(data), "turn", "face night-01", "back W")
    assert state.wolves["W"]["id"] == "night-01"
    assert state.wolves["NW"] == {"id": "leader-4", "damage": 3, "outwit": False}
    assert "S" not in state.wolves


def test_with_nowhere_else_to_go_it_returns_to_its_own_location_springing_traps() -> None:
    data = endgame(turns=1)
    data["leader"] = "leader-1"
    put_wolf(data, "S", "leader-1")
    for location, wolf in zip(
        ["N", "NE", "E", "SE", "SW", "W"],
        ["night-02", "night-03", "night-05", "night-06", "night-07", "night-08"],
        strict=True,
    ):
        put_wolf(data, location, wolf)
    data["traps"] = {"S": [["trap-1", 2]]}
    state = play(load(data), "turn", "face night-01", "back NW")
    assert state.wolves["NW"]["id"] == "night-01"
    assert state.wolves["S"]["id"] == "leader-1" and state.wolves["S"]["damage"] == 2


def test_a_pack_leader_that_cannot_arrive_deals_one_damage_to_everyone() -> None:
    data = endgame()
    wolves = ["night-02", "night-03", "night-05", "night-06", "night-07", "night-08", "night-09", "night-10"]
    for location, wolf in zip(["N", "NE", "E", "SE", "S", "SW", "W", "NW"], wolves, strict=True):
        put_wolf(data, location, wolf)
    state = load(data)
    assert state.hunters[0]["hearts"] == 8 - 1 - 1  # one for the Night Wolf, one for the Pack Leader
    assert state.leader_location() is None


def test_the_pack_leader_attacks_an_adjacent_target_at_the_end_of_every_turn() -> None:
    data = endgame(turns=1)
    data["step"] = "action"
    put_wolf(data, "N", "leader-4")
    data["hunters"][0]["rows"]["knife"] = [1]
    state = play(load(data), "take red5", "write knife", "end")
    assert state.tasks[-1] == ["target", "N"]
    assert legal(state) == ["target dog dog-n", "target elder", "target hunter0"]
    play(state, "target hunter0")
    assert state.hunters[0]["hearts"] == 9 - 2  # (the knife row's second box healed one)
    assert state.step == "choose"


def test_the_pack_leader_cannot_be_outwitted() -> None:
    data = endgame(turns=1)
    data["step"] = "action"
    put_wolf(data, "N", "leader-4")
    state = play(load(data), "take blue1", "write outwit")
    assert legal(state, "outwit") == []
