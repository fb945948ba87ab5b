"""Rulebook chapter 3, "Players turn": clockwise, heroes first, then the pack; a move, then one special action."""

from __future__ import annotations

from .helpers import hero_turn, legal, load, pack_turn, play, position, put


def test_a_turn_is_a_move_then_one_special_action() -> None:
    state = load(position())
    play(state, "roll 2")
    assert state.step == "move" and state.current_player() == 0
    play(state, "stay")
    assert state.step == "action" and state.pending == {"unit": "jack"}
    assert "end" in legal(state)
    play(state, "end")
    assert state.turn == "miss-q" and state.step == "roll"


def test_heroes_play_in_order_jack_miss_q_july_norbert_zord_then_the_pack() -> None:
    state = load(position())
    turns = []
    for _ in range(5):
        turns.append((state.turn, state.pending["unit"]))
        play(state, "roll 1", "stay", "end")
    assert turns == [("jack", "jack"), ("miss-q", "miss-q"), ("july", "july"), ("norbert", "norbert"), ("zord", "zord")]
    assert state.turn == "pack" and state.step == "pack" and state.current_player() == 5


def test_after_the_pack_a_new_round_begins_with_jack() -> None:
    data = position()
    pack_turn(data)
    state = play(load(data), "end")
    assert state.round == 2 and state.turn == "jack" and state.step == "roll"


def test_each_hero_seat_acts_for_its_own_hero_in_a_six_player_game() -> None:
    state = load(position())
    seats = []
    for _ in range(5):
        seats.append(state.current_player() if not state.is_chance_node() else None)
        play(state, "roll 1")
        seats.append(state.current_player())
        play(state, "stay", "end")
    assert seats == [None, 0, None, 1, None, 2, None, 3, None, 4]


def test_a_seat_with_several_heroes_plays_each_heros_turn_separately() -> None:
    """Four players: seat 0 plays Jack and Miss Q, seat 1 July and Norbert, seat 2 Zord, seat 3 the pack."""
    state = load(position(4))
    played = []
    while state.turn != "pack":
        play(state, *(["leave"] if state.step == "takeover" else []), "roll 1")
        played.append((state.turn, state.current_player()))
        play(state, "stay", "end")
    assert played == [("jack", 0), ("miss-q", 0), ("july", 1), ("norbert", 1), ("zord", 2)]
    assert state.current_player() == 3


def test_a_dead_hero_has_no_turn() -> None:
    data = position()
    put(data, "miss-q", None)
    state = play(load(data), "roll 1", "stay", "end")
    assert state.turn == "july" and state.step == "roll"


def test_an_intoxicated_hero_misses_one_turn_then_plays_again() -> None:
    data = position()
    data["heroes"]["miss-q"]["intoxicated"] = True
    state = play(load(data), "roll 1", "stay", "end")
    assert state.turn == "july"
    assert state.heroes["miss-q"]["intoxicated"] is False
    assert "Miss Q is intoxicated and misses her turn" in state.log()


def test_intoxicated_werewolf_units_miss_the_packs_turn() -> None:
    data = position()
    for unit in ("boss", "she-wolf-1"):
        data["wolves"][unit]["intoxicated"] = True
    hero_turn(data, "zord")
    state = play(load(data), "end")
    assert state.turn == "pack"
    assert sorted(state.acted) == ["boss", "she-wolf-1"]
    assert not any(a.startswith(("boss ", "she-wolf-1 ")) for a in legal(state))
    play(state, "end")
    assert not state.wolves["boss"]["intoxicated"] and not state.wolves["she-wolf-1"]["intoxicated"]


def test_a_pack_with_no_unit_able_to_act_has_no_turn() -> None:
    data = position()
    for unit in data["wolves"]:
        data["wolves"][unit]["intoxicated"] = True
    hero_turn(data, "zord")
    state = play(load(data), "end")
    assert state.round == 2 and state.turn == "jack"


def test_the_pack_may_end_its_turn_before_every_unit_has_acted() -> None:
    data = position()
    pack_turn(data)
    state = play(load(data), "boss a17", "done")
    assert state.step == "pack" and "end" in legal(state)
    play(state, "end")
    assert state.round == 2 and state.turn == "jack" and state.acted == []
