"""A live event's history (src/wolfpack/event/history.py): rows committed in order, snapshots, restore from the
latest snapshot, rewinds that keep what they discard; on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import dataclasses
import math
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import Connection, select, update

from wolfpack.engine.constants import CHANCE
from wolfpack.event import history
from wolfpack.event.errors import EventError
from wolfpack.event.export import import_record
from wolfpack.event.history import actions_table, snapshots_table
from wolfpack.event.store import EventStore

from .histories import T0, bot_record, chunks, event_for, record_rows, replayed, store

__all__ = ["store"]  # fixtures, shared with the other history tests

RECORD = ("classic", 2)
"""Most tests: a 2-turn classic bot event (342 actions, chance outcomes included)."""
EVERY = 25
"""A short snapshot interval for the tests, so a 2-turn event has a dozen snapshots."""


def _stored(store: EventStore) -> tuple[str, int]:
    """A new event holding the whole bot event's history, with a snapshot at each multiple of EVERY; its id and
    version."""
    event = event_for(*RECORD)
    store.create(event)
    for rows, state in chunks(*RECORD, EVERY):
        history.append(store.engine, event.id, rows, state, every=EVERY)
    return event.id, history.version(store.engine, event.id)


def _break_row(store: EventStore, event_id: str, at: int) -> None:
    """Overwrite one stored row with nonsense: any replay through it fails."""
    with store.engine.begin() as conn:
        conn.execute(
            update(actions_table)
            .where(actions_table.c.event_id == event_id, actions_table.c.version == at)
            .values(action="no such action")
        )


def test_the_history_restores_to_the_state_its_actions_made(store: EventStore) -> None:
    event_id, reached = _stored(store)
    record = bot_record(*RECORD)
    assert reached == len(record_rows(record)) == history.version(store.engine, event_id)
    state, version = history.restore(store.engine, event_for(*RECORD).game, event_id)
    assert version == reached
    assert state.to_json() == replayed(record, reached).to_json()
    assert [(r.version, r.player, r.action) for r in history.actions(store.engine, event_id)] == [
        (r.version, r.player, r.action) for r in record_rows(record)
    ]


def test_the_state_at_any_version_is_the_one_the_actions_made_until_then(store: EventStore) -> None:
    event_id, reached = _stored(store)
    game = event_for(*RECORD).game
    for at in (0, 1, EVERY - 1, EVERY, 137, reached):
        assert (
            history.state_at(store.engine, game, event_id, at).to_json() == replayed(bot_record(*RECORD), at).to_json()
        )
    with pytest.raises(EventError, match=f"version {reached + 1}: event e0000001 has versions 0 to {reached}"):
        history.state_at(store.engine, game, event_id, reached + 1)


def test_a_snapshot_is_kept_each_time_the_history_passes_a_multiple_of_the_interval(store: EventStore) -> None:
    event = event_for(*RECORD)
    store.create(event)
    reached = import_record(store.engine, event.game, event.id, bot_record(*RECORD), now=T0, every=EVERY)
    event_id = event.id
    rows = record_rows(bot_record(*RECORD))
    # The server appends a seat's action with the chance outcomes it calls for: a batch starts at each seat's action.
    starts = [0, *(row.version for row in rows if row.player != CHANCE and row.version > 0)]
    batches = list(zip(starts, [*starts[1:], reached], strict=True))
    passing = [after for first, after in batches if any(first < m <= after for m in range(EVERY, after + 1, EVERY))]
    assert history.snapshot_versions(store.engine, event_id) == passing
    assert len(passing) == reached // EVERY


def test_when_a_snapshot_is_due() -> None:
    assert history.snapshot_due(99, 100, every=100)
    assert history.snapshot_due(95, 130, every=100)
    assert not history.snapshot_due(100, 101, every=100)
    assert not history.snapshot_due(0, 99, every=100)


def test_a_restore_starts_from_the_latest_snapshot_never_from_the_start(store: EventStore) -> None:
    event_id, reached = _stored(store)
    game = event_for(*RECORD).game
    _break_row(store, event_id, 3)  # before every snapshot: a replay from the start would fail here
    state, _ = history.restore(store.engine, game, event_id)
    assert state.to_json() == replayed(bot_record(*RECORD), reached).to_json()
    with store.engine.begin() as conn:
        conn.execute(snapshots_table.delete())
    with pytest.raises(EventError, match=r"version 3 .*does not replay"):
        history.restore(store.engine, game, event_id)


def test_snapshots_of_other_options_are_passed_over(store: EventStore) -> None:
    event_id, reached = _stored(store)
    longer = event_for("classic", 3).game  # the organiser gave the event a third turn mid-way
    state, version = history.restore(store.engine, longer, event_id)
    assert (version, state.game.options_dict()["turns"]) == (reached, 3)
    again = longer.new_initial_state()
    history.replay_rows(again, history.actions(store.engine, event_id))
    assert state.to_json() == again.to_json()


def test_rows_that_do_not_follow_the_history_are_refused_and_nothing_is_written(store: EventStore) -> None:
    event = event_for(*RECORD)
    store.create(event)
    rows = record_rows(bot_record(*RECORD))
    history.append(store.engine, event.id, rows[:3])
    bad = {
        "starts after a gap": (
            [dataclasses.replace(rows[4], version=4)],
            "start at version 4, but its history holds 3",
        ),
        "repeats a version": ([rows[2]], "start at version 2, but its history holds 3"),
        "skips within": ([rows[3], dataclasses.replace(rows[5], version=5)], "row 1 has 5"),
        "has no seat": ([dataclasses.replace(rows[3], player=-2)], "player -2 is neither a seat nor chance"),
        "has no action": ([dataclasses.replace(rows[3], action=" ")], "the action must be notation"),
        "has no time": ([dataclasses.replace(rows[3], time=math.nan)], "time nan: version 3"),
        "starts below 0": ([dataclasses.replace(rows[3], version=-1)], "versions start at 0, not -1"),
    }
    for what, (given, message) in bad.items():
        with pytest.raises(EventError, match=message):
            history.append(store.engine, event.id, given)
        assert history.version(store.engine, event.id) == 3, what
    state = replayed(bot_record(*RECORD), 5)
    with pytest.raises(EventError, match="the state has 5 actions in its history, but belongs at version 4"):
        history.append(store.engine, event.id, [rows[3]], state)
    with pytest.raises(EventError, match="no event 'nope' in this database"):
        history.append(store.engine, "nope", [rows[3]])
    assert history.version(store.engine, event.id) == 3
    assert history.snapshot_versions(store.engine, event.id) == []


def test_a_snapshot_at_the_present_is_kept_and_one_ahead_of_it_refused(store: EventStore) -> None:
    event = event_for(*RECORD)
    store.create(event)
    record = bot_record(*RECORD)
    history.append(store.engine, event.id, record_rows(record)[:40])
    assert history.save_snapshot(store.engine, event.id, replayed(record, 40)) == 40
    assert history.save_snapshot(store.engine, event.id, replayed(record, 40)) == 40  # again: replaced
    with pytest.raises(EventError, match="a snapshot at version 41 is ahead of its history"):
        history.save_snapshot(store.engine, event.id, replayed(record, 41))
    assert history.snapshot_versions(store.engine, event.id) == [40]


@pytest.mark.parametrize("edition", ["classic", "infinite-domain"])
def test_a_state_restored_from_any_snapshot_plays_on_as_the_live_one_did(tmp_path: Path, edition: str) -> None:
    store = EventStore.open(f"sqlite:///{tmp_path}/events.db")
    event = event_for(edition, 2)
    store.create(event)
    rows = record_rows(bot_record(edition, 2))
    history.append(store.engine, event.id, rows)
    live = event.game.new_initial_state()
    step = 20
    for cut in range(0, len(rows), step):  # a snapshot every `step` versions, each played on to the next one
        with store.engine.begin() as conn:
            conn.execute(snapshots_table.delete())
        history.save_snapshot(store.engine, event.id, live)
        history.replay_rows(live, rows[cut : cut + step])
        played_on = history.state_at(store.engine, event.game, event.id, min(cut + step, len(rows)))
        assert played_on.to_json() == live.to_json(), cut
    store.close()


def test_a_snapshot_that_does_not_load_is_named(store: EventStore) -> None:
    event_id, _ = _stored(store)
    with store.engine.begin() as conn:
        conn.execute(update(snapshots_table).values(state='{"game": "den-of-wolves"}'))
    with pytest.raises(EventError, match=r"event e0000001: the snapshot at version \d+ does not load"):
        history.restore(store.engine, event_for(*RECORD).game, event_id)


# ---- rewinds -----------------------------------------------------------------------------------------------------


def test_a_rewind_discards_the_later_actions_keeps_them_with_its_reason_and_lands_on_the_state_then(
    store: EventStore,
) -> None:
    event_id, reached = _stored(store)
    game = event_for(*RECORD).game
    record = bot_record(*RECORD)
    target = 130  # a seat's action follows: the game waits for a seat here
    assert record_rows(record)[target].player != CHANCE
    before = history.actions(store.engine, event_id)
    discarded, state = history.rewind(store.engine, game, event_id, target, "Wrong ship jumped", "Ann", now=T0 + 999)
    assert discarded == before[target:]
    assert state.to_json() == replayed(record, target).to_json()
    assert history.version(store.engine, event_id) == target
    assert history.actions(store.engine, event_id) == before[:target]
    assert max(history.snapshot_versions(store.engine, event_id)) <= target
    (kept,) = history.rewinds(store.engine, event_id)
    assert (kept.number, kept.from_version, kept.to_version, kept.reason, kept.operator, kept.time) == (
        1,
        reached,
        target,
        "Wrong ship jumped",
        "Ann",
        T0 + 999,
    )
    assert list(kept.discarded) == before[target:]
    restored, version = history.restore(store.engine, game, event_id)
    assert (restored.to_json(), version) == (state.to_json(), target)
    history.append(store.engine, event_id, [before[target]])  # play goes on from there
    assert history.version(store.engine, event_id) == target + 1


def test_what_goes_with_an_append_or_a_rewind_is_written_in_its_transaction_or_neither_is(store: EventStore) -> None:
    event_id, _ = _stored(store)
    game = event_for(*RECORD).game
    rows = history.actions(store.engine, event_id)
    history.rewind(store.engine, game, event_id, 130, "first", "Ann")

    def failing(conn: Connection) -> None:  # the audit line's write fails (a full disk, a lost database)
        raise OSError("disk full")

    for attempt in (
        lambda: history.append(store.engine, event_id, rows[130:140], then=failing),
        lambda: history.rewind(store.engine, game, event_id, 100, "second", "Ann", then=lambda c, _: failing(c)),
    ):
        with pytest.raises(OSError, match="disk full"):
            attempt()
        assert history.version(store.engine, event_id) == 130, "nothing was written"
        assert len(history.rewinds(store.engine, event_id)) == 1
    written: list[int] = []
    history.append(store.engine, event_id, rows[130:140], then=lambda conn: written.append(130))
    assert history.version(store.engine, event_id) == 140 and written == [130]


def test_a_rewind_never_replays_from_the_start(store: EventStore) -> None:
    event_id, _ = _stored(store)
    _break_row(store, event_id, 3)
    discarded, state = history.rewind(store.engine, event_for(*RECORD).game, event_id, 130, "reason", "Ann")
    assert state.to_json() == replayed(bot_record(*RECORD), 130).to_json()
    assert discarded[0].version == 130


def test_two_rewinds_are_numbered_and_each_keeps_what_it_discarded(store: EventStore) -> None:
    event_id, reached = _stored(store)
    game = event_for(*RECORD).game
    rows = history.actions(store.engine, event_id)
    history.rewind(store.engine, game, event_id, 200, "first", "Ann")
    history.append(store.engine, event_id, rows[200:220])
    history.rewind(store.engine, game, event_id, 130, "second", "Bea")
    first, second = history.rewinds(store.engine, event_id)
    assert (first.number, first.from_version, first.to_version, list(first.discarded)) == (1, reached, 200, rows[200:])
    assert (second.number, second.from_version, second.to_version, list(second.discarded)) == (
        2,
        220,
        130,
        rows[130:220],
    )


def test_a_preview_lists_what_a_rewind_would_discard_and_changes_nothing(store: EventStore) -> None:
    event_id, _ = _stored(store)
    game = event_for(*RECORD).game
    rows = history.actions(store.engine, event_id)
    snapshots = history.snapshot_versions(store.engine, event_id)
    assert history.preview_rewind(store.engine, game, event_id, 130) == rows[130:]
    assert history.actions(store.engine, event_id) == rows
    assert history.snapshot_versions(store.engine, event_id) == snapshots
    assert history.rewinds(store.engine, event_id) == []


def test_a_rewind_needs_a_reason_an_operator_and_a_version_before_the_present(store: EventStore) -> None:
    event_id, reached = _stored(store)
    game = event_for(*RECORD).game
    rows = history.actions(store.engine, event_id)
    refused = [
        ((130, " ", "Ann"), "a rewind needs a reason"),
        ((130, "reason", ""), "a rewind needs the operator"),
        ((reached, "reason", "Ann"), f"rewind to {reached}: choose a version from 0 to {reached - 1}"),
        ((-1, "reason", "Ann"), f"rewind to -1: choose a version from 0 to {reached - 1}"),
    ]
    for (to_version, reason, operator), message in refused:
        with pytest.raises(EventError, match=message):
            history.rewind(store.engine, game, event_id, to_version, reason, operator)
    with pytest.raises(EventError, match="no event 'nope'"):
        history.rewind(store.engine, game, "nope", 1, "reason", "Ann")
    assert history.actions(store.engine, event_id) == rows
    assert history.rewinds(store.engine, event_id) == []


def test_a_rewind_into_the_servers_rolls_is_refused_naming_the_versions_around_them(store: EventStore) -> None:
    event_id, _ = _stored(store)
    game = event_for(*RECORD).game
    rows = history.actions(store.engine, event_id)
    roll = next(i for i in range(1, len(rows)) if rows[i].player == CHANCE and rows[i - 1].player == CHANCE)
    cause = max(i for i in range(roll) if rows[i].player != CHANCE)
    settled = min(i for i in range(roll, len(rows)) if rows[i].player != CHANCE)
    with pytest.raises(EventError, match=rf"choose {cause} \(before .*\) or {settled} \(after its outcomes\)"):
        history.rewind(store.engine, game, event_id, roll, "reason", "Ann")
    with pytest.raises(EventError, match=r"rewind to 0: the game then waits for a roll.*choose \d+ \(after"):
        history.preview_rewind(store.engine, game, event_id, 0)  # the event's first draw
    assert history.actions(store.engine, event_id) == rows


def test_nothing_is_rewound_before_the_first_action(store: EventStore) -> None:
    event = event_for(*RECORD)
    store.create(event)
    with pytest.raises(EventError, match="has no actions yet"):
        history.rewind(store.engine, event.game, event.id, 0, "reason", "Ann")


# ---- a SIGKILL mid-event -----------------------------------------------------------------------------------------

WRITER = """
import sys
from wolfpack.event import history
from wolfpack.event.store import EventStore
from tests.event.histories import server_batches
store = EventStore.open(sys.argv[1])
for rows, state in server_batches("classic", 2):
    history.append(store.engine, "e0000001", rows, state, every=25)
    print(rows[-1].version + 1, flush=True)
"""


def test_a_writer_killed_mid_event_loses_no_acknowledged_action(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path}/events.db"
    store = EventStore.open(database)
    event = event_for(*RECORD)
    store.create(event)
    root = Path(__file__).resolve().parents[2]
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, database],
        cwd=root,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert writer.stdout is not None
    acknowledged = 0
    for line in writer.stdout:  # wait until it has acknowledged past two snapshots, then kill it mid-write
        acknowledged = int(line)
        if acknowledged > 2 * EVERY + 10:
            writer.send_signal(signal.SIGKILL)
            break
    writer.wait()
    assert writer.returncode == -signal.SIGKILL
    state, version = history.restore(store.engine, event.game, event.id)
    assert version >= acknowledged
    assert state.to_json() == replayed(bot_record(*RECORD), version).to_json()
    with store.engine.connect() as conn:
        assert conn.execute(select(snapshots_table.c.version)).first() is not None
    store.close()
