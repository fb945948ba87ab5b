"""The errors the engine raises; each names what was wrong so a user can fix it."""

from __future__ import annotations


class WolfpackError(Exception):
    """Base of every error wolfpack raises on purpose."""


class UnknownGameError(WolfpackError, KeyError):
    """`load_game` was given a name that no game registered."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class GameOptionError(WolfpackError, ValueError):
    """A game option is unknown or has a value the game does not allow."""


class InvalidActionError(WolfpackError, ValueError):
    """An action is malformed: not a value or text the game's notation can express."""


class IllegalActionError(WolfpackError, ValueError):
    """A well-formed action that the rules do not allow in this state; the message names the rule."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class InvalidStateError(WolfpackError, ValueError):
    """A saved state or a position in notation cannot be read; the message says which part is wrong."""


class RecordError(WolfpackError, ValueError):
    """A game record cannot be read or does not replay; the message names the line."""
