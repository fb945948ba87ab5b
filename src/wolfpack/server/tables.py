"""Tables at play: each holds one game's state, its seats, its watchers and its bots, and changes only through
`Table.submit`, which checks an action, persists it, then tells every connection what it may now see.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from wolfpack.bots import bot_seat_names, default_bot_name, make_bot
from wolfpack.engine.bot import Bot, seat_seed
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.constants import CHANCE, SIMULTANEOUS
from wolfpack.engine.errors import IllegalActionError, InvalidActionError
from wolfpack.engine.game import Game, State
from wolfpack.engine.registry import load_game
from wolfpack.server.guards import check_action
from wolfpack.server.journal import Journal
from wolfpack.server.protocol import Rejection
from wolfpack.server.store import OVER, EventRow, TableRow

log = logging.getLogger(__name__)

BOT_RETRY_SECONDS = 1.0
"""After a bot fails, the pause before it is asked again."""

REQUESTS_REMEMBERED = 256
"""How many request ids per seat a table remembers, so that a retried message takes effect once."""

CLOCK_RAN_OUT = "\u23f0clock-ran-out"
"""The request id stored with a move a bot made because its seat's clock ran out: the table's log says so, and says
it again when the table is rebuilt from its events. No client may send it (`Table.submit` refuses it)."""


class NoFreeSeat(Exception):
    """Nobody may take the seat asked for (taken, invite-only, a bot's) or the table has no free open seat."""


class TableSettings(BaseModel):
    """How a table runs: clocks, stand-ins, the pace of its bots, and the seed its chance is drawn from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    clock_seconds: float | None = Field(None, gt=0, le=86_400, description="per-move clock; None: no clock")
    takeover_seconds: float | None = Field(
        60.0, ge=0, le=86_400, description="a bot plays for a human gone this long; None: never"
    )
    bot_delay: float = Field(0.6, ge=0, le=30, description="seconds a bot waits before it moves, so people can follow")
    seed: int = Field(0, ge=0, lt=2**63)
    seed_fixed: bool = Field(False, description="the seed came with the request (tests, tournaments), not drawn")


class SeatSpec(BaseModel):
    """A seat as asked for when creating a table: a person, or a named bot."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["human", "bot"] = "human"
    name: str | None = Field(None, min_length=1, max_length=40)
    bot: str | None = Field(None, min_length=1, max_length=40)
    open: bool = Field(False, description="a person's seat anyone may take from the lobby; otherwise only its link")


@dataclass
class Seat:
    """A seat at a table: who sits there, the bot that plays it or stands in for it, its token's hash."""

    index: int
    kind: Literal["human", "bot"]
    name: str
    bot: str
    token_hash: str | None
    connections: int = 0
    gone_since: float | None = None
    """When the last connection of this (human) seat closed; None while connected or never yet joined."""
    open: bool = False
    """A person's seat nobody holds yet, which the lobby hands to the first to ask (it has no token until then)."""

    def to_row(self) -> dict[str, Any]:
        """The seat as stored."""
        row = {"kind": self.kind, "name": self.name, "bot": self.bot, "token_hash": self.token_hash}
        return {**row, "open": True} if self.open else row


def hash_token(token: str) -> str:
    """What is stored of a seat token: never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh unguessable seat token."""
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class TableNote:
    """A line the table itself adds to the game's log (a clock that ran out): said before the move made at `version`,
    at each reader's line `at[reader]` (readers' logs may differ in length: None is the public log)."""

    version: int
    text: str
    at: dict[int | None, int]


def with_notes(
    log: list[str], notes: Iterable[TableNote], reader: int | None, before: int, filler: str | None = None
) -> list[str]:
    """`log` as `reader` reads it, with the table's notes about the moves before version `before` put in place (or,
    given a `filler`, that in their place: a log's notation, which has no notation for a note)."""
    merged = list(log)
    for shift, note in enumerate(n for n in notes if n.version < before):
        merged.insert(min(note.at[reader] + shift, len(merged)), note.text if filler is None else filler)
    return merged


def apply_notation(state: State[Any], text: str, player: int) -> None:
    """Apply an action written in notation for `player` (CHANCE for a chance outcome); raises if it is not legal."""
    simultaneous = state.is_simultaneous_node()
    action = state.parse_action(text, player if simultaneous or player >= 0 else None)
    state.apply_action(action, player if simultaneous else None)


Change = Literal["state", "seats"]
"""What changed at a table: its state (a new version, a rematch), or only who is there."""
Listener = Callable[["Table", Change], None]


@dataclass
class Table:
    """One game at play on the server."""

    id: str
    game: Game[Any]
    seats: list[Seat]
    settings: TableSettings
    created: float
    journal: Journal
    state: State[Any] = field(init=False)
    version: int = 0
    """How many events the table has: every accepted action and chance outcome."""
    rematch: str | None = None
    listeners: set[Listener] = field(default_factory=set)
    requests: dict[tuple[int, str], tuple[str, int]] = field(default_factory=dict)
    """(seat, request id) -> its action and the version it produced, for retried messages."""
    waiting_since: dict[int, float] = field(default_factory=dict)
    """Each seat play waits for -> when its clock started."""
    declined: set[tuple[int, int]] = field(default_factory=set)
    """(version, seat): a bot chose not to take an optional action then."""
    notes: list[TableNote] = field(default_factory=list)
    """What the table said in the log besides the game's own lines, in order."""
    timed_out: set[int] = field(default_factory=set)
    """The seats whose last move a bot made because their clock ran out (until they move again themselves)."""
    last_move: tuple[int, int] | None = None
    """(seat, version it was made at) of the last move a seat made (chance's draws are not moves)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    driver: asyncio.Task[None] | None = None
    watchers: int = 0
    """Connections watching (joined without a seat)."""
    opened_at: float = field(default_factory=time.monotonic)
    """When this process started holding the table (created, or rebuilt at start-up)."""
    arrived: bool = False
    """Whether a person has sat at a seat since then: a table nobody comes to expires."""
    expired: bool = False
    """Nobody came in time: the hall let the table go, and nobody may join it now."""
    _bots: dict[int, Bot] = field(default_factory=dict)
    _views: dict[tuple[int | None, bool], dict[str, Any]] = field(default_factory=dict)
    """Each (seat, render)'s view of the current moment: built once however many connections share it."""
    _frames: dict[tuple[Any, ...], str] = field(default_factory=dict)
    """Encoded frames of the current moment (snapshots, updates from a given point, the seat list), built once."""

    def __post_init__(self) -> None:
        self.state = self.game.new_initial_state()

    # ---- reading -------------------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_terminal()

    def seat_for_token(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        digest = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.index
        return None

    def acting_seats(self) -> list[int]:
        """The seats that may act now: the seat to act, or at a simultaneous node every seat with a legal action."""
        current = self.state.current_player()
        if current >= 0:
            return [current]
        if current == SIMULTANEOUS:
            return [s for s in range(len(self.seats)) if self.state.legal_actions(s)]
        return []

    def unjoined_for(self, now: float) -> float:
        """How long the table has waited for its people (0 once one has come, or if it has none: bots play on)."""
        if self.arrived or self.over or all(seat.kind == "bot" for seat in self.seats):
            return 0.0
        return now - self.opened_at

    def abandoned(self, now: float) -> bool:
        """Whether its people have left it to bots: every person's seat is held (none open), nobody is connected and
        each has been gone past the takeover time, so a stand-in plays it (a quick start its person walked away
        from). A seat nobody has come to yet is awaited, not left."""
        people = [seat for seat in self.seats if seat.kind == "human"]
        return bool(people) and all(not seat.open and self._gone_too_long(seat, now) for seat in people)

    def summary(self) -> dict[str, Any]:
        """The public facts of the table, for the lobby."""
        return {
            "id": self.id,
            "game": self.game.name,
            "long_name": self.game.info.long_name,
            "options": self.game.options_dict(),
            "seats": [{**self.seat_summary(s), "open": s.open} for s in self.seats],
            "version": self.version,
            "status": "over" if self.over else "playing",
            "created": self.created,
            "rematch": self.rematch,
            "clock_seconds": self.settings.clock_seconds,
            "seed_fixed": self.settings.seed_fixed,
        }

    def seat_summary(self, seat: Seat) -> dict[str, Any]:
        """A seat's public facts: who, whether connected, whether a bot is playing for an absent person."""
        return {
            "seat": seat.index,
            "name": seat.name,
            "kind": seat.kind,
            "connected": seat.connections > 0,
            "stand_in": seat.kind == "human" and self._taken_over(seat, time.monotonic()),
            "timed_out": seat.index in self.timed_out,
            "deadline": self.deadline(seat.index),
        }

    def view(
        self, seat: int | None, render: bool, build: Callable[[Table, int | None, bool], dict[str, Any]]
    ) -> dict[str, Any]:
        """What `build` makes of the table for (seat, render) now, built once per change of the table."""
        key = (seat, render)
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = build(self, seat, render)
        return view

    def frame_text(self, key: tuple[Any, ...], build: Callable[[], dict[str, Any]]) -> str:
        """The encoded frame `key` names at this moment, built by `build` only for the first connection to ask."""
        text = self._frames.get(key)
        if text is None:
            text = self._frames[key] = json.dumps(build(), separators=(",", ":"))
        return text

    # ---- changing -------------------------------------------------------------------------------------------

    def replay(self, events: Iterable[EventRow]) -> None:
        """Rebuild the state from stored events (at start-up, before anyone connects)."""
        last: tuple[int, str, str] | None = None
        for ev in events:
            if ev.seq != self.version:
                raise ValueError(f"table {self.id}: event {ev.seq} follows event {self.version - 1}")
            timed_out = ev.request_id == CLOCK_RAN_OUT
            if timed_out:
                self._clock_ran_out(ev.player)
            apply_notation(self.state, ev.action, ev.player)
            self.version += 1
            if ev.player >= 0:
                self._moved(ev.player, timed_out)
                last = None if ev.request_id is None or timed_out else (ev.player, ev.request_id, ev.action)
            if last is not None:
                # A request's ack names the version after the chance it led to, as when it was first made.
                self._remember(last[0], last[1], last[2], self.version)

    async def start(self) -> None:
        """Settle any pending chance (a new table rolls its first dice) and start the bots' driver."""
        async with self.lock:
            events = self._settle_chance([], time.time())
            if events:
                await self.journal.append(events)
            self._restart_clocks(None)
        if not self.over:
            self.driver = asyncio.create_task(self._drive(), name=f"table {self.id}")
        self._notify()

    async def stop(self) -> None:
        """Stop the table's driver and drop what it keeps only to play on (server shutdown, or a finished table
        leaving memory)."""
        if self.driver is not None:
            self.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.driver
            self.driver = None
        self._bots.clear()
        self._forget_frames()

    async def submit(self, seat: int, text: str, version: int, request_id: str | None) -> int:
        """Check and apply `seat`'s action, persist it and what chance follows, tell everyone; the new version.

        A request id seen before returns the version its first delivery produced and changes nothing.
        """
        return await self._submit(seat, text, version, request_id, timed_out=False)

    async def _submit(self, seat: int, text: str, version: int, request_id: str | None, timed_out: bool) -> int:
        """`submit`, or a bot's move for a seat whose clock ran out (`timed_out`: the log says so first)."""
        if request_id == CLOCK_RAN_OUT and not timed_out:
            raise Rejection("bad-request-id", f"request id {request_id!r} is the table's own: choose another")
        async with self.lock:
            if request_id is not None and (seat, request_id) in self.requests:
                first_action, version_made = self.requests[(seat, request_id)]
                if first_action != text:
                    raise Rejection(
                        "request-id-reused", f"request id {request_id!r} was used for {first_action!r} already"
                    )
                return version_made
            check_action(self, seat, text, version)
            now = time.time()
            events: list[EventRow] = []
            if timed_out:
                self._clock_ran_out(seat)
                request_id = CLOCK_RAN_OUT
            apply_notation(self.state, text, seat)
            events.append(EventRow(self.id, self.version, seat, text, request_id, now))
            self.version += 1
            self._moved(seat, timed_out)
            self._settle_chance(events, now)
            try:
                await self.journal.append(events)
            except Exception:
                self._rebuild()
                raise
            if request_id is not None and not timed_out:
                self._remember(seat, request_id, text, self.version)
            if self.over:
                await self.journal.close_table(self.id, OVER, self.version, now)
            self._restart_clocks(seat)
            self.declined = {d for d in self.declined if d[0] >= self.version}
            result = self.version
        self._notify()
        return result

    async def take_open_seat(self, seat: int | None, name: str | None) -> tuple[int, str]:
        """Hand a free open seat (`seat`, or the first there is) to whoever asked, named `name` if given: the seat and
        its new token, made once. Two people asking at once cannot both get it: the seat is marked taken before the
        first wait, and the tables' seats are written one change at a time."""
        async with self.lock:
            index = free_open_seat(self, seat)
            taken = self.seats[index]
            before = (taken.open, taken.token_hash, taken.name)
            token = new_token()
            taken.open, taken.token_hash, taken.name = False, hash_token(token), name or taken.name
            rows, store = [s.to_row() for s in self.seats], self.journal.store
            try:
                await self.journal.run(lambda: store.set_seats(self.id, rows))
            except Exception:
                taken.open, taken.token_hash, taken.name = before
                raise
        self._notify("seats")
        return index, token

    def connect(self, seat: int | None) -> None:
        """A connection opened for `seat` (None: a watcher); everyone is told who is here now."""
        if seat is None:
            self.watchers += 1
        else:
            self.seats[seat].connections += 1
            self.seats[seat].gone_since = None
            self.arrived = True
        self._notify("seats")

    def disconnect(self, seat: int | None) -> None:
        """A connection for `seat` closed; a person gone long enough gets a bot standing in."""
        if seat is None:
            self.watchers = max(0, self.watchers - 1)
        else:
            s = self.seats[seat]
            s.connections = max(0, s.connections - 1)
            if s.connections == 0 and s.kind == "human":
                s.gone_since = time.monotonic()
        self._notify("seats")

    def _settle_chance(self, events: list[EventRow], now: float) -> list[EventRow]:
        """Draw every pending chance outcome; each draw is seeded by the table's seed and version, so replayable."""
        while self.state.is_chance_node():
            rng = random.Random(f"{self.settings.seed}:{self.version}")
            outcome = sample_chance_outcome(self.state, rng)
            text = self.state.action_to_string(outcome)
            self.state.apply_action(outcome)
            events.append(EventRow(self.id, self.version, CHANCE, text, None, now))
            self.version += 1
        return events

    def _rebuild(self) -> None:
        """After a failed write: go back to exactly what is stored (the journal's own view of this table)."""
        self.state = self.game.new_initial_state()
        self.version = 0
        self.notes, self.timed_out, self.last_move = [], set(), None
        self.replay(self.journal.store.events(self.id))

    def _clock_ran_out(self, seat: int) -> None:
        """Say in the log, before the move a bot is about to make for `seat`, that its clock ran out."""
        readers: list[int | None] = [None, *range(len(self.seats))]
        at = {reader: len(self.state.log(reader)) for reader in readers}
        name = self.seats[seat].name
        self.notes.append(TableNote(self.version, f"Time ran out for {name}: a bot played for them.", at))

    def _moved(self, seat: int, timed_out: bool) -> None:
        """Keep who made the move just applied, and whether it was a bot's because `seat`'s clock ran out."""
        self.last_move = (seat, self.version - 1)
        if timed_out:
            self.timed_out.add(seat)
        else:
            self.timed_out.discard(seat)

    def deadline(self, seat: int) -> float | None:
        """When (seconds since the epoch) `seat`'s move clock runs out; None if it has no clock running."""
        since = self.waiting_since.get(seat)
        if self.settings.clock_seconds is None or since is None or self.over:
            return None
        return time.time() + (since + self.settings.clock_seconds - time.monotonic())

    def _remember(self, seat: int, request_id: str, action: str, version: int) -> None:
        self.requests[(seat, request_id)] = (action, version)
        if len(self.requests) > REQUESTS_REMEMBERED * len(self.seats):
            for key in list(self.requests)[: len(self.requests) // 2]:
                del self.requests[key]

    def _restart_clocks(self, actor: int | None) -> None:
        """Start the clock of each seat play now waits for, unless it was already waiting (and did not just act)."""
        now = time.monotonic()
        waiting = self.state.waiting_for()
        self.waiting_since = {
            s: self.waiting_since[s] if s in self.waiting_since and s != actor else now for s in waiting
        }

    def set_rematch(self, table_id: str) -> None:
        """Point this table at its rematch, and tell everyone at it."""
        self.rematch = table_id
        self._notify()

    def _notify(self, change: Change = "state") -> None:
        self._forget_frames()
        self.changed.set()  # the driver looks again: a person leaving starts the wait for a stand-in
        for listener in list(self.listeners):
            listener(self, change)

    def _forget_frames(self) -> None:
        self._views.clear()
        self._frames.clear()

    # ---- bots ----------------------------------------------------------------------------------------------

    def _taken_over(self, seat: Seat, now: float) -> bool:
        """Whether a bot plays for this human seat now: gone too long, or its clock ran out."""
        if seat.kind == "bot" or self._gone_too_long(seat, now):
            return True
        return self._clock_expired(seat, now)

    def _clock_expired(self, seat: Seat, now: float) -> bool:
        """Whether `seat`'s move clock has run out."""
        clock = self.settings.clock_seconds
        since = self.waiting_since.get(seat.index)
        return clock is not None and since is not None and now - since >= clock

    def _gone_too_long(self, seat: Seat, now: float) -> bool:
        """Whether this seat's person left (no connection) longer ago than the table lets a seat wait for them."""
        takeover = self.settings.takeover_seconds
        return takeover is not None and seat.gone_since is not None and now - seat.gone_since >= takeover

    def _next_deadline(self, now: float) -> float | None:
        """The next moment a bot may have to step in for a human (a clock running out, a player gone too long)."""
        moments = []
        for seat in self.seats:
            if seat.kind != "human" or seat.index not in self.waiting_since:
                continue
            if self.settings.takeover_seconds is not None and seat.gone_since is not None:
                moments.append(seat.gone_since + self.settings.takeover_seconds)
            if self.settings.clock_seconds is not None:
                moments.append(self.waiting_since[seat.index] + self.settings.clock_seconds)
        future = [m for m in moments if m > now]
        return min(future) if future else None

    def _bot_turn(self, now: float) -> int | None:
        """The seat a bot should move for now: one play waits for first, then an optional one, else None."""
        waiting = self.state.waiting_for()
        for index in waiting:
            if self._taken_over(self.seats[index], now):
                return index
        if self.state.is_simultaneous_node():
            for index in self.acting_seats():
                if self.seats[index].kind == "bot" and (self.version, index) not in self.declined:
                    return index
        return None

    def bot(self, seat: int) -> Bot:
        """The bot of a seat (for a human seat: its stand-in), made on first use."""
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(self.game, self.seats[seat].bot, seat_seed(self.settings.seed, seat))
        return bot

    async def _drive(self) -> None:
        """Move for bots whenever play waits for one; otherwise sleep until something changes or a clock runs out."""
        while True:
            self.changed.clear()
            now = time.monotonic()
            seat = None if self.over else self._bot_turn(now)
            if seat is None:
                deadline = None if self.over else self._next_deadline(now)
                timeout = None if deadline is None else max(0.0, deadline - now) + 0.01
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), timeout)
                continue
            if self.settings.bot_delay:
                await asyncio.sleep(self.settings.bot_delay)
            try:
                await self._bot_move(seat)
            except Exception:
                # A bot's bug must not stop the table: log it, let the seat's clock or a person go on.
                log.exception("table %s: the bot of seat %d failed", self.id, seat)
                self.declined.add((self.version, seat))
                await asyncio.sleep(BOT_RETRY_SECONDS)

    async def _bot_move(self, seat: int) -> None:
        """Let the seat's bot choose on a copy of the state, then submit its choice like anyone's."""
        version = self.version
        snapshot = self.state.clone()
        player = seat if snapshot.is_simultaneous_node() else None
        bot = self.bot(seat)
        action = await asyncio.to_thread(bot.step, snapshot, player)
        if version != self.version:
            return  # play moved on while the bot thought: it will be asked again
        if action is None:
            self.declined.add((version, seat))
            return
        # A person's seat moved for because its clock ran out (not because the person is gone): the log says so.
        human = self.seats[seat]
        timed_out = human.kind == "human" and self._clock_expired(human, time.monotonic())
        try:
            await self._submit(seat, snapshot.action_to_string(action), version, None, timed_out)
        except (Rejection, IllegalActionError, InvalidActionError):
            # Only a race (a person acted first) gets here with a correct bot; either way, do not spin.
            self.declined.add((version, seat))
            await asyncio.sleep(0.05)


def free_open_seat(table: Table, seat: int | None) -> int:
    """The open seat nobody holds that a newcomer gets (`seat` if given); NoFreeSeat says why there is none."""
    if table.over or table.expired:
        raise NoFreeSeat(f"table {table.id} is over: there is no seat to take")
    if seat is None:
        free = [s.index for s in table.seats if s.open]
        if not free:
            raise NoFreeSeat(f"table {table.id} has no free open seat (its other seats are by invitation)")
        return free[0]
    if not 0 <= seat < len(table.seats):
        raise NoFreeSeat(f"table {table.id} has seats 0 to {len(table.seats) - 1}; there is no seat {seat}")
    if not table.seats[seat].open:
        raise NoFreeSeat(f"seat {seat} of table {table.id} is not free to take: it is taken, a bot's or by invitation")
    return seat


def seats_from_specs(game: Game[Any], specs: list[SeatSpec]) -> tuple[list[Seat], list[str | None]]:
    """Seats for a new table and each human seat's token (returned once, stored only hashed)."""
    count = game.num_players()
    if not specs:
        specs = [SeatSpec(kind="human")] + [SeatSpec(kind="bot") for _ in range(count - 1)]
    if len(specs) != count:
        raise ValueError(f"{game.name} with these options has {count} seats; {len(specs)} were given")
    fallback = default_bot_name(game)
    bots = [spec.bot or fallback for spec in specs]
    for bot in set(bots):
        make_bot(game, bot)  # an unknown bot name fails here, naming the bots there are
    # Bots named by the table are numbered among the bots of their kind, so "Waiting for Heuristic bot 2" is clear.
    unnamed_bots = [i for i, spec in enumerate(specs) if spec.kind == "bot" and not spec.name]
    bot_names_of = dict(zip(unnamed_bots, bot_seat_names([bots[i] for i in unnamed_bots]), strict=True))
    seats, tokens = [], []
    for index, spec in enumerate(specs):
        if spec.open and spec.kind != "human":
            raise ValueError(f"seat {index + 1} is a bot's: only a person's seat can be open to anyone")
        # An open seat gets its token only when someone takes it from the lobby.
        token = new_token() if spec.kind == "human" and not spec.open else None
        name = spec.name or bot_names_of.get(index, f"Seat {index + 1}")
        token_hash = None if token is None else hash_token(token)
        seats.append(Seat(index, spec.kind, name, bots[index], token_hash, open=spec.open))
        tokens.append(token)
    return seats, tokens


def table_from_row(row: TableRow, journal: Journal) -> Table:
    """A table rebuilt from what was stored when it was created (its events are replayed separately)."""
    game = load_game(row.game, **row.options)
    seats = [
        Seat(i, s["kind"], s["name"], s["bot"], s.get("token_hash"), open=s.get("open", False))
        for i, s in enumerate(row.seats)
    ]
    return Table(row.id, game, seats, TableSettings(**row.settings), row.created, journal, rematch=row.rematch)
