"""The one error the event package raises on purpose: its message is a sentence naming what was wrong."""

from __future__ import annotations

from wolfpack.engine.errors import WolfpackError


class EventError(WolfpackError, ValueError):
    """A bad setting, roster line, seat or event id; whatever raised it changed nothing."""
