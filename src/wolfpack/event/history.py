"""A live event's history: every accepted action and chance outcome as a row, the state saved now and then, and
rewinds that move actions out of the live history into a record of what each rewind discarded.

Row `version` v is the v-th action of the event (0-based), so the state at version v is the game's start with rows
0 to v-1 applied, and `state.history_length()` is always the state's version. A snapshot is the state's JSON at some
version (`State.to_dict()`, its keys in order); the state at any version is the latest snapshot at or before it plus
the rows after the snapshot, never a replay from the start once snapshots exist.

Every function here is plain and synchronous, one committed transaction each: the live server runs them on its one
database thread (as server/journal.py does) and tells nobody of an action before `append` has returned. On
PostgreSQL each write locks the event's row first, so two writers of one event take turns.
"""

from __future__ import annotations

import json
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    delete,
    func,
    insert,
    select,
)
from sqlalchemy.exc import IntegrityError

from wolfpack.engine.constants import CHANCE
from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.game import Game, State
from wolfpack.event.errors import EventError, checked_time
from wolfpack.event.store import _check_event, create_tables, events_table
from wolfpack.server.tables import apply_notation

Write = Callable[[Connection], None]
"""More rows written in the transaction of an append, so that both are stored or neither."""
RewindWrite = Callable[[Connection, State[Any]], None]
"""More rows written in a rewind's transaction, given the state it goes back to (the clock follows it)."""

SNAPSHOT_EVERY: Final = 100
"""Our default, from benchmarks/event_history.py: a snapshot each time the history passes a multiple of 100
versions (17 in a 12-turn classic event), so a restart or a rewind replays at most about 100 rows."""

metadata = MetaData()

actions_table = Table(
    "wolfpack_event_actions",
    metadata,
    Column("event_id", String(32), ForeignKey(events_table.c.id), primary_key=True),
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("player", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("request_id", String(80), nullable=True),
    Column("time", Float, nullable=False),
    Column("operator", String(200), nullable=True),
)
"""The live history: a row per accepted action or chance outcome (player -1), versions 0, 1, 2... without gaps."""

snapshots_table = Table(
    "wolfpack_event_snapshots",
    metadata,
    Column("event_id", String(32), ForeignKey(events_table.c.id), primary_key=True),
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("options", Text, nullable=False),
    Column("state", Text, nullable=False),
    Column("time", Float, nullable=False),
)
"""The state saved at some versions; `options` is the game's options it was saved under (an event whose turns
change mid-way restores only from snapshots of its options now)."""

rewinds_table = Table(
    "wolfpack_event_rewinds",
    metadata,
    Column("event_id", String(32), ForeignKey(events_table.c.id), primary_key=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("from_version", Integer, nullable=False),
    Column("to_version", Integer, nullable=False),
    Column("reason", Text, nullable=False),
    Column("operator", String(200), nullable=False),
    Column("time", Float, nullable=False),
)
"""Every rewind of an event, numbered 1, 2... per event (so an event's rows copy into another database as they are)."""

discarded_table = Table(
    "wolfpack_event_discarded",
    metadata,
    Column("event_id", String(32), ForeignKey(events_table.c.id), primary_key=True),
    Column("rewind", Integer, primary_key=True, autoincrement=False),
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("player", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("request_id", String(80), nullable=True),
    Column("time", Float, nullable=False),
    Column("operator", String(200), nullable=True),
)
"""The rows each rewind took out of the live history, kept as they were."""

_READY: weakref.WeakSet[Engine] = weakref.WeakSet()
"""Engines whose database has the history's tables already (created once per engine, not on every write)."""


@dataclass(frozen=True)
class ActionRow:
    """One accepted action (or chance outcome) of an event: its version, who took it, its notation."""

    version: int
    player: int
    """The seat that acted, or CHANCE (-1) for an outcome the server sampled."""
    action: str
    request_id: str | None
    time: float
    operator: str | None
    """The Control operator whose desk sent it; None for a seat's own device, the bots and chance."""


@dataclass(frozen=True)
class Rewind:
    """A rewind as kept: when, by whom, why, and the rows it took out of the live history."""

    number: int
    from_version: int
    to_version: int
    reason: str
    operator: str
    time: float
    discarded: tuple[ActionRow, ...]


def ensure_tables(engine: Engine) -> None:
    """Create the event tables and the history's in the engine's database, once per engine."""
    if engine not in _READY:
        create_tables(engine)
        metadata.create_all(engine)
        _READY.add(engine)


def snapshot_due(first: int, after: int, every: int = SNAPSHOT_EVERY) -> bool:
    """Whether appending the rows from version `first` up to state version `after` passes a multiple of `every`."""
    return after // every > first // every


def append(
    engine: Engine,
    event_id: str,
    rows: Sequence[ActionRow],
    state: State[Any] | None = None,
    *,
    every: int = SNAPSHOT_EVERY,
    then: Write | None = None,
) -> None:
    """Add rows to the end of an event's history in one committed transaction; with `state` (the state after them)
    also a snapshot when one is due; `then` writes what goes with them (the audit line) in the same transaction.
    Rows that do not follow the stored history raise EventError; then nothing is written."""
    if not rows:
        return
    _check_rows(rows)
    after = rows[-1].version + 1
    snapshot = None
    if state is not None:
        _check_state_version(state, after)
        if snapshot_due(rows[0].version, after, every):
            snapshot = _snapshot_values(event_id, state)
    ensure_tables(engine)
    with engine.begin() as conn:
        _lock_event(conn, event_id)
        stored = _version(conn, event_id)
        if rows[0].version != stored:
            raise EventError(
                f"event {event_id}: the rows start at version {rows[0].version}, but its history holds {stored} "
                "actions (another writer, or a rewind, moved it)"
            )
        try:
            conn.execute(insert(actions_table), [_row_values(event_id, row) for row in rows])
        except IntegrityError:
            raise EventError(f"event {event_id}: another writer stored version {rows[0].version} first") from None
        if snapshot is not None:
            conn.execute(insert(snapshots_table).values(**snapshot))
        if then is not None:
            then(conn)


def save_snapshot(engine: Engine, event_id: str, state: State[Any]) -> int:
    """Keep `state` as the event's snapshot at its version (at a turn's end, say) and return that version; a state
    ahead of the stored history raises EventError."""
    values = _snapshot_values(event_id, state)
    ensure_tables(engine)
    with engine.begin() as conn:
        _lock_event(conn, event_id)
        stored = _version(conn, event_id)
        if values["version"] > stored:
            raise EventError(
                f"event {event_id}: a snapshot at version {values['version']} is ahead of its history "
                f"({stored} actions)"
            )
        conn.execute(
            delete(snapshots_table).where(
                snapshots_table.c.event_id == event_id, snapshots_table.c.version == values["version"]
            )
        )
        conn.execute(insert(snapshots_table).values(**values))
    return int(values["version"])


def version(engine: Engine, event_id: str) -> int:
    """How many actions the event's live history holds: the version its state is at."""
    ensure_tables(engine)
    with engine.connect() as conn:
        _check_event(conn, event_id)
        return _version(conn, event_id)


def actions(engine: Engine, event_id: str, since: int = 0) -> list[ActionRow]:
    """The live history's rows from version `since` on, in order."""
    ensure_tables(engine)
    with engine.connect() as conn:
        _check_event(conn, event_id)
        return _rows(conn, actions_table, event_id, since)


def snapshot_versions(engine: Engine, event_id: str) -> list[int]:
    """The versions the event has snapshots at, in order."""
    ensure_tables(engine)
    query = select(snapshots_table.c.version).where(snapshots_table.c.event_id == event_id)
    with engine.connect() as conn:
        return [row.version for row in conn.execute(query.order_by(snapshots_table.c.version))]


def restore(engine: Engine, game: Game[Any], event_id: str) -> tuple[State[Any], int]:
    """The event's state now and its version: the latest snapshot plus the rows after it."""
    ensure_tables(engine)
    with engine.connect() as conn:
        _check_event(conn, event_id)
        stored = _version(conn, event_id)
        return _state_at(conn, game, event_id, stored), stored


def state_at(engine: Engine, game: Game[Any], event_id: str, at: int) -> State[Any]:
    """The event's state at version `at` (0 to its version now), from the latest snapshot at or before it."""
    ensure_tables(engine)
    with engine.connect() as conn:
        _check_event(conn, event_id)
        stored = _version(conn, event_id)
        if not 0 <= at <= stored:
            raise EventError(f"version {at}: event {event_id} has versions 0 to {stored}")
        return _state_at(conn, game, event_id, at)


def preview_rewind(engine: Engine, game: Game[Any], event_id: str, to_version: int) -> list[ActionRow]:
    """The rows a rewind to `to_version` would discard, checked as `rewind` checks it, without changing anything."""
    ensure_tables(engine)
    with engine.connect() as conn:
        _check_event(conn, event_id)
        discarded, _ = _plan_rewind(conn, game, event_id, to_version)
    return discarded


def rewind(
    engine: Engine,
    game: Game[Any],
    event_id: str,
    to_version: int,
    reason: str,
    operator: str,
    *,
    now: float | None = None,
    then: RewindWrite | None = None,
) -> tuple[list[ActionRow], State[Any]]:
    """Go back to `to_version`: the rows after it move to the discarded rows under a new rewind (with its reason,
    operator and time), later snapshots go, and `then` writes what goes with it (the audit line, the clock) from
    the state at `to_version`, all in one transaction; returns the discarded rows and that state."""
    if not reason.strip():
        raise EventError("a rewind needs a reason")
    if not operator.strip():
        raise EventError("a rewind needs the operator who asks for it")
    at = checked_time(time.time() if now is None else now, "a rewind's time is a moment")
    ensure_tables(engine)
    with engine.begin() as conn:
        _lock_event(conn, event_id)
        discarded, state = _plan_rewind(conn, game, event_id, to_version)
        number = 1 + int(
            conn.execute(
                select(func.coalesce(func.max(rewinds_table.c.number), 0)).where(rewinds_table.c.event_id == event_id)
            ).scalar_one()
        )
        conn.execute(
            insert(rewinds_table).values(
                event_id=event_id,
                number=number,
                from_version=to_version + len(discarded),
                to_version=to_version,
                reason=reason.strip(),
                operator=operator.strip(),
                time=at,
            )
        )
        conn.execute(insert(discarded_table), [{**_row_values(event_id, row), "rewind": number} for row in discarded])
        gone = conn.execute(
            delete(actions_table).where(actions_table.c.event_id == event_id, actions_table.c.version >= to_version)
        )
        if gone.rowcount != len(discarded):
            raise EventError(f"event {event_id}: another writer added actions during the rewind; ask again")
        conn.execute(
            delete(snapshots_table).where(
                snapshots_table.c.event_id == event_id, snapshots_table.c.version > to_version
            )
        )
        if then is not None:
            then(conn, state)
    return discarded, state


def rewinds(engine: Engine, event_id: str) -> list[Rewind]:
    """Every rewind of the event in the order made, each with the rows it discarded."""
    ensure_tables(engine)
    with engine.connect() as conn:
        _check_event(conn, event_id)
        made = list(
            conn.execute(
                select(rewinds_table).where(rewinds_table.c.event_id == event_id).order_by(rewinds_table.c.number)
            )
        )
        query = (
            select(discarded_table)
            .where(discarded_table.c.event_id == event_id)
            .order_by(discarded_table.c.rewind, discarded_table.c.version)
        )
        by_rewind: dict[int, list[ActionRow]] = {}
        for row in conn.execute(query):
            by_rewind.setdefault(row.rewind, []).append(_action_row(row))
    return [
        Rewind(r.number, r.from_version, r.to_version, r.reason, r.operator, r.time, tuple(by_rewind.get(r.number, [])))
        for r in made
    ]


def replay_rows(state: State[Any], rows: Sequence[ActionRow]) -> None:
    """Apply stored rows to `state` in order; a row that does not apply raises EventError naming its version."""
    for row in rows:
        try:
            apply_notation(state, row.action, row.player)
        except (WolfpackError, ValueError) as exc:
            raise EventError(f"version {row.version} ({row.action!r} by {row.player}) does not replay: {exc}") from None


# ---- helpers -----------------------------------------------------------------------------------------------------


def _plan_rewind(
    conn: Connection, game: Game[Any], event_id: str, to_version: int
) -> tuple[list[ActionRow], State[Any]]:
    """The rows a rewind to `to_version` discards and the state it lands on; EventError if it may not land there."""
    stored = _version(conn, event_id)
    if stored == 0:
        raise EventError(f"event {event_id} has no actions yet: there is nothing to rewind")
    if isinstance(to_version, bool) or not isinstance(to_version, int) or not 0 <= to_version < stored:
        raise EventError(
            f"rewind to {to_version!r}: choose a version from 0 to {stored - 1} (the event is at {stored})"
        )
    state = _state_at(conn, game, event_id, to_version)
    if state.is_chance_node():
        raise EventError(_mid_chance(conn, event_id, to_version, stored))
    return _rows(conn, actions_table, event_id, to_version), state


def _mid_chance(conn: Connection, event_id: str, to_version: int, stored: int) -> str:
    """Why a rewind may not land where the game waits for chance, naming the nearest versions where it may."""
    seat_rows = actions_table.c.player != CHANCE
    mine = actions_table.c.event_id == event_id
    before = conn.execute(
        select(func.max(actions_table.c.version)).where(mine, seat_rows, actions_table.c.version < to_version)
    ).scalar()
    after = conn.execute(
        select(func.min(actions_table.c.version)).where(mine, seat_rows, actions_table.c.version > to_version)
    ).scalar()
    choices = [f"{before} (before the action that called for it)"] if before is not None else []
    choices.append(f"{stored if after is None else after} (after its outcomes)")
    return (
        f"rewind to {to_version}: the game then waits for a roll or draw the server makes, which would be made again; "
        f"choose {' or '.join(choices)}"
    )


def _state_at(conn: Connection, game: Game[Any], event_id: str, at: int) -> State[Any]:
    """The state at version `at`: the latest snapshot of the game's options at or before it, then the rows after."""
    options = _options_text(game)
    snapshot = conn.execute(
        select(snapshots_table.c.version, snapshots_table.c.state)
        .where(
            snapshots_table.c.event_id == event_id,
            snapshots_table.c.version <= at,
            snapshots_table.c.options == options,
        )
        .order_by(snapshots_table.c.version.desc())
        .limit(1)
    ).first()
    if snapshot is None:
        state, start = game.new_initial_state(), 0
    else:
        try:
            state = game.state_from_json(snapshot.state)
        except WolfpackError as exc:
            raise EventError(
                f"event {event_id}: the snapshot at version {snapshot.version} does not load: {exc}"
            ) from None
        start = snapshot.version
        _check_state_version(state, start)
    replay_rows(state, _rows(conn, actions_table, event_id, start, until=at))
    return state


def _rows(conn: Connection, table: Table, event_id: str, since: int, until: int | None = None) -> list[ActionRow]:
    """An event's rows of `table` with versions from `since` up to (not including) `until`, in order."""
    query = select(table).where(table.c.event_id == event_id, table.c.version >= since)
    if until is not None:
        query = query.where(table.c.version < until)
    return [_action_row(row) for row in conn.execute(query.order_by(table.c.version))]


def _action_row(row: Any) -> ActionRow:
    return ActionRow(row.version, row.player, row.action, row.request_id, row.time, row.operator)


def _row_values(event_id: str, row: ActionRow) -> dict[str, Any]:
    return {
        "event_id": event_id,
        "version": row.version,
        "player": row.player,
        "action": row.action,
        "request_id": row.request_id,
        "time": row.time,
        "operator": row.operator,
    }


def _check_rows(rows: Sequence[ActionRow]) -> None:
    """Rows follow one another from their first version, each with a seat or chance, an action and a time."""
    first = rows[0].version
    if isinstance(first, int) and first < 0:
        raise EventError(f"versions start at 0, not {first}")
    for offset, row in enumerate(rows):
        if isinstance(row.version, bool) or not isinstance(row.version, int) or row.version != first + offset:
            raise EventError(
                f"rows must have versions {first}, {first + 1}, ... in order; row {offset} has {row.version!r}"
            )
        if isinstance(row.player, bool) or not isinstance(row.player, int) or row.player < CHANCE:
            raise EventError(f"version {row.version}: player {row.player!r} is neither a seat nor chance ({CHANCE})")
        if not isinstance(row.action, str) or not row.action.strip():
            raise EventError(f"version {row.version}: the action must be notation, not {row.action!r}")
        checked_time(row.time, f"version {row.version}: an action's time is a moment")


def _check_state_version(state: State[Any], expected: int) -> None:
    """A state's version (its history's length) is the one it is stored at."""
    held = state.history_length()
    if held != expected:
        raise EventError(f"the state has {held} actions in its history, but belongs at version {expected}")


def _snapshot_values(event_id: str, state: State[Any]) -> dict[str, Any]:
    """A snapshot's row. Its JSON keeps every object's keys in the state's own order, not sorted as `to_json` sorts
    them: Den of Wolves' rules follow the order of its dicts (the order jumps resolve in), so a sorted save loads into
    a state that plays on differently from the live one."""
    return {
        "event_id": event_id,
        "version": state.history_length(),
        "options": _options_text(state.game),
        "state": json.dumps(state.to_dict()),
        "time": time.time(),
    }


def _options_text(game: Game[Any]) -> str:
    return json.dumps(game.options_dict(), sort_keys=True)


def _version(conn: Connection, event_id: str) -> int:
    """The number of rows in the event's live history (they have versions 0 to that number - 1)."""
    query = select(func.max(actions_table.c.version)).where(actions_table.c.event_id == event_id)
    last = conn.execute(query).scalar()
    return 0 if last is None else int(last) + 1


def _lock_event(conn: Connection, event_id: str) -> None:
    """Refuse an event the database does not hold; on PostgreSQL, lock its row until the transaction ends, so that
    one event's writes take turns (SQLite locks the whole database for a write anyway)."""
    query = select(events_table.c.id).where(events_table.c.id == event_id).with_for_update()
    if conn.execute(query).first() is None:
        raise EventError(f"no event {event_id!r} in this database (`wolfpack event list` lists them)")
