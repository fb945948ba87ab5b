"""Wolves on the Hunt actions: canonical text, read and checked for shape against the content pack.

An action is its notation, a plain `str` (the game's action space is too rich for a table of codes). `parse`
turns any spelling the notation allows (case, spacing, location order) into the one canonical string, or raises
InvalidActionError when the text names no action at all. Whether an action is legal now is the state's business.

    pass | turn | end                       step A of a turn; end the turn
    take red5                               take a die from the pool
    move SE-S cw                            move to a space, clockwise (cw) or anticlockwise (ccw)
    write knife                             write the die in a row
    knife E | knife E SE                    knife one or two adjacent wolves
    rifle NW                                rifle a wolf that is not adjacent
    trap E=trap-5:3 SE=trap-2:1             traps (token and the side's value) on adjacent locations
    samovar rifle                           one step up a stat track
    outwit E SE | outwit E from NW          outwit tokens (from another wolf when the supply is empty)
    extra knife E                           an unlocked main action (any form above after "extra")
    target hunter1 | target dog dog-n | target elder    whom a wolf attacks (the holder of the cross decides)
    bonus rifle | bonus dog-n | reset knife kill bonuses that need a choice
    modify red5 up | reroll red5 blue2      free actions
    assist                                  +1 to the active hunter's next knife, rifle or trap action this turn
    power S | power SE-S cw S | power N=trap-6:3 E=trap-5:3 | power place dog-s bite N S
    power hunter0:2 hunter1:1 | power N>NE  the character's power (Long Shot, Charge, Snare, Hounds, Field
                                            Medicine, Lure), also after "extra"
    character jack | leader leader-3 | roll 4 | face day-07 | back SE | howl night-02     chance outcomes
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from wolfpack.engine.errors import InvalidActionError
from wolfpack.games.hunt.content import LOCATIONS, HuntContent
from wolfpack.games.hunt.rules import DICE_COLOURS, DIRECTIONS, pack_memo

WORDS: Final = ("pass", "turn", "end", "assist")
EXAMPLES: Final = "pass, take red5, move SE-S cw, write knife, knife E SE, rifle NW, target elder, roll 4"
_DIE = re.compile(r"([a-z]+)([1-6])")
_TRAP = re.compile(r"([a-z]+)=([a-z0-9-]+):([0-9]+)")


def _fail(text: str, why: str = "") -> InvalidActionError:
    detail = f": {why}" if why else f" (examples: {EXAMPLES})"
    return InvalidActionError(f"{text!r} is not Wolves on the Hunt notation{detail}")


def _location(word: str, text: str) -> str:
    location = word.upper()
    if location not in LOCATIONS:
        raise _fail(text, f"{word!r} is not a location ({', '.join(LOCATIONS)})")
    return location


def _locations(words: list[str], text: str, most: int) -> list[str]:
    """One to `most` distinct locations, returned in clockwise order from North."""
    if not 1 <= len(words) <= most:
        raise _fail(text, f"name 1 to {most} locations")
    found = sorted({_location(w, text) for w in words}, key=LOCATIONS.index)
    if len(found) != len(words):
        raise _fail(text, "a location is named twice")
    return found


def _die(word: str, text: str) -> str:
    match = _DIE.fullmatch(word)
    if match is None or match.group(1) not in DICE_COLOURS:
        raise _fail(text, f"{word!r} is not a die: a colour ({', '.join(DICE_COLOURS)}) and its value 1-6")
    return word


def _one_of(word: str, allowed: tuple[str, ...] | list[str], what: str, text: str) -> str:
    if word not in allowed:
        raise _fail(text, f"{word!r} is not a {what} ({', '.join(allowed)})")
    return word


def parse(text: str, content: HuntContent) -> str:
    """The canonical notation of `text`, or InvalidActionError saying what is wrong with it.

    Reading is a pure function of the text and the pack, and the state reads the same few thousand texts over and
    over (every action applied, every trap and power candidate), so successful readings are remembered.
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"action notation must be text, got {type(text).__name__}")
    memo = pack_memo(content, "parse")
    found: str | None = memo.get(text)
    if found is None:
        found = memo[text] = _parse(text, content)
    return found


def _parse(text: str, content: HuntContent) -> str:
    """`parse` without the memo: read `text` word by word."""
    words = text.split()
    if not words:
        raise _fail(text)
    verb, args = words[0].lower(), words[1:]
    lowered = [w.lower() for w in args]
    if verb in WORDS:
        if args:
            raise _fail(text, f"{verb!r} takes nothing after it")
        return verb
    if verb == "extra":
        if not args or args[0].lower() not in ("knife", "rifle", "trap", "samovar", "outwit", "power"):
            raise _fail(text, "'extra' is followed by a main action, e.g. 'extra knife E'")
        return "extra " + _parse(" ".join(args), content)
    if verb in ("knife", "rifle", "outwit"):
        source = None
        if verb == "outwit" and len(args) >= 2 and lowered[-2] == "from":
            source = _location(args[-1], text)
            args = args[:-2]
        most = 1 if verb == "rifle" else 2
        locations = _locations(args, text, most)
        tail = f" from {source}" if source else ""
        return f"{verb} {' '.join(locations)}{tail}"
    if verb == "trap":
        return _parse_trap(args, text, content)
    if verb == "power":
        return _parse_power(args, text, content)
    if len(args) == 1:
        arg = lowered[0]
        if verb == "take":
            return f"take {_die(arg, text)}"
        if verb == "write":
            return f"write {_one_of(arg, [r.id for r in content.sheet.rows], 'row', text)}"
        if verb == "samovar":
            return f"samovar {_one_of(arg, ('knife', 'rifle', 'traps'), 'stat', text)}"
        if verb == "reset":
            return f"reset {_one_of(arg, [r.id for r in content.sheet.rows], 'row', text)}"
        if verb == "bonus":
            choices = ["knife", "rifle", "traps", *(d.id for d in content.map.dog_spaces)]
            return f"bonus {_one_of(arg, choices, 'stat or dog space', text)}"
        if verb == "roll":
            return f"roll {_one_of(arg, ('1', '2', '3', '4', '5', '6'), 'die value', text)}"
        if verb == "back":
            return f"back {_location(arg, text)}"
        if verb in ("face", "howl", "leader"):
            cards = content.wolves
            wolves = [w.id for w in (*cards.day_wolves, *cards.night_wolves, *cards.pack_leaders)]
            return f"{verb} {_one_of(arg, wolves, 'wolf card', text)}"
        if verb == "character":
            return f"character {_one_of(arg, [c.id for c in content.characters.characters], 'character', text)}"
        if verb == "target" and arg == "elder":
            return "target elder"
        if verb == "target" and re.fullmatch(r"hunter[0-3]", arg):
            return f"target {arg}"
    if verb == "target" and len(args) == 2 and lowered[0] == "dog":
        return f"target dog {_one_of(lowered[1], [d.id for d in content.map.dog_spaces], 'dog space', text)}"
    if verb == "move" and len(args) == 2:
        try:
            space = content.space(args[0].upper()).id
        except KeyError:
            raise _fail(text, f"{args[0]!r} is not a player space") from None
        return f"move {space} {_one_of(lowered[1], DIRECTIONS, 'direction', text)}"
    if verb == "modify" and len(args) == 2:
        return f"modify {_die(lowered[0], text)} {_one_of(lowered[1], ('up', 'down'), 'direction', text)}"
    if verb == "reroll" and 1 <= len(args) <= len(DICE_COLOURS):
        dice = sorted({_die(w, text) for w in lowered}, key=lambda d: DICE_COLOURS.index(d[:-1]))
        if len({d[:-1] for d in dice}) != len(args):
            raise _fail(text, "a die is named twice")
        return "reroll " + " ".join(dice)
    raise _fail(text)


def _parse_trap(args: list[str], text: str, content: HuntContent) -> str:
    """`trap LOC=token:value [LOC=token:value]`, one token per location, in clockwise order."""
    if not 1 <= len(args) <= 2:
        raise _fail(text, "place one or two traps, e.g. 'trap E=trap-5:3 SE=trap-2:1'")
    tokens = {t.id: t.sides for t in content.components.traps}
    placed = []
    for arg in args:
        match = _TRAP.fullmatch(arg.lower())
        if match is None:
            raise _fail(text, f"{arg!r} is not LOCATION=token:value, e.g. E=trap-5:3")
        location = _location(match.group(1), text)
        token, value = match.group(2), int(match.group(3))
        if token not in tokens:
            raise _fail(text, f"{token!r} is not a trap token ({', '.join(tokens)})")
        if value not in tokens[token]:
            raise _fail(text, f"{token} has sides {tokens[token][0]} and {tokens[token][1]}, not {value}")
        placed.append((location, token, value))
    placed.sort(key=lambda p: LOCATIONS.index(p[0]))
    if len({p[0] for p in placed}) != len(placed) or len({p[1] for p in placed}) != len(placed):
        raise _fail(text, "one trap per location, each token once")
    return "trap " + " ".join(f"{loc}={token}:{value}" for loc, token, value in placed)


_LURE = re.compile(r"([a-z]+)>([a-z]+)")
_SHARE = re.compile(r"hunter([0-3]):([1-9])")


def _parse_power(args: list[str], text: str, content: HuntContent) -> str:
    """`power` and its words, each read as what it names; runs of locations, traps and shares are sorted."""
    if not args:
        raise _fail(text, "'power' is followed by what the power does, e.g. 'power S' or 'power hunter0:2'")
    dogs = [d.id for d in content.map.dog_spaces]
    words: list[tuple[str, str]] = []
    for arg in args:
        low = arg.lower()
        if low.upper() in LOCATIONS:
            words.append(("location", low.upper()))
        elif low in ("cw", "ccw", "place", "bite") or low in dogs:
            words.append(("word", low))
        elif "=" in low:
            words.append(("trap", _parse_trap([low], text, content)[len("trap ") :]))
        elif (lure := _LURE.fullmatch(low)) is not None:
            words.append(("word", f"{_location(lure.group(1), text)}>{_location(lure.group(2), text)}"))
        elif (share := _SHARE.fullmatch(low)) is not None:
            words.append(("share", f"hunter{share.group(1)}:{share.group(2)}"))
        else:
            try:
                words.append(("word", content.space(arg.upper()).id))
            except KeyError:
                raise _fail(text, f"{arg!r} means nothing to a power") from None
    canonical: list[str] = []
    run: list[tuple[str, str]] = []

    def clockwise_first(word: str) -> int:
        return LOCATIONS.index(word.split("=")[0])

    order: dict[str, Callable[[str], int | str]] = {"location": clockwise_first, "trap": clockwise_first, "share": str}
    for word in [*words, ("end", "")]:
        if run and word[0] != run[0][0]:
            kind = run[0][0]
            values = [w for _, w in run]
            if kind in order:
                if len(set(values)) != len(values):
                    raise _fail(text, "something is named twice")
                values.sort(key=order[kind])
            canonical += values
            run = []
        run.append(word)
    return "power " + " ".join(canonical)


@lru_cache(maxsize=65_536)
def verb(action: str) -> str:
    """The first word of an action (after 'extra', the main action's); remembered, as bots ask it constantly."""
    words = action.split()
    return words[1] if words[0] == "extra" and len(words) > 1 else words[0]
