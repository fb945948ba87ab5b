"""Bots by name, for every game: the game-agnostic ones here, and those a game declares in `Game.bots`."""

from __future__ import annotations

from typing import Any

from wolfpack.engine.bot import Bot, RandomBot
from wolfpack.engine.game import Game
from wolfpack.engine.registry import import_object

GENERIC_BOTS: dict[str, type[Bot]] = {"random": RandomBot}

PREFERRED_BOT = "heuristic"
"""The bot seated by default (terminal play, the server's stand-ins) when the game offers it; else "random"."""

BOT_TITLES = {"random": "Random bot", "heuristic": "Heuristic bot", "search": "Search bot", "control": "Control bot"}
"""Our default: how people read each kind of bot (a seat's name, the lobby's choices)."""


def bot_names(game: Game[Any]) -> list[str]:
    """The bots that can play `game`, by name."""
    return sorted(set(GENERIC_BOTS) | set(game.bots))


def default_bot_name(game: Game[Any]) -> str:
    """The bot seated by default: "heuristic" if the game offers it, else "random"."""
    return PREFERRED_BOT if PREFERRED_BOT in bot_names(game) else "random"


def bot_title(name: str) -> str:
    """What people call a kind of bot: "Heuristic bot" for "heuristic" (a kind we do not know: its name + " bot")."""
    return BOT_TITLES.get(name, f"{name[:1].upper()}{name[1:]} bot")


def bot_seat_names(kinds: list[str]) -> list[str]:
    """Distinct names for bots of these kinds, in seat order: a kind seated more than once is numbered from 1."""
    counts = {kind: kinds.count(kind) for kind in kinds}
    seen: dict[str, int] = {}
    names = []
    for kind in kinds:
        seen[kind] = seen.get(kind, 0) + 1
        names.append(bot_title(kind) if counts[kind] == 1 else f"{bot_title(kind)} {seen[kind]}")
    return names


def make_bot(game: Game[Any], name: str, seed: int | None = None) -> Bot:
    """A bot called `name` for `game`, seeded; an unknown name raises ValueError listing the known ones."""
    if name in game.bots:
        cls: type[Bot] = import_object(game.bots[name])
    elif name in GENERIC_BOTS:
        cls = GENERIC_BOTS[name]
    else:
        raise ValueError(f"no bot {name!r} for {game.name}; bots: {', '.join(bot_names(game))}")
    return cls(seed)


__all__ = [
    "BOT_TITLES",
    "GENERIC_BOTS",
    "PREFERRED_BOT",
    "Bot",
    "RandomBot",
    "bot_names",
    "bot_seat_names",
    "bot_title",
    "default_bot_name",
    "make_bot",
]
