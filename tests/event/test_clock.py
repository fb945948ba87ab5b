"""The phase clock (src/wolfpack/event/clock.py): time is always passed in, so nothing here sleeps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from wolfpack.event.clock import (
    PhaseClock,
    advance_confirmation,
    follow,
    phase_length,
    start_clock,
    unmet_before_advance,
)
from wolfpack.event.errors import EventError
from wolfpack.event.model import Event
from wolfpack.event.settings import event_defaults, make_settings
from wolfpack.event.store import EventStore

from ..rules.den.helpers import begin

T0 = 1_700_000_000.0


def _action_clock(event: Event, now: float = T0) -> PhaseClock:
    return start_clock(event.settings, {"turn": 1, "step": "action"}, now)


def test_the_clock_times_the_phase_the_games_public_view_shows_with_the_events_lengths(classic: Event) -> None:
    start = event_clock_view(classic)
    assert (start.turn, start.phase, start.length) == (1, "start", None)
    assert start.snapshot(T0 + 50)["remaining"] is None
    action = follow(start, classic.settings, {"turn": 1, "step": "action"}, T0 + 60)
    assert (action.turn, action.phase, action.length, action.started_at) == (1, "action", 18 * 60, T0 + 60)
    team = follow(action, classic.settings, {"turn": 1, "step": "team"}, T0 + 100)
    assert team.length == 12 * 60
    short = classic.with_settings(action_minutes=5)
    assert phase_length(short.settings, "action") == 300
    assert phase_length(short.settings, "news") is None


def event_clock_view(event: Event) -> PhaseClock:
    """The clock started on the game's own first public view."""
    return start_clock(event.settings, event.game.new_initial_state().observation(None), T0)


def test_the_clock_stays_while_the_game_stays_in_its_phase_and_restarts_when_control_advances(classic: Event) -> None:
    clock = _action_clock(classic).pause(T0 + 10)
    same = follow(clock, classic.settings, {"turn": 1, "step": "action", "ships": {}}, T0 + 500)
    assert same is clock
    next_turn = follow(clock, classic.settings, {"turn": 2, "step": "action"}, T0 + 600)
    assert (next_turn.turn, next_turn.paused, next_turn.remaining(T0 + 600)) == (2, False, 18 * 60)


def test_remaining_counts_down_and_never_goes_below_zero(classic: Event) -> None:
    clock = _action_clock(classic)
    assert clock.remaining(T0) == 1080
    assert clock.remaining(T0 + 1000) == 80
    assert clock.remaining(T0 + 5000) == 0
    assert clock.ends_at() == T0 + 1080


def test_pausing_stops_the_count_and_resuming_goes_on_from_where_it_stopped(classic: Event) -> None:
    paused = _action_clock(classic).pause(T0 + 100)
    assert paused.remaining(T0 + 100) == paused.remaining(T0 + 900) == 980
    assert paused.ends_at() is None
    resumed = paused.resume(T0 + 900)
    assert resumed.remaining(T0 + 900) == 980
    assert resumed.remaining(T0 + 1000) == 880
    assert resumed.ends_at() == T0 + 900 + 980


def test_pausing_a_paused_clock_or_resuming_a_running_one_is_refused_and_changes_nothing(classic: Event) -> None:
    running = _action_clock(classic)
    with pytest.raises(EventError, match="the clock is not paused: there is nothing to resume"):
        running.resume(T0 + 5)
    paused = running.pause(T0 + 5)
    with pytest.raises(EventError, match="the clock is already paused: resume it first"):
        paused.pause(T0 + 6)
    assert (running.paused, paused.paused, paused.remaining(T0 + 50)) == (False, True, 1075)


def test_extend_and_shorten_move_the_end_and_never_below_zero_remaining(classic: Event) -> None:
    clock = _action_clock(classic)
    assert clock.extend(120, T0 + 10).remaining(T0 + 10) == 1070 + 120
    assert clock.shorten(1000, T0 + 10).remaining(T0 + 10) == 70
    assert clock.shorten(1070, T0 + 10).overrun(T0 + 10)
    with pytest.raises(EventError, match=r"shorten by 1071 s: only 1070 s remain \(a clock cannot go below zero"):
        clock.shorten(1071, T0 + 10)
    assert clock.remaining(T0 + 10) == 1070


def test_extending_an_overrun_clock_gives_that_time_from_now(classic: Event) -> None:
    late = _action_clock(classic)
    assert late.overrun(T0 + 1200)
    extended = late.extend(60, T0 + 1200)
    assert extended.remaining(T0 + 1200) == 60
    assert not extended.overrun(T0 + 1200)


@pytest.mark.parametrize("seconds", [0, -5, 1.5, True, "60"])
def test_a_change_that_is_not_a_positive_whole_number_of_seconds_is_refused(classic: Event, seconds: Any) -> None:
    clock = _action_clock(classic)
    for verb in ("extend", "shorten"):
        with pytest.raises(EventError, match=rf"{verb} by .*: give a whole number of seconds, more than zero"):
            getattr(clock, verb)(seconds, T0 + 1)


def test_an_untimed_step_cannot_be_extended_and_a_time_before_the_start_is_refused(classic: Event) -> None:
    start = event_clock_view(classic)
    with pytest.raises(EventError, match="extend: the start step is untimed"):
        start.extend(60, T0 + 1)
    with pytest.raises(EventError, match=r"the time .* is before the clock last started"):
        _action_clock(classic).remaining(T0 - 1)
    with pytest.raises(EventError, match="the game's public view shows no turn and step"):
        start_clock(classic.settings, {"turn": 1}, T0)


def test_the_warning_comes_at_the_events_warning_seconds_our_default_two_minutes(classic: Event) -> None:
    assert event_defaults().clock.warning_seconds == 120
    clock = _action_clock(classic)
    assert not clock.warning(T0 + 1080 - 121)
    assert clock.warning(T0 + 1080 - 120)
    organisers = start_clock(classic.with_settings(warning_seconds=300).settings, {"turn": 1, "step": "team"}, T0)
    assert (organisers.warning(T0 + 720 - 301), organisers.warning(T0 + 720 - 300)) == (False, True)
    with pytest.raises(EventError, match="warning_seconds must be 0 to 7200 seconds before a phase's end"):
        make_settings(warning_seconds=-1)


def test_time_up_is_shown_but_changes_nothing_in_the_game(classic: Event) -> None:
    state = begin("classic", step="action")
    view = state.observation(None)
    assert view["step"] == "action"
    clock = start_clock(classic.settings, view, T0)
    later = follow(clock, classic.settings, state.observation(None), T0 + 5000)
    assert later.overrun(T0 + 5000)
    assert later is clock
    assert state.observation(None) == view  # the clock read the game; the game did not move


def test_every_device_gets_the_same_snapshot(classic: Event) -> None:
    clock = _action_clock(classic).pause(T0 + 30.5).resume(T0 + 40)
    assert clock.snapshot(T0 + 1000.2) == {
        "turn": 1,
        "phase": "action",
        "timed": True,
        "remaining": 90,
        "paused": False,
        "warning": True,
        "overrun": False,
        "ends_at": T0 + 40 + 1080 - 30.5,
    }
    assert clock.snapshot(T0 + 2000)["overrun"] is True
    assert clock.snapshot(T0 + 2000)["remaining"] == 0


def test_advancing_with_time_left_asks_for_a_confirmation_and_not_once_time_is_up(classic: Event) -> None:
    clock = _action_clock(classic)
    question = advance_confirmation(clock, T0 + 1080 - 125)
    assert question == "Turn 1, action phase: 2 min 05 s are left on the clock. Advance the game now anyway?"
    assert advance_confirmation(clock.pause(T0 + 10), T0 + 5000) is not None
    assert advance_confirmation(clock, T0 + 1080) is None
    assert advance_confirmation(event_clock_view(classic), T0 + 10) is None
    assert advance_confirmation(None, T0) is None


def test_advancing_while_a_ship_has_not_done_what_the_step_needed_asks_even_when_time_is_up(classic: Event) -> None:
    clock = _action_clock(classic)
    unmet = ["The Dione crewed its jump drive but has not declared a jump: it will not jump this turn."]
    assert advance_confirmation(clock, T0 + 1080, unmet) == f"Not done yet: {unmet[0]} Advance the game now anyway?"
    both = advance_confirmation(clock, T0 + 1080 - 125, unmet)
    assert both == (
        f"Turn 1, action phase: 2 min 05 s are left on the clock. Not done yet: {unmet[0]} Advance the game now anyway?"
    )
    assert advance_confirmation(event_clock_view(classic), T0 + 10, unmet) is not None, "an untimed step asks too"


def test_the_unmet_steps_are_read_from_the_games_view_for_control() -> None:
    state = begin("classic", "start")
    unmet = unmet_before_advance(state.observation(0))
    assert unmet == ["No ship has crewed its jump drive: no ship can jump this turn."]
    assert unmet_before_advance(state.observation(None)) == [], "the public view lists nothing"
    assert unmet_before_advance({"before_advance": "not a list"}) == []
    assert unmet_before_advance({"before_advance": ["a line", 3]}) == ["a line"]


def test_a_running_clock_keeps_running_through_a_restart(tmp_path: Path, classic: Event) -> None:
    database = f"sqlite:///{tmp_path}/e.db"
    store = EventStore.open(database)
    store.create(classic)
    assert store.load_clock(classic.id) is None
    clock = _action_clock(classic).pause(T0 + 100).resume(T0 + 160).extend(30, T0 + 200)
    store.save_clock(classic.id, clock)
    store.close()
    restarted = EventStore.open(database)
    loaded = restarted.load_clock(classic.id)
    assert loaded == clock
    assert loaded is not None and loaded.remaining(T0 + 900) == clock.remaining(T0 + 900) == 1080 + 30 - 840
    paused = loaded.pause(T0 + 950)
    restarted.save_clock(classic.id, paused)
    assert restarted.load_clock(classic.id) == paused
    restarted.close()


def test_a_clock_for_an_event_the_database_lacks_is_refused(tmp_path: Path, classic: Event) -> None:
    store = EventStore.open(f"sqlite:///{tmp_path}/e.db")
    with pytest.raises(EventError, match="no event 'c1a551c0' in this database"):
        store.save_clock(classic.id, _action_clock(classic))
    assert store.load_clock(classic.id) is None
    store.close()
