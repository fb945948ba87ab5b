"""WOLF content: the schema of the map, the Weapons Table, the object cards, the characters and the components.

The rulebook shows the map and the tables only as pictures, so the default pack in `data/` is our design (see
"Content design notes" in docs/games/wolf.md). This module validates a pack and offers lookups over it (square
kinds, neighbours, obstacles, thresholds, lines of fire, scores to roll); it holds no game rules.

The map is a grid of squares, one character per square. Walls are squares (`#`); a threshold is a one-square
gap in a wall (a door or a window), which is where barricades stand. A square is `(column, row)`, 0-based from
the top-left corner, and is written like a chessboard square with row 1 at the top: `(0, 0)` is `a1`.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from itertools import chain, compress
from pathlib import Path
from typing import Annotated, Any, Final, Literal, TypeVar, get_args

from pydantic import Field, StringConstraints, model_validator

from wolfpack.content import (
    ContentModel,
    Entry,
    EntryProblem,
    Items,
    check_count,
    check_known,
    check_unique,
    load_pack,
    pack_sources,
    show,
)

Square = tuple[int, int]
"""A square as (column, row), 0-based from the top-left corner."""

Terrain = Literal["floor", "ground", "wall", "threshold", "furniture", "tree", "car", "bin", "log", "object"]
"""What a square is: indoor floor, outdoor ground, a wall, a threshold (door or window), or an obstacle."""
Marker = Literal["hero_start", "wolf_start", "barricade"]
"""What is printed on a square: a hero's start (H), a werewolf's start (W), a barricade at setup."""
OBSTACLES: Final[frozenset[Terrain]] = frozenset({"wall", "furniture", "tree", "car", "bin", "log", "object"})
"""Terrain no unit may enter or cross (rulebook, 4 Movements); object squares are hiding places, picked from
beside (rulebook, 7 Heroes special actions)."""
FIRE_BLOCKERS: Final[frozenset[Terrain]] = frozenset({"wall"})
"""Terrain that stops a line of fire: walls only, as units are the rulebook's other shooting obstacles (8)."""
GAS_BLOCKERS: Final[frozenset[Terrain]] = frozenset({"wall"})
"""Terrain Flytox cannot spread through: walls (barricades, the other, are units) (rulebook, 15 Object cards)."""
MARKER_TERRAIN: Final[Mapping[Marker, Terrain]] = {
    "hero_start": "floor",
    "wolf_start": "ground",
    "barricade": "threshold",
}
"""The terrain under each marker: heroes start in the house, werewolves outside, barricades on thresholds."""
OUTSIDE: Final = "outside"
"""The room id of everything outside the house (and the shack)."""

ObjectKind = Literal[
    "weapon",
    "silver_bullet",
    "antidote",
    "flytox",
    "invisibility_watch",
    "teleportation_box",
    "superglasses",
    "rollers",
    "barricade",
    "drawing_pin",
]
"""The kinds of object card (rulebook, 15 Object cards)."""
PowerKind = Literal["force", "speed", "teleportation", "invisibility", "vision"]
"""The five powers (rulebook, 14 Powers)."""
WolfColour = Literal["black", "grey"]
"""A wolf card: black contaminates, grey does not (rulebook, 5 Werewolves special actions)."""

Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40)]
"""Ids are short lower-case words with dashes, so they can appear in notation."""
Name = Annotated[str, StringConstraints(min_length=1, max_length=60)]
MapChar = Annotated[str, StringConstraints(pattern=r"^[ !#-\[\]-~]$")]
"""One printable ASCII character (space allowed; not a double quote or a backslash, which TOML would escape)."""
SquareName = Annotated[str, StringConstraints(pattern=r"^[a-z][1-9][0-9]?$")]

PARAMETERS: Final = ("column", "radius", "move_dice", "bonus")
"""Optional numbers an object card or a power may carry; which ones each kind needs is below."""
CARD_PARAMETERS: Final[Mapping[ObjectKind, frozenset[str]]] = {
    "weapon": frozenset({"column"}),
    "silver_bullet": frozenset({"column"}),
    "antidote": frozenset({"column"}),
    "flytox": frozenset({"radius"}),
    "invisibility_watch": frozenset(),
    "teleportation_box": frozenset({"move_dice"}),
    "superglasses": frozenset({"radius"}),
    "rollers": frozenset({"move_dice"}),
    "barricade": frozenset(),
    "drawing_pin": frozenset(),
}
"""The parameters each kind of object card needs (and no others)."""
POWER_PARAMETERS: Final[Mapping[PowerKind, frozenset[str]]] = {
    "force": frozenset(),
    "speed": frozenset({"bonus"}),
    "teleportation": frozenset({"move_dice"}),
    "invisibility": frozenset(),
    "vision": frozenset({"radius"}),
}
"""The parameters each power needs (and no others)."""
PERMANENT_POWERS: Final[frozenset[PowerKind]] = frozenset({"speed"})
"""Powers that need no roll and are no special action (rulebook, 14 Powers)."""

PACK_FILES: Final = ("map", "weapons", "objects", "characters", "components")
"""The files of a pack, each `<name>.toml`, each one field of WolfContent."""
DATA_PACKAGE: Final = "wolfpack.games.wolf.data"
"""Where the default pack lives."""

_KING_STEPS: Final = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
_ORTHOGONAL_STEPS: Final = ((0, -1), (-1, 0), (1, 0), (0, 1))
_SQUARE_NAME = re.compile(r"([a-z])([1-9][0-9]?)")
_COLUMNS: Final = "abcdefghijklmnopqrstuvwxyz"


# ---------------------------------------------------------------- squares


def square_name(square: Square) -> str:
    """The name of a square: its column letter and its row number from the top, `(0, 0)` is `a1`."""
    column, row = square
    return f"{_COLUMNS[column]}{row + 1}"


def parse_square(name: str) -> Square:
    """The square called `name`, e.g. `e7` is `(4, 6)`; ValueError if it is not a square name."""
    match = _SQUARE_NAME.fullmatch(name)
    if match is None or match.group(2) == "0":
        raise ValueError(f"not a square name: {name!r} (a column letter and a row number, e.g. e7)")
    return _COLUMNS.index(match.group(1)), int(match.group(2)) - 1


def distance(a: Square, b: Square) -> int:
    """Squares between `a` and `b` counted as moves that may go diagonally: adjacent squares are at 1."""
    across, down = a[0] - b[0], a[1] - b[1]
    if across < 0:  # `abs` and `max` without their calls: the rules and the bots ask this all the time
        across = -across
    if down < 0:
        down = -down
    return across if across > down else down


def orthogonally_adjacent(a: Square, b: Square) -> bool:
    """Whether `a` and `b` share a side (the rulebook's "perpendicularly adjacent")."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


@dataclass(frozen=True)
class FireLine:
    """What the straight line from the centre of one square to the centre of another passes through."""

    crossed: tuple[Square, ...]
    """The squares strictly between the two whose inside the line crosses, nearest the first square first."""
    corners: tuple[tuple[Square, Square], ...]
    """Pairs of squares the line slips between exactly at their shared corner."""

    def blocked(self, blocks: Callable[[Square], bool]) -> bool:
        """Whether the line is stopped: a crossed square blocks, or both squares of a corner do."""
        return any(blocks(square) for square in self.crossed) or any(
            blocks(first) and blocks(second) for first, second in self.corners
        )


def fire_line(a: Square, b: Square) -> FireLine:
    """The line of fire from `a` to `b`, centre to centre (symmetric: the same squares either way)."""
    crossed: list[Square] = []
    corners: list[tuple[Square, Square]] = []
    for square, other in line_walk(a, b):
        if other is None:
            crossed.append(square)
        else:
            corners.append((square, other))
    return FireLine(tuple(crossed), tuple(corners))


def line_walk(a: Square, b: Square) -> Iterator[tuple[Square, Square | None]]:
    """What the line from the centre of `a` to the centre of `b` passes through, nearest `a` first: each square
    strictly between whose inside it crosses as `(square, None)`, each corner it slips through as the two squares
    sharing it."""
    (x, y), (bx, by) = a, b
    step_x, step_y = (bx > x) - (bx < x), (by > y) - (by < y)
    across, down = abs(bx - x), abs(by - y)
    done_x = done_y = 0
    while done_x < across or done_y < down:
        # The line meets its next column boundary at (2 done_x + 1) / 2 across, its next row boundary at
        # (2 done_y + 1) / 2 down; compare the two in whole numbers.
        order = (2 * done_x + 1) * down - (2 * done_y + 1) * across
        if done_y == down or (done_x < across and order < 0):
            x, done_x = x + step_x, done_x + 1
        elif done_x == across or order > 0:
            y, done_y = y + step_y, done_y + 1
        else:
            yield (x + step_x, y), (x, y + step_y)
            x, y, done_x, done_y = x + step_x, y + step_y, done_x + 1, done_y + 1
        if x != bx or y != by:
            yield (x, y), None


T = TypeVar("T")


def _bits_in(mask: int, at: Mapping[int, T]) -> list[T]:
    """What `at` holds for each bit of `mask` by its position, lowest first (`Board.squares_in`)."""
    text = bin(mask)  # one string, searched for its ones: cheaper than peeling the bits off one by one
    top = len(text) - 1
    found = []
    position = text.find("1", 2)
    while position >= 0:
        found.append(at[top - position])
        position = text.find("1", position + 1)
    found.reverse()
    return found


# ---------------------------------------------------------------- the board


LineShape = tuple[int, int, int, int]
"""A line of fire wherever it starts, in bits from its start's (`Board._line_shape`)."""
_SPELT: Final = tuple(bytes((1 << digit) if byte == ord("1") else 0 for byte in range(256)) for digit in range(8))
"""For each binary digit, the table that spells a mask's binary text as bytes: `1` as that digit's value, `0` as 0
(`Board.numbered`)."""
_LESS_ONE: Final = bytes((byte - 1) % 256 for byte in range(256))
"""The byte table that takes 1 off every byte (`Board.numbered`)."""


@dataclass(frozen=True, eq=False)
class Board:
    """The map as a grid of squares with the geometry the rules need: terrain, neighbours, rooms, lines of fire."""

    rows: tuple[str, ...]
    """The grid, one string per row from the top, one character per square."""
    kinds: Mapping[str, tuple[Terrain, Marker | None]]
    """What each character of the grid stands for."""
    rooms: Mapping[Square, str] = field(default_factory=dict)
    """A square of each room inside, with the room's id; everything else not in a named room is outside."""

    @property
    def width(self) -> int:
        """Squares per row."""
        return len(self.rows[0])

    @property
    def height(self) -> int:
        """Rows."""
        return len(self.rows)

    def squares(self) -> Iterator[Square]:
        """Every square, row by row from the top, left to right (reading order)."""
        for row in range(self.height):
            for column in range(self.width):
                yield column, row

    def in_bounds(self, square: Square) -> bool:
        """Whether `square` is on the board."""
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    def char(self, square: Square) -> str:
        """The grid character of `square`."""
        return self.rows[square[1]][square[0]]

    def terrain(self, square: Square) -> Terrain:
        """What `square` is."""
        return self.kinds[self.char(square)][0]

    def marker(self, square: Square) -> Marker | None:
        """What is printed on `square` (a start or a barricade), if anything."""
        return self.kinds[self.char(square)][1]

    def is_obstacle(self, square: Square) -> bool:
        """Whether the terrain of `square` stops movement (walls, furniture, trees, car, bins, logs, object squares)."""
        return self.terrain(square) in OBSTACLES

    def is_open(self, square: Square) -> bool:
        """Whether a unit may stand on `square` as far as the terrain goes (floor, ground, thresholds)."""
        return not self.is_obstacle(square)

    def blocks_fire(self, square: Square) -> bool:
        """Whether the terrain of `square` stops a line of fire (walls only; units are the rules' business)."""
        return self.terrain(square) in FIRE_BLOCKERS

    def neighbours(self, square: Square) -> tuple[Square, ...]:
        """The up to eight squares touching `square`, by side or corner."""
        return self._around(square, _KING_STEPS)

    def orthogonal_neighbours(self, square: Square) -> tuple[Square, ...]:
        """The up to four squares sharing a side with `square`."""
        return self._around(square, _ORTHOGONAL_STEPS)

    def steps(self, square: Square) -> tuple[Square, ...]:
        """The neighbours of `square` a unit could step to, terrain only (units and barricades are not counted)."""
        steps = self._steps.get(square)
        if steps is None:  # remembered: every move the rules list walks these
            steps = self._steps[square] = tuple(n for n in self.neighbours(square) if self.is_open(n))
        return steps

    @cached_property
    def _steps(self) -> dict[Square, tuple[Square, ...]]:
        return {}

    @cached_property
    def walks(self) -> dict[tuple[Any, ...], tuple[str, ...]]:
        """Where the rules' walks may end, by where they start and what stands near (`turn._destinations`)."""
        return {}

    @cached_property
    def square_names(self) -> Mapping[Square, str]:
        """Every square's name (`square_name`), as one table."""
        return {square: square_name(square) for square in self.squares()}

    # ---- sets of squares as bit masks: the walks, reaches and distance fields work a whole set at a time

    @cached_property
    def bit_width(self) -> int:
        """Bits per row of a square mask: the row's squares and one guard bit, never open, so that a step sideways
        off one end of a row lands on a guard, not on the next row."""
        return self.width + 1

    @cached_property
    def bits(self) -> Mapping[Square, int]:
        """Each square's bit in a square mask: `1 << (row * bit_width + column)`, so a mask's bits run in reading
        order."""
        width = self.bit_width
        return {(column, row): 1 << (row * width + column) for column, row in self.squares()}

    @cached_property
    def named_squares(self) -> Mapping[str, Square]:
        """Each square by its name (`parse_square` of the board's squares, as one table)."""
        return {name: square for square, name in self.square_names.items()}

    @cached_property
    def name_bits(self) -> Mapping[str, int]:
        """Each square name's bit (`bits`)."""
        return {square_name(square): bit for square, bit in self.bits.items()}

    @cached_property
    def beside_names(self) -> Mapping[str, frozenset[str]]:
        """Each square name's orthogonal neighbours (`orthogonal_neighbours`) by name."""
        return {
            square_name(square): frozenset(map(square_name, self.orthogonal_neighbours(square)))
            for square in self.squares()
        }

    @cached_property
    def bit_squares(self) -> Mapping[int, Square]:
        """The square of each bit's position (`bits`), guards left out."""
        return {bit.bit_length() - 1: square for square, bit in self.bits.items()}

    @cached_property
    def open_mask(self) -> int:
        """The squares a unit may stand on as far as the terrain goes (`is_open`)."""
        return self.mask(square for square in self.squares() if self.is_open(square))

    def mask(self, squares: Iterable[Square]) -> int:
        """The mask of `squares`."""
        bits = self.bits
        found = 0
        for square in squares:
            found |= bits[square]
        return found

    def squares_in(self, mask: int) -> list[Square]:
        """The squares of a mask, in reading order."""
        return _bits_in(mask, self.bit_squares)

    def names_in(self, mask: int) -> list[str]:
        """The names of a mask's squares, in reading order (`squares_in`, without a square to look up per name)."""
        return _bits_in(mask, self.bit_names)

    @cached_property
    def bit_names(self) -> Mapping[int, str]:
        """The name of each bit's square (`bit_squares`)."""
        return {position: square_name(square) for position, square in self.bit_squares.items()}

    def numbered(self, layers: Sequence[int]) -> dict[Square, int]:
        """Each square of the disjoint masks `layers`, in reading order, with the index of the mask holding it (a
        distance field's layers: the index is the distance).

        Made without reading the squares one by one: the indices (plus 1, so that no held square's is 0) are
        written in binary, a mask per binary digit, and spelt out at once (`_spelt`)."""
        if len(layers) > 255:  # an index plus 1 past one byte: square by square
            found = {square: index for index, layer in enumerate(layers) for square in self.squares_in(layer)}
            return {square: found[square] for square in self.squares_in(sum(layers))}
        digits = [0] * 8
        for index, layer in enumerate(layers, start=1):
            digit = 0
            while index:
                if index & 1:
                    digits[digit] |= layer
                index >>= 1
                digit += 1
        return self._spelt(digits, _LESS_ONE)

    def counted(self, masks: Sequence[int]) -> dict[Square, int]:
        """Each square of any of `masks`, in reading order, with how many of them hold it (the werewolves that could
        bite a square).

        Counted a whole mask at a time: the counts are kept in binary, a mask per binary digit, and each mask is added
        to them with its carries (a square's digits are its count so far); then spelt out at once (`_spelt`)."""
        if len(masks) > 255:  # a count past one byte: square by square
            found = Counter(chain.from_iterable(map(self.squares_in, masks)))
            return {square: found[square] for square in sorted(found, key=self.bits.__getitem__)}
        digits = [0] * 8
        for mask in masks:
            digit = 0
            while mask:
                carry = digits[digit] & mask
                digits[digit] ^= mask
                mask = carry
                digit += 1
        return self._spelt(digits, None)

    def _spelt(self, digits: Sequence[int], table: bytes | None) -> dict[Square, int]:
        """Each square whose number is not 0, in reading order, with its number (its binary digits are its bits in
        `digits`, the lowest first) put through the byte table `table` (None: as it is).

        Each digit's mask is spelt out as bytes, one per bit (its binary text put through `bytes.translate`), and
        added: the bytes are then every square's number at once; the squares are those of the bytes not 0, and the
        numbers those bytes (`bytes.translate` again, deleting the 0s)."""
        size, spell = self._bit_count, _SPELT
        total = 0
        for digit, mask in enumerate(digits):
            if mask:
                total |= int.from_bytes(format(mask, f"0{size}b").encode().translate(spell[digit]), "big")
        numbers = total.to_bytes(size, "big")[::-1]  # bit 0 first
        return dict(zip(compress(self._bit_order, numbers), numbers.translate(table, b"\x00"), strict=True))

    @cached_property
    def _bit_count(self) -> int:
        return self.bit_width * self.height

    @cached_property
    def _bit_order(self) -> tuple[Square, ...]:
        """The square of each bit position; a guard's is (-1, -1), never held by a mask of squares."""
        at = self.bit_squares
        return tuple(at.get(position, (-1, -1)) for position in range(self._bit_count))

    def spread(self, mask: int) -> int:
        """The mask and every square touching one of its squares by side or corner (guards and squares past the
        last row included: the caller keeps the ones it wants, e.g. with `open_mask`)."""
        width = self.bit_width
        row = mask | mask << 1 | mask >> 1
        return row | row << width | row >> width

    def orthogonal_spread(self, mask: int) -> int:
        """Every square sharing a side with one of the mask's squares (guards and squares past the last row
        included, as `spread`)."""
        width = self.bit_width
        return mask << 1 | mask >> 1 | mask << width | mask >> width

    def box_mask(self, centre: Square, radius: int) -> int:
        """`within` as a mask."""
        return self.boxes(radius)[centre]

    def boxes(self, radius: int) -> Mapping[Square, int]:
        """`box_mask` of every square for one radius, as one table (made when the radius is first asked: the walks
        and the pack's company read it at every move)."""
        found = self._boxes.get(radius)
        if found is None:
            found = self._boxes[radius] = {square: self._box(square, radius) for square in self.squares()}
        return found

    def _box(self, centre: Square, radius: int) -> int:
        column, row = centre
        first, last = max(0, column - radius), min(self.width - 1, column + radius)
        line = ((1 << (last - first + 1)) - 1) << first  # the box's part of one row
        found = 0
        for number in range(max(0, row - radius), min(self.height, row + radius + 1)):
            found |= line << (number * self.bit_width)
        return found

    @cached_property
    def _boxes(self) -> dict[int, dict[Square, int]]:
        return {}

    @cached_property
    def worded(self) -> dict[tuple[Any, ...], tuple[str, ...]]:
        """Moves in notation, by the words before the square and the walk's squares (`turn._worded`)."""
        return {}

    def _around(self, square: Square, offsets: tuple[tuple[int, int], ...]) -> tuple[Square, ...]:
        column, row = square
        return tuple(n for dx, dy in offsets if self.in_bounds(n := (column + dx, row + dy)))

    def with_terrain(self, terrain: Terrain) -> tuple[Square, ...]:
        """The squares of `terrain`, in reading order."""
        return tuple(square for square in self.squares() if self.terrain(square) == terrain)

    def with_marker(self, marker: Marker) -> tuple[Square, ...]:
        """The squares printed with `marker`, in reading order."""
        return tuple(square for square in self.squares() if self.marker(square) == marker)

    @cached_property
    def hero_starts(self) -> tuple[Square, ...]:
        """The H squares, in reading order."""
        return self.with_marker("hero_start")

    @cached_property
    def wolf_starts(self) -> tuple[Square, ...]:
        """The W squares, in reading order."""
        return self.with_marker("wolf_start")

    @cached_property
    def barricades(self) -> tuple[Square, ...]:
        """The thresholds with a barricade printed on them (placed at setup), in reading order."""
        return self.with_marker("barricade")

    @cached_property
    def object_squares(self) -> tuple[Square, ...]:
        """The object squares (stars), in reading order: pile 1 is the first."""
        return self.with_terrain("object")

    @cached_property
    def object_names(self) -> tuple[str, ...]:
        """The object squares' names, pile 1 first (`object_squares`)."""
        return tuple(map(square_name, self.object_squares))

    @cached_property
    def thresholds(self) -> frozenset[Square]:
        """Every threshold (door or window), with or without a printed barricade."""
        return frozenset(self.with_terrain("threshold"))

    @cached_property
    def exits(self) -> frozenset[Square]:
        """The thresholds between inside and outside."""
        return frozenset(t for t in self.thresholds if OUTSIDE in (self.room_of(s) for s in self.threshold_sides(t)))

    def threshold_sides(self, threshold: Square) -> tuple[Square, Square]:
        """The two squares a threshold leads between (above and below it, or left and right of it)."""
        column, row = threshold
        for first, second in (((column, row - 1), (column, row + 1)), ((column - 1, row), (column + 1, row))):
            if self.in_bounds(first) and self.in_bounds(second) and "wall" not in map(self.terrain, (first, second)):
                return first, second
        raise ValueError(f"{square_name(threshold)} is not a threshold in a straight wall")

    @cached_property
    def regions(self) -> Mapping[Square, int]:
        """Each square that is neither wall nor threshold, numbered by the walled area it is in."""
        numbers: dict[Square, int] = {}
        for square in self.squares():
            if square not in numbers and self._in_region(square):
                self._flood(square, len(set(numbers.values())), numbers)
        return numbers

    def _in_region(self, square: Square) -> bool:
        return self.terrain(square) not in ("wall", "threshold")

    def _flood(self, start: Square, number: int, numbers: dict[Square, int]) -> None:
        numbers[start] = number
        queue = deque([start])
        while queue:
            for neighbour in self.neighbours(queue.popleft()):
                if neighbour not in numbers and self._in_region(neighbour):
                    numbers[neighbour] = number
                    queue.append(neighbour)

    @cached_property
    def outside_regions(self) -> frozenset[int]:
        """The regions touching the edge of the board (a valid map has exactly one: the outside)."""
        edge = [s for s in self.squares() if s[0] in (0, self.width - 1) or s[1] in (0, self.height - 1)]
        return frozenset(self.regions[s] for s in edge if s in self.regions)

    @cached_property
    def _room_ids(self) -> Mapping[int, str]:
        named: dict[int, str] = dict.fromkeys(self.outside_regions, OUTSIDE)
        for square, room in self.rooms.items():
            if square in self.regions:
                named.setdefault(self.regions[square], room)  # the first room named in an area keeps it
        return named

    def room_of(self, square: Square) -> str | None:
        """The room `square` is in (`outside` for the outside); None for walls and thresholds."""
        region = self.regions.get(square)
        return None if region is None else self._room_ids.get(region)

    def is_inside(self, square: Square) -> bool:
        """Whether `square` is inside the house or the shack; thresholds count as inside (barricades stand there)."""
        if self.terrain(square) == "threshold":
            return True
        return self.room_of(square) not in (None, OUTSIDE)

    @cached_property
    def _fire_lines(self) -> dict[tuple[Square, Square], FireLine]:
        return {}

    def fire_line(self, a: Square, b: Square) -> FireLine:
        """The squares the line of fire from `a` to `b` crosses (remembered, as the rules ask often)."""
        key = (a, b)
        if key not in self._fire_lines:
            self._fire_lines[key] = fire_line(a, b)
        return self._fire_lines[key]

    def walls_block(self, a: Square, b: Square) -> bool:
        """Whether walls stop a line of fire from `a` to `b`."""
        return self.fire_line(a, b).blocked(self.blocks_fire)

    def line_of_fire(self, a: Square, b: Square, occupied: Iterable[Square] = ()) -> bool:
        """Whether `a` can fire at `b`: no wall, and no square of `occupied` (units, barricades), in the way."""
        return self.fire_clear(a, b, self.mask(occupied))

    def fire_clear(self, a: Square, b: Square, occupied: int = 0) -> bool:
        """`line_of_fire` with the squares in the way as a mask (`bits`), worked out on masks: stopped where a
        crossed square, or both squares of a corner, are walls or `occupied` (`FireLine.blocked`).

        Wherever a line starts, its squares are as many bits away from its start's (`_line_shape`, made once per
        offset): the line is tested whole, a few operations on integers, with no line kept per pair of squares."""
        x, y = a
        across, down = b[0] - x, b[1] - y
        shape = self._line_shapes.get((across, down))
        if shape is None:
            shape = self._line_shapes[(across, down)] = self._line_shape(across, down)
        low, crossed, firsts, partner = shape
        blocked = (self._fire_wall_mask | occupied) >> (y * self.bit_width + x + low)  # never below 0: see the shape
        if crossed & blocked:
            return False
        firsts &= blocked  # the corners whose first square blocks; each one's other square is `partner` bits on
        return not firsts or not (firsts << partner if partner > 0 else firsts >> -partner) & blocked

    def _line_shape(self, across: int, down: int) -> LineShape:
        """The line from a square to the one `across` and `down` from it (`line_walk`) in bits from the first one's:
        the lowest of its squares', its crossed squares and its corners' first squares as masks from that lowest
        bit, and the bits from a corner's first square to its other one (the same for every corner of a line)."""
        width = self.bit_width
        crossed: list[int] = []
        corners: list[tuple[int, int]] = []
        for (x, y), other in line_walk((0, 0), (across, down)):
            if other is None:
                crossed.append(y * width + x)
            else:
                corners.append((y * width + x, other[1] * width + other[0]))
        low = min([*crossed, *(bit for corner in corners for bit in corner)], default=0)
        partner = corners[0][1] - corners[0][0] if corners else 0
        crossed_mask = sum(1 << (bit - low) for bit in crossed)
        firsts_mask = sum(1 << (first - low) for first, _ in corners)
        return low, crossed_mask, firsts_mask, partner

    @cached_property
    def _line_shapes(self) -> dict[tuple[int, int], LineShape]:
        return {}

    @cached_property
    def _fire_wall_mask(self) -> int:
        return self.mask(self._fire_walls)

    @cached_property
    def _fire_walls(self) -> frozenset[Square]:
        """The squares whose terrain stops a line of fire (`blocks_fire`)."""
        return frozenset(square for square in self.squares() if self.blocks_fire(square))

    def within(self, centre: Square, radius: int) -> frozenset[Square]:
        """The squares at most `radius` from `centre` (centre included), whatever lies between (remembered: the
        walks ask what stands this near at every move)."""
        key = (centre, radius)
        found = self._within.get(key)
        if found is None:
            column, row = centre
            rows = range(max(0, row - radius), min(self.height, row + radius + 1))  # the board's, not beyond
            columns = range(max(0, column - radius), min(self.width, column + radius + 1))
            found = self._within[key] = frozenset((c, r) for c in columns for r in rows)
        return found

    @cached_property
    def _within(self) -> dict[tuple[Square, int], frozenset[Square]]:
        return {}

    def gas_area(self, centre: Square, radius: int, sealed: Container[Square] = ()) -> frozenset[Square]:
        """The squares a gas from `centre` reaches in `radius` steps, never entering walls or `sealed` squares."""
        reached = {centre: 0}
        queue = deque([centre])
        while queue:
            square = queue.popleft()
            if reached[square] == radius:
                continue
            for neighbour in self.neighbours(square):
                if neighbour in reached or self.terrain(neighbour) in GAS_BLOCKERS or neighbour in sealed:
                    continue
                reached[neighbour] = reached[square] + 1
                queue.append(neighbour)
        return frozenset(reached)

    def reachable(self, start: Square, closed: Container[Square] = ()) -> frozenset[Square]:
        """The open squares a unit could walk to from `start` over any number of steps, avoiding `closed`."""
        seen = {start}
        queue = deque([start])
        while queue:
            for neighbour in self.steps(queue.popleft()):
                if neighbour not in seen and neighbour not in closed:
                    seen.add(neighbour)
                    queue.append(neighbour)
        return frozenset(seen)

    def drawing(self) -> str:
        """The grid with column letters above and row numbers on the left, as docs/games/wolf.md shows it."""
        header = "    " + _COLUMNS[: self.width]
        lines = [f"{number:>3} {row}" for number, row in enumerate(self.rows, start=1)]
        return "\n".join([header, *lines])


# ---------------------------------------------------------------- map.toml


class LegendEntry(Entry):
    """What one character of the grid stands for."""

    char: MapChar
    terrain: Terrain
    name: Name
    marker: Marker | None = None

    @model_validator(mode="after")
    def _marker_on_its_terrain(self) -> LegendEntry:
        if self.marker is not None and MARKER_TERRAIN[self.marker] != self.terrain:
            need = MARKER_TERRAIN[self.marker]
            raise EntryProblem(
                ("terrain",), f"a {self.marker} marker stands on {show(need)} (got {show(self.terrain)})"
            )
        return self


class Grid(Entry):
    """The board: one string per row, from the top, one character per square (see the legend)."""

    rows: Items[str] = Field(min_length=3, max_length=99)


class Room(Entry):
    """A room of the house (or the shack), named by any one square of it."""

    id: Id
    name: Name
    square: SquareName


class MapFile(ContentModel):
    """map.toml: the grid, its legend, and the rooms."""

    board: Grid
    legend: Items[LegendEntry]
    rooms: Items[Room]

    @model_validator(mode="after")
    def _valid_map(self) -> MapFile:
        check_unique(self.legend, lambda entry: entry.char, "legend", "char")
        check_unique(self.rooms, lambda room: room.id, "rooms", "id")
        check_unique(self.rooms, lambda room: room.square, "rooms", "square")
        self._check_grid()
        board = self.grid
        _check_walls(board)
        _check_regions(board)
        for index, room in enumerate(self.rooms):
            _check_room(board, index, room)
        _check_named(board)
        _check_thresholds(board)
        _check_open(board)
        return self

    def _check_grid(self) -> None:
        rows = self.board.rows
        known = {entry.char for entry in self.legend}
        if not 3 <= len(rows[0]) <= len(_COLUMNS):
            raise EntryProblem(
                ("board", "rows", 0), f"rows have 3 to 26 squares (one per column letter); got {len(rows[0])}"
            )
        for number, row in enumerate(rows):
            if len(row) != len(rows[0]):
                raise EntryProblem(
                    ("board", "rows", number),
                    f"the board is rectangular: every row has {len(rows[0])} squares like row 1 (got {len(row)})",
                )
            for column, char in enumerate(row):
                if char not in known:
                    chars = " ".join(show(c) for c in sorted(known))
                    raise EntryProblem(
                        ("board", "rows", number),
                        f"square {square_name((column, number))}: {show(char)} is not in the legend (known: {chars})",
                    )
        for index, room in enumerate(self.rooms):
            if room.id == OUTSIDE:
                raise EntryProblem(("rooms", index, "id"), f"{show(OUTSIDE)} is the rest of the board, not a room")

    @cached_property
    def grid(self) -> Board:
        """The board with its geometry (valid once the file is)."""
        kinds = {entry.char: (entry.terrain, entry.marker) for entry in self.legend}
        rooms = {parse_square(room.square): room.id for room in self.rooms}
        return Board(tuple(self.board.rows), kinds, rooms)


def _row_problem(square: Square, message: str) -> EntryProblem:
    """A problem at one square of the grid, blamed on its row."""
    return EntryProblem(("board", "rows", square[1]), f"square {square_name(square)}: {message}")


def _check_walls(board: Board) -> None:
    """Walls must be tight: two walls touching only at a corner would let units and shots slip between them."""
    for column in range(board.width - 1):
        for row in range(board.height - 1):
            block = [(column, row), (column + 1, row), (column, row + 1), (column + 1, row + 1)]
            walls = [board.terrain(square) == "wall" for square in block]
            if walls in ([True, False, False, True], [False, True, True, False]):
                corner = block[0] if walls[0] else block[1]
                raise _row_problem(corner, "walls meet only at a corner here; close the gap with another wall square")


def _check_regions(board: Board) -> None:
    """One outside touching the edge; indoor floor never outside, outdoor ground never inside."""
    if len(board.outside_regions) != 1:
        raise EntryProblem(
            ("board", "rows"), "the outside, along the edge of the board, must be one area (walls split it)"
        )
    for square in board.squares():
        terrain, room = board.terrain(square), board.room_of(square)
        if terrain == "floor" and room == OUTSIDE:
            raise _row_problem(square, "indoor floor outside the house (use outdoor ground, or close the walls)")
        if terrain == "ground" and square in board.regions and room != OUTSIDE:
            raise _row_problem(square, "outdoor ground inside walls (use indoor floor, or open the walls)")


def _check_room(board: Board, index: int, room: Room) -> None:
    """A room's square lies inside, and no two rooms share an area."""
    square = parse_square(room.square)
    if not board.in_bounds(square) or board.room_of(square) in (None, OUTSIDE):
        raise EntryProblem(
            ("rooms", index, "square"), "must be a square inside the walls, not a wall, threshold or outside"
        )
    if board.room_of(square) != room.id:
        other = board.room_of(square)
        raise EntryProblem(("rooms", index, "square"), f"lies in the same walled area as room {show(other)}")


def _check_named(board: Board) -> None:
    """Every walled area inside has an entry in [[rooms]]."""
    for square in board.squares():
        if square in board.regions and board.room_of(square) is None:
            raise _row_problem(square, "this walled area has no entry in [[rooms]]")


def _check_thresholds(board: Board) -> None:
    """A threshold is a one-square gap in a straight wall, leading between two different areas."""
    for threshold in board.with_terrain("threshold"):
        column, row = threshold
        walls = [board.terrain(s) == "wall" for s in board.orthogonal_neighbours(threshold)]
        across = _walls_at(board, ((column - 1, row), (column + 1, row)))
        along = _walls_at(board, ((column, row - 1), (column, row + 1)))
        if across == along or walls.count(True) != 2 or len(walls) != 4:
            raise _row_problem(
                threshold, "a threshold is a gap in a straight wall: walls on two opposite sides only, off the edge"
            )
        first, second = board.threshold_sides(threshold)
        if not (board.is_open(first) and board.is_open(second)):
            raise _row_problem(threshold, "a threshold needs an open square on both sides (no obstacle in front)")
        if board.room_of(first) == board.room_of(second):
            raise _row_problem(
                threshold, f"leads from {board.room_of(first)} back into it; a threshold joins two areas"
            )


def _walls_at(board: Board, squares: tuple[Square, Square]) -> bool:
    """Whether both squares are on the board and walls."""
    return all(board.in_bounds(s) and board.terrain(s) == "wall" for s in squares)


def _check_open(board: Board) -> None:
    """Every open square is reachable from every other, and every object square can be picked from."""
    open_squares = [square for square in board.squares() if board.is_open(square)]
    if not open_squares:
        raise EntryProblem(("board", "rows"), "the board has no open square")
    reached = board.reachable(open_squares[0])
    for square in open_squares:
        if square not in reached:
            raise _row_problem(
                square, f"cannot be reached from {square_name(open_squares[0])} (every open square must be)"
            )
    for square in board.object_squares:
        if not any(board.is_open(n) for n in board.orthogonal_neighbours(square)):
            raise _row_problem(square, "an object square needs an open square beside it (sharing a side) to pick from")


# ---------------------------------------------------------------- weapons.toml


class Band(Entry):
    """A distance band: a column of the Weapons Table covers distances `min_distance` to `max_distance`."""

    id: Id
    min_distance: int = Field(ge=1, le=99)
    max_distance: int | None = Field(None, ge=1, le=99)
    """None: no upper limit (the last band only)."""


class Column(Entry):
    """A row of our Weapons Table: what 2d6 must reach with one weapon (or the gun, or the antidote) by band."""

    id: Id
    name: Name
    needs: Items[Annotated[int, Field(ge=2, le=12)]] = Field(min_length=1, max_length=10)
    """The score needed in each band, nearest first; a shorter list means the weapon does not reach further."""
    hand_to_hand: bool
    """Only against a unit sharing a side with the attacker (rulebook, 8 Weapon attacks)."""
    destroys_barricades: bool


class WeaponsFile(ContentModel):
    """weapons.toml: the distance bands and the Weapons Table."""

    bands: Items[Band]
    columns: Items[Column]

    @model_validator(mode="after")
    def _consistent(self) -> WeaponsFile:
        check_unique(self.bands, lambda band: band.id, "bands", "id")
        expected = 1
        for index, band in enumerate(self.bands):
            if band.min_distance != expected:
                raise EntryProblem(
                    ("bands", index, "min_distance"), f"bands follow on from 1 without gaps; expected {expected}"
                )
            last = index == len(self.bands) - 1
            if band.max_distance is None and not last:
                raise EntryProblem(("bands", index), "only the last band may leave out max_distance")
            if band.max_distance is not None:
                if band.max_distance < band.min_distance:
                    raise EntryProblem(
                        ("bands", index, "max_distance"), f"must be at least min_distance ({band.min_distance})"
                    )
                expected = band.max_distance + 1
        check_unique(self.columns, lambda column: column.id, "columns", "id")
        check_unique(self.columns, lambda column: column.name, "columns", "name")
        for index, column in enumerate(self.columns):
            self._check_column(index, column)
        return self

    def _check_column(self, index: int, column: Column) -> None:
        if len(column.needs) > len(self.bands):
            raise EntryProblem(("columns", index, "needs"), f"one score per band at most ({len(self.bands)} bands)")
        if column.hand_to_hand and (len(column.needs) != 1 or self.bands[0].max_distance != 1):
            raise EntryProblem(
                ("columns", index, "needs"), "a hand-to-hand weapon has one score, for a first band of distance 1 only"
            )


# ---------------------------------------------------------------- objects.toml


def _check_parameters(entry: ContentModel, kind: str, needed: frozenset[str]) -> None:
    """Raise EntryProblem unless `entry` has exactly the parameters its kind needs."""
    for name in PARAMETERS:
        present = getattr(entry, name, None) is not None
        if name in needed and not present:
            raise EntryProblem((name,), f"a {show(kind)} needs {name}")
        if name not in needed and present:
            others = ", ".join(sorted(needed)) or "no parameters"
            raise EntryProblem((name,), f"a {show(kind)} takes no {name} (it has: {others})")


class ObjectCard(Entry):
    """A kind of object card, with how many the 40-card stock holds and the numbers the rules need."""

    id: Id
    name: Name
    kind: ObjectKind
    count: int = Field(ge=1, le=40)
    column: Id | None = None
    """For weapons, silver bullets and the antidote: their column of the Weapons Table."""
    radius: int | None = Field(None, ge=1, le=20)
    """For Flytox and the Superglasses: how far they reach."""
    move_dice: int | None = Field(None, ge=1, le=3)
    """For the Teleportation box and the Rollers: dice rolled for the extra move's length."""

    @model_validator(mode="after")
    def _parameters(self) -> ObjectCard:
        _check_parameters(self, self.kind, CARD_PARAMETERS[self.kind])
        return self


class ObjectsFile(ContentModel):
    """objects.toml: the object cards."""

    cards: Items[ObjectCard]

    @model_validator(mode="after")
    def _unique(self) -> ObjectsFile:
        check_unique(self.cards, lambda card: card.id, "cards", "id")
        check_unique(self.cards, lambda card: card.name, "cards", "name")
        for index, card in enumerate(self.cards):
            if card.kind == "weapon" and card.count != 1:
                raise EntryProblem(("cards", index, "count"), "the weapons are all different: one card each")
        return self


# ---------------------------------------------------------------- characters.toml


class Power(Entry):
    """A power, with the roll that makes it work and its numbers."""

    id: PowerKind
    name: Name
    succeeds_on: int | None = Field(None, ge=1, le=6)
    """It works on one die showing this or less; None for a permanent power, which needs no roll."""
    bonus: int | None = Field(None, ge=1, le=6)
    """For Speed: squares added to every move."""
    move_dice: int | None = Field(None, ge=1, le=3)
    """For Teleportation: dice rolled for the jump's length."""
    radius: int | None = Field(None, ge=1, le=20)
    """For Vision: how far it sees."""

    @model_validator(mode="after")
    def _parameters(self) -> Power:
        permanent = self.id in PERMANENT_POWERS
        if permanent and self.succeeds_on is not None:
            raise EntryProblem(("succeeds_on",), f"{show(self.id)} is permanent: it needs no roll")
        if not permanent and self.succeeds_on is None:
            raise EntryProblem(("succeeds_on",), f"{show(self.id)} needs succeeds_on, the die roll that makes it work")
        _check_parameters(self, self.id, POWER_PARAMETERS[self.id])
        return self


class Hero(Entry):
    """A hero: a character card and a double-faced unit."""

    id: Id
    name: Name
    power: PowerKind
    pronoun: Literal["he", "she", "they"] = "they"
    """How the log speaks of the hero ("he shows his wolf cards"); "they" when the pack does not say."""


class WerewolfType(Entry):
    """A kind of werewolf unit, how many the pack has, and its powers."""

    id: Id
    name: Name
    count: int = Field(ge=1, le=20)
    powers: Items[PowerKind] = Field(max_length=5)
    double_faced: bool = False
    """Its unit is flipped to show it is invisible (rulebook, 2 Game setting; 14 Powers)."""


class CharactersFile(ContentModel):
    """characters.toml: the powers, the heroes, the werewolf pack."""

    powers: Items[Power]
    heroes: Items[Hero]
    werewolves: Items[WerewolfType]

    @model_validator(mode="after")
    def _consistent(self) -> CharactersFile:
        check_unique(self.powers, lambda power: power.id, "powers", "id")
        defined = {power.id for power in self.powers}
        for kind in get_args(PowerKind):
            if kind not in defined:
                raise EntryProblem(("powers",), f"every power needs an entry; {show(kind)} has none")
        seen = check_unique(self.heroes, lambda hero: hero.id, "heroes", "id")
        check_unique(self.werewolves, lambda werewolf: werewolf.id, "werewolves", "id", seen=seen)
        check_unique(self.heroes, lambda hero: hero.name, "heroes", "name")
        for index, werewolf in enumerate(self.werewolves):
            if len(set(werewolf.powers)) != len(werewolf.powers):
                raise EntryProblem(("werewolves", index, "powers"), "a power is listed twice")
            if werewolf.double_faced and "invisibility" not in werewolf.powers:
                raise EntryProblem(("werewolves", index, "double_faced"), "only an invisible werewolf is flipped")
        return self


# ---------------------------------------------------------------- components.toml


class WolfCards(Entry):
    """The wolf cards: black ones contaminate, grey ones do not."""

    black: int = Field(ge=0, le=60)
    grey: int = Field(ge=0, le=60)


class Deal(Entry):
    """The wolf cards taken before the game, shuffled and dealt one per hero; the rest go back to the stock."""

    black: int = Field(ge=0, le=20)
    grey: int = Field(ge=0, le=40)


class ObjectSetup(Entry):
    """The object cards: how many, how many per object square, how many a hero may hold."""

    total: int = Field(ge=1, le=200)
    per_square: int = Field(ge=1, le=20)
    hand_limit: int = Field(ge=1, le=40)


class Barricades(Entry):
    """The barricade units in the box."""

    units: int = Field(ge=0, le=99)


class BarricadeSupply(Entry):
    """The barricade units left off the map at setup, for building; the rest stand on the printed positions."""

    in_supply: int = Field(ge=0, le=99)


class Tokens(Entry):
    """Status markers: invisibility and intoxication units (markers, not a limit on effects)."""

    invisibility: int = Field(ge=0, le=20)
    intoxication: int = Field(ge=0, le=20)


class Rolls(Entry):
    """The die rolls the rules ask for: one die must show this or less; weapons roll `weapon_dice` dice."""

    power: int = Field(ge=1, le=6)
    bare_hands: int = Field(ge=1, le=6)
    destroy_barricade: int = Field(ge=1, le=6)
    """A werewolf's attempt on a barricade."""
    weapon_dice: int = Field(ge=1, le=3)
    """Dice rolled and added for the Weapons Table."""


class Movement(Entry):
    """How far units move in a turn."""

    hero_dice: int = Field(ge=1, le=3)
    """A hero moves up to the total of this many dice."""
    werewolf_max: int = Field(ge=1, le=12)
    """Each werewolf unit moves up to this many squares."""
    transformed_max: int = Field(ge=1, le=12)
    """A transformed hero moves up to this many squares."""


class PlayerCount(Entry):
    """A row of the player-count table: one seat plays the werewolves, the others share the heroes."""

    players: int = Field(ge=2, le=6)
    black_removed: int = Field(ge=0, le=10)
    """Black wolf cards taken out of the game before setup."""
    heroes: Items[Items[Id]] = Field(min_length=1, max_length=5)
    """The heroes of each hero seat, seat by seat."""


class ComponentsFile(ContentModel):
    """components.toml: wolf cards, the deal, object cards, barricades and their supply, tokens, rolls, movement, player
    counts."""

    wolf_cards: WolfCards
    deal: Deal
    objects: ObjectSetup
    barricades: Barricades
    barricade_supply: BarricadeSupply
    tokens: Tokens
    rolls: Rolls
    movement: Movement
    player_counts: Items[PlayerCount]

    @model_validator(mode="after")
    def _consistent(self) -> ComponentsFile:
        if self.barricade_supply.in_supply > self.barricades.units:
            raise EntryProblem(
                ("barricade_supply", "in_supply"), f"at most the {self.barricades.units} barricade units there are"
            )
        if self.deal.black > self.wolf_cards.black:
            raise EntryProblem(("deal", "black"), f"at most the {self.wolf_cards.black} black wolf cards there are")
        if self.deal.grey > self.wolf_cards.grey:
            raise EntryProblem(("deal", "grey"), f"at most the {self.wolf_cards.grey} grey wolf cards there are")
        check_unique(self.player_counts, lambda row: row.players, "player_counts", "players")
        for players in range(2, 7):
            if players not in {row.players for row in self.player_counts}:
                raise EntryProblem(("player_counts",), f"needs a row for each of 2 to 6 players; {players} has none")
        for index, row in enumerate(self.player_counts):
            self._check_count(index, row)
        return self

    def _check_count(self, index: int, row: PlayerCount) -> None:
        if len(row.heroes) != row.players - 1:
            raise EntryProblem(("player_counts", index, "heroes"), f"one group per hero seat: {row.players - 1}")
        if self.wolf_cards.black - row.black_removed < self.deal.black:
            raise EntryProblem(
                ("player_counts", index, "black_removed"), f"leaves fewer black cards than the deal's {self.deal.black}"
            )
        sizes = [len(group) for group in row.heroes]
        if max(sizes) - min(sizes) > 1:
            raise EntryProblem(
                ("player_counts", index, "heroes"), f"heroes are shared as evenly as possible (got {sizes})"
            )


# ---------------------------------------------------------------- the pack


class WolfContent(ContentModel):
    """A complete WOLF content pack, checked across files, with lookups (and no rules)."""

    map: MapFile
    weapons: WeaponsFile
    objects: ObjectsFile
    characters: CharactersFile
    components: ComponentsFile

    @model_validator(mode="after")
    def _across_files(self) -> WolfContent:
        self._check_board_counts()
        self._check_cards()
        self._check_player_counts()
        return self

    def _check_board_counts(self) -> None:
        board, components = self.board, self.components
        setup = components.objects
        squares = setup.total // setup.per_square
        if setup.total % setup.per_square:
            raise EntryProblem(
                ("components", "objects", "total"), f"must be a multiple of per_square ({setup.per_square})"
            )
        why = f"components.toml: {setup.total} object cards, {setup.per_square} per square"
        check_count(board.object_squares, squares, ("map", "board", "rows"), "object squares", why)
        heroes = len(self.characters.heroes)
        check_count(board.hero_starts, heroes, ("map", "board", "rows"), "hero start squares", "characters.toml heroes")
        units = sum(werewolf.count for werewolf in self.characters.werewolves)
        why = "characters.toml werewolves"
        check_count(board.wolf_starts, units, ("map", "board", "rows"), "werewolf start squares", why)
        printed = components.barricades.units - components.barricade_supply.in_supply
        why = "components.toml: barricades.units less barricade_supply.in_supply"
        check_count(board.barricades, printed, ("map", "board", "rows"), "printed barricades", why)
        if components.deal.black + components.deal.grey < heroes:
            raise EntryProblem(("components", "deal"), f"the deal needs a wolf card for each of the {heroes} heroes")

    def _check_cards(self) -> None:
        total = sum(card.count for card in self.objects.cards)
        if total != self.components.objects.total:
            why = f"components.toml objects.total is {self.components.objects.total}"
            raise EntryProblem(("objects", "cards"), f"the counts add up to {total} object cards ({why})")
        columns = [column.id for column in self.weapons.columns]
        used: set[str] = set()
        for index, card in enumerate(self.objects.cards):
            if card.column is not None:
                check_known(card.column, columns, ("objects", "cards", index, "column"), "Weapons Table column")
                used.add(card.column)
        for index, column in enumerate(self.weapons.columns):
            if column.id not in used:
                raise EntryProblem(("weapons", "columns", index, "id"), "no object card uses this column")

    def _check_player_counts(self) -> None:
        heroes = [hero.id for hero in self.characters.heroes]
        for index, row in enumerate(self.components.player_counts):
            loc = ("components", "player_counts", index, "heroes")
            seated = [hero for group in row.heroes for hero in group]
            for position, hero in enumerate(seated):
                check_known(hero, heroes, loc, "hero")
                if hero in seated[:position]:
                    raise EntryProblem(loc, f"{show(hero)} has two seats")
            if len(seated) != len(heroes):
                missing = ", ".join(show(h) for h in heroes if h not in seated)
                raise EntryProblem(loc, f"every hero needs a seat; missing {missing}")

    # ------------------------------------------------------------ lookups

    @cached_property
    def board(self) -> Board:
        """The map's grid with its geometry (read at nearly every step: one attribute)."""
        return self.map.grid

    def band(self, at: int) -> Band | None:
        """The distance band of distance `at`, or None past the last band."""
        for band in self.weapons.bands:
            if band.min_distance <= at and (band.max_distance is None or at <= band.max_distance):
                return band
        return None

    def column(self, column_id: str) -> Column:
        """The Weapons Table column `column_id` (a weapon's id, `gun` or `antidote`)."""
        found = self._columns.get(column_id)
        if found is None:
            raise KeyError(f"no Weapons Table column {column_id!r}")
        return found

    def score_needed(self, column_id: str, at: int) -> int | None:
        """The 2d6 score needed with `column_id` at distance `at`; None where it does not reach."""
        key = (column_id, at)
        needs = self._needs
        if key not in needs:
            needs[key] = self._score_needed(column_id, at)
        return needs[key]

    def _score_needed(self, column_id: str, at: int) -> int | None:
        band = self.band(at)
        needs = self.column(column_id).needs
        index = self.weapons.bands.index(band) if band is not None else len(needs)
        return needs[index] if at >= 1 and index < len(needs) else None

    def card(self, card_id: str) -> ObjectCard:
        """The object card `card_id`."""
        found = self._cards.get(card_id)
        if found is None:
            raise KeyError(f"no object card {card_id!r}")
        return found

    # The lookups the rules make at every step, by id (a pack is frozen: made once, on first use).

    @cached_property
    def _columns(self) -> dict[str, Column]:
        return {column.id: column for column in reversed(self.weapons.columns)}  # the first of an id wins

    @cached_property
    def _cards(self) -> dict[str, ObjectCard]:
        return {card.id: card for card in reversed(self.objects.cards)}

    @cached_property
    def _heroes(self) -> dict[str, Hero]:
        return {hero.id: hero for hero in reversed(self.characters.heroes)}

    @cached_property
    def _powers(self) -> dict[str, Power]:
        return {power.id: power for power in reversed(self.characters.powers)}

    @cached_property
    def _needs(self) -> dict[tuple[str, int], int | None]:
        return {}

    def cards_of_kind(self, kind: ObjectKind) -> tuple[ObjectCard, ...]:
        """The object cards of `kind`, in file order."""
        return tuple(card for card in self.objects.cards if card.kind == kind)

    def object_deck(self) -> tuple[str, ...]:
        """The ids of all object cards, one per physical card, in file order (shuffle before dealing)."""
        return tuple(card.id for card in self.objects.cards for _ in range(card.count))

    def hero(self, hero_id: str) -> Hero:
        """The hero `hero_id`."""
        found = self._heroes.get(hero_id)
        if found is None:
            raise KeyError(f"no hero {hero_id!r}")
        return found

    def power(self, kind: PowerKind) -> Power:
        """The power `kind`."""
        found = self._powers.get(kind)
        if found is None:
            raise KeyError(f"no power {kind!r}")
        return found

    def werewolf_units(self) -> tuple[tuple[str, WerewolfType], ...]:
        """Every werewolf unit with its own id (`boss`, or `she-wolf-1`... when a type has several) and type."""
        return self._werewolf_units

    @cached_property
    def _werewolf_units(self) -> tuple[tuple[str, WerewolfType], ...]:
        units = []
        for werewolf in self.characters.werewolves:
            for number in range(1, werewolf.count + 1):
                unit_id = werewolf.id if werewolf.count == 1 else f"{werewolf.id}-{number}"
                units.append((unit_id, werewolf))
        return tuple(units)

    def player_count(self, players: int) -> PlayerCount:
        """The player-count row for `players` players."""
        for row in self.components.player_counts:
            if row.players == players:
                return row
        raise KeyError(f"no player-count row for {players} players")

    def wolf_stock(self, players: int) -> dict[WolfColour, int]:
        """The wolf cards in the game for `players` players, before the deal: black cards removed as the table says."""
        cards = self.components.wolf_cards
        return {"black": cards.black - self.player_count(players).black_removed, "grey": cards.grey}


# ---------------------------------------------------------------- loading


def load_wolf_content(path: Path | None = None) -> WolfContent:
    """The content pack: the default one, or an organiser's directory (or single file) whose files replace it.

    Files missing from the organiser's directory fall back to the default pack; a `.toml` file there that is not
    part of a pack is an error, so a misspelt name cannot be silently ignored.
    """
    if path is None:
        return _default_content()
    return load_pack(WolfContent, pack_sources(DATA_PACKAGE, PACK_FILES, Path(path)))


@cache
def _default_content() -> WolfContent:
    # The default pack is frozen, so one copy can be shared.
    return load_pack(WolfContent, pack_sources(DATA_PACKAGE, PACK_FILES))
