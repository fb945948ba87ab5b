"""The audit log (src/wolfpack/event/audit.py and EventStore.append_audit/audit): every action, filters, CSV."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event as sql_event
from sqlalchemy import inspect

from wolfpack.event.audit import CSV_HEADER, KINDS, AuditEntry, audit_csv, audit_entry
from wolfpack.event.errors import EventError
from wolfpack.event.model import Event
from wolfpack.event.store import EventStore

T0 = 1_700_000_000.0


@pytest.fixture
def desk(classic: Event) -> Event:
    return classic.add_operator("Ann").add_operator("Bob", ("dione",))


@pytest.fixture
def store(tmp_path: Path, desk: Event) -> Iterator[EventStore]:
    opened = EventStore.open(f"sqlite:///{tmp_path}/e.db")
    opened.create(desk)
    yield opened
    opened.close()


def _log(event: Event) -> list[AuditEntry]:
    return [
        audit_entry(event, time=T0, kind="action", seat="dione/captain", text="use dione/bridge", version=4),
        audit_entry(
            event, time=T0 + 1, kind="control", operator="bob", text="control damage dione", reason="a Wolf raid"
        ),
        audit_entry(event, time=T0 + 2, kind="clock", operator="Ann", text="extend 120", reason="Council overran"),
        audit_entry(event, time=T0 + 3, kind="action", seat="aegis/xo", text="give aegis dione fuel 1"),
        audit_entry(
            event,
            time=T0 + 4,
            kind="message",
            seat="dione/captain",
            ships=("dione", "aegis", "dione"),
            text="attack report: the Aegis fired on us",
        ),
        audit_entry(event, time=T0 + 5, kind="roster", operator="Ann", text="assign dione/xo Cara"),
    ]


def test_an_entry_names_its_actor_its_ships_and_the_games_version(desk: Event) -> None:
    by_seat, by_operator, *_, report, _roster = _log(desk)
    assert by_seat == AuditEntry(T0, "seat", "dione/captain", "action", ("dione",), "use dione/bridge", "", 4)
    assert (by_operator.actor_kind, by_operator.actor, by_operator.ships) == ("operator", "Bob", ())
    assert by_operator.reason == "a Wolf raid"
    assert report.ships == ("dione", "aegis")
    media = audit_entry(desk, time=T0, kind="action", seat="media/anchor", text="publish")
    assert media.ships == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seat": None}, "an audit entry names one actor: a seat, an operator or the organiser, exactly one"),
        ({"operator": "Ann"}, "an audit entry names one actor"),
        ({"seat": "dione/cook"}, "seat 'dione/cook': no seat has that number or label"),
        ({"seat": None, "operator": "Zed"}, "operator 'Zed': there is no such operator"),
        ({"kind": "coffee"}, "kind 'coffee': an audit entry's kind is one of action, control, clock"),
        ({"ships": ("galactica",)}, "ship 'galactica': no such ship in this event"),
        ({"text": "  "}, "an audit entry needs the text of what was done"),
        ({"time": float("nan")}, "time nan: an audit entry needs the time it happened"),
        ({"version": -1}, "version -1: the game's version is a whole number, zero or more"),
    ],
)
def test_a_bad_entry_is_refused_naming_what_was_wrong(desk: Event, change: dict[str, Any], message: str) -> None:
    values: dict[str, Any] = {"time": T0, "kind": "action", "seat": "dione/captain", "text": "pass"} | change
    with pytest.raises(EventError, match=message):
        audit_entry(desk, **values)


def test_entries_come_back_in_the_order_written_and_filter_by_ship_seat_operator_and_kind(
    store: EventStore, desk: Event
) -> None:
    log = _log(desk)
    for entry in log:
        store.append_audit(desk.id, entry)
    assert store.audit(desk.id) == log
    assert store.audit(desk.id, ship="dione") == [log[0], log[4]]
    assert store.audit(desk.id, ship="aegis") == [log[3], log[4]]  # the XO's own ship, and the report naming it
    assert store.audit(desk.id, seat="dione/captain") == [log[0], log[4]]
    assert store.audit(desk.id, operator="Ann") == [log[2], log[5]]
    assert store.audit(desk.id, kind="action") == [log[0], log[3]]
    assert store.audit(desk.id, seat="dione/captain", kind="message") == [log[4]]
    assert store.audit(desk.id, operator="dione/captain") == []
    assert store.audit("other") == []


def test_a_row_names_the_people_in_its_seats_as_they_were_when_it_was_written(store: EventStore, desk: Event) -> None:
    """Found on the desk: after a seat moved to another person, every earlier row named the new holder."""
    held = desk.assign("dione/captain", "Ann Lee").assign("aegis/xo", "Cy")
    played = audit_entry(held, time=T0, kind="action", seat="dione/captain", text="dione/captain: rations food low")
    roster = audit_entry(held, time=T0 + 1, kind="roster", operator="Ann", text="seat aegis/xo: to Cy, not dione/xo")
    assert (played.name, played.names) == ("Ann Lee", (("dione/captain", "Ann Lee"),))
    assert (roster.name, roster.names) == ("Ann", (("aegis/xo", "Cy"),))  # an open seat names nobody
    store.save(held)
    for entry in (played, roster):
        store.append_audit(desk.id, entry)
    moved = held.assign("dione/captain", "Bo")
    store.save(moved)
    later = audit_entry(moved, time=T0 + 2, kind="action", seat="dione/captain", text="pass")
    store.append_audit(desk.id, later)
    assert [entry.name for entry in store.audit(desk.id)] == ["Ann Lee", "Ann", "Bo"]
    assert store.audit(desk.id) == [played, roster, later]
    nobody = audit_entry(desk, time=T0, kind="action", seat="dione/captain", text="pass")
    assert (nobody.name, nobody.names) == ("", ())
    rows = list(csv.DictReader(io.StringIO(audit_csv(store.audit(desk.id)))))
    named = [(row["actor"], row["name"]) for row in rows]
    assert named == [("dione/captain", "Ann Lee"), ("Ann", "Ann"), ("dione/captain", "Bo")]


def test_a_ship_filter_matches_whole_ship_ids_only(store: EventStore, desk: Event) -> None:
    store.append_audit(desk.id, audit_entry(desk, time=T0, kind="action", seat="star-alpha/president", text="pass"))
    assert store.audit(desk.id, ship="star") == []
    assert store.audit(desk.id, ship="star_alpha") == []  # LIKE's _ wildcard is taken literally
    assert store.audit(desk.id, ship="%") == []
    assert [entry.ships for entry in store.audit(desk.id, ship="star-alpha")] == [("star-alpha",)]


def test_appending_is_one_insert_into_a_table_indexed_on_the_event(store: EventStore, desk: Event) -> None:
    statements: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(statement.split()[0].upper())

    sql_event.listen(store.engine, "before_cursor_execute", record)
    store.append_audit(desk.id, _log(desk)[0])
    sql_event.remove(store.engine, "before_cursor_execute", record)
    assert statements == ["INSERT"]
    indexes = inspect(store.engine).get_indexes("wolfpack_event_audit")
    assert any(index["column_names"][0] == "event_id" for index in indexes)


def test_the_csv_export_has_a_header_and_a_row_per_entry_quoted_to_read_back(desk: Event) -> None:
    tricky = audit_entry(
        desk, time=T0, kind="control", operator="Ann", text='say "hold", then wait', reason="line one\nline two, more"
    )
    log = [*_log(desk), tricky]
    rows = list(csv.reader(io.StringIO(audit_csv(log))))
    assert tuple(rows[0]) == CSV_HEADER
    assert len(rows) == len(log) + 1
    assert rows[1] == [
        "2023-11-14T22:13:20.000+00:00",
        "seat",
        "dione/captain",
        "",
        "action",
        "dione",
        "use dione/bridge",
        "",
        "4",
    ]
    assert rows[5][5] == "dione aegis"
    assert rows[-1][6:8] == ['say "hold", then wait', "line one\nline two, more"]
    assert rows[-1][8] == ""
    assert set(KINDS) >= {row[4] for row in rows[1:]}
