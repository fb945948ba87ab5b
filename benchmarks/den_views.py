"""What a Den of Wolves event costs a server after each action: every seat's legal actions, observation and log,
and the saved position's size (docs/benchmarks.md, "Den of Wolves views").

    nice -n 10 .venv/bin/python benchmarks/den_views.py                     # both editions, 12 turns, seed 1
    .venv/bin/python benchmarks/den_views.py --editions classic --turns 4 --every 5

A seeded bot event is played headless (`wolfpack.games.den.event.play_event`, the game's bots in every seat, chance
from the seed). After every `--every`-th seat action (chance outcomes are rolled first, as the driver does), on the
state as it then stands, it times:

- `legal`: `state.legal_actions(seat)` for every seat, as a server that lists them all after each action would;
- `views`: `state.observation(seat)` and `state.log(seat)` for every seat and the public view (None);
- `changed`: what a server that rebuilds only the views that changed pays: `state.view_version(seat)` for every
  viewer, then the observation and log of those whose version moved since it last looked;
- `to_json`: the saved state, its size recorded at each turn's end, with the position's alone (without the log and
  the history);
- `clone`: a copy of the state at each turn's end (what a bot that searches, or the live server's bot seats, pay).

The timings come from `time.perf_counter` around each whole sweep; the report gives median, p95 and p99 in
milliseconds per edition, how many views changed per action on average, and the saved size by turn in KiB. The
bots' own work is not timed. Asking every seat for its legal actions primes the engine's cache, so the bots find
their lists ready: the event is the same (same seed, same actions), only faster.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from run import cpu_model  # benchmarks/run.py, beside this script

import wolfpack
from wolfpack.engine.game import State
from wolfpack.engine.records import Match
from wolfpack.games.den.event import event_bots, play_event


@dataclass
class Sweeps:
    """The timings of one edition's event, in seconds per sweep, and the saved size at each turn's end."""

    edition: str
    seats: int
    actions: int = 0
    legal: list[float] = field(default_factory=list)
    views: list[float] = field(default_factory=list)
    changed: list[float] = field(default_factory=list)
    changed_views: list[int] = field(default_factory=list)
    saved_kib: dict[int, float] = field(default_factory=dict)
    position_kib: dict[int, float] = field(default_factory=dict)
    """The position alone (the saved state without its log and history) at each turn's end."""
    saved_ms: list[float] = field(default_factory=list)
    clone_ms: list[float] = field(default_factory=list)
    seconds: float = 0.0


def quantile(values: Sequence[float], share: float) -> float:
    """The `share` quantile of `values` (nearest rank), 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def sweep(state: State[Any], sweeps: Sweeps, seen: dict[int | None, int]) -> None:
    """Time every seat's legal actions, every view and log, and the changed views only, on `state` as it stands."""
    viewers: list[int | None] = [None, *range(state.num_players())]
    fresh(state)
    started = time.perf_counter()
    changed = [viewer for viewer in viewers if state.view_version(viewer) != seen.get(viewer)]
    for viewer in changed:
        state.observation(viewer)
        state.log(viewer)
        seen[viewer] = state.view_version(viewer)
    sweeps.changed.append(time.perf_counter() - started)
    sweeps.changed_views.append(len(changed))
    fresh(state)
    started = time.perf_counter()
    for viewer in viewers:
        state.observation(viewer)
        state.log(viewer)
    sweeps.views.append(time.perf_counter() - started)
    fresh(state)
    started = time.perf_counter()
    for seat in range(state.num_players()):
        state.legal_actions(seat)
    sweeps.legal.append(time.perf_counter() - started)


def fresh(state: State[Any]) -> None:
    """Drop what the last sweep left in the state's per-action lookups (Den's `cache`: the parts of this moment's
    views, the team-shared legal lists), so each sweep starts from the state as the action left it."""
    if hasattr(state, "cache"):
        state.cache = {}


def measure(edition: str, turns: int, seed: int, every: int) -> Sweeps:
    """Play one seeded event of `edition` and sweep after every `every`-th seat action."""
    game = wolfpack.load_game("den-of-wolves", edition=edition, turns=turns)
    sweeps = Sweeps(edition, game.num_players())
    seen: dict[int | None, int] = {}
    match = Match(game, seed)
    state = match.state
    last_turn = [1]

    def on_action(seat: int, notation: str) -> None:
        sweeps.actions += 1
        if sweeps.actions % every == 0 and not state.is_terminal():
            sweep(state, sweeps, seen)
        turn = state.observation(None)["turn"]
        if turn != last_turn[0] or state.is_terminal():
            started = time.perf_counter()
            text = state.to_json()
            sweeps.saved_ms.append(time.perf_counter() - started)
            sweeps.saved_kib[last_turn[0]] = len(text.encode()) / 1024
            sweeps.position_kib[last_turn[0]] = len(json.dumps(state.to_dict()["position"]).encode()) / 1024
            started = time.perf_counter()
            state.clone()
            sweeps.clone_ms.append(time.perf_counter() - started)
            last_turn[0] = turn

    started = time.perf_counter()
    play_event(match, event_bots(game, seed), on_action)
    sweeps.seconds = time.perf_counter() - started
    return sweeps


def report(sweeps: Sweeps) -> str:
    """The edition's figures as a few lines of text."""

    def row(name: str, values: Sequence[float]) -> str:
        ms = [v * 1000 for v in values]
        return (
            f"  {name:<8} median {statistics.median(ms):7.2f} ms   p95 {quantile(ms, 0.95):7.2f} ms"
            f"   p99 {quantile(ms, 0.99):7.2f} ms   max {max(ms):7.2f} ms"
        )

    header = (
        f"{sweeps.edition}: {sweeps.seats} seats, {sweeps.actions} seat actions, {len(sweeps.legal)} sweeps,"
        f" {sweeps.seconds:.1f} s in all"
    )
    if not sweeps.legal:
        return f"{header}\n  nothing timed: --every is more than the event's seat actions"
    lines = [
        header,
        row("legal", sweeps.legal),
        row("views", sweeps.views),
        row("changed", sweeps.changed),
        f"  views changed per action: mean {statistics.mean(sweeps.changed_views):.1f}"
        f" of {sweeps.seats + 1}, median {statistics.median(sweeps.changed_views):.0f}",
        row("to_json", sweeps.saved_ms),
        "  saved KiB by turn: " + ", ".join(f"{turn}: {kib:.0f}" for turn, kib in sorted(sweeps.saved_kib.items())),
        "  position KiB by turn: "
        + ", ".join(f"{turn}: {kib:.0f}" for turn, kib in sorted(sweeps.position_kib.items())),
        row("clone", sweeps.clone_ms),
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Measure the editions asked for and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--editions", nargs="+", default=["classic", "infinite-domain"])
    parser.add_argument("--turns", type=int, default=12, help="turns of the event (default 12)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=1, help="sweep after every n-th seat action (default 1)")
    parser.add_argument("--no-pin", action="store_true", help="do not pin the process to one core")
    args = parser.parse_args(argv)
    if not args.no_pin and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"Python {platform.python_version()}, {cpu_model()}, seed {args.seed}, {args.turns} turns")
    for edition in args.editions:
        print(report(measure(edition, args.turns, args.seed, args.every)), flush=True)


if __name__ == "__main__":
    main()
