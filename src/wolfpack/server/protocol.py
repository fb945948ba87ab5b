"""The messages a browser and the server exchange over a table's WebSocket, and the errors the server answers with.

Client to server (one JSON object per frame):

    {"type": "join", "token": "<seat token>" | null, "render": true}      sit in a seat (null: watch)
    {"type": "act", "token": "...", "action": "y4+5", "version": 12, "request_id": "r-7"}
    {"type": "ping"}
    {"type": "sync"}                                                        send me a snapshot (I missed something)
    {"type": "replay", "step": 12}              a finished game as this connection's seat saw it after 12 events

Server to client: "state" (what this connection may see now: a snapshot, or an update carrying only new log lines),
"seats" (who is here changed, nothing else), "ack" (an action took effect, or had taken effect already), "error"
(what was wrong; nothing changed), "pong" (the version and the server's time), "replay" (one step of a finished
game, built like a state frame).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from wolfpack.server.problems import frame_problems

MAX_FRAME_BYTES = 8 * 1024
"""Our default: the largest inbound frame the guards read; anything bigger is refused unread."""

TOKEN_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"
PATTERNS = {TOKEN_PATTERN: "16 to 64 letters, digits, _ or -"}
"""Each pattern a field must match, in words (for the sentence that refuses a field off its pattern)."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Join(_Message):
    """Take a seat with its token (or watch, with none); `render` asks for the board drawn and the actions grouped."""

    type: Literal["join"]
    token: Annotated[str, Field(pattern=TOKEN_PATTERN)] | None = None
    render: Annotated[bool, Field(strict=True)] = False


class Act(_Message):
    """Play an action in the game's notation, expecting the table to be at `version`."""

    type: Literal["act"]
    token: Annotated[str, Field(pattern=TOKEN_PATTERN)]
    action: Annotated[str, Field(min_length=1, max_length=200)]
    version: Annotated[int, Field(ge=0, strict=True)]
    request_id: Annotated[str, Field(min_length=1, max_length=80)] | None = None


class Ping(_Message):
    """Keep the connection alive."""

    type: Literal["ping"]


class Sync(_Message):
    """Ask for a snapshot: a client that finds a gap in its updates starts again from the whole view."""

    type: Literal["sync"]


class Replay(_Message):
    """Ask for a finished game as this connection's seat saw it after `step` events (0: the start)."""

    type: Literal["replay"]
    step: Annotated[int, Field(ge=0, strict=True)]


Message = Annotated[Join | Act | Ping | Sync | Replay, Field(discriminator="type")]
_MESSAGE = TypeAdapter(Message)
KNOWN_TYPES = ("join", "act", "ping", "sync", "replay")


class Rejection(Exception):
    """An inbound message refused by a guard: a code, a sentence, and whether the connection is closed for abuse."""

    def __init__(self, code: str, message: str, *, close: bool = False, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.close = close
        self.extra = extra

    def frame(self, request_id: str | None = None) -> dict[str, Any]:
        """The error frame telling the client what was wrong."""
        frame: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if request_id is not None:
            frame["request_id"] = request_id
        frame.update(self.extra)
        return frame


def parse_message(text: str | bytes) -> Join | Act | Ping | Sync | Replay:
    """Read one inbound frame, or raise Rejection saying what is wrong with its shape."""
    return parse_frame(text, _MESSAGE, KNOWN_TYPES)  # type: ignore[no-any-return]


def parse_frame(
    text: str | bytes, messages: TypeAdapter[Any], known_types: tuple[str, ...], nouns: Mapping[str, str] | None = None
) -> Any:
    """Read one inbound frame as one of `messages` (told apart by their `type`), or raise Rejection saying what is
    wrong with its shape: its size, its JSON, its type, its fields (in sentences naming each field by its noun in
    `nouns`: server/problems.py)."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_FRAME_BYTES:
        raise Rejection("too-large", f"frame of {size} bytes is over the {MAX_FRAME_BYTES}-byte limit")
    try:
        data = json.loads(text)
    except RecursionError:
        raise Rejection("malformed", "frame is nested too deeply to read") from None
    except ValueError as exc:  # not JSON, not UTF-8, or a number too long to read
        raise Rejection("malformed", f"frame is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise Rejection("malformed", "frame must be a JSON object")
    kind = data.get("type")
    if kind not in known_types:
        raise Rejection("unknown-type", f"unknown message type {kind!r}; known: {', '.join(known_types)}")
    try:
        return messages.validate_python(data)
    except ValidationError as exc:
        raise Rejection("malformed", frame_problems(kind, exc, nouns or {}, PATTERNS)) from None


def request_id_of(text: str | bytes) -> str | None:
    """The request id of a frame, if it has a readable one, so an error can name the request it answers."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    rid = data.get("request_id") if isinstance(data, dict) else None
    return rid if isinstance(rid, str) and len(rid) <= 80 else None
