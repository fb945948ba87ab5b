"""Wolves on the Hunt: pure rules over the content pack (map geometry, movement, rows, chance weights).

Nothing here changes a state: these are small functions the state machine in `state.py` calls. Locations are the
content's ids ("N" ... "NW"); player spaces are their ids ("N-NE" ...); rows and stats are the content's ids.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from wolfpack.games.hunt.content import LOCATIONS, HuntContent, Location, clockwise

DICE_COLOURS: Final = ("red", "green", "yellow", "purple", "black", "blue", "white")
"""The seven dice, in the order they are rolled and listed (the sheet's row order, then the wild die)."""
WILD: Final = "white"
CLOCKWISE: Final = "cw"
ANTICLOCKWISE: Final = "ccw"
DIRECTIONS: Final = (CLOCKWISE, ANTICLOCKWISE)
ATTACK_ROWS: Final = ("knife", "rifle", "trap")
"""Rows whose main action is an attack (Assist raises these, space bonuses apply to them)."""
FIRST_STRIKE_DAMAGE: Final = 1
"""Damage a First Strike deals each hunter beside the wolf and the dog facing it (rulebook: Wolf abilities)."""
AGGRESSION_BONUS: Final = 1
"""Extra damage every wolf deals for each Aggression wolf acting (rulebook: Wolf abilities)."""
HEAL_PLAYER_HEARTS: Final = 2
"""Dashed hearts a heal-player kill bonus outlines (rulebook: Kill bonuses; docs i20)."""
MEMO_PACKS: Final = 8
"""Content packs whose memos are kept at once (the oldest is forgotten first)."""
MEMO_ENTRIES: Final = 100_000
"""Entries a memo holds before it is emptied (a bound on memory, far above what one game needs)."""

_MEMOS: dict[int, tuple[HuntContent, dict[str, dict[Any, Any]]]] = {}


def pack_memo(content: HuntContent, name: str) -> dict[Any, Any]:
    """The memo called `name` of a pure function of `content`, emptied when it grows past MEMO_ENTRIES.

    Packs are told apart by identity, since hashing one is slow; the memo holds the pack, so its id stays its own.
    """
    entry = _MEMOS.get(id(content))
    if entry is None or entry[0] is not content:
        if len(_MEMOS) >= MEMO_PACKS:
            del _MEMOS[next(iter(_MEMOS))]
        entry = _MEMOS[id(content)] = (content, {})
    memo = entry[1].get(name)
    if memo is None:
        memo = entry[1][name] = {}
    elif len(memo) >= MEMO_ENTRIES:
        memo.clear()
    return memo


def ring_spaces(content: HuntContent) -> tuple[str, ...]:
    """The player spaces clockwise from the one between North and North-East."""
    memo = pack_memo(content, "ring_spaces")
    ring: tuple[str, ...] | None = memo.get(None)
    if ring is None:
        ring = memo[None] = tuple(content.space(f"{loc}-{clockwise(loc)}").id for loc in LOCATIONS)
    return ring


def adjacent_locations(content: HuntContent, space: str) -> tuple[Location, Location]:
    """The two wolf locations beside a hunter on `space` (the rulebook's Jack example)."""
    return content.locations_adjacent_to(space)


def neighbour_locations(location: Location) -> tuple[Location, Location]:
    """The locations either side of `location` on the ring: the wolves 'adjacent' to a wolf there."""
    return clockwise(location, -1), clockwise(location)


def next_vacant(occupied: Mapping[str, object], start: str, *, include_start: bool = True) -> str | None:
    """The first location clockwise from `start` with no wolf (`start` itself first, or else last), or None."""
    first = 0 if include_start else 1
    index = LOCATIONS.index(start)
    for steps in range(first, first + len(LOCATIONS)):
        location = LOCATIONS[(index + steps) % len(LOCATIONS)]
        if location not in occupied:
            return location
    return None


def move_options(
    content: HuntContent,
    start: str,
    points: int,
    taken: Sequence[str],
    pinning: Sequence[Location],
) -> dict[tuple[str, str], int]:
    """Every (destination, direction) a hunter on `start` can reach with `points`, with the rivers it crosses.

    Each line crossed costs its cost, entering a rocky space costs the rock extra, the centre is never crossed
    (so a move goes round the ring one way), the move ends on a space no other hunter holds, and a hunter must stop
    on entering a space beside a pinning wolf (and cannot move at all from beside one).
    The answer is a fresh dict; the work behind it is remembered per pack (the bot asks the same few questions often).
    """
    memo = pack_memo(content, "move_options")
    key = (start, points, tuple(taken), tuple(pinning))
    options: dict[tuple[str, str], int] | None = memo.get(key)
    if options is None:
        options = memo[key] = _move_options(content, start, points, taken, pinning)
    return dict(options)


def _move_options(
    content: HuntContent,
    start: str,
    points: int,
    taken: Sequence[str],
    pinning: Sequence[Location],
) -> dict[tuple[str, str], int]:
    """`move_options` without the memo."""
    if set(adjacent_locations(content, start)) & set(pinning):
        return {}
    ring = ring_spaces(content)
    rock = content.map.terrain.rock_extra_cost
    options: dict[tuple[str, str], int] = {}
    for direction in DIRECTIONS:
        here = ring.index(content.space(start).id)
        spent = rivers = 0
        for _ in range(len(ring) - 1):
            step = 1 if direction == CLOCKWISE else -1
            there = (here + step) % len(ring)
            crossed: Location = adjacent_locations(content, ring[here])[1 if step == 1 else 0]
            line = content.line_at(crossed)
            spent += line.cost + (rock if content.space(ring[there]).rocks else 0)
            rivers += line.river
            if spent > points:
                break
            if ring[there] not in taken:
                options[(ring[there], direction)] = rivers
            here = there
            if set(adjacent_locations(content, ring[here])) & set(pinning):
                break  # pinned: the hunter must stop here (or, if it is taken, cannot come this way)
    return options


def box_grants_main(numbers: Sequence[int], resets: Sequence[int], number: int) -> bool:
    """Whether writing `number` after `numbers` (reset lines after the boxes in `resets`) grants the main action."""
    if not numbers or len(numbers) in resets:
        return True
    return number >= numbers[-1]


def back_weights(deck: Sequence[str], content: HuntContent) -> list[tuple[Location, Fraction]]:
    """The chance of each location showing on the back of a shuffled deck's top card (exact, clockwise order)."""
    counts = Counter(content.wolf(wolf_id).back for wolf_id in deck)
    total = len(deck)
    return [(loc, Fraction(counts[loc], total)) for loc in LOCATIONS if counts[loc]]


def face_weights(deck: Sequence[str], top_back: str | None, content: HuntContent) -> list[tuple[str, Fraction]]:
    """The chance of each card being the top card, given the back showing on top (None: not looked at yet)."""
    cards = sorted(w for w in deck if top_back is None or content.wolf(w).back == top_back)
    return [(wolf_id, Fraction(1, len(cards))) for wolf_id in cards]


def howl_weights(deck: Sequence[str], top_back: str | None, content: HuntContent) -> list[tuple[str, Fraction]]:
    """The chance of each card being a random card of the deck other than its top one, whose back is known.

    The top card's back is public, so the card taken must leave the deck's visible top as it is: it is uniform
    over the other n - 1 cards. A card whose back matches the top is the top with chance 1/k (k such cards).
    """
    n = len(deck)
    if top_back is None or n == 1:
        return [(wolf_id, Fraction(1, n)) for wolf_id in sorted(deck)]
    same = sum(content.wolf(w).back == top_back for w in deck)
    weights = []
    for wolf_id in sorted(deck):
        matches_top = content.wolf(wolf_id).back == top_back
        weight = Fraction(same - 1, same * (n - 1)) if matches_top else Fraction(1, n - 1)
        if weight:
            weights.append((wolf_id, weight))
    return weights


def wrap_die(value: int, delta: int) -> int:
    """A die turned one pip up or down, a 6 going to 1 and a 1 to 6 (the Modify free action)."""
    return (value - 1 + delta) % 6 + 1


def hunt_ending(view: Mapping[str, Any]) -> str:
    """How a Hunt ended: the Pack Leader killed, a hunter's last heart, the last elder, or the last round over."""
    if view["result"] == "win":
        return "pack leader killed"
    if min(hunter["hearts"] for hunter in view["hunters"]) == 0:
        return "a hunter's last heart"
    if view["elders"] == 0:
        return "the last elder"
    return "the last round ended"
