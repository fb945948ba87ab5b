"""Spacewolves! rules as small pure functions over the board: movement, protection, the shift, the score.

Internal slots count 0..14 from the tile next to the Spacewolves tile up to the tile next to Earth; notation
shows them as positions 1..15. Moving forward raises the slot. EARTH and WOLVES are where spacemen leave the
moving tiles (rulebook, "Earth and Spacewolf! Tiles").
"""

from __future__ import annotations

from typing import Final

from wolfpack.games.spacewolves.actions import SLOTS

EARTH: Final = SLOTS
"""Slot value of a spaceman who reached Earth."""
WOLVES: Final = -1
"""Slot value of a spaceman thrown to the Spacewolves."""
OFF_BOARD: Final = -2
"""Result of a backward move that the rules forbid."""

START_TILES: Final = ["1", "2", "3", "A", "4", "5", "6", "W", "1", "2", "3", "S", "4", "5", "6"]
"""Tiles from Earth down to the Spacewolves (rulebook, Setup)."""
EARTH_SLOT_VALUES: Final = tuple(range(12, 0, -1))
"""Arrivals on Earth take the highest free number: 12, 11, ... (rulebook, Earth and Spacewolf! Tiles)."""
ASTEROID_FIELD: Final = "A"
TANDEM_WARP: Final = "W"
SPACE_STATION: Final = "S"
TILE_LABELS: Final = frozenset("123456AWS")
WARP_DISTANCE: Final = 2
"""A Tandem Warp takes both spacemen two spaces ahead (rulebook, Tandem Warp)."""


def safety_threshold(players: int) -> int:
    """How many spacemen on one tile make them immovable in the Spacewolf! Phase (2 with 3 players, else 3)."""
    return 2 if players == 3 else 3


def forward_target(slot: int, die: int, asteroid: int) -> int:
    """Where a spaceman moved forward lands: stopped by the Asteroid Field, else Earth needs no exact count."""
    target = slot + die
    if slot < asteroid <= target:
        return asteroid
    return EARTH if target >= EARTH else target


def backward_target(slot: int, die: int, asteroid: int) -> int:
    """Where a spaceman moved backward lands: the exact count, or the Asteroid Field that stops it, or OFF_BOARD."""
    target = slot - die
    if target <= asteroid < slot:
        return asteroid
    return target if target >= 0 else OFF_BOARD


FORWARD: Final = tuple(
    tuple(tuple(forward_target(s, d, a) if d else s for d in range(7)) for s in range(SLOTS)) for a in range(SLOTS)
)
"""FORWARD[asteroid][slot][die]: the target of every forward move, looked up instead of computed."""
BACKWARD: Final = tuple(
    tuple(tuple(backward_target(s, d, a) if d else s for d in range(7)) for s in range(SLOTS)) for a in range(SLOTS)
)
"""BACKWARD[asteroid][slot][die]: the target of every backward move (OFF_BOARD when forbidden)."""


def shifted(slot: int) -> int:
    """Where a spaceman on `slot` is after the Space Shift (the bottom tile's spacemen go to the Spacewolves)."""
    return slot - 1 if 0 <= slot < SLOTS else slot


def score(earth: list[int], seat: int) -> int:
    """A seat's score: the sum of the Earth numbers under its spacemen (rulebook, Winning the Game)."""
    return sum(EARTH_SLOT_VALUES[i] for i, colour in enumerate(earth) if colour == seat)


def shared_win_returns(scores: list[int]) -> list[float]:
    """Returns for final scores: the best score wins 1, split evenly among tied winners; others 0."""
    best = max(scores)
    winners = scores.count(best)
    return [1.0 / winners if s == best else 0.0 for s in scores]
