"""Where tables and their event logs are kept: SQLite (WAL, full sync) or PostgreSQL, one SQLAlchemy code path.

A table's row holds what it was created with; its events hold every accepted action in notation, chance outcomes
included, in order. Nothing else is stored: a table's state is rebuilt by replaying its events.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

DEFAULT_DATABASE = "sqlite:///var/wolfpack.db"
"""Our default: an embedded SQLite file under var/, relative to where the server starts."""

metadata = MetaData()

tables_table = Table(
    "wolfpack_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("settings", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("rematch", String(32), nullable=True),
)

events_table = Table(
    "wolfpack_events",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("player", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("request_id", String(80), nullable=True),
    Column("at", Float, nullable=False),
)


closures_table = Table(
    "wolfpack_closures",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    Column("at", Float, nullable=False),
)
"""Tables that are done: "over" (the game ended) or "expired" (nobody came). Start-up rebuilds only the others."""

OVER, EXPIRED = "over", "expired"


@dataclass(frozen=True)
class TableRow:
    """A table as created: its game, options, seats (with token hashes) and settings."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    created: float
    rematch: str | None = None
    closed: str | None = None
    """OVER or EXPIRED once the table is done (with `final_version`, its version then); None while in play."""
    final_version: int | None = None


@dataclass(frozen=True)
class EventRow:
    """One accepted action of a table: its place in the log, who took it (-1: chance), its notation."""

    table_id: str
    seq: int
    player: int
    action: str
    request_id: str | None
    at: float


def engine_url(database: str) -> str:
    """The SQLAlchemy URL for a database address: postgresql:// goes through psycopg 3; bad ones raise ValueError."""
    try:
        url = make_url(database)
    except ArgumentError as exc:
        raise ValueError(f"database {database!r} is not a database URL: {exc}") from None
    if url.drivername in ("postgresql", "postgres", "postgresql+psycopg"):
        return url.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    if url.drivername in ("sqlite", "sqlite+pysqlite"):
        return url.render_as_string(hide_password=False)
    raise ValueError(f"database {database!r}: only sqlite:/// and postgresql:// are supported")


class Store:
    """Tables and their events in one database; every method is one transaction, committed before it returns."""

    def __init__(self, database: str = DEFAULT_DATABASE) -> None:
        url = make_url(engine_url(database))
        if url.drivername.startswith("sqlite") and url.database not in (None, "", ":memory:"):
            Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(url, future=True)
        if url.drivername.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_durable)
        metadata.create_all(self.engine)

    def create_table(self, row: TableRow) -> None:
        """Store a new table."""
        with self.engine.begin() as conn:
            conn.execute(insert(tables_table).values(**_table_values(row)))

    def set_rematch(self, table_id: str, rematch: str) -> None:
        """Record the table that replays `table_id` with the same seats."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_table).where(tables_table.c.id == table_id).values(rematch=rematch))

    def set_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        """Record a table's seats anew (an open seat taken from the lobby: its token's hash, its person's name)."""
        with self.engine.begin() as conn:
            values = {"seats": json.dumps(seats, sort_keys=True)}
            conn.execute(update(tables_table).where(tables_table.c.id == table_id).values(**values))

    def append(self, events: Sequence[EventRow]) -> None:
        """Append events (of any tables) in one committed transaction: all of them or, on error, none."""
        if not events:
            return
        with self.engine.begin() as conn:
            conn.execute(insert(events_table), [_event_values(e) for e in events])

    def close_table(self, table_id: str, status: str, version: int, at: float) -> None:
        """Record that a table is done (OVER or EXPIRED) at `version`; recording it again changes nothing."""
        with self.engine.begin() as conn:
            done = conn.execute(select(closures_table.c.table_id).where(closures_table.c.table_id == table_id))
            if done.first() is None:
                conn.execute(insert(closures_table).values(table_id=table_id, status=status, version=version, at=at))

    def load(self) -> list[tuple[TableRow, list[EventRow]]]:
        """Every table not yet done, with its events in order, for rebuilding after a restart."""
        with self.engine.connect() as conn:
            query = _with_closure().where(closures_table.c.table_id.is_(None)).order_by(tables_table.c.created)
            rows = [_table_row(r) for r in conn.execute(query)]
            events = _events_by_table(conn)
        return [(row, events.get(row.id, [])) for row in rows]

    def table(self, table_id: str) -> tuple[TableRow, list[EventRow]] | None:
        """One table with its events, or None if there is no such table."""
        with self.engine.connect() as conn:
            row = conn.execute(_with_closure().where(tables_table.c.id == table_id)).first()
        return None if row is None else (_table_row(row), self.events(table_id))

    def listed(self, limit: int, offset: int) -> tuple[list[TableRow], int]:
        """A page of the tables not expired, newest first, and how many there are in all."""
        visible = or_(closures_table.c.status.is_(None), closures_table.c.status != EXPIRED)
        with self.engine.connect() as conn:
            query = _with_closure().where(visible).order_by(tables_table.c.created.desc(), tables_table.c.id)
            rows = [_table_row(r) for r in conn.execute(query.limit(limit).offset(offset))]
            count = select(func.count()).select_from(_joined()).where(visible)
            total = int(conn.execute(count).scalar_one())
        return rows, total

    def events(self, table_id: str) -> list[EventRow]:
        """One table's events in order."""
        with self.engine.connect() as conn:
            query = select(events_table).where(events_table.c.table_id == table_id).order_by(events_table.c.seq)
            return [EventRow(**r._asdict()) for r in conn.execute(query)]

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()


def _sqlite_durable(dbapi_connection: Any, _record: Any) -> None:
    """WAL with full sync: a committed event survives the process being killed (and the machine losing power)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _table_values(row: TableRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "options": json.dumps(row.options, sort_keys=True),
        "seats": json.dumps(row.seats, sort_keys=True),
        "settings": json.dumps(row.settings, sort_keys=True),
        "created": row.created,
        "rematch": row.rematch,
    }


def _joined() -> Any:
    return tables_table.outerjoin(closures_table, closures_table.c.table_id == tables_table.c.id)


def _with_closure() -> Any:
    """Tables with their closure, if any."""
    columns = [*tables_table.c, closures_table.c.status.label("closed"), closures_table.c.version.label("final")]
    return select(*columns).select_from(_joined())


def _table_row(r: Any) -> TableRow:
    return TableRow(
        id=r.id,
        game=r.game,
        options=json.loads(r.options),
        seats=json.loads(r.seats),
        settings=json.loads(r.settings),
        created=r.created,
        rematch=r.rematch,
        closed=r.closed,
        final_version=r.final,
    )


def _event_values(e: EventRow) -> dict[str, Any]:
    return {
        "table_id": e.table_id,
        "seq": e.seq,
        "player": e.player,
        "action": e.action,
        "request_id": e.request_id,
        "at": e.at,
    }


def _events_by_table(conn: Connection) -> dict[str, list[EventRow]]:
    grouped: dict[str, list[EventRow]] = {}
    query = select(events_table).order_by(events_table.c.table_id, events_table.c.seq)
    for r in conn.execute(query):
        grouped.setdefault(r.table_id, []).append(EventRow(**r._asdict()))
    return grouped
