"""Driving a game's decisions: who is asked next, at sequential and simultaneous nodes alike."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from wolfpack.engine.bot import Bot
from wolfpack.engine.constants import SIMULTANEOUS
from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.game import State


class BotError(WolfpackError):
    """A bot broke its contract: it declined to act where play waits for it."""


def decision_order(state: State[Any], start: int = 0) -> list[tuple[int, bool]]:
    """The seats to ask at a decision node, in order, each with whether it must act.

    At a simultaneous node the seats that may act but need not come first, from seat `start` round the table, so
    optional actions (help between turns, say) get their chance before play moves on; then the seats play waits for.
    """
    return list(decision_seats(state, start))


def decision_seats(state: State[Any], start: int = 0) -> Iterator[tuple[int, bool]]:
    """`decision_order`, seat by seat: a reader that needs only the first few seats (of a megagame's dozens) lists
    only their legal actions."""
    current = state.current_player()
    if current >= 0:
        yield current, True
        return
    if current != SIMULTANEOUS:
        raise ValueError("decisions are taken at decision nodes: sample chance, and stop at the end")
    seats = state.num_players()
    waiting = state.waiting_for()
    order = [(start + offset) % seats for offset in range(seats)]
    yield from ((seat, False) for seat in order if seat not in waiting and state.legal_actions(seat))
    yield from ((seat, True) for seat in order if seat in waiting)


def bot_decision(state: State[Any], bots: Mapping[int, Bot] | Sequence[Bot], start: int = 0) -> tuple[int, Any]:
    """(seat, action) of the next decision when bots hold every seat that may act."""
    for seat, must_act in decision_order(state, start):
        action = bots[seat].step(state, seat if state.is_simultaneous_node() else None)
        if action is not None:
            return seat, action
        if must_act:
            raise BotError(f"the bot in seat {seat} declined to act, but play waits for it")
    raise BotError("no seat acted at a simultaneous node")
