"""WOLF's takeover rule (issue 34): the heuristic pack that takes a contaminated hero over as his own turn begins,
against the heuristic pack that waits (`Weights(take_over_at_once=False)`, the heuristic before issue 34), paired on
the same seeds, the heroes played by the default heuristic. Two players: seat 0 the heroes, seat 1 the pack.

    .venv/bin/python benchmarks/wolf_takeover.py --games 500 --seed 20261128
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

import wolfpack
from wolfpack.games.wolf.bots import HeuristicBot, Weights
from wolfpack.sim.arena import bot_seed, game_seed, play_game


def pack_wins(games: int, seed: int) -> tuple[list[int], list[int]]:
    """For each game: whether the eager pack won it, and whether the waiting pack won it (same chance, same heroes)."""
    game = wolfpack.load_game("wolf", players=2)
    eager, waiting = [], []
    for index in range(games):
        for weights, wins in ((Weights(), eager), (Weights(take_over_at_once=False), waiting)):
            bots = [HeuristicBot(bot_seed(seed, index, 0)), HeuristicBot(bot_seed(seed, index, 1), weights=weights)]
            wins.append(int(play_game(game, bots, game_seed(seed, index)).returns()[1] > 0))
    return eager, waiting


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=20261128)
    args = parser.parse_args(argv)
    eager, waiting = pack_wins(args.games, args.seed)
    diffs = [a - b for a, b in zip(eager, waiting, strict=True)]
    mean = sum(diffs) / len(diffs)
    error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    print(
        f"{args.games} two-player games, seed {args.seed}: the pack wins {sum(eager)} taking over at once, "
        f"{sum(waiting)} waiting; paired difference {mean:+.3f} +- {error:.3f} a game ({sum(map(abs, diffs))} differ)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
