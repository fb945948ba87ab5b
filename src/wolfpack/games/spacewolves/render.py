"""A plain-text picture of a Spacewolves! observation: Earth on top, the Spacewolves at the bottom."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TILE_NAMES = {"A": "Asteroid Field", "W": "Tandem Warp", "S": "Space Station"}


def render(obs: Mapping[str, Any]) -> str:
    """Draw the board, Earth, the Spacewolves, the scores and whose turn it is."""
    players: list[str] = obs["players"]
    letter = {name: name[0].upper() for name in players}
    earth = " ".join(f"{slot['value']}:{letter[slot['colour']]}" for slot in obs["earth"]) or "-"
    lines = [f"Round {obs['round']}  phase {obs['phase']}  step {obs['step']}", f"  EARTH   {earth}"]
    for tile in obs["tiles"]:
        pieces = "".join(letter[name] * count for name, count in tile["pieces"].items())
        label = TILE_NAMES.get(tile["tile"], tile["tile"])
        lines.append(f"  {tile['position']:>2}  {label:<15} {pieces}")
    wolves = "".join(letter[name] * count for name, count in obs["wolves"].items()) or "-"
    lines.append(f"  SPACEWOLVES  {wolves}")
    scores = "  ".join(f"{name} {score}" for name, score in obs["scores"].items())
    lines.append(f"Scores: {scores}")
    if obs["actor"]:
        if obs["step"] == "roll":
            lines.append(f"To roll: {obs['actor']}")
        elif obs["dice"]:
            lines.append(f"To move: {obs['actor']} (dice: {' '.join(map(str, obs['dice']))})")
        else:
            lines.append(f"Turn of {obs['actor']}")
    if obs["warps"]:
        lines.append(f"Waiting on the Tandem Warp: {', '.join(obs['warps'])}")
    return "\n".join(lines)
