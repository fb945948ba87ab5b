"""Where events are kept: in the server's database (the same `--database` URL, SQLite or PostgreSQL), in tables of
their own, so that `wolfpack serve` finds the events of the database it runs on.

An event's row holds its settings and the turns it has played; its seats' rows hold each seat's label (to notice a
content pack that changed under the event), holder and token. Every method is one committed transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    delete,
    func,
    insert,
    inspect,
    select,
)
from sqlalchemy import update as sql_update
from sqlalchemy.exc import IntegrityError

from wolfpack.event.audit import OPERATOR, SEAT, AuditEntry
from wolfpack.event.clock import PhaseClock, turns_played
from wolfpack.event.errors import EventError
from wolfpack.event.messages import Message
from wolfpack.event.model import Event
from wolfpack.event.operators import Operator, Operators
from wolfpack.event.roster import HOLDER_KINDS, Holder, Roster
from wolfpack.event.settings import EventSettings
from wolfpack.event.tokens import SeatTokens
from wolfpack.server.store import Store

metadata = MetaData()

events_table = Table(
    "wolfpack_event_events",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("settings", Text, nullable=False),
    Column("turns_played", Integer, nullable=False),
)

seats_table = Table(
    "wolfpack_event_seats",
    metadata,
    Column("event_id", String(32), ForeignKey("wolfpack_event_events.id"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("label", String(120), nullable=False),
    Column("holder", String(16), nullable=True),
    Column("name", String(200), nullable=True),
    Column("token", String(64), nullable=False, unique=True),
)

operators_table = Table(
    "wolfpack_event_operators",
    metadata,
    Column("event_id", String(32), ForeignKey("wolfpack_event_events.id"), primary_key=True),
    Column("position", Integer, primary_key=True, autoincrement=False),
    Column("name", String(200), nullable=False),
    Column("token", String(64), nullable=False, unique=True),
    Column("focus", Text, nullable=False),
)
"""Control's operators: a row each, in the order they were added; the focus is its ship ids, space-separated."""

clocks_table = Table(
    "wolfpack_event_clocks",
    metadata,
    Column("event_id", String(32), ForeignKey("wolfpack_event_events.id"), primary_key=True),
    Column("turn", Integer, nullable=False),
    Column("phase", String(32), nullable=False),
    Column("length", Float, nullable=True),
    Column("started_at", Float, nullable=False),
    Column("run_before", Float, nullable=False),
    Column("paused", Boolean, nullable=False),
    Column("warning_seconds", Integer, nullable=False),
)
"""One phase clock per event, kept as when it last started and what it ran before (never as time remaining), so a
running clock is still running after a restart."""

audit_table = Table(
    "wolfpack_event_audit",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("event_id", String(32), ForeignKey("wolfpack_event_events.id"), nullable=False),
    Column("time", Float, nullable=False),
    Column("actor_kind", String(16), nullable=False),
    Column("actor", String(200), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("ships", Text, nullable=False),
    Column("text", Text, nullable=False),
    Column("reason", Text, nullable=False),
    Column("version", Integer, nullable=True),
    Column("names", Text, nullable=True),
    Index("wolfpack_event_audit_by_event", "event_id", "id"),
)
"""The audit log, append-only: a row per entry; `ships` holds the ship ids between spaces (" aegis dione ") so that
a filter by ship is one LIKE; `names` the people in the seats it names as they were then (a JSON object of label to
name; NULL where none, and in the rows of a database written before the column was added)."""

ADDED_COLUMNS = ((audit_table, "names"),)
"""Columns added to a table after databases with that table were written: `create_tables` adds each one missing
(nullable, so the rows already there read as they were)."""

messages_table = Table(
    "wolfpack_event_messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("event_id", String(32), ForeignKey("wolfpack_event_events.id"), nullable=False),
    Column("time", Float, nullable=False),
    Column("sender_kind", String(16), nullable=False),
    Column("sender", String(200), nullable=False),
    Column("audience_kind", String(16), nullable=False),
    Column("audience", String(200), nullable=False),
    Column("text", Text, nullable=False),
    Index("wolfpack_event_messages_by_event", "event_id", "id"),
)
"""Messages between Control and the players, a row each, in the order sent."""


@dataclass(frozen=True)
class EventSummary:
    """An event in a list: what it plays and how far its roster has come, without loading its game."""

    id: str
    created: float
    settings: EventSettings
    turns_played: int
    seats: int
    open_seats: int


class EventStore:
    """The events of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        create_tables(self.engine)

    @classmethod
    def open(cls, database: str) -> EventStore:
        """The events of a database named as `wolfpack serve --database` names it (SQLite made durable as the server
        makes it); a bad URL raises EventError."""
        try:
            store = Store(database)
        except ValueError as exc:
            raise EventError(f"--database: {exc}") from None
        return cls(store.engine)

    def create(self, event: Event, entry: AuditEntry | None = None) -> None:
        """Store a new event (with its first audit line, if given); an id already taken raises EventError."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(events_table).values(**_event_values(event), id=event.id, created=event.created))
                conn.execute(insert(seats_table), _seat_values(event))
                _insert_operators(conn, event)
                if entry is not None:
                    insert_audit(conn, event.id, entry)
        except IntegrityError:
            raise EventError(f"an event {event.id!r} exists already in this database") from None

    def save(self, event: Event, entry: AuditEntry | None = None) -> None:
        """Store an event's changes: settings, turns played, holders, tokens; with its audit line, if given, in the
        same transaction (both or neither)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                sql_update(events_table).where(events_table.c.id == event.id).values(**_event_values(event))
            )
            if done.rowcount != 1:
                raise EventError(f"no event {event.id!r} in this database")
            conn.execute(delete(seats_table).where(seats_table.c.event_id == event.id))
            conn.execute(insert(seats_table), _seat_values(event))
            conn.execute(delete(operators_table).where(operators_table.c.event_id == event.id))
            _insert_operators(conn, event)
            if entry is not None:
                insert_audit(conn, event.id, entry)

    def load(self, event_id: str) -> Event:
        """One event, its game loaded with its settings; EventError if there is none or its pack changed its seats."""
        with self.engine.connect() as conn:
            row = conn.execute(select(events_table).where(events_table.c.id == event_id)).first()
            if row is None:
                raise EventError(f"no event {event_id!r} in this database (`wolfpack event list` lists them)")
            seats = list(conn.execute(_seats_query(event_id)))
            operators = conn.execute(
                select(operators_table)
                .where(operators_table.c.event_id == event_id)
                .order_by(operators_table.c.position)
            )
            members = tuple(Operator(row.name, row.token, frozenset(row.focus.split())) for row in operators)
            played = _turns_played_by_clock(conn, event_id).get(event_id, 0)
        event = Event(
            id=row.id,
            created=row.created,
            settings=_settings(row.settings),
            roster=Roster(tuple(_holder(seat) for seat in seats)),
            tokens=SeatTokens(tuple(seat.token for seat in seats)),
            turns_played=max(row.turns_played, played),
            operators=Operators(members),
        )
        labels = [seat.label for seat in seats]
        if [seat.label for seat in event.seats] != labels:
            raise EventError(
                f"event {event_id}: its content pack now gives other seats than the event's roster has "
                "(put the pack back as it was, or make a new event)"
            )
        return event

    def events(self) -> list[EventSummary]:
        """Every event, newest first."""
        with self.engine.connect() as conn:
            rows = list(conn.execute(select(events_table).order_by(events_table.c.created.desc(), events_table.c.id)))
            holders: dict[str, list[str | None]] = {}
            for seat in conn.execute(select(seats_table.c.event_id, seats_table.c.holder)):
                holders.setdefault(seat.event_id, []).append(seat.holder)
            played = _turns_played_by_clock(conn)
        return [
            EventSummary(
                id=row.id,
                created=row.created,
                settings=_settings(row.settings),
                turns_played=max(row.turns_played, played.get(row.id, 0)),
                seats=len(holders.get(row.id, [])),
                open_seats=sum(holder is None for holder in holders.get(row.id, [])),
            )
            for row in rows
        ]

    def find_token(self, token: str) -> tuple[str, int] | None:
        """The event and seat a token holds now, or None (an old token of a moved seat, or nobody's)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(seats_table.c.event_id, seats_table.c.seat).where(seats_table.c.token == token)
            ).first()
        return None if row is None else (row.event_id, row.seat)

    def find_operator_token(self, token: str) -> tuple[str, str] | None:
        """The event and Control operator a token belongs to now, or None (a revoked token, or nobody's)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(operators_table.c.event_id, operators_table.c.name).where(operators_table.c.token == token)
            ).first()
        return None if row is None else (row.event_id, row.name)

    def save_clock(self, event_id: str, clock: PhaseClock) -> None:
        """Store an event's phase clock in place of the one it had."""
        with self.engine.begin() as conn:
            write_clock(conn, event_id, clock)

    def load_clock(self, event_id: str) -> PhaseClock | None:
        """An event's phase clock as it was saved, or None before its first."""
        with self.engine.connect() as conn:
            row = conn.execute(select(clocks_table).where(clocks_table.c.event_id == event_id)).first()
        if row is None:
            return None
        return PhaseClock(
            turn=row.turn,
            phase=row.phase,
            length=row.length,
            started_at=row.started_at,
            run_before=row.run_before,
            paused=bool(row.paused),
            warning_seconds=row.warning_seconds,
        )

    def append_audit(self, event_id: str, entry: AuditEntry) -> None:
        """Add an entry to an event's audit log: one INSERT (build it with `audit_entry`, which checks it)."""
        with self.engine.begin() as conn:
            insert_audit(conn, event_id, entry)

    def audit(
        self,
        event_id: str,
        *,
        ship: str | None = None,
        seat: str | None = None,
        operator: str | None = None,
        kind: str | None = None,
    ) -> list[AuditEntry]:
        """An event's audit log in the order written, only the entries concerning `ship`, by the seat labelled `seat`,
        by `operator`, of `kind` (each filter given narrows it)."""
        query = select(audit_table).where(audit_table.c.event_id == event_id)
        if ship is not None:
            query = query.where(audit_table.c.ships.like(f"% {_like_escaped(ship)} %", escape="\\"))
        if seat is not None:
            query = query.where(audit_table.c.actor_kind == SEAT, audit_table.c.actor == seat)
        if operator is not None:
            query = query.where(audit_table.c.actor_kind == OPERATOR, audit_table.c.actor == operator)
        if kind is not None:
            query = query.where(audit_table.c.kind == kind)
        with self.engine.connect() as conn:
            rows = list(conn.execute(query.order_by(audit_table.c.id)))
        return [
            AuditEntry(
                row.time,
                row.actor_kind,
                row.actor,
                row.kind,
                tuple(row.ships.split()),
                row.text,
                row.reason,
                row.version,
                tuple(json.loads(row.names).items()) if row.names else (),
            )
            for row in rows
        ]

    def audit_rows(self, event_id: str) -> int:
        """How many rows an event's audit log has."""
        query = select(func.count()).select_from(audit_table).where(audit_table.c.event_id == event_id)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def post_message(self, event_id: str, message: Message, entry: AuditEntry | None = None) -> None:
        """Keep a message (build it with `control_message` or `seat_message`, which check it): one INSERT, and its
        audit line, if given, in the same transaction."""
        with self.engine.begin() as conn:
            if entry is not None:
                insert_audit(conn, event_id, entry)
            conn.execute(
                insert(messages_table).values(
                    event_id=event_id,
                    time=message.time,
                    sender_kind=message.sender_kind,
                    sender=message.sender,
                    audience_kind=message.audience_kind,
                    audience=message.audience,
                    text=message.text,
                )
            )

    def messages(self, event_id: str) -> list[Message]:
        """Every message of an event in the order sent (`readable_by_seat` picks what one seat may read)."""
        query = select(messages_table).where(messages_table.c.event_id == event_id).order_by(messages_table.c.id)
        with self.engine.connect() as conn:
            rows = list(conn.execute(query))
        return [
            Message(row.time, row.sender_kind, row.sender, row.audience_kind, row.audience, row.text) for row in rows
        ]

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()


def create_tables(engine: Engine) -> None:
    """Create the event tables the database lacks, and the columns added since (`ADDED_COLUMNS`) that its tables
    lack: a database an older wolfpack wrote opens as it was, its new columns empty."""
    metadata.create_all(engine)
    inspector = inspect(engine)
    for table, name in ADDED_COLUMNS:
        if name not in {column["name"] for column in inspector.get_columns(table.name)}:
            column = table.c[name]
            kind = column.type.compile(dialect=engine.dialect)
            with engine.begin() as conn:
                conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN {name} {kind}")


def _like_escaped(text: str) -> str:
    """Text matched literally by LIKE: its wildcards and the escape character escaped."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _check_event(conn: Any, event_id: str) -> None:
    """Refuse to keep anything for an event the database does not hold."""
    if conn.execute(select(events_table.c.id).where(events_table.c.id == event_id)).first() is None:
        raise EventError(f"no event {event_id!r} in this database (`wolfpack event list` lists them)")


def _insert_operators(conn: Any, event: Event) -> None:
    """Insert an event's operators' rows (after its own row)."""
    rows = [
        {
            "event_id": event.id,
            "position": position,
            "name": operator.name,
            "token": operator.token,
            "focus": " ".join(sorted(operator.focus)),
        }
        for position, operator in enumerate(event.operators.members)
    ]
    if rows:
        conn.execute(insert(operators_table), rows)


def _event_values(event: Event) -> dict[str, Any]:
    return {"settings": event.settings.model_dump_json(), "turns_played": event.turns_played}


def _seat_values(event: Event) -> list[dict[str, Any]]:
    return [
        {
            "event_id": event.id,
            "seat": seat.index,
            "label": seat.label,
            "holder": None if holder is None else holder.kind,
            "name": None if holder is None else holder.name,
            "token": token,
        }
        for seat, holder, token in zip(event.seats, event.roster.holders, event.tokens.tokens, strict=True)
    ]


def _seats_query(event_id: str) -> Any:
    return select(seats_table).where(seats_table.c.event_id == event_id).order_by(seats_table.c.seat)


def _settings(text: str) -> EventSettings:
    """Stored settings, checked again (a newer wolfpack may refuse what an older one took)."""
    try:
        return EventSettings.model_validate_json(text)
    except ValidationError as exc:
        raise EventError(f"the stored settings are no longer valid: {exc.errors()[0]['msg']}") from None


def _holder(row: Any) -> Holder | None:
    if row.holder is None:
        return None
    if row.holder not in HOLDER_KINDS:
        raise EventError(f"seat {row.seat} has an unknown holder {row.holder!r} in the database")
    return Holder(row.holder, row.name or "")


def _turns_played_by_clock(conn: Connection, event_id: str | None = None) -> dict[str, int]:
    """Each event's (or one event's) turns played as its phase clock, which follows the game's turn, says (none
    before its first clock)."""
    query = select(clocks_table.c.event_id, clocks_table.c.turn, clocks_table.c.phase)
    if event_id is not None:
        query = query.where(clocks_table.c.event_id == event_id)
    return {row.event_id: turns_played(row.turn, row.phase) for row in conn.execute(query)}


def write_clock(conn: Connection, event_id: str, clock: PhaseClock) -> None:
    """Store an event's phase clock in place of the one it had, in the caller's transaction."""
    values = {
        "turn": clock.turn,
        "phase": clock.phase,
        "length": clock.length,
        "started_at": clock.started_at,
        "run_before": clock.run_before,
        "paused": clock.paused,
        "warning_seconds": clock.warning_seconds,
    }
    _check_event(conn, event_id)
    done = conn.execute(sql_update(clocks_table).where(clocks_table.c.event_id == event_id).values(**values))
    if done.rowcount == 0:
        conn.execute(insert(clocks_table).values(event_id=event_id, **values))


def insert_audit(conn: Connection, event_id: str, entry: AuditEntry) -> None:
    """Add an entry to an event's audit log, in the caller's transaction."""
    conn.execute(
        insert(audit_table).values(
            event_id=event_id,
            time=entry.time,
            actor_kind=entry.actor_kind,
            actor=entry.actor,
            kind=entry.kind,
            ships=f" {' '.join(entry.ships)} ",
            text=entry.text,
            reason=entry.reason,
            version=entry.version,
            names=json.dumps(dict(entry.names), ensure_ascii=False) if entry.names else None,
        )
    )
