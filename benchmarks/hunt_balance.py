"""Balance of Wolves on the Hunt: a recipe of `wolfpack simulate` and `wolfpack analyze`, nothing of its own.

    .venv/bin/python benchmarks/hunt_balance.py                              # 2000 two-player games per difficulty
    .venv/bin/python benchmarks/hunt_balance.py --games 1000 --players 1 2 3 4 --jobs 2
    .venv/bin/python benchmarks/hunt_balance.py --games 500 --content my-pack/   # balance your own pack

For each player count and difficulty it runs what a designer would type,

    wolfpack simulate wolves-on-the-hunt --players P --option difficulty=D --bots heuristic --games N --seed S \\
        --out OUT/hunt-Pp-D-seedS.parquet

(through the same Python functions), then reads the three files of a player count together, as
`wolfpack analyze OUT/hunt-Pp-*-seedS.parquet` does: the hunters' win rate per difficulty with its 95% Wilson
interval, how the other games ended, whether each difficulty is really harder than the one before (Fisher's exact
test), and whether normal lies in the 25-75% band that issue 3 asks for. Files are kept in OUT (default
var/hunt-balance): a second run with as many games or fewer reads them again without playing, one with more plays
only the new games. Game i is game i of `wolfpack.sim.arena` with the same seed. See docs/balance.md.
"""

from __future__ import annotations

import argparse
import itertools
import shlex
import sys
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq

from wolfpack.sim.analyze import Rate, compare_rates, load_results, options_of, outcome_rates
from wolfpack.sim.simulate import local_executor, make_spec, simulate

GAME = "wolves-on-the-hunt"
DIFFICULTIES = ("easy", "normal", "hard")
BAND = (0.25, 0.75)
"""Issue 3: normal's win rate must lie in this band."""


def results_file(out_dir: Path, players: int, difficulty: str, seed: int) -> Path:
    """Where the run of one player count and difficulty is kept."""
    return out_dir / f"hunt-{players}p-{difficulty}-seed{seed}.parquet"


def run(players: int, difficulty: str, games: int, seed: int, jobs: int, content: str | None, out: Path) -> None:
    """`wolfpack simulate` for one player count and difficulty, unless the file already holds enough games."""
    if out.exists() and pq.read_metadata(out).num_rows >= games:
        return
    options = {"players": players, "difficulty": difficulty, "content": content}
    simulate(make_spec(GAME, options, "heuristic", seed), games, out, local_executor(jobs))


def command(players: int, difficulty: str, games: int, seed: int, content: str | None, out: Path) -> str:
    """The `wolfpack simulate` command line that plays the same games."""
    words = ["wolfpack", "simulate", GAME, "--players", str(players), "--option", f"difficulty={difficulty}"]
    words += ["--option", f"content={content}"] if content else []
    return shlex.join([*words, "--bots", "heuristic", "--games", str(games), "--seed", str(seed), "--out", str(out)])


def report(games: pd.DataFrame, difficulties: tuple[str, ...]) -> list[str]:
    """The lines printed for one player count: win rate per difficulty, endings, the order and the band."""
    wins = outcome_rates(games, by=["option:difficulty"]).set_index(["option:difficulty", "outcome"])
    endings = outcome_rates(games, "ending", by=["option:difficulty"])
    played = options_of(games)["option:difficulty"].value_counts()
    rates: dict[str, Rate] = {}
    lines = []
    for difficulty in difficulties:
        n = int(played.get(difficulty, 0))
        won = int(wins["wins"].get((difficulty, "win"), 0))
        rates[difficulty] = rate = Rate(won, n)
        low, high = rate.interval
        lines.append(f"{difficulty:<7} win rate {rate.rate:6.1%}  95% interval [{low:.1%}, {high:.1%}]  ({won}/{n})")
        for ending in endings[endings["option:difficulty"] == difficulty].itertuples():
            lines.append(f"          {ending.ending:<28} {ending.wins:>6}")
    for easier, harder in itertools.pairwise(difficulties):
        step = compare_rates(f"{easier} to {harder}", rates[easier], rates[harder])
        lines.append(
            f"{easier} to {harder}: {step.difference:+.1%} [{step.low:+.1%}, {step.high:+.1%}]: {step.verdict()}"
        )
    if "normal" in rates:
        inside = BAND[0] <= rates["normal"].rate <= BAND[1]
        lines.append(f"normal in [{BAND[0]:.0%}, {BAND[1]:.0%}]: {'yes' if inside else 'NO'}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per difficulty (default 2000)")
    parser.add_argument("--players", type=int, nargs="+", default=[2], choices=(1, 2, 3, 4), help="hunters (2)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--difficulty", default="all", choices=("all", *DIFFICULTIES))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--content", default=None, help="an organiser's content pack (directory or file)")
    parser.add_argument("--out-dir", type=Path, default=Path("var/hunt-balance"), help="where the results stay")
    args = parser.parse_args(argv)
    difficulties = DIFFICULTIES if args.difficulty == "all" else (args.difficulty,)
    print("command:", shlex.join([".venv/bin/python", "benchmarks/hunt_balance.py", *sys.argv[1:]]))
    args.out_dir.mkdir(parents=True, exist_ok=True)
    for players in args.players:
        files = [results_file(args.out_dir, players, difficulty, args.seed) for difficulty in difficulties]
        for difficulty, out in zip(difficulties, files, strict=True):
            print("  same as:", command(players, difficulty, args.games, args.seed, args.content, out), flush=True)
            run(players, difficulty, args.games, args.seed, args.jobs, args.content, out)
        loaded = load_results(files)
        games = loaded[loaded["index"] < args.games].reset_index(drop=True)  # a file may hold more games
        print(f"{players} player(s), {args.games} games per difficulty, seed {args.seed}, heuristic bot on every seat")
        print("\n".join(report(games, difficulties)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
