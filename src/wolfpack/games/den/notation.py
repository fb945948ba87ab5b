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
NOTICE_KINDS: Final[Mapping[str, str]] = {
    "separated": "a ship separated from the fleet by a jump",
    "no-room": "a ship rejoining the fleet with no quadrant to go to",
    "emergency-jump": "an emergency jump's station damage (Infinite Domain)",
    "anarchy": "a ship falling into anarchy",
    "freeform-effect": "a card's or station's effect left to Control",
    "damage-deck": "damage that could not be drawn or placed",
    "boarders": "Wolf boarders still aboard as an attack ends",
    "no-pilot": "a lost fighter with no pilot to wound",
    "role-change": "an election or appointment that changes someone's role",
    "escape": "a prisoner's attempt to escape the brig",
    "fleet-morale": "a change to fleet morale suggested by a major event (a ship separated)",
    "destroyed": "a ship hit with every station damaged, destroyed if Control confirms",
}
"""The kinds of notice the rules open for Control: a standing policy settles every new one of a kind."""
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
    "effects": re.compile(rf"{ID}:[+-]?[0-9]{{1,3}}(?:,{ID}:[+-]?[0-9]{{1,3}})*"),
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
    "noticekind": re.compile("|".join(NOTICE_KINDS)),
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
    "confirm": (("count", REASON),),
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
    # Standing policies: a kind of routine notice settled by a written default (rules.py, notify_control).
    "policy": (("noticekind", REASON),),
    "end-policy": (("noticekind", REASON),),
}


CONTROL_FIELDS: Final[Mapping[str, tuple[str, ...]]] = {
    "resolve-jumps": ("ruling for ships left separated",),
    "pause": ("reason",),
    "news": ("ship", "change"),
    "news-effects": ("changes by ship",),
    "set": ("number", "value", "reason"),
    "fleet-morale": ("change", "reason"),
    "damage": ("ship", "damage", "reason"),
    "wound": ("crew or unit", "reason"),
    "heal": ("crew or unit", "reason"),
    "repair": ("station", "reason"),
    "riot": ("station", "reason"),
    "clear-riot": ("station", "reason"),
    "cancel-jump": ("ship", "reason"),
    "move": ("piece", "destination", "reason"),
    "brig": ("player", "reason"),
    "release": ("player", "reason"),
    "wound-player": ("player", "reason"),
    "award": ("ship", "resource", "amount", "reason"),
    "add-crew": ("station", "training", "reason"),
    "add-unit": ("ship", "unit type", "reason"),
    "remove": ("piece", "reason"),
    "draw-destination": ("ship", "reason"),
    "freeform": ("ship", "cost", "odds", "attempt"),
    "settle": ("notice", "reason"),
    "confirm": ("notice", "reason"),
    "end": ("reason",),
    "close-vote": ("reason",),
    "law": ("law", "ruling", "reason"),
    "appoint": ("office", "new holder", "reason"),
    "grant-vote": ("player", "reason"),
    "revoke-vote": ("player", "reason"),
    "succession": ("reason",),
    "broadcast": ("story",),
    "attack": ("reason",),
    "wolves": ("Wolf type", "number", "place", "reason"),
    "end-attack": ("reason",),
    "enter": ("die", "face"),
    "policy": ("notice type", "ruling"),
    "end-policy": ("notice type", "reason"),
}
"""What each argument of a Control verb is, in Control's words: a desk's form labels its fields so, and a bad value
is refused naming it."""
SEAT_FIELDS: Final[Mapping[str, tuple[str, ...]]] = {
    "fly": ("shuttle", "ship"),
    "swap": ("ship",),
    "share": ("card", "ship"),
    "pass": ("card", "ship"),
    "play": ("card", "target"),
    "give": ("card", "player"),
    "sickbay": ("ship",),
    "reinforce": ("unit", "shuttle", "ship"),
    "draw": ("card",),
    "pick": ("choice",),
}
"""The arguments of seats' verbs whose kind alone does not say what they are (the rest are named by their kind)."""
KIND_NOUNS: Final[Mapping[str, str]] = {
    "id": "name",
    "crew": "crew counter",
    "seat": "player",
    "count": "number",
    "int": "number",
    "coords": "coordinates",
    "unitkind": "unit type",
    "holder": "new holder",
    "wolf": "Wolf unit",
    "wolfplace": "place",
    "sector": "place",
    REASON: "words",
}
"""An argument named by its kind, where the kind's name is the grammar's and not a word (the rest are words)."""
KIND_WORDS: Final[Mapping[str, str]] = {
    "id": "a name such as dione",
    "station": "a station such as dione.fore-farms",
    "crew": "a crew counter such as dione:c3",
    "unit": "a unit such as aegis:u2",
    "shuttle": "a shuttle such as aegis:s1",
    "die": "a die awaiting entry such as dione:d4",
    "target": "a crew counter (dione:c3), a unit (aegis:u2) or a station (dione.fore-farms)",
    "thing": "a ship, a quadrant (q1), the map, a player (dione/captain), a crew counter (dione:c3), a unit "
    "(aegis:u2), a shuttle (aegis:s1) or a station (dione.fore-farms)",
    "seat": "a player's seat such as dione/captain, or control",
    "place": "a ship such as dione, or map",
    "quadrant": "a quadrant from q1 to q6",
    "count": "a whole number from 1 to 999",
    "int": "a whole number from -999 to 999, such as 2 or -1",
    "effects": "ships with their changes such as dione:1,carmine:-2",
    "face": "a die's face from 1 to 6",
    "odds": "the least roll that succeeds, from 1 to 7 (7 never does)",
    "coords": "five digits such as 40213, or none",
    "path": "pursuit, a ship's morale, damage, boarders or hold (dione.morale, dione.fuel), or a reward on the map "
    "(rewards.fuel)",
    "cost": "resources with amounts such as fuel:2,materials:1, or - for none",
    "holder": "a player's seat such as dione/captain, or none",
    "wolf": "a Wolf unit on the map such as w3",
    "sector": "a quadrant from q1 to q6, or aboard",
    "wolfplace": "a quadrant from q1 to q6, or a ship such as dione",
    REASON: f"words in double quotes, at most {MAX_REASON} characters",
}
"""What an argument of each kind must be, in words; a kind that is a fixed set of words lists them (`kind_words`)."""
FIELD_WORDS: Final[Mapping[str, str]] = {
    "ship": "a ship of the fleet, such as dione",
    "notice": "a notice's number, such as 3",
    "law": "a law's number in the register, such as 2",
    "damage": "points of damage, a whole number from 1 to 999",
    "Wolf type": "a type of Wolf unit from the pack's combat table, such as fighter or boarding",
    "card": "a card such as comet-swarm",
}
"""What an argument must be where what it is says more than its kind (a ship, not any name)."""


def field_names(verb: str, control: bool, form: tuple[str, ...]) -> tuple[str, ...]:
    """What each argument of a verb's form is, in words: Control's and seats' named fields, else the kind's noun."""
    named = (CONTROL_FIELDS if control else SEAT_FIELDS).get(verb, ())
    return tuple(named[i] if i < len(named) else KIND_NOUNS.get(kind, kind) for i, kind in enumerate(form))


def kind_words(kind: str, name: str = "") -> str:
    """What an argument (of `kind`, named `name`) must be, in words."""
    if name in FIELD_WORDS:
        return FIELD_WORDS[name]
    if kind in KIND_WORDS:
        return KIND_WORDS[kind]
    return one_of(PATTERNS[kind].pattern.split("|"))


def one_of(choices: list[str]) -> str:
    """`a, b or c` (one choice: itself)."""
    return choices[0] if len(choices) == 1 else f"{', '.join(choices[:-1])} or {choices[-1]}"


def form_problem(verb: str, control: bool, forms: tuple[tuple[str, ...], ...], args: list[str]) -> str:
    """Why `args` fit none of a verb's forms, in a sentence naming the argument: too few or too many, or the first
    that is not what it must be."""
    head = f"Control's {verb}" if control else f"The verb {verb}"
    for form in forms:
        if len(form) != len(args):
            continue
        for kind, name, arg in zip(form, field_names(verb, control, form), args, strict=True):
            if _fits(kind, arg):
                continue
            if kind == REASON and len(arg) > MAX_REASON:
                return f"{head}: the {name} may be at most {MAX_REASON} characters (this one has {len(arg)})."
            if kind == REASON:
                return f"{head}: the {name} must be {KIND_WORDS[REASON]} (no line breaks), and not empty."
            return f'{head}: the {name} must be {kind_words(kind, name)} (not "{arg}").'
    needs = " or ".join(
        and_list([f"the {name}" for name in field_names(verb, control, form)]) or "nothing more" for form in forms
    )
    given = "none given" if not args else f"{len(args)} given"
    return f"{head} needs {needs} ({given})."


def and_list(items: list[str]) -> str:
    """`a, b and c`."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}" if items else ""


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
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is text in Den of Wolves notation, got {type(text).__name__}")
    return _canonical(text)


@functools.lru_cache(maxsize=8192)
def _canonical(text: str) -> str:
    """`canonical` of a text, remembered: every action offered is checked and parsed again and again."""
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
    raise InvalidActionError(form_problem(verb, control, forms, args))


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
