"""The one error the event package raises on purpose: its message is a sentence naming what was wrong."""

from __future__ import annotations

import math

from wolfpack.engine.errors import WolfpackError


class EventError(WolfpackError, ValueError):
    """A bad setting, roster line, seat or event id; whatever raised it changed nothing."""


def checked_time(time: float, what: str) -> float:
    """`time` if it is a moment in seconds since the epoch, else an EventError saying `what` needs one."""
    if not math.isfinite(time) or time < 0:
        raise EventError(f"time {time!r}: {what}, in seconds since the epoch")
    return time
