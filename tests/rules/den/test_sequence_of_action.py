"""Rulebook "Sequence of Action" (and the turn's clock from "Morale Tracks", "Riots", "The Fleet Map", "FTL
Travel"): each turn the Aegis draws a destination, the Action Phase, then the Team Phase: crew refresh, dispersed
riots come off, everyone goes back to their table; at its end the news broadcast, rations, a morale roll then a
riot roll per ship, undisturbed riots spread, the pursuit track rises. The event ends after `turns` turns."""

from __future__ import annotations

import pytest

from wolfpack.engine.constants import CHANCE, SIMULTANEOUS, TERMINAL

from .helpers import (
    act,
    begin,
    both,
    chance,
    control,
    edit,
    legal,
    log,
    new_game,
    next_turn,
    refused,
    resolve,
    seat,
    to_step,
)


@both
def test_each_turn_opens_with_the_aegis_drawing_a_destination(edition: str) -> None:
    state = new_game(edition).new_initial_state()
    deck = sorted(d.id for d in state.content.destinations.destinations)
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == tuple((f"draw {card}", 1 / len(deck)) for card in deck)
    chance(state, "draw garden-world")
    assert (state.turn, state.step, state.current_player()) == (1, "start", SIMULTANEOUS)
    assert state.held["aegis"] == ["garden-world"]
    assert "garden-world" not in state.destinations["deck"]
    next_turn(to_step(state, "team"), destination="draw far-reach")
    assert (state.turn, state.step) == (2, "start")
    assert state.held["aegis"] == ["far-reach", "garden-world"]


@both
def test_an_empty_destination_deck_opens_the_turn_without_a_draw(edition: str) -> None:
    state = edit(begin(edition, "team"), lambda p: p["destinations"].update(deck=[]))
    next_turn(state)
    assert (state.turn, state.step, state.current_player()) == (2, "start", SIMULTANEOUS)
    assert "the destination deck is empty: no card drawn" in log(state, "control")


@both
def test_control_advances_start_then_action_phase_then_team_phase(edition: str) -> None:
    state = begin(edition, "start")
    steps = [state.step]
    for _ in range(2):
        assert state.waiting_for() == [0]
        control(state, "control advance")
        steps.append(state.step)
    assert steps == ["start", "action", "team"]
    assert log(state, None)[-2:] == [
        "turn 1: the Action Phase begins",
        "turn 1: the Team Phase begins; everyone returns to their table",
    ]


@both
def test_only_control_moves_the_turn_on(edition: str) -> None:
    state = begin(edition, "start")
    assert refused(state, "dione/captain", "control advance").rule == "control"


@both
def test_crew_are_refreshed_at_the_start_of_the_team_phase(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/chief-engineer", "use fore-farms")
    assert [state.crew[c]["used"] for c in ("dione:c3", "dione:c4")] == [True, False]
    control(state, "control advance")
    assert not any(crew["used"] for crew in state.crew.values())


@both
def test_dispersed_riots_come_off_at_the_start_of_the_team_phase_active_ones_stay(edition: str) -> None:
    state = begin(edition, "action")
    control(state, 'control riot dione.fore-farms "unrest"', 'control riot dione.aft-farms "unrest"')
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    chance(state, "roll 5")
    slots = state.ships["dione"]["stations"]
    assert (slots["fore-farms"]["riot"], slots["aft-farms"]["riot"]) == ("dispersed", "active")
    control(state, "control advance")
    assert (slots["fore-farms"]["riot"], slots["aft-farms"]["riot"]) == (None, "active")


@both
def test_every_free_player_returns_to_their_table_in_the_team_phase(edition: str) -> None:
    state = begin(edition, "action")
    act(state, "dione/captain", "goto map")
    act(state, "dione/council-member", "goto icebreaker")
    act(state, "media/anchor", "goto dione")
    control(state, 'control brig icebreaker/captain "arrested"')
    control(state, "control advance")
    where = {label: state.people[str(seat(state, label))]["at"] for label in ("dione/captain", "dione/council-member")}
    assert where == {"dione/captain": "dione", "dione/council-member": "dione"}
    # The brig holds its prisoner; the Media have no table of a ship to go back to.
    assert state.people[str(seat(state, "icebreaker/captain"))]["at"] == "aegis"
    assert state.people[str(seat(state, "media/anchor"))]["at"] == "dione"


@both
def test_players_stay_put_through_the_team_phase(edition: str) -> None:
    state = begin(edition, "team")
    assert refused(state, "dione/captain", "goto icebreaker").rule == "phase"


@both
def test_the_broadcast_pays_rations_then_queues_a_morale_roll_then_a_riot_roll_per_ship(edition: str) -> None:
    state = begin(edition, "team")
    food = {sid: ship["hold"]["food"] for sid, ship in state.ships.items()}
    water = {sid: ship["hold"]["water"] for sid, ship in state.ships.items()}
    control(state, "control advance")
    assert state.step == "news" and state.current_player() == CHANCE
    assert state.ships["dione"]["hold"]["food"] == food["dione"] - 8
    assert state.ships["dione"]["hold"]["water"] == water["dione"] - 6
    assert {sid: food[sid] - ship["hold"]["food"] for sid, ship in state.ships.items()} == {
        sid: state.content.ships[sid].food.normal for sid in state.ships
    }
    order = [(event["kind"], event["ship"]) for event in state.pending]
    assert order == [(kind, sid) for sid in state.ships for kind in ("morale", "riot")]
    assert state.chance_outcomes() == tuple((f"roll {face}", 1 / 6) for face in range(1, 7))


@both
def test_the_morale_roll_comes_before_the_riot_roll_which_reads_the_new_level(edition: str) -> None:
    # The Dione starts at morale 6 (riots on 2 or less); a roll of 13+ lifts it to 8 (riots on 1 or less).
    state = begin(edition, "team")
    control(state, "control news dione +10", "control advance")
    while state.pending[0]["ship"] != "dione":
        chance(state, "roll 3" if state.pending[0]["kind"] == "morale" else "roll 6")
    chance(state, "roll 3", "roll 2")  # morale 3 + 10: +2 levels; riot 2 > 1 at level 8: calm
    assert state.ships["dione"]["morale"] == 8
    assert [s for s, slot in state.ships["dione"]["stations"].items() if slot["riot"]] == []


@both
def test_an_undisturbed_riot_from_an_earlier_turn_spreads_on_1_to_3(edition: str) -> None:
    state = begin(edition, "action")
    control(state, 'control riot dione.fore-farms "unrest"')
    next_turn(to_step(state, "team"))
    to_step(state, "team")
    control(state, "control advance")
    assert [(e["kind"], e.get("station")) for e in state.pending][-1] == ("spread", "fore-farms")
    resolve(state, spread="roll 3", **{"riot-place": "pick water-recycler"})
    assert state.ships["dione"]["stations"]["water-recycler"]["riot"] == "active"
    assert "the riot on dione.fore-farms spreads" in log(state, None)


@both
def test_a_riot_rolling_4_or_more_does_not_spread(edition: str) -> None:
    state = begin(edition, "action")
    control(state, 'control riot dione.fore-farms "unrest"')
    next_turn(to_step(state, "team"))
    to_step(state, "team")
    control(state, "control advance")
    resolve(state, spread="roll 4")
    assert [s for s, slot in state.ships["dione"]["stations"].items() if slot["riot"]] == ["fore-farms"]


@both
def test_a_riot_that_appeared_this_turn_does_not_spread(edition: str) -> None:
    state = begin(edition, "action")
    control(state, 'control riot dione.fore-farms "unrest"', "control advance", "control advance")
    assert [e["kind"] for e in state.pending if e["kind"] == "spread"] == []


@both
def test_a_riot_someone_tried_to_disperse_this_turn_does_not_spread(edition: str) -> None:
    state = begin(edition, "action")
    control(state, 'control riot dione.fore-farms "unrest"')
    next_turn(to_step(state, "team"))
    to_step(state, "action")
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    chance(state, "roll 2")  # no effect: the riot stays
    control(state, "control advance", "control advance")
    assert [e for e in state.pending if e["kind"] == "spread"] == []


@both
def test_a_riot_tried_last_turn_but_left_alone_this_turn_spreads(edition: str) -> None:
    state = begin(edition, "action")
    control(state, 'control riot dione.fore-farms "unrest"')
    next_turn(to_step(state, "team"))
    to_step(state, "action")
    act(state, "dione/first-officer", "disperse dione:u2 dione.fore-farms")
    chance(state, "roll 2")
    next_turn(to_step(state, "team"))
    to_step(state, "team")
    control(state, "control advance")
    assert [(e["kind"], e.get("station")) for e in state.pending if e["kind"] == "spread"] == [("spread", "fore-farms")]


@both
def test_the_pursuit_track_rises_by_one_at_the_end_of_each_turn(edition: str) -> None:
    state = begin(edition, "team")
    assert state.pursuit == 3
    next_turn(state)
    assert state.pursuit == 4
    assert "turn 1 ends; the pursuit track rises to 4" in log(state, None)


@both
def test_the_pursuit_track_stops_at_its_top(edition: str) -> None:
    state = edit(begin(edition, "team"), lambda p: p.update(pursuit=12))
    next_turn(state)
    assert state.pursuit == 12


@both
@pytest.mark.parametrize("turns", [1, 2])
def test_the_event_ends_after_the_last_turn(edition: str, turns: int) -> None:
    state = begin(edition, "team", turns=turns)
    for _ in range(turns - 1):
        next_turn(state)
        to_step(state, "team")
    assert state.turn == turns
    control(state, "control advance")
    resolve(state)
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert state.returns() == [0.0] * len(state.seats)
    assert legal(state, "control") == [] and legal(state, "dione/captain") == []
    assert log(state, None)[-1] == "the event is over"
    assert refused(state, "dione/captain", "rations food low").rule == "game over"
