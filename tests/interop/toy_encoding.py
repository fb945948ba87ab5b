"""The toy sealed-bids game with a fixed action space, for the adapters' tests: simultaneous moments, optional
actions (a cheer), secrets (the bids), no chance."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from wolfpack.engine.encoding import FeatureLayout, WordActionSpace

from ..engine.toy_games import BidGame

LAYOUT = FeatureLayout((("bids", 3, "each seat's bid (-1: unknown or none)"), ("cheered", 3, "who cheered")))


class Features:
    """Bids as the seat sees them, -1 where it does not know one."""

    layout = LAYOUT

    def __call__(self, observation: Mapping[str, Any], seat: int) -> npt.NDArray[np.float32]:
        """The features of `seat`'s observation."""
        bids = [bid if isinstance(bid, int) and not isinstance(bid, bool) else -1 for bid in observation["bids"]]
        cheered = [float(c) for c in observation["cheered"]]
        return np.array([*bids, *[-1] * (3 - len(bids)), *cheered, *[0.0] * (3 - len(cheered))], dtype=np.float32)


def action_space(game: BidGame) -> WordActionSpace[str]:
    """Four bids and the cheer; no chance (an empty chance space has one unused outcome)."""
    return WordActionSpace([(("bid",), ("0", "1", "2", "3")), (("cheer",),)], [(("none",),)], Features())


class EncodedBidGame(BidGame):
    """The toy game, offering its fixed action space."""

    name = "toy-sealed-bids-encoded"
    encoding: ClassVar[str | None] = f"{__name__}:action_space"
