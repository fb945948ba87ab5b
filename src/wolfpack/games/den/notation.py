"""Den of Wolves action notation: words separated by spaces, a reason (where one is taken) last, in double quotes.

Every action is a string in canonical form: `canonical(text)` reads any spacing and quoting and writes the one
form the engine compares. Counters are named `<ship>:<kind><n>` (crew `dione:c3`, units `aegis:u2`, shuttles
`aegis:s1`, and with table dice the dice awaiting entry `dione:d4`), stations `<ship>.<station>` (a seat's own
ship's stations also by their bare id), seats `<ship>/<role>`, `media/<role>`, `wildcard/<role>` or `control`. The
grammar of each verb is in GRAMMAR; the rules (state.py) decide legality.
"""

from __future__ import annotations

import functools
import re
import shlex
from collections.abc import Mapping
from typing import Final

from wolfpack.engine.errors import InvalidActionError
from wolfpack.games.den.content import DISTANCES, RATION_LEVELS, RESOURCES, TRAININGS, UNIT_KINDS

ID: Final = r"[a-z][a-z0-9-]*"
PATTERNS: Final[Mapping[str, re.Pattern[str]]] = {
    "id": re.compile(ID),
    "station": re.compile(rf"(?:{ID}\.)?{ID}"),
    "crew": re.compile(rf"{ID}:c[0-9]+"),
    "unit": re.compile(rf"{ID}:u[0-9]+"),
    "shuttle": re.compile(rf"{ID}:s[0-9]+"),
    "die": re.compile(rf"{ID}:d[0-9]+"),
    "target": re.compile(rf"{ID}:[cu][0-9]+|{ID}\.{ID}"),
    "thing": re.compile(rf"{ID}:[cus][0-9]+|{ID}\.{ID}|{ID}/{ID}|{ID}"),
    "seat": re.compile(rf"{ID}/{ID}|control"),
    "place": re.compile(rf"{ID}|map"),
    "quadrant": re.compile(r"q[1-6]"),
    "count": re.compile(r"[1-9][0-9]{0,2}"),
    "int": re.compile(r"[+-]?[0-9]{1,3}"),
    "effects": re.compile(rf"{ID}:[+-][0-9]{{1,3}}(?:,{ID}:[+-][0-9]{{1,3}})*"),
    "face": re.compile(r"[1-6]"),
    "odds": re.compile(r"[1-7]"),
    "coords": re.compile(r"[0-9]{5}|none"),
    "meal": re.compile("food|water"),
    "level": re.compile("|".join(RATION_LEVELS)),
    "resource": re.compile("|".join(RESOURCES)),
    "path": re.compile(
        rf"pursuit|{ID}\.(?:morale|damage|boarders|{'|'.join(RESOURCES)})|rewards\.(?:{'|'.join(RESOURCES)})"
    ),
    "cost": re.compile(rf"-|(?:{'|'.join(RESOURCES)}):[0-9]{{1,2}}(?:,(?:{'|'.join(RESOURCES)}):[0-9]{{1,2}})*"),
    "distance": re.compile("|".join(DISTANCES)),
    "training": re.compile("|".join(TRAININGS)),
    "unitkind": re.compile("|".join(UNIT_KINDS)),
    "bill": re.compile("law|motion"),
    "change": re.compile("amend|repeal"),
    "ballot": re.compile("yea|nay|abstain"),
    "office": re.compile("president|vice-president|parliamentarian"),
    "holder": re.compile(rf"{ID}/{ID}|none"),
    "mark": re.compile("enforceable|unenforceable|enforced|unenforced"),
    "wolf": re.compile(r"w[0-9]{1,3}"),
    "sector": re.compile(r"q[1-6]|aboard"),
    "wolfplace": re.compile(rf"q[1-6]|{ID}"),
    "post": re.compile("battle-stations|ready-room|reserve"),
}
REASON: Final = "reason"
"""An argument kind: free text in double quotes (Control's reasons, a freeform action's description)."""
MAX_REASON: Final = 200

GRAMMAR: Final[Mapping[str, tuple[tuple[str, ...], ...]]] = {
    # Seats of a team (and people): each verb's accepted argument lists.
    "use": (("station",), ("station", "target")),
    "crew": (("crew", "station"),),
    "repair": (("station",),),
    "rations": (("meal", "level"),),
    "load": (("shuttle", "resource", "count"),),
    "unload": (("shuttle", "resource", "count"),),
    "board": (("shuttle", "crew"),),
    "land": (("shuttle", "crew", "station"),),
    "embark": (("shuttle", "unit"),),
    "disembark": (("shuttle", "unit"),),
    "fly": (("shuttle", "id"),),
    "move": (("quadrant",),),
    "swap": (("id",),),
    "coords": (("coords",),),
    "jump": ((),),
    "emergency": ((),),
    "scout": ((),),
    "share": (("id", "id"),),
    "pass": (("id", "id"),),
    "play": (("id",), ("id", "target")),
    "give": (("id", "seat"),),
    "disperse": (("unit", "station"),),
    "goto": (("place",),),
    "sickbay": (("id",),),
    "contact": (("seat",),),
    "escape": ((),),
    "hide": ((),),
    "show": ((),),
    "look-deck": ((),),
    # The Interstellar Council (council.py).
    "propose": (("bill", REASON), ("change", "count", REASON)),
    "call-vote": ((),),
    "withdraw": ((),),
    "vote": (("ballot",),),
    "hands": (("seat", "ballot"),),
    "sign": ((),),
    "veto": ((),),
    "no-confidence": ((),),
    "snap-election": ((),),
    "elect": (("seat",),),
    "name-vp": (("seat",),),
    "order": ((REASON,),),
    # The News Media (media.py).
    "broadcast": ((REASON,),),
    # Wolf Attacks (attack.py).
    "deploy": (("unit", "sector"),),
    "strike": (("unit", "wolf"),),
    "fire": (("unit", "wolf"),),
    "fight": (("unit",),),
    "reinforce": (("unit", "shuttle", "id"),),
    "post": (("unit", "post"),),
    # Table dice (option `table_dice`): a ship's own seat enters a die its table rolled.
    "enter": (("die", "face"),),
    # Chance outcomes.
    "roll": (("face",),),
    "draw": (("id",),),
    "pick": (("id",),),
}
CONTROL_GRAMMAR: Final[Mapping[str, tuple[tuple[str, ...], ...]]] = {
    "advance": ((),),
    "resolve-jumps": ((), (REASON,)),
    "resume": ((),),
    "pause": ((REASON,),),
    "news": (("id", "int"),),
    "news-effects": (("effects",),),
    "set": (("path", "int", REASON),),
    "fleet-morale": (("int", REASON),),
    "damage": (("id", "count", REASON),),
    "wound": (("target", REASON),),
    "heal": (("target", REASON),),
    "repair": (("target", REASON),),
    "riot": (("target", REASON),),
    "clear-riot": (("target", REASON),),
    "cancel-jump": (("id", REASON),),
    "move": (("thing", "thing", REASON),),
    "brig": (("seat", REASON),),
    "release": (("seat", REASON),),
    "wound-player": (("seat", REASON),),
    "award": (("id", "resource", "count", REASON),),
    "add-crew": (("station", "training", REASON),),
    "add-unit": (("id", "unitkind", REASON),),
    "remove": (("thing", REASON),),
    "draw-destination": (("id", REASON),),
    "freeform": (("id", "cost", "odds", REASON),),
    "settle": (("count", REASON),),
    "end": ((REASON,),),
    # The Interstellar Council (council.py).
    "close-vote": ((REASON,),),
    "law": (("count", "mark", REASON),),
    "appoint": (("office", "holder", REASON),),
    "grant-vote": (("seat", REASON),),
    "revoke-vote": (("seat", REASON),),
    "succession": ((REASON,),),
    # The News Media (media.py).
    "broadcast": ((REASON,),),
    # Wolf Attacks (attack.py).
    "attack": ((REASON,),),
    "wolves": (("id", "count", "wolfplace", REASON),),
    "wolf-round": ((),),
    "end-attack": ((REASON,),),
    # Table dice (option `table_dice`): Control enters a die a table rolled.
    "enter": (("die", "face"),),
}


def quote(text: str) -> str:
    """Text as a double-quoted word (backslash and double quote escaped)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def split(text: str) -> list[str]:
    """The words of an action (a quoted reason stays one word); InvalidActionError if the quoting is broken."""
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is text in Den of Wolves notation, got {type(text).__name__}")
    return list(_split_words(text))


@functools.lru_cache(maxsize=8192)
def _split_words(text: str) -> tuple[str, ...]:
    """The words of `text`, remembered: listing legal actions splits the same few hundred texts over and over, and
    shlex is slow."""
    try:
        lexer = shlex.shlex(text, posix=True)
        lexer.whitespace_split = True
        lexer.commenters = ""
        lexer.escapedquotes = '"'
        lexer.quotes = '"'
        return tuple(lexer)
    except ValueError as exc:
        raise InvalidActionError(f"cannot read {text!r}: {exc}") from None


def canonical(text: str) -> str:
    """The canonical form of an action in notation; InvalidActionError naming what is malformed."""
    words = split(text)
    if not words:
        raise InvalidActionError("an empty action: write a verb such as `use galley` or `control advance`")
    control = words[0] == "control"
    verb_words = words[1:] if control else words
    if not verb_words:
        raise InvalidActionError("`control` needs a verb, e.g. `control advance`")
    verb, args = verb_words[0], verb_words[1:]
    grammar = CONTROL_GRAMMAR if control else GRAMMAR
    forms = grammar.get(verb)
    if forms is None:
        known = ", ".join(sorted(grammar))
        raise InvalidActionError(f"unknown {'Control ' if control else ''}verb {verb!r}; known: {known}")
    for form in forms:
        if len(form) == len(args) and all(_fits(kind, arg) for kind, arg in zip(form, args, strict=True)):
            shown = [quote(arg) if kind == REASON else arg for kind, arg in zip(form, args, strict=True)]
            return " ".join([*words[: len(words) - len(verb_words)], verb, *shown])
    expected = " or ".join(" ".join(f"<{kind}>" for kind in form) or "nothing" for form in forms)
    raise InvalidActionError(f"{' '.join(words[:2] if control else words[:1])} takes {expected}; got {args!r}")


def _fits(kind: str, word: str) -> bool:
    if kind == REASON:
        return 0 < len(word) <= MAX_REASON and word.isprintable()
    return PATTERNS[kind].fullmatch(word) is not None


def words(action: str) -> list[str]:
    """The words of an action in canonical form (reasons unquoted)."""
    return split(action)


def parse_cost(text: str) -> dict[str, int]:
    """A freeform cost `fuel:2,materials:1` (or `-` for none) as resource counts."""
    if text == "-":
        return {}
    cost: dict[str, int] = {}
    for part in text.split(","):
        resource, _, amount = part.partition(":")
        cost[resource] = cost.get(resource, 0) + int(amount)
    return cost
