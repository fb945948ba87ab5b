"""Events in the server's database (src/wolfpack/event/store.py): SQLite and PostgreSQL, tables of their own."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from wolfpack.event.audit import audit_entry
from wolfpack.event.clock import PhaseClock
from wolfpack.event.errors import EventError
from wolfpack.event.model import Event, new_event
from wolfpack.event.settings import make_settings
from wolfpack.event.store import EventStore, metadata
from wolfpack.server.store import Store
from wolfpack.server.store import metadata as server_metadata


@pytest.fixture
def store(database: str) -> Iterator[EventStore]:
    opened = EventStore.open(database)
    yield opened
    with opened.engine.begin() as conn:  # the PostgreSQL server is shared by the module's tests
        metadata.drop_all(conn)
    opened.close()


WARDEN = '{ id = "warden", title = "Warden", map_access = true },'


def _busy(event: Event) -> Event:
    return (
        event.assign("dione/captain", "Ann")
        .assign("dione/council-member", "ann")
        .leave_to_bot("media/anchor")
        .leave_to_control("vulcan/warden")
        .with_turns_played(2)
        .with_turns(10)
    )


def test_an_event_comes_back_as_it_was_saved(store: EventStore, classic: Event) -> None:
    event = _busy(classic)
    store.create(event)
    loaded = store.load(event.id)
    assert loaded == event
    assert loaded.seats == event.seats


def test_changes_are_saved_and_a_moved_seats_old_token_is_refused(store: EventStore, classic: Event) -> None:
    store.create(classic)
    old = classic.tokens.tokens[9]
    assert store.find_token(old) == (classic.id, 9)
    moved = store.load(classic.id).move_seat("dione/captain").assign("9", "Bea")
    store.save(moved)
    assert store.find_token(old) is None
    assert store.find_token(moved.tokens.tokens[9]) == (classic.id, 9)
    loaded = store.load(classic.id)
    assert loaded.seat_for_token(old) is None
    assert loaded.roster.seats_of("bea") == [9]


def test_events_are_listed_newest_first_with_their_open_seats(store: EventStore) -> None:
    older = new_event(make_settings(), created=1000.0).assign("1", "Ann")
    newer = new_event(make_settings(edition="infinite-domain"), created=2000.0)
    store.create(older)
    store.create(newer)
    listed = store.events()
    assert [(s.id, s.settings.edition, s.seats, s.open_seats) for s in listed] == [
        (newer.id, "infinite-domain", 52, 51),
        (older.id, "classic", 41, 39),
    ]


def test_an_unknown_event_or_a_taken_id_is_refused(store: EventStore, classic: Event) -> None:
    with pytest.raises(EventError, match="no event 'nope' in this database"):
        store.load("nope")
    with pytest.raises(EventError, match="no event 'c1a551c0' in this database"):
        store.save(classic)
    store.create(classic)
    with pytest.raises(EventError, match="an event 'c1a551c0' exists already"):
        store.create(classic.assign("1", "Ann"))
    assert store.load(classic.id).roster.holders[1] is None


def test_events_live_beside_the_servers_tables_in_its_database(database: str, store: EventStore) -> None:
    server = Store(database)
    names = set(inspect(server.engine).get_table_names())
    assert {"wolfpack_event_events", "wolfpack_event_seats"} <= names
    assert set(server_metadata.tables) <= names
    assert not set(metadata.tables) & set(server_metadata.tables)
    server.close()


def test_sqlite_is_made_durable_as_the_server_makes_it(tmp_path: Path) -> None:
    opened = EventStore.open(f"sqlite:///{tmp_path}/new/dir/events.db")
    with opened.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    opened.close()
    assert (tmp_path / "new/dir/events.db").exists()


def test_a_bad_database_url_is_refused_naming_the_option() -> None:
    with pytest.raises(EventError, match="--database: database 'mysql://x/y': only sqlite:/// and postgresql://"):
        EventStore.open("mysql://x/y")


def test_a_content_pack_that_changed_the_seats_under_an_event_is_caught(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    source = resources.files("wolfpack.games.den.data.classic").joinpath("fleet.toml")
    with resources.as_file(source) as fleet:
        shutil.copy(fleet, pack / "fleet.toml")
    opened = EventStore.open(f"sqlite:///{tmp_path}/e.db")
    event = new_event(make_settings(content=str(pack)))
    opened.create(event)
    fleet_text = (pack / "fleet.toml").read_text(encoding="utf-8")
    assert WARDEN in fleet_text
    (pack / "fleet.toml").write_text(
        fleet_text.replace(WARDEN, WARDEN + ' { id = "cook", title = "Cook" },', 1), encoding="utf-8"
    )
    with pytest.raises(EventError, match="its content pack now gives other seats than the event's roster has"):
        opened.load(event.id)
    opened.close()


def test_turns_played_are_counted_from_the_events_clock(store: EventStore, classic: Event) -> None:
    """The live event moves its clock with the game's turn: a list or a show in turn 2 says 1 turn played."""
    store.create(classic)
    assert store.load(classic.id).turns_played == 0
    store.save_clock(classic.id, PhaseClock(turn=2, phase="action", length=1080.0, started_at=1000.0))
    assert store.load(classic.id).turns_played == 1
    assert [summary.turns_played for summary in store.events()] == [1]
    store.save_clock(classic.id, PhaseClock(turn=12, phase="over", length=None, started_at=2000.0))
    assert store.load(classic.id).turns_played == 12 == store.events()[0].turns_played
    with pytest.raises(EventError, match="fewer than the 12 turns already played"):
        store.load(classic.id).with_turns(11)


def test_an_event_saved_before_audit_rows_named_their_people_still_opens(
    database: str, store: EventStore, classic: Event
) -> None:
    """A database written by a wolfpack whose audit table had no `names` column (on SQLite and PostgreSQL): it
    opens, its rows read back naming nobody, and new rows keep their names."""
    store.create(classic)
    old = audit_entry(classic, time=1_700_000_000.0, kind="action", seat="dione/captain", text="pass")
    store.append_audit(classic.id, old)
    with store.engine.begin() as conn:
        conn.execute(text("ALTER TABLE wolfpack_event_audit DROP COLUMN names"))
    assert "names" not in {column["name"] for column in inspect(store.engine).get_columns("wolfpack_event_audit")}
    reopened = EventStore.open(database)
    try:
        assert reopened.load(classic.id) == classic
        assert reopened.audit(classic.id) == [old]
        named = audit_entry(
            classic.assign("aegis/xo", "Cy"), time=1_700_000_001.0, kind="action", seat="aegis/xo", text="pass"
        )
        reopened.append_audit(classic.id, named)
        assert [entry.name for entry in reopened.audit(classic.id)] == ["", "Cy"]
    finally:
        reopened.close()
