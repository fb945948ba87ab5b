"""The Spacewolves! batch engine: thousands of games as rows of one int64 array, played by the compiled kernel.

    >>> import wolfpack
    >>> from wolfpack.games.spacewolves.batch import ENGINE
    >>> played = ENGINE.play(wolfpack.load_game("spacewolves", players=3), ["random"] * 3, [1, 2, 3])
    >>> played.games, played.returns.shape, [sum(r) for r in played.returns.tolist()]
    (3, (3, 3), [1.0, 1.0, 1.0])

Game i of a batch is played from `seeds[i]` alone (its own splitmix64 generator), so it does not depend on the
batch it is in. The rules are those of state.py, compiled in kernel.py; a batch game can be handed to the scalar
engine at any step (`scalar_state`) and goes on identically under the same dice (docs/design/batch.md).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from wolfpack.engine.batch import BatchPlayed, NoBatchEngineError
from wolfpack.engine.game import Game
from wolfpack.games.spacewolves import kernel
from wolfpack.games.spacewolves.actions import COLOUR_NAMES, SLOTS
from wolfpack.games.spacewolves.rules import EARTH_SLOT_VALUES

if TYPE_CHECKING:
    from wolfpack.games.spacewolves.game import SpacewolvesGame
    from wolfpack.games.spacewolves.state import SpacewolvesState

Rows = npt.NDArray[np.int64]
"""Games as rows of `kernel.ROW` int64 fields (layout in kernel.py)."""
Generators = npt.NDArray[np.uint64]
"""One splitmix64 state per game."""

_NO_TRACE = (
    np.zeros((0, kernel.ROW), dtype=np.int64),
    np.zeros(0, dtype=np.int64),
    np.zeros((0, kernel.MAX_LEGAL), dtype=np.int64),
    np.zeros(0, dtype=np.int64),
)
"""Empty trace arrays: play without recording."""

BOT_CODES = {"random": kernel.RANDOM_BOT, "heuristic": kernel.HEURISTIC_BOT}
"""The bots the kernel plays, by name (`HeuristicBot` with its default weights)."""


def bot_codes(players: int, bots: Sequence[str]) -> npt.NDArray[np.int64]:
    """The kernel's code of each seat's bot; NoBatchEngineError names a bot it cannot play or a wrong count."""
    if len(bots) != players:
        raise NoBatchEngineError(f"spacewolves here has {players} seats, but {len(bots)} bots were named")
    unknown = sorted(set(bots) - set(BOT_CODES))
    if unknown:
        raise NoBatchEngineError(
            f"spacewolves's batch engine has no bot {', '.join(map(repr, unknown))}; it plays {', '.join(BOT_CODES)}"
        )
    return np.array([BOT_CODES[name] for name in bots], dtype=np.int64)


def new_games(players: int, max_rounds: int, seeds: Sequence[int]) -> tuple[Rows, Generators]:
    """A new game per seed (the roll for first player pending) and its generator, seeded with the seed (mod 2**64)."""
    rows = np.tile(kernel.initial_row(players, max_rounds), (len(seeds), 1))
    generators = np.array([int(seed) & 0xFFFF_FFFF_FFFF_FFFF for seed in seeds], dtype=np.uint64)
    return rows, generators


def threads_default() -> int:
    """Threads a batch is split over: one per core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def advance(
    rows: Rows, generators: Generators, bots: npt.NDArray[np.int64], stop: int = -1, threads: int | None = None
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Play every game on, to its end or `stop` more actions (-1: to the end); return the actions and decisions.

    The games are split into `threads` slices (default: one per core) played at once by the GIL-free kernel."""
    games = rows.shape[0]
    actions = np.zeros(games, dtype=np.int64)
    decisions = np.zeros(games, dtype=np.int64)
    slices = max(1, min(threads or threads_default(), games))
    bounds = [games * k // slices for k in range(slices + 1)]

    def play_slice(k: int) -> None:
        part = slice(bounds[k], bounds[k + 1])
        kernel.play_games(rows[part], generators[part], bots, stop, actions[part], decisions[part], *_NO_TRACE)

    if slices == 1:
        play_slice(0)
    else:
        with ThreadPoolExecutor(max_workers=slices) as pool:
            list(pool.map(play_slice, range(slices)))
    return actions, decisions


def scores(rows: Rows) -> npt.NDArray[np.int64]:
    """Every game's score per seat, shape (games, players): the Earth numbers under each seat's spacemen."""
    if not rows.shape[0]:
        return np.zeros((0, 0), dtype=np.int64)
    players = int(rows[0, kernel.PLAYERS])
    earth = rows[:, kernel.EARTH_AT : kernel.EARTH_AT + len(EARTH_SLOT_VALUES)]
    arrived = np.arange(len(EARTH_SLOT_VALUES)) < rows[:, kernel.N_EARTH, None]
    values = np.array(EARTH_SLOT_VALUES, dtype=np.int64) * arrived
    return np.stack([((earth == seat) * values).sum(axis=1) for seat in range(players)], axis=1)


def shared_returns(game_scores: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """Returns from final scores as rules.shared_win_returns gives them: 1 split among the best, 0 to the rest."""
    best = game_scores == game_scores.max(axis=1, keepdims=True)
    shares: npt.NDArray[np.float64] = best / best.sum(axis=1, keepdims=True)
    return shares


def measures(rows: Rows) -> dict[str, list[Any]]:
    """The columns `wolfpack simulate` writes for Spacewolves! (sim.measures.spacewolves_measures), per game."""
    players = int(rows[0, kernel.PLAYERS]) if rows.shape[0] else 0
    colours = list(COLOUR_NAMES[:players])
    game_scores = scores(rows).tolist()
    firsts = rows[:, kernel.FIRST].tolist()
    return {
        "outcome": ["+".join(c for c, s in zip(colours, row, strict=True) if s == max(row)) for row in game_scores],
        "rounds": rows[:, kernel.ROUND].tolist(),
        "first_seat": firsts,
        "turn_places": [[(seat - first) % players for seat in range(players)] for first in firsts],
        "colours": [colours] * rows.shape[0],
        "scores": game_scores,
    }


class SpacewolvesBatch:
    """The batch engine of Spacewolves! (wolfpack.engine.batch.BatchEngine): the random and heuristic bots."""

    bots: tuple[str, ...] = tuple(BOT_CODES)

    def play(self, game: Game[Any], bots: Sequence[str], seeds: Sequence[int]) -> BatchPlayed:
        """Play one game per seed to the end with `bots[k]` in seat k; game i's chance and choices from seeds[i]."""
        options = game.options_dict()
        players, max_rounds = int(options["players"]), int(options["max_rounds"])
        codes = bot_codes(players, bots)
        if not seeds:
            none = np.zeros(0, dtype=np.int64)
            return BatchPlayed(
                np.zeros((0, players)), none, none, {name: [] for name in measures(new_games(3, 1, [0])[0])}
            )
        rows, generators = new_games(players, max_rounds, seeds)
        actions, decisions = advance(rows, generators, codes)
        return BatchPlayed(
            returns=shared_returns(scores(rows)),
            actions=actions,
            decisions=decisions,
            measures=measures(rows),
        )


ENGINE = SpacewolvesBatch()
"""What `SpacewolvesGame.batch` names."""


# ---- hand-off to the scalar engine, and the traced slow path ----------------------------------------------------


SCALAR_FIELDS = {
    "asteroid": kernel.ASTEROID,
    "warp": kernel.WARP_SLOT,
    "station": kernel.STATION,
    "on_board": kernel.ON_BOARD,
    "phase": kernel.PHASE,
    "step": kernel.STEP,
    "turn": kernel.TURN,
    "actor": kernel.ACTOR,
    "first": kernel.FIRST,
    "round": kernel.ROUND,
    "cutoff": kernel.CUTOFF,
    "max_rounds": kernel.MAX_ROUNDS,
}
"""The scalar state's whole-number fields and where a row keeps them."""


def scalar_state(game: SpacewolvesGame, row: Rows) -> SpacewolvesState:
    """The scalar state of a batch game's row (every field copied; no history): the hand-off to the scalar engine."""
    from wolfpack.games.spacewolves.state import SpacewolvesState

    values = [int(v) for v in row]
    players = values[kernel.PLAYERS]
    state = SpacewolvesState(game, empty=True)
    state.tiles = [kernel.TILE_LABELS[code] for code in values[kernel.TILES : kernel.TILES + SLOTS]]
    state.pos = values[kernel.POS : kernel.POS + 3 * players]
    state.crowd = values[kernel.CROWD : kernel.CROWD + SLOTS]
    state.earth = values[kernel.EARTH_AT : kernel.EARTH_AT + values[kernel.N_EARTH]]
    state.warps = values[kernel.WARPS : kernel.WARPS + values[kernel.N_WARPS]]
    state.dice = tuple(values[kernel.DICE : kernel.DICE + values[kernel.N_DICE]])
    for name, field in SCALAR_FIELDS.items():
        setattr(state, name, values[field])
    return state


def position(game: SpacewolvesGame, row: Rows) -> str:
    """A batch game's position in notation (docs/games/spacewolves.md), as `state_from_position` reads it."""
    from wolfpack.games.spacewolves.notation import format_position

    return format_position(scalar_state(game, row))


@dataclass(frozen=True)
class Trace:
    """One batch game played on step by step with everything recorded: what the hand-off tests compare."""

    rows: Rows
    """The game's row before each action, and after the last (one more than `actions`)."""
    legal: list[list[int]]
    """The legal actions before each action (empty at a roll), and after the last."""
    actions: list[int]
    """The action codes applied, chance outcomes included."""


def trace(row: Rows, generator: Generators, bots: npt.NDArray[np.int64], capacity: int = 4096) -> Trace:
    """Play the game in `row` (changed in place) to the end with its generator (one element), recording each step."""
    rows = np.zeros((capacity + 1, kernel.ROW), dtype=np.int64)
    actions = np.zeros(capacity, dtype=np.int64)
    legal = np.zeros((capacity + 1, kernel.MAX_LEGAL), dtype=np.int64)
    counts = np.zeros(capacity + 1, dtype=np.int64)
    played_actions = np.zeros(1, dtype=np.int64)
    kernel.play_games(
        row[None], generator, bots, -1, played_actions, np.zeros(1, dtype=np.int64), rows, actions, legal, counts
    )
    played = int(played_actions[0])
    return Trace(
        rows=rows[: played + 1],
        legal=[legal[i, : counts[i]].tolist() for i in range(played + 1)],
        actions=actions[:played].tolist(),
    )
