"""One device's WebSocket at an event: a seat's phone, a Control desk or a projector.

A device is told only what its viewer may see: a seat its own observation, log, legal actions and messages; a
desk Control's (every secret) with the roster and the audit; a projector the public view. Every device is told the
names of the people in the seats (public at a megagame: people wear badges). It is sent a new view
only when that view changed.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from starlette.websockets import WebSocket

from wolfpack.event.links import desk_links
from wolfpack.event.live import Change, LiveEvent, Viewer
from wolfpack.event.messages import OPERATOR
from wolfpack.event.protocol import REASON_LENGTH, Act, Clock, Join, Legal, Ping, Rewind, Say, Sync, parse_message
from wolfpack.event.seats import CONTROL_SEAT
from wolfpack.event.settings import event_defaults
from wolfpack.event.viewing import SeatView
from wolfpack.server.connection import FrameSocket
from wolfpack.server.protocol import Rejection

MOVED = 4409
"""WebSocket close code: the seat was moved to another device (its old token no longer holds it)."""


class Device(FrameSocket):
    """A device at one event: unjoined, then a seat, a desk or a projector."""

    def __init__(self, websocket: WebSocket, live: LiveEvent) -> None:
        super().__init__(websocket)
        self.live = live
        self.viewer: Viewer | None = None
        self.token: str | None = None
        self.sent: tuple[int, int] | None = None
        """(game version, view version) of the last state frame queued for this device."""
        self.sent_messages = 0
        self.sent_links: dict[str, Any] | None = None
        self.sent_audit: int | None = None
        """The audit log's length last told this desk (desks only)."""
        self.sent_names: str | None = None
        """The last names frame sent (its text): another is sent only when someone else holds a seat."""
        self.checked: object = None
        """The event (an immutable value) whose tokens this device was last found to hold its place in."""

    def where(self) -> str:
        """The event."""
        return f"event {self.live.id}"

    def left(self) -> None:
        """Leave the event's listeners and its count of devices."""
        if self.viewer is not None:
            self.live.listeners.discard(self.on_change)
            self.live.disconnect(self.viewer.seat if self.viewer.role == "seat" else None)

    def seen_version(self) -> int:
        """The version this device is told (`LiveEvent.version_for`): a seat never learns the event's own."""
        return self.live.version_for(self.viewer or Viewer("public"))

    async def dispatch(self, text: str | bytes) -> None:
        """Join, act, change the clock, send a message, rewind, ping or sync; a refusal that tells a version tells
        the one this device may know."""
        try:
            await self._dispatch(text)
        except Rejection as rejection:
            if "version" in rejection.extra:
                rejection.extra["version"] = self.seen_version()
            raise

    async def _dispatch(self, text: str | bytes) -> None:
        message = parse_message(text)
        if isinstance(message, Join):
            self._join(message)
            return
        if isinstance(message, Ping):
            self.send({"type": "pong", "version": self.seen_version()})
            return
        viewer = self._joined()
        if isinstance(message, Sync):
            self.send_everything()
        elif isinstance(message, Act):
            self._still_holds()
            said: list[str] = []
            version = await self.live.submit(
                viewer,
                message.seat,
                message.action,
                message.version,
                message.request_id,
                confirm=message.confirm,
                reason=message.reason,
                said=said,
            )
            told = version if viewer.is_control else self.seen_version()
            self.send({"type": "ack", "request_id": message.request_id, "version": told, "said": said})
        elif isinstance(message, Legal):
            if not self.live.may_play(viewer, message.seat):
                raise Rejection("not-your-seat", f"this device does not play seat {message.seat}")
            actions = self.live.legal(message.seat)
            frame = {"type": "legal", "seat": message.seat, "version": self.seen_version(), "actions": actions}
            playing = viewer.is_control and message.seat != CONTROL_SEAT
            view = self.live.view_if_ready(message.seat) if playing else None
            if view is not None:  # a desk playing a seat left to Control draws that seat's screens (Control sees all)
                frame["observation"] = view.observation
            self.send(frame)
        elif isinstance(message, Clock):
            await self.live.change_clock(viewer, message.op, message.seconds, message.reason)
        elif isinstance(message, Say):
            self._still_holds()
            await self.live.send_message(viewer, message.to, message.text)
        elif isinstance(message, Rewind):
            discarded = await self.live.rewind(viewer, message.version, message.reason)
            self.send({"type": "rewound", "version": message.version, "discarded": [r.action for r in discarded]})

    def refused(self, rejection: Rejection) -> None:
        """A stale device gets the event as it is now."""
        if rejection.code == "stale" and self.viewer is not None:
            self.send_state(snapshot=True)

    def _joined(self) -> Viewer:
        if self.viewer is None:
            raise Rejection("join-first", "join the event first (with your seat's token, a desk's, or none)")
        return self.viewer

    def _still_holds(self) -> None:
        """A seat moved to another device, or a desk whose operator was removed or given a new token, is refused at
        once, even before this device hears of it."""
        viewer = self.viewer
        if viewer is None or self.token is None or self.checked is self.live.event:
            return  # an event is immutable: while it is the one this device was checked against, nothing moved
        if self._identify(self.token) == viewer:
            self.checked = self.live.event
            return
        why = (
            "this desk's token was replaced or its operator removed"
            if viewer.operator is not None
            else "this seat was moved to another device"
        )
        if self.closing is None:
            self.send({"type": "moved", "message": why})
            self.close_soon(MOVED, why[:120])
        raise Rejection("moved", f"this token no longer holds its place: {why}")

    def _identify(self, token: str | None) -> Viewer | None:
        """Who a token makes this device: a seat (Control's seat token: the organiser's desk), an operator's desk,
        or None for a token that is nobody's now."""
        event = self.live.event
        if token is None:
            return Viewer("public")
        seat = event.seat_for_token(token)
        if seat == CONTROL_SEAT:
            return Viewer("control", CONTROL_SEAT)
        if seat is not None:
            return Viewer("seat", seat)
        operator = event.operator_for_token(token)
        if operator is not None:
            return Viewer("control", CONTROL_SEAT, operator.name)
        return None

    def _join(self, message: Join) -> None:
        if self.viewer is not None:
            raise Rejection("already-joined", "this connection has joined already; open another to change seat")
        viewer = self._identify(message.token)
        if viewer is None:
            raise self._bad_token("that token holds no seat and no Control desk at this event (moved, or mistyped)")
        self.viewer, self.token = viewer, message.token
        self.live.connect(viewer.seat if viewer.role == "seat" else None)
        self.live.listeners.add(self.on_change)
        self.send(self._welcome(viewer))
        self.send_everything()

    def _welcome(self, viewer: Viewer) -> dict[str, Any]:
        event = self.live.event
        frame: dict[str, Any] = {
            "type": "welcome",
            "event": event.id,
            "role": viewer.role,
            "seat": viewer.seat,
            "label": None if viewer.seat is None else event.seats[viewer.seat].label,
            "operator": viewer.operator,
            "edition": event.settings.edition,
            "seats": [
                {"seat": s.index, "label": s.label, "team": s.team, "team_name": s.team_name, "role": s.role_title}
                for s in event.seats
            ],
            "ships": list(event.ships),
            "limits": {"message": event_defaults().messages.longest_text, "reason": REASON_LENGTH},
        }
        if viewer.is_control:
            from wolfpack.event.forms import control_forms

            frame["forms"] = control_forms()
            operator = event.operators.find(viewer.operator) if viewer.operator else None
            frame["focus"] = sorted(operator.focus) if operator else []
        return frame

    def send_everything(self) -> None:
        """A snapshot of all this device may see: the people's names, its view, the clock, its messages, and (desks)
        the roster."""
        self.send_names(everything=True)
        self.send_state(snapshot=True)
        self.send(self.live.clock_frame())
        self.sent_messages = 0
        self.send_messages(everything=True)
        if self.viewer is not None and self.viewer.is_control:
            self.send_text(self.live.frame_text(("roster",), self.live.roster_frame))
            self.send_links(everything=True)
            self.send_audit(everything=True)

    def on_change(self, live: LiveEvent, change: Change) -> None:
        """Something changed at the event: send this device what it needs of it."""
        viewer = self.viewer
        if viewer is None:
            return
        if change in ("state", "rewound"):
            self._still_holds_quietly()
            self.send_state(snapshot=change == "rewound")
        elif change == "clock":
            self.send_text(live.frame_text(("clock",), live.clock_frame))
        elif change == "messages":
            self.send_messages()
        elif change == "roster":
            self._still_holds_quietly()
            self.send_names()
            if viewer.is_control:
                self.send_text(live.frame_text(("roster",), live.roster_frame))
                self.send_links()
        if viewer.is_control:
            self.send_audit()

    def send_audit(self, everything: bool = False) -> None:
        """A desk's count of the audit log's rows (an "audit" frame), with every snapshot and whenever a change
        wrote a row, whoever made it (every change that writes one tells the devices something): the desk counts
        what is new there from it. Only desks: a seat or the projector never learns of audit rows."""
        viewer = self.viewer
        if viewer is None or not viewer.is_control or self.closing is not None:
            return
        rows = self.live.audit_rows
        if everything or rows != self.sent_audit:
            self.sent_audit = rows
            self.send({"type": "audit", "rows": rows})

    def send_names(self, everything: bool = False) -> None:
        """The names of the people in the seats (public: `LiveEvent.names_frame`), to every device: with every
        snapshot, and again when the roster names someone else."""
        if self.viewer is None or self.closing is not None:
            return
        text = self.live.frame_text(("names",), self.live.names_frame)
        if everything or text != self.sent_names:
            self.sent_names = text
            self.send_text(text)

    def send_links(self, everything: bool = False) -> None:
        """A desk's links (the projector's, its own, the organiser page's on the organiser's desk), from the event's
        base URL: sent with every snapshot, and again when the organiser changes the base URL."""
        if self.viewer is None or self.token is None or self.closing is not None:
            return
        event = self.live.event
        links = {
            "type": "links",
            "base_url": event.settings.base_url,
            **desk_links(event.settings.base_url, event.id, self.token, organiser=self.viewer.operator is None),
        }
        if everything or links != self.sent_links:
            self.sent_links = links
            self.send(links)

    def _still_holds_quietly(self) -> None:
        with contextlib.suppress(Rejection):
            self._still_holds()

    def send_state(self, snapshot: bool) -> None:
        """Queue this device's view if it changed since the last one sent (or whole, if asked)."""
        viewer = self.viewer
        if viewer is None or self.closing is not None:
            return
        live = self.live
        view = live.view_if_ready(viewer.seat if viewer.role != "public" else None)
        if view is None:  # a seat nobody held, joined while an action is stored: its update brings the view whole
            return
        shown_version = live.version if viewer.is_control else view.view_version
        stamp = (shown_version, view.view_version)
        if not snapshot and self.sent is not None and self.sent[1] == view.view_version:
            return
        seat = viewer.seat if viewer.role != "public" else None
        since = None if snapshot or self.sent is None else self.sent[0]
        # A device that got every update holds the previous view: patch it. Another (after a failed write put the
        # stored state back) is sent its observation whole and the log from its first line.
        held = view.previous if since is not None and self._holds(view.previous) else None
        kept = 0 if held is None else view.kept

        def build() -> dict[str, Any]:
            # An update patches the observation the device holds: after most actions a few numbers changed, and
            # every byte sent is compressed once per device.
            patched = held is not None and view.patch is not None
            shown = {"patch": view.patch} if patched else {"observation": view.observation}
            return {
                "type": "state",
                "event": live.id,
                "version": shown_version,
                "seat": seat,
                "snapshot": since is None,
                "since": since,
                "log_from": kept,
                "log": view.fresh if held is not None else live.whole_log(seat, view),
                **shown,
                "over": view.over,
            }

        self.send_text(live.frame_text(("state", seat, since, kept, held is None, shown_version), build))
        self.sent = stamp

    def _holds(self, view: SeatView | None) -> bool:
        """Whether the last state frame sent to this device brought it `view`."""
        return view is not None and self.sent is not None and self.sent[1] == view.view_version

    def send_messages(self, everything: bool = False) -> None:
        """Queue the messages this device may read that it has not got yet (`everything`: all of them, marked so
        the page replaces what it holds)."""
        if self.viewer is None:
            return
        readable = self.live.messages_for(self.viewer)
        fresh = readable[self.sent_messages :]
        if not fresh and not everything:
            return
        self.sent_messages = len(readable)
        # An operator's name is Control's business: a seat or the projector reads that Control wrote.
        signed = self.viewer.is_control
        self.send(
            {
                "type": "messages",
                "event": self.live.id,
                "messages": [
                    {
                        "time": m.time,
                        "from": m.sender if signed or m.sender_kind != OPERATOR else "Control",
                        "from_kind": m.sender_kind if signed or m.sender_kind != OPERATOR else "control",
                        "to": m.audience or m.audience_kind,
                        "to_kind": m.audience_kind,
                        "text": m.text,
                    }
                    for m in fresh
                ],
                "all": everything,
                "at": time.time(),
            }
        )
