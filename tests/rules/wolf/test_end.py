"""Rulebook chapter 9, "End of the game", with chapter 5's dawn: the werewolves win when every hero left is
contaminated or transformed; the heroes win at dawn (the wolf cards run out, or the round limit) or when no werewolf
is left and nobody is contaminated; when only human heroes remain they all show their wolf cards. Returns: +1 for
each seat on the winning side, -1 for the others and for a hero seat with no hero left (interpretations 20, 21)."""

from __future__ import annotations

from .helpers import clear_wolves, hero_turn, load, new_wolf_card, pack_turn, play, position, put, refused, seen_by


def last_wolf(cards: dict[str, str] | None = None, players: int = 6) -> dict:
    """Jack's special action on k19 beside she-wolf-3 (k20), the only werewolf left."""
    data = position(players, cards)
    clear_wolves(data, "she-wolf-3")
    put(data, "jack", "k19")
    hero_turn(data, "jack")
    return data


def test_the_heroes_win_when_the_last_werewolf_is_gone_and_nobody_is_contaminated() -> None:
    state = play(load(last_wolf()), "bare k20", "roll 1")
    assert state.is_terminal() and state.winner == "heroes"
    assert state.returns() == [1.0, 1.0, 1.0, 1.0, 1.0, -1.0]
    assert state.log(None)[-1] == "The heroes win: every werewolf is gone and no hero is contaminated"


def test_when_only_human_heroes_remain_they_all_show_their_wolf_cards() -> None:
    state = play(load(last_wolf()), "bare k20", "roll 1")
    assert state.revealed
    assert all(state.observation(5)["heroes"][h]["wolf_cards"] == ["grey"] for h in state.heroes)


def test_a_contaminated_hero_shown_by_the_reveal_keeps_the_game_going() -> None:
    state = play(load(last_wolf({"july": "black"})), "bare k20", "roll 1")
    assert not state.is_terminal() and state.revealed
    assert state.observation(0)["heroes"]["july"]["wolf_cards"] == ["black"]
    assert state.turn == "miss-q"
    assert "Only heroes remain: they all show their wolf cards" in state.log(None)


def test_the_game_goes_on_until_the_contaminated_hero_is_dead_or_cured() -> None:
    data = last_wolf({"july": "black"})
    put(data, "she-wolf-3", None)
    put(data, "july", "k20")
    data["revealed"] = True
    for hero in data["heroes"].values():
        hero["wolf_cards"][0][1] = [0, 1, 2, 3, 4, 5]
    state = play(load(data), "bare k20", "roll 1")
    assert state.is_terminal() and state.winner == "heroes"
    assert state.returns() == [1.0, 1.0, -1.0, 1.0, 1.0, -1.0]  # July, dead, has lost


def test_the_werewolves_win_when_no_uncontaminated_hero_is_left() -> None:
    data = position(cards={"miss-q": "black"})
    clear_wolves(data, "she-wolf-3")
    for hero in ("july", "norbert", "zord"):
        put(data, hero, None)
    put(data, "jack", "k19")
    pack_turn(data)
    state = play(load(data), "she-wolf-3 k20", "bite jack", "wolf black")
    assert state.is_terminal() and state.winner == "wolves"
    # Jack and Miss Q, contaminated and knowing it, play for the pack; the dead have lost
    assert state.returns() == [1.0, 1.0, -1.0, -1.0, -1.0, 1.0]
    assert "The wolves win: no uncontaminated hero is left" in state.log(None)


def test_the_werewolves_win_when_the_last_clean_hero_dies() -> None:
    """Four players: seat 0 plays Jack and Miss Q, both contaminated without knowing it (only the werewolf seat saw
    their black cards); Jack kills July, the last clean hero. Seat 0 still plays heroes it does not know to be
    contaminated, so it is on the heroes' side and loses with them (interpretation 21)."""
    data = position(4, cards={"jack": "black"})
    new_wolf_card(data, "miss-q", "black", [3])
    clear_wolves(data, "she-wolf-2")
    for hero in ("norbert", "zord"):
        put(data, hero, None)
    put(data, "jack", "k19")
    put(data, "july", "k18")
    hero_turn(data, "jack")
    state = load(data)
    assert state.observation(0)["heroes"]["jack"]["wolf_cards"] == ["?"]
    play(state, "bare k18", "roll 1")
    assert state.is_terminal() and state.winner == "wolves"
    assert state.returns() == [-1.0, -1.0, -1.0, 1.0]


def test_the_end_of_the_game_shows_every_wolf_card() -> None:
    """Rulebook 6: contamination stays secret but for transformation, death, the end of the game, ..."""
    data = position(cards={"zord": "black"})
    pack_turn(data)
    state = load(data, max_rounds=1)
    assert state.observation(0)["heroes"]["zord"]["wolf_cards"] == ["?"]
    play(state, "end")
    for seat in (0, 1, 2, 3, 4, 5, None):
        assert state.observation(seat)["heroes"]["zord"]["wolf_cards"] == ["black"]
    assert "Doctor Zord shows his wolf cards: black" in state.log(None)


def test_a_win_in_the_last_round_counts_before_dawn() -> None:
    """The last clean hero bitten black by the last unit of the last round's pack: the werewolves have won."""
    data = position()
    clear_wolves(data, "she-wolf-3")
    for hero in ("miss-q", "july", "norbert", "zord"):
        put(data, hero, None)
    put(data, "jack", "k19")
    pack_turn(data)
    state = play(load(data, max_rounds=1), "she-wolf-3 k20", "bite jack", "wolf black")
    assert state.winner == "wolves"


def test_dawn_rises_after_the_last_round_and_the_heroes_win() -> None:
    data = position()
    pack_turn(data)
    state = play(load(data, max_rounds=1), "end")
    assert state.is_terminal() and state.winner == "heroes"
    assert "The heroes win: dawn rises after round 1" in state.log(None)


def test_dawn_at_the_round_limit_leaves_a_knowingly_contaminated_hero_on_the_losing_side() -> None:
    data = position(cards={"zord": "black"})
    pack_turn(data)
    state = play(load(data, max_rounds=1), "end")
    assert state.returns() == [1.0, 1.0, 1.0, 1.0, -1.0, -1.0]


def test_the_werewolves_win_if_the_last_card_contaminates_the_last_clean_hero() -> None:
    """Interpretation 20: the werewolves' win is checked before dawn."""
    data = position(cards={"miss-q": "black"})
    clear_wolves(data, "she-wolf-3")
    for hero in ("july", "norbert", "zord"):
        put(data, hero, None)
    put(data, "jack", "k19")
    data["stock"] = {"black": 1, "grey": 0}
    pack_turn(data)
    state = play(load(data), "she-wolf-3 k20", "bite jack", "wolf black")
    assert state.winner == "wolves"


def test_a_finished_game_takes_no_action() -> None:
    state = play(load(last_wolf()), "bare k20", "roll 1")
    assert state.legal_actions() == []
    assert refused(state, "end").rule == "game over"
    assert all("sides" in state.observation(seat) for seat in range(6))
    assert state.observation(None)["sides"] == {str(s): side for s, side in enumerate(["heroes"] * 5 + ["wolves"])}


def test_a_card_drawn_after_the_reveal_is_shown_when_only_heroes_remain_again() -> None:
    """Only heroes remained once (all cards shown); then Jack bit Miss Q (a black card she alone saw) and turned.
    When Jack dies, only human heroes remain again: they show their cards again, Miss Q's new one too."""
    data = position()
    clear_wolves(data)
    data["revealed"] = True
    for hero in data["heroes"].values():
        hero["wolf_cards"][0][1] = [0, 1, 2, 3, 4, 5]
    data["heroes"]["jack"]["transformed"] = True
    data["heroes"]["jack"]["wolf_cards"].append(["black", [0, 1, 2, 3, 4, 5], False])
    data["heroes"]["miss-q"]["wolf_cards"].append(["black", [1], False])
    data["stock"] = {"black": 6, "grey": 17}
    put(data, "jack", "k19")
    put(data, "zord", "k18")
    hero_turn(data, "zord")
    state = play(load(data), "bare k19", "roll 1")
    assert not state.is_terminal()
    assert seen_by(state, 0, "miss-q") == ["grey", "black"]
