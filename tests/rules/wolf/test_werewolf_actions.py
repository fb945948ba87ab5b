"""Rulebook chapter 5, "Werewolves special actions": after its move each werewolf unit may break a barricade (a 1),
bite a hero sharing a side (he draws a wolf card in secret) or use its power (a 1 or 2); when the wolf-card stock
runs out, dawn rises and the werewolves have lost."""

from __future__ import annotations

import pytest

from .helpers import clear_wolves, legal, load, outcomes, pack_turn, play, position, put, refused


def pack(*wolves: tuple[str, str], heroes: dict[str, str] | None = None) -> dict:
    """The pack's turn with only `wolves` (unit, square) in play and heroes moved as `heroes` says."""
    data = position()
    clear_wolves(data, *(unit for unit, _ in wolves))
    for unit, square in wolves:
        put(data, unit, square)
    for hero, square in (heroes or {}).items():
        put(data, hero, square)
    pack_turn(data)
    return data


def test_a_werewolf_bites_a_hero_sharing_a_side_not_one_diagonal() -> None:
    state = load(pack(("she-wolf-3", "k20"), heroes={"jack": "k18", "miss-q": "j18", "july": "l19"}))
    play(state, "she-wolf-3 k19")
    assert state.step == "pack-action" and state.current_player() == 5
    assert legal(state) == ["bite jack", "bite july", "done", "power invisibility"]
    assert refused(state, "bite miss-q").rule == "5 Werewolves special actions"


def test_the_bitten_hero_draws_a_wolf_card_from_the_stock() -> None:
    state = load(pack(("she-wolf-3", "k20"), heroes={"jack": "k18"}))
    play(state, "she-wolf-3 k19", "bite jack")
    assert state.is_chance_node() and state.pending["hero"] == "jack"
    assert outcomes(state) == {"wolf black": pytest.approx(8 / 25), "wolf grey": pytest.approx(17 / 25)}


def test_a_grey_card_is_a_superficial_wound_the_hero_stays_human() -> None:
    state = load(pack(("she-wolf-3", "k20"), ("boss", "a17"), heroes={"jack": "k18"}))
    play(state, "she-wolf-3 k19", "bite jack", "wolf grey")
    assert [c[0] for c in state.heroes["jack"]["wolf_cards"]] == ["grey", "grey"]
    assert not state.contaminated("jack") and state.stock == {"black": 8, "grey": 16}
    assert state.step == "pack" and state.acted == ["she-wolf-3"]  # the bite was her action


def test_a_black_card_contaminates_the_hero_in_secret() -> None:
    state = load(pack(("she-wolf-3", "k20"), heroes={"jack": "k18"}))
    play(state, "she-wolf-3 k19", "bite jack", "wolf black")
    assert state.contaminated("jack") and not state.heroes["jack"]["transformed"]
    assert state.observation(0)["heroes"]["jack"]["wolf_cards"] == ["grey", "black"]
    assert state.observation(5)["heroes"]["jack"]["wolf_cards"] == ["?", "?"]


def test_a_contaminated_hero_bitten_again_stays_contaminated_whatever_he_draws() -> None:
    data = pack(("she-wolf-3", "k20"), heroes={"jack": "k18"})
    data["heroes"]["jack"]["wolf_cards"] = [["black", [0], False]]
    data["stock"] = {"black": 8, "grey": 17}
    state = play(load(data), "she-wolf-3 k19", "bite jack", "wolf grey")
    assert state.contaminated("jack")


def test_several_werewolves_may_bite_the_same_hero_in_one_turn() -> None:
    state = load(pack(("she-wolf-3", "k20"), ("werewolf-2", "p19"), heroes={"jack": "l18"}))
    play(state, "she-wolf-3 k18", "bite jack", "wolf grey", "werewolf-2 m18", "bite jack", "wolf grey")
    assert len(state.heroes["jack"]["wolf_cards"]) == 3


def test_a_werewolf_next_to_several_heroes_bites_only_one() -> None:
    state = load(pack(("she-wolf-3", "k20"), ("boss", "a17"), heroes={"jack": "k18", "july": "l19"}))
    play(state, "she-wolf-3 k19", "bite jack", "wolf grey")
    assert state.step == "pack" and legal(state, "she-wolf-3") == []


def test_a_werewolf_cannot_bite_an_invisible_hero() -> None:
    data = pack(("she-wolf-3", "k20"), heroes={"jack": "k18"})
    data["heroes"]["jack"]["invisible"] = 1
    state = play(load(data), "she-wolf-3 k19")
    assert legal(state, "bite") == []


def test_a_werewolf_cannot_bite_a_transformed_hero() -> None:
    data = pack(("she-wolf-3", "k20"), heroes={"jack": "k18"})
    data["heroes"]["jack"]["transformed"] = True
    data["heroes"]["jack"]["wolf_cards"][0][0] = "black"
    data["stock"] = {"black": 7, "grey": 18}
    state = play(load(data), "she-wolf-3 k19")
    assert legal(state, "bite") == []


def test_an_intoxicated_hero_can_still_be_bitten() -> None:
    data = pack(("she-wolf-3", "k20"), heroes={"jack": "k18"})
    data["heroes"]["jack"]["intoxicated"] = True
    state = play(load(data), "she-wolf-3 k19")
    assert legal(state, "bite") == ["bite jack"]


def test_a_werewolf_breaks_a_barricade_sharing_a_side_on_a_one() -> None:
    state = load(pack(("she-wolf-3", "k20"), ("boss", "a17")))
    play(state, "she-wolf-3 m18")  # m17 is a barricade; l17 and n17 are walls
    assert legal(state) == ["break m17", "done", "end", "power invisibility"]
    play(state, "break m17")
    assert state.pending["at_most"] == 1
    play(state, "roll 1")
    assert "m17" not in state.barricades and len(state.barricades) == 14


def test_a_break_fails_on_two_to_six() -> None:
    state = load(pack(("she-wolf-3", "k20")))
    play(state, "she-wolf-3 m18", "break m17", "roll 2")
    assert "m17" in state.barricades


def test_a_barricade_touching_only_at_a_corner_cannot_be_broken() -> None:
    state = load(pack(("she-wolf-3", "k20")))
    play(state, "she-wolf-3 l18")
    assert legal(state, "break") == []


def test_each_unit_has_its_powers_boss_force_and_teleportation_she_wolves_invisibility_others_none() -> None:
    state = load(pack(("boss", "a17"), ("she-wolf-1", "b2"), ("werewolf-1", "p2")))
    assert legal(play(state.clone(), "boss a17"), "power") == ["power force", "power teleportation"]
    assert legal(play(state.clone(), "she-wolf-1 b2"), "power") == ["power invisibility"]
    assert legal(play(state.clone(), "werewolf-1 p2"), "power") == []


def test_a_werewolf_power_works_on_a_one_or_a_two() -> None:
    state = load(pack(("she-wolf-1", "b2"), ("boss", "a17")))
    play(state, "she-wolf-1 b2", "power invisibility")
    assert state.pending["at_most"] == 2
    assert play(state.clone(), "roll 2").wolves["she-wolf-1"]["invisible"] > 0
    assert play(state.clone(), "roll 3").wolves["she-wolf-1"]["invisible"] == 0


def test_a_unit_may_do_nothing_after_its_move() -> None:
    state = load(pack(("she-wolf-3", "k20"), ("boss", "a17"), heroes={"jack": "k18"}))
    play(state, "she-wolf-3 k19", "done")
    assert state.heroes["jack"]["wolf_cards"] == [["grey", [0], False]]


def test_dawn_rises_when_the_stock_runs_out_and_the_werewolves_lose() -> None:
    data = pack(("she-wolf-3", "k20"), heroes={"jack": "k18"})
    data["stock"] = {"black": 0, "grey": 1}
    state = play(load(data), "she-wolf-3 k19", "bite jack")
    assert legal(state) == ["wolf grey"]
    play(state, "wolf grey")
    assert state.is_terminal() and state.winner == "heroes"
    assert state.returns() == [1.0, 1.0, 1.0, 1.0, 1.0, -1.0]


def test_the_pack_may_end_its_turn_after_a_units_move_leaving_the_units_left_where_they_stand() -> None:
    """Issue 32, item 8 (b): one action ends the pack's turn for the units left, instead of each idle unit being
    moved nowhere and saying it does nothing (interpretation 7)."""
    state = load(pack(("she-wolf-3", "k20"), ("boss", "a17"), ("werewolf-1", "p2")))
    play(state, "she-wolf-3 k19")
    assert "end" in legal(state)
    play(state, "end")
    assert state.turn != "pack" and state.acted == []
    assert state.wolves["boss"]["square"] == "a17" and state.wolves["werewolf-1"]["square"] == "p2"


def test_the_last_unit_to_act_is_offered_no_end_besides_doing_nothing() -> None:
    """With no unit left to act, `done` ends the pack's turn already: a second button for it would be one too many."""
    state = load(pack(("she-wolf-3", "k20")))
    play(state, "she-wolf-3 k19")
    assert "end" not in legal(state) and "done" in legal(state)
