"""Hand a batch game to the scalar engine and replay the batch's own draws and choices there, comparing each step."""

from __future__ import annotations

from typing import Any

import numpy as np

from wolfpack.engine.batch import BatchPlayed
from wolfpack.engine.bot import Bot
from wolfpack.engine.constants import CHANCE, SIMULTANEOUS, TERMINAL
from wolfpack.games.hunt import batch_kernel as kernel
from wolfpack.games.hunt import batch_layout as L
from wolfpack.games.hunt.batch import HuntBatchEngine, RandomGames
from wolfpack.games.hunt.batch_position import action_text_in, position_of
from wolfpack.games.hunt.game import HuntGame
from wolfpack.games.hunt.notation import position_dict
from wolfpack.sim.arena import bot_seed, game_seed, play_out
from wolfpack.sim.measures import HUNT

ACTS = np.zeros((L.MAX_ACTIONS, L.ACTION_WIDTH), dtype=np.int64)
SCRATCH = np.zeros((L.MAX_ACTIONS, L.ACTION_WIDTH), dtype=np.int64)
PROBS = np.zeros(L.MAX_ACTIONS, dtype=np.float64)


def batch_legal(games: RandomGames, index: int, seat: int) -> list[str]:
    """The batch engine's legal actions of `seat` in game `index`, as notation."""
    s = games.states[index]
    n = kernel.legal_actions(s, games.pack.vector, seat, ACTS, SCRATCH)
    content = games.game.content  # type: ignore[attr-defined]
    return [action_text_in(ACTS[i], s, seat, games.pack, content) for i in range(n)]


def batch_chance(games: RandomGames, index: int) -> dict[str, float]:
    """The batch engine's chance outcomes in game `index`, as notation -> probability."""
    s = games.states[index]
    n = kernel.chance_outcomes(s, games.pack.vector, ACTS, PROBS)
    content = games.game.content  # type: ignore[attr-defined]
    return {action_text_in(ACTS[i], s, -1, games.pack, content): float(PROBS[i]) for i in range(n)}


def replay_on_scalar(games: RandomGames, index: int) -> int:
    """Hand game `index` to the scalar engine as a position and go on in both to the end; return the steps compared.

    At every step: the same node (chance, a seat, simultaneous, terminal), the same chance outcomes and
    probabilities, the same legal actions of every seat that may act (as sets, and as many), the same position.
    """
    game = games.game
    assert isinstance(game, HuntGame)
    state = game.state_from_position(position_of(games.states[index], games.pack))
    steps = 0
    while True:
        s = games.states[index]
        where = f"game {index}, {steps} steps after the hand-off"
        assert position_of(s, games.pack) == position_dict(state), where
        current = kernel.current_player(s, games.pack.vector, ACTS, SCRATCH)
        assert current == state.current_player(), where
        if current == TERMINAL:
            return steps
        if current == CHANCE:
            outcomes = batch_chance(games, index)
            expected = dict(state.chance_outcomes())
            assert outcomes.keys() == expected.keys(), where
            assert all(abs(outcomes[k] - expected[k]) < 1e-12 for k in expected), where
        else:
            seats = range(game.num_players()) if current == SIMULTANEOUS else [current]
            for seat in seats:
                mine = batch_legal(games, index, seat)
                theirs = state.legal_actions(seat) if current == SIMULTANEOUS else state.legal_actions()
                assert len(mine) == len(theirs) and set(mine) == set(theirs), f"{where}, seat {seat}"
        before = s.copy()
        seat, act = games.step(index)
        text = action_text_in(act, before, seat, games.pack, game.content)
        state.apply_action(text, seat if current == SIMULTANEOUS else None)
        steps += 1


def both_engines(
    game: HuntGame, bot: type[Bot], seed: int, count: int, batch_count: int
) -> tuple[dict[str, list[Any]], BatchPlayed]:
    """`count` scalar games (Hunt's measures and `actions` per game) and `batch_count` batch games of one bot.

    The scalar games are seeded from `seed`, the batch ones from `seed + 1`: other games of the same distribution.
    """
    columns: dict[str, list[Any]] = {"actions": []}
    for index in range(count):
        bots = [bot(bot_seed(seed, index, seat)) for seat in range(game.num_players())]
        played = play_out(game, bots, game_seed(seed, index))
        columns["actions"].append(played.state.history_length())
        for name, value in HUNT.read(played, game).items():
            columns.setdefault(name, []).append(value)
    seeds = [game_seed(seed + 1, i) for i in range(batch_count)]
    return columns, HuntBatchEngine().play(game, [bot.name] * game.num_players(), seeds)
