"""One browser's WebSocket at a table: reads its frames through the guards, and sends it what its seat may see."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from wolfpack.server.frames import (
    GameReplay,
    lines_kept,
    replay_frame,
    seats_frame,
    snapshot_frame,
    state_frame,
    update_frame,
)
from wolfpack.server.protocol import Act, Join, Ping, Rejection, Replay, Sync, parse_message, request_id_of
from wolfpack.server.tables import Change, Table

log = logging.getLogger(__name__)

OUTBOX_LIMIT = 256
"""Frames waiting for a client that does not read; past this the connection is closed (a client, not the table,
pays for its slowness)."""

RATE_PER_SECOND = 20.0
"""Our default: the steady rate of frames a connection may send; bursts up to RATE_BURST."""
RATE_BURST = 40.0
ABUSE_LIMIT = 100
"""Frames refused for flooding before the connection is closed."""
BAD_TOKEN_LIMIT = 5
"""Wrong tokens tried on one connection before it is closed: guessing is abuse."""

POLICY_VIOLATION = 1008
"""WebSocket close code for abuse (RFC 6455)."""


class TokenBucket:
    """A flood limit: `rate` a second on average, `burst` at once (a connection's frames, an address's tables)."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST, now: float | None = None) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def seconds_to_next(self) -> float:
        """How long after the last count until a token is there again."""
        return max(0.0, (1 - self.tokens) / self.rate)


class FrameSocket:
    """A WebSocket that reads frames one by one and sends from an outbox, so a slow reader never holds anyone up:
    the part every kind of connection shares (a table's, an event device's). Subclasses say what a frame does
    (`handle`) and what leaving undoes (`left`)."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(maxsize=OUTBOX_LIMIT)
        self.bucket = TokenBucket()
        self.flooded = 0
        self.bad_tokens = 0
        self.closing: tuple[int, str] | None = None
        self._closer: asyncio.Future[None] | None = None

    async def serve(self) -> None:
        """Read frames until the client leaves or is closed for abuse."""
        sender = asyncio.create_task(self._send_loop())
        try:
            while self.closing is None:
                message = await self.websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                await self.handle(text if text is not None else message.get("bytes") or b"")
        except WebSocketDisconnect:
            pass
        finally:
            self.left()
            if not self.outbox.full():
                self.outbox.put_nowait(None)  # tells the sender to stop once it has sent what is queued
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(sender, 2)
            if self.closing is not None:
                with contextlib.suppress(Exception):
                    await self.websocket.close(*self.closing)

    async def handle(self, text: str | bytes) -> None:
        """One inbound frame: the flood limit, then `dispatch`; any refusal becomes an error frame."""
        try:
            self._check_rate()
            await self.dispatch(text)
        except Rejection as rejection:
            rid = None if rejection.code in ("too-large", "rate-limited") else request_id_of(text)
            self.send(rejection.frame(rid))
            self.refused(rejection)
            if rejection.close:
                self.closing = (POLICY_VIOLATION, rejection.message[:120])
        except Exception:
            # A fault of ours, not the client's: say so, keep the connection and the server up.
            log.exception("%s: handling a frame failed", self.where())
            self.send(Rejection("server-error", "the server failed to handle that message").frame())

    async def dispatch(self, text: str | bytes) -> None:
        """Read a frame and do what it asks (raising Rejection when refused)."""
        raise NotImplementedError

    def refused(self, rejection: Rejection) -> None:
        """A frame was refused and the client told why: anything more to send it."""

    def where(self) -> str:
        """What this connection is attached to, for the server's log."""
        return "a connection"

    def left(self) -> None:
        """The client has gone: undo what joining did."""

    def send(self, frame: dict[str, Any]) -> None:
        """Queue a frame for this client; one that stopped reading is closed instead."""
        self.send_text(json.dumps(frame, separators=(",", ":")))

    def send_text(self, text: str) -> None:
        """Queue an encoded frame; once the connection is closing (a withdrawn token, abuse), nothing more is."""
        if self.closing is not None:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close_soon(POLICY_VIOLATION, "too slow: frames were piling up")

    def close_soon(self, code: int, reason: str) -> None:
        """Close the socket now (the reader may be idle in receive(): closing ends it, rather than wait)."""
        if self.closing is None:
            self.closing = (code, reason)
            self._closer = asyncio.ensure_future(self.websocket.close(*self.closing))

    def _check_rate(self) -> None:
        if self.bucket.take():
            return
        self.flooded += 1
        raise Rejection("rate-limited", "too many messages: slow down", close=self.flooded >= ABUSE_LIMIT)

    def _bad_token(self, message: str) -> Rejection:
        """A wrong token: refused, and after a few the connection is closed (guessing is abuse)."""
        self.bad_tokens += 1
        return Rejection("bad-token", message, close=self.bad_tokens >= BAD_TOKEN_LIMIT)

    async def _send_loop(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                return
            try:
                await self.websocket.send_text(text)
            except Exception:
                return


class Connection(FrameSocket):
    """A WebSocket at one table: unjoined, a seat, or a watcher."""

    def __init__(self, websocket: WebSocket, table: Table) -> None:
        super().__init__(websocket)
        self.table = table
        self.joined = False
        self.seat: int | None = None
        self.render = False
        self.sent_version: int | None = None
        """The version of the last state frame queued for this client (None: it has had no snapshot yet)."""
        self.sent_log: list[str] = []
        """The log as this client holds it after that frame: updates carry only what follows."""
        self.replay: GameReplay | None = None
        """The finished game this client steps through, once it asked for a replay."""

    def left(self) -> None:
        """Leave the table's listeners and its count of who is here."""
        if self.joined:
            self.table.listeners.discard(self.on_change)
            self.table.disconnect(self.seat)

    async def dispatch(self, text: str | bytes) -> None:
        """A table's frame: join, act, ping, sync or replay."""
        message = parse_message(text)
        if isinstance(message, Join):
            self._join(message)
        elif isinstance(message, Act):
            await self._act(message)
        elif isinstance(message, Ping):
            # The server's own time too: a page counts the move clocks down against it, not against its device's clock.
            self.send({"type": "pong", "version": self.table.version, "time": time.time()})
        elif isinstance(message, Sync):
            if not self.joined:
                raise Rejection("join-first", "join the table before asking for a snapshot")
            self.send_state(snapshot=True)
        elif isinstance(message, Replay):
            await self._replay(message.step)

    def refused(self, rejection: Rejection) -> None:
        """A stale client gets the table as it is now."""
        if rejection.code == "stale" and self.joined:
            self.send_state(snapshot=True)

    def where(self) -> str:
        """The table."""
        return f"table {self.table.id}"

    def on_change(self, table: Table, change: Change) -> None:
        """The table changed: send this connection its new view, or only the new seat list if that is all."""
        try:
            if change == "seats":
                self.send_text(table.frame_text(("seats",), lambda: seats_frame(table)))
            else:
                self.send_state(snapshot=False)
        except Exception:
            log.exception("table %s: building the frame of seat %s failed", table.id, self.seat)
            self.send(Rejection("server-error", "the server failed to draw the table").frame())

    def send_state(self, snapshot: bool) -> None:
        """Queue this client's view: whole if asked (or it has none), else an update from what it last got."""
        table, seat, render = self.table, self.seat, self.render
        view = table.view(seat, render, state_frame)
        since = self.sent_version
        if snapshot or since is None:
            text = table.frame_text(("snapshot", seat, render), lambda: snapshot_frame(view))
        else:
            kept = lines_kept(self.sent_log, view["log"])
            text = table.frame_text(("update", seat, render, since, kept), lambda: update_frame(view, since, kept))
        self.send_text(text)
        self.sent_version, self.sent_log = view["version"], view["log"]

    def _join(self, message: Join) -> None:
        if self.joined:
            raise Rejection("already-joined", "this connection has joined already; open another to change seat")
        if self.table.expired:
            raise Rejection("no-table", f"table {self.table.id} expired: nobody came to it in time", close=True)
        seat = None
        if message.token is not None:
            seat = self._seat_of(message.token)
        self.joined, self.seat, self.render = True, seat, message.render
        self.table.connect(seat)  # tells the others who is here now (a seats frame, not the whole view)
        self.table.listeners.add(self.on_change)
        self.send_state(snapshot=True)

    async def _act(self, message: Act) -> None:
        seat = self._seat_of(message.token)
        if not self.joined or self.seat is None:
            raise Rejection("join-first", "join the table with your seat's token before acting")
        if seat != self.seat:
            raise Rejection("token-mismatch", "that token is another seat's, not this connection's", close=True)
        version = await self.table.submit(seat, message.action, message.version, message.request_id)
        self.send({"type": "ack", "request_id": message.request_id, "version": version})

    async def _replay(self, step: int) -> None:
        """Send step `step` of the finished game as this connection's seat saw it (a watcher: the public view)."""
        table = self.table
        if not self.joined:
            raise Rejection("join-first", "join the table before asking for its replay")
        if not table.over:
            raise Rejection(
                "still-playing", f"table {table.id} is still being played: its replay opens once the game is over"
            )
        if self.replay is None:
            events = await table.journal.run(lambda: table.journal.store.events(table.id))
            self.replay = GameReplay(table.game, events)
        replay = self.replay
        if step > replay.steps:
            raise Rejection("bad-step", f"step {step} is past the end: this game's steps run from 0 to {replay.steps}")
        # Playing the events again and drawing the board takes a moment: off the loop, on this replay's own states.
        frame = await asyncio.to_thread(replay_frame, table, replay, self.seat, step)
        self.send(frame)

    def _seat_of(self, token: str) -> int:
        seat = self.table.seat_for_token(token)
        if seat is None:
            raise self._bad_token("that token holds no seat at this table")
        return seat
