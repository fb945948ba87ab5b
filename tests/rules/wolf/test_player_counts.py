"""Rulebook chapter 10, "2 to 5 players game": one seat plays the pack, the others share the heroes; the wolf cards
of a seat's heroes are seen by the werewolf seat while the seat plays several of them, by the seat itself once it
plays only one; the werewolf seat may take a contaminated hero over; a hero may look at or cure himself."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from .helpers import (
    HEROES,
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
    setup,
    taken_over_july,
)

DATA = Path(str(files("wolfpack.games.wolf.data")))
"""The default content pack's directory."""


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (6, [0, 1, 2, 3, 4]),
        (5, [0, 0, 1, 2, 3]),
        (4, [0, 0, 1, 1, 2]),
        (3, [0, 0, 1, 1, 1]),
        (2, [0, 0, 0, 0, 0]),
    ],
)
def test_the_heroes_are_shared_among_the_seats_and_the_last_seat_plays_the_pack(players: int, seats: list) -> None:
    """2+3, 2+2+1, 2+1+1+1 (rulebook); which heroes go together is ours (the rulebook's order, larger groups first)."""
    state = setup(players)
    assert [state.heroes[h]["seat"] for h in HEROES] == seats
    assert state.pack_seat == players - 1
    data = position(players)
    pack_turn(data)
    assert load(data).current_player() == players - 1


@pytest.mark.parametrize(
    ("players", "viewers"),
    [
        (6, [[0], [1], [2], [3], [4]]),
        (5, [[4], [4], [1], [2], [3]]),
        (4, [[3], [3], [3], [3], [2]]),
        (3, [[2], [2], [2], [2], [2]]),
        (2, [[1], [1], [1], [1], [1]]),
    ],
)
def test_the_dealt_card_is_seen_by_a_lone_heros_seat_or_else_by_the_werewolf_seat(players: int, viewers: list) -> None:
    state = setup(players)
    assert [state.heroes[h]["wolf_cards"][0][1] for h in HEROES] == viewers


def test_a_multi_hero_seat_does_not_see_its_heroes_cards() -> None:
    state = setup(4, {"jack": "black"})
    assert seen_by(state, 0, "jack") == ["?"] and seen_by(state, 0, "miss-q") == ["?"]
    assert seen_by(state, 3, "jack") == ["black"]
    assert seen_by(state, 2, "zord") == ["grey"] and seen_by(state, 3, "zord") == ["?"]


def test_a_card_drawn_later_by_a_multi_hero_seats_hero_is_seen_by_the_werewolf_seat_only() -> None:
    data = position(4)
    clear_wolves(data, "she-wolf-3")
    put(data, "jack", "k19")
    pack_turn(data)
    state = play(load(data), "she-wolf-3 k20", "bite jack", "wolf black")
    assert state.heroes["jack"]["wolf_cards"][1] == ["black", [3], False]
    assert seen_by(state, 0, "jack") == ["?", "?"]


def test_a_seat_left_with_one_hero_sees_all_his_cards_and_those_drawn_later() -> None:
    data = position(4, {"jack": "black"})
    clear_wolves(data, "she-wolf-3")
    put(data, "miss-q", "k19")
    put(data, "july", "k18")
    hero_turn(data, "july")
    state = play(load(data), "bare k19", "roll 1")  # July kills Miss Q: seat 0 is left with Jack
    assert seen_by(state, 0, "jack") == ["black"]
    assert seen_by(state, 3, "jack") == ["black"]  # the werewolf seat keeps what it saw
    assert state.knows_contaminated("jack")


def test_a_seat_left_with_one_hero_sees_his_later_cards_alone() -> None:
    data = position(4)
    clear_wolves(data, "she-wolf-3")
    put(data, "miss-q", None)
    put(data, "jack", "k19")
    pack_turn(data)
    state = play(load(data), "she-wolf-3 k20", "bite jack", "wolf grey")
    assert state.heroes["jack"]["wolf_cards"][1] == ["grey", [0], False]


def takeover_at(cards: dict[str, str] | None = None, players: int = 4) -> dict:
    """The pack's turn just ending (`end`) in a game of `players`: Jack's turn of round 2 comes next."""
    data = position(players, cards)
    pack_turn(data)
    return data


def test_the_werewolf_seat_may_take_over_a_contaminated_hero_of_a_multi_hero_seat() -> None:
    state = play(load(takeover_at({"jack": "black"})), "end")
    assert state.step == "takeover" and state.turn == "jack" and state.current_player() == 3
    assert legal(state) == ["leave", "leave-always", "take jack"]
    play(state, "take jack")
    jack = state.heroes["jack"]
    assert jack["transformed"] and jack["seat"] == 3 and jack["home"] == 0
    assert state.step == "move" and state.pending["limit"] == 6 and state.current_player() == 3
    assert "The werewolves take Jack Ventura over: he turns his unit, a werewolf now" in state.log(None)


def test_the_werewolf_seat_may_take_a_contaminated_hero_over_at_the_start_of_any_turn() -> None:
    """Interpretation 5: at the start of the pack's turn, or of another hero's, not only of his own."""
    data = position(4, {"jack": "black"})
    data["heroes"]["jack"]["wolf_cards"][0][1] = [3]
    hero_turn(data, "zord")
    state = play(load(data), "end")  # Zord's turn ends: the pack's begins
    assert state.turn == "pack" and state.step == "takeover" and state.current_player() == 3
    assert legal(state) == ["leave", "leave-always", "take jack"]
    play(state, "take jack")
    assert state.heroes["jack"]["transformed"] and state.heroes["jack"]["seat"] == 3
    assert state.step == "pack"  # the pack's turn goes on; Jack plays at his own turn, for the pack
    data = position(4, {"jack": "black"})
    data["heroes"]["jack"]["wolf_cards"][0][1] = [3]
    hero_turn(data, "jack")
    state = play(load(data), "end")  # Jack's turn ends: Miss Q's begins
    assert state.turn == "miss-q" and legal(state) == ["leave", "leave-always", "take jack"]
    play(state, "take jack")
    assert state.step == "roll" and state.pending["unit"] == "miss-q" and state.heroes["jack"]["transformed"]


def test_left_be_the_contaminated_hero_plays_on_for_his_seat() -> None:
    state = play(load(takeover_at({"jack": "black"})), "end", "leave")
    assert state.step == "roll" and not state.heroes["jack"]["transformed"]
    play(state, "roll 1")
    assert state.current_player() == 0


def test_the_question_is_asked_at_every_turn_start_so_it_tells_nothing() -> None:
    """Asked only when the werewolf seat could take someone, it would tell the table that someone is contaminated."""
    clean = play(load(takeover_at()), "end")
    contaminated = play(load(takeover_at({"jack": "black"})), "end")
    assert clean.step == contaminated.step == "takeover"
    assert legal(clean) == ["leave", "leave-always"]
    for seat in (0, 1, 2, None):
        assert clean.observation(seat) == contaminated.observation(seat)


def test_the_standing_answer_leaves_everyone_at_once_until_the_werewolf_seat_asks_again() -> None:
    """Issue 32, item 8 (a), interpretation 5: `leave-always` answers this question and every later one at once (the
    question is not asked, so its timing tells nothing), until the werewolf seat, at its own turn, says `ask-again`."""
    state = play(load(takeover_at({"jack": "black"})), "end", "leave-always")
    assert state.step == "roll" and state.turn == "jack" and not state.heroes["jack"]["transformed"]
    assert state.leave_always
    play(state, "roll 1", "stay", "end")  # Jack's turn: Miss Q's begins with no question
    assert state.turn == "miss-q" and state.step == "roll"
    # Only the werewolf seat's observation holds its standing answer.
    assert [state.observation(seat)["leave_always"] for seat in (None, 0, 1, 2, 3)] == [None, None, None, None, True]
    while state.turn != "pack":  # the other heroes' turns: none begins with the question
        assert state.step != "takeover"
        play(state, {"roll": "roll 1", "move": "stay", "action": "end"}[state.step])
    assert state.step == "pack" and "ask-again" in legal(state)
    play(state, "ask-again")
    assert state.step == "pack" and not state.leave_always and "ask-again" not in legal(state)
    play(state, "end")
    assert state.turn == "jack" and state.step == "takeover"


def test_with_the_standing_answer_a_contaminated_hero_and_a_clean_one_look_the_same_to_every_seat() -> None:
    """The question skipped tells nothing: whether or not Jack is contaminated, every seat but the werewolf seat sees
    the same thing once the standing answer is given."""
    clean = play(load(takeover_at()), "end", "leave-always", "roll 1", "stay", "end")
    contaminated = play(load(takeover_at({"jack": "black"})), "end", "leave-always", "roll 1", "stay", "end")
    assert clean.step == contaminated.step == "roll"
    for seat in (0, 1, 2, None):
        assert clean.observation(seat) == contaminated.observation(seat)


def test_a_lone_heros_seat_is_never_taken_over() -> None:
    data = position(4, {"zord": "black"})
    data["heroes"]["zord"]["wolf_cards"][0][1] = [2, 3]  # even had the werewolf seat seen his card
    hero_turn(data, "norbert")
    state = play(load(data), "end")
    assert state.turn == "zord" and legal(state) == ["leave", "leave-always"]
    play(state, "leave")
    assert state.step == "roll" and state.pending["unit"] == "zord"


def test_no_takeover_question_once_no_seat_plays_two_heroes() -> None:
    data = position(4, {"jack": "black"})
    data["heroes"]["jack"]["wolf_cards"][0][1] = [3]
    put(data, "miss-q", None)
    put(data, "norbert", None)
    hero_turn(data, "zord")
    state = play(load(data), "end")
    assert state.turn == "pack" and state.step == "pack"


def test_no_takeover_question_in_a_six_player_game() -> None:
    data = position(6, {"jack": "black"})
    data["heroes"]["jack"]["wolf_cards"][0][1] = [0, 5]
    pack_turn(data)
    state = play(load(data), "end")
    assert state.turn == "jack" and state.step == "roll"


def test_a_cured_black_card_cannot_be_taken_over() -> None:
    data = takeover_at({"jack": "black"})
    data["heroes"]["jack"]["wolf_cards"][0][2] = True
    state = play(load(data), "end")
    assert legal(state) == ["leave", "leave-always"]


def test_the_werewolf_seat_does_not_see_the_objects_of_a_hero_it_took_over() -> None:
    data = takeover_at({"jack": "black"})
    give_objects(data, "jack", "shotgun")
    state = play(load(data), "end", "take jack")
    assert objects_seen_by(state, 3, "jack") == ["?"]


def test_a_seat_whose_heroes_were_all_taken_over_has_lost() -> None:
    data = position(5, {"july": "black"})
    data["heroes"]["july"].update(seat=4, transformed=True)
    data["heroes"]["july"]["wolf_cards"][0][1] = [4]
    state = load(data)
    assert state.heroes_of(1) == [] and state.side_of(1) is None


def test_july_may_use_vision_on_herself() -> None:
    data = position(4, {"july": "black"})
    hero_turn(data, "july")
    state = play(load(data), "power vision", "roll 1")
    assert "look july" in legal(state)
    play(state, "look july")
    assert seen_by(state, 1, "july") == ["black"]
    assert seen_by(state, 1, "norbert") == ["?"]


def test_a_hero_may_look_at_his_own_wolf_cards_through_the_superglasses() -> None:
    data = position(3, {"jack": "black"})
    give_objects(data, "jack", "superglasses")
    hero_turn(data, "jack")
    state = load(data)
    assert "glasses jack" in legal(state)
    play(state, "glasses jack")
    assert seen_by(state, 0, "jack") == ["black"] and state.knows_contaminated("jack")


def test_a_hero_unaware_of_his_contamination_may_inoculate_himself() -> None:
    data = position(4, {"jack": "black"})
    give_objects(data, "jack", "antidote")
    hero_turn(data, "jack")
    state = load(data)
    assert "antidote h9" in legal(state)
    play(state, "antidote h9")
    assert state.pending["at_least"] == 5  # the Antidote's column at distance 1
    play(state, "roll 5")
    assert not state.contaminated("jack") and seen_by(state, 1, "jack") == ["black (cured)"]


def test_a_hero_who_knows_he_is_contaminated_cannot_inoculate_himself() -> None:
    data = position(6, {"jack": "black"})
    give_objects(data, "jack", "antidote")
    hero_turn(data, "jack")
    assert "antidote h9" not in legal(load(data))


def test_a_taken_over_hero_cured_by_the_antidote_goes_to_the_seat_that_cured_him() -> None:
    data = position(4, {"jack": "black"})
    data["heroes"]["jack"].update(seat=3, transformed=True)
    put(data, "jack", "k19")
    put(data, "zord", "j19")
    give_objects(data, "zord", "antidote")
    give_objects(data, "jack", "sabre", seen=[0])
    hero_turn(data, "zord")
    state = play(load(data), "antidote k19", "roll 12")
    jack = state.heroes["jack"]
    assert not jack["transformed"] and jack["seat"] == 2 and not state.contaminated("jack")
    assert state.side_of(2) == "heroes"
    assert objects_seen_by(state, 2, "jack") == ["sabre"]  # the seat now playing him sees what he holds
    assert objects_seen_by(state, 3, "jack") == ["?"]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("target", "card"), [("july", "sabre"), ("norbert", "shotgun")])
def test_the_werewolf_seat_never_sees_a_transformed_heros_objects_through_vision(
    players: int, target: str, card: str
) -> None:
    """Rulebook 10: a taken-over July's Vision, on herself or on another transformed hero, shows the werewolf seat
    his wolf cards but not his object cards, neither in its view nor in its log; with 2 players nothing turns
    public."""
    state = play(load(taken_over_july(players)), "power vision", "roll 1", f"look {target}")
    pack = players - 1
    assert seen_by(state, pack, target) == ["black"]
    assert objects_seen_by(state, pack, target) == ["?"]
    assert objects_seen_by(state, None, target) == ["?"]
    name = state.content.card(card).name  # the log names cards from the content pack
    assert name not in " ".join(state.log(pack)) and name not in " ".join(state.log(None))
    home = state.heroes[target]["home"]
    assert objects_seen_by(state, home, target) == [card]  # the seat that saw it before still knows it


def test_a_werewolf_given_vision_by_a_variant_never_sees_a_transformed_heros_objects(tmp_path: Path) -> None:
    """Rulebook 11 suggests Vision for the she-wolves; the werewolf seat looking through one still does not see a
    transformed hero's objects (rulebook 10), though it sees a human hero's."""
    characters = (DATA / "characters.toml").read_text(encoding="utf-8")
    (tmp_path / "characters.toml").write_text(
        characters.replace('powers = ["invisibility"]', 'powers = ["invisibility", "vision"]'), encoding="utf-8"
    )
    data = taken_over_july(3)
    give_objects(data, "zord", "crossbow")
    put(data, "zord", "l18")
    put(data, "she-wolf-1", "j18")
    pack_turn(data)
    for target, card in (("july", "sabre"), ("zord", "crossbow")):
        state = play(load(data, 3, content=str(tmp_path)), "she-wolf-1 j18", "power vision", "roll 2", f"look {target}")
        shown = card in objects_seen_by(state, 2, target)
        assert shown == (target == "zord")
        assert (state.content.card(card).name in " ".join(state.log(2))) == shown
