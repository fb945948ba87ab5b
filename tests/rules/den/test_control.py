"""Control (the rulebooks' "ask Control" and every "Control will ..."): Control may do anything the rules leave to
it, always with a reason that goes into the log; a pause stops everyone else; Control's legal set is open, so a
well-formed Control action that fits the state is legal even when not listed, and a malformed one is rejected
with InvalidActionError naming what is wrong."""

from __future__ import annotations

import pytest

from wolfpack import IllegalActionError, InvalidActionError
from wolfpack.games.den.state import DenState

from .helpers import act, begin, both, chance, control, edit, log, notices, pending, refused, seat, start, to_step


def control_refused(state: DenState, action: str) -> IllegalActionError:
    """Check that Control may not take `action` now, naming a rule, and that nothing changes."""
    before = state.to_json()
    assert not state.is_legal(action, 0)
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(action, 0)
    assert state.to_json() == before
    assert f"[{error.value.rule}]" in str(error.value)
    return error.value


@both
@pytest.mark.parametrize(
    ("action", "reader", "line"),
    [
        ('control pause "fire drill"', None, 'Control: pause ("fire drill")'),
        ('control set dione.fuel 3 "a leak"', "dione/captain", 'Control: set dione.fuel 3 ("a leak")'),
        ('control set pursuit 7 "scouts sighted"', None, 'Control: set pursuit 7 ("scouts sighted")'),
        ('control fleet-morale 1 "a rescue"', None, 'Control: fleet-morale 1 ("a rescue")'),
        ('control wound dione:c3 "an accident"', "dione/captain", 'Control: wound dione:c3 ("an accident")'),
        ('control riot dione.promenade "unrest"', None, 'Control: riot dione.promenade ("unrest")'),
        ('control move dione q3 "drift"', None, 'Control: move dione q3 ("drift")'),
        ('control brig dione/captain "treason"', None, 'Control: brig dione/captain ("treason")'),
        ('control wound-player dione/captain "a duel"', None, 'Control: wound-player dione/captain ("a duel")'),
        ('control end "the venue closes"', None, 'Control: end ("the venue closes")'),
    ],
)
def test_every_control_action_is_logged_with_its_reason(
    edition: str, action: str, reader: str | None, line: str
) -> None:
    state = control(begin(edition, "action"), action)
    assert line in log(state, reader)
    assert line in log(state, "control")


@both
def test_controls_private_acts_reach_only_the_teams_concerned(edition: str) -> None:
    state = control(begin(edition, "action"), 'control set dione.fuel 3 "a leak"')
    assert 'Control: set dione.fuel 3 ("a leak")' not in log(state, "icebreaker/captain")
    assert 'Control: set dione.fuel 3 ("a leak")' not in log(state, None)
    assert 'Control: set dione.fuel 3 ("a leak")' in log(state, "dione/captain")
    said = [line for line in log(state, "control") if line.startswith("Control: set dione.fuel 3")]
    assert said == ['Control: set dione.fuel 3 ("a leak")'], "Control reads the act once, with its reason"


@both
def test_a_pause_stops_everyone_but_control(edition: str) -> None:
    state = control(begin(edition, "action"), 'control pause "fire drill"')
    assert state.paused and state.observation(None)["paused"]
    assert state.legal_actions(0) == ["control resume"]
    assert all(state.legal_actions(player) == [] for player in range(1, len(state.seats)))
    assert refused(state, "dione/captain", "goto map").rule == "paused"
    assert control_refused(state, "control advance").rule == "paused"
    assert control_refused(state, 'control set pursuit 5 "x"').rule == "paused"
    assert state.is_legal('control end "called off"', 0)
    control(state, "control resume")
    assert not state.paused and "control resume" not in state.legal_actions(0)
    assert control_refused(state, "control resume").rule == "not paused"
    act(state, "dione/captain", "goto map")


@both
@pytest.mark.parametrize(
    ("action", "rule"),
    [
        ('control set pursuit 13 "x"', "range"),
        ('control set dione.morale 11 "x"', "range"),
        ('control set dione.food -1 "x"', "range"),
        ('control set nowhere.food 1 "x"', "unknown ship"),
        ('control set rewards.water -1 "x"', "range"),
        ('control damage nowhere 1 "x"', "unknown ship"),
        ('control wound dione:c99 "x"', "unknown target"),
        ('control repair dione.fore-farms "x"', "not damaged"),
        ('control riot dione.nowhere "x"', "unknown station"),
        ('control move dione q7 "x"', "quadrant"),
        ('control move dione:c3 icebreaker "x"', "station"),
        ('control move dione:u2 q2 "x"', "ship"),
        ('control move nobody dione "x"', "unknown"),
        ('control brig control "x"', "unknown seat"),
        ('control release dione/captain "x"', "not in brig"),
        ('control award dione food 1 "x"', "rewards"),
        ('control freeform dione fuel:99 3 "x"', "cost"),
        ('control settle 1 "x"', "unknown notice"),
        ("control resolve-jumps", "no jumps"),
    ],
)
def test_a_well_formed_control_action_that_does_not_fit_is_refused(edition: str, action: str, rule: str) -> None:
    assert control_refused(begin(edition, "action"), action).rule == rule


def test_classic_control_cannot_set_science() -> None:
    state = begin("classic", "action")
    assert control_refused(state, 'control set dione.science 1 "x"').rule == "edition"
    assert control_refused(state, 'control set rewards.science 1 "x"').rule == "edition"
    assert control_refused(state, 'control award dione science 1 "x"').rule == "edition"
    assert state.is_legal('control set dione.materials 1 "x"', 0)


def test_infinite_domain_control_awards_science() -> None:
    state = control(begin("infinite-domain", "action"), 'control set rewards.science 2 "a find"')
    control(state, 'control award baltar science 2 "for the lab"')
    assert state.ships["baltar"]["hold"]["science"] == 3 and state.rewards == {"science": 0}


def test_infinite_domain_control_sets_science() -> None:
    state = control(begin("infinite-domain", "action"), 'control set baltar.science 4 "a find"')
    assert state.ships["baltar"]["hold"]["science"] == 4


@both
def test_control_sets_morale_pursuit_damage_boarders_and_rewards(edition: str) -> None:
    state = begin(edition, "action")
    control(state, 'control set dione.morale 2 "x"', 'control set pursuit 0 "x"', 'control set dione.damage 4 "x"')
    control(state, 'control set dione.boarders 2 "x"', 'control set rewards.food 5 "x"')
    assert (state.ships["dione"]["morale"], state.pursuit) == (2, 0)
    assert (state.ships["dione"]["damage"], state.ships["dione"]["boarders"]) == (4, 2)
    assert state.rewards == {"food": 5}


@both
def test_control_damage_counts_for_morale_and_draws_a_card_per_point(edition: str) -> None:
    state = control(begin(edition, "action"), 'control damage dione 2 "wolf raiders"')
    assert state.ships["dione"]["damage"] == 2
    assert [e["kind"] for e in state.pending] == ["damage", "damage"]
    assert 'Control: damage dione 2 ("wolf raiders")' in log(state, "dione/captain")
    chance(state, "draw pump-seizure", "draw filter-collapse")
    assert not state.is_chance_node()
    assert state.ships["dione"]["stations"]["water-recycler"]["damage"] == "pump-seizure"
    assert notices(state) == ["dione drew filter-collapse but every water-recycler station is already damaged"]


@both
def test_control_wounds_heals_and_repairs(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound dione:c3 "x"', 'control wound dione:u2 "x"')
    assert state.crew["dione:c3"]["wounded"] and state.units["dione:u2"]["damaged"]
    control(state, 'control heal dione:c3 "x"', 'control heal dione:u2 "x"')
    assert not state.crew["dione:c3"]["wounded"] and not state.units["dione:u2"]["damaged"]
    control(state, 'control damage dione 1 "x"')
    chance(state, "draw crop-blight", "pick fore-farms")
    control(state, 'control repair dione.fore-farms "x"')
    assert state.ships["dione"]["stations"]["fore-farms"]["damage"] is None
    assert "crop-blight" in state.ships["dione"]["deck"]


@both
def test_control_moves_anything(edition: str) -> None:
    state = begin(edition, "action")
    control(state, 'control move carmine q2 "x"', 'control move dione:c3 icebreaker.ice-melt "x"')
    control(state, 'control move dione:u2 carmine "x"', 'control move dione:s1 aegis "x"')
    control(state, 'control move dione/council-member map "x"')
    assert state.ships["carmine"]["quadrant"] == 2
    assert (state.crew["dione:c3"]["ship"], state.crew["dione:c3"]["station"]) == ("icebreaker", "ice-melt")
    assert state.units["dione:u2"]["ship"] == "carmine" and state.shuttles["dione:s1"]["at"] == "aegis"
    assert state.people[str(seat(state, "dione/council-member"))]["at"] == "map"


@both
def test_control_awards_the_rewards_on_the_map(edition: str) -> None:
    state = control(begin(edition, "action"), 'control set rewards.water 3 "a comet"')
    control(state, 'control award dione water 2 "first come"')
    assert (
        state.rewards == {"water": 1} and state.ships["dione"]["hold"]["water"] == start(edition, "dione", "water") + 2
    )
    assert control_refused(state, 'control award dione water 2 "x"').rule == "rewards"


@both
@pytest.mark.parametrize(("odds", "face", "outcome"), [(4, 4, "success"), (4, 3, "failure"), (1, 1, "success")])
def test_a_freeform_action_pays_its_cost_then_rolls_against_its_odds(
    edition: str, odds: int, face: int, outcome: str
) -> None:
    state = control(begin(edition, "action"), f'control freeform dione fuel:2,materials:1 {odds} "a daring plan"')
    fuel, materials = start(edition, "dione", "fuel"), start(edition, "dione", "materials")
    assert (state.ships["dione"]["hold"]["fuel"], state.ships["dione"]["hold"]["materials"]) == (
        fuel - 2,
        materials - 1,
    )
    chance(state, f"roll {face}")
    assert f"dione: a daring plan: roll {face}, {outcome}" in log(state, "dione/captain")


@both
def test_a_freeform_action_at_odds_seven_never_succeeds(edition: str) -> None:
    state = control(begin(edition, "action"), 'control freeform dione - 7 "impossible"')
    chance(state, "roll 6")
    assert "dione: impossible: roll 6, failure" in log(state, "dione/captain")


@both
def test_control_settles_notices(edition: str) -> None:
    state = control(begin(edition, "action"), 'control set dione.morale 0 "despair"')
    assert notices(state) == ["dione has fallen into anarchy (morale 0)"]
    assert 'control settle 1 "settled"' in state.legal_actions(0)
    control(state, 'control settle 1 "the captain calms the crowds"')
    assert notices(state) == []
    assert 'Control: settle 1 ("the captain calms the crowds")' in log(state, "control")


@both
def test_control_ends_the_event(edition: str) -> None:
    state = control(begin(edition, "action"), 'control end "the venue closes"')
    assert state.is_terminal() and state.legal_actions(0) == []


@both
def test_control_lists_the_news_in_the_team_phase(edition: str) -> None:
    listed = begin(edition, "team").legal_actions(0)
    assert [a for a in listed if a.startswith("control news dione")] == [
        "control news dione +1",
        "control news dione +2",
        "control news dione -1",
        "control news dione -2",
    ]
    assert not [a for a in begin(edition, "action").legal_actions(0) if a.startswith("control news")]


@both
@pytest.mark.parametrize(
    "action",
    [
        'control set pursuit 7 "scouts sighted"',
        'control fleet-morale -3 "a ship is lost"',
        'control damage dione 3 "raiders"',
        'control riot carmine.grain-tiers "bread prices"',
        'control freeform carmine - 5 "smuggling"',
        'control brig dione/council-member "a leak"',
    ],
)
def test_unlisted_well_formed_control_actions_are_legal(edition: str, action: str) -> None:
    state = begin(edition, "action")
    assert action not in state.legal_actions(0)
    assert state.is_legal(action, 0)
    assert state.parse_action(action, 0) == action
    control(state, action)


@both
@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("control", "`control` needs a verb"),
        ("control fly", "unknown Control verb 'fly'"),
        ("control pause", "Control's pause needs the reason (none given)."),
        ("control set pursuit 3", "Control's set needs the number, the value and the reason (2 given)."),
        ('control set dione.gold 3 "x"', "Control's set: the number must be pursuit, a ship's morale"),
        ('control set pursuit x "x"', "Control's set: the value must be a whole number"),
        ('control damage dione 0 "x"', 'the damage must be points of damage, a whole number from 1 to 999 (not "0")'),
        ('control freeform dione gold:1 4 "x"', "the cost must be resources with amounts"),
        ('control freeform dione - 8 "x"', "the odds must be the least roll that succeeds, from 1 to 7"),
        ("control clear-riot dione.fore-farms", "Control's clear-riot needs the station and the reason (1 given)."),
        ("control cancel-jump dione", "Control's cancel-jump needs the ship and the reason (1 given)."),
        ('control pause "unclosed', "cannot read"),
        ("", "an empty action"),
    ],
)
def test_malformed_control_actions_are_rejected_naming_the_problem(edition: str, text: str, problem: str) -> None:
    state = begin(edition, "action")
    before = state.to_json()
    assert not state.is_legal(text, 0)
    with pytest.raises(InvalidActionError) as error:
        state.apply_action(text, 0)
    assert problem in str(error.value)
    with pytest.raises(InvalidActionError):
        state.parse_action(text, 0)
    assert state.to_json() == before


@both
def test_only_control_takes_control_actions(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "dione/captain", 'control end "mutiny"').rule == "control"
    assert refused(state, "media/anchor", 'control set pursuit 0 "x"').rule == "control"


@both
def test_control_plays_only_control_actions(edition: str) -> None:
    state = begin(edition, "action")
    before = state.to_json()
    with pytest.raises(IllegalActionError) as error:
        state.apply_action("goto map", 0)
    assert error.value.rule == "control" and state.to_json() == before


@both
def test_control_adds_crew_and_units_removes_them_and_draws_destinations(edition: str) -> None:
    state = begin(edition, "action")
    seated = [cid for cid, crew in state.crew.items() if crew["ship"] == "dione" and crew["station"] == "fore-farms"]
    assert control_refused(state, 'control add-crew dione.fore-farms engineer "one too many"').rule == "capacity"
    control(
        state,
        f'control remove {seated[0]} "lost in an accident"',
        'control add-crew dione.fore-farms engineer "recruits from the refugees"',
        'control add-unit dione security "a militia is raised"',
    )
    assert seated[0] not in state.crew
    crew = [cid for cid in state.crew if cid.startswith("dione:c") and state.crew[cid]["training"] == "engineer"]
    assert any(state.crew[cid]["station"] == "fore-farms" for cid in crew)
    new_unit = max((uid for uid in state.units if uid.startswith("dione:u")), key=lambda u: int(u.split(":u")[1]))
    assert state.units[new_unit]["kind"] == "security" and state.units[new_unit]["ship"] == "dione"
    control(state, f'control remove {new_unit} "disbanded"')
    assert new_unit not in state.units
    control(state, 'control draw-destination dione "a beacon is found"')
    assert pending(state) == "destination"
    assert 'Control: add-unit dione security ("a militia is raised")' in log(state, "control")
    assert not state.is_legal('control remove dione:c999 "nobody"', 0)
    assert not state.is_legal('control add-unit nowhere security "x"', 0)


@both
def test_control_removes_a_riot_active_or_dispersed(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot dione.fore-farms "unrest"')
    assert refused(state, "dione/chief-engineer", "use fore-farms").rule == "riot"
    assert control_refused(state, 'control clear-riot dione.aft-farms "calm"').rule == "no riot"
    assert control_refused(state, 'control clear-riot dione.bridge "calm"').rule == "unknown station"
    action = 'control clear-riot dione.fore-farms "the crowd goes home"'
    assert state.parse_action(action, 0) == action
    control(state, action)
    assert state.ships["dione"]["stations"]["fore-farms"]["riot"] is None
    act(state, "dione/chief-engineer", "use fore-farms")  # Control lifted it outright: the station works again
    assert 'Control: clear-riot dione.fore-farms ("the crowd goes home")' in log(state, None)
    state = edit(state, lambda p: p["ships"]["dione"]["stations"]["aft-farms"].update(riot="dispersed"))
    control(state, 'control clear-riot dione.aft-farms "the counter comes off"')
    assert state.ships["dione"]["stations"]["aft-farms"]["riot"] is None


@both
def test_control_cancels_a_declared_jump_and_returns_its_fuel(edition: str) -> None:
    state = begin(edition, "start")
    act(state, "dione/chief-engineer", "use jump-drive")
    to_step(state, "action")
    assert control_refused(state, 'control cancel-jump dione "no"').rule == "no jump"
    assert control_refused(state, 'control cancel-jump nowhere "no"').rule == "unknown ship"
    act(state, "dione/captain", "jump")
    assert state.ships["dione"]["hold"]["fuel"] == start(edition, "dione", "fuel") - 2
    action = 'control cancel-jump dione "the drive misfires"'
    assert state.parse_action(action, 0) == action
    control(state, action)
    assert (state.ships["dione"]["jump"], state.ships["dione"]["hold"]["fuel"]) == (
        None,
        start(edition, "dione", "fuel"),
    )
    assert 'Control: cancel-jump dione ("the drive misfires")' in log(state, None)
    control(state, "control advance")  # no jump is left to resolve
    assert state.step == "team" and state.ships["dione"]["at"] == state.fleet_at


@both
def test_a_cancelled_jump_may_be_declared_again(edition: str) -> None:
    state = begin(edition, "start")
    act(state, "dione/chief-engineer", "use jump-drive")
    to_step(state, "action")
    act(state, "dione/captain", "jump")
    control(state, 'control cancel-jump dione "hold on"')
    act(state, "dione/captain", "jump")
    assert state.ships["dione"]["jump"] is not None


@both
def test_a_notice_number_never_names_two_notices(edition: str) -> None:
    """Control settles notice 1; the next notice is 2, not 1 again, so a desk's `settle 1` cannot close it."""
    state = control(begin(edition, "action"), 'control set dione.morale 0 "despair"')
    control(state, 'control settle 1 "dealt with"')
    control(state, 'control set dione.morale 3 "restored"')
    control(state, 'control set dione.morale 0 "despair again"')
    assert [n["id"] for n in state.notices] == [2]
    reloaded = state.game.state_from_json(state.to_json())
    control(reloaded, 'control set icebreaker.morale 0 "despair"')
    assert [n["id"] for n in reloaded.notices] == [2, 3]


RULING = "The team elects a new captain at its table; no other effect."


@both
def test_a_standing_policy_settles_every_new_notice_of_its_kind_as_controls_ruling(edition: str) -> None:
    state = control(begin(edition, "action"), f'control policy anarchy "{RULING}"')
    assert state.observation(0)["policies"] == {"anarchy": RULING}
    assert "policies" not in state.observation(None) and "policies" not in state.observation(1)
    control(state, 'control set dione.morale 0 "a bad turn"')
    assert state.notices == [], "settled at once: nothing waits for Control"
    log = state.log(0)
    assert f'Control: settle 1 by the standing policy on anarchy ("{RULING}")' in log
    assert "notice 1: dione has fallen into anarchy (morale 0)" in log
    # A notice of another kind still waits; ending the policy makes its kind wait again.
    control(state, 'control end-policy anarchy "each case on its merits"')
    control(state, 'control set dione.morale 3 "recovered"', 'control set dione.morale 0 "again"')
    assert [(n["id"], n["kind"]) for n in state.notices] == [(2, "anarchy")]


@both
def test_a_policy_is_refused_when_it_changes_nothing_or_names_no_kind_of_notice(edition: str) -> None:
    state = control(begin(edition, "action"), f'control policy anarchy "{RULING}"')
    assert control_refused(state, f'control policy anarchy "{RULING}"').rule == "unchanged"
    assert control_refused(state, 'control end-policy separated "no such policy"').rule == "no policy"
    with pytest.raises(InvalidActionError, match="the notice type must be separated, no-room"):
        state.apply_action(f'control policy mutiny "{RULING}"', 0)


@both
def test_a_position_saved_before_policies_loads_with_none(edition: str) -> None:
    state = begin(edition, "action")
    position = state.to_dict()["position"]
    del position["policies"]
    assert state.game.state_from_position(position).policies == {}
