"""The server's events: each loaded from the store the first time a device asks for it, then kept at play."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from wolfpack.event import history
from wolfpack.event.audit import AuditEntry
from wolfpack.event.errors import EventError
from wolfpack.event.live import LiveEvent, load_live
from wolfpack.event.model import Event
from wolfpack.event.store import EventStore
from wolfpack.event.viewing import ViewProcess
from wolfpack.server.journal import Journal

T = TypeVar("T")
MAX_EVENT_ID = 32
"""Event ids are 8 hex digits; anything longer is not looked up in the store."""


class EventHall:
    """The events of one database, at play on this server."""

    def __init__(self, store: EventStore, journal: Journal, views: ViewProcess | None = None) -> None:
        self.store = store
        self.journal = journal
        self.views = views
        """The process that builds the events' views (`viewing`); None: each event builds its own."""
        self.live: dict[str, LiveEvent] = {}
        self._loading: dict[str, asyncio.Future[LiveEvent]] = {}

    def writer(self, write: Callable[[], T]) -> Awaitable[T]:
        """Where every event's writes run: the server's one database thread."""
        return self.journal.run(write)

    async def get(self, event_id: str) -> LiveEvent:
        """The event at play; loaded (its game restored) on first use; EventError if there is none."""
        if len(event_id) > MAX_EVENT_ID:
            raise EventError(f"no event {event_id[:MAX_EVENT_ID]!r}…")
        found = self.live.get(event_id)
        if found is not None:
            return found
        loading = self._loading.get(event_id)
        if loading is None:
            loading = self._loading[event_id] = asyncio.ensure_future(self._load(event_id))
        try:
            return await asyncio.shield(loading)
        finally:
            if loading.done():
                self._loading.pop(event_id, None)

    async def _load(self, event_id: str) -> LiveEvent:
        live = await self.writer(lambda: load_live(self.store, event_id, self.writer, self.views))
        await live.start()
        self.live[event_id] = live
        return live

    async def change(
        self, live: LiveEvent, change: Callable[[Event], Event], record: Callable[[Event], AuditEntry]
    ) -> Event:
        """Apply a desk's change to the event (roster, operators, settings), store it with its audit line (`record`
        of the changed event, signed against the event before it) in one transaction, tell the desks."""
        async with live.lock:
            event = change(live.event)
            entry = record(event)
            await self.writer(lambda: self.store.save(event, entry))
            if event.settings != live.event.settings:
                # The game itself changed (how many turns it lasts): its state is restored under the new settings.
                state, version = await self.writer(lambda: history.restore(self.store.engine, event.game, event.id))
                await live.replace_state(state, version)
            live.replace_event(event)
        return event

    async def close(self) -> None:
        """Stop every event's bots, then the view process."""
        for live in list(self.live.values()):
            await live.stop()
        if self.views is not None:
            await asyncio.to_thread(self.views.close)
