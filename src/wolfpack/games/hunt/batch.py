"""The Wolves on the Hunt batch engine: many games with random hunters played by a jitted kernel over int64 arrays.

Each game is one row of a state matrix (layout in `batch_layout`), the content pack one int64 vector read from the
game's HuntContent (`batch_content`), so an organiser's pack plays here too. The rules are a second implementation
of `state.py` in `batch_kernel`; `batch_position` reads any row back as the scalar engine's JSON position, which is
how a batch game is handed to the scalar engine. Game i draws its chance and its choices from seeds[i] alone.
See docs/design/batch.md, "Wolves on the Hunt".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from wolfpack.engine.batch import BatchPlayed, NoBatchEngineError
from wolfpack.engine.game import Game
from wolfpack.games.hunt import batch_kernel as kernel
from wolfpack.games.hunt import batch_layout as L
from wolfpack.games.hunt.batch_content import CompiledPack, compile_content
from wolfpack.games.hunt.batch_position import vector_of
from wolfpack.games.hunt.bots import POWER_CANDIDATES
from wolfpack.games.hunt.content import LOCATIONS, HuntContent
from wolfpack.games.hunt.rules import DICE_COLOURS, DIRECTIONS, hunt_ending

Vector = npt.NDArray[np.int64]


@cache
def _compiled(content: HuntContent) -> CompiledPack:
    """The pack's vector, once per pack (packs are frozen, so they can key the cache)."""
    return compile_content(content)


def compiled_pack(game: Game[Any]) -> CompiledPack:
    """The content pack of a Wolves on the Hunt game as the kernel reads it."""
    content = getattr(game, "content", None)
    if not isinstance(content, HuntContent):
        raise NoBatchEngineError(f"the Hunt batch engine plays Wolves on the Hunt, not {game.name}")
    return _compiled(content)


def _setup(game: Game[Any]) -> tuple[CompiledPack, int, int]:
    """(pack, players, difficulty index) of a Hunt game."""
    options = game.options_dict()
    return compiled_pack(game), int(options["players"]), L.DIFFICULTY_NAMES.index(options["difficulty"])


def _seeds(seeds: Sequence[int]) -> npt.NDArray[np.uint64]:
    """Game seeds as the kernel takes them (any int: reduced to 64 bits)."""
    return np.array([int(seed) % 2**64 for seed in seeds], dtype=np.uint64)


@dataclass
class RandomGames:
    """Games with random hunters played part-way (or to the end): their vectors and generators, one row each."""

    game: Game[Any]
    pack: CompiledPack
    states: Vector
    rngs: npt.NDArray[np.uint64]

    def step(self, index: int) -> tuple[int, Vector]:
        """Play one more action of game `index`: (the seat that took it, -1 for chance; the encoded action)."""
        buffers = _buffers()
        chosen = np.zeros(L.ACTION_WIDTH, dtype=np.int64)
        seat = kernel.random_step(self.states[index], self.pack.vector, self.rngs[index], *buffers, chosen)
        return int(seat), chosen


@cache
def _buffers() -> tuple[Vector, npt.NDArray[np.float64], Vector]:
    """Scratch room for one step (actions, probabilities, a second action buffer), shared by `RandomGames.step`."""
    return (
        np.zeros((L.MAX_ACTIONS, L.ACTION_WIDTH), dtype=np.int64),
        np.zeros(L.MAX_ACTIONS, dtype=np.float64),
        np.zeros((L.MAX_ACTIONS, L.ACTION_WIDTH), dtype=np.int64),
    )


def play_random(game: Game[Any], seeds: Sequence[int], max_steps: int = -1, threads: int = 1) -> RandomGames:
    """Play one game per seed with random hunters, each stopped after `max_steps` actions (-1: to the end).

    With `threads` > 1 the games are split into that many runs of seeds played at once (the kernel releases the
    GIL); each game depends on its seed alone, so the results are the same.
    """
    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads}")
    pack, players, difficulty = _setup(game)
    states = np.zeros((len(seeds), L.STATE_SIZE), dtype=np.int64)
    rngs = np.zeros((len(seeds), 1), dtype=np.uint64)
    seed_words = _seeds(seeds)
    bounds = np.linspace(0, len(seeds), threads + 1).astype(int)

    def run(part: int) -> None:
        low, high = bounds[part], bounds[part + 1]
        rngs[low:high] = kernel.play_random(
            states[low:high], pack.vector, seed_words[low:high], players, difficulty, max_steps
        )

    if threads == 1:
        run(0)
    else:
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(run, range(threads)))
    return RandomGames(game, pack, states, rngs)


def random_games_from(game: Game[Any], positions: Sequence[Mapping[str, Any]], seeds: Sequence[int]) -> RandomGames:
    """Games with random hunters set up at JSON positions (docs/games/wolves-on-the-hunt.md), one seed each."""
    pack = compiled_pack(game)
    if len(positions) != len(seeds):
        raise ValueError(f"{len(positions)} positions but {len(seeds)} seeds: give one seed per position")
    states = np.stack([vector_of(position, pack) for position in positions])
    rngs = np.zeros((len(seeds), 1), dtype=np.uint64)
    for rng, seed in zip(rngs, _seeds(seeds), strict=True):
        kernel.seed_rng(rng, seed)
    return RandomGames(game, pack, states, rngs)


@dataclass
class HeuristicGames:
    """Games with any mix of random and heuristic hunters, stepped one action at a time (the hand-off tests' view).

    Beside each game's vector and generator, each heuristic seat's plan for the rest of its turn (`plans`, `meta`:
    start, length, still followed), as `HeuristicBot._plan` keeps it.
    """

    game: Game[Any]
    pack: CompiledPack
    ranks: Vector
    bots: Vector
    states: Vector
    rngs: npt.NDArray[np.uint64]
    plans: Vector
    meta: Vector

    def step(self, index: int) -> tuple[int, Vector]:
        """Play one more action of game `index`: (the seat that took it, -1 for chance; the encoded action)."""
        from wolfpack.games.hunt import batch_heuristic as heuristic

        buffers = _heuristic_buffers()
        buffers[4][:] = -1  # no options yet: `last_options` shows only this step's
        buffers[0][heuristic.W_SAMPLES, 0, 0] = 0  # nor samples: `last_samples` shows only this step's
        last = np.zeros((1, L.ACTION_WIDTH + 1), dtype=np.int64)
        row = slice(index, index + 1)
        until = self.states[row, L.HISTORY] + 1
        heuristic.play_mixed(
            self.states[row], self.pack.vector, self.ranks, self.bots, self.rngs[row],
            self.plans[index], self.meta[index], until, False, last, *buffers,
        )  # fmt: skip
        return int(last[0, 0]), last[0, 1:]

    def last_options(self) -> tuple[Vector, Vector, Vector]:
        """The options the last `step` scored for a die (actions, plans, plan lengths), rows of unused room dropped."""
        from wolfpack.games.hunt import batch_heuristic as heuristic

        buffers = _heuristic_buffers()
        used = buffers[4][:, 0] >= 0
        used[heuristic.SLOT] = False  # a die table's lookahead, not an option
        return buffers[4][used], buffers[5][used], buffers[6][used]

    def last_samples(self) -> list[Vector]:
        """The powers each pruning of the last `step` sampled, in turn (POWER_CANDIDATES actions each)."""
        from wolfpack.games.hunt import batch_heuristic as heuristic

        log = _heuristic_buffers()[0][heuristic.W_SAMPLES]
        count = int(log[0, 0])
        if count >= len(log):
            raise ValueError(f"the last step sampled {count} powers, more than the log holds")
        return [log[1 + k : 1 + k + POWER_CANDIDATES].copy() for k in range(0, count, POWER_CANDIDATES)]

    def plan(self, index: int, seat: int) -> list[Vector] | None:
        """The steps `seat` of game `index` plans for the rest of its turn, or None when it has no plan it follows."""
        _, length, followed = (int(x) for x in self.meta[index, seat])
        if not followed:
            return None
        return [self.plans[index, seat, i].copy() for i in range(length)]


def heuristic_buffers() -> tuple[Any, ...]:
    """Scratch room for `batch_heuristic.play_mixed` (one set per thread): its buffers, in its argument order."""
    from wolfpack.games.hunt import batch_heuristic as heuristic

    return (
        np.zeros((heuristic.WORK, L.MAX_ACTIONS, L.ACTION_WIDTH), dtype=np.int64),
        np.zeros((heuristic.KIDS, L.STATE_SIZE), dtype=np.int64),
        np.zeros(L.MAX_ACTIONS, dtype=np.float64),
        np.zeros(heuristic.MAX_OPTIONS, dtype=np.float64),
        np.zeros((heuristic.MAX_OPTIONS, L.ACTION_WIDTH), dtype=np.int64),
        np.zeros((heuristic.MAX_OPTIONS, heuristic.PLAN, L.ACTION_WIDTH), dtype=np.int64),
        np.zeros(heuristic.MAX_OPTIONS, dtype=np.int64),
        np.zeros(L.MAX_ACTIONS, dtype=np.float64),
    )


_heuristic_buffers = cache(heuristic_buffers)
"""One set of buffers shared by `HeuristicGames.step`."""


def heuristic_games_from(games: RandomGames, bots: Sequence[str], seeds: Sequence[int]) -> HeuristicGames:
    """Go on from games already played part-way with `bots` by seat, each seat with no plan yet, one seed each."""
    from wolfpack.games.hunt import batch_heuristic as heuristic

    codes = bot_codes(bots)
    if len(codes) != games.game.num_players():
        raise ValueError(f"{games.game.name} has {games.game.num_players()} seats, but {len(codes)} bots were given")
    if len(seeds) != len(games.states):
        raise ValueError(f"{len(games.states)} games but {len(seeds)} seeds: give one seed per game")
    rngs = np.zeros((len(seeds), 1), dtype=np.uint64)
    for rng, seed in zip(rngs, _seeds(seeds), strict=True):
        kernel.seed_rng(rng, seed)
    count = len(seeds)
    return HeuristicGames(
        games.game,
        games.pack,
        notation_ranks(games.pack),
        codes,
        games.states.copy(),
        rngs,
        np.zeros((count, L.MAX_PLAYERS, heuristic.PLAN, L.ACTION_WIDTH), dtype=np.int64),
        np.zeros((count, L.MAX_PLAYERS, 3), dtype=np.int64),
    )


BOTS: tuple[str, ...] = ("random", "heuristic")
"""The bots the batch engine plays, by the codes its kernels use (their index here)."""


def bot_codes(bots: Sequence[str]) -> Vector:
    """Each seat's bot as the kernel's code; an unknown name is refused by name."""
    unknown = sorted(set(bots) - set(BOTS))
    if unknown:
        raise NoBatchEngineError(
            f"the Hunt batch engine has no bot {', '.join(map(repr, unknown))}; it plays {', '.join(BOTS)}"
        )
    return np.array([BOTS.index(bot) for bot in bots], dtype=np.int64)


def notation_ranks(pack: CompiledPack) -> Vector:
    """Where trap words, moves and dice fall in the notation's string order (the heuristic's pruning keeps ties so).

    Laid out as `batch_heuristic` reads it (R_TRAP, R_MOVE, R_COLOUR). Comparing actions word by word with these
    ranks is comparing their text, since a space sorts before every character a word holds.
    """
    from wolfpack.games.hunt import batch_heuristic as heuristic

    ranks = np.full(heuristic.RANKS_SIZE, -1, dtype=np.int64)
    sides = pack.vector[L.C_TRAP_SIDE : L.C_TRAP_SIDE + 2 * len(pack.trap_ids)]
    traps = {
        heuristic.R_TRAP + (loc * L.MAX_TRAPS + token) * 2 + side: f"{location}={name}:{int(sides[2 * token + side])}"
        for loc, location in enumerate(LOCATIONS)
        for token, name in enumerate(pack.trap_ids)
        for side in range(2)
    }
    moves = {
        heuristic.R_MOVE + space * 2 + way: f"{name} {direction}"
        for space, name in enumerate(pack.space_ids)
        for way, direction in enumerate(DIRECTIONS)
    }
    colours = {heuristic.R_COLOUR + die: colour for die, colour in enumerate(DICE_COLOURS)}
    for words in (traps, moves, colours):
        for rank, index in enumerate(sorted(words, key=lambda i: words[i])):
            ranks[index] = rank
    return ranks


def play(
    game: Game[Any], bots: Sequence[str], seeds: Sequence[int], max_steps: int = -1, threads: int = 1
) -> RandomGames:
    """Play one game per seed with `bots[k]` ("random" or "heuristic") in seat k, each stopped after `max_steps`.

    All-random batches run the random kernel (`play_random`); any heuristic seat runs `batch_heuristic`, compiled
    (or loaded from numba's cache) on first use. Game i depends on seeds[i] alone, whatever the threads.
    """
    codes = bot_codes(bots)
    if len(codes) != game.num_players():
        raise ValueError(f"{game.name} has {game.num_players()} seats, but {len(codes)} bots were given")
    if not codes.any():
        return play_random(game, seeds, max_steps, threads)
    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads}")
    from wolfpack.games.hunt import batch_heuristic as heuristic

    started = play_random(game, seeds, 0)  # new games, dealt and rolled, their generators seeded
    ranks = notation_ranks(started.pack)
    states, rngs = started.states, started.rngs
    until = np.full(len(seeds), max_steps, dtype=np.int64)
    bounds = np.linspace(0, len(seeds), threads + 1).astype(int)

    def run(part: int) -> None:
        low, high = bounds[part], bounds[part + 1]
        plans = np.zeros((L.MAX_PLAYERS, heuristic.PLAN, L.ACTION_WIDTH), dtype=np.int64)
        meta = np.zeros((L.MAX_PLAYERS, 3), dtype=np.int64)
        last = np.zeros((high - low, L.ACTION_WIDTH + 1), dtype=np.int64)
        heuristic.play_mixed(
            states[low:high], started.pack.vector, ranks, codes, rngs[low:high], plans, meta,
            until[low:high], True, last, *heuristic_buffers(),
        )  # fmt: skip

    if threads == 1:
        run(0)
    else:
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(run, range(threads)))
    return RandomGames(game, started.pack, states, rngs)


def measures(states: Vector, game: Game[Any]) -> dict[str, list[Any]]:
    """The columns of Hunt's profile in wolfpack.sim.measures (outcome, rounds and its fields), one per game."""
    difficulty = str(game.options_dict()["difficulty"])
    players = int(game.options_dict()["players"])
    columns: dict[str, list[Any]] = {
        "outcome": [],
        "rounds": [],
        "difficulty": [],
        "elders_left": [],
        "ending": [],
        "hearts_left": [],
    }
    for s in states:
        result = "win" if s[L.RESULT] == 1 else "loss"
        hearts = [int(s[L.HUNTERS + seat * L.HUNTER_SIZE + L.H_HEARTS]) for seat in range(players)]
        view = {"result": result, "elders": int(s[L.ELDERS]), "hunters": [{"hearts": h} for h in hearts]}
        columns["outcome"].append(result)
        columns["rounds"].append(int(s[L.ROUND]))
        columns["difficulty"].append(difficulty)
        columns["elders_left"].append(int(s[L.ELDERS]))
        columns["ending"].append(hunt_ending(view))
        columns["hearts_left"].append(hearts)
    return columns


class HuntBatchEngine:
    """The BatchEngine of Wolves on the Hunt (wolfpack.engine.batch): random and heuristic hunters, any mix."""

    bots: tuple[str, ...] = BOTS

    def __init__(self, threads: int = 1) -> None:
        self.threads = threads
        """Threads a call of `play` uses (one by default: `wolfpack simulate --jobs` decides the machine's share)."""

    def play(self, game: Game[Any], bots: Sequence[str], seeds: Sequence[int]) -> BatchPlayed:
        """Play one game per seed to the end with `bots[k]` in seat k; game i's chance and choices from seeds[i]."""
        played = play(game, bots, seeds, threads=self.threads)
        states = played.states
        returns = np.repeat((states[:, L.RESULT] == 1).astype(np.float64)[:, None], game.num_players(), axis=1)
        return BatchPlayed(
            returns=returns,
            actions=states[:, L.HISTORY].copy(),
            decisions=states[:, L.DECISIONS].copy(),
            measures=measures(states, game),
        )


ENGINE = HuntBatchEngine()
"""What `HuntGame.batch` names."""
