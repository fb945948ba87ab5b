"""Messages between Control and the players: Control to a seat, to a team or to everyone; a seat to Control (the
brig's contact, an attack report).

`control_message` and `seat_message` check a message against the event and the time passed in; the store keeps
them (`EventStore.post_message`, one INSERT, and `EventStore.messages`); `readable_by_seat` and
`readable_by_operator` give what one reader may see, so a ship never reads another ship's messages.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from wolfpack.event.errors import EventError, checked_time
from wolfpack.event.model import Event
from wolfpack.event.operators import ORGANISER, ORGANISER_NAME
from wolfpack.event.seats import CONTROL_SEAT
from wolfpack.event.settings import event_defaults

SEAT, TEAM, EVERYONE, CONTROL = "seat", "team", "everyone", "control"
"""Who a message is for: one seat (its label), one team (its id: a ship, media or wildcard), everyone, or Control."""

OPERATOR = "operator"
"""A message from Control is sent by one of its operators (their name) or by the organiser (`ORGANISER`); a
player's by their seat (its label)."""


@dataclass(frozen=True)
class Message:
    """One message as it is kept."""

    time: float
    sender_kind: str
    sender: str
    audience_kind: str
    audience: str
    """The seat's label or the team's id; empty for everyone and for Control."""
    text: str


SENT_AT = "a message needs the time it was sent"


def control_message(
    event: Event,
    *,
    time: float,
    operator: str | None,
    text: str,
    seat: str | None = None,
    team: str | None = None,
    everyone: bool = False,
) -> Message:
    """A message from a Control operator (None: the organiser) to exactly one of: a seat, a team, everyone."""
    if (seat is not None) + (team is not None) + everyone != 1:
        raise EventError("a message from Control goes to one seat, one team or everyone: name exactly one")
    if operator is None:
        sender_kind, sender = ORGANISER, ORGANISER_NAME
    else:
        sender_kind, sender = OPERATOR, event.operators.find(operator).name
    if seat is not None:
        audience_kind, audience = SEAT, event.seat(seat).label
    elif team is not None:
        audience_kind, audience = TEAM, _team(event, team)
    else:
        audience_kind, audience = EVERYONE, ""
    return Message(checked_time(time, SENT_AT), sender_kind, sender, audience_kind, audience, _checked_text(text))


def seat_message(event: Event, *, time: float, seat: str, text: str) -> Message:
    """A message from a player's seat to Control."""
    info = event.seat(seat)
    if info.index == CONTROL_SEAT:
        raise EventError("Control's seat writes to players through an operator's desk, not as a player")
    return Message(checked_time(time, SENT_AT), SEAT, info.label, CONTROL, "", _checked_text(text))


def readable_by_seat(event: Event, messages: Iterable[Message], seat: str) -> list[Message]:
    """What a seat may read: messages to everyone, its team or itself, and those it sent; Control's seat reads all."""
    info = event.seat(seat)
    if info.index == CONTROL_SEAT:
        return list(messages)
    return [
        message
        for message in messages
        if message.audience_kind == EVERYONE
        or (message.audience_kind == TEAM and message.audience == info.team)
        or (message.audience_kind == SEAT and message.audience == info.label)
        or (message.sender_kind == SEAT and message.sender == info.label)
    ]


def readable_by_operator(event: Event, messages: Iterable[Message], operator: str) -> list[Message]:
    """The messages an operator may read: all of them (every desk acts as Control)."""
    event.operators.find(operator)
    return list(messages)


def event_teams(event: Event) -> tuple[str, ...]:
    """The teams a message may go to: every team of the event's seats but Control."""
    return tuple(dict.fromkeys(seat.team for seat in event.seats if seat.index != CONTROL_SEAT))


def _team(event: Event, team: str) -> str:
    """A team's id, any case; EventError naming the teams there are."""
    teams = event_teams(event)
    for known in teams:
        if known.casefold() == team.strip().casefold():
            return known
    raise EventError(f"team {team!r}: no such team in this event (the teams are {', '.join(teams)})")


def _checked_text(text: str) -> str:
    """A message's text: not empty, not longer than defaults.toml's limit."""
    clean = text.strip()
    longest = event_defaults().messages.longest_text
    if not clean:
        raise EventError("a message needs some text: the text given is empty")
    if len(clean) > longest:
        raise EventError(f"A message may be at most {longest:,} characters (this one has {len(clean):,}).")
    return clean
