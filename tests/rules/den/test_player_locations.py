"""Rulebook "Player Locations": players walk between tables in the Action Phase, and where they stand is where they
are; only commanders and those commanding fighters or batteries approach the fleet map; a wounded player goes to
a ship with an undamaged sickbay and stays there until the Team Phase is over; a player in the Aegis' brig can
only name a contact (once) and, in Infinite Domain, after a full turn, try to escape; work on a ship panel needs
the player at their own ship's table."""

from __future__ import annotations

from typing import Any

import pytest

from wolfpack.games.den.state import DenState

from .helpers import act, begin, both, chance, control, log, next_turn, notices, refused, seat, to_step, verbs


def person(state: DenState, label: str) -> dict[str, Any]:
    return dict(state.people[str(seat(state, label))])


@both
def test_a_player_walks_to_another_table_in_the_action_phase(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/council-member", "goto icebreaker")
    assert person(state, "dione/council-member")["at"] == "icebreaker"
    assert "dione/council-member goes to icebreaker" in log(state, None)
    assert refused(state, "dione/council-member", "goto icebreaker").rule == "already there"
    assert refused(state, "dione/council-member", "goto nowhere").rule == "unknown ship"
    for step in ("start", "team"):
        assert refused(begin(edition, step), "dione/council-member", "goto icebreaker").rule == "phase"


@both
def test_a_team_seat_may_go_to_every_other_table(edition: str) -> None:
    state = begin(edition, "action")
    assert verbs(state, "dione/council-member", "goto") == sorted(f"goto {s}" for s in state.ships if s != "dione")


@pytest.mark.parametrize(
    ("edition", "label", "may"),
    [
        ("classic", "dione/captain", True),
        ("classic", "dione/first-officer", True),
        ("classic", "dione/council-member", False),
        ("classic", "aegis/fwco", True),
        ("classic", "aegis/comms-officer", False),
        ("classic", "vulcan/warden", True),
        ("infinite-domain", "vulcan/warden", False),
        ("infinite-domain", "vulcan/captain", True),
        ("infinite-domain", "aegis/cag", True),
        ("infinite-domain", "javelin/xo", True),
        ("infinite-domain", "hephaestus/diplomat", False),
        ("classic", "media/anchor", False),
    ],
)
def test_only_commanders_and_fighter_or_battery_commanders_approach_the_map(
    edition: str, label: str, may: bool
) -> None:
    state = begin(edition, "action")
    if may:
        act(state, label, "goto map")
        assert person(state, label)["at"] == "map"
    else:
        assert refused(state, label, "goto map").rule == "map"


@both
def test_the_media_walk_between_tables_but_work_no_panel(edition: str) -> None:
    state = act(begin(edition, "action"), "media/reporter", "goto carmine")
    assert person(state, "media/reporter")["at"] == "carmine"
    assert refused(state, "media/reporter", "use grain-tiers").rule == "team only"


@both
def test_panel_work_needs_the_player_at_their_own_table(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/chief-engineer", "goto icebreaker")
    for action in ("use fore-farms", "crew dione:c4 infirmary", "load dione:s1 food 1", "hide", "look-deck"):
        assert refused(state, "dione/chief-engineer", action).rule == "aboard", action
    # Choices that are no panel work still go through, and the rest of the team works the panel.
    act(state, "dione/chief-engineer", "rations food low")
    act(state, "dione/captain", "use fore-farms")
    act(state, "dione/chief-engineer", "goto dione", "use fore-farms")


@both
def test_a_wounded_player_must_first_choose_a_ship_with_an_undamaged_sickbay(edition: str) -> None:
    state = control(begin(edition, "action"), 'control damage dione 1 "hit"')
    chance(state, "draw ward-fire")
    control(state, 'control wound-player dione/captain "shot"')
    sickbays = ["aegis", "asclepius", "halcyon", "quellon"] + (["javelin"] if edition == "infinite-domain" else [])
    assert sorted(state.legal_actions(seat(state, "dione/captain"))) == sorted(f"sickbay {s}" for s in sickbays)
    assert refused(state, "dione/captain", "goto icebreaker").rule == "wounded player"
    assert refused(state, "dione/captain", "sickbay dione").rule == "sickbay"
    assert refused(state, "dione/captain", "sickbay carmine").rule == "sickbay"
    assert refused(state, "dione/first-officer", "sickbay aegis").rule == "not wounded"


@both
def test_a_player_in_a_sickbay_stays_there_until_the_team_phase_is_over(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound-player dione/captain "shot"')
    crew = {cid: dict(c) for cid, c in state.crew.items()}
    act(state, "dione/captain", "sickbay asclepius")
    assert {k: person(state, "dione/captain")[k] for k in ("at", "status")} == {"at": "asclepius", "status": "sickbay"}
    assert state.crew == crew  # a patient takes no medic and no seat
    assert "dione/captain is treated in asclepius's sickbay" in log(state, None)
    assert refused(state, "dione/captain", "goto dione").rule == "sickbay"
    control(state, "control advance")
    assert person(state, "dione/captain")["at"] == "asclepius"  # not sent back to the Dione's table
    next_turn(state)
    assert {k: person(state, "dione/captain")[k] for k in ("at", "status")} == {"at": "dione", "status": "free"}
    to_step(state, "action")
    act(state, "dione/captain", "goto map")


@both
def test_a_player_in_the_brig_only_names_a_contact(edition: str) -> None:
    state = control(begin(edition, "action"), 'control brig dione/captain "suspected wolf"')
    assert {k: person(state, "dione/captain")[k] for k in ("at", "status")} == {"at": "aegis", "status": "brig"}
    others = sorted(f"contact {s.label}" for s in state.seats[1:] if s.label != "dione/captain")
    assert sorted(state.legal_actions(seat(state, "dione/captain"))) == others
    for action in ("goto dione", "use fore-farms", "rations food low", "give gala-evening dione/first-officer"):
        assert refused(state, "dione/captain", action).rule == "brig", action
    act(state, "dione/captain", "contact dione/first-officer")
    assert person(state, "dione/captain")["contact"] == "dione/first-officer"
    assert "dione/captain in the brig names dione/first-officer as their contact" in log(state, None)
    assert refused(state, "dione/captain", "contact icebreaker/captain").rule == "once"
    assert refused(state, "dione/first-officer", "contact dione/captain").rule == "brig"


@both
def test_a_prisoner_cannot_work_the_aegis_panel(edition: str) -> None:
    label = "aegis/xo"
    state = control(begin(edition, "action"), f'control brig {label} "mutiny"')
    assert refused(state, label, "use hydroponics").rule == "brig"


@both
def test_a_released_prisoner_is_free_where_they_stand(edition: str) -> None:
    state = control(
        begin(edition, "action"), 'control brig dione/captain "x"', 'control release dione/captain "cleared"'
    )
    assert {k: person(state, "dione/captain")[k] for k in ("at", "status")} == {"at": "aegis", "status": "free"}
    act(state, "dione/captain", "goto dione")


def test_classic_has_no_escape_rule() -> None:
    state = control(begin("classic", "action"), 'control brig dione/captain "x"')
    for _ in range(2):
        next_turn(to_step(state, "team"))
    assert refused(state, "dione/captain", "escape").rule == "edition"


def test_infinite_domain_a_prisoner_jailed_at_the_start_of_a_turn_may_escape_once_that_turn_is_over() -> None:
    state = control(begin("infinite-domain", "start"), 'control brig dione/captain "x"')
    assert person(state, "dione/captain")["since"] == 1  # turn 1's Action and Team Phases are whole in the brig
    to_step(state, "action")
    assert refused(state, "dione/captain", "escape").rule == "full turn"
    to_step(state, "team")
    assert refused(state, "dione/captain", "escape").rule == "full turn"
    next_turn(state)
    act(state, "dione/captain", "escape")
    assert notices(state) == ["dione/captain tries to escape the brig"]


def test_infinite_domain_a_prisoner_jailed_in_the_team_phase_waits_for_the_next_whole_turn() -> None:
    state = control(begin("infinite-domain", "team"), 'control brig dione/captain "x"')
    next_turn(state)
    to_step(state, "team")
    assert refused(state, "dione/captain", "escape").rule == "full turn"
    next_turn(state)
    act(state, "dione/captain", "escape")


def test_infinite_domain_prisoner_may_try_to_escape_after_a_full_turn() -> None:
    state = control(begin("infinite-domain", "action"), 'control brig dione/captain "x"')
    assert refused(state, "dione/captain", "escape").rule == "full turn"
    next_turn(to_step(state, "team"))
    assert refused(state, "dione/captain", "escape").rule == "full turn"  # turn 2 is the full turn
    next_turn(to_step(state, "team"))
    assert "escape" in state.legal_actions(seat(state, "dione/captain"))
    act(state, "dione/captain", "escape")
    assert notices(state) == ["dione/captain tries to escape the brig"]
    assert refused(state, "dione/captain", "escape").rule == "asked"
    assert refused(state, "dione/first-officer", "escape").rule == "brig"


@both
def test_control_cannot_wound_a_prisoner_out_of_the_brig(edition: str) -> None:
    state = control(begin(edition, "action"), 'control brig dione/captain "mutiny"')
    before = state.to_json()
    assert not state.is_legal('control wound-player dione/captain "a fall"', 0)
    assert state.to_json() == before
    assert person(state, "dione/captain")["status"] == "brig"
