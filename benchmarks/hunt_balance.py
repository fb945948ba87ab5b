"""Balance of Wolves on the Hunt: the heuristic bot on every seat, many seeded games per difficulty.

    .venv/bin/python benchmarks/hunt_balance.py                          # 2000 two-player games per difficulty
    .venv/bin/python benchmarks/hunt_balance.py --games 200 --difficulty normal --jobs 2
    .venv/bin/python benchmarks/hunt_balance.py --games 500 --content my-pack/   # balance your own pack

Game `i` is exactly game `i` of `wolfpack.sim.arena("wolves-on-the-hunt", [heuristic] * players, games, seed)`:
chance from `random.Random(game_seed(seed, i))`, the bot in seat `s` seeded with `bot_seed(seed, i, s)`, every
decision through `wolfpack.engine.play.bot_decision` (so simultaneous nodes are handled as in play). `--jobs`
spreads the games over processes; the result does not depend on it. Prints each difficulty's win rate with its 95%
Wilson interval, how the games ended, and the exact command line. See docs/balance.md.
"""

from __future__ import annotations

import argparse
import math
import shlex
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import wolfpack
from wolfpack.engine import registry
from wolfpack.engine.game import Game
from wolfpack.games.hunt.bots import HeuristicBot
from wolfpack.games.hunt.game import HuntGame
from wolfpack.sim.arena import bot_seed, game_seed, play_game

GAME = "wolves-on-the-hunt"
DIFFICULTIES = ("easy", "normal", "hard")


def wilson(wins: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (centre - half, centre + half)


def _load(players: int, difficulty: str, content: str | None) -> Game[Any]:
    if GAME not in registry.game_names():
        wolfpack.register_game(HuntGame)
    return wolfpack.load_game(GAME, players=players, difficulty=difficulty, content=content)


def _play(args: tuple[int, str, int, int, str | None]) -> tuple[float, str]:
    """Play game `index` of a run; return the win (1 or 0) and how it ended ("round 5: elders", ...)."""
    index, difficulty, players, seed, content = args
    game = _load(players, difficulty, content)
    bots = [HeuristicBot(bot_seed(seed, index, seat)) for seat in range(players)]
    state = play_game(game, bots, game_seed(seed, index))
    returns = state.returns()
    obs = state.observation()
    if returns[0] > 0:
        why = "win"
    elif min(h["hearts"] for h in obs["hunters"]) == 0:
        why = "a hunter's last heart"
    elif obs["elders"] == 0:
        why = "the last elder"
    else:
        why = "round 6 ended"
    return returns[0], f"round {obs['round']}: {why}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per difficulty (default 2000)")
    parser.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4), help="hunters (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="arena seed (default 1)")
    parser.add_argument("--difficulty", default="all", choices=("all", *DIFFICULTIES))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--content", default=None, help="an organiser's content pack (directory or file)")
    args = parser.parse_args(argv)
    difficulties = DIFFICULTIES if args.difficulty == "all" else (args.difficulty,)
    print("command:", shlex.join([".venv/bin/python", "benchmarks/hunt_balance.py", *sys.argv[1:]]))
    print(f"{args.players} players, {args.games} games per difficulty, seed {args.seed}, heuristic bot on every seat")
    rates = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for difficulty in difficulties:
            start = time.perf_counter()
            tasks = [(index, difficulty, args.players, args.seed, args.content) for index in range(args.games)]
            results = list(pool.map(_play, tasks, chunksize=8))
            wins = sum(win for win, _ in results)
            low, high = wilson(wins, args.games)
            rates.append(wins / args.games)
            seconds = time.perf_counter() - start
            print(
                f"{difficulty:<7} win rate {wins / args.games:6.1%}  95% CI [{low:.1%}, {high:.1%}]  "
                f"({int(wins)}/{args.games}, {seconds:.0f} s)",
                flush=True,
            )
            for ending, count in sorted(Counter(ending for _, ending in results).items()):
                print(f"          {ending:<32} {count:>6}")
    if len(rates) == len(DIFFICULTIES):
        falling = rates[0] > rates[1] > rates[2]
        print(
            f"easy > normal > hard: {'yes' if falling else 'NO'}; normal in [25%, 75%]: "
            f"{'yes' if 0.25 <= rates[1] <= 0.75 else 'NO'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
