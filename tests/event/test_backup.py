"""Backups (src/wolfpack/event/backup.py): a consistent copy of a live event's store taken while a writer appends,
read back into another database; on SQLite (the online backup API) and on a real PostgreSQL server (a dump in one
REPEATABLE READ transaction)."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from sqlalchemy import inspect
from typer.testing import CliRunner

from wolfpack.cli import app
from wolfpack.event import history
from wolfpack.event.audit import audit_entry
from wolfpack.event.backup import BACKUP_FORMAT, backup, dump_event, restore_backup
from wolfpack.event.clock import start_clock
from wolfpack.event.errors import EventError
from wolfpack.event.messages import control_message
from wolfpack.event.model import Event
from wolfpack.event.store import EventStore
from wolfpack.event.store import metadata as event_metadata

from .histories import T0, bot_record, event_for, replayed, server_batches, store

__all__ = ["store"]

WAIT = 60.0
"""Seconds a test waits for the writer: a safety net, not a timing assertion."""


def _busy_event(store: EventStore) -> Event:
    """A new event with an operator, an audit entry, a message and a clock: a row in every event table."""
    event = event_for("classic", 2).add_operator("Ann")
    store.create(event)
    store.append_audit(event.id, audit_entry(event, time=T0, kind="roster", text="seats checked", operator="Ann"))
    store.post_message(event.id, control_message(event, time=T0, operator="Ann", text="Welcome", everyone=True))
    store.save_clock(event.id, start_clock(event.settings, event.game.new_initial_state().observation(None), T0))
    return event


class Writer(threading.Thread):
    """The live server's writer: the bot event's batches appended one by one (snapshots every 25 versions) until told
    to stop or out of batches."""

    def __init__(self, store: EventStore, event_id: str) -> None:
        super().__init__(daemon=True)
        self.store, self.event_id = store, event_id
        self.batches = server_batches("classic", 2)
        self.written = 0
        self.going = threading.Event()
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            for rows, state in self.batches:
                if self.stop.is_set():
                    return
                history.append(self.store.engine, self.event_id, rows, state, every=25)
                self.written += 1
                if self.written == 40:
                    self.going.set()
        except BaseException as exc:
            self.error = exc
            self.going.set()

    def boundaries(self) -> set[int]:
        """The versions a consistent copy can hold: the end of any batch."""
        return {rows[-1].version + 1 for rows, _ in self.batches}


def _check_copy(copy: EventStore, event: Event, writer: Writer) -> int:
    """The copy holds whole batches, snapshots no later than its history, and restores to the state they made."""
    version = history.version(copy.engine, event.id)
    assert version in writer.boundaries()
    assert all(v <= version for v in history.snapshot_versions(copy.engine, event.id))
    state, restored = history.restore(copy.engine, event.game, event.id)
    assert restored == version
    assert state.to_json() == replayed(bot_record("classic", 2), version).to_json()
    assert copy.load(event.id) == event
    return version


def test_a_backup_taken_while_the_server_writes_is_consistent_and_loads_into_another_database(
    store: EventStore, tmp_path: Path
) -> None:
    event = _busy_event(store)
    writer = Writer(store, event.id)
    writer.start()
    assert writer.going.wait(WAIT) and writer.error is None, writer.error
    made = backup(store.engine, event.id, tmp_path / "copy")
    writer.stop.set()
    writer.join(WAIT)
    assert writer.error is None, writer.error
    assert made.kind == ("sqlite" if store.engine.dialect.name == "sqlite" else "dump")
    assert made.bytes == (tmp_path / "copy").stat().st_size
    if made.kind == "sqlite":  # the copy is a database of its own
        direct = EventStore.open(f"sqlite:///{tmp_path}/copy")
        assert _check_copy(direct, event, writer) == made.version
        direct.close()
    elsewhere = EventStore.open(f"sqlite:///{tmp_path}/elsewhere.db")
    assert restore_backup(elsewhere.engine, event.id, tmp_path / "copy") == made.version
    assert _check_copy(elsewhere, event, writer) == made.version
    assert elsewhere.load(event.id) == store.load(event.id)
    assert elsewhere.audit(event.id) == store.audit(event.id)
    assert elsewhere.messages(event.id) == store.messages(event.id)
    assert elsewhere.load_clock(event.id) == store.load_clock(event.id)
    elsewhere.close()


def test_a_dump_holds_every_event_table_of_the_database(store: EventStore) -> None:
    event = _busy_event(store)
    history.append(store.engine, event.id, server_batches("classic", 2)[0][0])
    dump = dump_event(store.engine, event.id)
    present = {name for name in inspect(store.engine).get_table_names() if name.startswith("wolfpack_event_")}
    assert set(dump["tables"]) == present
    assert (dump["format"], dump["event"]) == (BACKUP_FORMAT, event.id)
    empty = {name for name, rows in dump["tables"].items() if not rows}
    assert empty == {"wolfpack_event_snapshots", "wolfpack_event_rewinds", "wolfpack_event_discarded"}


def test_a_dump_restores_into_postgresql_beside_other_events(postgres: str, tmp_path: Path) -> None:
    source = EventStore.open(f"sqlite:///{tmp_path}/source.db")
    event = _busy_event(source)
    history.append(source.engine, event.id, server_batches("classic", 2)[0][0])
    (tmp_path / "dump.json").write_text(json.dumps(dump_event(source.engine, event.id)), encoding="utf-8")
    target = EventStore.open(postgres)
    try:
        other = event_for("classic", 2, event_id="e0000002").add_operator("Bea")
        target.create(other)
        target.append_audit(other.id, audit_entry(other, time=T0, kind="roster", text="first", operator="Bea"))
        restore_backup(target.engine, event.id, tmp_path / "dump.json")  # its audit ids are the target's own
        assert target.audit(event.id) == source.audit(event.id)
        assert target.audit(other.id)[0].text == "first"
        assert history.actions(target.engine, event.id) == history.actions(source.engine, event.id)
    finally:
        with target.engine.begin() as conn:
            history.metadata.drop_all(conn)
            event_metadata.drop_all(conn)
        target.close()
        source.close()


def test_a_restore_refuses_what_it_cannot_read_and_changes_nothing(store: EventStore, tmp_path: Path) -> None:
    event = _busy_event(store)
    backup(store.engine, event.id, tmp_path / "copy")
    dump = dump_event(store.engine, event.id)
    target = EventStore.open(f"sqlite:///{tmp_path}/target.db")
    bad = {
        "garbage": (b"not a backup", "neither a SQLite copy nor a dump"),
        "newer": (json.dumps({**dump, "version": 2}).encode(), "dump version 2; this wolfpack reads 1"),
        "other": (json.dumps({**dump, "event": "e0000009"}).encode(), "it holds event 'e0000009', not 'e0000001'"),
        "table": (json.dumps({**dump, "tables": {"wolfpack_event_x": []}}).encode(), "unknown table"),
        "column": (
            json.dumps({**dump, "tables": {**dump["tables"], "wolfpack_event_clocks": [{"event_id": "e", "x": 1}]}}),
            "wolfpack_event_clocks has no column 'x'",
        ),
        "smuggled": (  # a row of another event among this one's: it would land in that event
            json.dumps(
                {
                    **dump,
                    "tables": {
                        **dump["tables"],
                        "wolfpack_event_audit": [{**dump["tables"]["wolfpack_event_audit"][0], "event_id": "e0000009"}],
                    },
                }
            ),
            "a row of wolfpack_event_audit belongs to event 'e0000009', not 'e0000001'",
        ),
    }
    for name, (content, message) in bad.items():
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        with pytest.raises(EventError, match=message):
            restore_backup(target.engine, event.id, path)
        assert target.events() == []
    with pytest.raises(EventError, match=r"no event 'e0000009'|holds event 'e0000001', not 'e0000009'"):
        restore_backup(target.engine, "e0000009", tmp_path / "copy")
    with pytest.raises(EventError, match="cannot read it"):
        restore_backup(target.engine, event.id, tmp_path / "missing")
    restore_backup(target.engine, event.id, tmp_path / "copy")
    with pytest.raises(EventError, match="an event 'e0000001' exists already"):
        restore_backup(target.engine, event.id, tmp_path / "copy")
    assert len(target.audit(event.id)) == 1
    target.close()


def test_the_backup_and_restore_commands(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path}/events.db"
    store = EventStore.open(database)
    event = _busy_event(store)
    history.append(store.engine, event.id, server_batches("classic", 2)[0][0])
    store.close()
    runner = CliRunner()
    made = runner.invoke(app, ["event", "backup", event.id, "--database", database, "--out", str(tmp_path / "c.db")])
    assert made.exit_code == 0, made.output
    assert f"event {event.id}: a copy of the whole SQLite database at version 1" in made.output
    other = f"sqlite:///{tmp_path}/other.db"
    read = runner.invoke(app, ["event", "restore", event.id, "--from", str(tmp_path / "c.db"), "--database", other])
    assert read.exit_code == 0, read.output
    shown = runner.invoke(app, ["event", "show", event.id, "--database", other])
    assert shown.exit_code == 0 and f"event {event.id}" in shown.output
    again = runner.invoke(app, ["event", "restore", event.id, "--from", str(tmp_path / "c.db"), "--database", other])
    assert again.exit_code == 2 and "exists already" in again.output
    missing = runner.invoke(app, ["event", "backup", "nope", "--database", database, "--out", str(tmp_path / "x")])
    assert missing.exit_code == 2 and "no event 'nope'" in missing.output
    assert not (tmp_path / "x").exists()
