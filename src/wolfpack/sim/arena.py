"""Play many seeded games between bots and tally who wins: the smallest unit of simulation.

>>> from wolfpack.sim import arena
>>> result = arena("spacewolves", ["random"] * 3, games=4, seed=1, players=3)
>>> result.games, len(result.win_shares)
(4, 3)
>>> round(sum(result.win_shares), 9)
1.0

Every game is reproducible on its own: game `i` of `arena(..., seed=s)` samples chance from
`random.Random(game_seed(s, i))` with `wolfpack.engine.chance.sample_chance_outcome`, exactly as a
`wolfpack.engine.records.Match` with that seed does, and seeds each bot with `bot_seed(s, i, seat)`.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wolfpack.bots import make_bot
from wolfpack.engine.bot import Bot
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import Game, State
from wolfpack.engine.play import bot_decision
from wolfpack.engine.registry import load_game

BotFactory = Callable[[Game[Any], int], Bot]
"""Builds a fresh bot for one game: `factory(game, seed) -> Bot`."""
Entrant = str | BotFactory
"""A bot by name (as `wolfpack.bots.make_bot` knows it) or a factory."""


@dataclass(frozen=True)
class ArenaResult:
    """The tally of an arena run; per-entrant lists follow the order the entrants were given in."""

    game: str
    options: dict[str, Any]
    games: int
    seed: int
    rotate: bool
    entrants: tuple[str, ...]
    """A label per entrant: its name, or its factory's name."""
    win_shares: tuple[float, ...]
    """Per entrant: mean win share, where a win shared by k seats counts 1/k."""
    win_share_stderr: tuple[float, ...]
    """Per entrant: the standard error of that mean."""
    mean_returns: tuple[float, ...]
    """Per entrant: mean return."""
    seat_win_shares: tuple[float, ...]
    """Per seat, whoever sat there: mean win share."""
    seat_mean_returns: tuple[float, ...]
    """Per seat, whoever sat there: mean return."""

    def summary(self) -> str:
        """A few lines of plain text: each entrant's win share and mean return."""
        lines = [f"{self.game} {self.options}: {self.games} games, seed {self.seed}, rotate={self.rotate}"]
        for label, share, err, mean in zip(
            self.entrants, self.win_shares, self.win_share_stderr, self.mean_returns, strict=True
        ):
            lines.append(f"  {label:<20} win share {share:.3f} ± {err:.3f}   mean return {mean:.3f}")
        return "\n".join(lines)


def game_seed(seed: int, index: int) -> int:
    """The chance seed of game `index` of an arena run with `seed` (stable across runs and platforms)."""
    return _derive("game", seed, index)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot in `seat` in game `index` of an arena run with `seed`."""
    return _derive("bot", seed, index, seat)


def seating(entrants: int, seats: int, index: int) -> tuple[int, ...]:
    """The entrant in each seat of game `index` of a tournament of `entrants` for `seats` seats.

    Every group of `seats` entrants plays in turn (in the order of `itertools.combinations`), each group `seats`
    games in a row, turned one seat further each game: over a full round (`round_length` games) every entrant meets
    every other equally often and sits in every seat equally often."""
    group = _groups(entrants, seats)[(index // seats) % math.comb(entrants, seats)]
    turn = index % seats
    return group[turn:] + group[:turn]


def round_length(entrants: int, seats: int) -> int:
    """The games of one full round of a tournament's seating: every group of entrants in every turn of the seats."""
    return seats * math.comb(entrants, seats)


@functools.lru_cache(maxsize=8)
def _groups(entrants: int, seats: int) -> tuple[tuple[int, ...], ...]:
    if not 1 <= seats <= entrants:
        raise ValueError(f"a tournament for {seats} seats needs at least {seats} entrants, not {entrants}")
    return tuple(itertools.combinations(range(entrants), seats))


def win_shares(returns: Sequence[float]) -> list[float]:
    """Each seat's share of the win: 1/k for each of the k seats with the best return, 0 for the rest."""
    best = max(returns)
    winners = sum(1 for r in returns if r == best)
    return [1.0 / winners if r == best else 0.0 for r in returns]


@dataclass(frozen=True)
class Played:
    """A finished game: its final state and how many of its actions were the seats' decisions (not chance)."""

    state: State[Any]
    decisions: int


def play_out(game: Game[Any], bots: Sequence[Bot], seed: int) -> Played:
    """Play one game with `bots[seat]` in each seat and chance from `random.Random(seed)`, counting decisions."""
    if len(bots) != game.num_players():
        raise ValueError(f"{game.name} has {game.num_players()} seats, but {len(bots)} bots were given")
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            seat, action = bot_decision(state, bots, start=state.history_length())
            state.apply_action(action, seat)
            decisions += 1
    return Played(state, decisions)


def play_game(game: Game[Any], bots: Sequence[Bot], seed: int) -> State[Any]:
    """Play one game with `bots[seat]` in each seat and chance from `random.Random(seed)`; return the final state."""
    return play_out(game, bots, seed).state


def play_match(game: Game[Any], bots: Sequence[Bot], seed: int) -> list[float]:
    """Play one game as `play_game` does and return the returns."""
    return play_game(game, bots, seed).returns()


def arena(
    game_name: str,
    bot_factories: Sequence[Entrant],
    games: int,
    seed: int = 0,
    *,
    rotate: bool = False,
    **options: Any,
) -> ArenaResult:
    """Play `games` seeded games of `game_name` (with `options`) between one entrant per seat.

    Without `rotate`, entrant j sits in seat j every game. With `rotate`, game i seats entrant j in seat
    (i + j) % seats, so entrant 0 plays seat i % seats and seat advantage cancels over whole cycles.
    """
    game = load_game(game_name, **options)
    seats = game.num_players()
    if len(bot_factories) != seats:
        raise ValueError(f"{game_name} with {options or 'default options'} has {seats} seats; give one entrant each")
    if games < 1:
        raise ValueError("play at least one game")
    factories = [_factory(entrant) for entrant in bot_factories]
    share_sum = [0.0] * seats
    share_sq = [0.0] * seats
    return_sum = [0.0] * seats
    seat_share_sum = [0.0] * seats
    seat_return_sum = [0.0] * seats
    for index in range(games):
        # seating[seat] is the entrant in that seat.
        seating = [(seat - index) % seats if rotate else seat for seat in range(seats)]
        bots = [factories[seating[seat]](game, bot_seed(seed, index, seat)) for seat in range(seats)]
        returns = play_match(game, bots, game_seed(seed, index))
        shares = win_shares(returns)
        for seat in range(seats):
            entrant = seating[seat]
            share_sum[entrant] += shares[seat]
            share_sq[entrant] += shares[seat] ** 2
            return_sum[entrant] += returns[seat]
            seat_share_sum[seat] += shares[seat]
            seat_return_sum[seat] += returns[seat]
    means = [s / games for s in share_sum]
    stderr = [
        math.sqrt(max(sq / games - mean**2, 0.0) / (games - 1)) if games > 1 else math.nan
        for sq, mean in zip(share_sq, means, strict=True)
    ]
    return ArenaResult(
        game=game_name,
        options=game.options_dict(),
        games=games,
        seed=seed,
        rotate=rotate,
        entrants=tuple(_label(entrant) for entrant in bot_factories),
        win_shares=tuple(means),
        win_share_stderr=tuple(stderr),
        mean_returns=tuple(r / games for r in return_sum),
        seat_win_shares=tuple(s / games for s in seat_share_sum),
        seat_mean_returns=tuple(r / games for r in seat_return_sum),
    )


def _factory(entrant: Entrant) -> BotFactory:
    if isinstance(entrant, str):
        name = entrant
        return lambda game, seed: make_bot(game, name, seed)
    return entrant


def _label(entrant: Entrant) -> str:
    if isinstance(entrant, str):
        return entrant
    return str(getattr(entrant, "__name__", None) or getattr(entrant, "name", None) or repr(entrant))


def _derive(*parts: object) -> int:
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")
