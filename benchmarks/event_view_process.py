"""What the view process costs and saves, without a server: the CPU per action of building every seat's view in the
event's own process, against sending the action's rows to a view process and patching the views it sends back.

    .venv/bin/python benchmarks/event_view_process.py                 # 600 actions of Infinite Domain
    .venv/bin/python benchmarks/event_view_process.py --actions 2000 --seed 3

A seeded random play of the 52-seat Infinite Domain game (Control advances every 60th action) is recorded first as
rows, as a live event stores them. Then every seat's view (and the public's) is kept up to date after each action,
once on a `ViewSet` in this process, once through a `ViewProcess`, and the CPU time of each process is measured
(`time.process_time` here, psutil for the view process). Both ways must give the same views: the run stops with an
error at the first action whose views differ (compared once the time is taken). docs/event.md ("Speed") has the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import psutil  # type: ignore[import-untyped, unused-ignore]  # no types-psutil in the dev extra

from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import State
from wolfpack.event.settings import EventSettings, make_settings
from wolfpack.event.viewing import ViewProcess, ViewSet, patched
from wolfpack.server.tables import apply_notation

Rows = list[tuple[int, str]]


def record(actions: int, seed: int) -> tuple[EventSettings, State[Any], list[Rows]]:
    """The event's settings, its state once the first draws are made, and `actions` actions' rows after it."""
    settings = make_settings(edition="infinite-domain", turns=40, base_url="http://127.0.0.1:8000")
    state = settings.game().new_initial_state()
    rng = random.Random(seed)

    def settle(rows: Rows) -> None:
        while state.is_chance_node():
            outcome = sample_chance_outcome(state, rng)
            rows.append((-1, state.action_to_string(outcome)))
            state.apply_action(outcome)

    settle([])
    start = state.clone()
    played: list[Rows] = []
    tries = 0
    while len(played) < actions:
        tries += 1
        seat = 0 if tries % 60 == 0 else rng.randrange(state.num_players())
        texts = [state.action_to_string(a) for a in state.legal_actions(seat)]
        if seat == 0:
            texts = [t for t in texts if t.startswith("control advance")] or texts
        if not texts:
            continue
        text = rng.choice(texts)
        rows: Rows = [(seat, text)]
        apply_notation(state, text, seat)
        settle(rows)
        played.append(rows)
    return settings, start, played


def copy(settings: EventSettings, state: State[Any]) -> State[Any]:
    """A copy of the state as a saved one loads (no view version asked of it yet)."""
    return settings.game().state_from_json(state.to_json())


def held(views: ViewSet) -> dict[int | None, int]:
    """Every seat's view built now, as if a device held each; their view versions."""
    versions = views.versions()
    for seat in views.seats:
        views.view(seat, versions[seat])
    return versions


async def measure(actions: int, seed: int) -> dict[str, float]:
    """CPU milliseconds per action: here alone, and here and in the view process."""
    settings, start, played = record(actions, seed)
    here = ViewSet(copy(settings, start))
    held(here)
    began = time.process_time()
    snapshots = []
    for rows in played:
        for player, text in rows:
            apply_notation(here.state, text, player)
        here.update(here.versions())
        snapshots.append({seat: view.observation for seat, view in here.views.items()})
    alone = time.process_time() - began

    process = ViewProcess()
    try:
        worker = psutil.Process(await process.pid())
        await process.open("bench", settings, start)
        mine = ViewSet(copy(settings, start))
        track: dict[int | None, int] = held(mine)
        cpu = worker.cpu_times()
        worker_before, began = cpu.user + cpu.system, time.process_time()
        patched_views = []
        for rows in played:
            _versions, built = await process.advance("bench", track, rows)
            track = {}
            for seat, view in built:
                mine.views[seat] = patched(mine.views.get(seat), view)
            patched_views.append({seat: view.observation for seat, view in mine.views.items()})
        here_cpu = time.process_time() - began
        cpu = worker.cpu_times()
        worker_cpu = cpu.user + cpu.system - worker_before
        for number, (theirs, ours) in enumerate(zip(patched_views, snapshots, strict=True)):
            if theirs != ours:
                raise SystemExit(f"action {number}: a view from the process differs from the one built here")
    finally:
        process.close()
    per = 1000 / actions
    return {
        "alone": alone * per,
        "event": here_cpu * per,
        "view_process": worker_cpu * per,
        "both": (here_cpu + worker_cpu) * per,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--actions", type=int, default=600, help="actions played (default 600)")
    parser.add_argument("--seed", type=int, default=1, help="the play's seed (default 1)")
    args = parser.parse_args(argv)
    figures = asyncio.run(measure(args.actions, args.seed))
    print(
        f"{args.actions} actions, CPU per action: every view built here {figures['alone']:.2f} ms; with a view "
        f"process, here {figures['event']:.2f} ms + the view process {figures['view_process']:.2f} ms = "
        f"{figures['both']:.2f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
