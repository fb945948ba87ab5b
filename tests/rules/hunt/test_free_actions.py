"""Rulebook section "Unlocked Free Actions": Modify, Reroll, Health; any holder, any time between steps."""

from __future__ import annotations

from wolfpack import CHANCE, SIMULTANEOUS

from .helpers import legal, load, play, position, put_wolf, refused


def duo(difficulty: str = "normal") -> dict:
    """Two hunters; seat 0's turn has begun; on normal every sheet starts with a Modify and a Reroll."""
    data = position(players=2, difficulty=difficulty)
    return data


def test_another_hunter_holding_a_free_action_makes_the_moment_simultaneous() -> None:
    state = load(duo())
    assert state.current_player() == SIMULTANEOUS and state.waiting_for() == [0]
    assert legal(state, "modify", seat=1)[:2] == ["modify black6 down", "modify black6 up"]
    assert not any(a.startswith("take") for a in state.legal_actions(1))


def test_without_free_actions_elsewhere_the_moment_is_the_active_hunters_alone() -> None:
    data = duo()
    data["hunters"][1]["free"] = {"assist": 0, "modify": 0, "reroll": 0}
    state = load(data)
    assert state.current_player() == 0 and state.legal_actions(1) == []


def test_modify_turns_a_pool_die_one_pip_and_wraps_round() -> None:
    state = play(load(duo()), "modify black6 up", seat=1)
    assert state.dice["black"][0] == 1 and state.hunters[1]["free"]["modify"] == 0
    state = play(load(duo()), "modify blue1 down", seat=1)
    assert state.dice["blue"][0] == 6


def test_a_free_action_is_crossed_out_once_used() -> None:
    state = play(load(duo()), "modify black6 up", seat=1)
    assert legal(state, "modify", seat=1) == []
    assert refused(state, "modify black1 up", seat=1).rule == "free actions"


def test_reroll_rolls_the_chosen_pool_dice_and_play_resumes_where_it_was() -> None:
    state = play(load(duo()), "reroll red5 blue1", seat=1)
    assert state.current_player() == CHANCE and state.tasks == [["roll", "blue"], ["roll", "red"]]
    play(state, "roll 2", "roll 3")
    assert state.dice["red"][0] == 2 and state.dice["blue"][0] == 3
    assert state.step == "action" and state.waiting_for() == [0]


def test_only_pool_dice_can_be_modified() -> None:
    state = play(load(duo()), "take red5", seat=0)
    assert not any("red" in a for a in legal(state, "modify", seat=1))
    assert refused(state, "modify red5 up", seat=1).rule == "dice pool"


def test_a_hunter_who_passed_may_still_use_free_actions() -> None:
    data = duo()
    data.update(passed=[False, True], turns=[1, 1])
    state = load(data)
    assert legal(state, "reroll", seat=1) != []


def test_the_hard_difficulty_starts_with_reroll_only() -> None:
    state = load(duo("hard"))
    assert legal(state, "modify", seat=1) == [] and legal(state, "reroll", seat=1) != []


def test_no_free_actions_while_the_wolves_attack() -> None:
    data = duo()
    data.update(step="choose", turns=[1, 1], passed=[False, True])
    put_wolf(data, "N", "day-16")
    state = play(load(data), "pass", seat=0)
    assert state.tasks[-1] == ["target", "N"] and state.current_player() == 0
    assert state.legal_actions(1) == []


def test_no_free_actions_while_a_kill_bonus_is_chosen() -> None:
    data = duo()
    put_wolf(data, "S", "day-06", damage=1)  # Thin Howler, 1 health left: its bonus is enhance any
    state = play(load(data), "take green4", "write rifle", "rifle S", seat=0)
    assert state.tasks[-1] == ["bonus", 0, "enhance"] and state.current_player() == 0
    assert legal(state) == ["bonus knife", "bonus rifle", "bonus traps"]  # not the killer's own Modify either
    assert state.legal_actions(1) == []
    refused(state, "modify black6 up", seat=1)
    play(state, "bonus traps")
    assert legal(state, "modify", seat=1) != []  # the free moment is back


def test_no_free_actions_during_a_chance_event() -> None:
    state = play(load(duo()), "reroll red5", seat=1)
    assert state.current_player() == CHANCE and state.tasks == [["roll", "red"]]
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    refused(state, "modify black6 up", seat=0)
    refused(state, "reroll black6", seat=0)
    play(state, "roll 2")
    assert legal(state, "modify", seat=1) != []


def assisted(players: int = 2, difficulty: str = "easy") -> dict:
    """Jack (Knife 3) on E-SE beside a wolf at E; on easy every sheet starts with an Assist."""
    data = position(players=players, difficulty=difficulty, characters=("jack", "joanna", "nadia", "viktor"))
    put_wolf(data, "E", "night-16")
    return data


def test_assist_is_offered_to_the_others_once_an_attack_is_ready() -> None:
    state = load(assisted())
    assert legal(state, "assist", seat=1) == []  # no attack ready before a die is written
    play(state, "take red5", "write knife", seat=0)
    assert legal(state, "assist", seat=1) == ["assist"] and legal(state, "assist", seat=0) == []
    assert refused(state, "assist", seat=0).rule == "assist"


def test_each_assist_adds_one_to_the_next_attack_only() -> None:
    data = assisted(players=3)
    data["hunters"][0]["mains"] = {"knife": 1}
    data["hunters"][0]["stats"]["knife"] = 1  # Knife 1
    state = play(load(data), "take red5", "write knife", seat=0)
    play(state, "assist", seat=1)
    play(state, "assist", seat=2)
    play(state, "knife E", seat=0)
    assert state.wolves["E"]["damage"] == 1 + 2
    play(state, "extra knife E", seat=0)
    assert state.wolves["E"]["damage"] == 3 + 1


def test_a_solo_hunter_assists_himself() -> None:
    state = play(load(assisted(players=1)), "take red5", "write knife", "assist", "knife E")
    assert state.wolves["E"]["damage"] == 4 and state.hunters[0]["free"]["assist"] == 0


def test_an_assist_raises_the_trap_values_allowed() -> None:
    data = position(players=2, difficulty="easy", characters=("nadia", "joanna"))
    data["hunters"][0]["stats"]["traps"] = 1
    state = play(load(data), "take yellow3", "write trap", seat=0)
    assert "trap S=trap-3:2" not in legal(state, "trap")
    play(state, "assist", seat=1)
    assert "trap S=trap-3:2" in legal(state, "trap")


def test_an_assist_not_used_lapses_when_the_turn_ends() -> None:
    data = assisted(players=1)
    data["dice"]["red"][0] = 3
    state = play(load(data), "take red3", "write knife", "assist", "end")  # the knife is not used
    assert state.hunters[0]["free"]["assist"] == 0
    play(state, "turn", "face day-01", "back W", "take white4", "write knife", "knife E")
    assert state.wolves["E"]["damage"] == 3  # Knife 3: the assist of the last turn is gone
