"""Load test of the browser server: many Spacewolves! tables, four WebSocket seats each, a steady rate of actions.

    make loadtest                                                    # 100 tables, 400 clients, 200 actions/s, 60 s
    .venv/bin/python benchmarks/loadtest.py --seconds 600 --json /tmp/loadtest.json   # does memory stay flat?
    .venv/bin/python benchmarks/loadtest.py --rate 400 --tables 50 --no-compression

The script starts `wolfpack serve` itself on a free loopback port with a fresh SQLite database in a temporary
directory, and always stops it (normal end, error, Ctrl-C, hard timeout). It opens `--tables` tables of
Spacewolves! (every seat human, bot_delay 0, no take-over), connects one WebSocket client per seat and joins it
with its token. All clients live in this one asyncio process.

Play: a seat whose newest state frame has a non-empty "legal" list queues itself; one global pacer sends, at
`--rate` actions a second, one random legal action of the next queued seat, with the frame's version and a request
id. A table has at most one action in flight (sent, not yet acked or refused). When a game ends and every seat has
seen the end, the table asks for its rematch (same seat tokens) and the seats move there, so the load stays steady.

Measured, over `--seconds` after `--warmup` seconds of unmeasured play:
- latency: from just before an action is sent to the moment every seat of its table has received a state frame
  with version >= the version the ack names (p50, p99, max); the ack's own round trip is shown too;
- actions acked per second, games finished, errors (error frames by code, "stale" also shown apart), actions lost
  (no answer in 10 s), disconnects;
- the server process: RSS sampled every `--sample-every` seconds (start, end, max, least-squares slope in MB/min
  over the whole window and its second half), CPU; this process's CPU, event-loop lag and pacing lag, so a client
  that cannot keep up shows itself; the machine's load average at start and end.

Exit status: 0 when the run completed (whatever the figures), 1 if the server died, 3 on the hard timeout or a
failed set-up, 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import time
from array import array
from collections import Counter, deque
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from loadkit import (
    ProcessWatch,
    SetupError,
    cpu_percent,
    format_load,
    latency_figures,
    machine_figures,
    memory_figures,
    ms,
    percentile,
    run_with_server,
)
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

GAME = "spacewolves"
LOST_AFTER = 10.0
"""Seconds without an ack or error after which an action counts as lost (and its table may act again)."""
MAX_PACING_DEBT = 0.05
"""How far (seconds) the pacer may run behind its schedule before it stops trying to catch up."""
DRAIN_SECONDS = 1.0
"""After the window: how long answers to actions sent inside it are still awaited."""
AIM_P99_MS = 100.0


# ---- figures ---------------------------------------------------------------------------------------------------


@dataclass
class Stats:
    """Everything counted while the run is recording."""

    recording: bool = False
    """Whether events (errors, disconnects, games) are counted now."""
    start: float = float("inf")
    end: float = float("inf")
    """The measured window (perf_counter): actions sent inside it are counted, their answers even if late."""
    latencies: array[float] = field(default_factory=lambda: array("d"))
    """Seconds from send to every seat holding a state frame at the acked version (compact: 8 bytes each)."""
    ack_latencies: array[float] = field(default_factory=lambda: array("d"))
    pacing_lag: array[float] = field(default_factory=lambda: array("d"))
    sent: int = 0
    acked: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    lost: int = 0
    disconnects: Counter[str] = field(default_factory=Counter)
    reconnects: int = 0
    games: int = 0
    rematches: int = 0
    starved: int = 0
    """Times the pacer found no seat ready to act."""
    behind: int = 0
    """Times the pacer fell more than MAX_PACING_DEBT behind and dropped its debt."""


@dataclass
class Sample:
    """One look at both processes."""

    t: float
    server_rss: int
    client_rss: int
    loop_lag: float
    server_cpu: float
    client_cpu: float
    load1: float
    acked: int
    latencies: int
    """How many latencies were recorded by then."""


# ---- clients ---------------------------------------------------------------------------------------------------


@dataclass(eq=False)
class SeatClient:
    """One WebSocket client sitting in one seat."""

    table: TableRun
    index: int
    token: str
    ws: ClientConnection | None = None
    version: int = -1
    """Version of the newest state frame received."""
    legal: list[str] = field(default_factory=list)
    queued: int = -1
    """Version this seat last queued itself to act on."""
    dead: bool = False
    """Closed on purpose (the table moved on, or the run ended)."""


@dataclass(eq=False)
class TableRun:
    """One table being played: its seats, what each has seen, its action in flight."""

    id: str
    tokens: list[str]
    seats: list[SeatClient] = field(default_factory=list)
    seen: list[int] = field(default_factory=list)
    min_seen: int = -1
    inflight: tuple[str, float] | None = None
    """(request id, send time) of the action awaiting its ack."""
    pending: deque[tuple[int, float]] = field(default_factory=deque)
    """(acked version, send time) of actions not yet seen by every seat."""
    deferred: list[SeatClient] = field(default_factory=list)
    """Seats that were ready while an action was in flight."""
    over_version: int | None = None
    finished: bool = False

    def __post_init__(self) -> None:
        self.seats = [SeatClient(self, i, token) for i, token in enumerate(self.tokens)]
        self.seen = [-1] * len(self.tokens)


class LoadTest:
    """The clients of every table, the pacer and the sampler, in one event loop."""

    def __init__(self, args: argparse.Namespace, server: subprocess.Popen[bytes], base: str) -> None:
        self.args = args
        self.server = server
        self.http_base = base
        self.ws_base = base.replace("http://", "ws://", 1)
        self.rng = random.Random(args.seed)
        self.stats = Stats()
        self.tables: list[TableRun] = []
        self.queue: deque[tuple[SeatClient, int]] = deque()
        self.ready = asyncio.Event()
        self.running = True
        self.died = asyncio.Event()
        self.tasks: set[asyncio.Task[None]] = set()
        self.loops: list[asyncio.Task[None]] = []
        """The pacer, the sampler and the server watch: cancelled at the end."""
        self.request_counter = 0
        self.samples: list[Sample] = []
        self.last_progress: Sample | None = None
        self.timeline: list[dict[str, float]] = []
        self.compression: str | None = None if args.no_compression else "deflate"
        self.http = httpx.AsyncClient(base_url=base, trust_env=False, timeout=15.0)
        self.watch = ProcessWatch(server.pid)

    # ---- set-up ---------------------------------------------------------------------------------------------

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run a coroutine in the background, keeping a reference until it ends."""
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def wait_ready(self, seconds: float) -> None:
        """Until the server answers HTTP, or SetupError."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                raise SetupError(f"the server exited with status {self.server.returncode} while starting")
            with contextlib.suppress(httpx.HTTPError):
                if (await self.http.get("/api/games")).status_code == 200:
                    return
            await asyncio.sleep(0.1)
        raise SetupError(f"the server did not answer within {seconds:g} s")

    async def create_table(self) -> TableRun:
        """POST a new table with every seat human; its tokens are returned once."""
        body = {
            "game": GAME,
            "options": {"players": self.args.clients_per_table},
            "seats": [{"kind": "human"}] * self.args.clients_per_table,
            "bot_delay": 0,
            "takeover_seconds": None,
        }
        response = await self.http.post("/api/tables", json=body)
        if response.status_code != 201:
            raise SetupError(f"POST /api/tables: {response.status_code} {response.text[:300]}")
        summary = response.json()
        return TableRun(summary["id"], [seat["token"] for seat in summary["seats"]])

    async def open_seat(self, seat: SeatClient) -> None:
        """Connect a seat's WebSocket, join with its token, start reading."""
        ws = await connect(
            f"{self.ws_base}/ws/tables/{seat.table.id}",
            proxy=None,
            compression=self.compression,
            open_timeout=15,
            close_timeout=2,
        )
        seat.ws = ws
        await ws.send(json.dumps({"type": "join", "token": seat.token}))
        self.spawn(self.read(seat, ws))

    async def open_table(self, table: TableRun) -> None:
        """Connect every seat of a table."""
        self.tables.append(table)
        await asyncio.gather(*(self.open_seat(seat) for seat in table.seats))
        if not self.running:  # the run ended while this table was opening
            self.retire(table)

    async def setup(self) -> float:
        """Create the tables, connect and join every seat; wait until every seat holds a frame. Returns seconds."""
        start = time.perf_counter()
        gate = asyncio.Semaphore(16)

        async def one() -> None:
            async with gate:
                await self.open_table(await self.create_table())

        try:
            await asyncio.gather(*(one() for _ in range(self.args.tables)))
        except (OSError, WebSocketException, httpx.HTTPError, TimeoutError) as exc:
            raise SetupError(f"opening the tables: {exc!r}") from exc
        deadline = time.monotonic() + 60
        while any(t.min_seen < 0 for t in self.tables):
            if time.monotonic() > deadline:
                raise SetupError("not every seat received a state frame within 60 s of joining")
            await asyncio.sleep(0.05)
        return time.perf_counter() - start

    # ---- frames in ------------------------------------------------------------------------------------------

    async def read(self, seat: SeatClient, ws: ClientConnection) -> None:
        """Read a seat's frames until its connection closes; an unexpected close is counted and reconnected."""
        on_frame = self.on_frame
        try:
            async for text in ws:
                on_frame(seat, json.loads(text))
        except ConnectionClosed:
            pass
        if seat.dead or not self.running or seat.ws is not ws:
            return
        code = ws.close_code
        self.stats.disconnects[str(code)] += 1
        self.spawn(self.reconnect(seat))

    async def reconnect(self, seat: SeatClient) -> None:
        """Reopen a seat that lost its connection (the server closed it, or the network did)."""
        await asyncio.sleep(0.5)
        if seat.dead or not self.running or self.died.is_set():
            return
        try:
            await self.open_seat(seat)
        except (OSError, WebSocketException, TimeoutError):
            self.stats.disconnects["reconnect-failed"] += 1
            return
        self.stats.reconnects += 1

    def on_frame(self, seat: SeatClient, frame: dict[str, Any]) -> None:
        """One parsed frame: kept cheap, it runs for every frame of every client."""
        kind = frame.get("type")
        table = seat.table
        if kind == "state":
            version = frame["version"]
            if version < seat.version:
                return
            seat.version = version
            seat.legal = legal = frame["legal"]
            over = frame["status"] == "over"
            self.on_state(table, seat.index, version, over)
            if legal and not over and seat.queued != version:
                seat.queued = version
                self.queue.append((seat, version))
                self.ready.set()
        elif kind == "ack":
            inflight = table.inflight
            if inflight is None or inflight[0] != frame.get("request_id"):
                return
            table.inflight = None
            now = time.perf_counter()
            sent = inflight[1]
            version = frame["version"]
            if self.stats.start <= sent < self.stats.end:
                self.stats.acked += 1
                self.stats.ack_latencies.append(now - sent)
            if table.min_seen >= version:
                self.record_latency(sent, now)
            else:
                table.pending.append((version, sent))
            self.release(table)
        elif kind == "error":
            code = str(frame.get("code"))
            if self.stats.recording:
                self.stats.errors[code] += 1
            inflight = table.inflight
            if inflight is not None and inflight[0] == frame.get("request_id"):
                table.inflight = None
                self.release(table)

    def on_state(self, table: TableRun, index: int, version: int, over: bool) -> None:
        """A seat saw `version`: settle the actions every seat has now seen; start the rematch once all saw the end."""
        if version > table.seen[index]:
            table.seen[index] = version
            low = min(table.seen)
            if low > table.min_seen:
                table.min_seen = low
                if table.pending:
                    now = time.perf_counter()
                    while table.pending and table.pending[0][0] <= low:
                        self.record_latency(table.pending.popleft()[1], now)
        if over:
            table.over_version = version
        if table.over_version is not None and table.min_seen >= table.over_version and not table.finished:
            table.finished = True
            if self.running:
                self.spawn(self.rematch(table))

    def record_latency(self, sent: float, now: float) -> None:
        """Keep the latency of an action sent inside the measured window."""
        if self.stats.start <= sent < self.stats.end:
            self.stats.latencies.append(now - sent)

    def release(self, table: TableRun) -> None:
        """The table's action was answered: seats that were ready meanwhile go back in the queue."""
        if table.deferred:
            for seat in table.deferred:
                if not seat.dead and seat.queued == seat.version:
                    self.queue.append((seat, seat.version))
            table.deferred.clear()
            self.ready.set()

    # ---- rematches ------------------------------------------------------------------------------------------

    async def rematch(self, old: TableRun) -> None:
        """The game ended: ask for the rematch (same tokens), move every seat there, close the old connections."""
        if self.stats.recording:
            self.stats.games += 1
        try:
            response = await self.http.post(f"/api/tables/{old.id}/rematch", json={"token": old.tokens[0]})
            if response.status_code != 201:
                raise httpx.HTTPStatusError(str(response.status_code), request=response.request, response=response)
            new = TableRun(response.json()["id"], old.tokens)
        except httpx.HTTPError:
            if self.stats.recording:
                self.stats.errors["http-rematch"] += 1
            if not self.running:
                return
            try:
                new = await self.create_table()
            except (httpx.HTTPError, SetupError):
                if self.stats.recording:
                    self.stats.errors["http-create"] += 1
                return
        self.retire(old)
        if not self.running:
            return
        try:
            await self.open_table(new)
        except (OSError, WebSocketException, TimeoutError):
            if self.stats.recording:
                self.stats.disconnects["connect-failed"] += 1
            return
        if self.stats.recording:
            self.stats.rematches += 1

    def retire(self, table: TableRun) -> None:
        """Close a finished table's connections (in the background) and forget it."""
        with contextlib.suppress(ValueError):
            self.tables.remove(table)
        for seat in table.seats:
            seat.dead = True
            if seat.ws is not None:
                self.spawn(seat.ws.close())

    # ---- pacing ---------------------------------------------------------------------------------------------

    def next_seat(self) -> tuple[SeatClient, int] | None:
        """The next queued seat that may still act on the frame it queued for."""
        queue = self.queue
        while queue:
            seat, version = queue.popleft()
            table = seat.table
            if seat.dead or seat.version != version or not seat.legal or table.finished:
                continue
            if table.inflight is not None:
                table.deferred.append(seat)
                continue
            return seat, version
        return None

    async def pace(self) -> None:
        """Send one action every 1/rate seconds, to whichever seat is next in the queue."""
        interval = 1.0 / self.args.rate
        clock = time.perf_counter
        due = clock()
        stats = self.stats
        while self.running:
            now = clock()
            if due > now:
                await asyncio.sleep(due - now)
                now = clock()
            picked = self.next_seat()
            if picked is None:
                stats.starved += stats.recording
                self.ready.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.ready.wait(), 0.5)
                due = max(due, clock())
                continue
            if stats.recording:
                stats.pacing_lag.append(now - due)
            await self.act(*picked)
            due += interval
            if clock() - due > MAX_PACING_DEBT:
                stats.behind += stats.recording
                due = clock() - MAX_PACING_DEBT

    async def act(self, seat: SeatClient, version: int) -> None:
        """Send one random legal action of the seat's newest frame."""
        ws = seat.ws
        if ws is None:
            return
        self.request_counter += 1
        request_id = f"r{self.request_counter}"
        text = json.dumps(
            {
                "type": "act",
                "token": seat.token,
                "action": self.rng.choice(seat.legal),
                "version": version,
                "request_id": request_id,
            }
        )
        sent = time.perf_counter()
        seat.table.inflight = (request_id, sent)
        try:
            await ws.send(text)
        except ConnectionClosed:
            seat.table.inflight = None
            return
        if sent >= self.stats.start:
            self.stats.sent += 1

    # ---- watching -------------------------------------------------------------------------------------------

    async def watch_server(self) -> None:
        """Set `died` as soon as the server process exits."""
        while self.server.poll() is None:
            await asyncio.sleep(0.25)
        self.died.set()

    async def sample(self) -> None:
        """Every few seconds: both processes' memory, the event loop's lag; expire lost actions."""
        every = self.args.sample_every
        while True:
            before = time.perf_counter()
            await asyncio.sleep(every)
            now = time.perf_counter()
            sample = self.take_sample(now, max(0.0, now - before - every))
            if sample is not None and self.stats.recording:
                self.progress(sample)
            for table in self.tables:
                inflight = table.inflight
                if inflight is not None and now - inflight[1] > LOST_AFTER:
                    table.inflight = None
                    self.stats.lost += self.stats.recording
                    self.release(table)

    def take_sample(self, now: float, loop_lag: float) -> Sample | None:
        """Record one Sample (None if the server is gone)."""
        reading = self.watch.read()
        if reading is None:
            return None
        sample = Sample(
            now,
            reading.server_rss,
            reading.client_rss,
            loop_lag,
            reading.server_cpu,
            reading.client_cpu,
            reading.load1,
            self.stats.acked,
            len(self.stats.latencies),
        )
        self.samples.append(sample)
        return sample

    def progress(self, sample: Sample) -> None:
        """Every --progress seconds of the window: one line and one timeline entry for the interval just past."""
        last = self.last_progress
        if last is None:
            self.last_progress = sample
            return
        seconds = sample.t - last.t
        if seconds < self.args.progress:
            return
        self.last_progress = sample
        lat = sorted(self.stats.latencies[last.latencies : sample.latencies])
        entry = {
            "t": round(sample.t - self.stats.start, 1),
            "actions_per_second": round((sample.acked - last.acked) / seconds, 1),
            "p50_ms": round(percentile(lat, 50) * 1000, 1),
            "p99_ms": round(percentile(lat, 99) * 1000, 1),
            "max_ms": round(percentile(lat, 100) * 1000, 1),
            "server_rss_mb": round(sample.server_rss / 2**20, 1),
            "server_cpu_percent": round((sample.server_cpu - last.server_cpu) / seconds * 100, 1),
            "client_cpu_percent": round((sample.client_cpu - last.client_cpu) / seconds * 100, 1),
            "load1": round(sample.load1, 2),
        }
        self.timeline.append(entry)
        if self.args.progress > 0:
            print(
                f"  t={entry['t']:>6g}s  {entry['actions_per_second']:>6g} actions/s  p50 {entry['p50_ms']:>7g} ms"
                f"  p99 {entry['p99_ms']:>7g} ms  server RSS {entry['server_rss_mb']:g} MB, CPU "
                f"{entry['server_cpu_percent']:g}%  client CPU {entry['client_cpu_percent']:g}%"
                f"  load {entry['load1']:g}",
                flush=True,
            )

    # ---- the run --------------------------------------------------------------------------------------------

    async def run(self) -> dict[str, Any]:
        """Set up, play, measure, tear down; the figures."""
        args = self.args
        self.loops.append(self.spawn(self.watch_server()))
        await self.wait_ready(30)
        setup_seconds = await self.setup()
        pacer = self.spawn(self.pace())
        self.loops.append(pacer)
        self.loops.append(self.spawn(self.sample()))
        await self.sleep_or_die(args.warmup)
        cpu_start = self.watch.cpu_seconds()
        load_start = os.getloadavg()
        self.stats.recording = True
        start = self.stats.start = time.perf_counter()
        self.last_progress = self.take_sample(start, 0.0)
        if not self.died.is_set():
            await self.sleep_or_die(args.seconds)
        end = self.stats.end = time.perf_counter()
        self.take_sample(end, 0.0)
        cpu_end = self.watch.cpu_seconds()
        load_end = os.getloadavg()
        pacer.cancel()  # the pacer: nothing more is sent; the last answers may still come in
        await self.sleep_or_die(DRAIN_SECONDS)
        self.stats.recording = False
        self.running = False
        await self.close_all()
        return self.figures(start, end, setup_seconds, cpu_start, cpu_end, load_start, load_end)

    async def sleep_or_die(self, seconds: float) -> None:
        """Sleep, but wake at once if the server dies."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.died.wait(), seconds)

    async def close_all(self) -> None:
        """Close every client and the HTTP client; cancel the background tasks."""
        for table in list(self.tables):
            self.retire(table)
        for task in self.loops:
            task.cancel()
        pending = [t for t in self.tasks if not t.done()]
        _, late = await asyncio.wait(pending, timeout=10) if pending else (set(), set())
        for task in late:
            task.cancel()
        await self.http.aclose()

    def figures(
        self,
        start: float,
        end: float,
        setup_seconds: float,
        cpu_start: tuple[float, float],
        cpu_end: tuple[float, float],
        load_start: tuple[float, float, float],
        load_end: tuple[float, float, float],
    ) -> dict[str, Any]:
        """The run's figures, as written to --json."""
        stats, args = self.stats, self.args
        seconds = end - start
        lag = sorted(stats.pacing_lag)
        window = [s for s in self.samples if start - 0.01 <= s.t <= end + 0.01]
        rss = [(s.t - start, s.server_rss / 2**20) for s in window]
        loop_lags = sorted(s.loop_lag for s in window)
        ack = sorted(stats.ack_latencies)
        return {
            "config": {
                "game": GAME,
                "tables": args.tables,
                "clients_per_table": args.clients_per_table,
                "rate": args.rate,
                "seconds": args.seconds,
                "warmup": args.warmup,
                "compression": self.compression,
                "seed": args.seed,
            },
            "machine": machine_figures(load_start, load_end),
            "server_died": self.died.is_set(),
            "server_exit": self.server.poll(),
            "setup_seconds": round(setup_seconds, 2),
            "measured_seconds": round(seconds, 2),
            "actions": {
                "sent": stats.sent,
                "acked": stats.acked,
                "per_second": round(stats.acked / seconds, 1) if seconds > 0 else 0.0,
                "games_finished": stats.games,
                "rematches": stats.rematches,
            },
            "latency_ms": latency_figures(stats.latencies),
            "ack_latency_ms": {"p50": ms(ack, 50), "p99": ms(ack, 99), "max": ms(ack, 100)},
            "errors": dict(stats.errors),
            "errors_total": sum(stats.errors.values()),
            "stale": stats.errors.get("stale", 0),
            "lost": stats.lost,
            "disconnects": dict(stats.disconnects),
            "reconnects": stats.reconnects,
            "server_memory_mb": memory_figures(rss, seconds),
            "timeline": self.timeline,
            "cpu_percent_of_one_core": cpu_percent((cpu_end[0] - cpu_start[0], cpu_end[1] - cpu_start[1]), seconds),
            "client": {
                "rss_mb_end": round(window[-1].client_rss / 2**20, 1) if window else None,
                "loop_lag_ms_p99": ms(loop_lags, 99),
                "loop_lag_ms_max": ms(loop_lags, 100),
                "pacing_lag_ms_p50": ms(lag, 50),
                "pacing_lag_ms_p99": ms(lag, 99),
                "pacer_starved": stats.starved,
                "pacer_behind": stats.behind,
            },
        }


# ---- report ----------------------------------------------------------------------------------------------------


def report(fig: dict[str, Any]) -> str:
    """The short human report."""
    c, a, lat, ack, mem, cpu, cl = (
        fig["config"],
        fig["actions"],
        fig["latency_ms"],
        fig["ack_latency_ms"],
        fig["server_memory_mb"],
        fig["cpu_percent_of_one_core"],
        fig["client"],
    )
    m = fig["machine"]
    errors = ", ".join(f"{k} {v}" for k, v in sorted(fig["errors"].items())) or "none"
    disconnects = ", ".join(f"code {k}: {v}" for k, v in sorted(fig["disconnects"].items())) or "none"
    lines = [
        f"wolfpack load test: {c['tables']} {c['game']} tables x {c['clients_per_table']} clients, target "
        f"{c['rate']:g} actions/s, {fig['measured_seconds']:g} s measured after {c['warmup']:g} s warm-up "
        f"(compression: {c['compression'] or 'off'})",
        f"machine     {m['cpus']} cpus, Python {m['python']}; load average {format_load(m['loadavg_start'])} at start, "
        f"{format_load(m['loadavg_end'])} at end",
        f"setup       {fig['setup_seconds']:g} s to create the tables and join every client",
        f"actions     {a['acked']:,} acked = {a['per_second']:g}/s (sent {a['sent']:,}); {a['games_finished']} games "
        f"finished, {a['rematches']} rematches",
        f"latency     every seat updated: p50 {lat['p50']:g} ms, p90 {lat['p90']:g} ms, p99 {lat['p99']:g} ms, "
        f"max {lat['max']:g} ms ({lat['count']:,} actions); ack alone p50 {ack['p50']:g}, p99 {ack['p99']:g} ms",
        f"errors      {errors}; stale {fig['stale']}; lost {fig['lost']}",
        f"disconnects {disconnects}; reconnects {fig['reconnects']}",
        f"server      RSS start {mem['start']} MB, end {mem['end']} MB, max {mem['max']} MB, slope "
        f"{mem['slope_mb_per_min']:+g} MB/min (second half {mem['slope_second_half_mb_per_min']:+g}); "
        f"CPU {cpu['server']}% of a core",
        f"client      CPU {cpu['client']}% of a core, RSS {cl['rss_mb_end']} MB; loop lag p99 "
        f"{cl['loop_lag_ms_p99']:g} ms; pacing lag p50 {cl['pacing_lag_ms_p50']:g} / p99 "
        f"{cl['pacing_lag_ms_p99']:g} ms; starved {cl['pacer_starved']}, behind {cl['pacer_behind']}",
    ]
    aims = [
        f"p99 <= {AIM_P99_MS:g} ms: {'met' if lat['p99'] <= AIM_P99_MS else 'MISSED'}",
        f"rate: {'met' if a['per_second'] >= 0.95 * c['rate'] else 'MISSED'}",
        f"no errors: {'met' if fig['errors_total'] == 0 and fig['lost'] == 0 else 'MISSED'}",
    ]
    if fig["server_died"]:
        aims = [f"SERVER DIED (exit status {fig['server_exit']})"]
    lines.append("aims        " + "; ".join(aims))
    return "\n".join(lines)


# ---- main ------------------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=60.0, help="measured seconds (default 60)")
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured seconds of play first (default 2)")
    parser.add_argument("--rate", type=float, default=200.0, help="target actions per second overall (default 200)")
    parser.add_argument("--tables", type=int, default=100, help="tables played at once (default 100)")
    parser.add_argument(
        "--clients-per-table", type=int, default=4, help="seats (players) per table, one client each (default 4)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the clients' random choices (default 0)")
    parser.add_argument("--sample-every", type=float, default=2.0, help="seconds between RSS samples (default 2)")
    parser.add_argument(
        "--progress", type=float, default=10.0, help="seconds between progress lines (default 10; 0: none)"
    )
    parser.add_argument("--no-compression", action="store_true", help="no permessage-deflate (browsers use it)")
    parser.add_argument("--timeout", type=float, help="hard limit on the whole run (default: seconds + warm-up + 120)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="write the figures there")
    parser.add_argument("--keep-log", type=Path, metavar="PATH", help="copy the server's output there")
    args = parser.parse_args(argv)
    if args.rate <= 0 or args.tables <= 0 or args.clients_per_table <= 0 or args.seconds <= 0:
        parser.error("--rate, --tables, --clients-per-table and --seconds must be positive")
    if args.timeout is None:
        args.timeout = args.seconds + args.warmup + 120.0
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load test and print the report; the exit status."""
    args = parse_args(argv)
    return run_with_server(
        args,
        "loadtest",
        lambda server, base, _directory: _run(args, server, base),
        report,
        server_options=["--table-burst", "100000"],  # one address opens every table of the run, at once
    )


async def _run(args: argparse.Namespace, server: subprocess.Popen[bytes], base: str) -> dict[str, Any]:
    test = LoadTest(args, server, base)
    try:
        return await test.run()
    finally:
        test.running = False
        if not test.http.is_closed:
            await test.http.aclose()


if __name__ == "__main__":
    raise SystemExit(main())
