"""Group commit: actions of many tables that arrive together are written in one transaction, off the event loop.

Each `append` returns only once its events are committed, so nothing is acknowledged or broadcast before it is
durable, while one fsync serves every table that acted in the same moment.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from wolfpack.server.store import EventRow, Store, TableRow

T = TypeVar("T")


class Journal:
    """The server's one writer: a queue of pending appends drained by a single database thread."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wolfpack-journal")
        self._pending: list[tuple[Sequence[EventRow], asyncio.Future[None]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the writer (inside the running event loop)."""
        self._task = asyncio.create_task(self._write_loop(), name="journal")

    async def append(self, events: Sequence[EventRow]) -> None:
        """Write events; returns once they are committed, raises if the write failed (then none were written)."""
        if not events:
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((events, done))
        self._wake.set()
        await done

    async def run(self, write: Callable[[], T]) -> T:
        """Run another store's write on the writer's thread (an event's actions, audit, clock), so the server's
        database has one writer; returns what `write` returns once it is done."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, write)

    async def create_table(self, row: TableRow) -> None:
        """Store a new table, on the writer's thread."""
        await asyncio.get_running_loop().run_in_executor(self._executor, self.store.create_table, row)

    async def set_rematch(self, table_id: str, rematch: str) -> None:
        """Record a rematch, on the writer's thread."""
        await asyncio.get_running_loop().run_in_executor(self._executor, self.store.set_rematch, table_id, rematch)

    async def close_table(self, table_id: str, status: str, version: int, at: float) -> None:
        """Record that a table is done, on the writer's thread."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._executor, self.store.close_table, table_id, status, version, at)

    async def close(self) -> None:
        """Finish what is queued, then stop."""
        if self._task is not None:
            while self._pending:
                await asyncio.sleep(0.01)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._executor.shutdown(wait=True)

    async def _write_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            rows = [event for events, _ in batch for event in events]
            try:
                await loop.run_in_executor(self._executor, self.store.append, rows)
            except Exception:
                # One bad batch must not sink the others: retry each table's events alone, to tell whose failed.
                for events, done in batch:
                    try:
                        await loop.run_in_executor(self._executor, self.store.append, events)
                    except Exception as exc:
                        done.set_exception(exc)
                    else:
                        done.set_result(None)
                continue
            for _, done in batch:
                if not done.done():
                    done.set_result(None)
