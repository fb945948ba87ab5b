"""Spacewolves! actions: small ints with one canonical notation, built once and shared.

Every action the game can ever offer is made once, at import, so move generation hands out ready objects and
never allocates. An action is an `int` (fast to compare, hash and sort) whose `str` is its notation and whose
`repr` can be pasted back into Python.

Notation (see docs/games/spacewolves.md):

    y4+5        move the yellow spaceman on position 4 forward 5 (positions count 1..15 up from the Spacewolves)
    y4-3        move it backward 3
    swap        with doubles: swap the two tiles of that number
    pass        do nothing (doubles) or decline a Tandem Warp
    warp b7     Tandem Warp, taking the blue spaceman on position 7 two ahead as well
    warp        Tandem Warp alone (only when no opposing spaceman can go)
    roll 35     chance: the dice show 3 and 5 (sorted; one digit a die)
    first y     chance: yellow wins the roll for first player
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial
from typing import Final

from wolfpack.engine.errors import InvalidActionError

COLOURS: Final = "rybg"
COLOUR_NAMES: Final = ("red", "yellow", "blue", "green")
SLOTS: Final = 15
"""Moving tiles between Earth and the Spacewolves tile (rulebook, Setup)."""
MAX_DICE: Final = 3
"""A player rolls at most one die per spaceman, and has three (rulebook, Pieces)."""

MOVE_CODES: Final = len(COLOURS) * SLOTS * 6 * 2
PASS_CODE: Final = MOVE_CODES
SWAP_CODE: Final = PASS_CODE + 1
WARP_ALONE_CODE: Final = SWAP_CODE + 1
WARP_WITH_BASE: Final = WARP_ALONE_CODE + 1
ROLL_BASE: Final = 800
FIRST_BASE: Final = 900


class Action(int):
    """One Spacewolves! action; `Action("y4+5")` reads notation, `str(action)` writes it."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Action:
        if isinstance(value, str):
            return parse(value)
        if type(value) is cls:
            return value
        try:
            return BY_CODE[int(value)]
        except (KeyError, TypeError, ValueError):
            raise InvalidActionError(f"{value!r} is not a Spacewolves! action code") from None

    def __repr__(self) -> str:
        return f"Action({NOTATION[self]!r})"

    def __str__(self) -> str:
        return NOTATION[self]


BY_CODE: dict[int, Action] = {}
NOTATION: dict[int, str] = {}


def _make(code: int, text: str) -> Action:
    action = int.__new__(Action, code)
    BY_CODE[code] = action
    NOTATION[code] = text
    return action


def move_code(colour: int, slot: int, die: int, backward: bool) -> int:
    """The code of moving `colour`'s spaceman on internal `slot` (0 = next to the Spacewolves) by `die`."""
    return ((colour * SLOTS + slot) * 6 + die - 1) * 2 + backward


MOVES: Final = [
    _make(move_code(c, s, d, b), f"{COLOURS[c]}{s + 1}{'-' if b else '+'}{d}")
    for c in range(len(COLOURS))
    for s in range(SLOTS)
    for d in range(1, 7)
    for b in (False, True)
]
PASS: Final = _make(PASS_CODE, "pass")
SWAP: Final = _make(SWAP_CODE, "swap")
WARP_ALONE: Final = _make(WARP_ALONE_CODE, "warp")
WARP_WITH: Final = [
    _make(WARP_WITH_BASE + c * SLOTS + s, f"warp {COLOURS[c]}{s + 1}")
    for c in range(len(COLOURS))
    for s in range(SLOTS)
]


def _multiset_probability(dice: tuple[int, ...]) -> Fraction:
    """Exact chance that len(dice) fair dice show this multiset of faces."""
    ways = factorial(len(dice))
    for face in set(dice):
        ways //= factorial(dice.count(face))
    return Fraction(ways, 6 ** len(dice))


ROLL_DICE: dict[int, tuple[int, ...]] = {}
ROLL_OUTCOMES: dict[int, tuple[tuple[Action, float], ...]] = {}
"""For k dice: every sorted outcome with its probability (exact rational, given as the nearest float)."""
EXACT_ROLL_PROBABILITY: dict[int, Fraction] = {}
_code = ROLL_BASE
for _k in range(1, MAX_DICE + 1):
    _outcomes = []
    for _dice in combinations_with_replacement(range(1, 7), _k):
        _action = _make(_code, "roll " + "".join(map(str, _dice)))
        ROLL_DICE[_code] = _dice
        EXACT_ROLL_PROBABILITY[_code] = _multiset_probability(_dice)
        _outcomes.append((_action, float(EXACT_ROLL_PROBABILITY[_code])))
        _code += 1
    ROLL_OUTCOMES[_k] = tuple(_outcomes)
ROLL_BY_DICE: Final = {dice: BY_CODE[code] for code, dice in ROLL_DICE.items()}

FIRST: Final = [_make(FIRST_BASE + seat, f"first {COLOURS[seat]}") for seat in range(len(COLOURS))]
FIRST_OUTCOMES: Final = {n: tuple((FIRST[seat], 1.0 / n) for seat in range(n)) for n in (3, 4)}
"""For n players: who wins the roll for first player, each seat equally likely."""
OUTCOME_SETS: Final = {
    key: frozenset(action for action, _ in outcomes)
    for key, outcomes in [*ROLL_OUTCOMES.items(), *((-n, o) for n, o in FIRST_OUTCOMES.items())]
}
"""The outcome sets of every chance event, keyed by dice count (or -players for the first-player roll)."""

_BY_TEXT: Final = {text: BY_CODE[code] for code, text in NOTATION.items()}
_SHAPE = re.compile(
    r"(?P<move>[a-z]\d+[+-]\d+)|(?P<warp>warp(?: [a-z]\d+)?)|(?P<roll>roll \d+)|(?P<first>first [a-z])"
    r"|(?P<word>pass|swap)"
)


def parse(text: str) -> Action:
    """Read an action in notation (case and surrounding spaces are forgiven); raise InvalidActionError."""
    if not isinstance(text, str):
        raise InvalidActionError(f"action notation must be text, got {type(text).__name__}")
    canonical = " ".join(text.lower().split())
    action = _BY_TEXT.get(canonical)
    if action is not None:
        return action
    if canonical.startswith("roll "):
        action = _BY_TEXT.get("roll " + "".join(sorted(canonical[5:])))
        if action is not None:
            return action
    raise InvalidActionError(_explain_malformed(text, canonical))


def _explain_malformed(text: str, canonical: str) -> str:
    """Say what is wrong with notation that names no action."""
    examples = "y4+5, r12-3, swap, pass, warp, warp b7, roll 35, first y"
    shape = _SHAPE.fullmatch(canonical)
    if shape is None:
        return f"{text!r} is not Spacewolves! notation (examples: {examples})"
    colour_at = {"move": 0, "warp": 5, "first": 6}.get(shape.lastgroup or "")
    if colour_at is not None and len(canonical) > colour_at and canonical[colour_at] not in COLOURS:
        return f"{text!r}: {canonical[colour_at]!r} is not a colour (colours: r, y, b, g)"
    numbers = [int(n) for n in re.findall(r"\d+", canonical)]
    if shape.lastgroup in ("move", "warp") and numbers and not 1 <= numbers[0] <= SLOTS:
        return f"{text!r}: positions run from 1 to {SLOTS}"
    if shape.lastgroup == "move":
        return f"{text!r}: a die shows 1 to 6"
    if shape.lastgroup == "roll":
        return f"{text!r}: a roll is 1 to {MAX_DICE} dice, each 1 to 6, written in ascending order"
    return f"{text!r} is not Spacewolves! notation (examples: {examples})"


def _split_move(action: int) -> tuple[int, int, int, bool]:
    backward = action & 1
    rest = action >> 1
    die = rest % 6 + 1
    rest //= 6
    return rest // SLOTS, rest % SLOTS, die, bool(backward)


MOVE_PARTS: Final = tuple(_split_move(code) for code in range(MOVE_CODES))
"""MOVE_PARTS[code]: (colour, slot, die, backward) of every move, looked up rather than computed."""


def move_parts(action: int) -> tuple[int, int, int, bool]:
    """Split a move code into (colour, slot, die, backward)."""
    return MOVE_PARTS[action]


def is_move(action: int) -> bool:
    """Whether the action moves a spaceman by a die."""
    return 0 <= action < MOVE_CODES


def is_warp_with(action: int) -> bool:
    """Whether the action is a Tandem Warp with a partner."""
    return WARP_WITH_BASE <= action < WARP_WITH_BASE + len(COLOURS) * SLOTS
