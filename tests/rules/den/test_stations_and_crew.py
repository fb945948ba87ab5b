"""Rulebook "Stations and Crew": using a station turns the crew it needs face down; trained crew work untrained
stations; start-of-turn stations (the jump drive) work only when crewed at the start of the turn; crew refresh
in the Team Phase; damage lays a random card on a station (a random one of identical stations), wounds every
crew there and stops the station unless the card says otherwise; repair takes engineer crew and materials;
wounded crew cannot work, a second wound loses them, and a sickbay heals them (used for the turn).

Dione: c1 jump-drive (pilot), c3 c4 fore-farms and c5 aft-farms (hydroponics, +2 food), c6 c7 water-recycler,
c8 infirmary (medical sickbay), c9 c10 promenade (2 crew a use). Quellon: c3 c4 machine-shop (engineers),
c5 c6 colony-farms. Icebreaker: c7 c8 refinery (engineers; lose 2 ore, gain 1 fuel)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from .helpers import (
    act,
    begin,
    both,
    chance,
    control,
    crew_on,
    edit,
    hold,
    log,
    notices,
    refused,
    seat,
    start,
    to_step,
    verbs,
)


@both
def test_using_a_station_turns_its_crew_face_down_and_does_its_effects(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/chief-engineer", "use fore-farms")
    assert [state.crew[c]["used"] for c in ("dione:c3", "dione:c4")] == [True, False]
    assert hold(state, "dione")["food"] == start(edition, "dione", "food") + 2
    assert "dione/chief-engineer: use fore-farms" in log(state, "dione/captain")


@both
def test_each_use_needs_its_own_unused_crew(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/chief-engineer", "use fore-farms", "use fore-farms")
    assert hold(state, "dione")["food"] == start(edition, "dione", "food") + 4
    assert refused(state, "dione/chief-engineer", "use fore-farms").rule == "crew"


@both
def test_a_station_worked_by_two_needs_two_unused_crew(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/chief-engineer", "crew dione:c9 infirmary")
    assert refused(state, "dione/chief-engineer", "use promenade").rule == "crew"


@both
def test_wounded_crew_cannot_work(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound dione:c3 "hurt"', 'control wound dione:c4 "hurt"')
    assert refused(state, "dione/chief-engineer", "use fore-farms").rule == "crew"


@both
def test_a_trained_station_needs_crew_with_its_training(edition: str) -> None:
    def untrain(position: dict[str, Any]) -> None:
        for cid in ("quellon:c3", "quellon:c4"):
            position["crew"][cid]["training"] = "untrained"

    state = edit(begin(edition, "action"), untrain)
    error = refused(state, "quellon/chief-engineer", "use machine-shop")
    assert error.rule == "crew" and "engineer" in str(error)


@both
def test_trained_crew_work_untrained_stations(edition: str) -> None:
    def train(position: dict[str, Any]) -> None:
        position["crew"]["dione:c3"]["training"] = "engineer"
        position["crew"]["dione:c4"]["training"] = "medical"

    state = act(edit(begin(edition, "action"), train), "dione/chief-engineer", "use fore-farms", "use fore-farms")
    assert hold(state, "dione")["food"] == start(edition, "dione", "food") + 4


@both
def test_refining_spends_ore_then_makes_fuel(edition: str) -> None:
    state = act(begin(edition, "action"), "icebreaker/chief-engineer", "use refinery")
    fuel = start(edition, "icebreaker", "fuel")
    assert (hold(state, "icebreaker")["ore"], hold(state, "icebreaker")["fuel"]) == (2, fuel + 1)


@both
def test_refining_is_refused_when_the_hold_lacks_the_ore(edition: str) -> None:
    state = edit(begin(edition, "action"), lambda p: p["ships"]["icebreaker"]["hold"].update(ore=1))
    error = refused(state, "icebreaker/chief-engineer", "use refinery")
    assert error.rule == "cost" and "2 ore" in str(error)
    assert "use refinery" not in verbs(state, "icebreaker/chief-engineer", "use")


@both
def test_unused_crew_move_between_stations_of_their_ship(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/chief-engineer", "crew dione:c4 infirmary")
    assert state.crew["dione:c4"]["station"] == "infirmary"


@both
def test_used_crew_cannot_move(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/chief-engineer", "use fore-farms")
    assert refused(state, "dione/chief-engineer", "crew dione:c3 infirmary").rule == "used crew"
    # The farms' other crew is unused; the drive and the infirmary are the Dione's stations with a free seat.
    assert [a for a in verbs(state, "dione/chief-engineer", "crew") if a.startswith("crew dione:c3 ")] == []
    assert [a for a in verbs(state, "dione/chief-engineer", "crew") if a.startswith("crew dione:c4 ")] == [
        "crew dione:c4 infirmary",
        "crew dione:c4 jump-drive",
    ]


@both
def test_a_station_seats_no_more_crew_than_its_capacity(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "dione/chief-engineer", "crew dione:c3 aft-farms").rule == "capacity"
    assert refused(state, "dione/chief-engineer", "crew dione:c3 fore-farms").rule == "same station"


@both
def test_the_jump_drive_is_crewed_only_in_the_start_step(edition: str) -> None:
    state = begin(edition, "start")
    assert "use jump-drive" in verbs(state, "dione/captain", "use")
    assert refused(state, "dione/chief-engineer", "use fore-farms").rule == "start of turn"
    act(state, "dione/chief-engineer", "use jump-drive")
    assert state.ships["dione"]["drive_ready"] and state.crew["dione:c1"]["used"]
    assert refused(state, "dione/chief-engineer", "use jump-drive").rule == "once"
    to_step(state, "action")
    assert refused(state, "icebreaker/chief-engineer", "use jump-drive").rule == "start of turn"
    act(state, "icebreaker/chief-engineer", "use ice-melt")


@both
def test_the_crewed_drive_lasts_one_turn(edition: str) -> None:
    state = act(begin(edition, "start"), "dione/chief-engineer", "use jump-drive")
    to_step(state, "team")
    control(state, "control advance")
    chance(state, *["roll 3", "roll 6"] * len(state.ships), "draw far-reach")
    assert state.turn == 2 and not state.ships["dione"]["drive_ready"]


@both
def test_damage_draws_a_card_from_the_ships_deck(edition: str) -> None:
    state = control(begin(edition, "action"), 'control damage carmine 1 "hit"')
    assert state.ships["carmine"]["damage"] == 1
    # The Carmine's deck: two Crop Blights among 9 cards.
    outcomes = dict(state.chance_outcomes())
    assert outcomes["draw crop-blight"] == float(Fraction(2, 9))
    assert outcomes["draw pump-seizure"] == float(Fraction(1, 9))
    assert sum(outcomes.values()) == pytest.approx(1.0)


@both
def test_damage_lands_on_a_random_one_of_identical_stations(edition: str) -> None:
    state = control(begin(edition, "action"), 'control damage dione 1 "hit"')
    chance(state, "draw crop-blight")
    assert state.chance_outcomes() == (("pick fore-farms", 0.5), ("pick aft-farms", 0.5))
    chance(state, "pick aft-farms")
    slots = state.ships["dione"]["stations"]
    assert (slots["aft-farms"]["damage"], slots["fore-farms"]["damage"]) == ("crop-blight", None)
    assert "crop-blight" not in state.ships["dione"]["deck"]


@both
def test_a_card_for_a_kind_whose_every_station_is_damaged_goes_back_and_control_is_told(edition: str) -> None:
    state = control(begin(edition, "action"), 'control damage quellon 2 "hit"')
    chance(state, "draw crop-blight", "draw irrigation-burst")
    assert state.ships["quellon"]["stations"]["colony-farms"]["damage"] == "crop-blight"
    assert "irrigation-burst" in state.ships["quellon"]["deck"]
    assert notices(state) == ["quellon drew irrigation-burst but every hydroponics station is already damaged"]


@both
def test_damage_wounds_every_crew_on_the_station_and_does_its_instant_effects(edition: str) -> None:
    state = control(begin(edition, "action"), 'control damage dione 1 "hit"')
    chance(state, "draw crop-blight", "pick fore-farms")
    assert [state.crew[c]["wounded"] for c in ("dione:c3", "dione:c4")] == [True, True]
    assert hold(state, "dione")["food"] == start(edition, "dione", "food") - 2
    assert "dione.fore-farms is damaged (Crop Blight)" in log(state, "dione/captain")
    assert "dione is hit" in log(state, None) and "dione.fore-farms is damaged (Crop Blight)" not in log(state, None)


@both
def test_used_crew_are_wounded_too(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/chief-engineer", "use fore-farms")
    control(state, 'control damage dione 1 "hit"')
    chance(state, "draw crop-blight", "pick fore-farms")
    assert state.crew["dione:c3"]["used"] and state.crew["dione:c3"]["wounded"]


@both
def test_a_second_wound_loses_the_crew(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound dione:c3 "hurt"', 'control damage dione 1 "hit"')
    chance(state, "draw crop-blight", "pick fore-farms")
    assert "dione:c3" not in state.crew and state.crew["dione:c4"]["wounded"]
    assert "dione:c3 is lost" in log(state, "dione/captain")


@both
def test_a_damaged_station_does_not_work(edition: str) -> None:
    state = control(begin(edition, "action"), 'control damage dione 1 "hit"')
    chance(state, "draw crop-blight", "pick fore-farms")
    control(state, 'control heal dione:c3 "treated"')
    state = edit(state, lambda p: p["crew"]["dione:c3"].update(used=False))
    assert refused(state, "dione/chief-engineer", "use fore-farms").rule == "damaged station"


@both
def test_a_damaged_station_whose_card_says_so_still_works(edition: str) -> None:
    # Grow-Light Failure: the farm still works (and its ongoing effect costs a food every Team Phase).
    state = control(begin(edition, "action"), 'control damage dione 1 "hit"')
    chance(state, "draw grow-light-failure", "pick aft-farms")
    control(state, 'control move dione:c3 dione.aft-farms "reassigned"')
    act(state, "dione/chief-engineer", "use aft-farms")
    assert hold(state, "dione")["food"] == start(edition, "dione", "food") + 2
    control(state, "control advance")
    assert hold(state, "dione")["food"] == start(edition, "dione", "food") + 1


@both
def test_ongoing_damage_effects_happen_at_every_team_phase(edition: str) -> None:
    state = control(begin(edition, "action"), 'control damage dione 1 "hit"')
    chance(state, "draw irrigation-burst", "pick fore-farms")
    assert hold(state, "dione")["water"] == start(edition, "dione", "water") - 1
    control(state, "control advance")
    assert hold(state, "dione")["water"] == start(edition, "dione", "water") - 2


@both
def test_a_sickbay_heals_a_wounded_crew_who_stays_used_this_turn(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound dione:c3 "hurt"')
    # The infirmary's one target is the Dione's one wounded crew (the fighter bay does nothing when worked).
    assert verbs(state, "dione/chief-engineer", "use") == [
        "use aft-farms",
        "use fore-farms",
        "use infirmary dione:c3",
        "use promenade",
        "use water-recycler",
    ]
    act(state, "dione/chief-engineer", "use infirmary dione:c3")
    assert (state.crew["dione:c3"]["wounded"], state.crew["dione:c3"]["used"]) == (False, True)
    assert state.crew["dione:c8"]["used"]


@both
def test_a_sickbay_heals_a_damaged_on_foot_unit(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound dione:u2 "shot"')
    assert state.units["dione:u2"]["damaged"]
    act(state, "dione/chief-engineer", "use infirmary dione:u2")
    assert not state.units["dione:u2"]["damaged"]


@both
def test_a_sickbay_does_not_restore_a_fighter_squadron(edition: str) -> None:
    # dione:u1 is the Dione's fighter squadron, out on patrol in q1; landed or not, a sickbay treats people only.
    state = control(begin(edition, "action"), 'control wound dione:u1 "shot up"')
    assert state.units["dione:u1"]["damaged"] and state.units["dione:u1"]["quadrant"] == 1
    assert verbs(state, "dione/chief-engineer", "use") == [
        "use aft-farms",
        "use fore-farms",
        "use promenade",
        "use water-recycler",
    ]
    assert refused(state, "dione/chief-engineer", "use infirmary dione:u1").rule == "patient"
    act(state, "dione/captain", "deploy dione:u1 aboard")
    assert refused(state, "dione/chief-engineer", "use infirmary dione:u1").rule == "patient"
    assert state.units["dione:u1"]["damaged"]


@both
def test_a_sickbay_treats_only_the_wounded_of_its_own_ship(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound icebreaker:c3 "hurt"')
    assert refused(state, "dione/chief-engineer", "use infirmary icebreaker:c3").rule == "own ship only"
    assert refused(state, "dione/chief-engineer", "use infirmary dione:c4").rule == "not wounded"
    assert refused(state, "dione/chief-engineer", "use infirmary").rule == "target"


@both
def test_repair_uses_engineer_crew_and_materials_and_returns_the_card_to_the_deck(edition: str) -> None:
    state = control(begin(edition, "action"), 'control damage quellon 1 "hit"')
    chance(state, "draw crop-blight")
    assert verbs(state, "quellon/chief-engineer", "repair") == ["repair colony-farms"]
    act(state, "quellon/chief-engineer", "repair colony-farms")
    assert state.ships["quellon"]["stations"]["colony-farms"]["damage"] is None
    assert "crop-blight" in state.ships["quellon"]["deck"]
    assert hold(state, "quellon")["materials"] == 4 - 2
    assert [state.crew[c]["used"] for c in ("quellon:c3", "quellon:c4")] == [True, False]


@both
def test_repair_needs_engineers_aboard(edition: str) -> None:
    # The Dione has no engineer-trained crew.
    state = control(begin(edition, "action"), 'control damage dione 1 "hit"')
    chance(state, "draw crop-blight", "pick fore-farms")
    assert refused(state, "dione/chief-engineer", "repair fore-farms").rule == "engineers"


@both
def test_repair_needs_the_materials_and_a_cards_own_cost_overrides_the_stations(edition: str) -> None:
    # The Quellon's drive costs 2 engineers and 3 materials to mend; a Drive Coil Fracture costs 4 materials.
    state = control(begin(edition, "action"), 'control set quellon.materials 3 "x"', 'control damage quellon 1 "hit"')
    chance(state, "draw drive-coil-fracture")
    error = refused(state, "quellon/chief-engineer", "repair jump-drive")
    assert error.rule == "materials" and "4 materials" in str(error)
    control(state, 'control set quellon.materials 4 "x"')
    act(state, "quellon/chief-engineer", "repair jump-drive")
    assert hold(state, "quellon")["materials"] == 0


@both
def test_only_a_damaged_station_is_repaired(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "quellon/chief-engineer", "repair colony-farms").rule == "not damaged"


@both
def test_a_station_without_effects_is_not_worked(edition: str) -> None:
    state = begin(edition, "action")
    error = refused(state, "dione/chief-engineer", "use fighter-bay")
    assert error.rule == "no effect"


@both
def test_a_crew_lost_to_damage_leaves_every_view_at_once(edition: str) -> None:
    state = begin(edition, "action")
    farmers = crew_on(state, "dione", "fore-farms")
    control(state, f'control wound {farmers[0]} "an accident"', 'control damage dione 1 "a hull breach"')
    chance(state, "draw crop-blight", "pick fore-farms")
    assert farmers[0] not in state.crew
    seen = state.observation(seat(state, "dione/captain"))["panels"]["dione"]["stations"]["fore-farms"]["crew"]
    assert [crew["id"] for crew in seen] == farmers[1:]
