"""Wolves on the Hunt's search bot: flat Monte Carlo over its own decisions, each candidate valued by play-outs with
heuristic hunters (issue 34, item 6; see docs/bots.md).

Random play-outs of the Hunt almost never win, so they tell a search nothing; play-outs in which every hunter is the
heuristic bot win often enough to tell a good choice from a poor one. At each decision the bot makes (not at the
optional moments where a partner could lend a free action: there it does what the heuristic does) it:

1. lists its candidates: the heuristic's own pruned options (every die, the strongest traps and moves, a sample of
   the powers; `HeuristicBot._prune`), cut to the `MAX_CANDIDATES` the heuristic's one-step lookahead likes best,
   plus the heuristic's own choice (which may be a free action);
2. takes at once a candidate that wins the game at once;
3. otherwise shares its budget of `playouts` by sequential halving: every candidate is played out from the position
   it leads to, the worse half dropped, the rest played out more, until one is left. The play-outs of one round use
   the same seeds for every candidate (common random numbers: the candidates meet the same dice as long as the games
   run alike), and a candidate's value is the share of its play-outs the hunters win. If the first round finds every
   candidate alike (all lost, say), the bot keeps the heuristic's choice and spends nothing more.

The play-outs start from the bot's own seat's observation (the Hunt hides nothing, so it is the whole position; the
future is sampled as the play-out goes) and run in the batch engine's heuristic hunters (`batch_heuristic`, compiled
with Numba), or, for a content pack the batch engine cannot hold, in the scalar engine. Every seed comes from the
bot's generator, so a seeded bot plays the same game every time.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from wolfpack.engine.batch import NoBatchEngineError
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import Game, State
from wolfpack.engine.play import bot_decision
from wolfpack.games.hunt.actions import verb
from wolfpack.games.hunt.batch_content import PackTooLargeError
from wolfpack.games.hunt.bots import FREE_VERBS, HeuristicBot, Weights
from wolfpack.games.hunt.state import FIELDS

SEARCH_PLAYOUTS = 64
"""Our default: play-outs per decision, shared among its candidates (see docs/bots.md for what it costs)."""
MAX_CANDIDATES = 5
"""Our default: the most candidates a decision searches, besides the heuristic's choice."""


class Playouts(Protocol):
    """Plays games to the end with heuristic hunters: one per (position, seed), the hunters' wins returned."""

    def __call__(self, positions: Sequence[Mapping[str, Any]], seeds: Sequence[int]) -> npt.NDArray[np.bool_]: ...


class BatchPlayouts:
    """Play-outs in the batch engine's heuristic hunters (Numba; compiled or loaded from its cache on first use)."""

    def __init__(self, game: Game[Any]) -> None:
        from wolfpack.games.hunt import batch

        self.pack = batch.compiled_pack(game)
        """The content pack as the kernel reads it (raises NoBatchEngineError if the engine cannot hold it)."""
        self.ranks = batch.notation_ranks(self.pack)
        self.codes = batch.bot_codes(["heuristic"] * game.num_players())

    def __call__(self, positions: Sequence[Mapping[str, Any]], seeds: Sequence[int]) -> npt.NDArray[np.bool_]:
        """The hunters' win (True) or loss in a play-out of each position with its seed."""
        from wolfpack.games.hunt import batch_heuristic, batch_kernel
        from wolfpack.games.hunt import batch_layout as L
        from wolfpack.games.hunt.batch_position import vector_of

        if len(positions) != len(seeds):
            raise ValueError(f"{len(positions)} positions but {len(seeds)} seeds: give one seed per position")
        vectors: dict[int, npt.NDArray[np.int64]] = {}  # a position played out with many seeds is read once
        for position in positions:
            if id(position) not in vectors:
                vectors[id(position)] = vector_of(position, self.pack)
        states = np.stack([vectors[id(position)] for position in positions])
        rngs = np.zeros((len(seeds), 1), dtype=np.uint64)
        for rng, seed in zip(rngs, seeds, strict=True):
            batch_kernel.seed_rng(rng, np.uint64(seed % 2**64))
        plans = np.zeros((L.MAX_PLAYERS, batch_heuristic.PLAN, L.ACTION_WIDTH), dtype=np.int64)
        meta = np.zeros((L.MAX_PLAYERS, 3), dtype=np.int64)
        last = np.zeros((len(seeds), L.ACTION_WIDTH + 1), dtype=np.int64)
        until = np.full(len(seeds), -1, dtype=np.int64)
        batch_heuristic.play_mixed(
            states, self.pack.vector, self.ranks, self.codes, rngs, plans, meta, until, True, last, *_buffers()
        )
        won: npt.NDArray[np.bool_] = states[:, L.RESULT] == 1
        return won


_THREAD = threading.local()


def _buffers() -> tuple[Any, ...]:
    """The kernel's scratch room (about 19 MB), one set per thread: every search bot of a thread shares it."""
    buffers: tuple[Any, ...] | None = getattr(_THREAD, "buffers", None)
    if buffers is None:
        from wolfpack.games.hunt import batch

        buffers = _THREAD.buffers = batch.heuristic_buffers()
    return buffers


class ScalarPlayouts:
    """Play-outs in the scalar engine (`HeuristicBot` in every seat): slower, but for any content pack."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def __call__(self, positions: Sequence[Mapping[str, Any]], seeds: Sequence[int]) -> npt.NDArray[np.bool_]:
        """The hunters' win (True) or loss in a play-out of each position with its seed."""
        if len(positions) != len(seeds):
            raise ValueError(f"{len(positions)} positions but {len(seeds)} seeds: give one seed per position")
        won = np.zeros(len(seeds), dtype=np.bool_)
        for index, (position, seed) in enumerate(zip(positions, seeds, strict=True)):
            state = self.game.state_from_position(position)
            rng = random.Random(seed)
            bots = [HeuristicBot(rng.randrange(2**32)) for _ in range(self.game.num_players())]
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_chance_outcome(state, rng))
                else:
                    seat, action = bot_decision(state, bots, start=state.history_length())
                    state.apply_action(action, seat if state.is_simultaneous_node() else None)
            won[index] = state.returns()[0] > 0
        return won


ENGINES = ("batch", "scalar")
"""The play-out engines, by name (`SearchBot(engine=...)`)."""


def playouts_for(game: Game[Any], engine: str) -> Playouts:
    """The play-outs of `game` in the named engine; "batch" falls back to "scalar" for a pack it cannot hold."""
    if engine not in ENGINES:
        raise ValueError(f"no play-out engine {engine!r}; engines: {', '.join(ENGINES)}")
    if engine == "batch":
        try:
            return BatchPlayouts(game)
        except (NoBatchEngineError, PackTooLargeError):
            pass  # an organiser's pack larger than the kernel's room: the scalar engine plays it
    return ScalarPlayouts(game)


def position_of(observation: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON position a seat's observation holds (the observation adds names and what the position implies)."""
    position = {name: observation[name] for name in FIELDS}
    position["wolves"] = {
        location: {"id": wolf["id"], "damage": wolf["damage"], "outwit": wolf["outwit"]}
        for location, wolf in observation["wolves"].items()
    }
    return position


class SearchBot(HeuristicBot):
    """Flat Monte Carlo over the heuristic's candidates, each valued by heuristic play-outs (sequential halving)."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        weights: Weights | None = None,
        *,
        playouts: int = SEARCH_PLAYOUTS,
        candidates: int = MAX_CANDIDATES,
        engine: str = "batch",
    ) -> None:
        super().__init__(seed, weights)
        if playouts < 0 or candidates < 1:
            raise ValueError(f"playouts must be at least 0 and candidates at least 1, got {playouts} and {candidates}")
        if engine not in ENGINES:
            raise ValueError(f"no play-out engine {engine!r}; engines: {', '.join(ENGINES)}")
        self.playouts = playouts
        """The budget: play-outs per decision, shared among its candidates (0: play as the heuristic)."""
        self.candidates = candidates
        self.engine = engine
        self._playouts: Playouts | None = None
        self._game: Game[Any] | None = None
        self.last_values: dict[Any, tuple[int, int]] = {}
        """(play-outs won, played) of each candidate of the last searched decision (for tests and curious readers)."""

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        """The heuristic's choice where there is nothing to search, else the candidate whose play-outs win most."""
        choice = super().step(state, player)
        self.last_values = {}
        seat = state.current_player() if player is None else player
        if choice is None or self.playouts == 0 or seat not in state.waiting_for():
            return choice  # an optional moment (a partner's free action): the heuristic's rule
        simultaneous = state.is_simultaneous_node()
        legal = state.legal_actions(seat if simultaneous else None)
        if len(legal) < 2:
            return choice
        candidates = self._candidates(state, seat, legal, choice)
        if len(candidates) < 2:
            return choice
        positions = []
        for action in candidates:
            child = state.clone()
            child.apply_action(action, seat if simultaneous else None)
            if child.is_terminal() and child.returns()[seat] > 0:
                return action  # a win at once: play-outs would value it no higher than a sure win later
            positions.append(position_of(child.observation(seat)))
        return self._halving(state, candidates, positions, choice)

    def _candidates(self, state: State[Any], seat: int, legal: list[Any], choice: Any) -> list[Any]:
        """The heuristic's pruned decisions, the best `candidates` of them by its lookahead, and its own choice."""
        decisions = self._prune(state, seat, [a for a in legal if verb(a) not in FREE_VERBS])
        if len(decisions) > self.candidates and not any(verb(a) == "take" for a in decisions):
            scored = self._scored(state, seat, decisions, finish=False)
            ranked = sorted(range(len(scored)), key=lambda i: -scored[i][0])
            decisions = [decisions[i] for i in sorted(ranked[: self.candidates])]
        return [choice, *(a for a in decisions if a != choice)]

    def _halving(self, state: State[Any], candidates: list[Any], positions: list[dict[str, Any]], choice: Any) -> Any:
        """Sequential halving over the candidates (ties go to the earlier one: the heuristic's choice first)."""
        playouts = self._engine(state)
        won = [0] * len(candidates)
        played = [0] * len(candidates)
        alive = list(range(len(candidates)))
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        for round_index in range(rounds):
            each = max(1, self.playouts // (rounds * len(alive)))
            seeds = [self.rng.getrandbits(63) for _ in range(each)]
            wins = playouts([positions[i] for i in alive for _ in seeds], seeds * len(alive))
            for k, i in enumerate(alive):
                won[i] += int(wins[k * each : (k + 1) * each].sum())
                played[i] += each
            if round_index == 0 and len({won[i] for i in alive}) == 1:
                break  # every candidate alike: nothing to tell them apart
            alive = sorted(alive, key=lambda i: (-won[i] / played[i], i))[: (len(alive) + 1) // 2]
            if len(alive) == 1:
                break
        self.last_values = {candidates[i]: (won[i], played[i]) for i in range(len(candidates)) if played[i]}
        best = min(alive, key=lambda i: (-won[i] / played[i], i))
        return candidates[best] if won[best] else choice

    def _engine(self, state: State[Any]) -> Playouts:
        """The play-outs of this state's game (made once per game)."""
        if self._playouts is None or self._game is not state.game:
            self._playouts = playouts_for(state.game, self.engine)
            self._game = state.game
        return self._playouts
