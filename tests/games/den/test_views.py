"""Den of Wolves views as a server rebuilds them: which views an action changed (`view_version`), checked against
the views themselves, and the log read a line at a time."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import wolfpack
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.records import Match
from wolfpack.games.den.event import event_bots, play_event
from wolfpack.games.den.rules import CONTROL
from wolfpack.games.den.state import DenState
from wolfpack.testing import random_acting_seat

EDITIONS = ("classic", "infinite-domain")


class ViewWatcher:
    """What a server keeps per viewer: the version it last sent and the view and log it sent then."""

    def __init__(self, state: DenState) -> None:
        self.state = state
        self.sent: dict[int | None, tuple[int, str]] = {}
        self.unchanged = 0
        self.changed = 0

    def check(self) -> None:
        """Every viewer whose version did not move must have the very view and log it was sent last time."""
        state = self.state
        for viewer in [None, *range(state.num_players())]:
            version = state.view_version(viewer)
            view = json.dumps([state.observation(viewer), state.log(viewer)])
            if viewer in self.sent and self.sent[viewer][0] == version:
                assert view == self.sent[viewer][1], f"viewer {viewer}'s view changed at unchanged version {version}"
                self.unchanged += 1
            else:
                self.changed += 1
            self.sent[viewer] = (version, view)


@pytest.mark.parametrize(("edition", "turns"), [("classic", 2), ("infinite-domain", 1)])
def test_a_view_whose_version_stays_is_unchanged_through_a_bot_event(edition: str, turns: int) -> None:
    game = wolfpack.load_game("den-of-wolves", edition=edition, turns=turns)
    match = Match(game, 5)
    assert isinstance(match.state, DenState)
    watcher = ViewWatcher(match.state)
    play_event(match, event_bots(game, 5), lambda seat, notation: watcher.check())
    # Not vacuous: most views stay as they were after an action, and some change.
    assert watcher.unchanged > watcher.changed > 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_view_whose_version_stays_is_unchanged_through_random_actions(edition: str) -> None:
    """Random seats playing random actions (Control's included) and every chance outcome on its own."""
    state = wolfpack.load_game("den-of-wolves", edition=edition, turns=2, phase_actions=40).new_initial_state()
    assert isinstance(state, DenState)
    rng = random.Random(11)
    watcher = ViewWatcher(state)
    for _ in range(150):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            seat = random_acting_seat(state, rng)
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        watcher.check()
    assert watcher.unchanged > 0 and watcher.changed > 0


def test_an_action_changes_only_the_views_it_touches() -> None:
    """Crewing a station shows on its ship's panel: its team and Control see it, another team does not."""
    state = wolfpack.load_game("den-of-wolves").new_initial_state()
    assert isinstance(state, DenState)
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(sample_chance_outcome(state, rng))
    before = {viewer: state.view_version(viewer) for viewer in [None, *range(state.num_players())]}
    seat, action = next(
        (seat, action)
        for seat in range(1, state.num_players())
        for action in state.legal_actions(seat)
        if action.startswith("crew ")
    )
    ship = state.seats[seat].ship
    other = next(i for i, s in enumerate(state.seats) if s.ship not in (None, ship))
    state.apply_action(action, seat)
    assert state.view_version(seat) != before[seat]
    assert state.view_version(CONTROL) != before[CONTROL]
    assert state.view_version(other) == before[other]
    assert state.view_version(None) == before[None]


def test_a_clone_keeps_its_versions_and_parts_its_own_way() -> None:
    state = wolfpack.load_game("den-of-wolves").new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(sample_chance_outcome(state, rng))
    version = state.view_version(CONTROL)
    copy = state.clone()
    assert copy.view_version(CONTROL) == version
    copy.apply_action('control pause "tea break"', CONTROL)
    assert copy.view_version(CONTROL) != version
    assert state.view_version(CONTROL) == version
    assert state.observation(CONTROL)["paused"] is False


def test_a_saved_state_restored_reads_the_same_logs() -> None:
    game = wolfpack.load_game("den-of-wolves", turns=1)
    match = Match(game, 4)
    play_event(match, event_bots(game, 4))
    state = match.state
    restored = game.state_from_json(state.to_json())
    for viewer in [None, *range(state.num_players())]:
        assert restored.log(viewer) == state.log(viewer)
    assert restored.log(CONTROL)


def test_a_seats_log_read_twice_is_its_own_copy() -> None:
    state = wolfpack.load_game("den-of-wolves").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    log: list[Any] = state.log(CONTROL)
    log.append("scribbled")
    assert "scribbled" not in state.log(CONTROL)


def test_an_observation_is_its_own_copy() -> None:
    state = wolfpack.load_game("den-of-wolves").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    view = state.observation(CONTROL)
    view["ships"].clear()
    view["council"]["orders"].append("scribbled")
    assert state.observation(CONTROL)["ships"]
    assert "scribbled" not in state.observation(1)["council"]["orders"]
