"""The shortcuts issue 33 took to make WOLF's play-outs faster give what the plain computations give: walks and
distance fields over bit masks a layer at a time, the werewolves' reach remembered by what stands near, lines of fire
with the walls taken out once. Each is checked against a plain version written here, on random squares of the default
board."""

from __future__ import annotations

import heapq
import random
from collections import Counter

from tests.rules.wolf.helpers import new_game
from wolfpack.games.wolf.bots import BARRICADE_STEPS, FAR, best_chances, best_shot, distance_field, geometry
from wolfpack.games.wolf.content import Square, distance, orthogonally_adjacent, square_name
from wolfpack.games.wolf.rules import walk_mask

BOARD = new_game(2).content.board
GEO = geometry(BOARD)
OPEN = sorted(GEO.steps)
THRESHOLDS = sorted(BOARD.thresholds)
WALL = next(square for square in BOARD.squares() if not BOARD.is_open(square))


def plain_field(sources: list[Square], barricades: frozenset[Square]) -> dict[Square, int]:
    """Dijkstra's with a heap over the open squares, a step onto a barricade `BARRICADE_STEPS` dear."""
    best = {s: 0 for s in sources if s in GEO.steps}
    queue = [(0, s) for s in best]
    heapq.heapify(queue)
    while queue:
        cost, square = heapq.heappop(queue)
        if cost > best[square]:
            continue
        for n in GEO.steps[square]:
            new = cost + (BARRICADE_STEPS if n in barricades else 1)
            if new < best.get(n, FAR):
                best[n] = new
                heapq.heappush(queue, (new, n))
    return best


def test_distance_fields_are_the_plain_dijkstras() -> None:
    rng = random.Random(33)
    for _ in range(10):
        sources = [*rng.sample(OPEN, rng.randint(1, 12)), WALL]  # no unit stands on a wall: ignored
        barricades = frozenset(rng.sample(THRESHOLDS, rng.randint(0, len(THRESHOLDS))))
        expected = plain_field(sources, barricades)
        assert distance_field(GEO, sources, barricades) == expected
        assert GEO.field(sources, barricades) == expected
    assert distance_field(GEO, [WALL], frozenset()) == {}


def plain_walk(start: Square, limit: int, obstacles: set[Square]) -> set[Square]:
    """Breadth first, a square at a time, over the open squares' steps."""
    reached, frontier = {start}, [start]
    for _ in range(limit):
        following = []
        for square in frontier:
            for n in GEO.steps[square]:
                if n not in reached and n not in obstacles:
                    reached.add(n)
                    following.append(n)
        frontier = following
    return reached


def test_walks_over_masks_are_the_plain_breadth_first_walks() -> None:
    rng = random.Random(37)
    for _ in range(500):
        start = rng.choice(OPEN)
        limit = rng.randint(0, 8)
        obstacles = set(rng.sample(OPEN, rng.randint(0, 80))) - {start}
        walked = walk_mask(BOARD, BOARD.bits[start], limit, BOARD.mask(obstacles))
        assert set(BOARD.squares_in(walked)) == plain_walk(start, limit, obstacles)


def test_masks_hold_exactly_their_squares_in_reading_order() -> None:
    rng = random.Random(38)
    squares = list(BOARD.squares())
    for _ in range(200):
        chosen = rng.sample(squares, rng.randint(0, len(squares)))
        assert BOARD.squares_in(BOARD.mask(chosen)) == sorted(chosen, key=lambda s: (s[1], s[0]))
        assert BOARD.names_in(BOARD.mask(chosen)) == [square_name(s) for s in BOARD.squares_in(BOARD.mask(chosen))]
    assert set(BOARD.squares_in(BOARD.open_mask)) == set(OPEN)
    for _ in range(200):
        centre, radius = rng.choice(squares), rng.randint(0, 8)
        assert BOARD.box_mask(centre, radius) == BOARD.mask(BOARD.within(centre, radius))


def test_masks_numbered_at_once_give_each_square_its_masks_index() -> None:
    rng = random.Random(39)
    squares = list(BOARD.squares())
    for count in (1, 2, 9, 40, 255, 256, 257, 300):  # past 256 masks, an index no longer fits one byte
        chosen = rng.sample(squares, rng.randint(0, len(squares)))
        where = {square: rng.randrange(count) for square in chosen}
        layers = [BOARD.mask(s for s, index in where.items() if index == number) for number in range(count)]
        assert BOARD.numbered(layers) == where
        assert list(BOARD.numbered(layers)) == sorted(where, key=lambda s: (s[1], s[0]))


def test_masks_counted_at_once_give_each_square_the_masks_holding_it() -> None:
    rng = random.Random(40)
    squares = list(BOARD.squares())
    for count in (0, 1, 2, 3, 7, 8, 255, 256):  # past 255 masks, a count no longer fits one byte
        chosen = [rng.sample(squares, rng.randint(0, 60)) for _ in range(count)]
        held = Counter(square for some in chosen for square in some)
        counted = BOARD.counted([BOARD.mask(some) for some in chosen])
        assert counted == held
        assert list(counted) == sorted(held, key=lambda s: (s[1], s[0]))


def test_the_squares_a_unit_could_bite_depend_only_on_what_stands_near_it() -> None:
    rng = random.Random(34)
    for _ in range(300):
        start = rng.choice(OPEN)
        limit = rng.choice((3, 6))
        units = set(rng.sample(OPEN, 12)) | {start}
        barricades = set(rng.sample(THRESHOLDS, 8)) - units
        blockers = {u for u in units if rng.random() < 0.8}  # the rest invisible or intoxicated
        taken = units | barricades
        bitten: set[Square] = set()
        for square in plain_walk(start, limit, barricades | (blockers - {start})):
            if square == start or square not in taken:
                bitten.update(GEO.orthogonal[square])
        mask = GEO.bites_from(start, limit, BOARD.mask(barricades | blockers), BOARD.mask(taken))
        assert set(BOARD.squares_in(mask)) == bitten


def test_lines_of_fire_are_the_fire_lines_blocked_by_walls_and_units() -> None:
    rng = random.Random(35)
    squares = list(BOARD.squares())
    for _ in range(3000):
        a, b = rng.choice(squares), rng.choice(squares)
        occupied = set(rng.sample(squares, rng.randint(0, 80)))
        blocked = BOARD.fire_line(a, b).blocked(lambda s, occupied=occupied: BOARD.blocks_fire(s) or s in occupied)
        assert BOARD.line_of_fire(a, b, occupied) is not blocked


def test_no_line_of_fire_is_blocked_by_its_own_ends() -> None:
    """The rules leave the target in the blockers of a shot at it (turn.score_needed): sound only because a line's
    blocking squares lie strictly between its ends."""
    rng = random.Random(36)
    squares = list(BOARD.squares())
    for _ in range(3000):
        a, b = rng.choice(squares), rng.choice(squares)
        if a != b:
            assert BOARD.line_of_fire(a, b, {a, b}) is BOARD.line_of_fire(a, b)


def test_the_best_shot_is_the_best_chance_in_a_line_of_fire() -> None:
    """`bots.best_shot`, which draws one line of fire per target for the best of the weapons (`best_chances`), finds
    the same value as the best over every target and weapon."""
    rng = random.Random(40)
    squares = list(BOARD.squares())
    for _ in range(500):
        targets = tuple(
            (there, frozenset(rng.sample(squares, rng.randint(0, 30))) - {there})
            for there in rng.sample(squares, rng.randint(0, 8))
        )
        arms = tuple(
            (rng.random() < 0.3, tuple(rng.choice((0.0, 0.1, 0.25, 0.5, 0.75)) for _ in range(11)))
            for _ in range(rng.randint(1, 3))
        )
        square = rng.choice(squares)
        plain = max(
            (
                chances[distance(square, there)]
                for there, blockers in targets
                if distance(square, there) <= 10 and BOARD.line_of_fire(square, there, blockers)
                for hand_to_hand, chances in arms
                if not hand_to_hand or orthogonally_adjacent(square, there)
            ),
            default=0.0,
        )
        masked = tuple((there, BOARD.mask(blockers)) for there, blockers in targets)
        assert best_shot(square, (masked, *best_chances(arms)), BOARD) == plain
