"""WOLF bots head to head: the search bot against the heuristic bot, seats alternating (docs/bots.md).

    .venv/bin/python benchmarks/wolf_bots.py --games 500 --seed 20261122 --jobs 2

Two players (one plays the five heroes, the other the pack). Game i seats the search bot on seat i % 2 (even games:
the heroes, odd games: the werewolves) and the heuristic on the other; chance and bots are seeded as
`wolfpack.sim.arena` seeds them (`game_seed`, `bot_seed`), so any game can be replayed alone. With `--baseline` it
also plays the same seeds with the heuristic in both seats, which gives the heuristic's own rate on each side.

"Beats" means: the search bot's win share over all games is above one half. A heuristic against itself wins exactly
one half of such a match in expectation (each side's win rate and its complement), so a share above one half is a
higher win rate for the side the search bot plays than the heuristic gets on that side, summed over both sides.
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

from wolfpack.games.wolf.bots import duel


def play(seed: int, index: int, search: bool = True) -> tuple[int, int, bool, float, int]:
    """Game `index`: (search seat, whether the werewolves won, whether the search seat won, seconds, searches)."""
    start = time.perf_counter()
    seat, won, wolves_won, searches = duel(seed, index, search)
    return seat, int(wolves_won), won, time.perf_counter() - start, searches


def interval(wins: float, games: int) -> str:
    """A share with its standard error and 95% Wilson interval."""
    if games == 0:
        return "-"
    p = wins / games
    z = 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return f"{p:.3f} ± {math.sqrt(p * (1 - p) / games):.3f} (95% {centre - half:.3f}-{centre + half:.3f})"


def report(label: str, results: list[tuple[int, int, bool, float, int]]) -> None:
    """Print the shares per side and overall."""
    games = len(results)
    for seat, side in ((0, "heroes"), (1, "werewolves")):
        mine = [r for r in results if r[0] == seat]
        wins = sum(r[2] for r in mine)
        print(f"  {label} as the {side:<10}: {wins}/{len(mine)} = {interval(wins, len(mine))}")
    wins = sum(r[2] for r in results)
    seconds = sum(r[3] for r in results) / games
    searches = sum(r[4] for r in results) / games
    print(f"  {label} overall: {wins}/{games} = {interval(wins, games)}")
    print(f"  {seconds:.2f} s per game, {searches:.1f} searched decisions per game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--baseline", action="store_true", help="also play heuristic against heuristic")
    args = parser.parse_args()
    runs = [("search", True)] + ([("heuristic", False)] if args.baseline else [])
    with ProcessPoolExecutor(args.jobs) as pool:
        for label, search in runs:
            start = time.perf_counter()
            futures = [pool.submit(play, args.seed, i, search) for i in range(args.games)]
            results = [f.result() for f in futures]
            print(f"{label} bot on seat i % 2 against the heuristic, {args.games} games, seed {args.seed}:")
            report(label, results)
            print(f"  wall time {time.perf_counter() - start:.0f} s with {args.jobs} job(s)")


if __name__ == "__main__":
    main()
