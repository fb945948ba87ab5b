"""Bots by name, for every game: the game-agnostic ones here, and those a game declares in `Game.bots`."""

from __future__ import annotations

from typing import Any

from wolfpack.engine.bot import Bot, RandomBot
from wolfpack.engine.game import Game
from wolfpack.engine.registry import import_object

GENERIC_BOTS: dict[str, type[Bot]] = {"random": RandomBot}

PREFERRED_BOT = "heuristic"
"""The bot seated by default (terminal play, the server's stand-ins) when the game offers it; else "random"."""


def bot_names(game: Game[Any]) -> list[str]:
    """The bots that can play `game`, by name."""
    return sorted(set(GENERIC_BOTS) | set(game.bots))


def default_bot_name(game: Game[Any]) -> str:
    """The bot seated by default: "heuristic" if the game offers it, else "random"."""
    return PREFERRED_BOT if PREFERRED_BOT in bot_names(game) else "random"


def make_bot(game: Game[Any], name: str, seed: int | None = None) -> Bot:
    """A bot called `name` for `game`, seeded; an unknown name raises ValueError listing the known ones."""
    if name in game.bots:
        cls: type[Bot] = import_object(game.bots[name])
    elif name in GENERIC_BOTS:
        cls = GENERIC_BOTS[name]
    else:
        raise ValueError(f"no bot {name!r} for {game.name}; bots: {', '.join(bot_names(game))}")
    return cls(seed)


__all__ = ["GENERIC_BOTS", "PREFERRED_BOT", "Bot", "RandomBot", "bot_names", "default_bot_name", "make_bot"]
