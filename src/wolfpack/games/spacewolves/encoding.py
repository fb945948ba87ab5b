"""Spacewolves!'s fixed action space and features, for learning libraries (docs/interop.md); the rules never import it.

The seats' actions are already small codes 0..782 (moves, pass, swap, the Tandem Warps), so an action's index is its
code. Chance outcomes (rolls of one to three dice, and the roll for first player) are numbered after each other.
Features are read from the seat's observation (every seat sees the whole board: Spacewolves! has no secrets).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import numpy as np

from wolfpack.engine.encoding import FeatureLayout, Features, FeatureWriter, OutsideActionSpaceError, vocabulary_index
from wolfpack.games.spacewolves.actions import (
    BY_CODE,
    COLOUR_NAMES,
    FIRST,
    MAX_DICE,
    ROLL_OUTCOMES,
    SLOTS,
    WARP_WITH_BASE,
    Action,
)
from wolfpack.games.spacewolves.game import SpacewolvesGame
from wolfpack.games.spacewolves.rules import EARTH_SLOT_VALUES, START_TILES
from wolfpack.games.spacewolves.state import PHASE_NAMES, STEP_NAMES

ACTIONS: Final = WARP_WITH_BASE + len(COLOUR_NAMES) * SLOTS
"""Every seat's action is a code below this (the Tandem Warps with a partner come last)."""
CHANCE_OUTCOMES: Final = (*(action for k in range(1, MAX_DICE + 1) for action, _ in ROLL_OUTCOMES[k]), *FIRST)
CHANCE_INDEX: Final = {outcome: index for index, outcome in enumerate(CHANCE_OUTCOMES)}
TILES: Final = tuple(sorted(set(START_TILES)))
COLOURS: Final = len(COLOUR_NAMES)
LAYOUT: Final = FeatureLayout(
    (
        ("you", COLOURS, "one-hot: the observing seat's colour (red, yellow, blue, green)"),
        ("to_act", COLOURS, "one-hot: the colour to act (none at a chance node)"),
        ("actor", COLOURS, "one-hot: the colour whose turn of the phase it is"),
        ("first", COLOURS, "one-hot: the first player of the round"),
        ("phase", len(PHASE_NAMES), f"one-hot: the phase ({', '.join(PHASE_NAMES)})"),
        ("step", len(STEP_NAMES), f"one-hot: the step of the turn ({', '.join(STEP_NAMES)})"),
        ("dice", MAX_DICE * 6, "per die rolled (at most 3, in order): one-hot of its face"),
        ("tiles", SLOTS * len(TILES), f"per position 1..15: one-hot of its tile ({', '.join(TILES)})"),
        ("pieces", SLOTS * COLOURS, "per position 1..15 and colour: how many of its spacemen stand there"),
        ("safe", SLOTS, "per position 1..15: 1 if a spaceman there is safe"),
        ("earth", len(EARTH_SLOT_VALUES) * COLOURS, "per Earth slot (12 down to 1): one-hot of the colour in it"),
        ("wolves", COLOURS, "per colour: spacemen the Spacewolves hold"),
        ("scores", COLOURS, "per colour: its score"),
        ("warps", COLOURS, "per colour: its spacemen waiting on the Tandem Warp"),
        ("round", 1, "round / max_rounds"),
    )
)


class SpacewolvesActionSpace:
    """Spacewolves!'s action codes as indices, its chance outcomes numbered in order, and its features."""

    size = ACTIONS
    chance_size = len(CHANCE_OUTCOMES)
    layout = LAYOUT
    determinize = None

    def index(self, action: Action) -> int:
        """An action's index: its code."""
        if not 0 <= action < ACTIONS:
            raise OutsideActionSpaceError(f"{action!r} is not a seat's action")
        return int(action)

    def action(self, index: int, state: object = None) -> Action:
        """The action whose code is `index`."""
        if not isinstance(index, (int, np.integer)) or not 0 <= index < ACTIONS:
            raise OutsideActionSpaceError(f"action index {index!r} is outside 0..{ACTIONS - 1}")
        return BY_CODE[int(index)]

    def chance_index(self, outcome: Action) -> int:
        """A chance outcome's place among every roll's outcomes."""
        try:
            return CHANCE_INDEX[outcome]
        except KeyError:
            raise OutsideActionSpaceError(f"{outcome!r} is not a chance outcome") from None

    def chance_outcome(self, index: int) -> Action:
        """The chance outcome at `index`."""
        if not isinstance(index, (int, np.integer)) or not 0 <= index < len(CHANCE_OUTCOMES):
            raise OutsideActionSpaceError(f"chance index {index!r} is outside 0..{len(CHANCE_OUTCOMES) - 1}")
        return CHANCE_OUTCOMES[int(index)]

    def features(self, observation: Mapping[str, Any], seat: int) -> Features:
        """The board as the seat's observation shows it, in `LAYOUT`."""
        out = FeatureWriter(LAYOUT)
        colours = list(COLOUR_NAMES)
        out.one_hot("you", seat)
        to_act = observation["to_act"]
        out.one_hot("to_act", to_act if to_act >= 0 else None)
        out.one_hot("actor", vocabulary_index(colours, observation["actor"]))
        out.one_hot("first", vocabulary_index(colours, observation["first"]))
        out.one_hot("phase", vocabulary_index(PHASE_NAMES, observation["phase"]))
        out.one_hot("step", vocabulary_index(STEP_NAMES, observation["step"]))
        dice = out.segment("dice")
        for k, face in enumerate(observation["dice"][:MAX_DICE]):
            dice[k * 6 + face - 1] = 1.0
        tiles, pieces, safe = out.segment("tiles"), out.segment("pieces"), out.segment("safe")
        for tile in observation["tiles"]:
            at = tile["position"] - 1
            tiles[at * len(TILES) + TILES.index(tile["tile"])] = 1.0
            for colour, count in tile["pieces"].items():
                pieces[at * COLOURS + colours.index(colour)] = count
            safe[at] = float(tile["safe"])
        earth = out.segment("earth")
        for slot, entry in enumerate(observation["earth"]):
            earth[slot * COLOURS + colours.index(entry["colour"])] = 1.0
        for name in ("wolves", "scores"):
            segment = out.segment(name)
            for colour, value in observation[name].items():
                segment[colours.index(colour)] = value
        warps = out.segment("warps")
        for colour in observation["warps"]:
            warps[colours.index(colour)] += 1.0
        out.segment("round")[0] = observation["round"] / observation["max_rounds"]
        return out.vector


def action_space(game: SpacewolvesGame) -> SpacewolvesActionSpace:
    """Spacewolves!'s action space (the same for every option set: codes do not depend on the players)."""
    return SpacewolvesActionSpace()
