"""The toy sealed-bids game with a fixed action space, for the adapters' tests: simultaneous moments, optional
actions (a cheer), secrets (the bids), no chance."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from wolfpack.engine.encoding import FeatureLayout, Features, WordActionSpace, WordSpace

from ..engine.toy_games import BidGame

LAYOUT = FeatureLayout((("bids", 3, "each seat's bid (-1: unknown or none)"), ("cheered", 3, "who cheered")))


def features(observation: Mapping[str, Any], seat: int) -> Features:
    """Bids as the seat sees them, -1 where it does not know one."""
    bids = [bid if isinstance(bid, int) and not isinstance(bid, bool) else -1 for bid in observation["bids"]]
    cheered = [float(c) for c in observation["cheered"]]
    return np.array([*bids, *[-1] * (3 - len(bids)), *cheered, *[0.0] * (3 - len(cheered))], dtype=np.float32)


def action_space(game: BidGame) -> WordActionSpace[str]:
    """Four bids and the cheer; no chance (an empty chance space has one unused outcome)."""
    space = WordSpace([(("bid",), ("0", "1", "2", "3")), (("cheer",),)])
    return WordActionSpace(space, WordSpace([(("none",),)]), LAYOUT, features)


class EncodedBidGame(BidGame):
    """The toy game, offering its fixed action space."""

    name = "toy-sealed-bids-encoded"
    encoding: ClassVar[str | None] = f"{__name__}:action_space"
