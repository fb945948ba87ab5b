"""Rulebook section "Winning or Losing": the Pack Leader's death wins; a last heart, last elder or round 6 loses."""

from __future__ import annotations

from .helpers import load, play, position, put_wolf


def test_killing_the_pack_leader_wins_at_once_for_everyone() -> None:
    data = position(players=2)
    data["round"] = 5
    put_wolf(data, "S", "leader-4", damage=11)
    state = play(load(data), "take green4", "write rifle", "rifle S", seat=0)
    assert state.is_terminal() and state.returns() == [1.0, 1.0]


def test_a_hunter_losing_the_last_heart_loses_the_game_for_everyone() -> None:
    data = position(players=2)
    data["hunters"][0]["hearts"] = 1
    put_wolf(data, "N", "day-16")
    play_state = load(data)
    play(play_state, "take red5", "write knife", "knife N", seat=0)
    assert play_state.is_terminal() and play_state.returns() == [0.0, 0.0]


def test_the_last_elder_dying_loses() -> None:
    data = position()
    data.update(step="choose", elders=1)
    put_wolf(data, "S", "day-16")
    data["dogs"]["dog-s"] = None
    state = play(load(data), "pass")
    assert state.is_terminal() and state.elders == 0 and state.returns() == [0.0]


def test_the_end_of_round_six_loses_if_the_pack_leader_lives() -> None:
    data = position()
    data.update(step="choose", round=6)
    put_wolf(data, "N", "leader-4")
    state = play(load(data), "pass")
    assert state.is_terminal() and state.returns() == [0.0]


def test_a_blow_that_kills_the_pack_leader_wins_even_if_its_bite_back_would_kill() -> None:
    data = position(characters=("joanna",))
    data["hunters"][0]["hearts"] = 1
    data["hunters"][0]["stats"]["knife"] = 8
    data["leader"] = "leader-1"
    put_wolf(data, "N", "leader-1", damage=12)
    state = play(load(data), "take red5", "write knife", "knife N")
    assert state.returns() == [1.0]


def test_killing_a_pack_leader_whose_bonus_needs_a_choice_leaves_nothing_pending() -> None:
    data = position(players=2)
    data.update(round=5, leader="leader-1")
    put_wolf(data, "S", "leader-1", damage=12)  # The Grey King: its bonus asks which stat to enhance
    state = play(load(data), "take green4", "write rifle", "rifle S", seat=0)
    assert state.is_terminal() and state.returns() == [1.0, 1.0]
    assert state.tasks == [] and state.observation()["tasks"] == []
