"""Seats' views of an event's game, built in the event's process or in a view-building process beside it.

`ViewSet` builds each seat's view of one game state (its observation, the patch from the view before, the log's new
lines) when the seat's view version moved. A live event uses one on its own state, or hands the work to a
`ViewProcess`: a process of the standard library's `ProcessPoolExecutor` (one worker) that keeps its own copy of
each event's game, is sent each action's stored rows (which replay exactly), and sends back every seat's view
version and the views that changed, the observations as patches. docs/event.md ("Speed") says why.

A view version is comparable only with one worked out at the same actions (`State.view_version` compares each part
with its value when it was last asked): so while a process builds an event's views, the event takes every view
version from it and never asks its own state; the process asks its copy after every action, as the delivery check
does when it replays the history.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from wolfpack.engine.game import State
from wolfpack.event.settings import EventSettings
from wolfpack.server.patch import Patch, apply_patch, observation_patch
from wolfpack.server.tables import apply_notation

log = logging.getLogger(__name__)

Versions = dict[int | None, int]
"""Each seat's view version (None: the public's), all at one game version."""
Built = list[tuple[int | None, "SeatView"]]
"""The views an action changed, by seat, in the order built."""


@dataclass
class SeatView:
    """A seat's (or the public's) view at one version of its parts: built once, shared by its devices. It keeps
    the log's new lines, not the whole log: 53 seats' copies of a log that grows all event were most of what the
    server's memory grew by; a device that needs the whole log (a snapshot) reads it from the game then."""

    view_version: int
    observation: dict[str, Any]
    log_length: int
    last_line: str | None
    """The log's last line, to tell at the next view whether this one's lines still begin the log."""
    over: bool = False
    """Whether the game had ended."""
    fresh: list[str] = field(default_factory=list)
    """The log's lines from `kept` on: what a device holding the previous view lacks."""
    previous: SeatView | None = None
    """The seat's view before this one, which is what a device that got every update holds (its version and log's
    length only: its observation is let go once `patch` is made)."""
    patch: Patch | None = None
    """What turns the previous view's observation into this one's (`server.patch`): one copy of a seat's
    observation is kept, not two."""
    kept: int = 0
    """How many of the log's first lines the previous view had (all of its lines, as a live event's logs only
    grow; 0 if its last line is no longer where it was)."""

    def since_previous(self) -> SeatView:
        """This view as the previous one of the next: its version and log's length, its observation and lines let
        go (the next view keeps the patch from it instead)."""
        return SeatView(self.view_version, {}, self.log_length, self.last_line, self.over)


def log_lines_kept(previous: SeatView, tail: list[str]) -> int:
    """How many of the log's first lines a device holding `previous` has, given `tail`, the log from the previous
    view's last line on: all of its lines if that line is still where it was (Den of Wolves' logs only grow), else
    none, and the device is sent the whole log."""
    length = previous.log_length
    if length == 0 or (tail and tail[0] == previous.last_line):
        return length
    return 0


class ViewSet:
    """The views of one game state, each rebuilt only when its seat's view version moved."""

    def __init__(self, state: State[Any]) -> None:
        self.state = state
        self.seats: list[int | None] = [None, *range(state.num_players())]
        self.views: dict[int | None, SeatView] = {}
        """The latest view built of each seat asked for: what its patches are made from."""

    def versions(self) -> Versions:
        """Every seat's view version now (asked of the state: see the module's note)."""
        state = self.state
        return {seat: state.view_version(seat) for seat in self.seats}

    def view(self, seat: int | None, view_version: int) -> SeatView:
        """`seat`'s view at `view_version` (its version now), built unless the one kept is at that version."""
        kept = self.views.get(seat)
        if kept is not None and kept.view_version == view_version:
            return kept
        state = self.state
        # Only the log's new lines are read (the whole log, kept compressed by the game, only for a snapshot).
        read_from = 0 if kept is None else max(kept.log_length - 1, 0)
        tail = state.log_since(seat, read_from)
        kept_lines = 0 if kept is None else log_lines_kept(kept, tail)
        if kept is not None and kept_lines == 0 and read_from > 0:  # its lines were not only added to: read all
            tail, read_from = state.log(seat), 0
        length = read_from + len(tail)
        observation = state.shared_observation(seat)  # only read, compared and sent: no copy needed
        built = SeatView(view_version, observation, length, tail[-1] if tail else None, state.is_terminal())
        if kept is not None:
            built.previous, built.kept = kept.since_previous(), kept_lines
            built.patch = observation_patch(kept.observation, built.observation)
            built.fresh = tail[kept_lines - read_from :]
        self.views[seat] = built
        return built

    def update(self, versions: Versions) -> Built:
        """Rebuild every kept view whose seat's version moved; the ones rebuilt."""
        built: Built = []
        for seat, kept in list(self.views.items()):
            if kept.view_version != versions[seat]:
                built.append((seat, self.view(seat, versions[seat])))
        return built

    def forget(self) -> None:
        """Drop every view: the state was replaced, so a view version may now stand for another view."""
        self.views.clear()


# ---- in the view process ---------------------------------------------------------------------------------------

_EVENTS: dict[str, ViewSet] = {}
"""The view process's copy of each event's game and its views."""


def _open(event_id: str, settings: EventSettings, state_json: str) -> Versions:
    """(In the process.) Take a copy of an event's game as it is stored now; every seat's view version then."""
    state = settings.game().state_from_json(state_json)
    views = _EVENTS[event_id] = ViewSet(state)
    return views.versions()


def _advance(event_id: str, track: dict[int | None, int], rows: Sequence[tuple[int, str]]) -> tuple[Versions, Built]:
    """(In the process.) Build the views of the seats newly asked for (`track`: seat -> its view version) as they
    are before the rows, apply the rows, then every seat's view version and the views they changed, each with its
    patch and without its observation (the event patches its own copy)."""
    views = _EVENTS[event_id]
    for seat, view_version in track.items():
        views.view(seat, view_version)
    for player, action in rows:
        apply_notation(views.state, action, player)
    versions = views.versions()
    built = views.update(versions)
    return versions, [(seat, replace(view, observation={}) if view.patch is not None else view) for seat, view in built]


def _close(event_id: str) -> None:
    """(In the process.) Let go of an event."""
    _EVENTS.pop(event_id, None)


def _pid() -> int:
    """(In the process.) Its process id."""
    return os.getpid()


def _watch_parent() -> None:
    """(In the process, as it starts.) End it as soon as the server's process ends, however it ends: killed, the
    server cannot stop it, and the pipe it reads its work from never closes (it holds both of its ends)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os._exit(0)

    threading.Thread(target=watch, name="wolfpack view process: parent watch", daemon=True).start()


# ---- in the server ---------------------------------------------------------------------------------------------


class ViewProcessGone(Exception):
    """The view process died or could not be started: the event builds its views itself from now on."""


class ViewProcess:
    """One process beside the server that builds its events' views (started when first needed)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self.broken = False
        """Set once the process died: no event uses it again (each builds its own views)."""

    def _executor(self) -> ProcessPoolExecutor:
        if self.broken:
            raise ViewProcessGone("the view process died earlier")
        if self._pool is None:
            # spawn, not fork: the server has threads (the database's, the event loop's executor) that a fork copies
            # in whatever state they were in.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(1, mp_context=context, initializer=_watch_parent)
        return self._pool

    async def _call(self, future: Future[Any]) -> Any:
        try:
            return await asyncio.wrap_future(future)
        except Exception as exc:  # BrokenProcessPool, or anything the process raised: never trusted again
            self.broken = True
            raise ViewProcessGone(f"the view process failed: {exc!r}") from exc

    def _submit(self, fn: Any, *args: Any) -> Future[Any]:
        try:
            return self._executor().submit(fn, *args)
        except ViewProcessGone:
            raise
        except Exception as exc:  # a pool found broken when submitting
            self.broken = True
            raise ViewProcessGone(f"the view process failed: {exc!r}") from exc

    async def open(self, event_id: str, settings: EventSettings, state: State[Any]) -> Versions:
        """Give the process a copy of the event's game (replacing any it had); every seat's view version now."""
        result: Versions = await self._call(self._submit(_open, event_id, settings, state.to_json()))
        return result

    def advance(
        self, event_id: str, track: dict[int | None, int], rows: Sequence[tuple[int, str]]
    ) -> asyncio.Future[tuple[Versions, Built]]:
        """Send the process an action's rows (queued at once, in order); awaiting gives what `_advance` returns."""
        return asyncio.ensure_future(self._call(self._submit(_advance, event_id, dict(track), list(rows))))

    async def close_event(self, event_id: str) -> None:
        """Let the process forget an event."""
        if self._pool is not None and not self.broken:
            with contextlib.suppress(ViewProcessGone):
                await self._call(self._submit(_close, event_id))

    async def pid(self) -> int:
        """The process's id (starting it if need be)."""
        result: int = await self._call(self._submit(_pid))
        return result

    def close(self) -> None:
        """Stop the process and wait for it to end."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def patched(kept: SeatView | None, view: SeatView) -> SeatView:
    """A view sent back by the process (its observation left out, its patch in) with its observation made from the
    event's own copy of the previous view; ViewProcessGone if the event's copy is not the one the patch is from."""
    if view.patch is None:
        return view
    if kept is None or view.previous is None or kept.view_version != view.previous.view_version:
        raise ViewProcessGone("the view process's views and the event's went apart")
    view.observation = apply_patch(kept.observation, view.patch)
    return view
