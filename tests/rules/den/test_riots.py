"""Rulebook "Riots": after its morale roll each ship rolls for riots against its morale level's number on the
track; a riot appears on a random undamaged station; a station with a riot cannot be used that turn, even once
the riot is dispersed (it comes off at the start of the Team Phase); an on-foot unit aboard may try to disperse it
(1 the unit is damaged, 2-3 nothing, 4-6 dispersed) and must then stay aboard this turn; the Aegis' marines get
no bonus, Infinite Domain's Hephaestus riot troops get +2; Infinite Domain allows dispersal in the Action Phase
only. (Spreading is in test_sequence_of_action.py.)

Riot tracks (riot on this d6 or less, by level 0 to 10): civilian ships 6 5 4 3 3 2 2 1 1 0 0, the Aegis
5 4 3 3 2 2 1 1 0 0 0. The Dione's units: dione:u1 a fighter, dione:u2 security; the Aegis' marines aegis:u5-u7."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from wolfpack.games.den.state import DenState

from .helpers import act, begin, both, chance, control, log, new_game, next_turn, refused, to_step, verbs


def riot_roll(state: DenState, ship: str, face: int) -> DenState:
    """From the Team Phase: the broadcast, quiet rolls for the other ships, a 3 for `ship`'s morale, `face` for
    its riots; stops at `ship`'s riot placement if one is pending."""
    control(state, "control advance")
    while not (state.pending[0]["kind"] == "riot" and state.pending[0]["ship"] == ship):
        chance(state, "roll 3" if state.pending[0]["kind"] == "morale" else "roll 6")
    return chance(state, f"roll {face}")


@both
@pytest.mark.parametrize(
    ("ship", "level", "face"),
    [
        ("dione", 6, 2),
        ("dione", 6, 3),
        ("dione", 4, 3),
        ("aegis", 4, 3),
        ("aegis", 4, 2),
        ("dione", 0, 6),
        ("dione", 10, 1),
    ],
)
def test_the_riot_roll_reads_the_ships_track_at_its_level(edition: str, ship: str, level: int, face: int) -> None:
    # The pack's track says which faces riot at each level (classic civilian ships: 2 or less at 6, 3 or less at 4).
    riots = face <= new_game(edition).content.ships[ship].morale.riot_on[level]
    state = control(begin(edition, "team"), f'control set {ship}.morale {level} "mood"')
    riot_roll(state, ship, face)
    assert (state.pending[0]["kind"] == "riot-place") == riots
    if not riots:
        assert f"{ship} riot roll {face}: calm" in log(state, "control")


@both
def test_a_riot_lands_on_a_random_undamaged_station_without_a_riot(edition: str) -> None:
    state = control(begin(edition, "action"), 'control damage dione 1 "hit"')
    chance(state, "draw crop-blight", "pick fore-farms")
    control(state, 'control riot dione.aft-farms "unrest"', "control advance")
    riot_roll(state, "dione", 1)
    choices = ["jump-drive", "fighter-bay", "water-recycler", "infirmary", "promenade"]
    assert state.chance_outcomes() == tuple((f"pick {s}", 1 / 5) for s in choices)
    chance(state, "pick infirmary")
    assert state.ships["dione"]["stations"]["infirmary"]["riot"] == "active"
    assert state.ships["dione"]["stations"]["infirmary"]["damage"] is None  # a riot does no damage
    assert "a riot breaks out on dione.infirmary" in log(state, None)


@both
def test_a_ship_with_no_station_free_of_damage_and_riots_gets_no_new_riot(edition: str) -> None:
    state = begin(edition, "action")
    for station in state.ships["carmine"]["stations"]:
        control(state, f'control riot carmine.{station} "unrest"')
    control(state, "control advance")
    riot_roll(state, "carmine", 1)
    assert state.pending[0]["ship"] != "carmine"


@both
def test_riots_are_public(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot dione.fore-farms "unrest"')
    assert state.observation(None)["ships"]["dione"]["riots"] == ["fore-farms"]
    assert refused(state, "icebreaker/captain", 'control riot dione.fore-farms "x"').rule == "control"
    assert not state.is_legal('control riot dione.fore-farms "again"', 0)


@both
def test_a_station_with_a_riot_cannot_be_used(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot dione.fore-farms "unrest"')
    assert refused(state, "dione/chief-engineer", "use fore-farms").rule == "riot"
    assert "use fore-farms" not in verbs(state, "dione/chief-engineer", "use")


@both
def test_a_dispersed_riot_still_stops_the_station_until_the_team_phase(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot dione.fore-farms "unrest"')
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    chance(state, "roll 4")
    assert state.ships["dione"]["stations"]["fore-farms"]["riot"] == "dispersed"
    assert state.observation(None)["ships"]["dione"]["riots"] == []
    assert refused(state, "dione/chief-engineer", "use fore-farms").rule == "riot"
    control(state, "control advance")
    assert state.ships["dione"]["stations"]["fore-farms"]["riot"] is None


@both
def test_only_the_teams_on_foot_units_aboard_disperse(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot dione.fore-farms "unrest"')
    assert verbs(state, "dione/first-officer", "disperse") == ["disperse dione:u2 dione.fore-farms"]
    assert refused(state, "dione/first-officer", "disperse dione:u1 dione.fore-farms").rule == "on foot"
    assert refused(state, "icebreaker/first-officer", "disperse icebreaker:u2 dione.fore-farms").rule == "same ship"
    assert refused(state, "icebreaker/first-officer", "disperse dione:u2 dione.fore-farms").rule == "own unit"
    assert refused(state, "dione/first-officer", "disperse dione:u2 dione.aft-farms").rule == "no riot"
    assert refused(state, "dione/first-officer", "disperse dione:u2 fore-farms").rule == "unknown station"


@both
def test_a_unit_in_a_shuttle_cannot_disperse(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot dione.fore-farms "unrest"')
    act(state, "dione/first-officer", "embark dione:s1 dione:u2")
    assert refused(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms").rule == "same ship"


@both
def test_a_unit_brought_by_shuttle_disperses_a_riot_on_the_ship_it_is_on(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot carmine.grain-tiers "unrest"')
    act(state, "dione/first-officer", "embark dione:s1 dione:u2")
    act(state, "dione/chief-engineer", "fly dione:s1 carmine")
    act(state, "dione/first-officer", "disembark dione:s1 dione:u2")
    assert verbs(state, "dione/first-officer", "disperse") == ["disperse dione:u2 carmine.grain-tiers"]


@both
@pytest.mark.parametrize(
    ("face", "riot", "damaged"),
    [(1, "active", True), (2, "active", False), (3, "active", False), (4, "dispersed", False), (6, "dispersed", False)],
)
def test_the_dispersal_table(edition: str, face: int, riot: str, damaged: bool) -> None:
    state = control(begin(edition, "action"), 'control riot dione.fore-farms "unrest"')
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    assert state.chance_outcomes() == tuple((f"roll {n}", 1 / 6) for n in range(1, 7))
    chance(state, f"roll {face}")
    assert state.ships["dione"]["stations"]["fore-farms"]["riot"] == riot
    assert state.units["dione:u2"]["damaged"] == damaged
    assert state.units["dione:u2"]["pinned"]


@both
def test_a_damaged_unit_hurt_again_is_destroyed(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot dione.fore-farms "unrest"', 'control wound dione:u2 "x"')
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    chance(state, "roll 1")
    assert "dione:u2" not in state.units
    assert "dione:u2 is destroyed" in log(state, "dione/captain")


@both
def test_a_pinned_unit_may_try_again_and_is_free_next_turn(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot dione.fore-farms "unrest"')
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    chance(state, "roll 2")
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    chance(state, "roll 2")
    assert state.units["dione:u2"]["pinned"]
    next_turn(to_step(state, "team"))
    assert state.turn == 2 and not state.units["dione:u2"]["pinned"]


@both
def test_the_aegis_marines_get_no_bonus_against_riots(edition: str) -> None:
    state = control(begin(edition, "action"), 'control riot aegis.hydroponics "unrest"')
    marine = next(uid for uid, unit in state.units.items() if unit["kind"] == "marines")
    act(state, "aegis/xo", f"disperse {marine} aegis.hydroponics")
    chance(state, "roll 3")
    assert state.ships["aegis"]["stations"]["hydroponics"]["riot"] == "active"


@pytest.mark.parametrize(("face", "riot"), [(1, "active"), (2, "dispersed"), (3, "dispersed")])
def test_infinite_domain_hephaestus_riot_troops_add_two(face: int, riot: str) -> None:
    state = control(begin("infinite-domain", "action"), 'control riot hephaestus.foundry "unrest"')
    act(state, "hephaestus/captain", "disperse hephaestus:u1 hephaestus.foundry")
    chance(state, f"roll {face}")
    assert state.ships["hephaestus"]["stations"]["foundry"]["riot"] == riot
    assert not state.units["hephaestus:u1"]["damaged"]  # a 1 plus 2 is no longer a 1


def test_a_bonus_past_the_tables_last_row_takes_that_row(tmp_path: Path) -> None:
    """An organiser's dispersal table that ends at 6: the Hephaestus' 6 + 2 reads its last row."""
    text = resources.files("wolfpack.games.den.data.infinite_domain").joinpath("tables.toml").read_text("utf-8")
    (tmp_path / "tables.toml").write_text(text.replace("low = 4, high = 99,", "low = 4, high = 6,"), "utf-8")
    state = begin("infinite-domain", "action", content=str(tmp_path))
    control(state, 'control riot hephaestus.foundry "unrest"')
    act(state, "hephaestus/captain", "disperse hephaestus:u1 hephaestus.foundry")
    chance(state, "roll 6")
    assert state.ships["hephaestus"]["stations"]["foundry"]["riot"] == "dispersed"


def test_classic_ships_have_no_riot_troop_bonus() -> None:
    state = begin("classic", "action")
    assert {ship.riot_troop_bonus for ship in state.content.fleet.ships} == {0}


def test_classic_allows_dispersal_in_the_team_phase() -> None:
    state = control(begin("classic", "action"), 'control riot dione.fore-farms "unrest"', "control advance")
    assert verbs(state, "dione/first-officer", "disperse") == ["disperse dione:u2 dione.fore-farms"]
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    chance(state, "roll 5")
    assert state.ships["dione"]["stations"]["fore-farms"]["riot"] == "dispersed"


def test_infinite_domain_allows_dispersal_in_the_action_phase_only() -> None:
    state = control(begin("infinite-domain", "action"), 'control riot dione.fore-farms "unrest"', "control advance")
    assert refused(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms").rule == "phase"
    assert verbs(state, "dione/first-officer", "disperse") == []


@both
def test_no_dispersal_at_the_start_of_the_turn(edition: str) -> None:
    state = begin(edition, "start")
    control(state, 'control riot dione.fore-farms "unrest"')
    assert refused(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms").rule == "phase"
