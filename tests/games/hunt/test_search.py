"""The Wolves on the Hunt search bot (issue 34, item 6): legal to the end of a game, a winning shot taken, the
play-outs' verdict followed, and nothing read but its seat's observation. Its strength is measured in
benchmarks/hunt_search.py, never here."""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import wolfpack
from wolfpack.bots import make_bot
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import State
from wolfpack.engine.play import bot_decision
from wolfpack.games.hunt.actions import verb
from wolfpack.games.hunt.batch_content import PackTooLargeError
from wolfpack.games.hunt.bots import HeuristicBot
from wolfpack.games.hunt.game import HuntGame
from wolfpack.games.hunt.search import (
    BatchPlayouts,
    Playouts,
    ScalarPlayouts,
    SearchBot,
    playouts_for,
    position_of,
)


def _game(difficulty: str = "easy") -> HuntGame:
    game = wolfpack.load_game("wolves-on-the-hunt", players=2, difficulty=difficulty)
    assert isinstance(game, HuntGame)
    return game


def _acting(state: State[Any]) -> int | None:
    """The `player` argument for the seat play waits for: its seat at a simultaneous node, else None."""
    return state.waiting_for()[0] if state.is_simultaneous_node() else None


def _heuristic_game_until(game: HuntGame, seed: int, stop: Callable[[State[Any]], bool]) -> State[Any]:
    """A seeded game of heuristic hunters, played until `stop` holds at a decision (or the end)."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    bots = [HeuristicBot(seed * 10 + seat) for seat in range(game.num_players())]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        if stop(state):
            return state
        seat, action = bot_decision(state, bots, start=state.history_length())
        state.apply_action(action, seat)
    return state


class StubPlayouts:
    """Play-outs decided by a rule over the position, recording every position they were asked to play."""

    def __init__(self, wins: Callable[[Mapping[str, Any]], bool]) -> None:
        self.wins = wins
        self.asked: list[Mapping[str, Any]] = []

    def __call__(self, positions: Sequence[Mapping[str, Any]], seeds: Sequence[int]) -> npt.NDArray[np.bool_]:
        self.asked += positions
        return np.array([self.wins(position) for position in positions], dtype=np.bool_)


class StubbedSearchBot(SearchBot):
    """The search bot with its play-outs replaced."""

    def __init__(self, seed: int, playouts: Playouts, budget: int = 64) -> None:
        super().__init__(seed, playouts=budget)
        self.stub = playouts

    def _engine(self, state: State[Any]) -> Playouts:
        return self.stub


def _first_take(game: HuntGame) -> State[Any]:
    """The first decision of a seeded game where the active hunter takes one of several dice."""
    return _heuristic_game_until(
        game, 3, lambda s: sum(verb(a) == "take" for a in s.legal_actions(_acting(s))) >= 4 and s.round == 1
    )


def test_the_search_bot_is_registered_and_refuses_a_bad_budget_or_engine() -> None:
    game = _game()
    assert isinstance(make_bot(game, "search", seed=1), SearchBot)
    with pytest.raises(ValueError, match="playouts must be at least 0"):
        SearchBot(1, playouts=-1)
    with pytest.raises(ValueError, match="candidates at least 1"):
        SearchBot(1, candidates=0)
    with pytest.raises(ValueError, match="no play-out engine 'gpu'; engines: batch, scalar"):
        SearchBot(1, engine="gpu")


def test_the_search_bot_plays_legal_actions_to_the_end_of_a_seeded_game(hunt_heuristic_batch: ModuleType) -> None:
    """Both hunters search (a small budget); every action is legal where it is taken, and some decisions searched."""
    game = _game("hard")  # hard games are the shortest
    bots = [SearchBot(7 + seat, playouts=8) for seat in range(2)]
    state = game.new_initial_state()
    rng = random.Random(7)
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        seat, action = bot_decision(state, bots, start=state.history_length())
        player = seat if state.is_simultaneous_node() else None
        assert action in state.legal_actions(player)
        searched += bool(bots[seat].last_values)
        state.apply_action(action, player)
    assert searched >= 10


def test_the_search_bot_takes_the_shot_that_kills_the_pack_leader() -> None:
    """A hand-made position: the Pack Leader one damage from death and a rifle shot at it among the choices (a win
    at once is taken before any play-out)."""
    game = _game()

    def shot_at_leader(state: State[Any]) -> bool:
        where = state.leader_location()  # type: ignore[attr-defined]
        return where is not None and f"rifle {where}" in state.legal_actions(_acting(state))

    found = _heuristic_game_until(game, 1, shot_at_leader)
    assert not found.is_terminal(), "the seeded game never offered a shot at the Pack Leader"
    position = found.to_dict()["position"]
    where = found.leader_location()  # type: ignore[attr-defined]
    position["wolves"][where]["damage"] = game.content.wolf(position["leader"]).health - 1
    state = game.state_from_position(position)
    legal = state.legal_actions(_acting(state))
    assert len(legal) > 5
    assert SearchBot(3, playouts=16).step(state, _acting(state)) == f"rifle {where}"


def test_the_search_bot_follows_the_playouts_verdict_and_saves_its_budget_when_they_agree() -> None:
    """With play-outs won only after taking one die the heuristic does not take, that die is taken; with play-outs
    all lost, the heuristic's choice stands after one round of play-outs."""
    game = _game()
    state = _first_take(game)
    player = _acting(state)
    heuristic_choice = HeuristicBot(5).step(state, player)
    takes = [a for a in state.legal_actions(player) if verb(a) == "take" and a != heuristic_choice]
    wanted = takes[-1]
    colour = wanted.split()[1][:-1]
    stub = StubPlayouts(lambda position: position["dice"][colour][1] != "pool")
    bot = StubbedSearchBot(5, stub)
    assert bot.step(state, player) == wanted
    won, played = bot.last_values[wanted]
    assert won == played > 0
    assert all(won == 0 for action, (won, _) in bot.last_values.items() if action != wanted)

    losing = StubPlayouts(lambda position: False)
    bot = StubbedSearchBot(5, losing)
    assert bot.step(state, player) == heuristic_choice
    candidates = len(bot.last_values)
    assert candidates >= 4 and len(losing.asked) == candidates * (64 // (3 * candidates))


def _some_wins(position: Mapping[str, Any]) -> bool:
    """Play-outs that win from some positions and lose from others, by a rule over the whole position."""
    return zlib.crc32(json.dumps(position, sort_keys=True).encode()) % 3 == 0


def test_the_search_bot_decides_from_its_seats_observation_alone() -> None:
    """The same choice and play-outs on the real state and on one rebuilt from the seat's observation (no history,
    nothing else), the state left as it was, and every play-out started from the position after a legal action."""
    game = _game()
    state = _first_take(game)
    player = _acting(state)
    seat = state.waiting_for()[0]
    assert position_of(state.observation(seat)) == state.to_dict()["position"]  # the Hunt hides nothing
    rebuilt = game.state_from_position(position_of(state.observation(seat)))
    before = state.to_json()
    stub, again = StubPlayouts(_some_wins), StubPlayouts(_some_wins)
    first, second = StubbedSearchBot(11, stub), StubbedSearchBot(11, again)
    chosen = first.step(state, player)
    assert state.to_json() == before
    assert second.step(rebuilt, player) == chosen and stub.asked == again.asked
    assert len(first.last_values) >= 4
    after = []
    for action in state.legal_actions(player):
        child = state.clone()
        child.apply_action(action, player)
        after.append(child.to_dict()["position"])
    assert stub.asked and all(position in after for position in stub.asked)


def test_scalar_playouts_play_to_the_end() -> None:
    """The scalar engine's play-outs (for packs the batch engine cannot hold): a won position stays won, and a
    late one is played to a result."""
    game = _game()
    late = _heuristic_game_until(game, 1, lambda s: s.round == 6)  # type: ignore[attr-defined]
    won = late.to_dict()["position"]
    won["result"] = "win"
    results = ScalarPlayouts(game)([won, late.to_dict()["position"]], [1, 2])
    assert results.dtype == np.bool_ and results[0] and len(results) == 2


def test_a_pack_the_batch_engine_cannot_hold_is_played_out_in_the_scalar_engine(
    hunt_batch: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _game()
    assert isinstance(playouts_for(game, "batch"), BatchPlayouts)

    def too_large(game: Any) -> None:
        raise PackTooLargeError("the batch engine holds at most 64 wolf cards; this pack has 65")

    monkeypatch.setattr(hunt_batch, "compiled_pack", too_large)
    assert isinstance(playouts_for(game, "batch"), ScalarPlayouts)
    assert isinstance(playouts_for(game, "scalar"), ScalarPlayouts)
    with pytest.raises(ValueError, match="no play-out engine 'gpu'"):
        playouts_for(game, "gpu")
