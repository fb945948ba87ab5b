"""An event at play: its game, its clock, its devices' views, and the one way it changes (`LiveEvent.submit`).

Every change is committed to the store before any device hears of it. After an action, each device is sent its
view only if that view changed (`State.view_version`), built once per seat however many devices share it; a
seat's legal actions are worked out with its view, so an action that touches one ship costs the other ships
nothing. The phase clock follows the game and never moves it: only Control's advance ends a phase.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from sqlalchemy import Connection

from wolfpack.bots import make_bot
from wolfpack.engine.bot import Bot
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.constants import CHANCE
from wolfpack.engine.errors import IllegalActionError, InvalidActionError, WolfpackError
from wolfpack.engine.game import State
from wolfpack.event import history
from wolfpack.event.audit import AuditEntry, audit_entry
from wolfpack.event.clock import PhaseClock, advance_confirmation, follow, start_clock, unmet_before_advance
from wolfpack.event.errors import EventError
from wolfpack.event.messages import Message, control_message, readable_by_operator, readable_by_seat, seat_message
from wolfpack.event.model import Event
from wolfpack.event.operators import ORGANISER_NAME
from wolfpack.event.roster import BOT, CONTROL, PERSON
from wolfpack.event.seats import CONTROL_SEAT
from wolfpack.event.store import EventStore, insert_audit, write_clock
from wolfpack.event.viewing import Built, SeatView, Versions, ViewProcess, ViewProcessGone, ViewSet, patched
from wolfpack.server.protocol import Rejection
from wolfpack.server.tables import apply_notation

log = logging.getLogger(__name__)

T = TypeVar("T")


class Writer(Protocol):
    """Runs a store write off the event loop (on the server's one database thread); awaiting it gives its result."""

    def __call__(self, write: Callable[[], T]) -> Awaitable[T]:
        """Queue `write`."""
        ...


Role = Literal["seat", "control", "public"]
Change = Literal["state", "rewound", "clock", "messages", "roster"]
Listener = Callable[["LiveEvent", Change], None]

BOT_DELAY_SECONDS = 0.5
"""Our default: a bot holding a seat waits this long before it acts, so people can follow what it does."""
REQUESTS_REMEMBERED = 4096
"""Request ids remembered (sender, id), so that a retried message takes effect once."""


@dataclass(frozen=True)
class Viewer:
    """Who a device is: a seat's player, a Control operator (or the organiser, with Control's own token), or the
    public (the projector)."""

    role: Role
    seat: int | None = None
    """The seat whose view it gets: its own seat, Control's for a desk, None for the public."""
    operator: str | None = None
    """A desk's operator; None for the organiser (Control's seat token) and for everyone else."""

    @property
    def is_control(self) -> bool:
        """Whether the device acts as Control."""
        return self.role == "control"


@dataclass
class LiveEvent:
    """One event on the server."""

    event: Event
    store: EventStore
    state: State[Any]
    version: int
    clock: PhaseClock
    writer: Writer
    listeners: set[Listener] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    requests: dict[tuple[Viewer, str], tuple[str, int]] = field(default_factory=dict)
    """(the device that sent it, its request id) -> (the action, the version it made): an id is its sender's own."""
    connected: dict[int, int] = field(default_factory=dict)
    """Seat -> devices holding it now."""
    devices: int = 0
    """Every device connected (seats, desks, projectors)."""
    messages: list[Message] = field(default_factory=list)
    """Every message of the event in the order sent (read once from the store, then kept as they are posted)."""
    audit_rows: int = 0
    """The rows in the event's audit log (counted once in the store, then one more as each is written): the desks
    are told it, to count what is new there whoever made the change."""
    dice: random.Random = field(default_factory=random.SystemRandom)
    """The server's dice: unpredictable, and every outcome is stored, so the event replays exactly all the same."""
    views_elsewhere: ViewProcess | None = None
    """The process that builds this event's views (`viewing`); None: they are built here, on the event's thread."""
    _views: dict[int | None, SeatView] = field(default_factory=dict)
    """Each seat's view at `version`, for the seats asked for (the seats devices hold)."""
    _view_versions: Versions = field(default_factory=dict)
    """Every seat's view version at `_view_versions_at`: taken from the view process while it builds the views."""
    _view_versions_at: int = -1
    _own: ViewSet | None = None
    """Views built here: all of them without a view process; with one, a seat's first view (then the process is
    told of the seat) and the event's copy of every view the process sends back (which its patches apply to)."""
    _untold: dict[int | None, int] = field(default_factory=dict)
    """Seats whose first view was built here since the last action, with their view versions: the view process
    builds theirs before it applies the next action's rows."""
    _pending: bool = False
    _roster_due: bool = False
    """Whether a roster change is to be told at the event loop's next turn (`notify`)."""
    """Whether an action is applied to `state` but not yet stored: `version` and the views are still the stored
    state's, and no view is built from `state` meanwhile."""
    _legal: dict[int, tuple[int, list[str]]] = field(default_factory=dict)
    """Seat -> (the version, its legal actions then)."""
    _frames: dict[tuple[Any, ...], str] = field(default_factory=dict)
    _bots: dict[int, Bot] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    driver: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        """The event's id."""
        return self.event.id

    # ---- reading -------------------------------------------------------------------------------------------

    @property
    def own_views(self) -> ViewSet:
        """The views built on this thread (see `_own`)."""
        if self._own is None or self._own.state is not self.state:
            self._own = ViewSet(self.state)
        return self._own

    def view(self, seat: int | None) -> SeatView:
        """`seat`'s view now (None: the public's), rebuilt only if a part of it changed since it was last built."""
        view = self.view_if_ready(seat)
        if view is None:
            raise RuntimeError(f"seat {seat}'s view is not ready: an action is being stored")
        return view

    def view_if_ready(self, seat: int | None) -> SeatView | None:
        """`seat`'s view at `version`; None for a seat not asked for before while an action is being stored (its
        devices get it with that action's update)."""
        view_version = self.view_version(seat)
        kept = self._views.get(seat)
        if kept is not None and kept.view_version == view_version:
            return kept
        if self._pending:
            return None
        built = self._views[seat] = self.own_views.view(seat, view_version)
        if self.views_elsewhere is not None:
            self._untold[seat] = view_version
        return built

    def version_for(self, viewer: Viewer) -> int:
        """The version a device is told: the event's for a desk; for a seat or the projector, the version at which
        its own view last changed, so that no phone can count other teams' actions (docs/event.md, "Versions")."""
        if viewer.is_control:
            return self.version
        return self.view_version(viewer.seat if viewer.role == "seat" else None)

    def view_version(self, seat: int | None) -> int:
        """`seat`'s view version at `version` (the stored state's), worked out once per seat and version however
        many devices ask: by the view process while it builds the views, else here."""
        if self._view_versions_at != self.version:
            if self._pending or self.views_elsewhere is not None:
                raise RuntimeError("the view versions of this version are not known yet")
            self._view_versions, self._view_versions_at = self.own_views.versions(), self.version
        return self._view_versions[seat]

    def whole_log(self, seat: int | None, view: SeatView) -> list[str]:
        """`seat`'s whole log as `view` shows it (the game may be an action ahead while it is stored)."""
        return self.state.log(seat)[: view.log_length]

    def check_seat(self, seat: int) -> None:
        """Refuse a seat number past the event's seats, in a sentence."""
        last = len(self.event.seats) - 1
        if not 0 <= seat <= last:
            raise Rejection("no-seat", f"seat {seat}: this event's seats are 0 to {last}")

    def legal(self, seat: int) -> list[str]:
        """`seat`'s legal actions now, worked out when a device asks (not after every action for every seat: most
        devices do not need them then), once per version however many devices ask."""
        kept = self._legal.get(seat)
        if kept is not None and kept[0] == self.version:
            return kept[1]
        state = self.state
        listed = [] if state.is_terminal() or state.is_chance_node() else state.legal_actions(seat)
        actions = [state.action_to_string(a) for a in listed]
        self._legal[seat] = (self.version, actions)
        return actions

    def frame_text(self, key: tuple[Any, ...], build: Callable[[], dict[str, Any]]) -> str:
        """An encoded frame of this moment, built for the first device that needs it and shared with the rest."""
        text = self._frames.get(key)
        if text is None:
            text = self._frames[key] = json.dumps(build(), separators=(",", ":"))
        return text

    def clock_frame(self, now: float | None = None) -> dict[str, Any]:
        """The phase clock as every device shows it, with the server's time so a device can count down itself."""
        now = time.time() if now is None else now
        return {
            "type": "clock",
            "event": self.id,
            **self.clock.snapshot(now),
            "warning_seconds": self.clock.warning_seconds,
            "server_time": now,
        }

    def names_frame(self) -> dict[str, Any]:
        """Who is in each seat a person holds, by the seat's label: public at a megagame (people wear badges), so
        every device is sent it and speaks of "Ann, Captain of the Dione", not `dione/captain`. Nothing else of the
        roster: not who is a bot or Control, not the devices, tokens or operators."""
        return {
            "type": "names",
            "event": self.id,
            "names": {
                seat.label: holder.name
                for seat, holder in zip(self.event.seats, self.event.roster.holders, strict=True)
                if holder is not None and holder.kind == PERSON and holder.name
            },
        }

    def roster_frame(self) -> dict[str, Any]:
        """Who holds each seat and whether a device holds it now (for Control's desks and the organiser)."""
        return {
            "type": "roster",
            "event": self.id,
            "seats": [
                {
                    "seat": seat.index,
                    "label": seat.label,
                    "team": seat.team_name,
                    "role": seat.role_title,
                    "holder": None if holder is None else holder.kind,
                    "name": None if holder is None else holder.describe(),
                    "connected": self.connected.get(seat.index, 0),
                }
                for seat, holder in zip(self.event.seats, self.event.roster.holders, strict=True)
            ],
            "devices": self.devices,
            "operators": [{"name": o.name, "focus": sorted(o.focus)} for o in self.event.operators.members],
        }

    def messages_for(self, viewer: Viewer) -> list[Message]:
        """The messages a device may read: a seat's own, its team's and everyone's; a desk reads them all."""
        every = self.messages
        if viewer.is_control:
            return every if viewer.operator is None else readable_by_operator(self.event, every, viewer.operator)
        if viewer.role == "seat" and viewer.seat is not None:
            return readable_by_seat(self.event, every, self.event.seats[viewer.seat].label)
        return [m for m in every if m.audience_kind == "everyone"]

    def may_play(self, viewer: Viewer, seat: int) -> bool:
        """Whether a device may act for `seat`: its own seat; a desk for Control's seat and every seat left to
        Control. A seat past the event's seats is refused in a sentence."""
        self.check_seat(seat)
        if viewer.role == "seat":
            return viewer.seat == seat
        if viewer.is_control:
            holder = self.event.roster.holders[seat]
            return seat == CONTROL_SEAT or (holder is not None and holder.kind == CONTROL)
        return False

    # ---- changing ------------------------------------------------------------------------------------------

    async def submit(
        self,
        viewer: Viewer,
        seat: int,
        text: str,
        version: int,
        request_id: str | None,
        *,
        confirm: bool = False,
        reason: str = "",
        said: list[str] | None = None,
    ) -> int:
        """Check and apply an action for `seat`, commit it (and the chance it sets off), then tell every device whose
        view changed; returns the new version. A retried request id changes nothing and returns what it made. A
        request id is its sender's own: another device's is never looked up, so it learns nothing from it.
        Given a `said` list, the log lines the action (and its rolls) added, as `seat` may read them, are put in it:
        the answer a device shows ("aegis:u2 rolls 5+1: 2 hit(s)"), not just that it was done."""
        async with self.lock:
            if not self.may_play(viewer, seat):
                raise Rejection("not-your-seat", f"this device may not act for seat {seat}")
            if request_id is not None and (viewer, request_id) in self.requests:
                first, made = self.requests[(viewer, request_id)]
                if first != text:
                    raise Rejection("request-id-reused", f"request id {request_id!r} was used for {first!r} already")
                return made
            if self.state.is_terminal():
                raise Rejection("event-over", "the event is over: no more actions", version=self.version)
            if not self._seen_as_it_is(seat, version):
                raise Rejection(
                    "stale",
                    f"you acted on version {version}, the event is at version {self.version}",
                    version=self.version,
                )
            now = time.time()
            if seat == CONTROL_SEAT and _is_advance(text) and not confirm:
                unmet = unmet_before_advance(self.view(CONTROL_SEAT).observation)
                question = advance_confirmation(self.clock, now, unmet)
                if question is not None:
                    raise Rejection("confirm", question, version=self.version, unmet=unmet)
            before = self.version
            log_before = None if said is None else self.view(seat).log_length
            try:
                apply_notation(self.state, text, seat)
            except InvalidActionError as exc:
                raise Rejection("invalid-action", str(exc)) from None  # the game's sentence names the field
            except IllegalActionError as exc:
                raise Rejection("illegal-action", str(exc), rule=exc.rule, version=self.version) from None
            self._pending = True
            try:
                rows = [history.ActionRow(before, seat, text, request_id, now, viewer.operator)]
                after = self._settle_chance(rows, now, before + 1)
                entry = self._audit(viewer, seat, text, before, now, reason)
                moved_on = await self._store_and_build(rows, entry, now)
                self.audit_rows += 1
            finally:
                self._pending = False
            if said is not None and log_before is not None:
                said.extend(self.state.log_since(seat, log_before))
            if request_id is not None:
                self._remember(viewer, request_id, text, after)
            result = after
        self.notify("state")
        if moved_on:
            self.notify("clock")
        return result

    async def _store_and_build(self, rows: list[history.ActionRow], entry: AuditEntry, now: float) -> bool:
        """Store an applied action's rows with its audit line and the clock while its views are built (in the view
        process, else here: SQLite lets go of the interpreter while it writes and syncs), then make them the
        event's (version, view versions, views, clock); whether the clock moved on. A failed write puts the stored
        state back, here and in the view process, and raises: no view of the action is ever sent."""
        after = rows[-1].version + 1
        building = self._send_rows(rows)
        clock = follow(self.clock, self.event.settings, self.state.shared_observation(None), now)
        write = asyncio.ensure_future(self.writer(lambda: self._commit(rows, entry, clock)))
        try:
            versions, built = await self._built(building)
        finally:  # the write is awaited whatever happened meanwhile: its failure puts the stored state back
            try:
                await write
            except Exception:
                await self._reload()
                raise
        self.version = after
        self._view_versions, self._view_versions_at = versions, after
        kept = self.own_views.views
        for seat, view in built:
            self._views[seat] = kept[seat] = view
        moved_on = clock != self.clock
        self.clock = clock
        return moved_on

    def _send_rows(self, rows: list[history.ActionRow]) -> asyncio.Future[tuple[Versions, Built]] | None:
        """Queue an action's rows to the view process (with the seats first asked for since the last one)."""
        process = self.views_elsewhere
        if process is None:
            return None
        try:
            building = process.advance(self.id, self._untold, [(row.player, row.action) for row in rows])
        except ViewProcessGone as exc:
            self._fall_back(exc)
            return None
        self._untold = {}
        return building

    async def _built(self, building: asyncio.Future[tuple[Versions, Built]] | None) -> tuple[Versions, Built]:
        """The view versions after the action and the views it changed: the view process's (each observation made
        by patching the event's copy of the view before), or, without one or if it failed, built here."""
        if building is not None:
            try:
                versions, built = await building
                return versions, [(seat, patched(self._views.get(seat), view)) for seat, view in built]
            except ViewProcessGone as exc:
                self._fall_back(exc)
        views = self.own_views
        versions = views.versions()
        return versions, views.update(versions)

    def _fall_back(self, why: Exception) -> None:
        """The view process failed: build this event's views here from now on. The game was never asked for a view
        version while the process answered, so the next ones all stand at that moment's version: every device is
        sent its view again, patched from the one it holds."""
        log.error("event %s: %s; its views are built in the server's process from now on", self.id, why)
        self.views_elsewhere = None
        self._untold = {}

    def _seen_as_it_is(self, seat: int, version: int) -> bool:
        """Whether a device that last saw the event at `version` saw `seat`'s view as it is now: the version is the
        current one, or an earlier one after which nothing that seat sees has changed (another ship acted)."""
        if version == self.version:
            return True
        return version < self.version and self.view_version(seat) <= version

    def _commit(self, rows: list[history.ActionRow], entry: AuditEntry, clock: PhaseClock) -> None:
        """One transaction on the database thread: the actions, their audit line and the clock, all or none."""
        moved = clock != self.clock

        def with_them(conn: Connection) -> None:
            insert_audit(conn, self.id, entry)
            if moved:
                write_clock(conn, self.id, clock)

        history.append(self.store.engine, self.id, rows, self.state, then=with_them)

    def _audit(self, viewer: Viewer, seat: int, text: str, version: int, now: float, reason: str) -> AuditEntry:
        """The audit line of an action: the seat's, or (acting as Control or for a seat left to it) the desk's."""
        kind = "control" if seat == CONTROL_SEAT else "action"
        ships = [word for word in text.replace(".", " ").replace(":", " ").split() if word in self.event.ships]
        label = self.event.seats[seat].label
        shown = text if seat == CONTROL_SEAT else f"{label}: {text}"
        if viewer.is_control:
            return self.control_entry(viewer, kind, shown, now, reason, ships=ships, version=version)
        return audit_entry(
            self.event, time=now, kind=kind, text=shown, seat=label, ships=ships, reason=reason, version=version
        )

    def _settle_chance(self, rows: list[history.ActionRow], now: float, version: int) -> int:
        """Roll every pending die and draw every pending card with the server's dice, each stored as its own row;
        the version after them."""
        while self.state.is_chance_node():
            outcome = sample_chance_outcome(self.state, self.dice)
            text = self.state.action_to_string(outcome)
            self.state.apply_action(outcome)
            rows.append(history.ActionRow(version, CHANCE, text, None, now, None))
            version += 1
        return version

    async def _reload(self) -> None:
        """After a failed write: go back to exactly what is stored."""
        state, version = history.restore(self.store.engine, self.event.game, self.id)
        await self._replace(state, version)

    async def _replace(self, state: State[Any], version: int) -> None:
        """Put a restored state in place (here and in the view process): every view built is dropped, as a view
        version may now stand for another view, and the view versions start anew."""
        process = self.views_elsewhere
        versions: Versions | None = None
        if process is not None:
            try:
                versions = await process.open(self.id, self.event.settings, state)
            except ViewProcessGone as exc:
                self._fall_back(exc)
        self.state, self.version = state, version
        self._views.clear()
        self._own, self._untold = None, {}
        self._legal.clear()
        self._view_versions = versions if versions is not None else self.own_views.versions()
        self._view_versions_at = version

    def _remember(self, viewer: Viewer, request_id: str, action: str, version: int) -> None:
        self.requests[(viewer, request_id)] = (action, version)
        if len(self.requests) > REQUESTS_REMEMBERED:
            for key in list(self.requests)[: len(self.requests) // 2]:
                del self.requests[key]

    async def change_clock(self, viewer: Viewer, op: str, seconds: int | None, reason: str = "") -> None:
        """Pause, resume, extend or shorten the phase clock (a desk's order), stored and told to every device."""
        if not viewer.is_control:
            raise Rejection("control-only", "only Control may change the clock")
        now = time.time()
        async with self.lock:
            try:
                if op == "pause":
                    clock = self.clock.pause(now)
                elif op == "resume":
                    clock = self.clock.resume(now)
                elif op in ("extend", "shorten"):
                    clock = getattr(self.clock, op)(seconds, now)
                else:
                    raise EventError(f"clock: unknown change {op!r}; pause, resume, extend or shorten")
            except EventError as exc:
                raise Rejection("clock", str(exc)) from None
            what = op if seconds is None else f"{op} {seconds} s"
            entry = self.control_entry(viewer, "clock", f"clock: {what}", now, reason)

            def write() -> None:
                self.store.save_clock(self.id, clock)
                self.store.append_audit(self.id, entry)

            await self.writer(write)
            self.audit_rows += 1
            self.clock = clock
        self.notify("clock")

    async def send_message(self, viewer: Viewer, to: str, text: str) -> Message:
        """A message: a desk to `seat:<n>`, `team:<id>` or `everyone`; a seat to Control. Stored with its audit row,
        signed by the desk's operator or the organiser (never an operator for the organiser)."""
        now = time.time()
        try:
            if viewer.is_control:
                kind, _, target = to.partition(":")
                message = control_message(
                    self.event,
                    time=now,
                    operator=viewer.operator,
                    text=text,
                    seat=target if kind == "seat" else None,
                    team=target if kind == "team" else None,
                    everyone=to == "everyone",
                )
            elif viewer.role == "seat" and viewer.seat is not None and to == "control":
                message = seat_message(self.event, time=now, seat=self.event.seats[viewer.seat].label, text=text)
            else:
                raise EventError("a player's device sends messages to Control only (to: control)")
        except EventError as exc:
            raise Rejection("message", str(exc)) from None
        audience = message.audience or message.audience_kind
        shown = f"message to {audience}: {message.text}"
        if viewer.is_control:
            ships = [message.audience] if message.audience in self.event.ships else []
            entry = self.control_entry(viewer, "message", shown, now, "", ships=ships)
        else:
            entry = audit_entry(self.event, time=now, kind="message", text=shown, seat=message.sender)
        await self.writer(lambda: self.store.post_message(self.id, message, entry))
        self.audit_rows += 1
        self.messages.append(message)
        self.notify("messages")
        return message

    def control_entry(
        self,
        viewer: Viewer,
        kind: str,
        text: str,
        now: float,
        reason: str,
        *,
        ships: list[str] | tuple[str, ...] = (),
        version: int | None = None,
    ) -> AuditEntry:
        """The audit line of something a desk did: signed by its operator, or by the organiser (Control's own
        token), whose desk is no operator's."""
        who: dict[str, Any] = {"operator": viewer.operator} if viewer.operator is not None else {"organiser": True}
        return audit_entry(
            self.event, time=now, kind=kind, text=text, ships=ships, reason=reason, version=version, **who
        )

    async def rewind(self, viewer: Viewer, to_version: int, reason: str) -> list[history.ActionRow]:
        """Go back to `to_version` (Control only, with a reason): the discarded actions stay in the audit log and
        every device is sent its view again."""
        if not viewer.is_control:
            raise Rejection("control-only", "only Control may rewind the event")
        if not reason.strip():
            raise Rejection("reason", "a rewind needs a reason")
        if not 0 <= to_version < self.version:
            raise Rejection("rewind", f"rewind to {to_version}: choose a version from 0 to {self.version - 1}")
        now = time.time()
        async with self.lock:
            entry = self.control_entry(
                viewer, "rewind", f"rewind from version {self.version} to {to_version}", now, reason
            )

            clocks: list[PhaseClock] = []

            def audit_and_clock(conn: Connection, state: State[Any]) -> None:
                insert_audit(conn, self.id, entry)
                clocks.append(follow(self.clock, self.event.settings, state.shared_observation(None), now))
                write_clock(conn, self.id, clocks[-1])

            def write() -> tuple[list[history.ActionRow], State[Any]]:
                return history.rewind(
                    self.store.engine,
                    self.event.game,
                    self.id,
                    to_version,
                    reason,
                    viewer.operator or ORGANISER_NAME,
                    then=audit_and_clock,
                )

            try:
                discarded, state = await self.writer(write)
            except EventError as exc:
                raise Rejection("rewind", str(exc)) from None
            self.audit_rows += 1
            self.clock = clocks[-1]
            await self.replace_state(state, to_version)
        self.notify("clock")
        return discarded

    async def replace_state(self, state: State[Any], version: int) -> None:
        """The game state restored anew (a rewind, new settings): every device gets its view whole."""
        await self._replace(state, version)
        self.requests.clear()
        self.notify("rewound")

    def replace_event(self, event: Event) -> None:
        """The event's roster, tokens, operators or settings changed (already stored, with its audit row): tell the
        desks."""
        self.event = event
        self.audit_rows += 1
        self.notify("roster")

    def connect(self, seat: int | None) -> None:
        """A device joined (for `seat`, or a desk or projector with None)."""
        self.devices += 1
        if seat is not None:
            self.connected[seat] = self.connected.get(seat, 0) + 1
        self.notify("roster")

    def disconnect(self, seat: int | None) -> None:
        """A device left."""
        self.devices = max(0, self.devices - 1)
        if seat is not None:
            self.connected[seat] = max(0, self.connected.get(seat, 0) - 1)
        self.notify("roster")

    def notify(self, change: Change) -> None:
        """Tell every device's connection that something changed; each decides what it needs. Roster changes are
        told once per turn of the event loop: devices joining in a burst (600 phones back after a restart, all
        waiting for the event to load) would otherwise queue a roster frame per join on every desk, past what a
        connection may have queued (`OUTBOX_LIMIT`), and the desks would be closed as too slow."""
        if change == "roster":
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                self._tell("roster")
                return
            if not self._roster_due:
                self._roster_due = True
                loop.call_soon(self._tell_roster)
            return
        self._tell(change)

    def _tell_roster(self) -> None:
        self._roster_due = False
        self._tell("roster")

    def _tell(self, change: Change) -> None:
        self._frames.clear()
        if change in ("state", "rewound"):
            self.changed.set()
        for listener in list(self.listeners):
            listener(self, change)

    # ---- bots ----------------------------------------------------------------------------------------------

    def bot_seats(self) -> list[int]:
        """The seats the roster leaves to a bot."""
        return [i for i, holder in enumerate(self.event.roster.holders) if holder is not None and holder.kind == BOT]

    async def start(self) -> None:
        """Settle any chance the game begins with (a new event's first draws), then start the bots' driver."""
        async with self.lock:
            rows: list[history.ActionRow] = []
            after = self._settle_chance(rows, time.time(), self.version)
            if rows:
                await self.writer(lambda: history.append(self.store.engine, self.id, rows, self.state))
                self.version = after
            if self.views_elsewhere is not None:
                await self._replace(self.state, self.version)
        if rows:
            self.notify("state")
        if self.driver is None:
            self.driver = asyncio.create_task(self._drive(), name=f"event {self.id}")

    async def stop(self) -> None:
        """Stop the bots' driver; the view process forgets the event."""
        if self.driver is not None:
            self.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.driver
            self.driver = None
        if self.views_elsewhere is not None:
            await self.views_elsewhere.close_event(self.id)

    async def _drive(self) -> None:
        """After each change, give every bot seat whose view changed a chance to act."""
        asked: dict[int, int] = {}
        while True:
            self.changed.clear()
            moved = False
            for seat in self.bot_seats():
                if self.state.is_terminal():
                    break
                view_version = self.view_version(seat)
                if asked.get(seat) == view_version:
                    continue
                asked[seat] = view_version
                await asyncio.sleep(BOT_DELAY_SECONDS)
                moved |= await self._bot_move(seat)
            if not moved:
                await self.changed.wait()

    async def _bot_move(self, seat: int) -> bool:
        """Let the seat's bot choose on a copy and submit its choice like anyone's; whether it acted."""
        version = self.version
        snapshot = self.state.clone()
        bot = self._bots.get(seat)
        if bot is None:
            holder = self.event.roster.holders[seat]
            bot = self._bots[seat] = make_bot(self.event.game, holder.name if holder else "", seat)
        try:
            action = await asyncio.to_thread(bot.step, snapshot, seat)
            if action is None or version != self.version:
                return False
            await self.submit(Viewer("seat", seat), seat, snapshot.action_to_string(action), version, None)
        except (Rejection, WolfpackError):
            return False
        except Exception:
            log.exception("event %s: the bot of seat %d failed", self.id, seat)
            return False
        return True


def _is_advance(text: str) -> bool:
    """Whether an action is Control's advance, which ends a phase."""
    return text.split()[:2] == ["control", "advance"]


def load_live(store: EventStore, event_id: str, writer: Writer, views: ViewProcess | None = None) -> LiveEvent:
    """An event as stored, its game restored from its latest snapshot and the actions after it; its views built in
    `views` once it is started (`LiveEvent.start`), else here."""
    event = store.load(event_id)
    state, version = history.restore(store.engine, event.game, event_id)
    now = time.time()
    clock = store.load_clock(event_id) or start_clock(event.settings, state.observation(None), now)
    messages = store.messages(event_id)
    rows = store.audit_rows(event_id)
    return LiveEvent(
        event, store, state, version, clock, writer, messages=messages, audit_rows=rows, views_elsewhere=views
    )
