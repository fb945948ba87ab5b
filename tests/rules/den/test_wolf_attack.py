"""Rulebook "Wolf Attack": Control starts one at any moment of the Action Phase; the Wolves' strength follows the
pursuit track (combat.toml's strength rows); the listed roles report to the map and everyone else stays at their
table; no crew, resources or units move between ships; Fleet and Wolf rounds alternate, Fleet first; ships may
jump from the second Fleet round; if every ship jumps the Wolf units on the map are gone; fighters go with their
ship; when the attack ends the recorded damage becomes damage cards and the morale roll counts it and the boarders.

Default packs: q1 holds the Star Alpha (size 1) then the Dione (size 2), so a Wolf's d6 in q1 reads 1 Star Alpha,
2-3 Dione, 4-5 empty (the Aegis), 6 the Aegis. The Dione's units: dione:u1 a fighter (on patrol in q1), dione:u2
security; the Aegis' fighters aegis:u1-u4 patrol q1-q4, its marines are aegis:u5-u7. Classic strength: pursuit
0-2 two fighters and a boarding squadron, 3-5 three and one, 11-12 six and three with a raider on a d6 of 4 or
less; Infinite Domain: 3-5 three and two, 11-12 seven and three (raider on 4 or less)."""

from __future__ import annotations

import pytest

from wolfpack.games.den.state import DenState
from wolfpack.games.den.turn import morale_modifier

from .helpers import (
    act,
    battle,
    begin,
    both,
    chance,
    control,
    edit,
    log,
    notices,
    refused,
    resolve,
    seat,
    verbs,
    wolf_round,
)

REPORTERS = {
    "classic": [
        "aegis/xo",
        "aegis/fwco",
        "dione/first-officer",
        "icebreaker/first-officer",
        "quellon/first-officer",
        "vulcan/warden",
    ],
    "infinite-domain": [
        "aegis/admiral",
        "aegis/xo",
        "aegis/cag",
        "dione/first-officer",
        "icebreaker/first-officer",
        "quellon/first-officer",
        "vulcan/captain",
        "javelin/captain",
        "javelin/xo",
    ],
}


def kinds_pending(state: DenState) -> list[str]:
    """The Wolf kinds waiting to be placed, in order."""
    return [event["wolf"] for event in state.pending if event["kind"] == "wolf-place"]


@both
@pytest.mark.parametrize("step", ["start", "team"])
def test_an_attack_starts_only_in_the_action_phase(edition: str, step: str) -> None:
    state = begin(edition, step)
    error = refused(state, "control", 'control attack "now"')
    assert error.rule == "phase"


@both
def test_only_one_attack_at_a_time(edition: str) -> None:
    state = battle(edition, "fighter@q2")
    assert refused(state, "control", 'control attack "again"').rule == "attack"


@pytest.mark.parametrize(
    ("edition", "pursuit", "fighters", "boarding"),
    [
        ("classic", 0, 2, 1),
        ("classic", 4, 3, 1),
        ("classic", 7, 4, 2),
        ("infinite-domain", 4, 3, 2),
        ("infinite-domain", 7, 5, 2),
    ],
)
def test_the_wolves_strength_follows_the_pursuit_track(
    edition: str, pursuit: int, fighters: int, boarding: int
) -> None:
    state = control(begin(edition, "action"), f'control set pursuit {pursuit} "track"', 'control attack "found"')
    assert sorted(kinds_pending(state)) == ["boarding"] * boarding + ["fighter"] * fighters
    assert not any(event["kind"] == "wolf-large" for event in state.pending)


@both
@pytest.mark.parametrize(("face", "raider"), [(5, True), (6, False)])  # the packs' raider comes on 5 or less at 11
def test_a_high_track_may_bring_a_larger_wolf_ship(edition: str, face: int, raider: bool) -> None:
    state = control(begin(edition, "action"), 'control set pursuit 11 "close"', 'control attack "found"')
    while state.pending[0]["kind"] == "wolf-place":
        chance(state, "pick q2")
    chance(state, f"roll {face}")
    assert kinds_pending(state) == (["raider"] if raider else [])
    resolve(state)
    assert state.attack is not None
    assert any(w["kind"] == "raider" for w in state.attack["wolves"].values()) == raider


@both
def test_each_wolf_appears_in_a_random_quadrant(edition: str) -> None:
    state = control(begin(edition, "action"), 'control attack "found"')
    quadrants = state.quadrant_count
    assert state.chance_outcomes() == tuple((f"pick q{q}", 1 / quadrants) for q in range(1, quadrants + 1))
    chance(state, "pick q3")
    assert state.attack is not None
    assert state.attack["wolves"]["w1"] == {"kind": "fighter", "quadrant": 3, "ship": None, "hits": 0}
    assert state.attack["side"] == "placing"
    resolve(state)
    assert state.attack["side"] == "fleet" and "Fleet round 1" in log(state, None)


@both
def test_the_listed_roles_report_to_the_map_and_the_rest_stay(edition: str) -> None:
    state = control(begin(edition, "action"), 'control attack "found"')
    for label in REPORTERS[edition]:
        assert state.people[str(seat(state, label))]["at"] == "map", label
    assert state.people[str(seat(state, "dione/captain"))]["at"] == "dione"
    assert state.people[str(seat(state, "carmine/first-officer"))]["at"] == "carmine"


@both
def test_a_reporter_in_the_brig_stays_there(edition: str) -> None:
    state = control(begin(edition, "action"), 'control brig dione/first-officer "suspect"', 'control attack "now"')
    assert state.people[str(seat(state, "dione/first-officer"))] | {"since": 0} == {
        "at": "aegis",
        "status": "brig",
        "since": 0,
        "contact": None,
    }


@both
@pytest.mark.parametrize(
    ("label", "action"),
    [
        ("dione/captain", "goto icebreaker"),
        ("dione/chief-engineer", "fly dione:s1 icebreaker"),
        ("dione/chief-engineer", "load dione:s1 food 1"),
        ("dione/captain", "move q3"),
    ],
)
def test_nobody_and_nothing_moves_between_ships_during_an_attack(edition: str, label: str, action: str) -> None:
    quiet = begin(edition, "action")
    assert action in quiet.legal_actions(seat(quiet, label))
    state = battle(edition, "fighter@q2")
    assert refused(state, label, action).rule == "attack"


@both
def test_action_cards_pass_across_a_table_but_not_between_tables_during_an_attack(edition: str) -> None:
    state = battle(edition, "fighter@q2")
    # The Dione's captain stays at its table, its chief engineer too; its first officer reported to the map.
    assert state.people[str(seat(state, "dione/first-officer"))]["at"] == "map"
    assert verbs(state, "dione/captain", "give") == sorted(
        f"give {card} {mate}"
        for card in state.hands[str(seat(state, "dione/captain"))]
        for mate in ("dione/chief-engineer", "dione/council-member")
    )
    error = refused(state, "dione/captain", "give gala-evening dione/first-officer")
    assert error.rule == "attack"
    assert "dione/first-officer is not" in str(error)
    act(state, "dione/captain", "give gala-evening dione/chief-engineer")
    assert "gala-evening" in state.hands[str(seat(state, "dione/chief-engineer"))]


@both
def test_a_tradeable_card_passes_to_another_team_at_the_same_table_during_an_attack(edition: str) -> None:
    state = act(begin(edition, "action"), "carmine/captain", "goto dione")
    resolve(control(state, 'control attack "found"'))
    offered = verbs(state, "carmine/captain", "give")
    assert "give seed-bank dione/captain" in offered
    at_the_dione = {"dione/captain", "dione/chief-engineer", "dione/council-member"}
    assert {action.split()[2] for action in offered} <= at_the_dione
    act(state, "carmine/captain", "give seed-bank dione/captain")
    assert refused(state, "dione/captain", "give seed-bank carmine/chief-engineer").rule == "attack"


@both
def test_crew_may_still_change_stations_within_their_ship(edition: str) -> None:
    state = battle(edition, "fighter@q2")
    moves = verbs(state, "dione/chief-engineer", "crew")
    assert moves
    act(state, "dione/chief-engineer", moves[0])


@both
def test_rounds_alternate_fleet_first(edition: str) -> None:
    state = battle(edition, "fighter@q3")
    assert (state.attack or {})["side"] == "fleet"
    control(state, "control wolf-round")
    assert state.pending == [{"kind": "wolf-target", "wolf": "w1"}]
    assert state.is_chance_node()
    chance(state, "roll 6")
    assert state.attack is not None and (state.attack["side"], state.attack["round"]) == ("fleet", 2)
    assert "Wolf round 1" in log(state, None) and "Fleet round 2" in log(state, None)
    assert "control wolf-round" in state.legal_actions(0)


@both
def test_control_cannot_end_the_phase_during_an_attack(edition: str) -> None:
    state = battle(edition, "fighter@q3")
    assert refused(state, "control", "control advance").rule == "attack"


@both
def test_each_unit_acts_once_a_fleet_round(edition: str) -> None:
    state = battle(edition, "fighter@q1", "fighter@q1", "fighter@q1")
    pilot = "aegis/xo" if edition == "classic" else "aegis/cag"
    act(state, pilot, "strike aegis:u1 w1")
    chance(state, "roll 3")
    assert refused(state, pilot, "strike aegis:u1 w2").rule == "acted"
    assert refused(state, pilot, "deploy aegis:u1 q2").rule == "acted"
    wolf_round(state, "roll 6", "roll 6")
    act(state, pilot, "strike aegis:u1 w2")


@both
def test_ships_jump_only_from_the_second_fleet_round(edition: str) -> None:
    state = battle(edition, "fighter@q3")
    state = edit(state, lambda p: p["ships"]["dione"].update(drive_ready=True))
    assert refused(state, "dione/captain", "jump").rule == "attack"
    wolf_round(state, "roll 1")
    assert (state.attack or {})["round"] == 2
    act(state, "dione/captain", "jump")
    assert state.ships["dione"]["jump"] is not None


@both
def test_a_ship_that_jumps_leaves_the_battle_with_its_fighters(edition: str) -> None:
    state = battle(edition, "fighter@q3")
    state = edit(state, lambda p: p["ships"]["dione"].update(drive_ready=True))
    wolf_round(state, "roll 1")
    act(state, "dione/captain", "jump")
    control(state, "control resolve-jumps")
    assert state.attack is not None
    assert "dione" not in state.attack["ships"]
    assert state.units["dione:u1"]["quadrant"] is None
    assert state.units["aegis:u1"]["quadrant"] == 1


@both
def test_when_every_ship_has_jumped_only_the_boarders_remain(edition: str) -> None:
    state = battle(edition, "fighter@q1", "boarding@q2", "boarding@dione")

    def dione_alone(position: dict) -> None:
        position["attack"]["ships"] = ["dione"]
        position["ships"]["dione"]["drive_ready"] = True
        position["attack"]["round"] = 2

    state = edit(state, dione_alone)
    act(state, "dione/captain", "jump")
    control(state, "control resolve-jumps")
    assert state.attack is not None
    assert list(state.attack["wolves"]) == ["w3"]
    assert "the Wolf units on the map are gone" in " ".join(log(state, None))


@both
def test_the_attack_ends_when_no_wolf_is_left_and_its_damage_becomes_cards(edition: str) -> None:
    state = battle(edition, "fighter@q1", "boarding@dione")
    wolf_round(state, "roll 2", *(["roll 2"] if edition == "classic" else []))  # w1 hits the Dione; w2 fights
    assert state.attack is not None and state.attack["damage"] == {"dione": 2}
    assert state.ships["dione"]["damage"] == 0  # nothing is drawn while the attack lasts
    aegis_pilot = "aegis/xo" if edition == "classic" else "aegis/cag"
    act(state, aegis_pilot, "strike aegis:u1 w1")
    chance(state, "roll 3")
    act(state, "dione/captain", "fight dione:u2")
    chance(state, "roll 4")
    assert state.attack is None
    assert "the Wolf Attack is over (no Wolf unit is left)" in log(state, None)
    assert state.ships["dione"]["damage"] == 2 and state.ships["dione"]["boarders"] == 1
    assert [event["kind"] for event in state.pending] == ["damage", "damage"]
    assert morale_modifier(state, "dione") == -2 - 1
    assert state.battles == [
        {
            "turn": 1,
            "pursuit": 0,
            "rounds": 2,
            "arrived": 2,
            "left": 0,
            "damage": {"dione": 2},
            "boarded": {"dione": 1},
            "hurt": [],
            "lost": [],
            "why": "no Wolf unit is left",
        }
    ]


@both
def test_control_may_end_an_attack_and_hears_of_boarders_left_aboard(edition: str) -> None:
    state = battle(edition, "fighter@q1", "boarding@icebreaker")
    control(state, 'control end-attack "the Wolves withdraw"')
    assert state.attack is None
    assert any("boarders are still aboard icebreaker" in text for text in notices(state))
    assert state.ships["icebreaker"]["boarders"] == 1
    act(state, "dione/captain", "goto icebreaker")


@both
def test_control_adds_wolves_only_during_an_attack_and_where_they_fit(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "control", 'control wolves fighter 1 q1 "more"').rule == "no attack"
    state = battle(edition, "fighter@q1")
    assert refused(state, "control", 'control wolves dragon 1 q1 "more"').rule == "wolf kind"
    assert refused(state, "control", 'control wolves fighter 1 dione "more"').rule == "aboard"
    assert refused(state, "control", 'control wolves fighter 1 q9 "more"').rule == "quadrant"


@both
def test_the_attack_is_on_every_seats_view(edition: str) -> None:
    state = battle(edition, "fighter@q2")
    for label in ("media/anchor", "carmine/captain", "aegis/xo"):
        view = state.observation(seat(state, label))
        assert view["attack"]["wolves"] == {"w1": {"kind": "fighter", "quadrant": 2, "ship": None, "hits": 0}}
    assert state.observation(None)["attack"]["side"] == "fleet"


@both
def test_a_full_step_still_lets_control_fight_the_attack_to_its_end(edition: str) -> None:
    state = battle(edition, "fighter@q3", phase_actions=10)
    state = edit(state, lambda p: p.update(step_actions=10))
    assert refused(state, "dione/captain", "goto icebreaker").rule == "phase limit"
    legal = state.legal_actions(0)
    assert "control wolf-round" in legal and 'control end-attack "the Wolves withdraw"' in legal
    control(state, 'control end-attack "the Wolves withdraw"', "control advance")
    assert state.step == "team"


@pytest.mark.parametrize("edition", ["classic", "infinite-domain"])
def test_a_whole_small_attack_round_by_round(edition: str) -> None:
    """Pursuit 0: two Wolf fighters and a boarding squadron, all drawn into q1 (the Star Alpha and the Dione)."""
    state = control(begin(edition, "action"), 'control set pursuit 0 "calm"', 'control attack "the Wolves come"')
    assert kinds_pending(state) == ["fighter", "fighter", "boarding"]
    chance(state, "pick q1", "pick q1", "pick q1")
    assert state.attack is not None and state.attack["side"] == "fleet" and state.attack["round"] == 1
    pilot = "aegis/fwco" if edition == "classic" else "aegis/cag"

    # Fleet round 1: the Aegis' q1 squadron rolls 2 and is damaged; the Dione's rolls 5: two hits, on the
    # boarding squadron it named (w3), then on the first fighter (w1).
    act(state, pilot, "strike aegis:u1 w1")
    chance(state, "roll 2")
    assert state.units["aegis:u1"]["damaged"] and sorted(state.attack["wolves"]) == ["w1", "w2", "w3"]
    act(state, "dione/first-officer", "strike dione:u1 w3")
    chance(state, "roll 5")
    assert sorted(state.attack["wolves"]) == ["w2"]

    # Wolf round 1: w2 rolls 3, the Dione's second place: one damage.
    wolf_round(state, "roll 3")
    assert state.attack["damage"] == {"dione": 1} and state.attack["round"] == 2

    # Fleet round 2: the damaged squadron rolls 1 and is destroyed; the Dione's rolls 4 and destroys w2.
    act(state, pilot, "strike aegis:u1 w2")
    chance(state, "roll 1")
    assert "aegis:u1" not in state.units
    act(state, "dione/first-officer", "strike dione:u1 w2")
    chance(state, "roll 4")

    # The end: one damage card for the Dione, two pilots owed by the Aegis' hangar, nobody boarded.
    assert state.attack is None
    assert [event["kind"] for event in state.pending] == ["damage"]
    assert state.ships["dione"]["damage"] == 1 and state.ships["dione"]["boarders"] == 0
    wounded = [cid for cid, crew in state.crew.items() if crew["ship"] == "aegis" and crew["wounded"]]
    assert len(wounded) == 2 and all(state.crew[cid]["station"] == "flight-deck" for cid in wounded)
    assert state.battles[-1]["lost"] == ["aegis:u1"] and state.battles[-1]["rounds"] == 2
    resolve(state)
    assert sum(slot["damage"] is not None for slot in state.ships["dione"]["stations"].values()) == 1
    act(state, "dione/captain", "goto icebreaker")  # free to walk again


# ---- who may move during an attack, and the fighters' launch (Infinite Domain's Combat) ---------------------------


def test_infinite_domain_the_xos_return_to_their_ships_after_the_first_wolf_round() -> None:
    state = battle("infinite-domain", "fighter@q3")
    assert state.people[str(seat(state, "aegis/xo"))]["at"] == "map"
    assert refused(state, "aegis/xo", "goto aegis").rule == "attack"  # not in Fleet round 1
    wolf_round(state, "roll 6")
    assert verbs(state, "aegis/xo", "goto") == ["goto aegis"]
    act(state, "aegis/xo", "goto aegis")
    act(state, "javelin/xo", "goto javelin")
    assert refused(state, "javelin/xo", "goto dione").rule == "attack"  # back to their own ship only
    assert refused(state, "dione/first-officer", "goto dione").rule == "attack"  # other reporters stay
    assert state.people[str(seat(state, "aegis/xo"))]["at"] == "aegis"


def test_infinite_domain_shuttle_chiefs_walk_once_reinforcements_ride() -> None:
    state = battle("infinite-domain", "fighter@q3")
    assert refused(state, "dione/chief-engineer", "goto icebreaker").rule == "attack"
    wolf_round(state, "roll 6")
    act(state, "dione/chief-engineer", "goto icebreaker", "goto dione")
    assert refused(state, "dione/captain", "goto icebreaker").rule == "attack"
    assert refused(state, "carmine/chief-engineer", "goto icebreaker").rule == "attack"  # no shuttle of its own


def test_classic_nobody_leaves_the_map_or_a_table_during_an_attack() -> None:
    state = battle("classic", "fighter@q3")
    wolf_round(state, "roll 6")
    assert refused(state, "aegis/xo", "goto aegis").rule == "attack"
    assert refused(state, "dione/chief-engineer", "goto icebreaker").rule == "attack"


def attack_with_fighters_aboard(edition: str, *posts: tuple[str, str]) -> DenState:
    """The Dione's and the Aegis' first fighter squadrons land (the Aegis' posted as `posts` say), then the
    Wolves attack (each arrives in q1)."""
    state = begin(edition, "action")
    act(state, "dione/first-officer", "deploy dione:u1 aboard")
    act(state, "aegis/xo", "deploy aegis:u1 aboard")
    for unit, post in posts:
        act(state, "aegis/xo", f"post {unit} {post}")
    control(state, 'control set pursuit 0 "calm"', 'control attack "found"')
    return resolve(state)


def test_infinite_domain_fighters_at_battle_stations_go_to_the_map_as_the_attack_begins() -> None:
    state = attack_with_fighters_aboard("infinite-domain")
    assert state.units["dione:u1"]["quadrant"] == 1  # the Dione's quadrant
    assert state.units["aegis:u1"]["quadrant"] == 1  # the Aegis' squadrons take the quadrants in turn
    assert state.attack is not None and state.attack["acted"] == []
    act(state, "aegis/cag", "deploy aegis:u1 q2")  # its Fleet round action is still its own


def test_infinite_domain_fighters_held_in_reserve_stay_aboard_the_attack() -> None:
    state = attack_with_fighters_aboard("infinite-domain", ("aegis:u1", "reserve"))
    assert state.units["aegis:u1"]["quadrant"] is None
    assert refused(state, "aegis/cag", "deploy aegis:u1 q2").rule == "battle stations"


def test_infinite_domain_fighters_take_battle_stations_or_reserve_only() -> None:
    state = begin("infinite-domain", "action")
    assert sorted(a for a in verbs(state, "dione/first-officer", "post") if " dione:u1 " in a) == [
        "post dione:u1 reserve"
    ]
    assert refused(state, "dione/first-officer", "post dione:u1 ready-room").rule == "unit kind"
    act(state, "dione/first-officer", "post dione:u1 reserve", "post dione:u1 battle-stations")
    assert state.units["dione:u1"]["post"] == "battle-stations"


def test_classic_fighters_aboard_stay_aboard_as_the_attack_begins() -> None:
    state = attack_with_fighters_aboard("classic")
    assert state.units["dione:u1"]["quadrant"] is None
    act(state, "dione/first-officer", "deploy dione:u1 q1")  # launching is the squadron's action for the round
    assert state.attack is not None and state.attack["acted"] == ["dione:u1"]
