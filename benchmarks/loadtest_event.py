"""Load test of a live Den of Wolves event: every seat taken, 600 devices, a steady rate of actions (issues 15, 30).

    make loadtest-event                                               # 600 devices, 50 actions/s, 600 s
    make loadtest-event-200                                           # 200 devices, 20 actions/s, 600 s
    .venv/bin/python benchmarks/loadtest_event.py --seconds 60 --json /tmp/event.json
    .venv/bin/python benchmarks/loadtest_event.py --seconds 60 --profile /tmp/server.prof   # cProfile the server

Before the server starts, the script creates the event in a fresh SQLite database in a temporary directory
(`--edition`, Infinite Domain by default: 52 seats with Control's), a person in every seat, `--desks` Control
operators; then it starts `wolfpack serve` on a free loopback port and always stops it. The devices, all in this one
asyncio process: `--desks` Control desks (an operator's token each), `--projectors` projectors (no token), a table
tablet per ship (its first seat's token; `--tablets`), and phones for the rest, spread evenly over the players'
seats in a seeded order. Every device joins, then reads every frame it is sent: a state frame's header is read
with a regular expression (Control's view is large), the other frames are parsed, and every byte is counted.

Play, at `--rate` actions a second: a device of a random seat asks for the seat's legal actions and sends one of
them at the version the answer names (as the seat's page does). Every `--advance-every`-th action is Control's
advance from a desk (sent again with `confirm` when the clock has time left, as the desk's page asks the operator);
every `--verb-every`-th another Control verb (a news or settle the desk's list offers, else a `set` of a ship's hold
to the number it holds); every `--message-every`-th a message (a desk to a team or everyone, a phone to Control).
At most `--concurrency` actions are between their legal request and their answer at once (1 by default: a device
asks for its list only once the previous action is answered, so two devices never race for one version). A stale
refusal is sent once more when the device's own view did not change meanwhile, as the page does.

Measured, over `--seconds` (or `--actions`) after `--warmup` seconds of unmeasured play:
- latency: from just before an action is sent to the moment the last device whose view it changed has received
  its state frame (the frames carrying the acknowledged version; an action that changed no view: its ack), p50,
  p90, p99, max, overall and by kind; the ack's and the legal list's round trips;
- errors by code (stale apart, with how many a resend settled), actions lost (no answer in 10 s), disconnects;
- frames and bytes received by kind of device and of frame;
- the server: RSS every `--sample-every` seconds (start, end, max, least-squares slope over the window and its
  second half), CPU; this process's CPU, event-loop lag and pacing lag, so a client that cannot keep up shows;
- the check (unless `--no-check`): the stored history replayed, every device must have been sent a state update
  at exactly the versions where its view changed (`State.view_version`), none missing, none extra.

By default the server is pinned to one core and this process to another (`--no-pin` leaves both free).
Exit status: 0 when the run completed (whatever the figures), 1 if the server died, 3 on the hard timeout or a
failed set-up, 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import os
import random
import re
import subprocess
import time
from array import array
from collections import Counter
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped, unused-ignore]  # no types-psutil in the dev extra
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

from wolfpack.event import history
from wolfpack.event.model import Event, new_event
from wolfpack.event.seats import CONTROL_SEAT
from wolfpack.event.settings import make_settings
from wolfpack.event.store import EventStore
from wolfpack.games.den.notation import quote
from wolfpack.server.patch import apply_patch

LOST_AFTER = 10.0
"""Seconds without an ack or error after which an action counts as lost."""
MAX_PACING_DEBT = 0.05
"""How far (seconds) the pacer may run behind its schedule before it stops trying to catch up."""
LAG_PROBE_SECONDS = 0.05
"""How often the event loop's lag is probed."""
JOIN_SECONDS = 60.0
"""How long every device may take to join and receive its first view."""
AIM_P99_MS = 100.0
MAX_FRAME = 2**26
"""Largest frame a device accepts: Control's snapshot carries the whole log (about 0.75 MB after 12,000 actions)."""

STATE_HEAD = re.compile(r'\{"type":"state","event":"[^"]*","version":(\d+),"seat":(?:null|\d+),"snapshot":(true|false)')
"""The header of a state frame (the server writes its keys in this order): its version, whether it is whole."""

SEAT_KINDS = ("phone", "tablet")
MOVING_ON = ("control advance", "control resolve-jumps", "control wolf-round", "control end-attack")
"""Control's verbs that move the event on, in the order a desk tries them: the advance when the game allows it, else
what it waits for first (ships jumping, the wolves' round, an attack to end)."""
ACTION_KINDS = ("seat", "advance", "verb")


# ---- the event and its devices ---------------------------------------------------------------------------------


SEATS_PER_SLOT = 4
"""Seats asked in turn in one slot before it is counted as one with nothing to do."""


@dataclass(frozen=True)
class DeviceSpec:
    """Who one device is: its kind, the seat it plays (a desk: Control's; a projector: none), its token."""

    kind: str
    seat: int | None
    token: str | None


def create_event(database: str, edition: str, turns: int, desks: int) -> Event:
    """A new event stored in `database`: a person in every seat but Control's, `desks` operators watching every
    ship."""
    event = new_event(make_settings(edition=edition, turns=turns))
    for seat in event.seats:
        if seat.index != CONTROL_SEAT:
            event = event.assign(str(seat.index), f"Player {seat.index}")
    for number in range(1, desks + 1):
        event = event.add_operator(f"Desk {number}")
    store = EventStore.open(database)
    try:
        store.create(event)
    finally:
        store.close()
    return event


def plan_devices(
    event: Event, devices: int, desks: int, projectors: int, tablets: int | None, rng: random.Random
) -> list[DeviceSpec]:
    """The devices of the run: desks, projectors, a tablet per ship (on its first seat), phones spread evenly over
    the players' seats in a seeded order; SetupError if they do not fit."""
    ship_seats = [next(s.index for s in event.seats if s.team == ship) for ship in event.ships]
    tablets = len(ship_seats) if tablets is None else tablets
    phones = devices - desks - projectors - tablets
    if not 0 <= tablets <= len(ship_seats):
        raise SetupError(f"--tablets {tablets}: this edition has {len(ship_seats)} ships, one tablet each at most")
    if desks > len(event.operators.members):
        raise SetupError(f"{desks} desks but the event has {len(event.operators.members)} operators")
    if phones < 1:
        others = f"{desks} desks, {projectors} projectors and {tablets} tablets"
        raise SetupError(f"{devices} devices leave no phone after {others}")
    players = [s.index for s in event.seats if s.index != CONTROL_SEAT]
    rng.shuffle(players)
    tokens = event.tokens.tokens
    plan = [DeviceSpec("desk", CONTROL_SEAT, event.operators.members[k].token) for k in range(desks)]
    plan += [DeviceSpec("projector", None, None) for _ in range(projectors)]
    plan += [DeviceSpec("tablet", seat, tokens[seat]) for seat in ship_seats[:tablets]]
    plan += [DeviceSpec("phone", players[k % len(players)], tokens[players[k % len(players)]]) for k in range(phones)]
    return plan


def advance_every(args: argparse.Namespace) -> int:
    """How often Control advances: as given, else so that the whole run stays within 85 % of the event's steps."""
    given: int | None = args.advance_every
    if given is not None:
        return given
    actions: float = args.actions if args.actions is not None else args.rate * (args.seconds + args.warmup)
    steps: float = 0.85 * 3 * args.turns
    return max(20, math.ceil(actions / steps))


# ---- figures ---------------------------------------------------------------------------------------------------


@dataclass
class Stats:
    """Everything counted while the run is recording."""

    recording: bool = False
    start: float = float("inf")
    end: float = float("inf")
    """The measured window (perf_counter): actions started inside it are counted, their answers even if late."""
    acked: list[tuple[int, float, float, str]] = field(default_factory=list)
    """(acknowledged version, send time, ack time, kind) of each action answered with an ack."""
    ack_latencies: array[float] = field(default_factory=lambda: array("d"))
    legal_latencies: array[float] = field(default_factory=lambda: array("d"))
    pacing_lag: array[float] = field(default_factory=lambda: array("d"))
    loop_lag: array[float] = field(default_factory=lambda: array("d"))
    sent: Counter[str] = field(default_factory=Counter)
    """Actions (and messages) started, by kind."""
    errors: Counter[str] = field(default_factory=Counter)
    stale_resent: int = 0
    """Stale refusals sent again (the device's view had not changed) that the server then took."""
    confirms: int = 0
    no_legal: int = 0
    lost: int = 0
    disconnects: Counter[str] = field(default_factory=Counter)
    frames: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(device kind, frame type) -> frames received in the window."""
    bytes: Counter[tuple[str, str]] = field(default_factory=Counter)
    behind: int = 0


@dataclass
class Sample:
    """One look at both processes."""

    t: float
    server_rss: int
    client_rss: int
    server_cpu: float
    client_cpu: float
    load1: float
    acked: int
    errors: int
    helpers_rss: int = 0
    """The server's child processes: its view process (and the resource tracker beside it)."""
    helpers_cpu: float = 0.0


@dataclass(eq=False)
class Device:
    """One device's connection and what it has seen."""

    spec: DeviceSpec
    number: int
    ws: ClientConnection | None = None
    version: int = -1
    """Version of the newest state frame received."""
    joined_at: int = -1
    """Version of its first snapshot (-1: none yet)."""
    updates: array[int] = field(default_factory=lambda: array("q"))
    """Versions of the state updates (not snapshots) it received, in order."""
    view_changes: int = 0
    observation: dict[str, Any] = field(default_factory=dict)
    """A desk's observation, followed through its state frames (a `set` reads a ship's hold from it)."""
    waiting: asyncio.Future[dict[str, Any]] | None = None
    """The answer this device awaits: a legal list, or a pong."""
    dropped: bool = False
    """Lost its connection during the run: left out of the delivery check."""
    asking: asyncio.Lock = field(default_factory=asyncio.Lock)
    """One question (legal list, ping) at a time: their answers carry no request id."""


def follow_observation(device: Device, frame: dict[str, Any]) -> None:
    """Keep a device's observation as a page does: whole from a snapshot or a full update, else patched."""
    if "patch" in frame:
        device.observation = apply_patch(device.observation, frame["patch"])
    else:
        device.observation = frame["observation"]


class EventLoad:
    """The devices, the pacer and the sampler, in one event loop."""

    def __init__(
        self,
        args: argparse.Namespace,
        server: subprocess.Popen[bytes],
        base: str,
        event: Event,
        plan: list[DeviceSpec],
        database: str,
    ) -> None:
        self.args = args
        self.server = server
        self.event = event
        self.database = database
        self.http = httpx.AsyncClient(base_url=base, trust_env=False, timeout=15.0)
        self.url = f"{base.replace('http://', 'ws://', 1)}/ws/events/{event.id}"
        self.rng = random.Random(args.seed)
        self.stats = Stats()
        self.devices = [Device(spec, n) for n, spec in enumerate(plan)]
        self.desks = [d for d in self.devices if d.spec.kind == "desk"]
        self.players = [d for d in self.devices if d.spec.kind in SEAT_KINDS]
        self.pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.arrivals: dict[int, float] = {}
        """Version -> when the last state update carrying it arrived (at any device)."""
        self.reached: Counter[int] = Counter()
        """Version -> devices that received a state update carrying it."""
        self.gate = asyncio.Semaphore(args.concurrency)
        self.counter = 0
        self.advance_every = advance_every(args)
        self.running = True
        self.done = asyncio.Event()
        self.died = asyncio.Event()
        self.tasks: set[asyncio.Task[None]] = set()
        self.loops: list[asyncio.Task[None]] = []
        self.samples: list[Sample] = []
        self.timeline: list[dict[str, float]] = []
        self.compression: str | None = None if args.no_compression else "deflate"
        self.watch = ProcessWatch(server.pid)

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run a coroutine in the background, keeping a reference until it ends."""
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # ---- set-up ---------------------------------------------------------------------------------------------

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

    async def open(self, device: Device) -> None:
        """Connect a device and join with its token; its frames are read from then on."""
        ws = await connect(
            self.url,
            proxy=None,
            compression=self.compression,
            open_timeout=15,
            close_timeout=2,
            max_size=MAX_FRAME,
        )
        device.ws = ws
        await ws.send(json.dumps({"type": "join", "token": device.spec.token}))
        self.spawn(self.read(device, ws))

    async def setup(self) -> float:
        """Connect every device (16 at a time) and wait until each holds its first view; the seconds it took."""
        start = time.perf_counter()
        gate = asyncio.Semaphore(16)

        async def one(device: Device) -> None:
            async with gate:
                await self.open(device)

        try:
            await asyncio.gather(*(one(device) for device in self.devices))
        except (OSError, WebSocketException, TimeoutError) as exc:
            raise SetupError(f"connecting the devices: {exc!r}") from exc
        deadline = time.monotonic() + JOIN_SECONDS
        while any(d.joined_at < 0 for d in self.devices):
            if time.monotonic() > deadline or self.died.is_set():
                missing = sum(d.joined_at < 0 for d in self.devices)
                raise SetupError(f"{missing} devices had no view {JOIN_SECONDS:g} s after joining")
            await asyncio.sleep(0.05)
        return time.perf_counter() - start

    # ---- frames in ------------------------------------------------------------------------------------------

    async def read(self, device: Device, ws: ClientConnection) -> None:
        """Read a device's frames until its connection closes; an unexpected close is counted."""
        on_frame = self.on_frame
        try:
            async for text in ws:
                on_frame(device, text if isinstance(text, str) else text.decode())
        except ConnectionClosed:
            pass
        if not self.running or device.ws is not ws:
            return
        device.dropped = True
        self.stats.disconnects[str(ws.close_code)] += 1
        if device.waiting is not None and not device.waiting.done():
            device.waiting.set_result({"type": "error", "code": "disconnected"})

    def on_frame(self, device: Device, text: str) -> None:
        """One frame: kept cheap, it runs for every frame of every device."""
        now = time.perf_counter()
        kind = text[9 : text.index('"', 9)]  # every frame begins {"type":"<kind>"
        stats = self.stats
        if stats.recording:
            key = (device.spec.kind, kind)
            stats.frames[key] += 1
            stats.bytes[key] += len(text)
        if kind == "state":
            head = STATE_HEAD.match(text)
            if head is None:
                stats.errors["unreadable-state"] += 1
                return
            version = int(head[1])
            device.version = max(device.version, version)
            if device.spec.kind == "desk":
                follow_observation(device, json.loads(text))
            if head[2] == "true":
                if device.joined_at < 0:
                    device.joined_at = version
                return
            device.updates.append(version)
            device.view_changes += 1
            self.arrivals[version] = now
            self.reached[version] += 1
            return
        if kind not in ("ack", "error", "legal", "pong"):
            return
        frame = json.loads(text)
        request_id = frame.get("request_id")
        if request_id is not None and request_id in self.pending:
            frame["_at"] = now
            future = self.pending.pop(request_id)
            if not future.done():
                future.set_result(frame)
        elif device.waiting is not None and not device.waiting.done():
            frame["_at"] = now
            device.waiting.set_result(frame)
        elif kind == "error" and stats.recording:
            stats.errors[f"unasked:{frame.get('code')}"] += 1

    # ---- actions --------------------------------------------------------------------------------------------

    async def ask(self, device: Device, message: dict[str, Any]) -> dict[str, Any] | None:
        """Send `message` and wait for this device's answer (legal, pong or an error); None if none comes."""
        async with device.asking:
            ws = device.ws
            if ws is None or device.dropped:
                return None
            device.waiting = asyncio.get_running_loop().create_future()
            try:
                await ws.send(json.dumps(message))
                return await asyncio.wait_for(device.waiting, LOST_AFTER)
            except (ConnectionClosed, TimeoutError):
                return None
            finally:
                device.waiting = None

    async def legal(self, device: Device, seat: int, recording: bool) -> dict[str, Any] | None:
        """The seat's legal actions as the server lists them now (None, counted, if refused or unanswered)."""
        sent = time.perf_counter()
        answer = await self.ask(device, {"type": "legal", "seat": seat})
        if answer is None or answer["type"] != "legal":
            if recording:
                self.stats.errors["legal:" + ("lost" if answer is None else str(answer.get("code")))] += 1
            return None
        if recording:
            self.stats.legal_latencies.append(answer["_at"] - sent)
        return answer

    async def send_act(
        self, device: Device, seat: int, action: str, version: int, confirm: bool
    ) -> tuple[dict[str, Any] | None, float]:
        """Send one action; its ack or error (None if neither came in time) and when it was sent."""
        ws = device.ws
        self.counter += 1
        request_id = f"r{self.counter}"
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[request_id] = future
        frame = {"type": "act", "seat": seat, "action": action, "version": version, "request_id": request_id}
        if confirm:
            frame["confirm"] = True
        sent = time.perf_counter()
        try:
            if ws is None:
                raise ConnectionClosed(None, None)
            await ws.send(json.dumps(frame))
            return await asyncio.wait_for(future, LOST_AFTER), sent
        except ConnectionClosed:
            return {"type": "error", "code": "disconnected"}, sent
        except TimeoutError:
            return None, sent
        finally:
            self.pending.pop(request_id, None)

    async def act(self, device: Device, seat: int, action: str, version: int, kind: str, recording: bool) -> None:
        """Send an action as a page does: confirm an advance when asked, resend once a stale one whose device saw
        no change of its view; count what came of it if `recording`."""
        changes = device.view_changes
        answer, first_sent = await self.send_act(device, seat, action, version, False)
        stats = self.stats
        resent_stale = confirm = False
        while answer is not None and answer["type"] == "error":
            code = answer.get("code")
            if code == "confirm" and seat == CONTROL_SEAT and not confirm:
                stats.confirms += recording
                confirm = True
            elif code == "stale" and device.view_changes == changes and not resent_stale:
                resent_stale = True
            else:
                break
            answer, _ = await self.send_act(device, seat, action, answer["version"], confirm)
        if not recording:
            return
        if answer is None:
            stats.lost += 1
        elif answer["type"] == "ack":
            stats.stale_resent += resent_stale
            stats.acked.append((answer["version"], first_sent, answer["_at"], kind))
            stats.ack_latencies.append(answer["_at"] - first_sent)
        else:
            stats.errors[str(answer.get("code"))] += 1

    async def seat_action(self, recording: bool) -> None:
        """A device of a random seat asks for its legal actions and sends one of them; a seat with nothing to do
        gives its slot to another (up to SEATS_PER_SLOT tries), as the room's other players would act meanwhile."""
        for _ in range(SEATS_PER_SLOT):
            device = self.rng.choice(self.players)
            assert device.spec.seat is not None
            answer = await self.legal(device, device.spec.seat, recording)
            if answer is None:
                return
            if answer["actions"]:
                action = self.rng.choice(answer["actions"])
                await self.act(device, device.spec.seat, action, answer["version"], "seat", recording)
                return
        self.stats.no_legal += recording

    async def control_action(self, kind: str, recording: bool) -> None:
        """A desk's advance, or another Control verb (news, settle, or setting a ship's hold to what it holds)."""
        desk = self.desks[self.counter % len(self.desks)]
        answer = await self.legal(desk, CONTROL_SEAT, recording)
        if answer is None:
            return
        if kind == "verb":
            offered = [a for a in answer["actions"] if a.startswith(("control news ", "control settle "))]
            action = self.rng.choice(offered) if offered else self.hold_check(desk)
            await self.act(desk, CONTROL_SEAT, action, answer["version"], kind, recording)
            return
        for _ in range(len(MOVING_ON)):  # what the advance waits for first, then the advance
            offered = [a for a in MOVING_ON if a in answer["actions"]]
            if not offered:
                self.stats.errors["control-cannot-move-on"] += recording
                return
            await self.act(desk, CONTROL_SEAT, offered[0], answer["version"], kind, recording)
            if offered[0] == "control advance":
                return
            self.stats.sent[kind] += recording
            answer = await self.legal(desk, CONTROL_SEAT, recording)
            if answer is None:
                return

    def hold_check(self, desk: Device) -> str:
        """Control sets one resource of a random ship's hold to the number it holds (a correction that changes no
        number but is logged to the ship and Control)."""
        view = desk.observation
        ship = self.rng.choice(sorted(view["panels"]))
        hold = view["panels"][ship]["hold"]
        resource = self.rng.choice(sorted(hold))
        return f"control set {ship}.{resource} {hold[resource]} {quote('load test: hold counted')}"

    async def message(self, number: int, recording: bool) -> None:
        """A message: a desk to a ship's team or to everyone, or a phone to Control."""
        stats = self.stats
        if number % 2:
            device = self.rng.choice(self.players)
            frame = {"type": "message", "to": "control", "text": f"load test message {number}"}
        else:
            device = self.desks[number % len(self.desks)]
            to = "everyone" if number % 8 == 0 else f"team:{self.rng.choice(self.event.ships)}"
            frame = {"type": "message", "to": to, "text": f"load test message {number}"}
        if device.ws is None:
            return
        with contextlib.suppress(ConnectionClosed):
            await device.ws.send(json.dumps(frame))
            stats.sent["message"] += recording

    async def one(self, number: int) -> None:
        """The `number`-th action of the run (its kind fixed by the schedule); frees the gate when answered."""
        args = self.args
        recording = self.stats.recording
        try:
            if number % self.advance_every == self.advance_every - 1:
                kind = "advance"
            elif number % args.verb_every == args.verb_every - 1:
                kind = "verb"
            elif number % args.message_every == args.message_every - 1:
                kind = "message"
            else:
                kind = "seat"
            if kind != "message":
                self.stats.sent[kind] += recording
            if kind == "seat":
                await self.seat_action(recording)
            elif kind == "message":
                await self.message(number, recording)
            else:
                await self.control_action(kind, recording)
        finally:
            self.gate.release()

    async def pace(self) -> None:
        """Start one action every 1/rate seconds, no more than --concurrency at once; stop after --actions."""
        interval = 1.0 / self.args.rate
        clock = time.perf_counter
        due = clock()
        stats = self.stats
        number = 0
        measured = 0
        while self.running:
            now = clock()
            if due > now:
                await asyncio.sleep(due - now)
            await self.gate.acquire()
            now = clock()
            if stats.recording:
                stats.pacing_lag.append(max(0.0, now - due))
                measured += 1
            self.spawn(self.one(number))
            number += 1
            if self.args.actions is not None and measured >= self.args.actions:
                self.done.set()
                return
            due += interval
            if clock() - due > MAX_PACING_DEBT:
                stats.behind += stats.recording
                due = clock() - MAX_PACING_DEBT

    # ---- watching -------------------------------------------------------------------------------------------

    async def watch_server(self) -> None:
        """Set `died` as soon as the server process exits."""
        while self.server.poll() is None:
            await asyncio.sleep(0.25)
        self.died.set()

    async def probe_lag(self) -> None:
        """How late the event loop wakes a short sleep: this process's own delay in reading frames."""
        while True:
            before = time.perf_counter()
            await asyncio.sleep(LAG_PROBE_SECONDS)
            if self.stats.recording:
                self.stats.loop_lag.append(max(0.0, time.perf_counter() - before - LAG_PROBE_SECONDS))

    async def sample(self) -> None:
        """Every few seconds: both processes' memory and CPU; a progress line every --progress seconds."""
        last: Sample | None = None
        while True:
            await asyncio.sleep(self.args.sample_every)
            sample = self.take_sample()
            if sample is None or not self.stats.recording:
                continue
            if last is None or sample.t - last.t >= self.args.progress > 0:
                if last is not None:
                    self.progress(last, sample)
                last = sample

    def take_sample(self) -> Sample | None:
        """Record one Sample (None if the server is gone)."""
        reading = self.watch.read()
        if reading is None:
            return None
        sample = Sample(
            time.perf_counter(),
            reading.server_rss,
            reading.client_rss,
            reading.server_cpu,
            reading.client_cpu,
            reading.load1,
            len(self.stats.acked),
            sum(self.stats.errors.values()),
            reading.helpers_rss,
            reading.helpers_cpu,
        )
        self.samples.append(sample)
        return sample

    def progress(self, last: Sample, sample: Sample) -> None:
        """One line and one timeline entry for the interval just past (actions answered a second ago or more)."""
        seconds = sample.t - last.t
        settled = [a for a in self.stats.acked[last.acked : sample.acked] if a[2] < sample.t - 1.0]
        lat = sorted(self.latency(a) for a in settled)
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
            "errors": sum(self.stats.errors.values()) - last.errors,
        }
        self.timeline.append(entry)
        print(
            f"  t={entry['t']:>6g}s  {entry['actions_per_second']:>5g} actions/s  p50 {entry['p50_ms']:>6g} ms"
            f"  p99 {entry['p99_ms']:>6g} ms  max {entry['max_ms']:>6g} ms  server RSS {entry['server_rss_mb']:g} MB,"
            f" CPU {entry['server_cpu_percent']:g}%  client CPU {entry['client_cpu_percent']:g}%"
            f"  load {entry['load1']:g}  errors {entry['errors']:g}",
            flush=True,
        )

    def latency(self, acked: tuple[int, float, float, str]) -> float:
        """Seconds from sending an action to the last device receiving the view it changed (no view: its ack)."""
        version, sent, ack_at, _kind = acked
        return self.arrivals.get(version, ack_at) - sent

    # ---- the run --------------------------------------------------------------------------------------------

    def pin(self) -> dict[str, Any]:
        """The server's threads on the last core, this process on the first (when there are two or more)."""
        cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
        if self.args.no_pin or len(cores) < 2:
            return {"server": None, "client": None}
        with contextlib.suppress(OSError, psutil.Error):
            for thread in psutil.Process(self.server.pid).threads():
                os.sched_setaffinity(thread.id, {cores[-1]})
            os.sched_setaffinity(0, {cores[0]})
        return {"server": cores[-1], "client": cores[0]}

    def pin_helpers(self, pinned: dict[str, Any]) -> dict[str, Any]:
        """The server's child processes (its view process, started when the event loaded) on a core of their own if
        there are three or more, else on the devices' core: on the server's they could not run beside it."""
        cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
        if pinned["server"] is None:
            return {**pinned, "view_process": None}
        core = cores[-2] if len(cores) >= 3 else cores[0]
        pinned_to = None
        with contextlib.suppress(OSError, psutil.Error):
            for child in psutil.Process(self.server.pid).children(recursive=True):
                for thread in child.threads():
                    os.sched_setaffinity(thread.id, {core})
                pinned_to = core
        return {**pinned, "view_process": pinned_to}

    async def settle(self) -> None:
        """Wait for the last answers, then a pong on every device: everything sent before it has arrived."""
        deadline = time.monotonic() + LOST_AFTER + 1
        while (self.pending or self.gate.locked()) and time.monotonic() < deadline and not self.died.is_set():
            await asyncio.sleep(0.02)
        await asyncio.gather(*(self.ask(d, {"type": "ping"}) for d in self.devices if not d.dropped))

    async def run(self) -> dict[str, Any]:
        """Set up, play, measure, tear down; the figures."""
        args = self.args
        self.loops.append(self.spawn(self.watch_server()))
        await self.wait_ready(60)
        pinned = self.pin()
        setup_seconds = await self.setup()
        pinned = self.pin_helpers(pinned)
        pacer = self.spawn(self.pace())
        self.loops += [pacer, self.spawn(self.sample()), self.spawn(self.probe_lag())]
        await self.sleep_or_die(args.warmup)
        cpu_start = self.watch.cpu_seconds()
        load_start = os.getloadavg()
        start = self.stats.start = time.perf_counter()
        self.stats.recording = True
        self.take_sample()
        if not self.died.is_set():
            waits = [asyncio.ensure_future(self.died.wait()), asyncio.ensure_future(self.done.wait())]
            await asyncio.wait(
                waits, timeout=None if args.actions is not None else args.seconds, return_when=asyncio.FIRST_COMPLETED
            )
            for wait in waits:
                wait.cancel()
        end = self.stats.end = time.perf_counter()
        self.take_sample()
        cpu_end = self.watch.cpu_seconds()
        load_end = os.getloadavg()
        pacer.cancel()  # the pacer: nothing more is started; answers to the last ones still come in
        await self.settle()
        self.stats.recording = False
        self.running = False
        await self.close_all()
        check = self.check() if not args.no_check and not self.died.is_set() else None
        return self.figures(start, end, setup_seconds, cpu_start, cpu_end, load_start, load_end, pinned, check)

    async def sleep_or_die(self, seconds: float) -> None:
        """Sleep, but wake at once if the server dies."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.died.wait(), seconds)

    async def close_all(self) -> None:
        """Close every device and the HTTP client; cancel the background loops."""
        for task in self.loops:
            task.cancel()
        closing = [d.ws.close() for d in self.devices if d.ws is not None]
        await asyncio.gather(*closing, return_exceptions=True)
        pending = [t for t in self.tasks if not t.done()]
        _, late = await asyncio.wait(pending, timeout=10) if pending else (set(), set())
        for task in late:
            task.cancel()
        await self.http.aclose()

    # ---- the delivery check ---------------------------------------------------------------------------------

    def check(self) -> dict[str, Any]:
        """Replay the stored history: each device must have been sent an update exactly at the versions (after an
        action and the chance it set off) where its seat's view changed."""
        store = EventStore.open(self.database)
        try:
            rows = history.actions(store.engine, self.event.id)
        finally:
            store.close()
        state = self.event.game.new_initial_state()
        seats = sorted({d.spec.seat for d in self.devices}, key=lambda s: -1 if s is None else s)
        versions: list[tuple[int, dict[int | None, int]]] = []
        """(version after an action and its chance, each watched seat's view version there)."""
        for row in rows:
            if row.player >= 0:
                versions.append((row.version, {s: state.view_version(s) for s in seats}))
            history.replay_rows(state, [row])
        versions.append((len(rows), {s: state.view_version(s) for s in seats}))
        changed: list[tuple[int, set[int | None]]] = [
            (version, {s for s in seats if views[s] != before[s]})
            for (_, before), (version, views) in itertools.pairwise(versions)
        ]
        expected = missing = extra = skipped = 0
        for device in self.devices:
            if device.dropped:
                skipped += 1
                continue
            got = set(device.updates)
            should = {v for v, seats_changed in changed if v > device.joined_at and device.spec.seat in seats_changed}
            expected += len(should)
            missing += len(should - got)
            extra += len(got - should)
        observation = state.observation(None)
        return {
            "versions": len(rows),
            "actions_checked": len(changed),
            "devices_checked": len(self.devices) - skipped,
            "devices_skipped": skipped,
            "updates_expected": expected,
            "updates_missing": missing,
            "updates_extra": extra,
            "turn": observation.get("turn"),
            "step": observation.get("step"),
            "over": state.is_terminal(),
        }

    # ---- figures --------------------------------------------------------------------------------------------

    def figures(
        self,
        start: float,
        end: float,
        setup_seconds: float,
        cpu_start: tuple[float, float],
        cpu_end: tuple[float, float],
        load_start: tuple[float, float, float],
        load_end: tuple[float, float, float],
        pinned: dict[str, Any],
        check: dict[str, Any] | None,
    ) -> dict[str, Any]:
        """The run's figures, as written to --json."""
        stats, args = self.stats, self.args
        seconds = end - start
        window = [s for s in self.samples if start - 0.01 <= s.t <= end + 0.01]
        rss = [(s.t - start, s.server_rss / 2**20) for s in window]
        rss_all = [(s.t - start, (s.server_rss + s.helpers_rss) / 2**20) for s in window]
        helpers_cpu = window[-1].helpers_cpu - window[0].helpers_cpu if window else 0.0
        server_cpu = cpu_end[0] - cpu_start[0]
        reached = [self.reached.get(a[0], 0) for a in stats.acked]
        by_kind = {
            kind: latency_figures([self.latency(a) for a in stats.acked if a[3] == kind]) for kind in ACTION_KINDS
        }
        device_kinds = Counter(d.spec.kind for d in self.devices)
        per_seat = Counter(Counter(d.spec.seat for d in self.players).values())
        traffic: dict[str, dict[str, Any]] = {}
        for (device_kind, frame_kind), count in sorted(stats.frames.items()):
            entry = traffic.setdefault(device_kind, {"devices": device_kinds[device_kind]})
            entry[frame_kind] = {
                "frames": count,
                "kb_per_second": round(stats.bytes[(device_kind, frame_kind)] / 1024 / seconds, 1) if seconds else 0,
                "mean_bytes": round(stats.bytes[(device_kind, frame_kind)] / count),
            }
        ack = sorted(stats.ack_latencies)
        legal = sorted(stats.legal_latencies)
        lag = sorted(stats.pacing_lag)
        loop_lag = sorted(stats.loop_lag)
        acked = len(stats.acked)
        return {
            "config": {
                "edition": args.edition,
                "turns": args.turns,
                "seats": len(self.event.seats),
                "devices": dict(device_kinds),
                "devices_per_seat_held": {str(k): v for k, v in sorted(per_seat.items())},
                "rate": args.rate,
                "seconds": args.seconds,
                "actions": args.actions,
                "warmup": args.warmup,
                "concurrency": args.concurrency,
                "advance_every": self.advance_every,
                "verb_every": args.verb_every,
                "message_every": args.message_every,
                "compression": self.compression,
                "pinned": pinned,
                "seed": args.seed,
            },
            "machine": machine_figures(load_start, load_end),
            "server_died": self.died.is_set(),
            "server_exit": self.server.poll(),
            "setup_seconds": round(setup_seconds, 2),
            "measured_seconds": round(seconds, 2),
            "actions": {
                "started": dict(stats.sent),
                "acked": acked,
                "per_second": round((acked + stats.sent["message"]) / seconds, 1) if seconds > 0 else 0.0,
                "acked_per_second": round(acked / seconds, 1) if seconds > 0 else 0.0,
                "no_legal_action": stats.no_legal,
                "devices_reached_mean": round(sum(reached) / len(reached), 1) if reached else None,
                "devices_reached_max": max(reached, default=None),
            },
            "latency_ms": latency_figures([self.latency(a) for a in stats.acked]),
            "latency_ms_by_kind": by_kind,
            "ack_latency_ms": {"p50": ms(ack, 50), "p99": ms(ack, 99), "max": ms(ack, 100)},
            "legal_latency_ms": {"p50": ms(legal, 50), "p99": ms(legal, 99), "max": ms(legal, 100)},
            "errors": dict(stats.errors),
            "errors_total": sum(stats.errors.values()),
            "stale": stats.errors.get("stale", 0),
            "stale_resent": stats.stale_resent,
            "confirms": stats.confirms,
            "lost": stats.lost,
            "disconnects": dict(stats.disconnects),
            "traffic": traffic,
            "server_memory_mb": memory_figures(rss, seconds),
            "server_and_view_process_memory_mb": memory_figures(rss_all, seconds),
            "cpu_percent_of_one_core": {
                **cpu_percent((server_cpu, cpu_end[1] - cpu_start[1]), seconds),
                "view_process": round(helpers_cpu / seconds * 100, 1) if seconds > 0 else None,
            },
            "cpu_ms_per_acked_action": {
                "server": round(server_cpu / acked * 1000, 2) if acked else None,
                "view_process": round(helpers_cpu / acked * 1000, 2) if acked else None,
                "total": round((server_cpu + helpers_cpu) / acked * 1000, 2) if acked else None,
            },
            "client": {
                "rss_mb_end": round(window[-1].client_rss / 2**20, 1) if window else None,
                "loop_lag_ms_p99": ms(loop_lag, 99),
                "loop_lag_ms_max": ms(loop_lag, 100),
                "pacing_lag_ms_p50": ms(lag, 50),
                "pacing_lag_ms_p99": ms(lag, 99),
                "pacer_behind": stats.behind,
            },
            "check": check,
            "timeline": self.timeline,
        }


# ---- report ----------------------------------------------------------------------------------------------------


def report(fig: dict[str, Any]) -> str:
    """The short human report."""
    c, a, lat, mem, cpu, cl, m = (
        fig["config"],
        fig["actions"],
        fig["latency_ms"],
        fig["server_memory_mb"],
        fig["cpu_percent_of_one_core"],
        fig["client"],
        fig["machine"],
    )
    ack, legal, kinds = fig["ack_latency_ms"], fig["legal_latency_ms"], fig["latency_ms_by_kind"]
    both, per = fig["server_and_view_process_memory_mb"], fig["cpu_ms_per_acked_action"]
    devices = ", ".join(f"{v} {k}s" for k, v in c["devices"].items())
    errors = ", ".join(f"{k} {v}" for k, v in sorted(fig["errors"].items())) or "none"
    disconnects = ", ".join(f"code {k}: {v}" for k, v in sorted(fig["disconnects"].items())) or "none"
    window = f"{fig['measured_seconds']:g} s" if c["actions"] is None else f"{c['actions']} actions"
    by_kind = "; ".join(
        f"{k} p50 {v['p50']:g} / p99 {v['p99']:g} / max {v['max']:g} ({v['count']})" for k, v in kinds.items()
    )
    traffic = "; ".join(
        f"{kind} {sum(f['kb_per_second'] for f in t.values() if isinstance(f, dict)):g} KB/s"
        for kind, t in fig["traffic"].items()
    )
    lines = [
        f"wolfpack event load test: {c['edition']}, {c['seats']} seats, {sum(c['devices'].values())} devices "
        f"({devices}), target {c['rate']:g} actions/s, {window} measured after {c['warmup']:g} s warm-up "
        f"(compression: {c['compression'] or 'off'}; advance every {c['advance_every']}, verb every "
        f"{c['verb_every']}, message every {c['message_every']})",
        f"machine     {m['cpus']} cpus, Python {m['python']}; load average {format_load(m['loadavg_start'])} at "
        f"start, {format_load(m['loadavg_end'])} at end; pinned {c['pinned']}",
        f"setup       {fig['setup_seconds']:g} s to join every device",
        f"actions     {a['acked']:,} acked = {a['acked_per_second']:g}/s, {a['per_second']:g}/s with messages "
        f"(started {a['started']}); views changed per action: {a['devices_reached_mean']} devices on average, "
        f"{a['devices_reached_max']} at most",
        f"latency     every device whose view changed: p50 {lat['p50']:g} ms, p90 {lat['p90']:g} ms, p99 "
        f"{lat['p99']:g} ms, max {lat['max']:g} ms ({lat['count']:,} actions)",
        f"  by kind   {by_kind}",
        f"  round trips  ack p50 {ack['p50']:g} / p99 {ack['p99']:g} / max {ack['max']:g} ms; legal p50 "
        f"{legal['p50']:g} / p99 {legal['p99']:g} / max {legal['max']:g} ms",
        f"errors      {errors}; stale {fig['stale']} (resent and taken: {fig['stale_resent']}); confirms asked "
        f"{fig['confirms']}; lost {fig['lost']}",
        f"disconnects {disconnects}",
        f"traffic     {traffic}",
        f"server      RSS start {mem['start']} MB, end {mem['end']} MB, max {mem['max']} MB, slope "
        f"{mem['slope_mb_per_min']:+g} MB/min (second half {mem['slope_second_half_mb_per_min']:+g}); "
        f"CPU {cpu['server']}% of a core",
        f"  with its view process  RSS start {both['start']} MB, end {both['end']} MB, slope "
        f"{both['slope_mb_per_min']:+g} MB/min (second half {both['slope_second_half_mb_per_min']:+g}); view "
        f"process CPU {cpu['view_process']}% of a core; CPU per acknowledged action: server {per['server']} ms, "
        f"view process {per['view_process']} ms, both {per['total']} ms",
        f"client      CPU {cpu['client']}% of a core, RSS {cl['rss_mb_end']} MB; loop lag p99 "
        f"{cl['loop_lag_ms_p99']:g} ms, max {cl['loop_lag_ms_max']:g} ms; pacing lag p50 {cl['pacing_lag_ms_p50']:g} "
        f"/ p99 {cl['pacing_lag_ms_p99']:g} ms; behind {cl['pacer_behind']}",
    ]
    check = fig["check"]
    if check is not None:
        lines.append(
            f"check       {check['actions_checked']:,} actions replayed ({check['versions']:,} versions, turn "
            f"{check['turn']} {check['step']}{', over' if check['over'] else ''}): {check['updates_expected']:,} "
            f"updates due to {check['devices_checked']} devices, {check['updates_missing']} missing, "
            f"{check['updates_extra']} extra ({check['devices_skipped']} dropped devices not checked)"
        )
    aims = [
        f"p99 <= {AIM_P99_MS:g} ms: {'met' if lat['p99'] <= AIM_P99_MS else 'MISSED'}",
        f"rate: {'met' if a['per_second'] >= 0.95 * c['rate'] else 'MISSED'}",
        f"no errors: {'met' if fig['errors_total'] == 0 and fig['lost'] == 0 else 'MISSED'}",
        f"memory flat (second half within ±0.5 MB/min): "
        f"{'met' if abs(both['slope_second_half_mb_per_min']) <= 0.5 else 'MISSED'}",
    ]
    if check is not None:
        delivered = check["updates_missing"] + check["updates_extra"] == 0
        aims.append(f"every view delivered: {'met' if delivered else 'MISSED'}")
    if fig["server_died"]:
        aims = [f"SERVER DIED (exit status {fig['server_exit']})"]
    lines.append("aims        " + "; ".join(aims))
    return "\n".join(lines)


# ---- main ------------------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    add = parser.add_argument
    add("--seconds", type=float, default=600.0, help="measured seconds (default 600)")
    add("--actions", type=int, help="measure this many actions instead of --seconds (the tests' short run)")
    add("--warmup", type=float, default=5.0, help="unmeasured seconds of play first (default 5)")
    add("--rate", type=float, default=50.0, help="actions started per second, messages included (default 50)")
    add("--devices", type=int, default=600, help="devices in all (default 600: a 300-player event)")
    add("--desks", type=int, default=3, help="Control desks, an operator each (default 3)")
    add("--projectors", type=int, default=2, help="projectors (default 2)")
    add("--tablets", type=int, help="table tablets, one per ship at most (default: one per ship)")
    add("--edition", default="infinite-domain", help="classic or infinite-domain (default)")
    add("--turns", type=int, default=40, help="the event's turns (default 40, the most)")
    add("--concurrency", type=int, default=1, help="actions between legal request and answer at once (default 1)")
    add("--advance-every", type=int, help="Control advances every Nth action (default: fits the run in the turns)")
    add("--verb-every", type=int, default=25, help="another Control verb every Nth action (default 25)")
    add("--message-every", type=int, default=40, help="a message every Nth action (default 40)")
    add("--seed", type=int, default=0, help="seed of the devices' plan and choices (default 0)")
    add("--sample-every", type=float, default=2.0, help="seconds between RSS samples (default 2)")
    add("--progress", type=float, default=30.0, help="seconds between progress lines (default 30; 0: none)")
    add("--no-compression", action="store_true", help="no permessage-deflate (browsers use it)")
    add("--no-pin", action="store_true", help="do not pin the server and this process to a core each")
    add("--no-check", action="store_true", help="skip the delivery check (the history's replay) at the end")
    add("--view-process", action="store_true", help="the server builds views in a second process (its option)")
    add("--profile", type=Path, metavar="PATH", help="run the server under cProfile, its stats written there")
    add("--timeout", type=float, help="hard limit on the whole run (default: seconds + warm-up + 180)")
    add("--json", type=Path, metavar="PATH", help="write the figures there")
    add("--keep-log", type=Path, metavar="PATH", help="copy the server's output there")
    args = parser.parse_args(argv)
    counts = (args.rate, args.seconds, args.devices, args.concurrency, args.verb_every, args.message_every)
    if min(counts) <= 0 or (args.actions is not None and args.actions <= 0):
        parser.error("--rate, --seconds, --actions, --devices, --concurrency and the --*-every must be positive")
    if args.advance_every is not None and args.advance_every <= 0:
        parser.error("--advance-every must be positive")
    if args.desks < 1 or args.projectors < 0:
        parser.error("--desks must be 1 or more, --projectors 0 or more")
    if args.timeout is None:
        longest = args.seconds if args.actions is None else args.actions / args.rate * 3 + 30
        args.timeout = longest + args.warmup + 180.0
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Create the event, run the load test and print the report; the exit status."""
    args = parse_args(argv)
    made: dict[str, Any] = {}

    def prepare(database: str, _directory: Path) -> None:
        try:
            event = create_event(database, args.edition, args.turns, args.desks)
        except Exception as exc:  # a bad edition or turns: the event's own error says which
            raise SetupError(f"creating the event: {exc}") from exc
        made["event"], made["database"] = event, database
        rng = random.Random(args.seed)
        made["plan"] = plan_devices(event, args.devices, args.desks, args.projectors, args.tablets, rng)

    async def run(server: subprocess.Popen[bytes], base: str, _directory: Path) -> dict[str, Any]:
        test = EventLoad(args, server, base, made["event"], made["plan"], made["database"])
        try:
            return await test.run()
        finally:
            test.running = False
            if not test.http.is_closed:
                await test.http.aclose()

    options = ["--view-process"] if args.view_process else []
    return run_with_server(
        args, "loadtest-event", run, report, prepare=prepare, server_options=options, profile=args.profile
    )


if __name__ == "__main__":
    raise SystemExit(main())
