"""Rulebook chapter 14, "Powers": a power works on a 1 or 2 with one die and is the special action (but Miss Q's
Speed, always on); Force breaks or builds a barricade, Teleportation jumps up to a second die through obstacles and
ends the turn, Invisibility hides the unit until its next turn, Vision shows one seat a hero's cards or a pile."""

from __future__ import annotations

from wolfpack.games.wolf.notation import position_dict

from .helpers import (
    clear_wolves,
    give_objects,
    hero_turn,
    legal,
    load,
    objects_seen_by,
    pack_turn,
    play,
    position,
    put,
    seen_by,
    squares,
    use_up_the_supply,
)


def hero_at(hero: str, square: str, cards: dict[str, str] | None = None, **others: str) -> dict:
    """`hero`'s special action on `square`; Jack moved to b19 out of the way unless he is the hero; the other units
    where `others` says (keyword: unit id with _ for -)."""
    data = position(6, cards)
    put(data, "jack", "b19")
    for unit, where in others.items():
        put(data, unit.replace("_", "-"), where)
    put(data, hero, square)
    hero_turn(data, hero)
    return data


def test_a_failed_power_roll_ends_the_turn() -> None:
    state = play(load(hero_at("jack", "e6")), "power force", "roll 3")
    assert state.turn == "miss-q" and state.step == "roll"
    assert "Jack Ventura rolls 3: failure" in state.log(None)


def test_force_breaks_a_barricade_sharing_a_side() -> None:
    state = play(load(hero_at("jack", "e6")), "power force", "roll 2")
    assert state.step == "force" and legal(state) == ["break d6", "end"]
    play(state, "break d6")
    assert "d6" not in state.barricades and state.turn == "miss-q"


def test_force_builds_a_barricade_without_a_card_while_the_supply_lasts() -> None:
    """Interpretation 19: 5 of the 20 barricade units start in the supply, so Force may build from the first turn."""
    data = hero_at("jack", "e6")
    state = play(load(data), "power force", "roll 1")
    assert legal(state) == ["break d6", "end"]  # no free threshold shares a side with e6 ...
    state = play(load(hero_at("jack", "g11")), "power force", "roll 1")
    assert legal(state) == ["build g10", "end"]  # ... but the Hall-Kitchen doorway does
    play(state, "build g10")
    assert "g10" in state.barricades and len(state.barricades) == 16
    assert state.observation(None)["barricades_left"] == 4


def test_force_cannot_build_while_every_barricade_unit_is_on_the_board() -> None:
    data = hero_at("jack", "g11")
    use_up_the_supply(data, "g10")
    state = play(load(data), "power force", "roll 1")
    assert legal(state) == ["end"]


def test_a_barricade_broken_goes_back_to_the_supply_for_building() -> None:
    data = hero_at("jack", "g11")
    use_up_the_supply(data, "g10")
    data["barricades"].remove("f4")
    state = play(load(data), "power force", "roll 1")
    assert legal(state) == ["build g10", "end"]


def test_the_boss_has_force_and_teleportation() -> None:
    data = position()
    clear_wolves(data, "boss")
    put(data, "boss", "m18")
    pack_turn(data)
    state = play(load(data), "boss m18", "power force", "roll 2")
    assert legal(state) == ["break m17", "end"]
    play(state, "break m17")
    assert "m17" not in state.barricades


def test_teleportation_moves_up_to_a_second_die_through_walls_and_ends_the_turn() -> None:
    state = play(load(hero_at("zord", "h11")), "power teleportation", "roll 1")
    assert state.is_chance_node() and state.pending == {"unit": "zord", "dice": 1, "purpose": "box"}
    play(state, "roll 2")
    assert state.pending == {"unit": "zord", "limit": 2, "through": True, "then": "end"}
    assert {"f9", "g9", "h9", "i9"} <= squares(state)  # the Kitchen, behind the Hall's wall
    assert "j12" not in squares(state)  # Miss Q stands there
    assert not {"h10", "j13", "g13"} & squares(state)  # walls
    play(state, "move h9")
    assert state.heroes["zord"]["square"] == "h9" and state.turn == "pack"  # no action after a teleportation


def test_a_werewolf_teleports_then_its_part_of_the_turn_is_over() -> None:
    data = position()
    clear_wolves(data, "boss", "she-wolf-2")
    put(data, "boss", "m18")
    pack_turn(data)
    state = play(load(data), "boss m18", "power teleportation", "roll 1", "roll 1")
    assert "m16" not in squares(state) and "l16" not in squares(state)  # a wall, a bathtub
    assert "m17" not in squares(state)  # a barricade
    play(state, "move l19")
    assert state.step == "pack" and state.acted == ["boss"]


def test_invisibility_hides_the_unit_until_the_end_of_its_next_turn() -> None:
    data = hero_at("norbert", "k19", she_wolf_3="k20")
    state = play(load(data), "power invisibility", "roll 1")
    assert state.heroes["norbert"]["invisible"] == 1 and state.turn == "zord"
    assert "Norbert turns invisible" in state.log(None)
    play(state, "roll 1", "stay", "end")  # Zord's turn
    assert state.turn == "pack"
    play(state, "she-wolf-3 k20")
    assert legal(state, "bite") == []  # he cannot be attacked ...
    play(state, "done", "end")
    for _ in range(3):  # ... until his next turn
        play(state, "roll 1", "stay", "end")
    assert state.turn == "norbert"
    play(state, "roll 1", "stay", "end")
    assert state.heroes["norbert"]["invisible"] == 0  # then he is visible again


def test_an_invisible_hero_cannot_be_shot_and_stops_no_shot() -> None:
    data = hero_at("jack", "c18", norbert="e18", she_wolf_3="g18")
    data["heroes"]["norbert"]["invisible"] = 1
    give_objects(data, "jack", "shotgun")
    fire = legal(load(data), "fire")
    assert "fire shotgun g18" in fire and "fire shotgun e18" not in fire


def test_a_she_wolf_turns_invisible() -> None:
    data = position()
    clear_wolves(data, "she-wolf-3")
    pack_turn(data)
    state = play(load(data), "she-wolf-3 k20", "power invisibility", "roll 2")
    assert state.wolves["she-wolf-3"]["invisible"] == 1
    assert state.observation(0)["wolves"]["she-wolf-3"]["invisible"] == 1  # the unit turned upside down is public


def test_vision_looks_at_a_heros_wolf_and_object_cards_within_five_through_walls() -> None:
    data = hero_at("july", "m6", zord="q6")  # the Living room, behind the wall
    give_objects(data, "zord", "shotgun")
    state = play(load(data), "power vision", "roll 1")
    assert state.step == "vision"  # heroes (herself too) and piles within 5 squares: Norbert is on p11
    assert legal(state) == ["end", "look july", "look norbert", "look o5", "look zord"]
    play(state, "look zord")
    assert seen_by(state, 2, "zord") == ["grey"] and objects_seen_by(state, 2, "zord") == ["shotgun"]
    for seat in (0, 1, 3, 5, None):
        assert seen_by(state, seat, "zord") == ["?"] and objects_seen_by(state, seat, "zord") == ["?"]
    assert "July looks at Doctor Zord's cards: wolf cards grey; objects Shotgun" in state.log(2)
    assert "July looks at Doctor Zord's cards" in state.log(0)


def test_vision_sees_an_invisible_hero() -> None:
    data = hero_at("july", "m6", zord="q6")
    data["heroes"]["zord"]["invisible"] = 1
    state = play(load(data), "power vision", "roll 1")
    assert "look zord" in legal(state)


def test_vision_shows_a_piles_cards_in_order_to_julys_seat_only() -> None:
    state = play(load(hero_at("july", "m6")), "power vision", "roll 1", "look o5")
    assert state.is_chance_node() and state.pending["pile"] == 2
    play(state, "card shotgun", "card drawing-pin", "card antidote", "card silver-bullet")
    assert state.observation(2)["piles"][2]["cards"] == ["shotgun", "drawing-pin", "antidote", "silver-bullet"]
    assert state.observation(0)["piles"][2]["cards"] == ["?"] * 4
    assert state.turn == "norbert"


def test_the_top_card_seen_by_vision_is_the_one_picked_later() -> None:
    state = play(load(hero_at("july", "m6")), "power vision", "roll 1", "look o5")
    play(state, "card shotgun", "card drawing-pin", "card antidote", "card silver-bullet")
    data = position_dict(state)
    put(data, "july", "o6")
    hero_turn(data, "july")
    later = play(load(data), "pick o5")
    assert later.heroes["july"]["objects"] == [["shotgun", [2]]]  # no chance left: the card was seen
    assert later.turn == "norbert" and later.piles[2][0] == ["drawing-pin", [2]]


def test_a_transformed_hero_keeps_his_power() -> None:
    data = hero_at("norbert", "k19", cards={"norbert": "black"})
    data["heroes"]["norbert"]["transformed"] = True
    assert legal(load(data), "power") == ["power invisibility"]


def test_the_invisibility_tokens_are_markers_not_a_limit() -> None:
    """Interpretation 23: the box holds 2 invisibility tokens, yet a third unit may turn invisible."""
    data = position()
    clear_wolves(data, "she-wolf-1", "she-wolf-2", "she-wolf-3")
    for unit in ("she-wolf-1", "she-wolf-2"):
        data["wolves"][unit]["invisible"] = 1
    data["heroes"]["norbert"]["invisible"] = 1
    pack_turn(data, "she-wolf-1", "she-wolf-2")
    state = play(load(data), "she-wolf-3 k20", "power invisibility", "roll 1")
    assert state.wolves["she-wolf-3"]["invisible"] == 1


def test_a_transformed_miss_q_keeps_her_speed() -> None:
    """Chapter 6: a transformed hero keeps his power; Miss Q's Speed adds 1 to the 6 squares."""
    data = position(6, {"miss-q": "black"})
    data["heroes"]["miss-q"]["transformed"] = True
    hero_turn(data, "jack")
    state = play(load(data), "end")
    assert state.turn == "miss-q" and state.step == "move" and state.pending["limit"] == 7
