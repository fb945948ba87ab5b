"""The server's tables: creating them, finding them, rematches, and rebuilding them all from the store at start-up."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import math
import secrets
import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from wolfpack.engine.registry import load_game
from wolfpack.server.journal import Journal
from wolfpack.server.settings import ServerSettings
from wolfpack.server.store import EXPIRED, OVER, Store, TableRow
from wolfpack.server.tables import SeatSpec, Table, TableSettings, seats_from_specs, table_from_row

SWEEP_SECONDS = 10.0
"""How often the hall looks for finished tables to let go of."""
EVICT_AFTER_SECONDS = 30.0
"""Our default: a finished table stays in memory this long (people read the result, ask for a rematch)."""
MAX_TABLE_ID = 32
"""Table ids are 16 hex digits; anything longer is not looked up in the store."""


class NewTable(BaseModel):
    """A request to open a table: the game and its options, the seats, and how the table runs."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    game: str = Field(min_length=1, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(default_factory=list, max_length=16)
    clock_seconds: float | None = Field(None, gt=0, le=86_400)
    takeover_seconds: float | None = Field(60.0, ge=0, le=86_400)
    bot_delay: float = Field(0.6, ge=0, le=30)
    seed: int | None = Field(None, ge=0, lt=2**63)

    @field_validator("options")
    @classmethod
    def _no_server_paths(cls, options: dict[str, Any]) -> dict[str, Any]:
        """A content pack is a path on the server's disk: its organiser chooses it, a web request may not."""
        if options.get("content") is not None:
            raise ValueError("option 'content' names a file on the server and cannot be set over the web")
        where = non_finite_path(options, "options")
        if where is not None:
            raise ValueError(f"{where} is NaN or infinite, which JSON does not allow: give a finite number")
        return options


def non_finite_path(value: Any, path: str) -> str | None:
    """Where in a JSON-like value a NaN or an infinity hides (Python's JSON reader lets them in), or None."""
    if isinstance(value, float) and not math.isfinite(value):
        return path
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        found = non_finite_path(item, f"{path}.{key}")
        if found is not None:
            return found
    return None


def stored_summary(row: TableRow) -> dict[str, Any]:
    """The public facts of a finished table that has left memory, read from its rows (nobody is connected)."""
    gone = {"connected": False, "stand_in": False, "timed_out": False, "deadline": None, "open": False}
    seats = [{"seat": i, "name": s["name"], "kind": s["kind"], **gone} for i, s in enumerate(row.seats)]
    return {
        "id": row.id,
        "game": row.game,
        "long_name": long_name(row.game),
        "options": row.options,
        "seats": seats,
        "version": row.final_version,
        "status": row.closed or "playing",
        "created": row.created,
        "rematch": row.rematch,
        "clock_seconds": row.settings.get("clock_seconds"),
        "seed_fixed": row.settings.get("seed_fixed", False),
    }


@functools.cache
def long_name(game: str) -> str:
    """A game's full name (its metadata does not depend on the options)."""
    return load_game(game).info.long_name


MAX_TABLE_SEATS = 8
"""Most seats a table hosts: a megagame (Den of Wolves, dozens of seats) is not a table game."""


def hosts(name: str) -> bool:
    """Whether tables of game `name` can be opened (its seats fit a table)."""
    return load_game(name).info.max_players <= MAX_TABLE_SEATS


class Refused(Exception):
    """A request this server's settings do not allow (not a malformed one): answered 403 with the sentence."""


class Hall:
    """Every table the server knows, in memory, each backed by its rows in the store."""

    def __init__(self, store: Store, settings: ServerSettings | None = None) -> None:
        self.store = store
        self.settings = settings or ServerSettings()
        self.journal = Journal(store)
        self.tables: dict[str, Table] = {}
        self._rematch_lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None
        self._over_since: dict[str, float] = {}

    async def open(self) -> None:
        """Rebuild every stored table by replaying its events, then let play go on; finished ones stay on disk."""
        self.journal.start()
        for row, events in self.store.load():
            table = table_from_row(row, self.journal)
            table.replay(events)
            if table.over:  # ended before closures were recorded, or just before a crash: recorded now
                await self.journal.close_table(table.id, OVER, table.version, time.time())
            else:
                self.tables[table.id] = table
        for table in list(self.tables.values()):
            await table.start()
        self._sweeper = asyncio.create_task(self._sweep(), name="hall sweeper")

    async def close(self) -> None:
        """Stop every table and finish writing."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for table in self.tables.values():
            await table.stop()
        await self.journal.close()
        self.store.close()

    async def _sweep(self) -> None:
        """Sweep every SWEEP_SECONDS for as long as the server runs."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            await self.sweep(time.monotonic())

    async def sweep(self, now: float) -> None:
        """Let finished tables leave memory once nobody watches them (or their rematch is open), so that a server
        that runs for days holds only the games in play (a finished table is read back from the store if asked
        for); tables nobody has come to within the expiry leave memory and the lobby for good."""
        for table in [t for t in self.tables.values() if t.over]:
            since = self._over_since.setdefault(table.id, now)
            if now - since >= EVICT_AFTER_SECONDS and (not table.listeners or table.rematch is not None):
                await table.stop()
                del self.tables[table.id]
                del self._over_since[table.id]
        expiry = self.settings.unjoined_expiry_seconds
        if expiry is None:
            return
        for table in [t for t in self.tables.values() if t.unjoined_for(now) >= expiry]:
            table.expired = True  # before any await: a join arriving meanwhile is refused, not seated at a ghost
            await table.stop()
            await self.journal.close_table(table.id, EXPIRED, table.version, time.time())
            self.tables.pop(table.id, None)

    def open_tables(self, limit: int, offset: int) -> tuple[list[dict[str, Any]], int]:
        """A page of the tables in play, those with a free open seat first, each part newest first; how many. Tables
        their people have left to stand-in bots are left out: there is nobody to play with and nothing to join."""
        now = time.monotonic()
        playing = sorted(
            (t for t in self.tables.values() if not t.over and not t.abandoned(now)),
            key=lambda t: (any(s.open for s in t.seats), t.created),
            reverse=True,
        )
        return [t.summary() for t in playing[offset : offset + limit]], len(playing)

    async def all_tables(self, limit: int, offset: int) -> tuple[list[dict[str, Any]], int]:
        """A page of every table in play or finished (from the store: finished ones leave memory), newest first."""
        rows, total = await asyncio.to_thread(self.store.listed, limit, offset)
        # Back on the event loop: a table in memory is read only here, never while an action changes it.
        page = []
        for row in rows:
            live = self.tables.get(row.id)
            page.append(live.summary() if live is not None else stored_summary(row))
        return page, total

    async def create(self, request: NewTable) -> tuple[Table, list[str | None]]:
        """Open a table; the seat tokens are returned once and stored only hashed. Bad requests raise ValueError."""
        if request.seed is not None and not self.settings.allow_fixed_seeds:
            raise Refused(
                "seed: this server draws every table's seed itself (whoever picks a seed can predict the hidden cards "
                "and dice); fixed seeds are for tests and tournaments, on a server started with --allow-fixed-seeds"
            )
        game = load_game(request.game, **request.options)
        if game.info.max_players > MAX_TABLE_SEATS:
            raise ValueError(
                f"{game.name} has {game.info.max_players} seats, more than a table's {MAX_TABLE_SEATS}: a megagame "
                "is not played at a table"
            )
        seats, tokens = seats_from_specs(game, list(request.seats))
        seed = request.seed if request.seed is not None else secrets.randbelow(2**63)
        settings = TableSettings(
            clock_seconds=request.clock_seconds,
            takeover_seconds=request.takeover_seconds,
            bot_delay=request.bot_delay,
            seed=seed,
            seed_fixed=request.seed is not None,
        )
        table = await self._open(game.name, game.options_dict(), [s.to_row() for s in seats], settings)
        return table, tokens

    async def rematch(self, table: Table) -> Table:
        """The table's rematch: same game, options and seats (same tokens), a new seed; made once."""
        async with self._rematch_lock:  # two people asking at once get one rematch
            if table.rematch is not None and table.rematch in self.tables:
                return self.tables[table.rematch]
            settings = table.settings.model_copy(update={"seed": secrets.randbelow(2**63), "seed_fixed": False})
            seats = [s.to_row() for s in table.seats]
            new = await self._open(table.game.name, table.game.options_dict(), seats, settings)
            await self.journal.set_rematch(table.id, new.id)
            table.set_rematch(new.id)
            return new

    def get(self, table_id: str) -> Table | None:
        """The table with this id, if any: from memory, or a finished one read back from the store."""
        table = self.tables.get(table_id)
        if table is not None or len(table_id) > MAX_TABLE_ID:
            return table
        stored = self.store.table(table_id)
        if stored is None or stored[0].closed == EXPIRED:
            return None
        table = table_from_row(stored[0], self.journal)
        table.replay(stored[1])
        self.tables[table.id] = table  # finished (only those leave memory): it needs no driver
        return table

    async def _open(
        self, game: str, options: dict[str, Any], seats: list[dict[str, Any]], settings: TableSettings
    ) -> Table:
        row = TableRow(secrets.token_hex(8), game, options, seats, settings.model_dump(), time.time())
        await self.journal.create_table(row)
        table = table_from_row(row, self.journal)
        self.tables[table.id] = table
        await table.start()
        return table
