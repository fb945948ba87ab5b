"""Rulebook "Action Cards": a team's cards pass freely between its players, and to another team only when the card
says so; one-use cards are discarded when played, retained cards kept; a card may act on another ship unless it
says own ship only; freeform cards go to Control.

Each team's cards start in its commander's hand. Cards used (the same in both editions): the Dione's Gala Evening
(retained, own ship: lose 2 food, morale +1), Security Drills (retained, own ship: train security), Hull Patch
Crews (one-use, own ship: repair) and Council Hospitality (one-use, freeform); the Carmine's Seed Bank (one-use,
tradeable: gain 3 food); the Icebreaker's Engineering School (retained: train an engineer, any ship); the Halcyon's
Ship's Doctor (one-use: heal, any ship); the Aegis' Admiral's Address (one-use: fleet morale +1); the Endeavour's
Decoy Beacon (one-use: pursuit -1) and Stellar Cartography (one-use: draw a destination)."""

from __future__ import annotations

import pytest

from wolfpack import InvalidActionError
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
    log,
    notices,
    refused,
    seat,
    start,
    verbs,
)


def hand(state: DenState, label: str) -> list[str]:
    return list(state.hands[str(seat(state, label))])


@both
def test_a_teams_cards_start_with_its_commander(edition: str) -> None:
    state = begin(edition, "action")
    assert hand(state, "dione/captain") == [
        "council-hospitality",
        "gala-evening",
        "hull-patch-crews",
        "security-drills",
    ]
    assert hand(state, "dione/first-officer") == []


@both
def test_cards_pass_freely_within_the_team(edition: str) -> None:
    state = begin(edition, "action")
    teammates = ("dione/chief-engineer", "dione/council-member", "dione/first-officer")
    assert verbs(state, "dione/captain", "give") == sorted(
        f"give {card} {mate}" for card in hand(state, "dione/captain") for mate in teammates
    )
    act(state, "dione/captain", "give gala-evening dione/first-officer")
    assert hand(state, "dione/first-officer") == ["gala-evening"]
    assert "gala-evening" not in hand(state, "dione/captain")
    assert "dione/captain gives gala-evening to dione/first-officer" in log(state, "dione/council-member")
    assert "dione/captain gives gala-evening to dione/first-officer" not in log(state, "icebreaker/captain")


@both
def test_cards_pass_in_any_step(edition: str) -> None:
    for step in ("start", "team"):
        act(begin(edition, step), "dione/captain", "give gala-evening dione/first-officer")


@both
def test_a_card_does_not_pass_to_another_team_unless_it_says_so(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "dione/captain", "give gala-evening icebreaker/captain").rule == "own team"
    assert refused(state, "dione/captain", "give gala-evening media/anchor").rule == "unknown seat"
    assert refused(state, "dione/captain", "give gala-evening dione/captain").rule == "unknown seat"
    assert refused(state, "dione/captain", "give seed-bank dione/first-officer").rule == "hand"


@both
def test_a_tradeable_card_passes_to_another_team_and_works_for_its_new_team(edition: str) -> None:
    state = begin(edition, "action")
    assert "give seed-bank dione/captain" in verbs(state, "carmine/captain", "give")
    act(state, "carmine/captain", "give seed-bank dione/captain")
    assert "seed-bank" in hand(state, "dione/captain")
    line = "carmine/captain gives seed-bank to dione/captain"
    assert line in log(state, "dione/captain") and line in log(state, "carmine/captain")
    act(state, "dione/captain", "play seed-bank")
    assert hold(state, "dione")["food"] == start(edition, "dione", "food") + 3
    assert hold(state, "carmine")["food"] == start(edition, "carmine", "food")


@both
def test_a_one_use_card_is_discarded_when_played(edition: str) -> None:
    state = act(begin(edition, "action"), "carmine/captain", "play seed-bank")
    assert hold(state, "carmine")["food"] == start(edition, "carmine", "food") + 3
    assert "seed-bank" not in hand(state, "carmine/captain")
    assert refused(state, "carmine/captain", "play seed-bank").rule == "hand"


@both
def test_a_retained_card_is_kept_and_played_again(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/captain", "play gala-evening", "play gala-evening")
    assert "gala-evening" in hand(state, "dione/captain")
    # Gala Evening adds 2 to the turn's morale roll (Interpretations 76): played twice, 4.
    assert (
        hold(state, "dione")["food"] == start(edition, "dione", "food") - 4 and state.ships["dione"]["morale_roll"] == 4
    )
    assert "dione/captain: play gala-evening (Gala Evening)" in log(state, "dione/first-officer")


@both
def test_a_card_whose_cost_the_hold_cannot_pay_is_refused(edition: str) -> None:
    state = edit(begin(edition, "action"), lambda p: p["ships"]["dione"]["hold"].update(food=1))
    assert refused(state, "dione/captain", "play gala-evening").rule == "cost"


@both
def test_cards_are_played_in_the_action_phase(edition: str) -> None:
    assert refused(begin(edition, "team"), "carmine/captain", "play seed-bank").rule == "phase"
    assert refused(begin(edition, "start"), "carmine/captain", "play seed-bank").rule == "phase"


@both
def test_an_own_ship_card_targets_only_the_teams_ship(edition: str) -> None:
    state = begin(edition, "action")
    targets = {a.split()[2] for a in verbs(state, "dione/captain", "play") if a.startswith("play security-drills ")}
    assert targets == {"dione:c3", "dione:c4", "dione:c5", "dione:c6", "dione:c7", "dione:c9", "dione:c10"}
    assert refused(state, "dione/captain", "play security-drills icebreaker:c3").rule == "own ship only"
    act(state, "dione/captain", "play security-drills dione:c3")
    assert state.crew["dione:c3"]["training"] == "security"


@both
def test_a_card_may_act_on_another_ship(edition: str) -> None:
    state = act(begin(edition, "action"), "icebreaker/captain", "play engineering-school dione:c3")
    assert state.crew["dione:c3"]["training"] == "engineer"
    line = "icebreaker/captain: play engineering-school dione:c3 (Engineering School)"
    assert line in log(state, "dione/captain") and line in log(state, "icebreaker/captain")
    assert line not in log(state, "carmine/captain")


@both
def test_only_untrained_unwounded_crew_are_trained(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound dione:c3 "hurt"')
    assert refused(state, "dione/captain", "play security-drills dione:c1").rule == "untrained"
    assert refused(state, "dione/captain", "play security-drills dione:c3").rule == "wounded"
    assert refused(state, "dione/captain", "play security-drills").rule == "target"


@both
def test_a_healing_card_leaves_the_crew_used(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound dione:c3 "hurt"')
    act(state, "halcyon/captain", "play ships-doctor dione:c3")
    assert (state.crew["dione:c3"]["wounded"], state.crew["dione:c3"]["used"]) == (False, True)


@both
def test_a_medical_card_does_not_restore_a_fighter_squadron(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound dione:u1 "shot up"', 'control wound dione:u2 "shot"')
    assert "play ships-doctor dione:u1" not in verbs(state, "halcyon/captain", "play")
    assert refused(state, "halcyon/captain", "play ships-doctor dione:u1").rule == "patient"
    act(state, "halcyon/captain", "play ships-doctor dione:u2")  # an on-foot unit is treated
    assert (state.units["dione:u1"]["damaged"], state.units["dione:u2"]["damaged"]) == (True, False)


REFIT = {"classic": ("aegis/commanding-officer", 6), "infinite-domain": ("javelin/captain", 4)}
"""Who starts with the Flight Deck Crews card (it restores a damaged fighter squadron for 1 materials), and the
materials in that ship's hold."""


@both
def test_a_refit_card_restores_a_damaged_fighter_squadron_once_it_has_landed(edition: str) -> None:
    holder, materials = REFIT[edition]
    ship = holder.split("/")[0]
    state = control(begin(edition, "action"), 'control wound dione:u1 "shot up"', 'control wound dione:u2 "shot"')
    assert refused(state, holder, "play flight-deck-crews dione:u1").rule == "on the map"
    assert refused(state, holder, "play flight-deck-crews dione:u2").rule == "fighter"
    assert refused(state, holder, "play flight-deck-crews dione:c3").rule == "fighter"
    act(state, "dione/captain", "deploy dione:u1 aboard")
    assert [a for a in verbs(state, holder, "play") if a.startswith("play flight-deck-crews")] == [
        "play flight-deck-crews dione:u1"
    ]
    act(state, holder, "play flight-deck-crews dione:u1")
    assert not state.units["dione:u1"]["damaged"]
    assert hold(state, ship)["materials"] == materials - 1
    assert refused(state, holder, "play flight-deck-crews dione:u1").rule == "not damaged"  # retained, kept


@both
def test_a_repair_card_names_a_damaged_station(edition: str) -> None:
    state = control(begin(edition, "action"), 'control damage dione 1 "hit"')
    chance(state, "draw crop-blight", "pick fore-farms")
    control(state, 'control damage carmine 1 "hit"')
    chance(state, "draw filter-collapse")
    assert [a for a in verbs(state, "dione/captain", "play") if a.startswith("play hull-patch-crews")] == [
        "play hull-patch-crews dione.fore-farms"
    ]
    assert refused(state, "dione/captain", "play hull-patch-crews dione.aft-farms").rule == "not damaged"
    assert refused(state, "dione/captain", "play hull-patch-crews carmine.condensers").rule == "own ship only"
    with pytest.raises(InvalidActionError):  # a target station is named in full
        state.apply_action("play hull-patch-crews fore-farms", seat(state, "dione/captain"))
    act(state, "dione/captain", "play hull-patch-crews dione.fore-farms")
    assert state.ships["dione"]["stations"]["fore-farms"]["damage"] is None
    assert "crop-blight" in state.ships["dione"]["deck"]
    # The Aegis' Damage Control Teams may mend another ship's station.
    act(state, AEGIS_COMMANDER[edition], "play damage-control-teams carmine.condensers")
    assert state.ships["carmine"]["stations"]["condensers"]["damage"] is None


@both
def test_a_freeform_card_goes_to_control_as_a_notice(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/captain", "play council-hospitality")
    text = state.content.cards_by_id["council-hospitality"].effects[0].text
    assert notices(state) == [f"dione: {text}"]
    assert f"notice 1: dione: {text}" in log(state, "control")
    control(state, 'control settle 1 "the Council is charmed"')
    assert notices(state) == []


@both
def test_fleet_morale_pursuit_and_destination_cards_do_their_effects(edition: str) -> None:
    state = begin(edition, "action")
    before = {sid: ship["morale"] for sid, ship in state.ships.items()}
    act(state, AEGIS_COMMANDER[edition], "play admirals-address")
    assert {sid: ship["morale"] for sid, ship in state.ships.items()} == {s: m + 1 for s, m in before.items()}
    act(state, "endeavour/captain", "play decoy-beacon")
    assert state.pursuit == 2
    act(state, "endeavour/captain", "play stellar-cartography")
    chance(state, "draw far-reach")
    assert state.held["endeavour"] == ["far-reach"]


@both
def test_crew_riding_a_shuttle_are_no_card_target(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound dione:c3 "hurt"')
    act(state, "dione/captain", "board dione:s1 dione:c3", "board dione:s1 dione:c4")
    assert refused(state, "halcyon/captain", "play ships-doctor dione:c3").rule == "target"
    assert refused(state, "dione/captain", "play security-drills dione:c4").rule == "target"
    assert not [a for a in verbs(state, "dione/captain", "play") if a.endswith((" dione:c3", " dione:c4"))]
