"""Perft for the table games, as chess engines and python-chess count it: from a fixed position (its dice already
rolled), the number of distinct sequences of actions that make one whole turn of the seat to act. A change meant
only to make an engine faster must leave every recorded count as it was; one that alters move generation changes a
count and fails loudly (tests/engine/test_perft.py, the positions and counts in tests/engine/perft/)."""

from __future__ import annotations

from typing import Any

from wolfpack.engine.constants import SIMULTANEOUS
from wolfpack.engine.game import State


def turn_sequences(state: State[Any], depth: int | None = None) -> int:
    """How many distinct action sequences the seat to act can play before its turn ends: play passes to another
    seat, chance is to draw (dice, a card), or the game ends; with `depth`, sequences of at most that many actions
    (a turn too long to count whole is counted to a depth, as chess's perft is)."""
    if state.is_terminal() or state.is_chance_node():
        raise ValueError("perft starts where a seat is to act, not at chance or at the end")
    seat = state.current_player()
    if seat == SIMULTANEOUS:
        raise ValueError("perft counts one seat's turn: this position waits for several seats at once")
    return _sequences(state, seat, depth)


def _sequences(state: State[Any], seat: int, depth: int | None) -> int:
    """The sequences from `state` on while `seat` keeps the turn (1: the turn is over here)."""
    if depth == 0 or state.is_terminal() or state.is_chance_node() or state.current_player() != seat:
        return 1
    total = 0
    for action in state.legal_actions(seat):
        child = state.clone()
        child.apply_action(action, seat)
        total += _sequences(child, seat, None if depth is None else depth - 1)
    return total


def perft(state: State[Any], depth: int) -> int:
    """How many distinct histories of `depth` steps follow `state`, every seat's actions and every chance outcome
    (a die's faces, a card) each a branch, and at a node waiting for several seats each seat's actions: the count
    chess engines call perft, which any change to move generation or to chance's outcomes alters."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action, seat in _branches(state):
        child = state.clone()
        child.apply_action(action, seat)
        total += perft(child, depth - 1)
    return total


def _branches(state: State[Any]) -> list[tuple[Any, int | None]]:
    """Every (action, seat) that may come next: chance's outcomes, the seat to act's actions, or at a node waiting
    for several seats each one's."""
    if state.is_chance_node():
        return [(action, None) for action, _ in state.chance_outcomes()]
    seat = state.current_player()
    seats = state.waiting_for() if seat == SIMULTANEOUS else [seat]
    return [(action, waiting) for waiting in seats for action in state.legal_actions(waiting)]
