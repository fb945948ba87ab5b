"""Rulebook section "Endgame": the Pack Leader arrives, follows each Night Wolf, attacks after every turn."""

from __future__ import annotations

from pathlib import Path

import wolfpack

from .helpers import GAME, PACK, legal, load, outcomes, play, position, put_wolf, refused


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


def test_a_pack_leader_that_cannot_arrive_tries_again_after_every_night_wolf() -> None:
    data = endgame()
    data["hunters"][0]["mains"] = {"rifle": 1}
    for location, wolf in zip(["N", "NE", "E", "SE"], ["night-03", "night-04", "night-06", "night-07"], strict=True):
        put_wolf(data, location, wolf)
    put_wolf(data, "S", "night-01", damage=4)  # these three die to one rifle shot of Joanna's (4)
    put_wolf(data, "SW", "night-14", damage=4)
    put_wolf(data, "W", "night-05", damage=3)
    state = play(load(data), "face night-15", "back NW")  # the first Night Wolf fills the last location
    assert state.leader_location() is None and state.hunters[0]["hearts"] == 8 - 1
    play(state, "take green4", "write rifle", "rifle S", "end")  # Joanna frees S
    play(state, "turn", "face night-16", "back S")  # the next Night Wolf fills S: the Pack Leader fails again
    assert state.wolves["S"]["id"] == "night-16" and state.leader_location() is None
    assert state.hunters[0]["hearts"] == 8 - 2
    play(state, "take white4", "write rifle", "rifle SW", "extra rifle W", "end")  # two locations freed
    play(state, "turn", "face night-13", "back E")  # the next Night Wolf takes SW, the first free one after E
    assert state.wolves["SW"]["id"] == "night-13" and state.leader_location() == "W"
    assert state.hunters[0]["hearts"] == 8 - 2  # arriving costs nothing


def test_moving_does_not_repeat_the_pack_leaders_arrival_ability(tmp_path: Path) -> None:
    # The frozen pack has no Pack Leader with a visible on-arrival ability: one like it where Frostfang's first
    # strike acts on arrival (1 damage to the hunters beside it and to the dog facing it).
    cards = (PACK / "wolves.toml").read_text()
    frostfang = 'ability = { kind = "first_strike", timing = "end_of_round" }\nback = "W"'
    assert cards.count(frostfang) == 1
    (tmp_path / "wolves.toml").write_text(cards.replace(frostfang, frostfang.replace("end_of_round", "arrival")))
    game = wolfpack.load_game(GAME, players=1, content=str(tmp_path))
    data = endgame()
    data["leader"] = "leader-7"
    state = play(game.state_from_position(data), "face night-01", "back NW")
    assert state.leader_location() == "N" and state.hunters[0]["hearts"] == 8 - 1  # it arrives beside Joanna
    data = endgame(turns=1)
    data["leader"] = "leader-7"
    put_wolf(data, "E", "leader-7")
    state = play(game.state_from_position(data), "turn", "face night-01", "back N")
    assert state.leader_location() == "NE"  # it moves beside Joanna: no first strike this time
    assert state.hunters[0]["hearts"] == 8 and state.dogs["dog-n"] == 0


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


def test_the_holder_of_the_cross_chooses_the_pack_leaders_target() -> None:
    data = position(players=3)
    data.update(round=5, cross=2, active=0, turns=[2, 1, 2])  # seat 2 holds the cross; seat 0 plays, seat 1 is next
    put_wolf(data, "N", "leader-4")
    state = play(load(data), "take red5", "write knife", "end", seat=0)
    assert state.tasks[-1] == ["target", "N"] and state.active == 1 and state.current_player() == 2
    assert legal(state, seat=2) == ["target dog dog-n", "target elder", "target hunter0"]
    assert refused(state, "target hunter0", seat=0).rule == "turn"
    assert refused(state, "target hunter0", seat=1).rule == "turn"
    hearts = state.hunters[0]["hearts"]
    play(state, "target hunter0", seat=2)
    assert state.hunters[0]["hearts"] == hearts - 2


def test_the_pack_leader_cannot_be_outwitted() -> None:
    data = endgame(turns=1)
    data["step"] = "action"
    put_wolf(data, "N", "leader-4")
    state = play(load(data), "take blue1", "write outwit")
    assert legal(state, "outwit") == []
