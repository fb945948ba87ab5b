"""Bots by name, for every game: the game-agnostic ones here, those a game declares in `Game.bots`, and those other
packages install under the `wolfpack.bots` entry-point group (docs/bots.md, "Your own bot as a plugin")."""

from __future__ import annotations

import functools
from typing import Any, Final

from wolfpack.engine.bot import Bot, RandomBot
from wolfpack.engine.game import Game
from wolfpack.engine.registry import import_object, load_plugins

GENERIC_BOTS: dict[str, type[Bot]] = {"random": RandomBot}

PREFERRED_BOT = "heuristic"
"""The bot seated by default (terminal play, the server's stand-ins) when the game offers it; else "random"."""

BOT_TITLES = {"random": "Random bot", "heuristic": "Heuristic bot", "search": "Search bot", "control": "Control bot"}
"""Our default: how people read each kind of bot (a seat's name, the lobby's choices)."""


PLUGIN_GROUP = "wolfpack.bots"
"""The entry-point group under which an installed package names its bots: `name = "module:BotClass"`."""


class PluginBotWarning(UserWarning):
    """An installed bot plugin cannot be used (it does not load, is not a bot, or takes a built-in bot's name)."""


def plugin_bots() -> dict[str, type[Bot]]:
    """The bots installed packages register under `wolfpack.bots`, by name (those that can be used)."""
    return _plugins()[0]


def plugin_problems() -> dict[str, str]:
    """Why each installed bot plugin that cannot be used was left out, by its name."""
    return _plugins()[1]


@functools.cache
def _plugins() -> tuple[dict[str, type[Bot]], dict[str, str]]:
    """Every bot plugin loaded once per process: the usable ones, and the reason each other one is left out (also
    given as a PluginBotWarning, since a broken plugin must not stop wolfpack)."""
    return load_plugins(PLUGIN_GROUP, "bot", _refused_bot_name, _not_a_bot, PluginBotWarning)


def _refused_bot_name(name: str) -> str | None:
    """Why a plugin may not call its bot `name`, if it may not: a generic bot's name, or a difficulty's."""
    if name in DIFFICULTIES:
        return f"{name!r} is the name of a difficulty (easy, normal, strong)"
    return f"{name!r} is the name of a built-in bot" if name in GENERIC_BOTS else None


def _not_a_bot(name: str, value: str, loaded: Any) -> str | None:
    """Why a loaded plugin is not a bot, if it is not."""
    if isinstance(loaded, type) and issubclass(loaded, Bot):
        return None
    return f"{value} is not a subclass of wolfpack.engine.bot.Bot"


def plays(bot: type[Bot], game: Game[Any]) -> bool:
    """Whether a bot class says it plays `game` (`Bot.games`: None for any game)."""
    return bot.games is None or game.name in bot.games


def bot_names(game: Game[Any]) -> list[str]:
    """The bots that can play `game`, by name: the game's own win over a plugin of the same name."""
    plugins = {name for name, bot in plugin_bots().items() if plays(bot, game)}
    return sorted(set(GENERIC_BOTS) | set(game.bots) | plugins)


def default_bot_name(game: Game[Any]) -> str:
    """The bot seated by default: "heuristic" if the game offers it, else "random"."""
    return PREFERRED_BOT if PREFERRED_BOT in bot_names(game) else "random"


DIFFICULTIES: Final = ("easy", "normal", "strong")
"""The bot difficulties every game offers, each a name for one of its bots (`Game.difficulties`)."""


def difficulty_bots(game: Game[Any]) -> dict[str, str]:
    """The bot each difficulty seats in `game`: random for easy, the default bot for normal and strong, unless the
    game says otherwise (its strong bot is the one at the top of its ladder)."""
    default = default_bot_name(game)
    return {"easy": "random", "normal": default, "strong": default, **game.difficulties}


def bot_for(game: Game[Any], name: str) -> str:
    """The bot a name stands for in `game`: a difficulty's bot, else the name itself."""
    return difficulty_bots(game)[name] if name in DIFFICULTIES else name


def bot_choice_title(game: Game[Any], name: str) -> str:
    """How the lobby offers a bot: its title, and the difficulties it stands for ("Search bot (strong)")."""
    levels = [level for level, bot in difficulty_bots(game).items() if bot == name]
    return f"{bot_title(name)} ({', '.join(levels)})" if levels else bot_title(name)


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
    """A bot called `name` (or the bot of difficulty `name`) for `game`, seeded; an unknown name raises ValueError
    listing the known ones."""
    name = bot_for(game, name)
    if name in game.bots:
        cls: type[Bot] = import_object(game.bots[name])
    elif name in GENERIC_BOTS:
        cls = GENERIC_BOTS[name]
    elif name in plugin_bots() and plays(plugin_bots()[name], game):
        cls = plugin_bots()[name]
    else:
        why = plugin_problems().get(name)
        if why is not None:
            raise ValueError(f"the bot plugin {name!r} cannot be used: {why}")
        known = ", ".join(bot_names(game))
        raise ValueError(f"no bot {name!r} for {game.name}; bots: {known}, or a difficulty: {', '.join(DIFFICULTIES)}")
    return cls(seed)


__all__ = [
    "BOT_TITLES",
    "DIFFICULTIES",
    "GENERIC_BOTS",
    "PLUGIN_GROUP",
    "PREFERRED_BOT",
    "Bot",
    "PluginBotWarning",
    "RandomBot",
    "bot_choice_title",
    "bot_for",
    "bot_names",
    "bot_seat_names",
    "bot_title",
    "default_bot_name",
    "difficulty_bots",
    "make_bot",
    "plays",
    "plugin_bots",
    "plugin_problems",
]
