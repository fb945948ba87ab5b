"""Wolves on the Hunt: search hunters against heuristic hunters on the same seeds (issue 34, item 6).

    .venv/bin/python benchmarks/hunt_search.py                        # 100 paired games at easy and at normal
    .venv/bin/python benchmarks/hunt_search.py --games 20 --difficulties easy          # a quick look
    .venv/bin/python benchmarks/hunt_search.py --playouts 0 32 64 128 --jobs 2       # strength against budget

Game i of a difficulty is played twice, by a team of heuristic hunters and by a team of search hunters, with the
same chance seed and bot seeds (`wolfpack.sim.arena.game_seed` and `bot_seed` of `--seed`, as `wolfpack simulate`
seeds game i), so the two teams meet the same dice until their choices part. Printed per difficulty and budget:
each team's wins with the 95% Wilson interval, the paired difference with its 95% interval, the games only one team
won (an exact two-sided sign test on them: McNemar's), and the processor time a game costs each team. `--playouts 0`
is the search bot that never searches: it must play exactly as the heuristic does (a check of the pairing).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context

import wolfpack
from wolfpack.engine.bot import Bot
from wolfpack.games.hunt.bots import HeuristicBot
from wolfpack.games.hunt.search import SEARCH_PLAYOUTS, SearchBot
from wolfpack.sim.analyze import wilson_interval
from wolfpack.sim.arena import bot_seed, game_seed, play_out

GAME = "wolves-on-the-hunt"


@dataclass(frozen=True)
class Pair:
    """One seed played by both teams: who won, and the processor seconds each team's game took."""

    heuristic: bool
    search: bool
    heuristic_seconds: float
    search_seconds: float


def play_pair(players: int, difficulty: str, playouts: int, seed: int, index: int) -> Pair:
    """Game `index` of `seed` played by heuristic hunters, then by search hunters with `playouts`."""
    game = wolfpack.load_game(GAME, players=players, difficulty=difficulty)

    def team(make: type[Bot], **options: int) -> tuple[bool, float]:
        bots = [make(bot_seed(seed, index, seat), **options) for seat in range(players)]
        started = time.process_time()
        won = play_out(game, bots, game_seed(seed, index)).state.returns()[0] > 0
        return won, time.process_time() - started

    heuristic, heuristic_seconds = team(HeuristicBot)
    search, search_seconds = team(SearchBot, playouts=playouts)
    return Pair(heuristic, search, heuristic_seconds, search_seconds)


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact binomial p-value of `wins` against `losses` at even odds (McNemar's exact test)."""
    n = wins + losses
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(wins, losses) + 1)) / 2**n
    return min(1.0, 2 * tail)


def summary(pairs: Sequence[Pair]) -> dict[str, float]:
    """Wins, rates, intervals and costs of a set of paired games."""
    n = len(pairs)
    heuristic = sum(p.heuristic for p in pairs)
    search = sum(p.search for p in pairs)
    only_search = sum(p.search and not p.heuristic for p in pairs)
    only_heuristic = sum(p.heuristic and not p.search for p in pairs)
    differences = [float(p.search) - float(p.heuristic) for p in pairs]
    mean = sum(differences) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * spread / math.sqrt(n)
    return {
        "games": n,
        "heuristic": heuristic,
        "search": search,
        "h_low": wilson_interval(heuristic, n)[0],
        "h_high": wilson_interval(heuristic, n)[1],
        "s_low": wilson_interval(search, n)[0],
        "s_high": wilson_interval(search, n)[1],
        "difference": mean,
        "d_low": max(-1.0, mean - half),
        "d_high": min(1.0, mean + half),
        "only_search": only_search,
        "only_heuristic": only_heuristic,
        "p": sign_test(only_search, only_heuristic),
        "h_seconds": sum(p.heuristic_seconds for p in pairs) / n,
        "s_seconds": sum(p.search_seconds for p in pairs) / n,
    }


def line(difficulty: str, playouts: int, s: dict[str, float]) -> str:
    """One row of the table."""
    n = int(s["games"])
    return (
        f"| {difficulty} | {playouts} | {n} | {int(s['heuristic'])} ({s['heuristic'] / n:.2f}, "
        f"{s['h_low']:.2f}-{s['h_high']:.2f}) | {int(s['search'])} ({s['search'] / n:.2f}, "
        f"{s['s_low']:.2f}-{s['s_high']:.2f}) | {s['difference']:+.3f} ({s['d_low']:+.3f} to {s['d_high']:+.3f}) "
        f"| {int(s['only_search'])} / {int(s['only_heuristic'])} (p={s['p']:.2g}) "
        f"| {s['h_seconds']:.2f} | {s['s_seconds']:.2f} |"
    )


HEADER = (
    "| difficulty | play-outs | games | heuristic team wins (rate, 95%) | search team wins (rate, 95%) "
    "| search - heuristic (95%) | won by search only / heuristic only (sign test) | CPU s/game heuristic "
    "| CPU s/game search |\n|---|---|---|---|---|---|---|---|---|"
)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="paired games per difficulty and budget (100)")
    parser.add_argument("--players", type=int, default=2, help="hunters (2)")
    parser.add_argument("--difficulties", nargs="+", default=["easy", "normal"], choices=["easy", "normal", "hard"])
    parser.add_argument(
        "--playouts", type=int, nargs="+", default=[SEARCH_PLAYOUTS], help=f"budgets ({SEARCH_PLAYOUTS})"
    )
    parser.add_argument("--seed", type=int, default=34, help="the run's seed (34, the ladder's)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1: in this process)")
    parser.add_argument("--first", type=int, default=0, help="the first game index (0): to add games to a run")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.players not in (1, 2, 3, 4) or min(args.playouts) < 0:
        parser.error("--games and --jobs must be at least 1, --players 1 to 4, --playouts at least 0")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Play the paired games and print the table (with the load average before and after)."""
    args = parse(argv)
    print(f"load average {os.getloadavg()[0]:.2f} at the start; seed {args.seed}, {args.players} hunters")
    print(HEADER, flush=True)
    started = time.perf_counter()
    for difficulty in args.difficulties:
        for playouts in args.playouts:
            indices = range(args.first, args.first + args.games)
            jobs = [(args.players, difficulty, playouts, args.seed, i) for i in indices]
            if args.jobs == 1:
                pairs = [play_pair(*job) for job in jobs]
            else:
                with ProcessPoolExecutor(args.jobs, mp_context=get_context("spawn")) as pool:
                    pairs = list(pool.map(play_pair, *zip(*jobs, strict=True)))
            print(line(difficulty, playouts, summary(pairs)), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end; {time.perf_counter() - started:.0f} s of wall time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
