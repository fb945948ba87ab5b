"""Rulebook section "Player Power" (the purple die) with our six character powers (characters.toml B sides)."""

from __future__ import annotations

from .helpers import legal, load, play, position, put_wolf


def hunter(character: str, *wolves: tuple[str, str], players: int = 1) -> dict:
    """`character` in seat 0 of a game of `players`, with a purple 2 to take, and these wolves."""
    others = tuple(c for c in ("joanna", "jack", "nadia", "viktor", "ruth", "emil") if c != character)
    data = position(players=players, characters=(character, *others))
    for location, wolf in wolves:
        put_wolf(data, location, wolf)
    return data


def powered(data: dict) -> object:
    return play(load(data), "take purple2", "write power", seat=0)


def test_long_shot_hits_any_wolf_with_the_rifle_plus_one() -> None:
    state = powered(hunter("joanna", ("N", "night-16"), ("S", "night-15")))
    assert legal(state, "power") == ["power N", "power S"]
    play(state, "power N")
    assert state.wolves["N"]["damage"] == 3 + 1 + 1  # Rifle 3, the power's 1, North/North-East's 1


def test_charge_moves_then_knifes_and_nothing_strikes_back() -> None:
    state = powered(hunter("jack", ("S", "night-16")))
    assert "power SE-S cw S" in legal(state, "power")
    play(state, "power SE-S cw S")
    assert state.hunters[0]["space"] == "SE-S"
    assert state.wolves["S"]["damage"] == 3 + 1 and state.hunters[0]["hearts"] == 8


def test_charge_without_moving() -> None:
    state = powered(hunter("jack", ("E", "night-16")))
    play(state, "power E")
    assert state.wolves["E"]["damage"] == 3 and state.hunters[0]["space"] == "E-SE"


def test_charge_is_a_move_only_where_no_wolf_is_adjacent_after_it() -> None:
    state = powered(hunter("jack", ("S", "night-16")))  # Jack on E-SE: no wolf beside him yet
    forms = legal(state, "power")
    assert "power SE-S cw" not in forms and "power SE-S cw S" in forms  # beside S it must knife
    assert "power NE-E ccw" in forms  # nothing beside NE-E: a move only
    play(state, "power NE-E ccw")
    assert state.hunters[0]["space"] == "NE-E" and state.wolves["S"]["damage"] == 0
    assert state.hunters[0]["hearts"] == 8


def test_snare_places_traps_anywhere_and_springs_at_once_under_a_wolf() -> None:
    state = powered(hunter("nadia", ("N", "night-16")))
    assert "power N=trap-6:3 E=trap-5:3" in legal(state, "power")
    play(state, "power N=trap-6:3 E=trap-5:3")
    assert state.wolves["N"]["damage"] == 3 and state.traps == {"E": [["trap-5", 3]]}


def test_snare_gets_neither_the_space_bonus_nor_an_assist() -> None:
    data = hunter("nadia", players=2)
    data["hunters"][0].update(space="SW-W", mains={"trap": 1})  # Traps 3, +1 on SW-W; an unlocked trap action
    data["hunters"][1]["free"]["assist"] = 1

    def highest_snare(state: object) -> int:
        return max(int(part.rpartition(":")[2]) for form in legal(state, "power") for part in form.split()[1:])

    state = powered(data)
    assert highest_snare(state) == 3
    play(state, "assist", seat=1)  # offered for the unlocked trap action
    assert highest_snare(state) == 3
    play(state, "power N=trap-1:1", seat=0)
    assert "extra trap W=trap-6:5" in legal(state, "extra")  # the assist is left for the trap action: 3 + 1 + 1


def test_hounds_may_bring_the_fifth_dog_and_every_dog_bites_a_wolf_it_faces() -> None:
    data = hunter("viktor", ("N", "night-16"), ("NE", "night-03"), ("S", "night-15"))
    data["dogs"]["dog-s"] = None
    state = powered(data)
    assert legal(state, "power") == [
        "power bite N",
        "power bite NE",
        "power place dog-s bite N S",
        "power place dog-s bite NE S",
    ]
    play(state, "power place dog-s bite NE S")
    assert state.dogs["dog-s"] == 0 and state.dog_supply == 0
    assert state.wolves["NE"]["damage"] == 1 and state.wolves["S"]["damage"] == 1  # immune to knife: bitten
    assert state.dogs["dog-n"] == 0  # bitten wolves do not bite back


def test_field_medicine_shares_three_hearts_as_far_as_dashed_hearts_allow() -> None:
    data = hunter("ruth", players=2)
    data["hunters"][1]["dashed"] = 1
    state = powered(data)
    assert legal(state, "power") == ["power hunter0:2 hunter1:1", "power hunter0:3"]
    play(state, "power hunter0:2 hunter1:1", seat=0)
    assert [h["hearts"] for h in state.hunters] == [10, 9]


def test_lure_moves_an_adjacent_wolf_one_location_and_springs_traps_there() -> None:
    data = hunter("emil", ("N", "night-16"))
    data["traps"] = {"NE": [["trap-6", 5]]}
    state = powered(data)
    assert legal(state, "power") == ["power N>NE", "power N>NW"]
    play(state, "power N>NE")
    assert "N" not in state.wolves and state.wolves["NE"]["damage"] == 5


def test_the_pack_leader_cannot_be_lured() -> None:
    data = hunter("emil", ("N", "leader-4"))
    assert legal(powered(data), "power") == []


def test_an_assist_raises_an_attacking_power() -> None:
    data = hunter("joanna", ("S", "night-16"), players=2)
    data["hunters"][1]["free"]["assist"] = 1
    state = powered(data)
    play(state, "assist", seat=1)
    play(state, "power S", seat=0)
    assert state.wolves["S"]["damage"] == 3 + 1 + 1 + 1


def test_a_power_kill_earns_the_bonus() -> None:
    data = hunter("joanna", ("S", "day-01"))
    state = play(powered(data), "power S")
    assert "S" not in state.wolves and state.hunters[0]["stats"]["knife"] == 2
