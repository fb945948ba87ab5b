"""Rulebook chapter 7, "Heroes special actions": after his move a hero picks an object card from a square sharing a
side (7 cards at most), gives or takes one with the other hero's agreement, plays one, attacks with bare hands (a 1),
or uses his power (a 1 or 2)."""

from __future__ import annotations

import pytest

from .helpers import (
    clear_wolves,
    give_objects,
    hero_turn,
    legal,
    load,
    objects_seen_by,
    outcomes,
    play,
    position,
    put,
    refused,
)


def at(square: str, hero: str = "jack", players: int = 6, **others: str) -> dict:
    """`hero`'s special action on `square`, with the other heroes put where `others` says (keyword: hero id with _
    for -); she-wolf-2 (j1) and she-wolf-3 (k20) are the only werewolves left."""
    data = position(players)
    clear_wolves(data, "she-wolf-2", "she-wolf-3")
    put(data, "jack", "b19")
    for other, where in others.items():
        put(data, other.replace("_", "-"), where)
    put(data, hero, square)
    hero_turn(data, hero)
    return data


def test_a_hero_picks_from_an_object_square_sharing_a_side() -> None:
    state = load(at("e6"))  # the kitchen cupboard is on e5
    assert legal(state, "pick") == ["pick e5"]
    assert legal(load(at("f6")), "pick") == []  # only diagonal


def test_the_card_picked_is_the_piles_top_card_decided_by_chance() -> None:
    state = play(load(at("e6")), "pick e5")
    assert state.is_chance_node()
    assert outcomes(state)["card silver-bullet"] == pytest.approx(15 / 40)
    assert outcomes(state)["card shotgun"] == pytest.approx(1 / 40)
    play(state, "card shotgun")
    assert state.heroes["jack"]["objects"] == [["shotgun", [0]]]
    assert len(state.piles[1]) == 3
    assert state.turn == "miss-q"  # picking was his action


def test_the_card_picked_stays_secret_until_played() -> None:
    state = play(load(at("e6")), "pick e5", "card shotgun")
    assert objects_seen_by(state, 0, "jack") == ["shotgun"]
    for seat in (1, 2, 3, 4, 5, None):
        assert objects_seen_by(state, seat, "jack") == ["?"]
    assert "Jack Ventura picks a card from the pile on e5: Shotgun" in state.log(0)
    assert "Jack Ventura picks a card from the pile on e5" in state.log(1)


def test_an_empty_pile_cannot_be_picked_from() -> None:
    data = at("e6")
    data["piles"][1] = []
    data["pool"]["drawing-pin"] -= 4
    assert legal(load(data), "pick") == []


def test_a_hero_holding_seven_cards_cannot_pick() -> None:
    data = at("e6")
    give_objects(data, "jack", *["drawing-pin"] * 7)
    assert legal(load(data), "pick") == []
    data["heroes"]["jack"]["objects"].pop()
    assert legal(load(data), "pick") == ["pick e5"]


def test_a_hero_offers_a_card_to_a_hero_sharing_a_side_who_accepts_or_refuses() -> None:
    data = at("h11", miss_q="i11", july="i12")
    give_objects(data, "jack", "shotgun")
    state = load(data)
    assert legal(state, "give") == ["give shotgun miss-q"]  # July is only diagonal
    play(state, "give shotgun miss-q")
    assert state.step == "consent" and state.current_player() == 1
    assert legal(state) == ["accept", "refuse"]
    accepted = play(state.clone(), "accept")
    assert accepted.heroes["miss-q"]["objects"] == [["shotgun", [0, 1]]] and accepted.heroes["jack"]["objects"] == []
    refused_ = play(state.clone(), "refuse")
    assert refused_.heroes["jack"]["objects"] == [["shotgun", [0]]]
    for after in (accepted, refused_):
        assert after.turn == "miss-q" and after.step == "roll"  # the action is spent either way


def test_only_the_two_seats_trading_see_the_card_offered() -> None:
    data = at("h11", miss_q="i11")
    give_objects(data, "jack", "shotgun")
    state = play(load(data), "give shotgun miss-q")
    assert state.observation(1)["pending"]["card"] == "shotgun"
    assert state.observation(0)["pending"]["card"] == "shotgun"
    for seat in (2, 3, 4, 5, None):
        assert "card" not in state.observation(seat)["pending"]


def test_a_hero_asks_a_hero_sharing_a_side_who_hands_a_card_or_refuses() -> None:
    data = at("h11", miss_q="i11")
    give_objects(data, "miss-q", "shotgun", "drawing-pin")
    state = load(data)
    assert legal(state, "ask") == ["ask miss-q"]
    play(state, "ask miss-q")
    assert state.step == "hand" and state.current_player() == 1
    assert legal(state) == ["hand drawing-pin", "hand shotgun", "refuse"]
    handed = play(state.clone(), "hand drawing-pin")
    assert [c[0] for c in handed.heroes["jack"]["objects"]] == ["drawing-pin"]
    assert [c[0] for c in handed.heroes["miss-q"]["objects"]] == ["shotgun"]
    assert play(state.clone(), "refuse").heroes["jack"]["objects"] == []


def test_a_full_hand_cannot_receive_and_an_empty_one_cannot_be_asked() -> None:
    data = at("h11", miss_q="i11")
    give_objects(data, "jack", "shotgun")
    give_objects(data, "miss-q", *["drawing-pin"] * 7)
    assert legal(load(data), "give") == []  # Miss Q holds seven cards
    assert legal(load(data), "ask") == ["ask miss-q"]
    data = at("h11", miss_q="i11")
    give_objects(data, "jack", *["drawing-pin"] * 7)
    assert legal(load(data), "ask") == []  # Miss Q has nothing to hand, and Jack no room


def test_a_hero_with_a_full_hand_cannot_ask() -> None:
    data = at("h11", miss_q="i11")
    give_objects(data, "jack", *["drawing-pin"] * 7)
    give_objects(data, "miss-q", "shotgun")
    assert legal(load(data), "ask") == []


def test_between_two_heroes_of_one_seat_a_card_is_given_without_asking() -> None:
    """Four players: seat 0 plays Jack and Miss Q."""
    data = at("h11", players=4, miss_q="i11")
    give_objects(data, "jack", "shotgun")
    state = play(load(data), "give shotgun miss-q")
    assert [c[0] for c in state.heroes["miss-q"]["objects"]] == ["shotgun"]
    assert state.turn == "miss-q"


def test_drawing_pins_cannot_be_played_but_can_be_given() -> None:
    data = at("h11", miss_q="i11")
    give_objects(data, "jack", "drawing-pin")
    state = load(data)
    assert [a for a in legal(state) if "drawing-pin" in a] == ["give drawing-pin miss-q"]


def test_a_card_played_is_shown_and_discarded_for_good() -> None:
    data = at("h11", miss_q="i11")
    give_objects(data, "jack", "invisibility-watch")
    state = play(load(data), "watch")
    assert state.discard == ["invisibility-watch"] and state.heroes["jack"]["objects"] == []
    assert state.observation(3)["discard"] == ["invisibility-watch"]


def test_bare_hands_remove_a_werewolf_sharing_a_side_on_a_one() -> None:
    data = at("k19", "jack")
    state = load(data)
    assert legal(state, "bare") == ["bare k20"]
    play(state, "bare k20")
    assert state.pending["at_most"] == 1 and state.pending["dice"] == 1
    won = play(state.clone(), "roll 1")
    assert not won.wolves["she-wolf-3"]["alive"] and won.wolves["she-wolf-3"]["square"] is None
    lost = play(state.clone(), "roll 2")
    assert lost.wolves["she-wolf-3"]["alive"] and lost.turn == "miss-q"


def test_bare_hands_break_a_barricade_sharing_a_side() -> None:
    state = load(at("m18"))
    assert legal(state, "bare") == ["bare m17"]
    assert "m17" not in play(state, "bare m17", "roll 1").barricades


def test_bare_hands_need_a_shared_side() -> None:
    data = at("l19")  # she-wolf-3 on k20 is diagonal
    state = load(data)
    assert legal(state, "bare") == []
    assert refused(state, "bare k20").rule == "7 Heroes special actions"


def test_an_invisible_unit_cannot_be_attacked() -> None:
    data = at("k19")
    data["wolves"]["she-wolf-3"]["invisible"] = 1
    assert legal(load(data), "bare") == []


def test_a_hero_uses_his_power_on_a_one_or_a_two() -> None:
    state = play(load(at("h11", "norbert")), "power invisibility")
    assert state.pending == {"unit": "norbert", "dice": 1, "at_most": 2, "effect": ["power", "invisibility"]}
    assert play(state.clone(), "roll 2").heroes["norbert"]["invisible"] > 0
    assert play(state.clone(), "roll 3").heroes["norbert"]["invisible"] == 0


def test_each_hero_has_his_own_power_and_miss_q_speed_is_no_action() -> None:
    powers = {hero: legal(load(at("h11", hero)), "power") for hero in ("jack", "miss-q", "july", "norbert", "zord")}
    assert powers == {
        "jack": ["power force"],
        "miss-q": [],
        "july": ["power vision"],
        "norbert": ["power invisibility"],
        "zord": ["power teleportation"],
    }


def test_one_special_action_a_turn() -> None:
    state = play(load(at("e6")), "pick e5", "card drawing-pin")
    assert state.turn == "miss-q" and state.step == "roll"
