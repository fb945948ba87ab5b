"""Rulebook "FTL Travel" (and the pursuit track of "The Fleet Map"): a ship jumps to coordinates its team knows,
with its drive crewed at the start of the turn and the fuel the distance costs it; without coordinates it jumps
blind to an empty point of its own; ships at the same coordinates arrive together, and when a majority of the
fleet arrives the pursuit track falls by 1, 2 or 3 and the card's rewards appear on the map; the others are
separated. The Aegis draws a destination each turn and discards its held cards when it jumps (Infinite Domain:
every team does). Extra destinations: classic's scouting rule (3 fuel), Infinite Domain's Scouting Vehicle card.
Emergency jumps: no fuel, every other station dark; classic rolls the damage, Infinite Domain allows them only to
a separated ship and has Control adjudicate.

The Aegis holds cinder-moon (10482, short) after the first draw. Dione fuel costs 2/4/6 (hold 10); the Aegis'
3/6/9. Destinations used: garden-world 42293 (medium), far-reach 79265 (long)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from wolfpack.games.den.state import DenState

from .helpers import (
    AEGIS_COMMANDER,
    act,
    begin,
    both,
    chance,
    control,
    edit,
    hold,
    legal,
    log,
    notices,
    refused,
    resolve,
    start,
    to_step,
    verbs,
)

CODES = {"cinder-moon": "10482", "garden-world": "42293", "far-reach": "79265"}


def commander(state: DenState, ship: str) -> str:
    return next(s.label for s in state.seats if s.ship == ship and s.commander)


def ready(state: DenState, ships: list[str], code: str | None) -> DenState:
    """A fresh state in which each ship's drive was crewed this turn and its jump sheet says `code`."""

    def change(position: dict[str, Any]) -> None:
        for sid in ships:
            position["ships"][sid].update(drive_ready=True, coords=code)
            if code:
                position["known"][sid] = [code]

    return edit(state, change)


def short_of_fuel(state: DenState, *ships: str) -> DenState:
    """A fresh state in which these ships (the Dione if none named) hold 1 fuel: too little for any normal jump."""

    def change(position: dict[str, Any]) -> None:
        for sid in ships or ("dione",):
            position["ships"][sid]["hold"]["fuel"] = 1

    return edit(state, change)


def jump(state: DenState, ships: list[str]) -> DenState:
    for sid in ships:
        act(state, commander(state, sid), "jump")
    return state


@both
def test_a_team_writes_only_coordinates_it_knows(edition: str) -> None:
    state = begin(edition, "action")
    assert verbs(state, "aegis/xo", "coords") == ["coords 10482"]
    assert verbs(state, "dione/captain", "coords") == []
    error = refused(state, "dione/captain", "coords 10482")
    assert error.rule == "unknown coordinates"
    act(state, "aegis/comms-officer", "coords 10482")
    assert state.ships["aegis"]["coords"] == "10482"
    assert verbs(state, "aegis/xo", "coords") == ["coords none"]
    act(state, "aegis/xo", "coords none")
    assert state.ships["aegis"]["coords"] is None


@both
def test_shared_coordinates_may_be_written(edition: str) -> None:
    state = act(begin(edition, "action"), "aegis/comms-officer", "share cinder-moon dione")
    assert state.known["dione"] == ["10482"]
    assert "aegis tells dione the coordinates 10482 (cinder-moon)" in log(state, "dione/captain")
    assert "aegis tells dione the coordinates 10482 (cinder-moon)" not in log(state, "carmine/captain")
    assert refused(state, "aegis/comms-officer", "share cinder-moon dione").rule == "known"
    act(state, "dione/captain", "coords 10482")
    assert refused(state, "dione/captain", "share cinder-moon carmine").rule == "held"


def test_classic_destination_cards_stay_with_the_aegis_team() -> None:
    state = begin("classic", "action")
    assert refused(state, "aegis/comms-officer", "pass cinder-moon dione").rule == "edition"
    assert verbs(state, "aegis/comms-officer", "pass") == []


def test_infinite_domain_destination_cards_pass_to_any_team() -> None:
    state = act(begin("infinite-domain", "action"), "aegis/comms-officer", "pass cinder-moon dione")
    assert (state.held["aegis"], state.held["dione"]) == ([], ["cinder-moon"])
    assert verbs(state, "dione/captain", "coords") == ["coords 10482"]


@both
def test_a_jump_needs_the_drive_crewed_at_the_start_of_the_turn(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "dione/captain", "jump").rule == "jump drive"
    state = act(begin(edition, "start"), "dione/chief-engineer", "use jump-drive")
    to_step(state, "action")
    assert verbs(state, "dione/captain", "jump") == ["jump"]


def crewed_drive(edition: str, **options: Any) -> DenState:
    """The Action Phase of turn 1, the Dione's jump drive crewed at the start of the turn and its jump allowed."""
    state = act(begin(edition, "start", **options), "dione/chief-engineer", "use jump-drive")
    to_step(state, "action")
    assert verbs(state, "dione/captain", "jump") == ["jump"]
    return state


@both
def test_a_drive_damaged_after_it_was_crewed_does_not_jump_until_repaired(edition: str) -> None:
    state = control(crewed_drive(edition), 'control damage dione 1 "hit"')
    chance(state, "draw drive-coil-fracture")
    error = refused(state, "dione/captain", "jump")
    assert error.rule == "damaged station"
    assert "dione.jump-drive is damaged until repaired" in str(error)
    assert verbs(state, "dione/captain", "jump") == []
    control(state, 'control repair dione.jump-drive "mended"')
    assert verbs(state, "dione/captain", "jump") == ["jump"]


@both
def test_a_drive_whose_damage_card_says_it_works_still_jumps(edition: str, tmp_path: Path) -> None:
    package = f"wolfpack.games.den.data.{edition.replace('-', '_')}"
    text = resources.files(package).joinpath("damage.toml").read_text("utf-8")
    fracture = 'name = "Drive Coil Fracture"\n'
    assert fracture in text
    (tmp_path / "damage.toml").write_text(text.replace(fracture, fracture + "works = true\n"), "utf-8")
    state = control(crewed_drive(edition, content=str(tmp_path)), 'control damage dione 1 "hit"')
    chance(state, "draw drive-coil-fracture")
    assert state.ships["dione"]["stations"]["jump-drive"]["damage"] == "drive-coil-fracture"
    act(state, "dione/captain", "jump")
    assert state.ships["dione"]["jump"] is not None


@both
def test_a_riot_on_the_drive_stops_the_jump_even_once_dispersed(edition: str) -> None:
    state = control(crewed_drive(edition), 'control riot dione.jump-drive "unrest"')
    error = refused(state, "dione/captain", "jump")
    assert error.rule == "riot"
    assert "a riot on dione.jump-drive stops it working this turn" in str(error)
    act(state, "dione/first-officer", "disperse dione:u2 dione.jump-drive")
    chance(state, "roll 5")
    assert state.ships["dione"]["stations"]["jump-drive"]["riot"] == "dispersed"
    assert refused(state, "dione/captain", "jump").rule == "riot"
    assert verbs(state, "dione/captain", "jump") == []


@both
def test_only_the_commander_jumps_and_only_in_the_action_phase(edition: str) -> None:
    state = ready(begin(edition, "action"), ["dione"], None)
    assert refused(state, "dione/chief-engineer", "jump").rule == "commander"
    assert refused(ready(begin(edition, "start"), ["dione"], None), "dione/captain", "jump").rule == "phase"


@both
@pytest.mark.parametrize(("destination", "fuel"), [("cinder-moon", 2), ("garden-world", 4), ("far-reach", 6)])
def test_a_jump_burns_the_fuel_its_distance_costs_the_ship(edition: str, destination: str, fuel: int) -> None:
    state = jump(ready(begin(edition, "action"), ["dione"], CODES[destination]), ["dione"])
    assert hold(state, "dione")["fuel"] == start(edition, "dione", "fuel") - fuel
    assert state.ships["dione"]["jump"] == CODES[destination]
    assert "dione holds up its jump indicator" in log(state, None)
    assert f"dione spends {fuel} fuel on the jump" in log(state, "dione/captain")
    assert f"dione spends {fuel} fuel on the jump" not in log(state, None)


@both
def test_a_jump_without_the_fuel_is_refused(edition: str) -> None:
    state = ready(begin(edition, "action"), ["dione"], CODES["far-reach"])
    state = edit(state, lambda p: p["ships"]["dione"]["hold"].update(fuel=5))
    error = refused(state, "dione/captain", "jump")
    assert error.rule == "fuel" and "needs 6 fuel" in str(error)


@both
def test_a_ship_jumps_once_a_turn_and_keeps_its_sheet_while_jumping(edition: str) -> None:
    state = jump(ready(begin(edition, "action"), ["dione"], CODES["cinder-moon"]), ["dione"])
    assert refused(state, "dione/captain", "jump").rule == "one jump"
    assert refused(state, "dione/captain", "coords none").rule == "jumping"
    control(state, "control resolve-jumps")
    assert refused(state, "dione/captain", "jump").rule == "one jump"


@both
def test_a_blind_jump_costs_a_short_jump_and_lands_at_an_empty_point_of_its_own(edition: str) -> None:
    state = jump(ready(begin(edition, "action"), ["dione", "carmine"], None), ["dione", "carmine"])
    fuel = (start(edition, "dione", "fuel"), start(edition, "carmine", "fuel"))
    assert (hold(state, "dione")["fuel"], hold(state, "carmine")["fuel"]) == (fuel[0] - 2, fuel[1] - 1)
    control(state, "control resolve-jumps")
    assert (state.ships["dione"]["at"], state.ships["carmine"]["at"]) == ("void-1-dione", "void-1-carmine")
    assert state.fleet_at == "origin" and state.pursuit == 3
    assert notices(state, "separated") == [
        "dione is separated from the fleet (at void-1-dione)",
        "carmine is separated from the fleet (at void-1-carmine)",
    ]
    assert "dione jumps blind" in log(state, None)
    assert state.observation(None)["ships"]["dione"]["with_fleet"] is False
    assert state.ships["dione"]["quadrant"] is None


@both
def test_controls_ruling_given_with_the_resolve_settles_every_ship_left_separated(edition: str) -> None:
    state = jump(ready(begin(edition, "action"), ["dione", "carmine"], None), ["dione", "carmine"])
    action = 'control resolve-jumps "fly alone until you find the fleet"'
    assert state.parse_action(action, 0) == action
    control(state, action)
    assert notices(state, "separated") == []
    ruled = 'Control: dione is separated from the fleet (at void-1-dione) ("fly alone until you find the fleet")'
    assert ruled in log(state, "dione/captain") and ruled in log(state, "control")
    assert ruled not in log(state, "carmine/captain") and ruled not in log(state, None)
    assert ruled.replace("dione", "carmine") in log(state, "carmine/captain")


@both
def test_control_resolves_the_declared_jumps_before_moving_on(edition: str) -> None:
    state = begin(edition, "action")
    assert not state.is_legal("control resolve-jumps", 0)
    state = jump(ready(state, ["dione"], None), ["dione"])
    assert "control resolve-jumps" in state.legal_actions(0)
    assert not state.is_legal("control advance", 0)
    assert refused(state, "dione/captain", "control resolve-jumps").rule == "control"


@both
@pytest.mark.parametrize(("destination", "drop"), [("cinder-moon", 1), ("garden-world", 2), ("far-reach", 3)])
def test_a_majority_arriving_together_drops_the_pursuit_and_spawns_the_rewards(
    edition: str, destination: str, drop: int
) -> None:
    state = begin(edition, "action")
    ships = list(state.ships)
    majority = ships[: len(ships) // 2 + 1]
    state = jump(ready(state, majority, CODES[destination]), majority)
    control(state, "control resolve-jumps")
    rewards = next(d.rewards for d in state.content.destinations.destinations if d.id == destination)
    assert state.fleet_at == CODES[destination]
    assert state.pursuit == 3 - drop
    assert state.rewards == dict(rewards)
    assert state.observation(None)["rewards"] == dict(rewards)
    left = ships[len(majority) :]
    assert notices(state, "separated") == [f"{sid} is separated from the fleet (at origin)" for sid in left]
    assert all(state.ships[sid]["quadrant"] is None for sid in left)


@both
def test_a_majority_gathered_over_two_resolutions_moves_the_fleet_once(edition: str) -> None:
    state = begin(edition, "action")
    ships = list(state.ships)
    first, second = ships[:3], ships[3 : len(ships) // 2 + 1]
    state = jump(ready(state, first, CODES["garden-world"]), first)
    control(state, "control resolve-jumps")
    assert state.fleet_at == "origin" and state.pursuit == 3
    state = jump(ready(state, second, CODES["garden-world"]), second)
    control(state, "control resolve-jumps")
    assert state.fleet_at == CODES["garden-world"] and state.pursuit == 3 - 2
    rewards = next(d.rewards for d in state.content.destinations.destinations if d.id == "garden-world")
    assert state.rewards == dict(rewards)


@both
def test_a_minority_arriving_together_is_separated_and_drops_nothing(edition: str) -> None:
    state = begin(edition, "action")
    ships = [sid for sid in state.ships if sid != "aegis"][: len(state.ships) // 2 - 1]
    state = jump(ready(state, ships, CODES["far-reach"]), ships)
    control(state, "control resolve-jumps")
    assert state.fleet_at == "origin" and state.pursuit == 3 and state.rewards == {}
    assert notices(state, "separated") == [f"{sid} is separated from the fleet (at 79265)" for sid in ships]


@both
def test_the_largest_group_short_of_a_majority_drops_nothing(edition: str) -> None:
    # Half the fleet less one jumps to the Far Reach, two ships jump blind: no group holds a majority.
    state = begin(edition, "action")
    ships = list(state.ships)
    group = ships[: len(ships) // 2 - 1]
    blind = ships[len(group) : len(group) + 3]
    state = ready(ready(state, group, CODES["far-reach"]), blind, None)
    jump(state, group + blind)
    control(state, "control resolve-jumps")
    assert state.pursuit == 3 and state.rewards == {}


@both
def test_a_ship_left_behind_rejoins_by_jumping_to_the_fleets_coordinates(edition: str) -> None:
    state = begin(edition, "action")
    fleet = [sid for sid in state.ships if sid != "carmine"][: len(state.ships) // 2 + 1]
    state = jump(ready(state, fleet, CODES["cinder-moon"]), fleet)
    control(state, "control resolve-jumps")
    assert state.ships["carmine"]["at"] == "origin" and state.ships["carmine"]["quadrant"] is None
    assert "carmine is separated from the fleet (at origin)" in notices(state)
    to_step(state, "team")
    control(state, "control advance")
    resolve(state)
    state = jump(ready(to_step(state, "action"), ["carmine"], CODES["cinder-moon"]), ["carmine"])
    control(state, "control resolve-jumps")
    assert state.ships["carmine"]["at"] == state.fleet_at == CODES["cinder-moon"]
    assert state.ships["carmine"]["quadrant"] == 1  # the first quadrant with a free space
    # One ship joining the fleet where it is is no jump of the fleet: no fall, no second share of the rewards.
    assert state.pursuit == 3 - 1 + 1
    assert state.rewards == {"water": 3}


@pytest.mark.parametrize(("edition", "kept"), [("classic", {"endeavour": ["garden-world"]}), ("infinite-domain", {})])
def test_the_aegis_jumping_discards_held_destination_cards(edition: str, kept: dict[str, list[str]]) -> None:
    state = begin(edition, "action")
    state = edit(state, lambda p: p["held"].update(endeavour=["garden-world"]))
    state = jump(ready(state, ["aegis"], CODES["cinder-moon"]), ["aegis"])
    control(state, "control resolve-jumps")
    assert {sid: cards for sid, cards in state.held.items() if cards} == kept
    assert sorted(state.destinations["discard"]) == sorted(["cinder-moon", *(["garden-world"] if not kept else [])])
    assert "the Aegis has jumped: held destination cards are discarded" in log(state, None)


@both
def test_other_ships_jumping_keep_the_cards(edition: str) -> None:
    state = jump(ready(begin(edition, "action"), ["dione"], None), ["dione"])
    control(state, "control resolve-jumps")
    assert state.held["aegis"] == ["cinder-moon"]


def test_classic_aegis_scouts_for_three_fuel() -> None:
    state = begin("classic", "action")
    act(state, "aegis/logs-officer", "scout")
    assert hold(state, "aegis")["fuel"] == start("classic", "aegis", "fuel") - 3
    assert state.is_chance_node() and len(state.chance_outcomes()) == len(state.destinations["deck"])
    chance(state, "draw far-reach")
    assert state.held["aegis"] == ["cinder-moon", "far-reach"]
    assert "aegis draws the destination far-reach" in log(state, "aegis/xo")
    assert "aegis draws the destination far-reach" not in log(state, None)


def test_classic_scouting_is_the_aegis_teams_and_needs_the_fuel() -> None:
    state = begin("classic", "action")
    assert refused(state, "dione/captain", "scout").rule == "aegis"
    state = edit(state, lambda p: p["ships"]["aegis"]["hold"].update(fuel=2))
    assert refused(state, "aegis/xo", "scout").rule == "fuel"
    assert "scout" in legal(begin("classic", "team"), "aegis/xo")  # at any time, Team Phase too


def test_infinite_domain_has_no_scouting_rule() -> None:
    state = begin("infinite-domain", "action")
    assert refused(state, "aegis/xo", "scout").rule == "edition"


def test_infinite_domain_aegis_scouts_with_its_scouting_vehicle_card() -> None:
    state = begin("infinite-domain", "action")
    assert (
        "scouting-vehicle"
        in state.hands[str(state.seats.index(next(s for s in state.seats if s.label == "aegis/admiral")))]
    )
    act(state, "aegis/admiral", "play scouting-vehicle")
    assert hold(state, "aegis")["fuel"] == start("infinite-domain", "aegis", "fuel") - 3
    chance(state, "draw far-reach")
    assert state.held["aegis"] == ["cinder-moon", "far-reach"]
    act(state, "aegis/admiral", "play scouting-vehicle")  # retained: it may be played again
    chance(state, "draw garden-world")
    assert hold(state, "aegis")["fuel"] == start("infinite-domain", "aegis", "fuel") - 6


@pytest.mark.parametrize("step", ["start", "team"])
def test_infinite_domain_the_scouting_vehicle_draws_at_any_time(step: str) -> None:
    state = begin("infinite-domain", step)
    assert "play scouting-vehicle" in verbs(state, "aegis/admiral", "play")
    act(state, "aegis/admiral", "play scouting-vehicle")
    chance(state, "draw far-reach")
    fuel = start("infinite-domain", "aegis", "fuel") - 3
    assert (state.held["aegis"], hold(state, "aegis")["fuel"]) == (["cinder-moon", "far-reach"], fuel)
    assert refused(state, "aegis/admiral", "play flight-school aegis:c1").rule == "phase"  # other cards wait


def test_classic_has_no_scouting_vehicle_card() -> None:
    state = begin("classic", "action")
    assert refused(state, AEGIS_COMMANDER["classic"], "play scouting-vehicle").rule == "hand"


def test_classic_emergency_jump_costs_no_fuel_and_darkens_every_other_station() -> None:
    state = act(short_of_fuel(begin("classic", "start")), "dione/captain", "emergency")
    assert state.ships["dione"]["emergency"]
    assert "dione reroutes power for an emergency jump" in log(state, None)
    assert refused(state, "dione/captain", "emergency").rule == "declared"
    act(state, "dione/chief-engineer", "use jump-drive")
    to_step(state, "action")
    assert refused(state, "dione/chief-engineer", "use fore-farms").rule == "emergency jump"
    assert verbs(state, "dione/chief-engineer", "use") == []
    act(state, "dione/captain", "jump")
    assert hold(state, "dione")["fuel"] == 1


def test_classic_emergency_jump_rolls_damage_for_every_station() -> None:
    state = act(short_of_fuel(begin("classic", "start")), "dione/captain", "emergency")
    act(state, "dione/chief-engineer", "use jump-drive")
    to_step(state, "action")
    act(state, "dione/captain", "jump")
    control(state, "control resolve-jumps")
    stations = list(state.ships["dione"]["stations"])
    assert [(e["kind"], e["station"]) for e in state.pending] == [("emergency", s) for s in stations]
    farms = stations.index("fore-farms")
    chance(state, *["roll 2"] * farms, "roll 1")
    # The damage lands on the station that rolled it: the draw is among the cards of its kind only.
    kinds = {card.id: card.station for card in state.content.damage.decks["dione"]}
    drawn = [outcome.split()[1] for outcome, _ in state.chance_outcomes()]
    assert drawn and {kinds[card] for card in drawn} == {"hydroponics"}
    chance(state, "draw crop-blight", *["roll 2"] * (len(stations) - farms - 1))
    assert not state.is_chance_node()
    assert state.ships["dione"]["damage"] == 1
    assert state.ships["dione"]["stations"]["fore-farms"]["damage"] == "crop-blight"
    assert state.ships["dione"]["emergencies"] == 1


@pytest.mark.parametrize(
    ("earlier", "roll", "damaged"),
    [(0, 1, True), (0, 2, False), (1, 2, True), (1, 3, False), (2, 3, True), (3, 4, True), (6, 4, True), (6, 5, False)],
)
def test_classic_emergency_jumps_grow_likelier_to_damage(earlier: int, roll: int, damaged: bool) -> None:
    state = edit(short_of_fuel(begin("classic", "start")), lambda p: p["ships"]["dione"].update(emergencies=earlier))
    act(state, "dione/captain", "emergency")
    act(state, "dione/chief-engineer", "use jump-drive")
    to_step(state, "action")
    act(state, "dione/captain", "jump")
    control(state, "control resolve-jumps")
    chance(state, f"roll {roll}")
    assert (state.ships["dione"]["damage"] == 1) == damaged


def test_infinite_domain_emergency_jump_is_for_a_separated_ship_only() -> None:
    state = begin("infinite-domain", "start")
    error = refused(state, "dione/captain", "emergency")
    assert error.rule == "separated only"
    assert verbs(state, "dione/captain", "emergency") == []


def test_infinite_domain_a_ship_left_by_the_aegis_may_declare_an_emergency_jump() -> None:
    # The Aegis jumps away alone: the main body stays where it was, so the Dione is still with it but cut off
    # from the Aegis, which is enough (FTL Travel: separated from the Aegis or from the main body).
    state = jump(ready(begin("infinite-domain", "action"), ["aegis"], None), ["aegis"])
    control(state, "control resolve-jumps")
    assert state.ships["dione"]["at"] == state.fleet_at != state.ships["aegis"]["at"]
    state = resolve(to_step(state, "team"))
    control(state, "control advance")
    resolve(state)
    assert state.step == "start"
    state = short_of_fuel(state, "dione", "aegis")
    assert verbs(state, "dione/captain", "emergency") == ["emergency"]
    assert verbs(state, "aegis/admiral", "emergency") == ["emergency"]  # the Aegis is cut off from the main body
    act(state, "dione/captain", "emergency")
    assert state.ships["dione"]["emergency"]


def test_infinite_domain_emergency_jump_leaves_the_damage_to_control() -> None:
    state = short_of_fuel(begin("infinite-domain", "start"))
    state = edit(state, lambda p: p["ships"]["dione"].update(at="void-0-dione", quadrant=None))
    act(state, "dione/captain", "emergency")
    act(state, "dione/chief-engineer", "use jump-drive")
    to_step(state, "action")
    assert refused(state, "dione/chief-engineer", "use fore-farms").rule == "emergency jump"
    act(state, "dione/captain", "jump")
    assert hold(state, "dione")["fuel"] == 1
    control(state, "control resolve-jumps")
    assert not state.is_chance_node()
    assert "dione made an emergency jump: adjudicate any station damage" in notices(state)


@both
def test_an_emergency_jump_is_for_a_ship_without_the_fuel_for_its_jump(edition: str) -> None:
    # The Dione's jumps cost 2 (short, and blind), 4 (medium) and 6 (long) fuel.
    state = begin(edition, "start")
    state = edit(
        state, lambda p: p["ships"]["dione"].update(at="void-0-dione", quadrant=None, coords=CODES["far-reach"])
    )
    state = edit(state, lambda p: p["known"].update(dione=[CODES["far-reach"]]))
    state = edit(state, lambda p: p["ships"]["dione"]["hold"].update(fuel=6))
    error = refused(state, "dione/captain", "emergency")
    assert error.rule == "fuel"
    assert "dione has the 6 fuel its jump sheet's jump needs (6 in the hold): jump normally" in str(error)
    assert verbs(state, "dione/captain", "emergency") == []
    state = edit(state, lambda p: p["ships"]["dione"]["hold"].update(fuel=5))
    assert verbs(state, "dione/captain", "emergency") == ["emergency"]
    act(state, "dione/captain", "coords none")  # a blind jump costs 2: the hold has that
    assert refused(state, "dione/captain", "emergency").rule == "fuel"


@both
def test_an_emergency_is_declared_only_at_the_start_of_the_turn(edition: str) -> None:
    state = edit(begin(edition, "action"), lambda p: p["ships"]["dione"].update(at="void-0-dione", quadrant=None))
    assert refused(state, "dione/captain", "emergency").rule == "phase"
    assert refused(state, "dione/first-officer", "emergency").rule == "phase"
    state = edit(begin(edition, "start"), lambda p: p["ships"]["dione"].update(at="void-0-dione", quadrant=None))
    assert refused(state, "dione/first-officer", "emergency").rule == "commander"


@both
def test_the_emergency_and_the_drive_last_one_turn(edition: str) -> None:
    state = edit(
        short_of_fuel(begin(edition, "start")), lambda p: p["ships"]["dione"].update(at="void-0-dione", quadrant=None)
    )
    act(state, "dione/captain", "emergency")
    to_step(state, "team")
    control(state, "control advance")
    resolve(state)
    assert not state.ships["dione"]["emergency"]
    to_step(state, "action")
    act(state, "dione/chief-engineer", "use fore-farms")
