"""Den of Wolves: Wolf Attacks, their rounds and combat (both editions), as verbs of the fleet's seats and Control.

The attack's state (`state.attack`) is JSON-ready and None between attacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState


def set_up(state: DenState) -> None:
    """Fighters start on patrol in their ship's quadrant (the Aegis' spread over the quadrants); no attack."""
    spread = 0
    for unit in state.units.values():
        if unit["kind"] != "fighter":
            continue
        quadrant = state.ships[unit["ship"]]["quadrant"]
        if not quadrant:
            quadrant = spread % state.quadrant_count + 1
            spread += 1
        unit["quadrant"] = quadrant
    state.attack = None


def attack_view(state: DenState, player: int | None) -> dict[str, Any] | None:
    """The attack as `player` sees it (all of it is on the fleet map, so public)."""
    return None if state.attack is None else dict(state.attack)
