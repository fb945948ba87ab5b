"""What a live event's history costs (src/wolfpack/event/history.py): each commit, the snapshots, a restart, a
rewind, the export (docs/event.md, "Backups and the final export").

    nice -n 10 .venv/bin/python benchmarks/event_history.py                     # both editions, 12 turns, seed 1
    .venv/bin/python benchmarks/event_history.py --editions classic --every 50 100
    .venv/bin/python benchmarks/event_history.py --database postgresql://postgres@127.0.0.1:5432/postgres

A seeded 12-turn bot event is played headless (`wolfpack.games.den.event.run_event`, the game's bots in every seat)
and its record turned into history rows. For each snapshot interval N it then writes them into a new event as the
live server does: one `history.append` per seat action with the chance outcomes it called for, with the state after
them (a snapshot when due), each a committed transaction (SQLite in WAL with full sync, as `wolfpack serve` makes
it). It times, with `time.perf_counter`:

- `append`: each of those commits (median, p99, max);
- `restore`: the state at the worst moment to restart (the version just before a snapshot, the longest tail), from a
  new connection: the event loaded (its game and content), then the latest snapshot and the rows after it;
- `rewind`: a rewind from the end to the worst moment mid-event (the longest tail), discarded rows moved included;
- `export`: the whole event written as a record, and its size;
- `backup`: `wolfpack event backup`'s copy (SQLite: the whole database file; PostgreSQL: the event's dump), and its
  size.

With `--cold` (on by default) it also runs `wolfpack`'s restore in a new Python process and times it from the
parent's side: interpreter start, imports, opening the database, loading the event, the state: what a restart after
a SIGKILL costs before the event is back.
"""

from __future__ import annotations

import argparse
import io
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from run import cpu_model  # benchmarks/run.py, beside this script
from sqlalchemy import func, select

from wolfpack.engine.constants import CHANCE
from wolfpack.event import history
from wolfpack.event.backup import backup
from wolfpack.event.export import export_record
from wolfpack.event.history import ActionRow, snapshots_table
from wolfpack.event.model import new_event
from wolfpack.event.settings import make_settings
from wolfpack.event.store import EventStore
from wolfpack.games.den.event import run_event

COLD = """
import sys, time
from wolfpack.event import history
from wolfpack.event.store import EventStore
store = EventStore.open(sys.argv[1])
event = store.load(sys.argv[2])
state, version = history.restore(store.engine, event.game, event.id)
print(version)
"""


@dataclass
class Figures:
    """One edition at one snapshot interval."""

    edition: str
    every: int
    rows: int = 0
    appends: list[float] = field(default_factory=list)
    snapshots: int = 0
    snapshot_kib: float = 0.0
    database_kib: float = 0.0
    restore: list[float] = field(default_factory=list)
    restore_tail: int = 0
    rewind: float = 0.0
    rewind_tail: int = 0
    rewind_discarded: int = 0
    export_seconds: float = 0.0
    export_kib: float = 0.0
    backup_seconds: float = 0.0
    backup_kib: float = 0.0
    cold: list[float] = field(default_factory=list)


def bot_rows(edition: str, turns: int, seed: int) -> list[ActionRow]:
    """The history rows of a seeded bot event."""
    out = io.StringIO()
    run_event(make_settings(edition=edition, turns=turns).game(), seed, record=out)
    rows = []
    for line in out.getvalue().splitlines()[1:]:
        entry = json.loads(line)
        if "action" in entry:
            player = CHANCE if entry["player"] == "chance" else entry["player"]
            rows.append(ActionRow(entry["ply"] - 1, player, entry["action"], None, time.time(), None))
    return rows


def measure(edition: str, turns: int, rows: list[ActionRow], every: int, database: str, cold: int) -> Figures:
    """Write the event as the server would with snapshots every `every` versions, then time a restore, a rewind and
    the export."""
    figures = Figures(edition, every, len(rows))
    store = EventStore.open(database)
    event = new_event(make_settings(edition=edition, turns=turns))  # a fresh id: a PostgreSQL database is kept
    store.create(event)
    state = event.game.new_initial_state()
    batch: list[ActionRow] = []
    for row in rows:
        history.replay_rows(state, [row])
        batch.append(row)
        if not state.is_chance_node():
            started = time.perf_counter()
            history.append(store.engine, event.id, batch, state, every=every)
            figures.appends.append(time.perf_counter() - started)
            batch = []
    snapshots = history.snapshot_versions(store.engine, event.id)
    with store.engine.connect() as conn:
        size = conn.execute(
            select(func.sum(func.length(snapshots_table.c.state))).where(snapshots_table.c.event_id == event.id)
        ).scalar()
    figures.snapshots, figures.snapshot_kib = len(snapshots), (size or 0) / 1024
    store.close()

    worst, tail = worst_moment(rows, snapshots)
    figures.restore_tail = tail
    for _ in range(5):
        started = time.perf_counter()
        fresh = EventStore.open(database)
        loaded = fresh.load(event.id)
        history.state_at(fresh.engine, loaded.game, event.id, worst)
        figures.restore.append(time.perf_counter() - started)
        fresh.close()
    for _ in range(cold):
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", COLD, database, event.id], capture_output=True, text=True, check=True
        )
        figures.cold.append(time.perf_counter() - started)
        assert int(done.stdout) == len(rows), done.stdout

    store = EventStore.open(database)
    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        made = export_record(store.engine, event.game, event.id, Path(scratch) / "event.jsonl")
        figures.export_seconds = time.perf_counter() - started
        figures.export_kib = made.bytes / 1024
        started = time.perf_counter()
        copy = backup(store.engine, event.id, Path(scratch) / "copy")
        figures.backup_seconds = time.perf_counter() - started
        figures.backup_kib = copy.bytes / 1024
    target, tail = worst_moment(rows, snapshots, start=len(rows) // 2, end=len(rows) - 1)
    started = time.perf_counter()
    discarded, _ = history.rewind(store.engine, event.game, event.id, target, "benchmark", "bench")
    figures.rewind = time.perf_counter() - started
    figures.rewind_tail, figures.rewind_discarded = tail, len(discarded)
    if database.startswith("sqlite"):
        figures.database_kib = Path(store.engine.url.database or "").stat().st_size / 1024
    store.close()
    return figures


def worst_moment(
    rows: list[ActionRow], snapshots: list[int], start: int = 1, end: int | None = None
) -> tuple[int, int]:
    """The version from `start` to `end` (where a seat acts next, as a rewind needs) farthest from the snapshot
    before it, and that distance."""
    best, tail = 0, -1
    for version in range(start, (len(rows) if end is None else end) + 1):
        if version < len(rows) and rows[version].player == CHANCE:
            continue
        base = max((s for s in snapshots if s <= version), default=0)
        if version - base > tail:
            best, tail = version, version - base
    return best, tail


def report(figures: Figures) -> str:
    """One interval's figures as a few lines."""
    ms = [a * 1000 for a in figures.appends]
    ordered = sorted(ms)
    lines = [
        f"{figures.edition}, snapshot every {figures.every}: {figures.rows} rows in {len(ms)} commits;"
        f" {figures.snapshots} snapshots, {figures.snapshot_kib:,.0f} KiB"
        + (f"; database {figures.database_kib:,.0f} KiB" if figures.database_kib else ""),
        f"  append   median {statistics.median(ms):6.2f} ms   p99 {ordered[int(0.99 * (len(ordered) - 1))]:6.2f} ms"
        f"   max {max(ms):6.2f} ms",
        f"  restore  median {statistics.median(figures.restore) * 1000:6.1f} ms   max"
        f" {max(figures.restore) * 1000:6.1f} ms (load the event + snapshot + {figures.restore_tail} rows)",
        f"  rewind   {figures.rewind * 1000:6.1f} ms (snapshot + {figures.rewind_tail} rows;"
        f" {figures.rewind_discarded} rows discarded)",
        f"  export   {figures.export_seconds * 1000:6.1f} ms, {figures.export_kib:,.0f} KiB",
        f"  backup   {figures.backup_seconds * 1000:6.1f} ms, {figures.backup_kib:,.0f} KiB",
    ]
    if figures.cold:
        lines.append(
            f"  cold restart (new process, latest state): median {statistics.median(figures.cold):.2f} s,"
            f" max {max(figures.cold):.2f} s"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Measure the editions and intervals asked for and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--editions", nargs="+", default=["classic", "infinite-domain"])
    parser.add_argument("--turns", type=int, default=12, help="turns of the event (default 12)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, nargs="+", default=[25, 50, 100, 200, 400, 100_000])
    parser.add_argument("--database", help="a PostgreSQL URL to measure on (default: a new SQLite file each run)")
    parser.add_argument("--cold", type=int, default=3, help="cold restarts per run (default 3; 0: none)")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()}, {cpu_model()}, seed {args.seed}, {args.turns} turns")
    for edition in args.editions:
        rows = bot_rows(edition, args.turns, args.seed)
        for every in args.every:
            with tempfile.TemporaryDirectory() as scratch:
                database = args.database or f"sqlite:///{scratch}/events.db"
                print(report(measure(edition, args.turns, rows, every, database, args.cold)), flush=True)


if __name__ == "__main__":
    main()
