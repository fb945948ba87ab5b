"""The Spacewolves! batch engine against OpenSpiel's C++ maedn, and against the scalar engine (issue 33, item 1).

    .venv/bin/python benchmarks/spacewolves_batch.py                 # speed: maedn, scalar, batch (random, heuristic)
    .venv/bin/python benchmarks/spacewolves_batch.py --seconds 10    # longer, steadier numbers
    .venv/bin/python benchmarks/spacewolves_batch.py --compare       # distributions: 100,000 games of each engine

Speed: maedn and the scalar engine are driven by run.py's loop (`measure`: random play-outs, a step is one applied
action, chance outcomes included); the batch engine plays whole batches of seeded games, every game's actions
counted the same way, after a first untimed batch (the kernel's compile or cache load, reported apart). All in
one run, back to back, with the load average beside them (docs/benchmarks.md).

Compare: the same number of games with each engine, written by `wolfpack.sim.simulate` (the scalar side on
`--jobs` worker processes), then winner by seat (chi-square), each seat's score, the total score and the length
(two-sample Kolmogorov-Smirnov), each test at the level LEVEL fixed in docs/design/batch.md before the run.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq
from scipy import stats

import wolfpack
from wolfpack.bots import make_bot
from wolfpack.games.spacewolves import batch
from wolfpack.sim.arena import bot_seed, game_seed, play_out
from wolfpack.sim.simulate import local_executor, make_spec, simulate

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import REFERENCE, Throughput, load_reference, measure

LEVEL = 0.001
"""Each test of --compare fails below this p-value (written down in docs/design/batch.md before the run)."""


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def measure_batch(label: str, players: int, bot: str, games: int, seconds: float, threads: int | None) -> Throughput:
    """Play batches of `games` seeded games until `seconds` have passed; count every game's actions."""
    codes = batch.bot_codes(players, [bot] * players)
    first = 0
    total_games = steps = 0
    start = time.perf_counter()
    while True:
        rows, generators = batch.new_games(players, 100, [game_seed(first, i) for i in range(games)])
        actions, _ = batch.advance(rows, generators, codes, threads=threads)
        steps += int(actions.sum())
        total_games += games
        first += 1
        now = time.perf_counter()
        if now - start >= seconds:
            return Throughput(label, total_games, steps, now - start)


def measure_scalar_bots(label: str, players: int, bot: str, seconds: float) -> Throughput:
    """Play whole seeded scalar games with `bot` in every seat (arena's loop) for `seconds`; count their actions."""
    game = wolfpack.load_game("spacewolves", players=players)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        bots = [make_bot(game, bot, bot_seed(0, games, seat)) for seat in range(players)]
        steps += play_out(game, bots, game_seed(0, games)).state.history_length()
        games += 1
    return Throughput(label, games, steps, time.perf_counter() - start)


def speed(args: argparse.Namespace) -> None:
    """Measure maedn, the scalar engine and the batch engine in one run and print the ratios."""
    print(f"spacewolves batch engine: {args.players} players, {os.cpu_count()} cores, {load()}")
    started = time.perf_counter()
    batch.ENGINE.play(wolfpack.load_game("spacewolves", players=args.players), ["heuristic"] * args.players, [0, 1])
    print(f"first call (Numba compile or cache load): {time.perf_counter() - started:.1f} s")
    game = wolfpack.load_game("spacewolves", players=args.players)
    reference = load_reference()
    results: dict[str, Throughput] = {}
    if reference is not None:
        results["maedn"] = measure(f"open_spiel {REFERENCE}", reference.new_initial_state, args.seconds, 1.0, 0)
        print(results["maedn"].line(), f"  [{load()}]", flush=True)
    else:
        print(f"open_spiel is not installed: no {REFERENCE} run (make install-bench)")
    results["scalar"] = measure("scalar random", game.new_initial_state, args.seconds, 1.0, 0)
    print(results["scalar"].line(), f"  [{load()}]", flush=True)
    results["scalar heuristic"] = measure_scalar_bots("scalar heuristic", args.players, "heuristic", args.seconds)
    print(results["scalar heuristic"].line(), f"  [{load()}]", flush=True)
    for bot, games in (("random", args.batch), ("heuristic", max(args.batch // 10, 1))):
        for threads in (None, 1):
            label = f"batch {bot} ({threads or batch.threads_default()} thr)"
            results[label] = measure_batch(label, args.players, bot, games, args.seconds, threads)
            print(results[label].line(), f"  [{load()}]", flush=True)
    print()
    if "maedn" in results:
        maedn = results["maedn"].steps_per_second
        for label, result in results.items():
            if label != "maedn":
                print(f"{label:<24} / maedn steps/s: {result.steps_per_second / maedn:7.2f}")
    for bot in ("random", "heuristic"):
        scalar = results["scalar" if bot == "random" else "scalar heuristic"].games_per_second
        label = f"batch {bot} ({batch.threads_default()} thr)"
        print(f"{label:<24} / scalar {bot} games/s: {results[label].games_per_second / scalar:7.1f}")
    print(f"done [{load()}]")


def run_engine(engine: str, args: argparse.Namespace, directory: Path) -> tuple[list[dict[str, Any]], float]:
    """Write `args.games` games with one engine through `wolfpack simulate`'s code; return the rows and seconds."""
    spec = make_spec("spacewolves", {"players": args.players}, args.bots, args.seed, engine)
    out = directory / f"{engine}.parquet"
    started = time.perf_counter()
    simulate(spec, args.games, out, local_executor(args.jobs if engine == "scalar" else 1))
    seconds = time.perf_counter() - started
    columns = ["winners", "scores", "actions", "rounds"]
    return pq.read_table(out, columns=columns).to_pylist(), seconds


def compare(args: argparse.Namespace) -> int:
    """Play both engines and test their distributions; return 1 if any test falls below LEVEL."""
    print(f"compare: {args.games:,} games each, {args.players} players, bots {args.bots}, level {LEVEL} per test")
    with tempfile.TemporaryDirectory() as directory:
        samples = {}
        for engine in ("batch", "scalar"):
            samples[engine], seconds = run_engine(engine, args, Path(directory))
            jobs = args.jobs if engine == "scalar" else 1
            print(f"{engine:<7} {args.games:,} games in {seconds:,.1f} s ({jobs} job(s)) [{load()}]", flush=True)
    tests = distribution_tests(samples["scalar"], samples["batch"], args.players)
    failed = 0
    for name, statistic, pvalue in tests:
        verdict = "ok" if pvalue >= LEVEL else "DIFFERENT"
        failed += pvalue < LEVEL
        print(f"  {name:<28} statistic {statistic:10.4f}   p = {pvalue:.4f}   {verdict}")
    print(f"{len(tests) - failed} of {len(tests)} tests agree at level {LEVEL}")
    return 1 if failed else 0


def winner_category(row: dict[str, Any]) -> int:
    """The seat that won alone, or -1 for a shared result."""
    won = row["winners"]
    return int(won[0]) if len(won) == 1 else -1


def distribution_tests(
    scalar: Sequence[dict[str, Any]], batched: Sequence[dict[str, Any]], players: int
) -> list[tuple[str, float, float]]:
    """Chi-square on the winner by seat; two-sample KS on every seat's score, the total score, length and rounds."""
    categories = range(-1, players)
    table = np.array([[sum(winner_category(r) == c for r in rows) for c in categories] for rows in (scalar, batched)])
    chi = stats.chi2_contingency(table)
    tests = [("winner by seat (chi-square)", float(chi.statistic), float(chi.pvalue))]

    def ks(name: str, values: Any) -> None:
        result = stats.ks_2samp([values(r) for r in scalar], [values(r) for r in batched])
        tests.append((name, float(result.statistic), float(result.pvalue)))

    for seat in range(players):
        ks(f"score of seat {seat} (KS)", lambda r, seat=seat: r["scores"][seat])
    ks("total score (KS)", lambda r: sum(r["scores"]))
    ks("length in actions (KS)", lambda r: r["actions"])
    ks("rounds (KS)", lambda r: r["rounds"])
    return tests


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the batch engine's speed (default) or compare its distributions with the scalar engine's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4), help="seats (default 4)")
    parser.add_argument("--seconds", type=float, default=3.0, help="timed seconds per measurement (default 3)")
    parser.add_argument("--batch", type=int, default=20_000, help="games per random batch (heuristic: a tenth)")
    parser.add_argument("--compare", action="store_true", help="instead: compare distributions with the scalar engine")
    parser.add_argument("--games", type=int, default=100_000, help="--compare: games per engine (default 100,000)")
    parser.add_argument("--bots", default="random", help="--compare: random or heuristic (default random)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="--compare: scalar worker processes")
    parser.add_argument("--seed", type=int, default=1, help="--compare: the runs' seed (default 1)")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(args)
    speed(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
