"""Rulebook chapter 6, "A Hero is contaminated": only he knows; he still acts as a hero but never fires a weapon at a
hero (bare hands he keeps), and his bite turns his unit; a transformed hero attacks like a werewolf; a suspect may be
attacked, and a hero who dies shows everyone his wolf cards."""

from __future__ import annotations

from .helpers import (
    HEROES,
    clear_wolves,
    give_objects,
    hero_turn,
    legal,
    load,
    play,
    position,
    put,
    refused,
    seen_by,
)


def hall(cards: dict[str, str] | None = None, players: int = 6) -> dict:
    """Jack's special action on h11 with Miss Q beside him on i11 (sharing a side), July on h12 (below him) and
    Norbert diagonal on i12; the she-wolf-3 at k20 and she-wolf-2 at j1 are the only werewolves left."""
    data = position(players, cards)
    clear_wolves(data, "she-wolf-2", "she-wolf-3")
    put(data, "jack", "h11")
    put(data, "miss-q", "i11")
    put(data, "july", "h12")
    put(data, "norbert", "i12")
    hero_turn(data, "jack")
    return data


def test_only_the_contaminated_heros_seat_knows_his_black_card() -> None:
    state = load(hall({"jack": "black"}))
    assert seen_by(state, 0, "jack") == ["black"]
    for seat in (1, 2, 3, 4, 5, None):
        assert seen_by(state, seat, "jack") == ["?"]


def test_a_contaminated_hero_may_bite_a_hero_sharing_a_side() -> None:
    state = load(hall({"jack": "black"}))
    assert legal(state, "bite") == ["bite july", "bite miss-q"]  # Norbert is only diagonal


def test_an_uncontaminated_hero_cannot_bite() -> None:
    state = load(hall())
    assert legal(state, "bite") == []
    assert refused(state, "bite miss-q").rule == "7 Heroes special actions"


def test_the_bite_turns_his_unit_and_the_victim_draws_a_wolf_card() -> None:
    state = play(load(hall({"jack": "black"})), "bite miss-q")
    assert state.heroes["jack"]["transformed"]
    assert state.is_chance_node() and state.pending["hero"] == "miss-q"
    assert "Jack Ventura turns his unit: he is a werewolf" in state.log(None)
    play(state, "wolf black")
    assert state.contaminated("miss-q") and not state.heroes["miss-q"]["transformed"]
    assert state.turn == "miss-q"


def test_a_contaminated_hero_never_fires_a_weapon_at_a_hero() -> None:
    data = hall({"jack": "black"})
    give_objects(data, "jack", "shotgun", "silver-bullet")
    state = load(data)
    assert legal(state, "fire") == ["fire shotgun d11", "fire silver-bullet d11"]  # the Hall's west barricade
    assert refused(state, "fire shotgun i11").rule == "7 Heroes special actions"


def test_a_contaminated_hero_may_attack_a_hero_with_bare_hands() -> None:
    """Interpretation 10: chapter 6 forbids him only weapons against heroes; bare hands stay among his abilities."""
    state = load(hall({"jack": "black"}))
    assert legal(state, "bare") == ["bare h12", "bare i11"]  # July and Miss Q share a side; Norbert is diagonal
    play(state, "bare i11", "roll 1")
    assert not state.heroes["miss-q"]["alive"] and not state.heroes["jack"]["transformed"]


def test_a_contaminated_hero_may_still_attack_werewolves() -> None:
    data = hall({"jack": "black"})
    put(data, "she-wolf-3", "g11")
    give_objects(data, "jack", "shotgun")
    state = load(data)
    assert "bare g11" in legal(state, "bare")
    assert legal(state, "fire") == ["fire shotgun g11"]


def test_an_uncontaminated_hero_may_attack_a_suspect_with_bare_hands_or_a_weapon() -> None:
    data = hall()
    give_objects(data, "jack", "shotgun")
    state = load(data)
    assert legal(state, "bare") == ["bare h12", "bare i11"]
    # Norbert on i12, diagonal, is shielded by Miss Q and July, who touch at the corner the line passes through
    assert legal(state, "fire") == ["fire shotgun d11", "fire shotgun h12", "fire shotgun i11"]


def test_a_hero_unaware_of_his_contamination_may_attack_heroes() -> None:
    """Interpretation 10: in a game of 4, seat 0 plays Jack and Miss Q and has not seen Jack's black card."""
    state = load(hall({"jack": "black"}, players=4))
    assert seen_by(state, 0, "jack") == ["?"] and seen_by(state, 3, "jack") == ["black"]
    assert legal(state, "bare") == ["bare h12", "bare i11"]
    assert legal(state, "bite") == []


def test_a_hero_killed_shows_everyone_his_wolf_cards_and_leaves_the_board() -> None:
    data = hall({"miss-q": "black"})
    give_objects(data, "miss-q", "drawing-pin", "barricade")
    state = play(load(data), "bare i11")
    assert state.pending["at_most"] == 1
    play(state, "roll 1")
    miss_q = state.heroes["miss-q"]
    assert not miss_q["alive"] and miss_q["square"] is None and miss_q["objects"] == []
    for seat in (0, 1, 2, 3, 4, 5, None):
        assert seen_by(state, seat, "miss-q") == ["black"]
    assert "Miss Q shows her wolf cards: black" in state.log(None)


def test_a_dead_heros_object_cards_go_face_down_to_the_released_cards() -> None:
    data = hall()
    give_objects(data, "miss-q", "drawing-pin", "barricade")
    state = play(load(data), "bare i11", "roll 1")
    assert state.released == 2 and state.discard == []
    assert state.observation(0)["released"] == 2
    for seat in range(6):
        view = state.observation(seat)
        assert view["heroes"]["miss-q"]["objects"] == [] and "drawing-pin" not in str(view)


def test_killing_an_innocent_hero_is_just_regrettable() -> None:
    state = play(load(hall()), "bare i11", "roll 1")
    assert not state.heroes["miss-q"]["alive"] and not state.is_terminal()
    assert seen_by(state, 5, "miss-q") == ["grey"]


def test_a_transformed_hero_attacks_like_a_werewolf_and_cannot_use_or_pick_objects() -> None:
    data = hall({"jack": "black"})
    data["heroes"]["jack"]["transformed"] = True
    give_objects(data, "jack", "shotgun")
    put(data, "jack", "e6")  # the kitchen: e5 is an object square, d6 a barricade
    put(data, "miss-q", "f6")
    state = load(data)
    assert legal(state) == ["bite miss-q", "break d6", "end", "power force"]


def test_a_transformed_hero_keeps_his_object_cards() -> None:
    data = hall({"jack": "black"})
    give_objects(data, "jack", "shotgun")
    state = play(load(data), "bite miss-q", "wolf grey")
    assert [c[0] for c in state.heroes["jack"]["objects"]] == ["shotgun"]


def test_a_transformed_hero_cannot_be_traded_with() -> None:
    data = hall({"miss-q": "black"})
    data["heroes"]["miss-q"]["transformed"] = True
    give_objects(data, "jack", "drawing-pin")
    give_objects(data, "miss-q", "sabre")
    state = load(data)
    assert not any(a.endswith("miss-q") for a in legal(state, "give") + legal(state, "ask"))


def test_any_hero_may_attack_a_transformed_hero() -> None:
    data = hall({"jack": "black", "miss-q": "grey"})
    data["heroes"]["miss-q"]["transformed"] = True
    data["heroes"]["miss-q"]["wolf_cards"] = [["black", [1], False]]
    data["heroes"]["jack"]["wolf_cards"] = [["grey", [0], False]]
    state = load(data)
    assert "bare i11" in legal(state)


def test_the_black_card_dealt_contaminates_its_hero_who_knows_it() -> None:
    state = load(hall({"july": "black"}))
    assert [h for h in HEROES if state.contaminated(h)] == ["july"]
    assert [h for h in HEROES if state.knows_contaminated(h)] == ["july"]
