"""The view process (`event/viewing.py`): an event's views built in a process beside the server's, from its own
copy of the game, sent back as patches; and what happens when a write fails, Control rewinds, or the process dies.

One view process for the module (a second for the test that kills one); each test plays an event in this process
with its writes made at once (tests/event/test_live.py's `in_process`).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator

import psutil  # type: ignore[import-untyped, unused-ignore]
import pytest

from wolfpack.event import history
from wolfpack.event.live import LiveEvent, Viewer
from wolfpack.event.model import Event
from wolfpack.event.seats import CONTROL_SEAT
from wolfpack.event.store import EventStore
from wolfpack.event.viewing import ViewProcess

from .devices import seat_of
from .test_live import disk_full, in_process


@pytest.fixture(scope="module")
def process() -> Iterator[ViewProcess]:
    views = ViewProcess()
    yield views
    views.close()


def every_viewer(live: LiveEvent) -> list[int | None]:
    return [None, *range(live.state.num_players())]


def hold_every_view(live: LiveEvent) -> dict[int | None, int]:
    """Ask for every seat's view, as devices holding every seat would; each one's view version."""
    return {seat: live.view(seat).view_version for seat in every_viewer(live)}


def assert_views_are_the_games(live: LiveEvent) -> None:
    """Every view the event holds shows exactly what its seat may see of the game now, its whole log included."""
    for seat in every_viewer(live):
        view = live.view(seat)
        assert view.observation == live.state.observation(seat), f"seat {seat}'s view is not the game's"
        assert live.whole_log(seat, view) == live.state.log(seat), f"seat {seat}'s log is not the game's"


async def advance(live: LiveEvent) -> int:
    return await live.submit(Viewer("control"), CONTROL_SEAT, "control advance", live.version, None, confirm=True)


def test_the_process_builds_the_views_an_action_changed_and_sends_them_as_patches(
    process: ViewProcess, tmp_path_factory: pytest.TempPathFactory
) -> None:
    async def play(live: LiveEvent, event: Event, store: EventStore) -> None:
        assert await process.pid() != os.getpid()
        opened = live.version
        before = hold_every_view(live)
        captain = seat_of(event, "dione/captain")
        await advance(live)
        await live.submit(Viewer("seat", captain), captain, "rations food low", live.version, None)
        assert live.views_elsewhere is process, "the process still builds the views"
        changed = [seat for seat in every_viewer(live) if live.view(seat).view_version != before[seat]]
        assert CONTROL_SEAT in changed and captain in changed
        for seat in changed:
            view = live.view(seat)
            assert view.patch is not None and view.previous is not None, "a changed view came as a patch"
        assert_views_are_the_games(live)
        # The view versions are the process's: those of the stored game restored as the event was opened, asked
        # after every action (as the process asks its copy, and the delivery check a replay of the history).
        replayed = history.state_at(store.engine, event.game, event.id, opened)
        versions_then = {s: replayed.view_version(s) for s in every_viewer(live)}
        for row in history.actions(store.engine, event.id, since=opened):
            history.replay_rows(replayed, [row])
            if not replayed.is_chance_node():
                versions_then = {s: replayed.view_version(s) for s in every_viewer(live)}
        assert {seat: live.view_version(seat) for seat in every_viewer(live)} == versions_then

    in_process(tmp_path_factory, play, process)


def test_no_view_from_the_process_shows_a_seat_a_secret_it_may_not_see(
    process: ViewProcess, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The canaries of every secret, in the process's copy: each seat's views (patched from what the process sent)
    show its own and never another ship's; the public view none; Control all."""

    async def play(live: LiveEvent, event: Event, store: EventStore) -> None:
        canary, expected = live.state.with_canaries()
        await live.replace_state(canary, live.version)  # the process is given the canary copy too
        before = hold_every_view(live)
        # Control enters the dice awaited at three tables (the canary copy has one at every ship's): the views
        # these change come back from the process as patches.
        for _ in range(3):
            enter = next(a for a in live.legal(CONTROL_SEAT) if a.startswith("control enter "))
            await live.submit(Viewer("control"), CONTROL_SEAT, enter, live.version, None)
        assert live.views_elsewhere is process
        changed = [seat for seat in expected if live.view(seat).view_version != before[seat]]
        assert CONTROL_SEAT in changed and len(changed) > 3
        for seat, (must, never) in expected.items():
            view = live.view(seat)
            assert view.patch is not None or seat not in changed
            shown = json.dumps([view.observation, live.whole_log(seat, view), view.patch, view.fresh])
            assert all(c in shown for c in must), f"seat {seat} misses its own secrets"
            assert not [c for c in never if c in shown], f"seat {seat} was shown another's secret"
        assert_views_are_the_games(live)

    in_process(tmp_path_factory, play, process)


def test_a_failed_write_puts_the_stored_state_back_in_the_event_and_in_the_process(
    process: ViewProcess, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play(live: LiveEvent, event: Event, store: EventStore) -> None:
        hold_every_view(live)
        await advance(live)
        stored = live.version
        told: list[str] = []
        live.listeners.add(lambda _live, change: told.append(change))
        monkeypatch.setattr("wolfpack.event.live.insert_audit", disk_full)
        with pytest.raises(OSError, match="disk full"):
            await advance(live)
        assert told == [] and live.version == stored == history.version(store.engine, event.id)
        monkeypatch.undo()
        hold_every_view(live)
        await advance(live)  # the process's copy went back too: the views of the next action are the game's
        assert live.views_elsewhere is process and live.version > stored
        assert_views_are_the_games(live)

    in_process(tmp_path_factory, play, process)


def test_a_rewind_restores_the_process_copy_of_the_game_too(
    process: ViewProcess, tmp_path_factory: pytest.TempPathFactory
) -> None:
    async def play(live: LiveEvent, event: Event, store: EventStore) -> None:
        hold_every_view(live)
        target = live.version
        await advance(live)
        await advance(live)
        await live.rewind(Viewer("control"), target, "a wrong ruling")
        assert live.version == target
        hold_every_view(live)
        await advance(live)
        assert live.views_elsewhere is process
        assert_views_are_the_games(live)

    in_process(tmp_path_factory, play, process)


def test_a_dead_view_process_loses_no_action_and_the_event_builds_its_views_itself(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    doomed = ViewProcess()

    async def play(live: LiveEvent, event: Event, store: EventStore) -> None:
        hold_every_view(live)
        await advance(live)
        pid = await doomed.pid()
        os.kill(pid, signal.SIGKILL)
        psutil.Process(pid).wait(10)
        before = live.version
        made = await advance(live)  # sent to a dead process: stored all the same, its views built here
        assert made > before
        assert history.version(store.engine, event.id) == made == live.version
        assert live.views_elsewhere is None, "the event builds its own views now"
        assert_views_are_the_games(live)
        captain = seat_of(event, "dione/captain")
        held = live.view(captain)
        await live.submit(Viewer("seat", captain), captain, "rations food low", live.version, None)
        after = live.view(captain)
        assert after.previous is not None and after.previous.view_version == held.view_version
        assert_views_are_the_games(live)

    try:
        in_process(tmp_path_factory, play, doomed)
    finally:
        doomed.close()


def test_closing_the_view_process_leaves_no_process_behind() -> None:
    views = ViewProcess()
    pid = asyncio.run(views.pid())
    assert psutil.pid_exists(pid)
    views.close()
    assert not psutil.pid_exists(pid), "the view process ended with the server and was waited for"


def test_the_view_process_ends_when_the_servers_process_is_killed() -> None:
    """Killed (SIGKILL, as tests/event/test_recovery.py kills the server), the server cannot stop its view process:
    the process watches for it and ends too, leaving nothing behind."""
    code = (
        "import asyncio, time\n"
        "from wolfpack.event.viewing import ViewProcess\n"
        "print(asyncio.run(ViewProcess().pid()), flush=True)\n"
        "time.sleep(120)\n"
    )
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        view_process = psutil.Process(int(server.stdout.readline()))
        assert view_process.is_running()
        server.kill()
        server.wait()
        view_process.wait(timeout=30)  # psutil.TimeoutExpired if it lived on
        assert not psutil.pid_exists(view_process.pid)
    finally:
        server.kill()
        server.wait()
