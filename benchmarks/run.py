"""Random-playout throughput of every registered game, next to OpenSpiel's maedn when open_spiel is installed.

    .venv/bin/python benchmarks/run.py                   # 5 s per game (what `make bench` runs)
    .venv/bin/python benchmarks/run.py --seconds 20      # longer, steadier numbers
    .venv/bin/python benchmarks/run.py --profile spacewolves   # cProfile of the same loop, top functions

One driver loop plays every game, ours and OpenSpiel's alike, through the methods both APIs share: at a chance
node it samples `state.chance_outcomes()` with one `rng.random()` and a cumulative walk, otherwise it picks one of
`state.legal_actions()` with `rng.choice`, then calls `state.apply_action(action)`. A step is one applied action,
chance outcomes included. See docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import wolfpack
from wolfpack.engine.chance import sample_outcome
from wolfpack.testing import random_acting_seat

REFERENCE = "maedn"
"""OpenSpiel's Mensch ärgere Dich nicht: a dice race game implemented in C++, our yardstick."""
BENCH_OPTIONS: dict[str, dict[str, Any]] = {"den-of-wolves": {"turns": 2, "phase_actions": 200}}
"""Options that keep one random playout short: a megagame's steps wait for Control, whom random play seldom picks."""
REFERENCE_GAME = "spacewolves"
"""The game whose steps per second are divided by the reference's."""
SCALAR_AIM = 0.5
"""Issue 33: Spacewolves!'s scalar engine at half maedn's steps per second or better."""
SECTIONS: list[tuple[str, str, str, list[str]]] = [
    ("swscalar", "Spacewolves! scalar engine against the tree before its second pass", "spacewolves_scalar", []),
    ("batch", "Spacewolves! batch engine beside maedn", "spacewolves_batch", []),
    ("hunt-batch", "Wolves on the Hunt: batch engine beside the scalar one", "hunt_batch", ["--players", "2", "4"]),
    # the method docs/benchmarks.md reports (4 play-outs a position); 2 would leave a process's caches colder
    ("wolf", "WOLF play-outs from fixed positions: before issue 33 and now", "wolf_playouts", ["--rounds", "5"]),
    ("perft", "Deep perft of the recorded positions", "perft_deep", []),
    ("compare", "Spacewolves! batch and scalar engines: 100,000 games each", "spacewolves_batch", ["--compare"]),
    ("compare", "Wolves on the Hunt batch and scalar engines: 100,000 games each", "hunt_batch", ["--compare"]),
    (
        "compare",
        "Wolves on the Hunt, heuristic hunters: 4,000 scalar and 40,000 batch games",
        "hunt_batch",
        ["--compare", "--bot", "heuristic", "--scalar-games", "4000", "--games", "40000"],
    ),
    ("ladder", "Each game's bot ladder (the tables docs/bots.md shows; make ladder writes them there)", "ladder", []),
]
"""What `make bench` runs after the scalar table, in order: (name for --sections, title, script, its arguments)."""
PYTHON_GAMES = ("python_tic_tac_toe", "python_kuhn_poker", "python_liars_poker", "python_block_dominoes")
"""OpenSpiel's games written in pure Python, played by the same loop: what a Python engine usually manages."""


@dataclass
class Throughput:
    """What one timed run measured."""

    name: str
    games: int
    steps: int
    seconds: float

    @property
    def steps_per_second(self) -> float:
        """Applied actions (chance outcomes included) per second."""
        return self.steps / self.seconds

    @property
    def games_per_second(self) -> float:
        """Finished games per second."""
        return self.games / self.seconds

    def line(self) -> str:
        """One line of a report: steps and games per second, and what they were counted from."""
        return (
            f"{self.name:<24} {self.steps_per_second:>12,.0f} steps/s {self.games_per_second:>10,.1f} games/s"
            f"   ({self.steps:,} steps, {self.games:,} games, {self.steps / max(self.games, 1):,.1f} steps/game,"
            f" {self.seconds:.1f} s)"
        )


def playout(state: Any, rng: random.Random) -> int:
    """Play `state` to the end with random moves and sampled chance; return the number of steps."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
        elif state.is_simultaneous_node():
            seat = random_acting_seat(state, rng)
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def measure(name: str, new_state: Callable[[], Any], seconds: float, warmup: float, seed: int) -> Throughput:
    """Play whole random games for `seconds` (after `warmup` seconds untimed) and count them."""
    rng = random.Random(seed)
    deadline = time.perf_counter() + warmup
    while time.perf_counter() < deadline:
        playout(new_state(), rng)
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        steps += playout(new_state(), rng)
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return Throughput(name, games, steps, now - start)


def cpu_model() -> str:
    """The first 'model name' line of /proc/cpuinfo, or what the platform module knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def pin_to_one_core() -> str:
    """Keep this process on the core it runs on now (Linux only); say which."""
    if not hasattr(os, "sched_setaffinity") or not hasattr(os, "sched_getaffinity"):
        return "not pinned (no sched_setaffinity here)"
    cores = sorted(os.sched_getaffinity(0))
    core = cores[0]
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core} of {len(cores)} available"


def load_reference() -> Any | None:
    """OpenSpiel's reference game, or None when open_spiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    return pyspiel.load_game(REFERENCE)


def profile(name: str, seconds: float, seed: int, top: int) -> None:
    """Print cProfile's top functions by own time for the random-playout loop of `name`."""
    game = wolfpack.load_game(name, **BENCH_OPTIONS.get(name, {}))
    rng = random.Random(seed)
    profiler = cProfile.Profile()
    deadline = time.perf_counter() + seconds
    games = steps = 0
    profiler.enable()
    while time.perf_counter() < deadline:
        steps += playout(game.new_initial_state(), rng)
        games += 1
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    print(f"cProfile of {name}: {games} games, {steps} steps in {seconds:.1f} s (profiler overhead included)")
    print(out.getvalue())


@dataclass(frozen=True)
class Entry:
    """One game of the scalar table: its label, where it comes from, and its fresh states."""

    label: str
    source: str
    """"wolfpack", "OpenSpiel C++" or "OpenSpiel Python"."""
    new_state: Callable[[], Any]


def wolfpack_entries(names: Sequence[str]) -> list[Entry]:
    """Our registered games (with BENCH_OPTIONS), in the order named."""
    entries = []
    for name in names:
        game = wolfpack.load_game(name, **BENCH_OPTIONS.get(name, {}))
        entries.append(Entry(f"{name} ({game.num_players()}p)", "wolfpack", game.new_initial_state))
    return entries


def openspiel_entries() -> list[Entry]:
    """maedn (C++) and OpenSpiel's pure-Python games, or none when open_spiel is not installed."""
    reference = load_reference()
    if reference is None:
        return []
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from open_spiel.python import games  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: F401

    entries = [
        Entry(f"open_spiel {REFERENCE} ({reference.num_players()}p)", "OpenSpiel C++", reference.new_initial_state)
    ]
    for name in PYTHON_GAMES:
        game = pyspiel.load_game(name)
        entries.append(Entry(f"open_spiel {name} ({game.num_players()}p)", "OpenSpiel Python", game.new_initial_state))
    return entries


def measure_rounds(
    entries: Sequence[Entry], rounds: int, seconds: float, warmup: float, seed: int
) -> dict[str, list[Throughput]]:
    """Measure every entry once per round; odd rounds go in reverse order, so each pair of rounds alternates who goes
    first and a machine that slows down or speeds up during the run weighs on both sides alike."""
    results: dict[str, list[Throughput]] = {entry.label: [] for entry in entries}
    for number in range(rounds):
        order = entries if number % 2 == 0 else list(reversed(entries))
        for entry in order:
            results[entry.label].append(measure(entry.label, entry.new_state, seconds, warmup, seed + number))
    return results


def median_line(entry: Entry, runs: Sequence[Throughput]) -> str:
    """One line of the scalar table: median steps/s with the rounds' range, games/s and steps per game."""
    rates = [run.steps_per_second for run in runs]
    games = sum(run.games for run in runs)
    steps = sum(run.steps for run in runs)
    seconds = sum(run.seconds for run in runs)
    return (
        f"{entry.label:<40} {entry.source:<17} {statistics.median(rates):>11,.0f} steps/s"
        f" ({min(rates):,.0f}-{max(rates):,.0f})  {games / seconds:>9,.1f} games/s"
        f"  {steps / max(games, 1):>7,.1f} steps/game"
    )


def round_ratios(mine: Sequence[Throughput], reference: Sequence[Throughput]) -> list[float]:
    """The steps/s ratio of each round, ours over the reference's from the same round."""
    return [a.steps_per_second / b.steps_per_second for a, b in zip(mine, reference, strict=True)]


def ratio_line(label: str, ratios: Sequence[float], aim: float | None = None) -> str:
    """A ratio's median over the rounds, with its range and, when the issue sets one, the aim."""
    median = statistics.median(ratios)
    line = f"{label}: {median:.3f} (rounds {min(ratios):.3f}-{max(ratios):.3f}, median of {len(ratios)})"
    if aim is not None:
        line += f"  aim >= {aim:g}: {'met' if median >= aim else 'NOT met'}"
    return line


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="timed seconds per game and round (default 2)")
    parser.add_argument("--warmup", type=float, default=0.5, help="untimed seconds before each (default 0.5)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, alternating the order (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random playouts (default 0)")
    parser.add_argument("--games", nargs="*", help="only these registered games (default: all)")
    parser.add_argument("--no-reference", action="store_true", help="skip OpenSpiel's games")
    parser.add_argument("--no-pin", action="store_true", help="do not pin the process to one core")
    parser.add_argument("--profile", metavar="GAME", help="instead: cProfile GAME's playout loop")
    parser.add_argument("--top", type=int, default=25, help="functions shown by --profile (default 25)")
    parser.add_argument(
        "--sections",
        nargs="*",
        choices=sorted({name for name, _, _, _ in SECTIONS}),
        help="after the scalar table, only these sections (default: all; none: --sections with no name)",
    )
    args = parser.parse_args(argv)

    every_core = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    pinned = "not pinned (--no-pin)" if args.no_pin else pin_to_one_core()
    print(f"python   {platform.python_implementation()} {platform.python_version()} ({sys.executable})")
    print(f"cpu      {cpu_model()}; {pinned}")
    print(f"platform {platform.platform()}")
    print(f"load     {load_average()}")
    if args.profile:
        profile(args.profile, args.seconds, args.seed, args.top)
        return 0
    print(
        f"budget   {args.seconds:g} s per game and round after {args.warmup:g} s warm-up, {args.rounds} rounds,"
        f" seed {args.seed}"
    )
    print()

    entries = wolfpack_entries(args.games or wolfpack.game_names())
    others = [] if args.no_reference else openspiel_entries()
    results = measure_rounds([*entries, *others], args.rounds, args.seconds, args.warmup, args.seed)
    print("Random playouts, one game at a time (median steps/s over the rounds, their range in brackets):")
    for entry in [*entries, *others]:
        print(median_line(entry, results[entry.label]))
    if not args.no_reference and not others:
        print()
        print(f"open_spiel is not installed: no {REFERENCE} reference run. `make bench` installs the bench extra")
        print("(open_spiel); by hand: .venv/bin/pip install -r requirements/dev.txt -r requirements/bench.txt")
        return 0
    if others:
        reference = results[others[0].label]
        print()
        print(f"Ratios to {REFERENCE}'s steps/s, round by round:")
        for entry in entries:
            name = entry.label.split(" ")[0]
            aim = SCALAR_AIM if name == REFERENCE_GAME else None
            print(ratio_line(f"  {name} / {REFERENCE}", round_ratios(results[entry.label], reference), aim))
    if every_core is not None:
        os.sched_setaffinity(0, every_core)  # the batch engines and the comparisons' workers use every core
    return run_sections(SECTIONS if args.sections is None else [s for s in SECTIONS if s[0] in args.sections])


def run_sections(sections: Sequence[tuple[str, str, str, list[str]]]) -> int:
    """Run each section's benchmark script (a sibling module's `main(argv)`); 1 when any of them reports a failure."""
    failed = 0
    for _, title, module, argv in sections:
        print()
        print(f"== {title}  (benchmarks/{module}.py {' '.join(argv)}; load {load_average()})", flush=True)
        failed |= bool(importlib.import_module(module).main(argv))
    return 1 if failed else 0


def load_average() -> str:
    """The machine's load averages over 1, 5 and 15 minutes, as the report states them beside every figure."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min) on {os.cpu_count()} cores"


if __name__ == "__main__":
    raise SystemExit(main())
