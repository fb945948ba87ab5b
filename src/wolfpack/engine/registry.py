"""The game registry: names to game classes, loaded lazily so `import wolfpack` stays cheap."""

from __future__ import annotations

import importlib
from typing import Any

from pydantic import ValidationError

from wolfpack.engine.errors import GameOptionError, UnknownGameError
from wolfpack.engine.game import Game

_BUILTIN: dict[str, str] = {
    "den-of-wolves": "wolfpack.games.den.game:DenGame",
    "spacewolves": "wolfpack.games.spacewolves.game:SpacewolvesGame",
    "wolves-on-the-hunt": "wolfpack.games.hunt.game:HuntGame",
    "wolf": "wolfpack.games.wolf.game:WolfGame",
}
_registered: dict[str, type[Game[Any]]] = {}


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
    return sorted(set(_BUILTIN) | set(_registered))


def game_class(name: str) -> type[Game[Any]]:
    """The class registered under `name`; an unknown name raises UnknownGameError listing the known ones."""
    if name not in _registered:
        if name not in _BUILTIN:
            raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
        register_game(import_object(_BUILTIN[name]))
    return _registered[name]


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
