"""Shared helpers of the Spacewolves! rules tests: set up a position, choose the dice, read the result.

Positions are in the notation of `wolfpack.games.spacewolves.notation` (docs/games/spacewolves.md). On the start
board the tiles from Earth down are 1 2 3 A 4 5 6 W 1 2 3 S 4 5 6, so the positions are:

    15:1  14:2  13:3  12:A  11:4  10:5  9:6  8:W  7:1  6:2  5:3  4:S  3:4  2:5  1:6
"""

from __future__ import annotations

import pytest

import wolfpack
from wolfpack import IllegalActionError
from wolfpack.games.spacewolves.actions import parse
from wolfpack.games.spacewolves.notation import format_position
from wolfpack.games.spacewolves.state import SpacewolvesState


def load(position: str, players: int = 3, **options: int) -> SpacewolvesState:
    """A state of a `players`-player game set up from `position`."""
    game = wolfpack.load_game("spacewolves", players=players, **options)
    state = game.state_from_position(position)  # type: ignore[attr-defined]
    assert isinstance(state, SpacewolvesState)
    return state


def play(state: SpacewolvesState, *actions: str) -> SpacewolvesState:
    """Apply actions written in notation (chance outcomes included), each checked legal by the engine."""
    for text in actions:
        state.apply_action(state.parse_action(text))
    return state


def legal(state: SpacewolvesState) -> list[str]:
    """The legal actions now, as sorted notation."""
    return sorted(str(a) for a in state.legal_actions())


def position(state: SpacewolvesState) -> str:
    """The position in notation."""
    return format_position(state)


def board(state: SpacewolvesState) -> str:
    """The board field of the position: tiles and spacemen from Earth down."""
    return format_position(state).split()[0]


def field(state: SpacewolvesState, name: str) -> str:
    """One field of the position in notation (board, earth, wolves, round, first, phase, actor, step, ...)."""
    names = ["board", "earth", "wolves", "round", "first", "phase", "actor", "step", "dice", "warps", "cutoff"]
    return format_position(state).split()[names.index(name)]


def refused(state: SpacewolvesState, text: str) -> IllegalActionError:
    """Check that `text` is refused as illegal both by parse_action and by apply_action, changing nothing."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as parsed:
        state.parse_action(text)
    assert state.to_json() == before
    with pytest.raises(IllegalActionError) as applied:
        state.apply_action(parse(text))
    assert state.to_json() == before
    assert parsed.value.rule == applied.value.rule
    assert f"[{applied.value.rule}]" in str(applied.value)
    return applied.value
