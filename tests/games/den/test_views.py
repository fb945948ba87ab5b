"""Den of Wolves views as a server rebuilds them: which views an action changed (`view_version`), checked against
the views themselves, and the log read a line at a time."""

from __future__ import annotations

import base64
import json
import random
from array import array
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wolfpack
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.chunks import CHUNK_LINES, TextChunks
from wolfpack.engine.records import Match
from wolfpack.games.den.event import event_bots, play_event
from wolfpack.games.den.rules import CONTROL, CONTROL_ONLY, PUBLIC, note
from wolfpack.games.den.state import DenState
from wolfpack.games.den.views import EventLog, log_audience, merged_from, reads
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


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_shared_observation_stays_as_it_was_while_play_goes_on(edition: str) -> None:
    """A server keeps each seat's shared observation and patches the next one from it: no part of it may be one of
    the game's own objects, which a later action would change under it (the battles list was: an attack's end
    never reached a desk). Scripted through an attack's start and end, then random actions."""
    state = wolfpack.load_game("den-of-wolves", edition=edition, turns=2, phase_actions=40).new_initial_state()
    assert isinstance(state, DenState)
    rng = random.Random(5)
    viewers = [None, *range(state.num_players())]
    held: dict[int | None, tuple[dict[str, Any], str]] = {}
    scripted = ["control advance", 'control attack "test"', "control wolf-round", 'control end-attack "withdrawn"']
    for step in range(120):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        elif scripted:
            state.apply_action(scripted.pop(0), CONTROL)
        else:
            seat = random_acting_seat(state, rng)
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        for viewer, (observation, text) in held.items():
            assert json.dumps(observation) == text, f"step {step}: viewer {viewer}'s held observation changed"
        shared = {viewer: state.shared_observation(viewer) for viewer in viewers}
        held = {viewer: (observation, json.dumps(observation)) for viewer, observation in shared.items()}
        assert shared[CONTROL] == state.observation(CONTROL)
    assert not scripted and state.battles, "the attack was fought and ended"


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


# ---- the log kept in compressed chunks ---------------------------------------------------------------------------


def long_logged_state(lines: int) -> tuple[DenState, list[list[str]]]:
    """A state whose log has `lines` more lines for every kind of audience (public, Control's, one ship's, two
    ships'), written by the rules' own helper; and the same lines as the plain pairs the log once was."""
    state = wolfpack.load_game("den-of-wolves", edition="infinite-domain").new_initial_state()
    assert isinstance(state, DenState)
    ships = list(state.ships)
    audiences = [PUBLIC, CONTROL_ONLY, ships[0], ships[1], f"{ships[0]},{ships[2]}", ships[-1]]
    for number in range(lines):
        note(state, audiences[number % len(audiences) if number % 5 else 0], f'line {number}: "quoted"\nand on')
    return state, [list(line) for line in state.events]


def plain_log(pairs: list[list[str]], state: DenState, viewer: int | None) -> list[str]:
    """What `viewer` reads of a log kept as plain pairs, as it was before the log was chunked."""
    audience = log_audience(state, viewer)
    return [text for seen, text in pairs if reads(audience, seen)]


def test_a_log_of_thousands_of_lines_reads_back_identical_for_every_audience() -> None:
    state, pairs = long_logged_state(5 * CHUNK_LINES + 31)
    assert len(state.events._texts._closed) == 5, "not vacuous: most of the log is in closed chunks"
    viewers = [None, *range(state.num_players())]
    seen = set()
    for viewer in viewers:
        expected = plain_log(pairs, state, viewer)
        seen.add(len(expected))
        assert state.log(viewer) == expected
        for start in (0, 1, CHUNK_LINES - 1, len(expected) // 2, len(expected) - 1, len(expected), len(expected) + 9):
            assert state.log_since(viewer, start) == expected[start:]
    assert len(seen) > 3, "the audiences read different logs"
    restored = state.game.state_from_json(state.to_json())
    assert all(restored.log(viewer) == state.log(viewer) for viewer in viewers)
    assert list(restored.events) == pairs and restored.to_dict() == state.to_dict()


def test_a_saved_log_holds_its_chunks_as_they_are_and_no_object_per_line() -> None:
    state, pairs = long_logged_state(3 * CHUNK_LINES + 5)
    saved = state.to_dict()["log"]
    texts = saved["texts"]
    assert texts["chunks"] == [base64.b64encode(blob).decode() for blob in state.events._texts._closed]
    assert len(texts["open"]) == len(pairs) - 3 * CHUNK_LINES and isinstance(saved["codes"], str)
    assert EventLog.from_saved(saved) == pairs


def played_state(actions: int) -> DenState:
    """A state after `actions` actions and chance outcomes (Control setting a hold, chance rolled)."""
    state = wolfpack.load_game("den-of-wolves").new_initial_state()
    assert isinstance(state, DenState)
    rng = random.Random(5)
    while len(state.history()) < actions:
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action('control set dione.fuel 3 "counted"', CONTROL)
    return state


def test_a_save_whose_log_is_pairs_and_history_a_list_still_loads() -> None:
    """Saves written before the log and the history were chunked hold them as lists."""
    state = played_state(CHUNK_LINES + 9)
    pairs = [list(line) for line in state.events]
    older = {**state.to_dict(), "log": pairs, "history": state.history()}
    restored = state.game.state_from_json(json.dumps(older))
    assert restored == state and restored.log(1) == state.log(1) and list(restored.events) == pairs
    assert restored.history() == state.history()


def test_a_saved_history_holds_its_chunks_and_loads_back() -> None:
    state = played_state(2 * CHUNK_LINES + 3)
    saved = state.to_dict()["history"]
    assert len(saved["chunks"]) == 2 and len(saved["open"]) == len(state.history()) - 2 * CHUNK_LINES
    assert state.game.state_from_json(state.to_json()).history() == state.history()
    bad = {**state.to_dict(), "history": {**saved, "chunks": ["AAAA", *saved["chunks"][1:]]}}
    with pytest.raises(wolfpack.InvalidStateError, match="'history' in chunks is not readable: chunk 0"):
        state.game.state_from_json(bad)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"codes": "not base64!"}, "must be base64"),
        ({"texts": {"chunk_lines": 256, "chunks": ["AAAA"], "open": []}}, "chunk 0 is not a compressed list of texts"),
        ({"audiences": [3]}, "audiences must be a list of text"),
        ({"texts": {"chunk_lines": 256, "chunks": [], "open": ["x"] * 256}}, "open chunk must be fewer than 256 texts"),
        ({"extra": 1}, "its keys must be"),
        ({"codes": base64.b64encode(b"\x00\x00").decode()}, "lines but 1 audiences"),
    ],
)
def test_a_saved_log_whose_chunks_are_wrong_is_refused_naming_what(change: dict[str, Any], named: str) -> None:
    state, _ = long_logged_state(CHUNK_LINES + 3)
    saved = state.to_dict()
    with pytest.raises(wolfpack.InvalidStateError, match=f"the saved log must be .*{named}"):
        state.game.state_from_json({**saved, "log": {**saved["log"], **change}})


def test_a_log_read_again_after_more_lines_gives_only_the_new_ones() -> None:
    state, _ = long_logged_state(CHUNK_LINES + 3)
    before = state.log(1)
    note(state, PUBLIC, "one more for everyone")
    note(state, CONTROL_ONLY, "one more for Control")
    assert state.log_since(1, len(before)) == ["one more for everyone"]
    assert state.log_since(CONTROL, len(state.log(CONTROL)) - 2) == ["one more for everyone", "one more for Control"]


def test_a_copy_shares_the_closed_chunks_of_its_log_and_history_and_goes_its_own_way() -> None:
    state = played_state(CHUNK_LINES + 10)
    pairs = [list(line) for line in state.events]
    copy = state.clone()
    assert isinstance(copy, DenState)
    shared = zip(copy.events._texts._closed, state.events._texts._closed, strict=True)
    assert all(a is b for a, b in shared) and len(state.events._texts._closed) >= 1
    history = state._history
    assert isinstance(history, TextChunks) and isinstance(copy._history, TextChunks)
    assert copy._history._closed[0] is history._closed[0]
    copy.apply_action('control set dione.fuel 2 "the copy"', CONTROL)
    assert copy.history()[:-1] == state.history() and copy.log(CONTROL)[:-1] == state.log(CONTROL)
    assert state.log(CONTROL)[-1] != copy.log(CONTROL)[-1] and list(state.events)[: len(pairs)] == pairs


def test_a_log_line_is_an_audience_and_a_text_and_a_bad_one_changes_nothing() -> None:
    state = wolfpack.load_game("den-of-wolves").new_initial_state()
    assert isinstance(state, DenState)
    note(state, PUBLIC, "fine")
    length = len(state.events)
    with pytest.raises(ValueError, match="unpack"):
        state.events.append(["only one part"])
    with pytest.raises(TypeError, match="TextChunks holds text, got int"):
        state.events.append([PUBLIC, 3])  # type: ignore[list-item]
    assert len(state.events) == length and state.events[-1] == [PUBLIC, "fine"] and state.log(None)[-1] == "fine"


@given(st.sets(st.integers(0, 400)), st.sets(st.integers(0, 400)), st.integers(0, 820))
def test_two_indices_merge_from_any_position(first: set[int], second: set[int], start: int) -> None:
    second -= first  # a line is public or a team's own, never both
    merged = sorted(first | second)
    assert list(merged_from(array("I", sorted(first)), array("I", sorted(second)), start)) == merged[start:]
