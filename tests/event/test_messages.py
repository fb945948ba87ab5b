"""Messages (src/wolfpack/event/messages.py): Control to a seat, a team or everyone; a seat to Control; and no
seat reads a message meant for another seat or another team (canaries planted in every audience)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from wolfpack.event.errors import EventError
from wolfpack.event.messages import (
    Message,
    control_message,
    event_teams,
    readable_by_operator,
    readable_by_seat,
    seat_message,
)
from wolfpack.event.model import Event
from wolfpack.event.settings import event_defaults
from wolfpack.event.store import EventStore

T0 = 1_700_000_000.0


def _canaries(event: Event) -> list[Message]:
    """A message with its own canary to every seat, every team and everyone, and one from every seat to Control."""
    sent = [control_message(event, time=T0, operator="Ann", everyone=True, text="canary-everyone")]
    for team in event_teams(event):
        sent.append(control_message(event, time=T0, operator="Ann", team=team, text=f"canary-team-{team}"))
    for seat in event.seats[1:]:
        sent.append(control_message(event, time=T0, operator="Ann", seat=seat.label, text=f"canary-to-{seat.label}"))
        sent.append(seat_message(event, time=T0, seat=seat.label, text=f"canary-from-{seat.label}"))
    return sent


@pytest.mark.parametrize("edition", ["classic", "infinite"])
def test_no_seat_reads_a_canary_meant_for_another_seat_or_team(edition: str, request: pytest.FixtureRequest) -> None:
    event: Event = request.getfixturevalue(edition).add_operator("Ann")
    sent = _canaries(event)
    for seat in event.seats[1:]:
        read = readable_by_seat(event, sent, seat.label)
        own = (f"canary-team-{seat.team}", f"canary-to-{seat.label}", f"canary-from-{seat.label}")
        allowed = {"canary-everyone", *own}
        assert {message.text for message in read} == allowed, seat.label
        others = [
            message.text
            for message in sent
            if message.text not in allowed  # every other audience's canary must be absent from the seat's view
        ]
        shown = json.dumps([asdict(message) for message in read])
        assert not [canary for canary in others if f'"{canary}"' in shown], seat.label
    assert readable_by_seat(event, sent, "control") == sent
    assert readable_by_operator(event, sent, "ann") == sent


def test_a_team_message_reaches_every_seat_of_that_team_and_no_other(classic: Event) -> None:
    event = classic.add_operator("Ann")
    note = control_message(event, time=T0, operator="Ann", team="Dione", text="Dione: report to the Council")
    readers = [seat.label for seat in event.seats if readable_by_seat(event, [note], seat.label)]
    assert readers == ["control", *(seat.label for seat in event.seats if seat.team == "dione")]
    assert note.audience == "dione"


def test_a_seats_message_goes_to_control_and_teammates_do_not_read_it(classic: Event) -> None:
    event = classic.add_operator("Ann")
    contact = seat_message(event, time=T0, seat="dione/captain", text="from the brig: I will talk")
    assert (contact.sender_kind, contact.sender, contact.audience_kind) == ("seat", "dione/captain", "control")
    assert readable_by_seat(event, [contact], "dione/captain") == [contact]
    assert readable_by_seat(event, [contact], "dione/council-member") == []
    assert readable_by_seat(event, [contact], "control") == [contact]


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({}, "a message from Control goes to one seat, one team or everyone: name exactly one"),
        ({"everyone": True, "team": "dione"}, "name exactly one"),
        ({"team": "control"}, r"team 'control': no such team in this event \(the teams are aegis, "),
        ({"seat": "dione/cook"}, "seat 'dione/cook': no seat has that number or label"),
        ({"everyone": True, "operator": "Zed"}, "operator 'Zed': there is no such operator"),
        ({"everyone": True, "text": " \n"}, "a message needs some text: the text given is empty"),
        ({"everyone": True, "text": "x" * 1001}, r"A message may be at most 1,000 characters \(this one has 1,001\)."),
        ({"everyone": True, "time": -1.0}, "time -1.0: a message needs the time it was sent"),
    ],
)
def test_a_bad_message_from_control_is_refused_naming_what_was_wrong(
    classic: Event, values: dict[str, Any], message: str
) -> None:
    event = classic.add_operator("Ann")
    given: dict[str, Any] = {"time": T0, "operator": "Ann", "text": "hello"} | values
    with pytest.raises(EventError, match=message):
        control_message(event, **given)


def test_the_longest_message_is_our_default_in_the_defaults_file() -> None:
    assert event_defaults().messages.longest_text == 1000


def test_control_seat_does_not_write_as_a_player_and_an_unknown_operator_reads_nothing(classic: Event) -> None:
    with pytest.raises(EventError, match="Control's seat writes to players through an operator's desk"):
        seat_message(classic, time=T0, seat="0", text="hello")
    with pytest.raises(EventError, match="operator 'Zed': there is no such operator"):
        readable_by_operator(classic, [], "Zed")


def test_messages_are_kept_in_the_order_sent(tmp_path: Path, classic: Event) -> None:
    event = classic.add_operator("Ann")
    store = EventStore.open(f"sqlite:///{tmp_path}/e.db")
    store.create(event)
    sent = [
        control_message(event, time=T0, operator="Ann", everyone=True, text="Turn 2 begins"),
        seat_message(event, time=T0 + 5, seat="aegis/xo", text="attack report: raiders at Dione"),
        control_message(event, time=T0 + 9, operator="Ann", seat="aegis/xo", text="noted, 'stand by', \"now\""),
    ]
    for message in sent:
        store.post_message(event.id, message)
    assert store.messages(event.id) == sent
    assert store.messages("other") == []
    assert readable_by_seat(event, store.messages(event.id), "dione/captain") == sent[:1]
    store.close()
