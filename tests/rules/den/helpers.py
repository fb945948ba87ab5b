"""Shared helpers of the Den of Wolves rules tests: build a position, choose the chance outcomes, read results.

A game opens on the Aegis' destination draw (a chance node); `begin` draws a chosen card and takes the state to
the step a test wants (`start`, `action` or `team` of turn 1) by Control's `control advance`. Every other seat is
found by its label (`dione/captain`); Control is seat 0. A test that needs a position the rules cannot reach
quickly edits the JSON-ready fields with `edit`, which loads a fresh state from the edited position (the state
caches its legal actions and lookups, so editing a live state's fields is not enough).

Default packs used below (both editions unless said): the Dione (size 2, q1; one shuttle; fore-farms and
aft-farms are its two hydroponics stations; infirmary is its sickbay), the Icebreaker (refinery: lose 2 ore, gain
1 fuel, engineer crew), the Carmine (size 1, q4, no shuttle), the Aegis (at the centre, 1 morale per 3 damage, two
shuttles, marines) and, in Infinite Domain only, the Hephaestus (riot troops +2 to disperse).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import wolfpack
from wolfpack import IllegalActionError
from wolfpack.games.den import rules
from wolfpack.games.den.game import DenGame
from wolfpack.games.den.state import DenState

EDITIONS = ("classic", "infinite-domain")
both = pytest.mark.parametrize("edition", EDITIONS)
"""Parametrize a test of a rule both rulebooks share over the two editions."""

AEGIS_COMMANDER = {"classic": "aegis/commanding-officer", "infinite-domain": "aegis/admiral"}
DEFAULT_ROLLS = {"morale": "roll 3", "riot": "roll 6", "spread": "roll 6", "disperse": "roll 3", "emergency": "roll 6"}
"""Quiet outcomes: a morale roll of 3 at normal rations moves nothing; a 6 never riots at the starting levels."""


def new_game(edition: str = "classic", **options: Any) -> DenGame:
    """The game of this edition with these options."""
    game = wolfpack.load_game("den-of-wolves", edition=edition, **options)
    assert isinstance(game, DenGame)
    return game


def begin(edition: str = "classic", step: str = "start", draw: str = "cinder-moon", **options: Any) -> DenState:
    """A new game: the Aegis draws `draw`, then Control advances to `step` of turn 1."""
    state = new_game(edition, **options).new_initial_state()
    chance(state, f"draw {draw}")
    return to_step(state, step)


def to_step(state: DenState, step: str) -> DenState:
    """Control advances until the turn reaches `step` (never past the Team Phase: the broadcast rolls dice)."""
    order = ("start", "action", "team")
    assert order.index(state.step) <= order.index(step), f"already past {step}"
    while state.step != step:
        control(state, "control advance")
    return state


def seat(state: DenState, label: str) -> int:
    """The seat with this label (`control`, `dione/captain`, `media/anchor`...)."""
    found = rules.seat_by_label(state, label)
    assert found is not None, f"no seat {label}"
    return found


def act(state: DenState, label: str, *actions: str) -> DenState:
    """The seat labelled `label` plays `actions` in turn (each checked legal by the engine)."""
    player = seat(state, label)
    for action in actions:
        state.apply_action(action, player)
    return state


def control(state: DenState, *actions: str) -> DenState:
    """Control plays `actions` (`control ...`)."""
    for action in actions:
        state.apply_action(action, rules.CONTROL)
    return state


def chance(state: DenState, *outcomes: str) -> DenState:
    """Resolve pending chance events with these outcomes, in order."""
    for outcome in outcomes:
        assert state.is_chance_node(), f"no chance event pending for {outcome}"
        state.apply_action(outcome)
    return state


def pending(state: DenState) -> str | None:
    """The kind of the pending chance event (`morale`, `riot`, `draw`...), or None."""
    return str(state.pending[0]["kind"]) if state.pending else None


def resolve(state: DenState, **outcomes: str) -> DenState:
    """Resolve every pending chance event: `outcomes[kind]` for that kind, else a quiet default (DEFAULT_ROLLS),
    the first card for draws and the first station for picks."""
    while state.is_chance_node():
        kind = state.pending[0]["kind"]
        outcome = outcomes.get(kind) or DEFAULT_ROLLS.get(kind) or state.legal_actions()[0]
        state.apply_action(outcome)
    return state


def next_turn(state: DenState, **outcomes: str) -> DenState:
    """From the Team Phase: the broadcast with quiet rolls (or `outcomes`), then the next turn's destination draw."""
    assert state.step == "team"
    control(state, "control advance")
    return resolve(state, **outcomes)


def edit(state: DenState, change: Callable[[dict[str, Any]], object]) -> DenState:
    """A fresh state of the position after `change` edits its fields (`ships`, `crew`, `people`...)."""
    position = state.to_dict()["position"]
    change(position)
    fresh = state.game.state_from_position(position)
    assert isinstance(fresh, DenState)
    return fresh


def legal(state: DenState, label: str) -> list[str]:
    """The legal actions of the seat labelled `label`, sorted."""
    return sorted(state.legal_actions(seat(state, label)))


def verbs(state: DenState, label: str, verb: str) -> list[str]:
    """The legal actions of a seat that use `verb`."""
    return [a for a in legal(state, label) if a.split()[0] == verb]


def refused(state: DenState, label: str, action: str) -> IllegalActionError:
    """Check that `action` is illegal for the seat, both to parse_action and to apply_action, changing nothing."""
    player = seat(state, label)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as parsed:
        state.parse_action(action, player)
    assert state.to_json() == before
    with pytest.raises(IllegalActionError) as applied:
        state.apply_action(action, player)
    assert state.to_json() == before
    assert parsed.value.rule == applied.value.rule
    if applied.value.rule not in ("game over", "turn"):  # the engine's own checks name no bracketed rule
        assert f"[{applied.value.rule}]" in str(applied.value)
    return applied.value


def crew_on(state: DenState, ship: str, station: str) -> list[str]:
    """The crew ids on a station, sorted."""
    return sorted(cid for cid, crew in state.crew.items() if crew["ship"] == ship and crew["station"] == station)


def hold(state: DenState, ship: str) -> dict[str, int]:
    """A ship's hold."""
    return dict(state.ships[ship]["hold"])


def start(edition: str, ship: str, resource: str) -> int:
    """What a ship's hold starts with in the edition's default pack (calibrated numbers: tests count from them)."""
    return new_game(edition).content.ships[ship].hold.get(resource, 0)


def log(state: DenState, label: str | None) -> list[str]:
    """The log as the seat labelled `label` reads it (None: the public log)."""
    return state.log(None if label is None else seat(state, label))


def notices(state: DenState, kind: str | None = None) -> list[str]:
    """The texts of Control's open notices (of one kind, if given)."""
    return [n["text"] for n in state.notices if kind is None or n["kind"] == kind]


def battle(edition: str = "classic", *wolves: str, **options: Any) -> DenState:
    """A Wolf Attack in Fleet round 1 of turn 1's Action Phase whose only Wolf units are `wolves`, each written
    `kind@place` (`fighter@q1`, `boarding@dione` for a boarder already aboard); numbered w1, w2... in order."""
    state = control(begin(edition, "action", **options), 'control set pursuit 0 "calm"', 'control attack "test"')
    resolve(state)

    def only_these(position: dict[str, Any]) -> None:
        position["attack"].update(wolves={}, next_wolf=1, boarded={}, arrived=0)

    state = edit(state, only_these)
    for wolf in wolves:
        kind, where = wolf.split("@")
        control(state, f'control wolves {kind} 1 {where} "test"')
    assert state.attack is not None and state.attack["side"] == "fleet"
    return state


def wolf_round(state: DenState, *rolls: str) -> DenState:
    """Control ends the Fleet round; the Wolves' dice come up `rolls` in order."""
    control(state, "control wolf-round")
    return chance(state, *rolls)
