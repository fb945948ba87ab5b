"""Player-id constants shared by every game, with OpenSpiel's values so researchers feel at home."""

from __future__ import annotations

from typing import Final

CHANCE: Final = -1
"""`current_player()` at a chance node: the next action is an outcome of dice, cards or shuffles."""

SIMULTANEOUS: Final = -2
"""`current_player()` when several seats may act in any order (megagame phases)."""

TERMINAL: Final = -4
"""`current_player()` once the game is over."""


def player_label(player: int) -> str:
    """Name a player id for messages and records: a seat number or one of the special ids."""
    return {CHANCE: "chance", SIMULTANEOUS: "simultaneous", TERMINAL: "terminal"}.get(player, str(player))
