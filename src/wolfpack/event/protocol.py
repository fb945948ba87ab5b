"""What a device and the server say to each other over an event's WebSocket (`/ws/events/<id>`).

Device to server (one JSON object per frame):

    {"type": "join", "token": "<seat or operator token>" | null}      a phone, a Control desk, or (null) a projector
    {"type": "act", "seat": 0, "action": "control advance", "version": 12, "request_id": "r-7", "confirm": false,
     "reason": ""}                                                       act for a seat this device may play
    {"type": "legal", "seat": 9}                                         that seat's legal actions now
    {"type": "clock", "op": "pause" | "resume" | "extend" | "shorten", "seconds": 60, "reason": "..."}   desks only
    {"type": "message", "to": "seat:3" | "team:dione" | "everyone" | "control", "text": "..."}
    {"type": "rewind", "version": 40, "reason": "..."}                  desks only
    {"type": "ping"} / {"type": "sync"}

Server to device: "welcome" (who this device is, the event's seats, the verbs' forms for a desk), "state" (the
device's view: a snapshot, or an update carrying only new log lines), "legal" (a seat's legal actions at a
version, asked for: they are worked out only when a device needs them; to a desk playing a seat left to Control,
with that seat's `observation`, so the desk draws the seat's own screens), "clock", "messages", "roster" (desks),
"links" (desks: the projector's address, the desk's own link and, on the organiser's desk only, the organiser page's,
from the base URL; again when it changes), "audit" (desks only: `rows`, the audit log's length, with every snapshot
and after every change that wrote a row, so a desk counts what is new there whoever made it), "ack", "error", "pong",
and "moved" (the seat was moved to another device: this one is closed).

An "ack" carries `version` and `said`: the log lines the action added (its rolls and their results included), as
the acting seat may read them, so a page answers "aegis:u2 rolls 5+1: 2 hit(s)", not just "done" (a retried
request id's ack, which changed nothing, says nothing).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from wolfpack.server.protocol import TOKEN_PATTERN, parse_frame

REASON_LENGTH = 200
"""Our default: a reason is a line of the audit log."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Join(_Message):
    """Identify the device: a seat's token, a Control operator's token (or Control's seat token), or none."""

    type: Literal["join"]
    token: Annotated[str, Field(pattern=TOKEN_PATTERN)] | None = None


class Act(_Message):
    """An action in the game's notation for a seat this device plays, expecting the event at `version`."""

    type: Literal["act"]
    seat: Annotated[int, Field(ge=0, le=999, strict=True)]
    action: Annotated[str, Field(min_length=1, max_length=400)]
    version: Annotated[int, Field(ge=0, strict=True)]
    request_id: Annotated[str, Field(min_length=1, max_length=80)] | None = None
    confirm: Annotated[bool, Field(strict=True)] = False
    reason: Annotated[str, Field(max_length=REASON_LENGTH)] = ""


class Clock(_Message):
    """A desk's change to the phase clock."""

    type: Literal["clock"]
    op: Literal["pause", "resume", "extend", "shorten"]
    seconds: Annotated[int, Field(ge=1, le=7200, strict=True)] | None = None
    reason: Annotated[str, Field(max_length=REASON_LENGTH)] = ""


class Say(_Message):
    """A message to a seat, a team, everyone (desks) or Control (a seat)."""

    type: Literal["message"]
    to: Annotated[str, Field(min_length=1, max_length=120)]
    text: Annotated[str, Field(min_length=1)]
    """Its length is the message's own check (`messages.py`, one limit for every page), bounded here by the frame's."""


class Rewind(_Message):
    """A desk's emergency correction: back to an earlier version of the game."""

    type: Literal["rewind"]
    version: Annotated[int, Field(ge=0, strict=True)]
    reason: Annotated[str, Field(min_length=1, max_length=REASON_LENGTH)]


class Legal(_Message):
    """Ask for a seat's legal actions now (a seat this device may play)."""

    type: Literal["legal"]
    seat: Annotated[int, Field(ge=0, le=999, strict=True)]


class Ping(_Message):
    """Keep the connection alive."""

    type: Literal["ping"]


class Sync(_Message):
    """Ask for a snapshot of everything (a device that missed something starts again)."""

    type: Literal["sync"]


Message = Annotated[Join | Act | Legal | Clock | Say | Rewind | Ping | Sync, Field(discriminator="type")]
_MESSAGE = TypeAdapter(Message)
KNOWN_TYPES = ("join", "act", "legal", "clock", "message", "rewind", "ping", "sync")


NOUNS = {
    "text": "a message",
    "reason": "a reason",
    "to": "the recipient",
    "op": "the clock's change",
    "seconds": "the number of seconds",
}
"""What the fields of an event's frames are called in the sentences that refuse them."""


def parse_message(text: str | bytes) -> Join | Act | Legal | Clock | Say | Rewind | Ping | Sync:
    """Read one inbound frame, or raise Rejection saying, in sentences, what is wrong with its shape."""
    return parse_frame(text, _MESSAGE, KNOWN_TYPES, NOUNS)  # type: ignore[no-any-return]
