"""What the lobby says about each game: a card (picture, description, player counts) and a rules page in our words.

The words live in `web/rules/<game>.toml` (one file a game, checked by a schema on load); the pictures are our own
SVG files in `web/static/`. A game from another package may bring its own file and picture with its pages
(`wolfpack.web.plugins`). A game with no file still gets a card, with its name and player counts only.
"""

from __future__ import annotations

import functools
import html
import tomllib
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from markdown_it import MarkdownIt
from pydantic import BaseModel, ConfigDict, Field, ValidationError

RULES = resources.files("wolfpack.web") / "rules"
PICTURES = resources.files("wolfpack.web") / "static"


class RulesSection(BaseModel):
    """One part of a rules page: a heading and its text (Markdown)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1, max_length=80)
    text: str = Field(min_length=1)


class GameWords(BaseModel):
    """A game's card and rules page, written for players."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    picture: str | None = Field(None, pattern=r"^[a-z0-9-]+\.svg$")
    picture_text: str = Field("", max_length=200)
    tagline: str = Field(min_length=1, max_length=120)
    description: str = Field(min_length=1, max_length=600)
    last_seat: str | None = Field(None, min_length=1, max_length=60)
    """What the last seat plays when it is a part of its own (WOLF: the werewolf pack), said where seats are chosen."""
    rules: list[RulesSection] = Field(min_length=1)


class WordsError(ValueError):
    """A game's words file is wrong: the message names the file and the field."""


def read_words(source: Traversable, name: str, pictures: Traversable = PICTURES) -> GameWords:
    """A words file checked against the schema; it must be about game `name` and its picture must be in `pictures`."""
    where = f"{source}"
    try:
        words = GameWords.model_validate(tomllib.loads(source.read_text(encoding="utf-8")))
    except tomllib.TOMLDecodeError as exc:
        raise WordsError(f"{where}: not TOML: {exc}") from None
    except ValidationError as exc:
        fields = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())
        raise WordsError(f"{where}: {fields}") from None
    if words.game != name:
        raise WordsError(f"{where}: game: says {words.game!r}, but the file is for {name!r}")
    if words.picture is not None and not (pictures / words.picture).is_file():
        raise WordsError(f"{where}: picture: no file {words.picture!r} in {pictures}")
    return words


def game_words(name: str) -> GameWords | None:
    """The words of game `name`, ours or its package's, or None if nobody has written them."""
    ours = _our_words(name)
    if ours is not None:
        return ours
    from wolfpack.web.plugins import plugin_words  # a plugin's pages build on this module

    return plugin_words(name)


@functools.cache
def _our_words(name: str) -> GameWords | None:
    """The words of game `name` from wolfpack's own files, or None."""
    source = RULES / f"{name}.toml"
    return read_words(source, name) if source.is_file() else None


def picture_url(words: GameWords) -> str | None:
    """Where pages find a game's picture: among our files, or among its package's (/games/<name>/)."""
    if words.picture is None:
        return None
    ours = _our_words(words.game) is not None
    return f"/static/{words.picture}" if ours else f"/games/{words.game}/{words.picture}"


def players_text(low: int, high: int) -> str:
    """ "2–6 players", "1 player" or "1–4 players"."""
    if low == high:
        return f"{low} player" + ("" if low == 1 else "s")
    return f"{low}–{high} players"


def card(name: str) -> dict[str, Any]:
    """What the lobby's card of game `name` shows beyond its metadata (None where nothing is written)."""
    words = game_words(name)
    if words is None:
        return {
            "tagline": None,
            "description": None,
            "picture": None,
            "picture_text": "",
            "rules": None,
            "last_seat": None,
        }
    return {
        "tagline": words.tagline,
        "description": " ".join(words.description.split()),
        "picture": picture_url(words),
        "picture_text": words.picture_text,
        "rules": f"/rules/{name}",
        "last_seat": words.last_seat,
    }


_MARKDOWN = MarkdownIt("commonmark", {"html": False})
"""Markdown without raw HTML: the words files are ours, but nothing in them may inject markup."""


def rules_page(words: GameWords, long_name: str, players: str) -> str:
    """A game's rules page as a whole HTML document (our stylesheets, no script)."""
    name = words.game
    title = html.escape(long_name)
    url = picture_url(words)
    alt = html.escape(words.picture_text)
    picture = "" if url is None else f'<img class="game-picture" src="{html.escape(url)}" alt="{alt}">'
    sections = "\n".join(
        f'<section class="rules-part"><h2>{html.escape(part.title)}</h2>\n{_MARKDOWN.render(part.text)}</section>'
        for part in words.rules
    )
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}: how to play (wolfpack)</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/lobby.css">
<link rel="icon" href="data:,">
</head>
<body class="rules-page">
<header class="bar"><a href="/" class="home">wolfpack</a><h1>How to play {title}</h1></header>
<main class="rules-layout">
<div class="rules-intro">{picture}
<p class="tagline">{html.escape(words.tagline)}</p>
<p>{html.escape(" ".join(words.description.split()))}</p>
<p class="players">{html.escape(players)}</p>
</div>
{sections}
<p class="rules-note">These are the rules in short, written for this site; the rulebook is the authority.</p>
<p><a class="big-link" href="/#game-{html.escape(name)}">Back to the lobby to play</a></p>
</main>
</body>
</html>
"""
