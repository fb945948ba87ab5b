"""Wolves on the Hunt: the batch engine against the scalar one, in games per second and in distribution.

    .venv/bin/python benchmarks/hunt_batch.py                  # games/s of both engines, back to back, per bot
    .venv/bin/python benchmarks/hunt_batch.py --seconds 10     # longer timings
    .venv/bin/python benchmarks/hunt_batch.py --compare        # the long comparison: 100,000 games of each engine
                                                                # (the scalar ones through wolfpack simulate)
    .venv/bin/python benchmarks/hunt_batch.py --compare --bot heuristic --scalar-games 4000 --games 40000
                                                                # the same for the heuristic hunters

Speed: for each bot, scalar games (`wolfpack.sim.arena.play_out`, the loop `wolfpack simulate` runs) are timed for
`--seconds`, then batch games (`HuntGame.batch`, one call of `play`) right after, on the same options; the ratio is
batch games/s over scalar games/s. The batch engine's one-off load (numba's compile, or its cache) is timed apart.

Comparison (docs/design/batch.md, "Wolves on the Hunt", gives the level, written before the first run): the scalar games
are those of `wolfpack simulate wolves-on-the-hunt --players P --bots BOT --games N --seed S` (kept in --out-dir and
read back on a second run), the batch games those of the batch engine with other game seeds; game length (actions,
decisions) and hearts left are compared with two-sample Kolmogorov-Smirnov tests, rounds and endings with chi-square
tests of homogeneity, each at `SIGNIFICANCE`; for the heuristic hunters, who win and lose elders, also the elders left
(KS) and the outcome (chi-square).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq
from scipy import stats

import wolfpack
from wolfpack.bots import make_bot
from wolfpack.engine.batch import BatchEngine, batch_engine
from wolfpack.games.hunt.batch import HuntBatchEngine
from wolfpack.sim.analyze import load_results
from wolfpack.sim.arena import bot_seed, game_seed, play_out
from wolfpack.sim.simulate import local_executor, make_spec, simulate

GAME = "wolves-on-the-hunt"
SIGNIFICANCE = 0.001
"""Each test of the long comparison fails when it rejects equality at this level (five tests: at most 0.005 in all
by Bonferroni, so a false alarm is rare and a real difference of a few percent in any column is still seen)."""
SEED = 33


def scalar_speed(game: Any, bot: str, seconds: float) -> tuple[float, int]:
    """(games/s, games) of the scalar engine with `bot` in every seat, playing for about `seconds`."""
    players = game.num_players()
    start = time.perf_counter()
    played = 0
    while time.perf_counter() - start < seconds:
        bots = [make_bot(game, bot, bot_seed(SEED, played, seat)) for seat in range(players)]
        play_out(game, bots, game_seed(SEED, played))
        played += 1
    return played / (time.perf_counter() - start), played


def batch_speed(game: Any, bot: str, games: int, engine: BatchEngine) -> tuple[float, float]:
    """(games/s, one-off load seconds) of a batch engine playing `games` games with `bot` in every seat."""
    start = time.perf_counter()
    engine.play(game, [bot] * game.num_players(), [0])  # the compile, or the load of numba's cache
    loaded = time.perf_counter() - start
    seeds = [game_seed(SEED, i) for i in range(games)]
    start = time.perf_counter()
    engine.play(game, [bot] * game.num_players(), seeds)
    return games / (time.perf_counter() - start), loaded


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def speeds(players: int, difficulty: str, seconds: float, batch_games: dict[str, int]) -> list[str]:
    """Lines of games/s per bot (`batch_games`: batch games timed per bot), scalar then batch, and their ratio."""
    game = wolfpack.load_game(GAME, players=players, difficulty=difficulty)
    lines = [f"{GAME} {players}p {difficulty}, load average {load_average()}"]
    for bot, count in batch_games.items():
        scalar, played = scalar_speed(game, bot, seconds)
        line = f"  {bot:<9} scalar {scalar:10.1f} games/s ({played} games)"
        if bot in batch_engine(game).bots:
            batch, loaded = batch_speed(game, bot, count, batch_engine(game, [bot]))
            line += f"   batch {batch:10.1f} games/s ({count} games, load {loaded:.1f} s)"
            line += f"   ratio {batch / scalar:6.1f}x"
            threaded, _ = batch_speed(game, bot, count, HuntBatchEngine(threads=2))
            line += f"   (2 threads: {threaded:.1f} games/s, {threaded / scalar:.1f}x)"
        else:
            line += "   batch: not built for this bot (docs/design/batch.md, Wolves on the Hunt)"
        lines.append(line)
    return lines


def scalar_results(players: int, difficulty: str, games: int, jobs: int, out_dir: Path, bot: str = "random") -> Any:
    """The scalar games of the comparison: `wolfpack simulate` (kept in `out_dir`; more games only when asked)."""
    out = out_dir / f"hunt-{bot}-{players}p-{difficulty}-seed{SEED}.parquet"
    out_dir.mkdir(parents=True, exist_ok=True)
    if not (out.exists() and pq.read_metadata(out).num_rows >= games):
        spec = make_spec(GAME, {"players": players, "difficulty": difficulty}, bot, SEED)
        simulate(spec, games, out, local_executor(jobs))
    loaded = load_results([out])
    return loaded[loaded["index"] < games]


def compare(
    players: int, difficulty: str, games: int, scalar_games: int, jobs: int, out_dir: Path, bot: str = "random"
) -> list[str]:
    """The long comparison of one setup: each test's statistic, p-value and verdict."""
    start = time.perf_counter()
    scalar = scalar_results(players, difficulty, scalar_games, jobs, out_dir, bot)
    scalar_seconds = time.perf_counter() - start
    game = wolfpack.load_game(GAME, players=players, difficulty=difficulty)
    start = time.perf_counter()
    played = batch_engine(game, [bot]).play(game, [bot] * players, [game_seed(SEED + 1, i) for i in range(games)])
    batch_seconds = time.perf_counter() - start
    columns = {
        "actions": (scalar["actions"].to_numpy(), played.actions),
        "decisions": (scalar["decisions"].to_numpy(), played.decisions),
        "hearts left": (
            np.array([sum(h) for h in scalar["hearts_left"]]),
            np.array([sum(h) for h in played.measures["hearts_left"]]),
        ),
        "rounds": (scalar["rounds"].to_numpy(), np.array(played.measures["rounds"])),
        "ending": (scalar["ending"].to_numpy(), np.array(played.measures["ending"])),
    }
    if bot != "random":  # random hunters never win and nearly always lose by the last elder: nothing to test there
        columns["elders left"] = (scalar["elders_left"].to_numpy(), np.array(played.measures["elders_left"]))
        columns["outcome"] = (scalar["outcome"].to_numpy(), np.array(played.measures["outcome"]))
    lines = [
        f"{GAME} {players}p {difficulty}, {bot} hunters: {len(scalar)} scalar games ({scalar_seconds:.0f} s, "
        f"or read back), {games} batch games ({batch_seconds:.1f} s), load average {load_average()}"
    ]
    worst = 1.0
    for name, (ours, theirs) in columns.items():
        if name in ("rounds", "ending", "outcome"):
            kinds = sorted(set(ours.tolist()) | set(theirs.tolist()), key=str)
            full = np.array([[int((column == kind).sum()) for kind in kinds] for column in (ours, theirs)])
            common = full.sum(axis=0) >= 5  # categories too rare to test are left out
            table = full[:, common]
            if table.shape[1] < 2:
                lines.append(f"  {name:<12} one category only: nothing to test")
                continue
            result = stats.chi2_contingency(table)
            statistic, pvalue, test = float(result.statistic), float(result.pvalue), "chi-square"
            scalar_n, batch_n = table.sum(axis=1)
            kept = [kind for kind, keep in zip(kinds, common, strict=True) if keep]
            shares = ", ".join(
                f"{kind}: {a / scalar_n:.4f} vs {b / batch_n:.4f}" for kind, a, b in zip(kept, *table, strict=True)
            )
        else:
            ks = stats.ks_2samp(ours, theirs)
            statistic, pvalue, test = float(ks.statistic), float(ks.pvalue), "KS"
            shares = f"means scalar {np.mean(ours):.3f} batch {np.mean(theirs):.3f}"
        worst = min(worst, pvalue)
        verdict = "same" if pvalue > SIGNIFICANCE else "DIFFERENT"
        lines.append(f"  {name:<12} {test:<10} statistic {statistic:9.4f}  p {pvalue:.4f}  {verdict}  {shares}")
    lines.append(f"  verdict at {SIGNIFICANCE} per test: {'same game' if worst > SIGNIFICANCE else 'DIFFERENT'}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[2], choices=(1, 2, 3, 4))
    parser.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--seconds", type=float, default=4.0, help="scalar timing per bot (default 4)")
    parser.add_argument("--batch-games", type=int, default=20_000, help="random batch games timed (default 20000)")
    parser.add_argument(
        "--heuristic-batch-games", type=int, default=2_000, help="heuristic batch games timed (default 2000)"
    )
    parser.add_argument(
        "--bots", default="random,heuristic", help="bots timed, comma-separated (default random,heuristic)"
    )
    parser.add_argument("--bot", default="random", choices=("random", "heuristic"), help="bot of --compare")
    parser.add_argument("--compare", action="store_true", help="run the long distribution comparison instead")
    parser.add_argument("--games", type=int, default=100_000, help="batch games compared (default 100000)")
    parser.add_argument("--scalar-games", type=int, default=100_000, help="scalar games compared (default 100000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes of the scalar simulate (default 1)")
    parser.add_argument("--out-dir", type=Path, default=Path("var/hunt-batch"), help="where scalar results stay")
    args = parser.parse_args(argv)
    print("command:", shlex.join([".venv/bin/python", "benchmarks/hunt_batch.py", *(argv or sys.argv[1:])]))
    for players in args.players:
        if args.compare:
            lines = compare(players, args.difficulty, args.games, args.scalar_games, args.jobs, args.out_dir, args.bot)
        else:
            counts = {"random": args.batch_games, "heuristic": args.heuristic_batch_games}
            bots = args.bots.split(",")
            unknown = sorted(set(bots) - set(counts))
            if unknown:
                parser.error(f"--bots: no bot {', '.join(unknown)}; choose from {', '.join(counts)}")
            lines = speeds(players, args.difficulty, args.seconds, {bot: counts[bot] for bot in bots})
        print("\n".join(lines), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
