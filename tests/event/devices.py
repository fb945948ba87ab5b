"""A device at a live event, as a test holds it: a WebSocket that keeps every frame and follows its view."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.sync.client import ClientConnection, connect

from wolfpack.event.model import Event, new_event
from wolfpack.event.settings import make_settings
from wolfpack.event.store import EventStore

from ..server.live import WAIT, follow, paced_send, read_frame

EVENT_ID = "e0e0e0e0"


def stored_event(
    database: str,
    edition: str = "classic",
    event_id: str = EVENT_ID,
    table_dice: bool = False,
    left_to_control: tuple[str, ...] = (),
) -> Event:
    """A new event in the database: two operators (Ann watching dione, Bob), a person in every seat of dione's team
    and of the Aegis's, the seats `left_to_control` left to Control, the rest open."""
    settings = make_settings(edition=edition, base_url="http://127.0.0.1:8000", table_dice=table_dice)
    event = new_event(settings, event_id=event_id)
    event = event.add_operator("Ann", ("dione",)).add_operator("Bob")
    for seat in event.seats:
        if seat.team in ("dione", "aegis"):
            event = event.assign(str(seat.index), f"Player {seat.index}")
    for label in left_to_control:
        event = event.leave_to_control(label)
    store = EventStore.open(database)
    store.create(event)
    store.close()
    return event


def seat_of(event: Event, label: str) -> int:
    """The number of the seat with this label."""
    return event.seat(label).index


def seat_token(event: Event, label: str) -> str:
    """The token of the seat with this label (Control's own, for "control")."""
    return event.tokens.tokens[seat_of(event, label)]


def operator_token(event: Event, name: str) -> str:
    """The token of an operator's desk."""
    return event.operators.find(name).token


@dataclass
class Device:
    """One device's socket: every frame it is sent is kept; `view` follows its state frames as a page does."""

    base: str
    token: str | None
    event: str = EVENT_ID
    raw: list[str] = field(default_factory=list)
    view: dict[str, Any] | None = None
    welcome: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)
    sent: list[float] = field(default_factory=list)
    socket: ClientConnection = field(init=False)

    def __post_init__(self) -> None:
        url = self.base.replace("http://", "ws://") + f"/ws/events/{self.event}"
        self.socket = connect(url, open_timeout=WAIT, max_size=2**24).__enter__()
        self.send({"type": "join", "token": self.token})
        self.until(lambda f: f["type"] in ("messages", "error"))

    def send(self, message: dict[str, Any]) -> None:
        """Send one message, no faster than the server's flood limit allows."""
        paced_send(self.socket, self.sent, message)

    def receive(self) -> dict[str, Any]:
        """The next frame, kept and followed."""
        frame = read_frame(self.socket, self.raw)
        kind = frame["type"]
        if kind == "state":
            self.view = follow(self.view, frame)
        elif kind == "welcome":
            self.welcome = frame
        elif kind == "clock":
            self.clock = frame
        elif kind == "messages":
            self.messages += frame["messages"]
        return frame

    def until(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read frames until one satisfies `predicate`; that one."""
        while True:
            frame = self.receive()
            if predicate(frame):
                return frame

    def settle(self) -> list[dict[str, Any]]:
        """Every frame sent before a ping's answer (the server answers in order): what this device got meanwhile."""
        self.send({"type": "ping"})
        frames = []
        while (frame := self.receive())["type"] != "pong":
            frames.append(frame)
        return frames

    @property
    def version(self) -> int:
        """The version this device's view is at."""
        assert self.view is not None
        return int(self.view["version"])

    def act(self, seat: int, action: str, **extra: Any) -> dict[str, Any]:
        """Act for `seat` at the version this device last saw; the ack or error."""
        self.send({"type": "act", "seat": seat, "action": action, "version": self.version, **extra})
        return self.until(lambda f: f["type"] in ("ack", "error"))

    def legal(self, seat: int) -> list[str]:
        """`seat`'s legal actions now, as the server lists them when asked."""
        answer = self.ask({"type": "legal", "seat": seat}, lambda f: f["type"] == "legal")
        assert answer["type"] == "legal", answer
        return list(answer["actions"])

    def ask(self, message: dict[str, Any], answer: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Send a message and read until its answer (or an error)."""
        self.send(message)
        return self.until(lambda f: f["type"] == "error" or answer(f))

    def close(self) -> None:
        """Leave."""
        self.socket.close()
