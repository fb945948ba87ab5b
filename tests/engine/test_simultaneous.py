"""Simultaneous nodes through the whole stack: engine checks, waiting_for, bots, drivers, records, conformance."""

from __future__ import annotations

import io
from typing import Any

import pytest

import wolfpack
import wolfpack.testing
from wolfpack import SIMULTANEOUS, IllegalActionError, InvalidActionError
from wolfpack.engine import registry
from wolfpack.engine.bot import Bot, RandomBot
from wolfpack.engine.game import State
from wolfpack.engine.play import BotError, bot_decision, decision_order
from wolfpack.engine.records import Match, replay_lines
from wolfpack.sim.arena import play_match
from wolfpack.testing import check_game

from .toy_games import BidGame, BidState


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    registry.register_game(BidGame)


def new_state(players: int = 2) -> State[Any]:
    return wolfpack.load_game("toy-sealed-bids", players=players).new_initial_state()


def test_every_seat_may_act_and_play_waits_for_those_who_have_not_bid() -> None:
    state = new_state(3)
    assert state.current_player() == SIMULTANEOUS
    assert state.waiting_for() == [0, 1, 2]
    state.apply_action("bid 2", 1)
    assert state.waiting_for() == [0, 2]
    assert state.legal_actions(1) == ["cheer"]
    assert state.legal_actions(0) == ["bid 0", "bid 1", "bid 2", "bid 3"]


def test_simultaneous_action_needs_its_player() -> None:
    state = new_state()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action("bid 1")
    assert caught.value.rule == "turn"
    with pytest.raises(ValueError, match="name the player"):
        state.legal_actions()
    assert state.history() == []


def test_an_action_another_seat_may_take_is_illegal_for_this_one() -> None:
    state = new_state()
    state.apply_action("bid 3", 0)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="bid 1 is not legal now"):
        state.apply_action("bid 1", 0)
    with pytest.raises(IllegalActionError):
        state.parse_action("bid 1", 0)
    assert state.parse_action("bid 1", 1) == "bid 1"
    assert state.to_json() == before


def test_parse_action_without_player_only_reads_the_notation() -> None:
    state = new_state()
    assert state.parse_action(" Bid  2 ") == "bid 2"
    with pytest.raises(InvalidActionError):
        state.parse_action("bid 9")


def test_observation_hides_other_seats_bids_until_the_end() -> None:
    state = new_state()
    state.apply_action("bid 3", 0)
    assert state.observation(0)["bids"] == [3, False]
    assert state.observation(1)["bids"] == [True, None]
    assert state.observation()["bids"] == [True, False]
    state.apply_action("bid 1", 1)
    assert state.observation(1)["bids"] == [3, 1]
    assert state.returns() == [1.0, 0.0]


def test_a_game_with_secrets_that_writes_no_log_shows_none() -> None:
    """The default log would name every bid; for a game of imperfect information it stays empty instead."""
    state = new_state()
    state.apply_action("bid 3", 0)
    assert state.history() == ["bid 3"]
    assert State._log(state, 0) == State._log(state, None) == []
    with pytest.raises(ValueError, match="no seat 2"):
        state.log(2)


def test_the_toy_log_names_a_bid_only_to_its_bidder_until_all_are_in() -> None:
    state = new_state()
    state.apply_action("bid 3", 0)
    assert state.log(0) == ["seat 0 bids 3"]
    assert state.log(1) == state.log() == ["seat 0 has bid"]
    state.apply_action("bid 1", 1)
    assert state.log(1) == state.log() == ["seat 0 bids 3", "seat 1 bids 1"]


def test_decision_order_offers_optional_actions_first() -> None:
    state = new_state(3)
    state.apply_action("bid 0", 2)
    assert decision_order(state, start=1) == [(2, False), (1, True), (0, True)]
    assert decision_order(state, start=0) == [(2, False), (0, True), (1, True)]


class Decliner(Bot):
    def step(self, state: State[Any], player: int | None = None) -> Any:
        return None


def test_bot_that_declines_where_play_waits_breaks_the_contract() -> None:
    state = new_state()
    with pytest.raises(BotError, match="seat 0 declined"):
        bot_decision(state, [Decliner(), Decliner()])


def test_random_bot_always_acts_where_play_waits_and_sometimes_where_it_need_not() -> None:
    state = new_state()
    state.apply_action("bid 1", 0)
    bot = RandomBot(3)
    assert bot.step(state, 1) in state.legal_actions(1)
    optional = [bot.step(state, 0) for _ in range(200)]
    assert "cheer" in optional and None in optional


def test_records_name_the_seat_and_replay_simultaneous_games() -> None:
    game = wolfpack.load_game("toy-sealed-bids", players=3)
    out = io.StringIO()
    match = Match(game, seed=1, record=out)
    bots = [RandomBot(seat) for seat in range(3)]
    while not match.state.is_terminal():
        seat, action = bot_decision(match.state, bots, start=len(match.state.history()))
        match.apply(action, seat)
    lines = out.getvalue().splitlines()
    assert all('"player": ' in line for line in lines[1:-1])
    assert replay_lines(lines).returns() == match.state.returns()
    broken = [line.replace('"player": 0', '"player": "chance"') for line in lines]
    if broken != lines:
        with pytest.raises(wolfpack.RecordError, match="must name the seat"):
            replay_lines(broken)


def test_arena_plays_simultaneous_games() -> None:
    game = wolfpack.load_game("toy-sealed-bids", players=2)
    returns = play_match(game, [RandomBot(1), RandomBot(2)], seed=5)
    assert sorted(returns) in ([0.0, 1.0], [0.5, 0.5])


def test_toy_game_passes_the_conformance_suite() -> None:
    report = check_game("toy-sealed-bids", playouts=30, players=3)
    assert report.playouts == 30 and report.json_round_trips > 0


class LeakyBidState(BidState):
    """A broken variant whose public view shows every bid: the leak check must catch it."""

    __slots__ = ()

    def _observation(self, player: int | None) -> dict[str, Any]:
        return {"bids": list(self.bids), "cheered": list(self.cheered), "you": player}


class LeakyBidGame(BidGame):
    name = "toy-leaky-bids"

    def new_initial_state(self) -> LeakyBidState:
        return LeakyBidState(self)


def test_leak_check_sees_each_seat_its_own_secret_only() -> None:
    state = new_state(3)
    state.apply_action("bid 2", 0)
    planted, viewers = state.with_canaries()
    assert viewers[0] == ({"CANARY-bid-0"}, set())
    assert viewers[1] == (set(), {"CANARY-bid-0"})
    assert "CANARY-bid-0" in str(planted.observation(0)) and "CANARY-bid-0" not in str(planted.observation(1))


def test_conformance_catches_a_leaking_observation() -> None:
    registry.register_game(LeakyBidGame)
    with pytest.raises(wolfpack.testing.ConformanceError, match="leaks 'CANARY-bid-"):
        check_game("toy-leaky-bids", playouts=5, players=2, deep_every=1)
