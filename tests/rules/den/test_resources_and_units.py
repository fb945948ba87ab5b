"""Rulebook "Resources and Units": resources sit in a ship's hold (science only in Infinite Domain); resources,
on-foot units and crew go from ship to ship only in a shuttle; only unused crew leave, with the captain's leave;
a shuttle may make any number of trips between ships in the same place.

The Dione's shuttle is dione:s1; its crew dione:c3 and c4 sit on fore-farms; dione:u1 is a fighter, dione:u2
security. The Icebreaker's galley-farm seats 1 (full), its ice-melt 2 (one taken)."""

from __future__ import annotations

import pytest

from wolfpack import InvalidActionError

from .helpers import EDITIONS, act, begin, both, chance, control, edit, hold, log, refused, start, verbs


def test_a_classic_hold_keeps_ore_fuel_food_water_and_materials() -> None:
    state = begin("classic", "action")
    assert hold(state, "dione") == {"ore": 0, "fuel": 15, "food": 20, "water": 16, "materials": 3}
    assert all("science" not in ship["hold"] for ship in state.ships.values())


def test_an_infinite_domain_hold_also_keeps_science() -> None:
    state = begin("infinite-domain", "action")
    assert hold(state, "dione") == {"ore": 0, "fuel": 15, "food": 25, "water": 20, "materials": 3, "science": 0}
    assert hold(state, "baltar")["science"] == 1


def test_science_is_refused_in_classic() -> None:
    state = begin("classic", "action")
    assert refused(state, "dione/chief-engineer", "load dione:s1 science 1").rule == "edition"
    assert not state.is_legal('control set dione.science 1 "found"', 0)


def test_science_rides_a_shuttle_in_infinite_domain() -> None:
    state = begin("infinite-domain", "action")
    act(state, "dione/chief-engineer", "fly dione:s1 baltar")
    act(state, "baltar/chief-scientist", "load dione:s1 science 1")
    assert hold(state, "baltar")["science"] == 0 and state.shuttles["dione:s1"]["cargo"] == {"science": 1}


@both
def test_a_team_loads_its_own_hold_into_a_shuttle_docked_there(edition: str) -> None:
    state = begin(edition, "action")
    act(state, "dione/chief-engineer", "load dione:s1 food 2")
    assert hold(state, "dione")["food"] == start(edition, "dione", "food") - 2
    assert state.shuttles["dione:s1"]["cargo"] == {"food": 2}
    assert "dione/chief-engineer: load dione:s1 food 2" in log(state, "dione/captain")
    assert "dione/chief-engineer: load dione:s1 food 2" not in log(state, "icebreaker/captain")


@both
def test_the_load_candidates_are_every_amount_of_the_hold(edition: str) -> None:
    state = edit(begin(edition, "action"), lambda p: p["ships"]["dione"]["hold"].update(fuel=2, food=1, water=0))
    assert verbs(state, "dione/captain", "load") == sorted(
        ["load dione:s1 food 1", "load dione:s1 fuel 1", "load dione:s1 fuel 2"]
        + [f"load dione:s1 materials {n}" for n in (1, 2, 3)]
    )


@both
def test_loading_more_than_the_hold_has_is_refused(edition: str) -> None:
    state = begin(edition, "action")
    water = start(edition, "dione", "water")
    assert refused(state, "dione/chief-engineer", f"load dione:s1 water {water + 1}").rule == "hold"


@both
def test_only_the_hold_owner_loads_from_it(edition: str) -> None:
    # The Icebreaker cannot reach into the Dione's hold: the shuttle must dock at the Icebreaker to take its hold.
    state = begin(edition, "action")
    assert refused(state, "icebreaker/chief-engineer", "load dione:s1 fuel 1").rule == "docked"
    act(state, "dione/chief-engineer", "fly dione:s1 icebreaker")
    act(state, "icebreaker/chief-engineer", "load dione:s1 ore 3")
    assert hold(state, "icebreaker")["ore"] == 1 and state.shuttles["dione:s1"]["cargo"] == {"ore": 3}


@both
def test_the_shuttle_owner_unloads_into_the_hold_where_it_is_docked(edition: str) -> None:
    state = begin(edition, "action")
    act(state, "dione/chief-engineer", "load dione:s1 food 3", "fly dione:s1 icebreaker", "unload dione:s1 food 2")
    assert hold(state, "icebreaker")["food"] == start(edition, "icebreaker", "food") + 2
    assert state.shuttles["dione:s1"]["cargo"] == {"food": 1}
    assert refused(state, "icebreaker/chief-engineer", "unload dione:s1 food 1").rule == "shuttle owner"
    assert refused(state, "dione/chief-engineer", "unload dione:s1 food 2").rule == "cargo"


@both
def test_crew_board_a_shuttle_only_with_the_captains_leave(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "dione/first-officer", "board dione:s1 dione:c3").rule == "captain's leave"
    act(state, "dione/captain", "board dione:s1 dione:c3")
    assert state.crew["dione:c3"]["station"] is None and state.crew["dione:c3"]["shuttle"] == "dione:s1"


@both
def test_used_crew_cannot_board(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/chief-engineer", "use fore-farms")
    assert refused(state, "dione/captain", "board dione:s1 dione:c3").rule == "used crew"
    # The captain may send any unused crew aboard: every counter but the one just used.
    assert verbs(state, "dione/captain", "board") == sorted(
        f"board dione:s1 dione:c{n}" for n in range(1, 11) if n != 3
    )


@both
def test_the_shuttle_owner_lands_crew_on_a_station_with_room(edition: str) -> None:
    state = begin(edition, "action")
    act(state, "dione/captain", "board dione:s1 dione:c3")
    act(state, "dione/chief-engineer", "fly dione:s1 icebreaker")
    assert refused(state, "dione/chief-engineer", "land dione:s1 dione:c3 icebreaker.galley-farm").rule == "capacity"
    assert refused(state, "icebreaker/captain", "land dione:s1 dione:c3 icebreaker.mining-rig").rule == "shuttle owner"
    assert refused(state, "dione/chief-engineer", "land dione:s1 dione:c3 dione.fore-farms").rule == "unknown station"
    # Another ship's station is named in full; a bare id would be the Dione's own.
    assert refused(state, "dione/chief-engineer", "land dione:s1 dione:c3 mining-rig").rule == "unknown station"
    # Only the Icebreaker's jump drive and mining rig have a free seat (its ice-melt is full: Calibration step 6).
    assert verbs(state, "dione/chief-engineer", "land") == [
        "land dione:s1 dione:c3 icebreaker.jump-drive",
        "land dione:s1 dione:c3 icebreaker.mining-rig",
    ]
    act(state, "dione/chief-engineer", "land dione:s1 dione:c3 icebreaker.mining-rig")
    assert state.crew["dione:c3"] == {
        "ship": "icebreaker",
        "station": "mining-rig",
        "shuttle": None,
        "training": "untrained",
        "used": False,
        "wounded": False,
    }
    # Now the Icebreaker's crew, it works the Icebreaker's stations.
    # (The rig takes 2 crew a use: with the landed one, its 4 seats make two uses.)
    act(state, "icebreaker/chief-engineer", "use mining-rig", "use mining-rig")
    assert hold(state, "icebreaker")["ore"] == start(edition, "icebreaker", "ore") + 4


@both
def test_crew_move_between_stations_only_within_their_ship(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "dione/chief-engineer", "crew dione:c3 icebreaker.ice-melt").rule == "unknown station"
    assert refused(state, "dione/chief-engineer", "crew icebreaker:c10 fore-farms").rule == "own crew"


@both
def test_on_foot_units_embark_and_disembark_by_their_owner(edition: str) -> None:
    state = begin(edition, "action")
    assert verbs(state, "dione/first-officer", "embark") == ["embark dione:s1 dione:u2"]
    assert refused(state, "dione/first-officer", "embark dione:s1 dione:u1").rule == "on foot"
    act(state, "dione/first-officer", "embark dione:s1 dione:u2")
    assert (state.units["dione:u2"]["ship"], state.units["dione:u2"]["shuttle"]) == (None, "dione:s1")
    act(state, "dione/chief-engineer", "fly dione:s1 icebreaker")
    assert refused(state, "icebreaker/first-officer", "disembark dione:s1 dione:u2").rule == "in shuttle"
    act(state, "dione/first-officer", "disembark dione:s1 dione:u2")
    assert (state.units["dione:u2"]["ship"], state.units["dione:u2"]["shuttle"]) == ("icebreaker", None)


@both
def test_a_unit_rides_another_teams_shuttle_docked_where_it_is(edition: str) -> None:
    state = begin(edition, "action")
    act(state, "dione/chief-engineer", "fly dione:s1 icebreaker")
    act(state, "icebreaker/first-officer", "embark dione:s1 icebreaker:u2")
    assert state.units["icebreaker:u2"]["shuttle"] == "dione:s1"


@both
def test_a_unit_pinned_by_a_riot_cannot_embark(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot dione.fore-farms "unrest"')
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    chance(state, "roll 5")
    assert state.units["dione:u2"]["pinned"]
    assert refused(state, "dione/first-officer", "embark dione:s1 dione:u2").rule == "pinned"
    assert verbs(state, "dione/first-officer", "embark") == []


@both
def test_a_shuttle_makes_any_number_of_trips(edition: str) -> None:
    state = begin(edition, "action")
    act(state, "dione/chief-engineer", "fly dione:s1 icebreaker", "fly dione:s1 aegis", "fly dione:s1 dione")
    act(state, "dione/chief-engineer", "fly dione:s1 carmine")
    assert state.shuttles["dione:s1"]["at"] == "carmine"
    assert "dione/chief-engineer: fly dione:s1 from aegis to dione" in log(state, None)


@both
def test_a_shuttle_flies_only_to_ships_in_the_same_place(edition: str) -> None:
    state = edit(begin(edition, "action"), lambda p: p["ships"]["carmine"].update(at="void-1-carmine", quadrant=None))
    assert refused(state, "dione/chief-engineer", "fly dione:s1 carmine").rule == "separated"
    assert "fly dione:s1 carmine" not in verbs(state, "dione/chief-engineer", "fly")
    assert refused(state, "dione/chief-engineer", "fly dione:s1 dione").rule == "already there"


@both
def test_only_the_owner_flies_a_shuttle(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "icebreaker/chief-engineer", "fly dione:s1 icebreaker").rule == "shuttle owner"
    assert verbs(state, "carmine/captain", "fly") == []


@both
def test_shuttle_work_is_done_in_the_action_phase(edition: str) -> None:
    state = begin(edition, "team")
    assert refused(state, "dione/chief-engineer", "fly dione:s1 icebreaker").rule == "phase"
    assert refused(state, "dione/chief-engineer", "load dione:s1 food 1").rule == "phase"


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_resource_the_notation_does_not_know_is_malformed(edition: str) -> None:
    state = begin(edition, "action")
    with pytest.raises(InvalidActionError):
        state.apply_action("load dione:s1 gold 1", 3)
