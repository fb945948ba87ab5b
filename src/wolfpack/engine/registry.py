"""The game registry: names to game classes, loaded lazily so `import wolfpack` stays cheap.

Three kinds of game: ours (imported on first use), those registered in code (`register_game`), and those installed
packages name under the `wolfpack.games` entry-point group (docs/adding-a-game.md), loaded the first time the whole
list is asked for. A game plugin that cannot be used is left out with a warning saying why, and the rest goes on.
"""

from __future__ import annotations

import functools
import importlib
import re
import warnings
from collections.abc import Callable, Collection
from importlib.metadata import entry_points
from typing import Any

from pydantic import ValidationError

from wolfpack.engine.errors import GameOptionError, UnknownGameError
from wolfpack.engine.game import Game, GameOptions

_BUILTIN: dict[str, str] = {
    "den-of-wolves": "wolfpack.games.den.game:DenGame",
    "spacewolves": "wolfpack.games.spacewolves.game:SpacewolvesGame",
    "wolves-on-the-hunt": "wolfpack.games.hunt.game:HuntGame",
    "wolf": "wolfpack.games.wolf.game:WolfGame",
}
_registered: dict[str, type[Game[Any]]] = {}

PLUGIN_GROUP = "wolfpack.games"
"""The entry-point group under which an installed package names its games: `name = "module:GameClass"`."""
GAME_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""What a plugin's game may be called: it is part of the pages' addresses (/rules/<name>, /games/<name>/...)."""


class PluginGameWarning(UserWarning):
    """An installed game plugin cannot be used (it does not load, is not a game, or takes a game's name)."""


def load_plugins(
    group: str,
    kind: str,
    refuse_name: Callable[[str], str | None],
    refuse: Callable[[str, str, Any], str | None],
    warning: type[Warning],
) -> tuple[dict[str, Any], dict[str, str]]:
    """Every entry point of `group` loaded: the usable ones by name, and why each other one is left out (also warned
    as `warning`, since a broken plugin must not stop wolfpack). `refuse_name(name)` and, once loaded,
    `refuse(name, value, loaded)` say why a plugin may not be used, or None."""
    found: dict[str, Any] = {}
    problems: dict[str, str] = {}
    for entry in sorted(entry_points(group=group), key=lambda entry: entry.name):
        problem = refuse_name(entry.name)
        if problem is None and entry.name in found:
            problem = f"another package already registers a {kind} called {entry.name!r}"
        if problem is None:
            try:
                loaded = entry.load()
            except Exception as exc:  # a plugin's import may fail in any way; wolfpack goes on without it
                problem = f"it does not load: {type(exc).__name__}: {exc}"
            else:
                problem = refuse(entry.name, entry.value, loaded)
                if problem is None:
                    found[entry.name] = loaded
                    continue
        problems[entry.name] = problem
        warnings.warn(f"{kind} plugin {entry.name!r} ({entry.value}) is left out: {problem}", warning, 4)
    return found, problems


def plugin_games() -> dict[str, type[Game[Any]]]:
    """The games installed packages register under `wolfpack.games`, by name (those that can be used)."""
    return _plugins()[0]


def plugin_problems() -> dict[str, str]:
    """Why each installed game plugin that cannot be used was left out, by its name."""
    return _plugins()[1]


@functools.cache
def _plugins() -> tuple[dict[str, type[Game[Any]]], dict[str, str]]:
    """Every game plugin loaded once per process (a test that installs one clears this cache)."""
    ours = functools.partial(refused_game_name, ours=_BUILTIN, taken="is the name of a built-in game")
    return load_plugins(PLUGIN_GROUP, "game", ours, _not_a_game, PluginGameWarning)


def refused_game_name(name: str, ours: Collection[str], taken: str) -> str | None:
    """Why a plugin may not use the game name `name`, if it may not: `ours` holds it (`taken` says how), or it is
    not a name for addresses."""
    if name in ours:
        return f"{name!r} {taken}"
    if not GAME_NAME.fullmatch(name):
        return f"{name!r} is not a game name: lowercase letters and digits, words joined by single hyphens"
    return None


def _not_a_game(name: str, value: str, loaded: Any) -> str | None:
    """Why a loaded plugin is not a game registered as `name`, if it is not."""
    if not (isinstance(loaded, type) and issubclass(loaded, Game)):
        return f"{value} is not a subclass of wolfpack.engine.game.Game"
    if getattr(loaded, "name", None) != name:
        return f"its class says its name is {getattr(loaded, 'name', None)!r}, not {name!r}"
    options = getattr(loaded, "Options", None)
    if not (isinstance(options, type) and issubclass(options, GameOptions)):
        return "its Options is not a subclass of wolfpack.engine.game.GameOptions"
    if _registered.get(name, loaded) is not loaded:
        return f"a different game is already registered as {name!r}"
    return None


def import_object(spec: str) -> Any:
    """The object a "module:attribute" string names (a game class, a bot class, a function), imported now."""
    module_name, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def register_game(game_class: type[Game[Any]]) -> type[Game[Any]]:
    """Make a game loadable by its `name` (usable as a class decorator by third-party games)."""
    name = game_class.name
    if name in _registered and _registered[name] is not game_class:
        raise ValueError(f"a different game is already registered as {name!r}")
    _registered[name] = game_class
    return game_class


def game_names() -> list[str]:
    """The names of every registered game, sorted."""
    return sorted(set(_BUILTIN) | set(_registered) | set(plugin_games()))


def game_class(name: str) -> type[Game[Any]]:
    """The class registered under `name`; an unknown name raises UnknownGameError listing the known ones (or, for
    a plugin that cannot be used, saying why)."""
    if name in _registered:
        return _registered[name]
    if name in _BUILTIN:
        return register_game(import_object(_BUILTIN[name]))
    if name in plugin_games():
        return plugin_games()[name]
    why = plugin_problems().get(name)
    if why is not None:
        raise UnknownGameError(f"the game plugin {name!r} cannot be used: {why}")
    raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(game_names())}")


def load_game(name: str, /, **options: Any) -> Game[Any]:
    """The game `name` with `options`; a bad option raises GameOptionError naming it and what is allowed."""
    cls = game_class(name)
    try:
        parsed = cls.Options(**options)
    except ValidationError as exc:
        raise GameOptionError(_describe_option_errors(name, cls, exc)) from None
    return cls(parsed)


def describe_options(name: str) -> dict[str, str]:
    """Each option of game `name` with what it allows and its default, for help texts."""
    cls = game_class(name)
    described = {}
    for option, field in cls.Options.model_fields.items():
        described[option] = f"{field.description or ''} (default {field.default!r})".strip()
    return described


def _describe_option_errors(name: str, cls: type[Game[Any]], exc: ValidationError) -> str:
    allowed = "; ".join(f"{opt}: {text}" for opt, text in describe_options(name).items())
    problems = []
    for error in exc.errors():
        option = ".".join(str(part) for part in error["loc"]) or "options"
        if error["type"] == "extra_forbidden":
            problems.append(f"unknown option {option!r}")
        else:
            problems.append(f"option {option!r} = {error.get('input')!r}: {error['msg']}")
    return f"{name}: {'; '.join(problems)}. Allowed options: {allowed}"
