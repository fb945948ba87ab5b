"""Pages for games from other packages: what a game plugin gives the pages, found under the `wolfpack.pages`
entry-point group by the game's name (docs/adding-a-game.md).

A plugin's board is drawn as ours are: SVG made on the server from the seat's observation (a `Presenter`), so the
table page lights and clicks it, animates it and reads it aloud with no code of the plugin's in the browser, and
the Content-Security-Policy stays strict. What the package may add is files the server serves under
/games/<name>/: a stylesheet for its board's classes (linked by the table page), the lobby's picture, and its card
and rules page (a words file, the schema of `web/rules/*.toml`). Pages that cannot be used are left out with a
warning; the game is then drawn as a plain listing, and played as before.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any, Final

from wolfpack.engine.registry import load_plugins, refused_game_name
from wolfpack.web.boards import PRESENTERS, Presenter
from wolfpack.web.lobby import GameWords, WordsError, read_words
from wolfpack.web.panels import PanelMaker

PAGES_GROUP: Final = "wolfpack.pages"
"""The entry-point group under which a game's package names its pages: `<game name> = "module:GamePages"`."""
FILE_NAME: Final = re.compile(r"[a-z0-9][a-z0-9_-]*\.(css|svg|png|webp)")
"""The files a plugin's pages may serve: a plain name (no folders) with one of these kinds."""
MEDIA_TYPES: Final = {
    "css": "text/css; charset=utf-8",
    "svg": "image/svg+xml",
    "png": "image/png",
    "webp": "image/webp",
}


class PluginPagesWarning(UserWarning):
    """An installed package's pages for a game cannot be used (they do not load, or are not a `GamePages`)."""


@dataclass(frozen=True)
class GamePages:
    """What a game's own package gives the pages: its board, turn sentence and moves, and optionally its panels and
    the folder of files the server serves for it."""

    presenter: Presenter
    panels: PanelMaker | None = None
    """A panel per seat, the shared facts, the dice and the end in words (None: the plain panels)."""
    files: Traversable | None = None
    """The package's folder of files served at /games/<name>/<file> (e.g. `importlib.resources.files(pkg) / "web"`)."""
    stylesheet: str | None = None
    """A CSS file in `files` the table page links, for the classes the board uses."""
    words: str | None = None
    """A TOML file in `files`: the lobby's card and the rules page, as `web/rules/<game>.toml` (its picture a file in
    `files`)."""


def plugin_pages() -> dict[str, GamePages]:
    """The pages installed packages give their games, by game name (those that can be used)."""
    return _plugins()[0]


def pages_problems() -> dict[str, str]:
    """Why each installed package's pages that cannot be used were left out, by game name."""
    return _plugins()[1]


@functools.cache
def _plugins() -> tuple[dict[str, GamePages], dict[str, str]]:
    """Every package's pages loaded once per process (a test that installs one clears this cache)."""
    ours = functools.partial(refused_game_name, ours=PRESENTERS, taken="is drawn by wolfpack's own pages")
    return load_plugins(PAGES_GROUP, "pages", ours, _not_pages, PluginPagesWarning)


def _not_pages(name: str, value: str, loaded: Any) -> str | None:
    """Why a loaded plugin is not usable pages for game `name`, if it is not (its files are checked now, so that a
    page never meets a missing one)."""
    if not isinstance(loaded, GamePages):
        return f"{value} is not a wolfpack.web.plugins.GamePages"
    if not isinstance(loaded.presenter, Presenter):
        return "its presenter is not a wolfpack.web.boards.Presenter"
    if loaded.panels is not None and not isinstance(loaded.panels, PanelMaker):
        return "its panels are not a wolfpack.web.panels.PanelMaker"
    for what, file in (("stylesheet", loaded.stylesheet), ("words", loaded.words)):
        if file is not None and (loaded.files is None or not (loaded.files / file).is_file()):
            return f"its {what} {file!r} is not a file in its files"
    if loaded.stylesheet is not None and not FILE_NAME.fullmatch(loaded.stylesheet):
        return f"its stylesheet {loaded.stylesheet!r} is not a plain file name ending in .css"
    if loaded.words is not None and loaded.files is not None:
        try:
            read_words(loaded.files / loaded.words, name, loaded.files)
        except WordsError as exc:
            return f"its words do not read: {exc}"
    return None


def plugin_words(name: str) -> GameWords | None:
    """The card and rules page a plugin's package writes for game `name`, if it does."""
    pages = plugin_pages().get(name)
    if pages is None or pages.words is None or pages.files is None:
        return None
    return read_words(pages.files / pages.words, name, pages.files)


def game_file(name: str, file: str) -> tuple[bytes, str] | None:
    """A file a plugin's pages serve for game `name`, with its media type; None if there is no such file."""
    pages = plugin_pages().get(name)
    kind = FILE_NAME.fullmatch(file)
    if pages is None or pages.files is None or kind is None:
        return None
    found = pages.files / file
    return (found.read_bytes(), MEDIA_TYPES[kind.group(1)]) if found.is_file() else None


def stylesheet_url(name: str) -> str | None:
    """Where the table page finds the stylesheet of game `name`'s board, if its package gives one."""
    pages = plugin_pages().get(name)
    return None if pages is None or pages.stylesheet is None else f"/games/{name}/{pages.stylesheet}"


__all__ = [
    "PAGES_GROUP",
    "GamePages",
    "PluginPagesWarning",
    "game_file",
    "pages_problems",
    "plugin_pages",
    "plugin_words",
    "stylesheet_url",
]
