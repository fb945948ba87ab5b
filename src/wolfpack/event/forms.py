"""The forms of Control's desks, generated from the game's own description of each Control verb's arguments
(`CONTROL_GRAMMAR` and the argument kinds' `PATTERNS` in the Den notation), so that a new verb needs no new page
code: the page draws a field per argument, a list where the kind is a fixed set of words or names a thing the
desk's view lists (ships, seats, stations, crew, units), and a required reason where the verb takes one. Each field
is named for what it is ("ship", "change", "reason": the notation's `CONTROL_FIELDS`) and says in words what it must
be (`hint`, and `problem`, the sentence a page shows when a value does not fit): the grammar's kinds and patterns
are for checking, never for showing.

The one-line help of each verb is data (verbs.toml); a verb without a line still gets its form.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from wolfpack.games.den.notation import CONTROL_GRAMMAR, MAX_REASON, PATTERNS, REASON, field_names, kind_words

LISTS = {
    "id": "ships",
    "seat": "seats",
    "holder": "seats",
    "station": "stations",
    "target": "targets",
    "thing": "things",
    "crew": "crew",
    "unit": "units",
    "shuttle": "shuttles",
    "wolf": "wolves",
    "wolfplace": "wolfplaces",
    "sector": "sectors",
    "quadrant": "quadrants",
    "die": "dice",
}
"""Argument kinds whose choices the desk's view lists (the page knows where each list lives in Control's view)."""
UNLISTED = frozenset({"Wolf type", "notice", "law"})
"""Fields whose kind has a list that is not theirs (a Wolf type is written, not one of the ships)."""

WORDS = re.compile(r"[a-z-]+(?:\|[a-z-]+)*")


@cache
def verb_help() -> dict[str, str]:
    """Each Control verb's one-line help (verbs.toml)."""
    text = resources.files("wolfpack.event").joinpath("verbs.toml").read_text(encoding="utf-8")
    return {name: str(line) for name, line in tomllib.loads(text)["help"].items()}


def argument(kind: str, name: str) -> dict[str, Any]:
    """One field of a form: what it is (`name`, its `label` on the page), what it must be in words (`hint`), its
    kind and the pattern the page checks it with, and its choices (fixed words, or a list of the view)."""
    words = kind_words(kind, name)
    field: dict[str, Any] = {
        "name": name.lower().replace(" ", "-"),
        "label": name[:1].upper() + name[1:],
        "hint": words,
        "kind": kind,
    }
    if kind == REASON:
        return {**field, "text": True, "max_length": MAX_REASON}
    pattern = PATTERNS[kind].pattern
    field["pattern"] = pattern
    field["problem"] = f"The {name} must be {words}."
    if WORDS.fullmatch(pattern):
        field["choices"] = pattern.split("|")
    elif kind in LISTS and name not in UNLISTED:
        field["list"] = LISTS[kind]
    return field


def control_forms() -> list[dict[str, Any]]:
    """Every Control verb with its forms (one per accepted argument list), in the grammar's order."""
    helps = verb_help()
    return [
        {
            "verb": verb,
            "help": helps.get(verb, ""),
            "forms": [
                [argument(kind, name) for kind, name in zip(form, field_names(verb, True, form), strict=True)]
                for form in forms
            ],
            "reasoned": any(form and form[-1] == REASON for form in forms),
        }
        for verb, forms in CONTROL_GRAMMAR.items()
    ]
