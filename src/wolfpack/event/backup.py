"""A consistent copy of a live event's store, taken while the server writes, and that copy read into a database.

- SQLite: the whole database file, copied with SQLite's online backup API, which reads one consistent moment of it
  while the server goes on writing (WAL lets the writer continue). The copy is a SQLite database of its own:
  `wolfpack serve --database sqlite:///COPY` runs on it as it is.
- PostgreSQL: the event's rows of every `wolfpack_event_*` table, read in one REPEATABLE READ transaction (one
  snapshot of the database for every table), written as one JSON document.

`restore_backup` reads either kind of copy into another database (SQLite or PostgreSQL), the event's rows only, in
one transaction: all of them or, on any error, none.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sqlalchemy import Connection, Engine, Table, create_engine, insert, select
from sqlalchemy.exc import SQLAlchemyError

from wolfpack.event import history
from wolfpack.event.errors import EventError
from wolfpack.event.export import write_whole
from wolfpack.event.store import _check_event, events_table
from wolfpack.event.store import metadata as event_metadata

BACKUP_FORMAT: Final = "wolfpack-event-backup"
BACKUP_VERSION: Final = 1
SQLITE_MAGIC: Final = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


@dataclass(frozen=True)
class Backup:
    """What a backup wrote: the file, its kind ("sqlite" or "dump"), its size, and the event's version in it."""

    path: Path
    kind: str
    bytes: int
    version: int


def event_tables() -> list[Table]:
    """Every table that holds an event's rows, the event's own first (parents before the rows that refer to them)."""
    tables = [*event_metadata.sorted_tables, *history.metadata.sorted_tables]
    return [table for table in tables if table.name.startswith("wolfpack_event_")]


def backup(engine: Engine, event_id: str, out: Path) -> Backup:
    """Copy the event's store to `out` while the server may be writing: SQLite's whole file, or PostgreSQL's rows of
    the event as a dump."""
    history.ensure_tables(engine)
    with engine.connect() as conn:
        _check_event(conn, event_id)
    if engine.dialect.name == "sqlite":
        _sqlite_copy(engine, out)
        kind = "sqlite"
        version = _copied_version(out, event_id)
    else:
        dump = dump_event(engine, event_id)
        write_whole(out, json.dumps(dump, sort_keys=True).encode("utf-8"))
        kind = "dump"
        version = len(dump["tables"][history.actions_table.name])
    return Backup(out, kind, out.stat().st_size, version)


def dump_event(engine: Engine, event_id: str) -> dict[str, Any]:
    """The event's rows of every event table as one JSON-ready document, all read in one consistent transaction."""
    history.ensure_tables(engine)
    options: dict[str, Any] = {}
    if engine.dialect.name == "postgresql":
        options = {"isolation_level": "REPEATABLE READ", "postgresql_readonly": True}
    with engine.connect().execution_options(**options) as conn, conn.begin():
        _check_event(conn, event_id)
        tables = {table.name: _table_rows(conn, table, event_id) for table in event_tables()}
    return {"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "event": event_id, "tables": tables}


def read_backup(path: Path, event_id: str) -> dict[str, Any]:
    """The event's rows from a copy `backup` made (a SQLite copy or a dump), as `dump_event` gives them."""
    try:
        with path.open("rb") as file:
            start = file.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise EventError(f"--from {path}: cannot read it: {exc.strerror or exc}") from None
    if start == SQLITE_MAGIC:
        copy = create_engine(f"sqlite:///{path}")
        try:
            return dump_event(copy, event_id)
        except EventError as exc:
            raise EventError(f"--from {path}: {exc}") from None
        except SQLAlchemyError as exc:
            raise EventError(f"--from {path}: not a copy of an event's database: {_reason(exc)}") from None
        finally:
            copy.dispose()
    try:
        dump = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise EventError(
            f"--from {path}: neither a SQLite copy nor a dump that `wolfpack event backup` wrote"
        ) from None
    _check_dump(dump, event_id, path)
    checked: dict[str, Any] = dump
    return checked


def restore_backup(engine: Engine, event_id: str, path: Path) -> int:
    """Read the event from a copy into the database of `engine` (which must not hold it yet); returns its version."""
    dump = read_backup(path, event_id)
    history.ensure_tables(engine)
    try:
        with engine.begin() as conn:
            if conn.execute(select(events_table.c.id).where(events_table.c.id == event_id)).first() is not None:
                raise EventError(f"an event {event_id!r} exists already in this database")
            for table in event_tables():
                rows = dump["tables"].get(table.name, [])
                if rows:
                    conn.execute(insert(table), [_loadable(table, row, event_id, path) for row in rows])
    except SQLAlchemyError as exc:
        raise EventError(f"--from {path}: its rows do not load: {_reason(exc)}") from None
    return len(dump["tables"].get(history.actions_table.name, []))


# ---- helpers -----------------------------------------------------------------------------------------------------


def _sqlite_copy(engine: Engine, out: Path) -> None:
    """The whole SQLite database, copied by SQLite's backup API into a self-contained file (no WAL beside it)."""
    partial = out.with_name(f".{out.name}.partial")
    partial.unlink(missing_ok=True)
    raw = engine.raw_connection()
    try:
        source = raw.driver_connection
        assert isinstance(source, sqlite3.Connection)
        target = sqlite3.connect(partial)
        try:
            source.backup(target)
            target.execute("PRAGMA journal_mode=DELETE")
        finally:
            target.close()
        partial.replace(out)
    except (OSError, sqlite3.Error) as exc:
        partial.unlink(missing_ok=True)
        raise EventError(f"--out {out}: cannot write the copy: {exc}") from None
    finally:
        raw.close()


def _copied_version(path: Path, event_id: str) -> int:
    """The event's version in a SQLite copy."""
    copy = create_engine(f"sqlite:///{path}")
    try:
        return history.version(copy, event_id)
    finally:
        copy.dispose()


def _reason(exc: SQLAlchemyError) -> str:
    """The database's own complaint, first line only."""
    return str(getattr(exc, "orig", None) or exc).splitlines()[0]


def _key_column(table: Table) -> Any:
    """The column naming the event a row belongs to."""
    return table.c.event_id if "event_id" in table.c else table.c.id


def _table_rows(conn: Connection, table: Table, event_id: str) -> list[dict[str, Any]]:
    """The event's rows of one table, in the order of its primary key (the order they were written)."""
    query = select(table).where(_key_column(table) == event_id).order_by(*table.primary_key.columns)
    return [dict(row._mapping) for row in conn.execute(query)]


def _loadable(table: Table, row: Any, event_id: str, path: Path) -> dict[str, Any]:
    """A dumped row of the event as it is inserted: its known columns only, without a number the database assigns
    itself."""
    if not isinstance(row, dict):
        raise EventError(f"--from {path}: a row of {table.name} is not an object")
    unknown = sorted(set(row) - set(table.c.keys()))
    if unknown:
        raise EventError(f"--from {path}: {table.name} has no column {unknown[0]!r} (a newer wolfpack's copy?)")
    owner = row.get(_key_column(table).name)
    if owner != event_id:  # restoring one event must never write another's rows
        raise EventError(f"--from {path}: a row of {table.name} belongs to event {owner!r}, not {event_id!r}")
    assigned = table.autoincrement_column
    return {name: value for name, value in row.items() if assigned is None or name != assigned.name}


def _check_dump(dump: Any, event_id: str, path: Path) -> None:
    """A dump of this format and version, of the event asked for, with rows for known tables only."""
    if not isinstance(dump, dict) or dump.get("format") != BACKUP_FORMAT:
        raise EventError(f"--from {path}: neither a SQLite copy nor a dump that `wolfpack event backup` wrote")
    if dump.get("version") != BACKUP_VERSION:
        raise EventError(f"--from {path}: dump version {dump.get('version')!r}; this wolfpack reads {BACKUP_VERSION}")
    if dump.get("event") != event_id:
        raise EventError(f"--from {path}: it holds event {dump.get('event')!r}, not {event_id!r}")
    tables = dump.get("tables")
    known = {table.name for table in event_tables()}
    if not isinstance(tables, dict) or not all(isinstance(rows, list) for rows in tables.values()):
        raise EventError(f'--from {path}: "tables" must map each table to its rows')
    if not set(tables) <= known:
        raise EventError(f"--from {path}: unknown table {sorted(set(tables) - known)[0]!r} (a newer wolfpack's copy?)")
