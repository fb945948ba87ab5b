"""Interpretations of Den of Wolves (docs/games/den-of-wolves.md) that no rulebook section's module checks already:
the Team Phase is for planning, and a sickbay with a riot on it still takes in a wounded player."""

from __future__ import annotations

from .helpers import act, begin, both, control, refused, seat, to_step, verbs


@both
def test_the_team_phase_is_for_planning_not_for_work(edition: str) -> None:
    state = to_step(begin(edition, "action"), "team")
    assert refused(state, "dione/chief-engineer", "use fore-farms").rule == "phase"
    assert refused(state, "dione/chief-engineer", "fly dione:s1 icebreaker").rule == "phase"
    assert verbs(state, "dione/chief-engineer", "rations")  # rations, crew and sheets are set for the next turn
    assert verbs(state, "dione/chief-engineer", "crew")


@both
def test_a_sickbay_with_a_riot_is_still_undamaged(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot dione.infirmary "unrest"')
    control(state, 'control wound-player icebreaker/captain "a fall"')
    assert "sickbay dione" in verbs(state, "icebreaker/captain", "sickbay")
    act(state, "icebreaker/captain", "sickbay dione")
    assert state.people[str(seat(state, "icebreaker/captain"))]["at"] == "dione"
