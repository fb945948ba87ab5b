"""Rulebook chapter 2, "Game setting": the deal of ten wolf cards, the units on their start squares, the barricades,
the object piles, and the wolf-card stock for each player count."""

from __future__ import annotations

import pytest

from .helpers import (
    HEROES,
    WOLVES,
    give_objects,
    hero_turn,
    legal,
    load,
    new_game,
    outcomes,
    play,
    position,
    put,
    refused,
    setup,
)

H_SQUARES = ["h9", "j12", "m6", "p11", "s6"]
W_SQUARES = ["a17", "b2", "j1", "k20", "p2", "p23", "x4", "y10"]


def test_the_deal_shuffles_one_black_and_nine_grey_cards() -> None:
    state = new_game().new_initial_state()
    assert state.is_chance_node() and state.pending == {"hero": "jack"}
    assert outcomes(state) == {"deal black": pytest.approx(0.1), "deal grey": pytest.approx(0.9)}
    play(state, "deal grey")
    assert outcomes(state) == {"deal black": pytest.approx(1 / 9), "deal grey": pytest.approx(8 / 9)}


def test_once_the_black_card_is_dealt_only_grey_ones_are_left() -> None:
    state = play(new_game().new_initial_state(), "deal grey", "deal black")
    assert state.pending == {"hero": "july"}
    assert legal(state) == ["deal grey"]
    assert refused(state, "deal black").rule == "chance"


def test_each_hero_is_dealt_one_card_in_hero_order() -> None:
    state = setup(cards={"july": "black"})
    assert [state.heroes[h]["wolf_cards"][0][0] for h in HEROES] == ["grey", "grey", "black", "grey", "grey"]
    assert all(len(state.heroes[h]["wolf_cards"]) == 1 for h in HEROES)


@pytest.mark.parametrize(
    ("players", "black", "grey"),
    [(6, 8, 17), (5, 7, 17), (4, 7, 17), (3, 7, 17), (2, 6, 17)],
)
def test_the_five_cards_left_over_go_back_to_the_stock(players: int, black: int, grey: int) -> None:
    """30 cards (8 black, 22 grey); 1 black removed in games of 3 to 5, 2 in a game of 2 (chapter 10)."""
    state = setup(players)
    assert state.stock == {"black": black, "grey": grey}
    assert state.deal == {"black": 0, "grey": 0}


def test_the_stock_shuffled_after_the_deal_holds_the_black_card_nobody_was_dealt() -> None:
    state = setup(cards={"zord": "black"})
    assert state.stock == {"black": 7, "grey": 18}


def test_heroes_are_placed_first_each_by_his_own_seat_on_a_free_h_square() -> None:
    state = play(new_game().new_initial_state(), *["deal grey"] * 5)
    assert state.step == "place" and state.pending == {"unit": "jack"}
    assert state.current_player() == 0
    assert legal(state) == [f"place {s}" for s in H_SQUARES]
    play(state, "place m6")
    assert state.pending == {"unit": "miss-q"} and state.current_player() == 1
    assert legal(state) == [f"place {s}" for s in H_SQUARES if s != "m6"]


def test_a_hero_cannot_start_on_a_w_square() -> None:
    state = play(new_game().new_initial_state(), *["deal grey"] * 5)
    assert refused(state, "place a17").rule == "2 Game setting"


def test_the_werewolf_seat_places_the_pack_on_free_w_squares_boss_first() -> None:
    state = play(new_game().new_initial_state(), *["deal grey"] * 5)
    play(state, *(f"place {s}" for s in H_SQUARES))
    assert state.pending == {"unit": "boss"} and state.current_player() == 5
    assert legal(state) == [f"place {s}" for s in W_SQUARES]
    play(state, "place x4")
    assert state.pending == {"unit": "she-wolf-1"} and state.current_player() == 5
    assert "place x4" not in legal(state)


def test_after_the_placing_the_heroes_begin_jack_rolls_for_his_move() -> None:
    state = setup()
    assert state.round == 1 and state.turn == "jack" and state.step == "roll"
    assert state.pending == {"unit": "jack", "dice": 1, "purpose": "move"}
    assert sorted(state.heroes[h]["square"] for h in HEROES) == H_SQUARES
    assert sorted(state.wolves[w]["square"] for w in WOLVES) == W_SQUARES


def test_every_printed_barricade_holds_a_barricade_unit() -> None:
    state = setup()
    board = state.content.board
    assert len(state.barricades) == 15
    assert {state.content.board.char(s) for s in map(_square, state.barricades)} == {"B"}
    assert len(board.barricades) == 15


def test_five_barricade_units_start_in_the_supply() -> None:
    """Interpretation 19: of the 20 units (rulebook 2), 15 stand on the printed exits and 5 wait in the supply
    (our default), one for each barricade card, so a card or Force can build from the first turn."""
    state = setup()
    assert all(state.observation(seat)["barricades_left"] == 5 for seat in (None, *range(6)))
    data = position()
    put(data, "jack", "g11")
    give_objects(data, "jack", "barricade")
    hero_turn(data, "jack")
    assert legal(load(data), "barricade") == ["barricade g10"]


def test_forty_object_cards_lie_face_down_four_to_each_object_square() -> None:
    state = setup()
    assert [len(pile) for pile in state.piles] == [4] * 10
    assert sum(state.pool.values()) == 40
    view = state.observation(0)
    assert all(pile["cards"] == ["?"] * 4 for pile in view["piles"])
    assert [pile["square"] for pile in view["piles"]] == [
        "y2", "e5", "o5", "t5", "a13", "e14", "n16", "t16", "g20", "x22",
    ]  # fmt: skip


def test_heroes_start_with_no_object_cards() -> None:
    state = setup()
    assert all(state.heroes[h]["objects"] == [] for h in HEROES)


def _square(name: str) -> tuple[int, int]:
    from wolfpack.games.wolf.content import parse_square

    return parse_square(name)
