"""WOLF action notation: lower-case words separated by single spaces (docs/games/wolf.md, "Action notation").

`parse` checks only the shape of an action (its verb, how many words, that squares look like squares); whether
it is legal now is the state's business.
"""

from __future__ import annotations

import re
from typing import Final

from wolfpack.engine.errors import InvalidActionError

SQUARE: Final = re.compile(r"[a-z][1-9][0-9]?")
NAME: Final = re.compile(r"[a-z][a-z0-9-]*")
NUMBER: Final = re.compile(r"[0-9]{1,2}")
COLOUR: Final = re.compile(r"black|grey")

SHAPES: Final[dict[str, tuple[re.Pattern[str], ...]]] = {
    "deal": (COLOUR,),
    "wolf": (COLOUR,),
    "card": (NAME,),
    "roll": (NUMBER,),
    "place": (SQUARE,),
    "take": (NAME,),
    "leave": (),
    "leave-always": (),
    "ask-again": (),
    "stay": (),
    "move": (SQUARE,),
    "end": (),
    "done": (),
    "accept": (),
    "refuse": (),
    "pick": (SQUARE,),
    "give": (NAME, NAME),
    "ask": (NAME,),
    "hand": (NAME,),
    "bare": (SQUARE,),
    "fire": (NAME, SQUARE),
    "antidote": (SQUARE,),
    "flytox": (),
    "watch": (),
    "box": (),
    "rollers": (),
    "glasses": (NAME,),
    "barricade": (SQUARE,),
    "power": (NAME,),
    "bite": (NAME,),
    "break": (SQUARE,),
    "build": (SQUARE,),
    "look": (NAME,),
}
"""Each verb and the shape of the words after it. A werewolf's move is `<unit> <square>` (e.g. `boss e6`)."""


def parse(text: str) -> str:
    """The canonical form of an action in notation; InvalidActionError naming what is wrong if it is malformed."""
    words = text.strip().lower().split()
    if not words:
        raise InvalidActionError("empty action: expected e.g. 'move e6', 'fire shotgun k5' or 'boss e6'")
    verb, rest = words[0], words[1:]
    shape = SHAPES.get(verb)
    if shape is None:
        if NAME.fullmatch(verb) and len(rest) == 1 and SQUARE.fullmatch(rest[0]):
            return f"{verb} {rest[0]}"  # a werewolf unit's move
        raise InvalidActionError(f"unknown action {verb!r} in {text.strip()!r}")
    if len(rest) != len(shape):
        raise InvalidActionError(f"{verb!r} takes {len(shape)} word(s) after it, got {len(rest)} in {text.strip()!r}")
    for word, pattern in zip(rest, shape, strict=True):
        if not pattern.fullmatch(word):
            raise InvalidActionError(f"{word!r} is not a valid {_describe(pattern)} in {text.strip()!r}")
    return " ".join(words)


def _describe(pattern: re.Pattern[str]) -> str:
    """What a word of this shape should be, for error messages."""
    return {SQUARE: "square (e.g. e6)", NAME: "name", NUMBER: "number", COLOUR: "colour (black or grey)"}[pattern]
