"""An event as a value (src/wolfpack/event/model.py): turns changed during the event, settings changed, and every
refused change leaving the event as it was."""

from __future__ import annotations

import dataclasses

import pytest

from wolfpack.event.errors import EventError
from wolfpack.event.model import Event, new_event
from wolfpack.event.settings import make_settings


def test_a_new_event_has_an_id_a_game_and_a_token_per_seat() -> None:
    event = new_event(make_settings(edition="infinite-domain", turns=9))
    assert len(event.id) == 8 and int(event.id, 16) >= 0
    assert event.game.info.num_players == len(event.seats) == len(event.tokens.tokens) == len(event.roster.holders)
    assert event.game.new_initial_state().observation(None)["turns"] == 9
    assert new_event(make_settings()).id != event.id


def test_turns_may_change_during_the_event(classic: Event) -> None:
    event = classic.with_turns_played(4).with_turns(15)
    assert event.settings.turns == 15
    assert event.game.new_initial_state().observation(None)["turns"] == 15
    assert event.with_turns(4).settings.turns == 4


def test_turns_never_go_below_the_turns_already_played(classic: Event) -> None:
    event = classic.with_turns_played(5)
    with pytest.raises(EventError, match="turns: 4 is fewer than the 5 turns already played"):
        event.with_turns(4)
    assert event.settings.turns == 12


def test_turns_stay_within_what_the_game_allows(classic: Event) -> None:
    with pytest.raises(EventError, match=r"turns must be at most 40 \(you gave 41\)"):
        classic.with_turns(41)
    assert classic.settings.turns == 12


def test_turns_played_only_go_forward_and_never_past_the_events_turns(classic: Event) -> None:
    event = classic.with_turns_played(3)
    with pytest.raises(EventError, match="turns played: 2 is not between 3"):
        event.with_turns_played(2)
    with pytest.raises(EventError, match=r"turns played: 13 is not between 3 .* and 12"):
        event.with_turns_played(13)
    assert event.turns_played == 3


def test_the_base_url_and_phase_lengths_may_change(classic: Event) -> None:
    event = classic.with_settings(base_url="http://10.1.1.1:9000/", action_minutes=20, team_minutes=10)
    assert (event.settings.base_url, event.settings.turn_minutes) == ("http://10.1.1.1:9000", 30)
    assert event.link(0).startswith("http://10.1.1.1:9000/event/")
    assert event.tokens == classic.tokens and event.roster == classic.roster


def test_a_bad_setting_change_is_refused_and_changes_nothing(classic: Event) -> None:
    with pytest.raises(EventError, match=r"action_minutes must be 1 to 120 minutes, a phase's length \(you gave 500\)"):
        classic.with_settings(action_minutes=500)
    assert classic.settings.action_minutes == 18


def test_a_change_that_would_give_the_event_other_seats_is_refused(classic: Event) -> None:
    with pytest.raises(EventError, match="other seats than the event's roster has"):
        classic.with_settings(edition="infinite-domain")


def test_an_event_is_immutable(classic: Event) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        classic.turns_played = 3  # type: ignore[misc]
    assert classic.assign("9", "Ann") != classic
