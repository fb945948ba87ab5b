"""Rulebook chapter 15, "Object cards": the Antidote, the Flytox, the Invisibility Watch, the Teleportation Box, the
Superglasses, the Rollers, the Barricades and the Drawing Pins (the weapons: test_weapons.py)."""

from __future__ import annotations

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


def holding(card: str, at: str = "k19", cards: dict[str, str] | None = None, **units: str) -> dict:
    """Jack's special action on `at` holding `card`; only she-wolf-2 (j1) and she-wolf-3 (k20) are left of the pack;
    the units where `units` says (keyword: unit id with _ for -)."""
    data = position(6, cards)
    clear_wolves(data, "she-wolf-2", "she-wolf-3")
    put(data, "jack", at)
    for unit, where in units.items():
        put(data, unit.replace("_", "-"), where)
    give_objects(data, "jack", card)
    hero_turn(data, "jack")
    return data


# ---- the Antidote


def test_the_antidote_on_a_contaminated_hero_shows_his_cards_and_cancels_the_black_ones() -> None:
    state = load(holding("antidote", miss_q="m19", cards={"miss-q": "black"}))
    play(state, "antidote m19")
    assert state.pending["at_least"] == 7 and state.pending["dice"] == 2  # 2 squares: the close band
    play(state, "roll 7")
    assert not state.contaminated("miss-q") and not state.heroes["miss-q"]["transformed"]
    assert seen_by(state, 0, "miss-q") == ["black (cured)"] and seen_by(state, None, "miss-q") == ["black (cured)"]
    assert state.discard == ["antidote"]


def test_the_antidote_does_not_protect_from_a_later_bite() -> None:
    data = holding("antidote", miss_q="m19", cards={"miss-q": "black"})
    data["heroes"]["miss-q"]["wolf_cards"][0][2] = True
    data["heroes"]["miss-q"]["wolf_cards"].append(["black", [1], False])
    data["stock"]["black"] -= 1
    assert load(data).contaminated("miss-q")


def test_the_antidote_on_a_clean_hero_only_shows_his_cards() -> None:
    state = play(load(holding("antidote", miss_q="m19")), "antidote m19", "roll 12")
    assert seen_by(state, 5, "miss-q") == ["grey"] and state.heroes["miss-q"]["alive"]


def test_the_antidote_turns_a_transformed_hero_back_into_a_human() -> None:
    data = holding("antidote", miss_q="m19", cards={"miss-q": "black"})
    data["heroes"]["miss-q"]["transformed"] = True
    state = play(load(data), "antidote m19", "roll 7")
    assert not state.heroes["miss-q"]["transformed"] and state.heroes["miss-q"]["seat"] == 1
    assert not state.contaminated("miss-q") and state.side_of(1) == "heroes"
    assert "Miss Q turns back into a human" in state.log(None)


def test_the_antidote_removes_a_werewolf() -> None:
    state = play(load(holding("antidote")), "antidote k20", "roll 5")
    assert not state.wolves["she-wolf-3"]["alive"]


def test_a_failed_antidote_is_spent_for_nothing() -> None:
    state = play(load(holding("antidote", miss_q="m19", cards={"miss-q": "black"})), "antidote m19", "roll 6")
    assert state.contaminated("miss-q") and state.heroes["jack"]["objects"] == []
    assert seen_by(state, 0, "miss-q") == ["?"]


def test_the_antidote_reaches_six_squares_along_a_clear_line_and_never_a_barricade() -> None:
    assert "antidote q19" in legal(load(holding("antidote", miss_q="q19")))
    assert "antidote r19" not in legal(load(holding("antidote", miss_q="r19")))
    blocked = holding("antidote", miss_q="o19", july="m19")
    assert "antidote o19" not in legal(load(blocked))
    assert legal(load(holding("antidote", at="m18")), "antidote m17") == []


def test_the_antidote_cannot_reach_an_invisible_unit() -> None:
    data = holding("antidote", miss_q="m19")
    data["heroes"]["miss-q"]["invisible"] = 1
    assert "antidote m19" not in legal(load(data))


# ---- the Flytox


def test_the_flytox_intoxicates_every_unit_within_two_squares_even_invisible_and_its_user() -> None:
    """Interpretation 14: chapter 15 names all the units within the radius, with no exception for the user."""
    data = holding("flytox", miss_q="k21", july="k22", norbert="m18")
    data["heroes"]["norbert"]["invisible"] = 1
    state = play(load(data), "flytox")
    # July is 3 squares away; Miss Q, next to play, has already missed her turn
    assert "Jack Ventura sprays the Flytox: Jack Ventura, Miss Q, Norbert, She-wolf 3 intoxicated" in state.log(None)
    assert state.heroes["norbert"]["intoxicated"] and state.wolves["she-wolf-3"]["intoxicated"]
    assert state.heroes["jack"]["intoxicated"] and not state.heroes["july"]["intoxicated"]
    assert state.discard == ["flytox"] and state.turn == "july"


def test_the_flytox_does_not_pass_walls_or_barricades_but_spreads_through_openings() -> None:
    data = holding("flytox", at="m18", zord="m16")  # the Bathroom, behind the barricade on m17
    assert not play(load(data), "flytox").heroes["zord"]["intoxicated"]
    data["barricades"].remove("m17")
    assert play(load(data), "flytox").heroes["zord"]["intoxicated"]


def test_intoxicated_units_miss_their_turn_can_be_attacked_and_block_nothing() -> None:
    state = play(load(holding("flytox", miss_q="l18")), "flytox")
    assert state.turn == "july"  # Miss Q misses her turn
    data = holding("sabre")
    data["wolves"]["she-wolf-3"]["intoxicated"] = True
    assert "fire sabre k20" in legal(load(data))


def test_an_intoxicated_invisible_unit_still_cannot_be_attacked() -> None:
    data = holding("sabre")
    data["wolves"]["she-wolf-3"].update(intoxicated=True, invisible=1)
    assert legal(load(data), "fire") == []


def test_an_intoxicated_werewolf_misses_the_packs_next_turn() -> None:
    data = holding("flytox")
    hero_turn(data, "zord")
    data["wolves"]["she-wolf-3"]["intoxicated"] = True
    state = play(load(data), "end")
    assert state.turn == "pack" and "she-wolf-3" in state.acted


# ---- the Invisibility Watch


def test_the_watch_makes_the_hero_invisible_until_his_next_turn() -> None:
    state = play(load(holding("invisibility-watch")), "watch")
    assert state.heroes["jack"]["invisible"] == 1 and state.turn == "miss-q"
    data = position_of(state)
    pack_turn(data)
    pack_state = play(load(data), "she-wolf-3 k20")
    assert legal(pack_state, "bite") == []


# ---- the Teleportation Box and the Rollers


def test_the_box_jumps_up_to_a_die_through_obstacles_and_ends_the_turn() -> None:
    state = play(load(holding("teleportation-box", at="m18")), "box")
    assert state.is_chance_node() and state.discard == ["teleportation-box"]
    play(state, "roll 2")
    assert state.pending == {"unit": "jack", "limit": 2, "through": True, "then": "end"}
    assert "m16" in squares(state) and "m17" not in squares(state)  # over the barricade, not onto it
    play(state, "move m16")
    assert state.heroes["jack"]["square"] == "m16" and state.turn == "miss-q"


def test_the_rollers_move_again_up_to_a_die_around_obstacles_and_end_the_turn() -> None:
    state = play(load(holding("rollers", at="m18")), "rollers", "roll 2")
    assert state.pending == {"unit": "jack", "limit": 2, "through": False, "then": "end"}
    assert "m16" not in squares(state) and "o19" in squares(state)
    play(state, "move o19")
    assert state.heroes["jack"]["square"] == "o19" and state.turn == "miss-q"


# ---- the Superglasses


def test_the_superglasses_show_one_seat_a_heros_cards_within_five_squares() -> None:
    data = holding("superglasses", miss_q="o19", july="q19", cards={"miss-q": "black"})
    give_objects(data, "miss-q", "sabre")
    state = load(data)
    # July is 6 squares away; the piles on g20 and n16 are within 5
    assert legal(state, "glasses") == ["glasses g20", "glasses jack", "glasses miss-q", "glasses n16"]
    play(state, "glasses miss-q")
    assert seen_by(state, 0, "miss-q") == ["black"] and objects_seen_by(state, 0, "miss-q") == ["sabre"]
    assert seen_by(state, 2, "miss-q") == ["?"] and objects_seen_by(state, 2, "miss-q") == ["?"]
    assert state.discard == ["superglasses"] and state.turn == "miss-q"


def test_the_superglasses_see_through_walls_and_show_a_piles_cards_in_order() -> None:
    state = play(load(holding("superglasses", at="n19")), "glasses n16")  # the Bathroom cabinet, behind a wall
    play(state, "card rollers", "card flytox", "card drawing-pin", "card drawing-pin")
    assert state.observation(0)["piles"][6]["cards"] == ["rollers", "flytox", "drawing-pin", "drawing-pin"]
    assert state.observation(1)["piles"][6]["cards"] == ["?"] * 4


# ---- the Barricades


def test_a_barricade_card_puts_a_freed_barricade_unit_on_a_threshold_sharing_a_side() -> None:
    data = holding("barricade", at="m18")
    use_up_the_supply(data)
    data["barricades"].remove("m17")  # broken: its unit is back in the supply
    state = load(data)
    assert legal(state, "barricade") == ["barricade m17"]  # from the garden, onto the window (inside)
    play(state, "barricade m17")
    assert "m17" in state.barricades and state.discard == ["barricade"]


def test_a_barricade_card_needs_a_unit_left_in_the_supply() -> None:
    data = holding("barricade", at="g11")
    assert legal(load(data), "barricade") == ["barricade g10"]  # 5 units start in the supply
    use_up_the_supply(data, "g10")
    assert legal(load(data), "barricade") == []


def test_a_barricade_cannot_be_put_on_a_unit_even_an_invisible_one() -> None:
    data = holding("barricade", at="g11", she_wolf_3="g10")
    data["barricades"].remove("m17")
    data["wolves"]["she-wolf-3"]["invisible"] = 1
    assert legal(load(data), "barricade") == []


def test_a_barricade_goes_on_a_doorway_between_rooms_too() -> None:
    data = holding("barricade", at="g11")
    data["barricades"].remove("m17")
    assert legal(load(data), "barricade") == ["barricade g10"]


# ---- the Drawing Pins


def test_drawing_pins_cannot_be_played() -> None:
    state = load(holding("drawing-pin"))
    assert not any("drawing-pin" in a for a in legal(state))


def position_of(state):  # type: ignore[no-untyped-def]
    from wolfpack.games.wolf.notation import position_dict

    return position_dict(state)
