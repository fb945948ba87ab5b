"""Rulebook "Vessel Privacy" (and what each seat may know): everyone knows every ship's basic facts; a ship's
panel (hold, stations, crew) is seen by its team and by anyone at its table unless the team covers it; a team's
action cards, destination cards and learnt coordinates, and its look through its own damage deck, never reach
another team; Control sees everything. Log lines are public, for the teams they concern, or for Control."""

from __future__ import annotations

import json
from typing import Any

from wolfpack.games.den.state import DenState

from .helpers import act, begin, both, control, log, refused, seat


def view(state: DenState, label: str | None) -> dict[str, Any]:
    return state.observation(None if label is None else seat(state, label))


@both
def test_control_sees_every_panel_hand_card_deck_and_notice(edition: str) -> None:
    state = begin(edition, "action")
    control(state, 'control freeform dione - 4 "a daring plan"')
    seen = view(state, "control")
    assert set(seen["panels"]) == set(state.ships)
    assert seen["held"] == {"aegis": ["cinder-moon"]}
    assert set(seen["hands"]) == {s.label for i, s in enumerate(state.seats) if state.hands[str(i)]}
    assert set(seen["decks"]) == set(state.ships)
    assert seen["destination_deck"] == len(state.destinations["deck"])
    assert seen["fleet_at"] == "origin"
    assert "notices" in seen


@both
def test_a_team_sees_its_own_panel_hands_and_destination_cards(edition: str) -> None:
    state = begin(edition, "action")
    seen = view(state, "aegis/xo")
    assert set(seen["panels"]) == {"aegis"}
    assert set(seen["hands"]) == {
        s.label for i, s in enumerate(state.seats) if s.ship == "aegis" and state.hands[str(i)]
    }
    assert seen["held"] == {"aegis": ["cinder-moon"]}
    assert [card["coordinates"] for card in seen["destinations"]] == ["10482"]
    assert "decks" not in seen and "notices" not in seen and seen["fleet_at"] is None


@both
def test_another_team_sees_only_the_basic_facts(edition: str) -> None:
    state = begin(edition, "action")
    seen = view(state, "dione/captain")
    assert set(seen["panels"]) == {"dione"}
    assert seen["held"] == {"dione": []} and seen["destinations"] == []
    assert all(label.startswith("dione/") for label in seen["hands"])
    assert set(seen["ships"]) == set(state.ships)
    assert {"name", "nation", "size", "quadrant", "with_fleet", "riots"} <= set(seen["ships"]["aegis"])
    text = json.dumps(seen)
    assert "cinder-moon" not in text and "10482" not in text
    assert "flight-school" not in text  # an Aegis action card


@both
def test_a_visitor_at_a_table_sees_its_panel(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/council-member", "goto icebreaker")
    assert set(view(state, "dione/council-member")["panels"]) == {"dione", "icebreaker"}
    assert view(state, "dione/council-member")["panels"]["icebreaker"]["hold"]["ore"] == 4
    assert set(view(state, "dione/captain")["panels"]) == {"dione"}  # the rest of the team is not there


@both
def test_a_covered_panel_is_hidden_from_visitors_but_not_from_its_team(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/council-member", "goto icebreaker")
    act(state, "icebreaker/first-officer", "hide")
    assert state.ships["icebreaker"]["hidden"] and view(state, None)["ships"]["icebreaker"]["hidden"]
    assert "icebreaker covers its panel" in log(state, None)
    assert set(view(state, "dione/council-member")["panels"]) == {"dione"}
    assert set(view(state, "icebreaker/captain")["panels"]) == {"icebreaker"}
    assert refused(state, "icebreaker/first-officer", "hide").rule == "hidden"
    act(state, "icebreaker/captain", "show")
    assert set(view(state, "dione/council-member")["panels"]) == {"dione", "icebreaker"}
    assert refused(state, "icebreaker/captain", "show").rule == "shown"


@both
def test_covering_the_panel_is_done_aboard(edition: str) -> None:
    state = act(begin(edition, "action"), "icebreaker/first-officer", "goto dione")
    assert refused(state, "icebreaker/first-officer", "hide").rule == "aboard"


@both
def test_hands_and_destination_cards_never_reach_a_visitor(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/council-member", "goto aegis")
    seen = view(state, "dione/council-member")
    assert "aegis" in seen["panels"]
    assert seen["held"] == {"dione": []}
    assert not any(label.startswith("aegis/") for label in seen["hands"])
    assert "cinder-moon" not in json.dumps(seen)


@both
def test_the_media_see_a_panel_only_at_its_table(edition: str) -> None:
    state = begin(edition, "action")
    assert view(state, "media/anchor")["panels"] == {}
    assert "hands" not in view(state, "media/anchor")
    act(state, "media/anchor", "goto dione")
    assert set(view(state, "media/anchor")["panels"]) == {"dione"}


@both
def test_the_public_view_has_the_basic_facts_and_no_panel(edition: str) -> None:
    state = begin(edition, "action")
    seen = view(state, None)
    assert seen["panels"] == {} and seen["seat"] is None
    assert "hands" not in seen and "held" not in seen
    assert set(seen["ships"]) == set(state.ships) and seen["pursuit"] == 3
    assert seen["people"]["dione/captain"] == {"at": "dione", "status": "free"}


@both
def test_a_teams_log_lines_reach_that_team_and_control_only(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/chief-engineer", "use fore-farms")
    line = "dione/chief-engineer: use fore-farms"
    assert line in log(state, "dione/captain") and line in log(state, "control")
    assert line not in log(state, "icebreaker/captain") and line not in log(state, None)
    assert line not in log(state, "media/anchor")


@both
def test_a_line_for_two_teams_reaches_both(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/chief-engineer", "fly dione:s1 icebreaker")
    act(state, "icebreaker/chief-engineer", "load dione:s1 ore 1")
    line = "icebreaker/chief-engineer: load dione:s1 ore 1"
    assert line in log(state, "dione/captain") and line in log(state, "icebreaker/captain")
    assert line not in log(state, "carmine/captain")


@both
def test_controls_notices_reach_control_only(edition: str) -> None:
    state = control(begin(edition, "action"), 'control freeform dione - 4 "a daring plan"')
    assert state.is_chance_node()
    state.apply_action("roll 5")
    assert "dione: a daring plan: roll 5, success" in log(state, "dione/captain")
    assert "dione: a daring plan: roll 5, success" not in log(state, "icebreaker/captain")
    control(state, 'control set dione.morale 0 "despair"')
    line = "notice 1: dione has fallen into anarchy (morale 0)"
    assert line in log(state, "control") and line not in log(state, "dione/captain") and line not in log(state, None)


@both
def test_public_lines_reach_everyone(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/captain", "goto map")
    for label in ("control", "dione/first-officer", "icebreaker/captain", "media/anchor", None):
        assert "dione/captain goes to map" in log(state, label)


@both
def test_a_look_through_the_damage_deck_stays_with_the_team(edition: str) -> None:
    state = act(begin(edition, "action"), "carmine/chief-engineer", "look-deck")
    line = next(line for line in log(state, "carmine/captain") if "looks through the damage deck" in line)
    assert line.startswith("carmine/chief-engineer looks through the damage deck: crop-blight, crop-blight,")
    assert line not in log(state, "dione/captain") and line not in log(state, None)


@both
def test_the_planted_secrets_reach_exactly_their_teams(edition: str) -> None:
    planted, viewers = begin(edition, "action").with_canaries()
    for viewer, (must, never) in viewers.items():
        text = json.dumps(planted.observation(viewer)) + "\n".join(planted.log(viewer))
        assert all(canary in text for canary in must), viewer
        assert not any(canary in text for canary in never), viewer
