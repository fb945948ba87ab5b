"""The WOLF content pack: the default pack is complete and consistent, its geometry works, broken packs say where."""

from __future__ import annotations

import itertools
import re
import shutil
from collections import Counter
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest
from pydantic import BaseModel

from wolfpack.content import OUR_DEFAULT, RULEBOOK_PREFIX, ContentError, Entry
from wolfpack.games.wolf.content import (
    DATA_PACKAGE,
    OUTSIDE,
    PACK_FILES,
    Board,
    Column,
    WolfContent,
    distance,
    fire_line,
    load_wolf_content,
    orthogonally_adjacent,
    parse_square,
    square_name,
)

DATA = Path(str(resources.files(DATA_PACKAGE)))
DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "wolf.md"


@pytest.fixture(scope="module")
def pack() -> WolfContent:
    return load_wolf_content()


@pytest.fixture(scope="module")
def board(pack: WolfContent) -> Board:
    return pack.board


S = parse_square


# ---------------------------------------------------------------- counts the issue names


def test_pack_files_ship_inside_the_package() -> None:
    assert sorted(path.name for path in DATA.glob("*.toml")) == sorted(f"{name}.toml" for name in PACK_FILES)
    assert (DATA / "__init__.py").exists()


def test_board_has_the_issues_counts(board: Board) -> None:
    assert len(board.object_squares) == 10
    assert len(board.hero_starts) == 5
    assert len(board.wolf_starts) == 8
    assert len(board.barricades) == 15  # the rulebook's 20 units, 5 of them left in the supply (our default)
    assert board.barricades == tuple(sorted(board.barricades, key=lambda s: (s[1], s[0])))


def test_forty_object_cards_of_the_rulebooks_kinds(pack: WolfContent) -> None:
    deck = pack.object_deck()
    assert len(deck) == 40 == pack.components.objects.total
    kinds = Counter(pack.card(card).kind for card in deck)
    assert kinds == {
        "weapon": 7,
        "silver_bullet": 15,
        "antidote": 1,
        "flytox": 1,
        "invisibility_watch": 1,
        "teleportation_box": 1,
        "superglasses": 1,
        "rollers": 1,
        "barricade": 5,
        "drawing_pin": 7,
    }
    assert len(pack.board.object_squares) * pack.components.objects.per_square == 40
    assert pack.components.objects.hand_limit == 7
    weapons = {card.id for card in pack.cards_of_kind("weapon")}
    assert {"revolver", "chainsaw", "sabre"} <= weapons
    assert len(weapons) == 7


def test_thirty_wolf_cards_and_the_deal(pack: WolfContent) -> None:
    cards, deal = pack.components.wolf_cards, pack.components.deal
    assert (cards.black, cards.grey) == (8, 22)
    assert (deal.black, deal.grey) == (1, 9)
    assert pack.wolf_stock(6) == {"black": 8, "grey": 22}
    assert pack.wolf_stock(4) == {"black": 7, "grey": 22}
    assert pack.wolf_stock(2) == {"black": 6, "grey": 22}


def test_heroes_and_their_powers(pack: WolfContent) -> None:
    heroes = {hero.name: hero.power for hero in pack.characters.heroes}
    assert heroes == {
        "Jack Ventura": "force",
        "Miss Q": "speed",
        "Doctor Zord": "teleportation",
        "Norbert": "invisibility",
        "July": "vision",
    }
    assert pack.hero("july").power == "vision"
    with pytest.raises(KeyError, match="no hero"):
        pack.hero("igor")


def test_powers_work_on_a_one_or_two_but_speed_is_permanent(pack: WolfContent) -> None:
    for power in pack.characters.powers:
        assert power.succeeds_on == (None if power.id == "speed" else 2)
    assert pack.power("speed").bonus == 1
    assert pack.power("vision").radius == 5
    assert pack.power("teleportation").move_dice == 1
    assert pack.components.rolls.power == 2


def test_the_werewolf_pack(pack: WolfContent) -> None:
    units = pack.werewolf_units()
    assert [unit_id for unit_id, _ in units] == [
        "boss",
        "she-wolf-1",
        "she-wolf-2",
        "she-wolf-3",
        "werewolf-1",
        "werewolf-2",
        "werewolf-3",
        "werewolf-4",
    ]
    kinds = {kind.id: kind for _, kind in units}
    assert kinds["boss"].powers == ("force", "teleportation")
    assert kinds["she-wolf"].powers == ("invisibility",)
    assert kinds["she-wolf"].double_faced
    assert kinds["werewolf"].powers == ()


def test_player_count_table(pack: WolfContent) -> None:
    shares = {n: sorted((len(g) for g in pack.player_count(n).heroes), reverse=True) for n in range(2, 7)}
    assert shares == {6: [1, 1, 1, 1, 1], 5: [2, 1, 1, 1], 4: [2, 2, 1], 3: [3, 2], 2: [5]}
    removed = {n: pack.player_count(n).black_removed for n in range(2, 7)}
    assert removed == {6: 0, 5: 1, 4: 1, 3: 1, 2: 2}
    everyone = sorted(hero.id for hero in pack.characters.heroes)
    for n in range(2, 7):
        assert sorted(h for group in pack.player_count(n).heroes for h in group) == everyone
    with pytest.raises(KeyError, match="no player-count row"):
        pack.player_count(7)


def test_rolls_and_moves_are_the_rulebooks(pack: WolfContent) -> None:
    rolls, movement = pack.components.rolls, pack.components.movement
    assert (rolls.bare_hands, rolls.destroy_barricade, rolls.weapon_dice) == (1, 1, 2)
    assert (movement.hero_dice, movement.werewolf_max, movement.transformed_max) == (1, 3, 6)
    assert pack.components.barricades.units == 20
    assert pack.components.barricade_supply.in_supply == 5
    assert pack.components.barricade_supply.source == "our default"
    assert (pack.components.tokens.invisibility, pack.components.tokens.intoxication) == (2, 6)


def test_default_pack_is_loaded_once_and_frozen(pack: WolfContent) -> None:
    assert load_wolf_content() is pack
    with pytest.raises(ValueError, match="frozen"):
        pack.card("flytox").radius = 9  # type: ignore[misc]


# ---------------------------------------------------------------- sources


def entries(model: object) -> list[Entry]:
    """Every Entry inside a model, depth first."""
    found: list[Entry] = []
    if isinstance(model, Entry):
        found.append(model)
    if isinstance(model, tuple):
        for item in model:
            found.extend(entries(item))
    elif isinstance(model, BaseModel):
        for name in type(model).model_fields:
            found.extend(entries(getattr(model, name)))
    return found


def test_every_entry_says_where_its_numbers_come_from(pack: WolfContent) -> None:
    sources = Counter(entry.source for entry in entries(pack))
    assert sum(sources.values()) > 60
    assert all(source == OUR_DEFAULT or source.startswith(RULEBOOK_PREFIX) for source in sources)
    # The Weapons Table and the layout are ours; the counts and the rolls are the rulebook's.
    designed = [*pack.weapons.bands, *pack.weapons.columns, pack.map.board, *pack.map.rooms]
    assert all(entry.source == OUR_DEFAULT for entry in designed)
    printed = [*pack.objects.cards, *pack.characters.powers, *pack.characters.heroes, *pack.characters.werewolves]
    components = pack.components
    printed += [components.wolf_cards, components.deal, components.objects, components.rolls, components.movement]
    assert all(entry.source.startswith(RULEBOOK_PREFIX) for entry in printed)


def test_files_start_with_a_comment_saying_what_they_are() -> None:
    for name in PACK_FILES:
        text = (DATA / f"{name}.toml").read_text(encoding="utf-8")
        assert text.startswith("# WOLF: ")
        assert "docs/games/wolf.md" in text.split("\n\n")[0]


# ---------------------------------------------------------------- the map


def test_square_names() -> None:
    assert square_name((0, 0)) == "a1"
    assert square_name((25, 23)) == "z24"
    assert parse_square("e7") == (4, 6)
    for square in [(0, 0), (3, 9), (25, 23)]:
        assert parse_square(square_name(square)) == square
    for bad in ["", "a0", "7e", "A1", "aa1", "a100"]:
        with pytest.raises(ValueError, match="not a square name"):
            parse_square(bad)


def test_board_size_and_drawing(board: Board) -> None:
    assert (board.width, board.height) == (26, 24)
    drawing = board.drawing().splitlines()
    assert drawing[0] == "    abcdefghijklmnopqrstuvwxyz"
    assert drawing[1].startswith("  1 ") and drawing[24].startswith(" 24 ")


def test_the_doc_draws_the_default_map(board: Board) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert board.drawing() in text


def test_heroes_start_inside_and_werewolves_outside(board: Board) -> None:
    assert all(board.is_inside(square) and board.terrain(square) == "floor" for square in board.hero_starts)
    assert all(board.room_of(square) == OUTSIDE for square in board.wolf_starts)
    # No werewolf starts next to a barricade: the first turn is a walk to the house.
    assert all(distance(w, b) > 1 for w in board.wolf_starts for b in board.barricades)


def test_printed_barricades_close_every_exit(board: Board) -> None:
    assert set(board.barricades) == board.exits
    assert all(board.terrain(square) == "threshold" and board.is_inside(square) for square in board.barricades)
    # Inside, the doorways between rooms are open.
    assert len(board.thresholds - board.exits) == 8


def test_rooms(board: Board) -> None:
    rooms = {board.room_of(square) for square in board.squares()} - {None}
    assert rooms == {
        OUTSIDE,
        "kitchen",
        "dining-room",
        "living-room",
        "hall",
        "bedroom",
        "bathroom",
        "study",
        "shack",
    }
    assert board.room_of(S("e6")) == "kitchen"
    assert board.room_of(S("a1")) == OUTSIDE
    assert board.room_of(S("d4")) is None  # a wall
    assert board.room_of(S("g10")) is None  # a threshold
    assert board.is_inside(S("g10")) and not board.is_inside(S("d4")) and not board.is_inside(S("a1"))


def test_thresholds_join_two_areas(board: Board) -> None:
    assert board.threshold_sides(S("g10")) == (S("g9"), S("g11"))  # kitchen to hall
    assert board.threshold_sides(S("j7")) == (S("i7"), S("k7"))  # kitchen to dining room
    assert {board.room_of(s) for s in board.threshold_sides(S("d6"))} == {OUTSIDE, "kitchen"}
    assert {board.room_of(s) for s in board.threshold_sides(S("w20"))} == {OUTSIDE, "shack"}
    with pytest.raises(ValueError, match="not a threshold"):
        board.threshold_sides(S("d4"))


def test_object_squares_inside_and_out(board: Board) -> None:
    where = Counter(board.room_of(square) for square in board.object_squares)
    assert where[OUTSIDE] == 3
    assert where["shack"] == 1
    assert sum(where.values()) == 10
    for square in board.object_squares:
        assert board.is_obstacle(square)
        assert any(board.is_open(n) for n in board.orthogonal_neighbours(square))


def test_every_open_square_is_reachable_but_barricades_seal_the_house(board: Board) -> None:
    open_squares = {square for square in board.squares() if board.is_open(square)}
    assert board.reachable(S("a1")) == open_squares
    sealed = board.reachable(S("a1"), closed=set(board.barricades))
    assert not any(board.is_inside(square) for square in sealed)
    hall = board.reachable(S("e11"), closed=set(board.barricades))
    assert all(board.room_of(square) not in (OUTSIDE, "shack") for square in hall)
    assert set(board.hero_starts) <= hall


def test_neighbours(board: Board) -> None:
    assert len(board.neighbours(S("a1"))) == 3
    assert len(board.neighbours(S("m1"))) == 5
    assert len(board.neighbours(S("m18"))) == 8
    assert set(board.orthogonal_neighbours(S("b2"))) == {S("b1"), S("a2"), S("c2"), S("b3")}
    # Steps avoid walls and furniture: from g8 in the kitchen, not the stove at g7 or h7.
    assert S("g7") not in board.steps(S("g8")) and S("h7") not in board.steps(S("g8"))
    assert S("f9") in board.steps(S("g8"))
    assert orthogonally_adjacent(S("b2"), S("b3")) and not orthogonally_adjacent(S("b2"), S("c3"))


def test_obstacles(board: Board) -> None:
    kinds = {board.terrain(S(name)) for name in ["d4", "g7", "a13", "b5", "d20", "x13", "a8"]}
    assert kinds == {"wall", "furniture", "object", "tree", "car", "bin", "log"}
    assert all(board.is_obstacle(S(name)) for name in ["d4", "g7", "a13", "b5", "d20", "x13", "a8"])
    assert not any(board.is_obstacle(S(name)) for name in ["e6", "a1", "g10", "f4", "m6", "j1"])


def test_distance_counts_diagonal_steps_as_one() -> None:
    assert distance(S("a1"), S("a1")) == 0
    assert distance(S("a1"), S("b2")) == 1
    assert distance(S("a1"), S("d2")) == 3
    assert distance(S("e6"), S("e11")) == 5


# ---------------------------------------------------------------- lines of fire


def test_walls_block_fire_and_doorways_let_it_through(board: Board) -> None:
    assert board.walls_block(S("e5"), S("e11"))  # kitchen to hall through the wall
    assert not board.walls_block(S("g8"), S("g12"))  # through the open doorway g10
    assert not board.line_of_fire(S("g8"), S("g12"), occupied={S("g10")})  # a unit in the doorway
    assert not board.walls_block(S("c1"), S("c24"))  # all along the garden


def test_only_walls_among_the_terrain_block_fire(board: Board) -> None:
    # Trees, the car, logs, furniture and object squares are obstacles to movement, not to shots (rulebook, 8).
    assert not board.walls_block(S("a20"), S("g20"))  # across the car
    assert not board.walls_block(S("l7"), S("n7"))  # across the dining table
    assert board.fire_line(S("a20"), S("g20")).crossed == (S("b20"), S("c20"), S("d20"), S("e20"), S("f20"))


def test_a_line_through_a_corner_is_stopped_only_by_both_squares(board: Board) -> None:
    line = fire_line(S("a1"), S("c3"))
    assert line.crossed == (S("b2"),)
    assert set(line.corners) == {(S("b1"), S("a2")), (S("c2"), S("b3"))}
    assert board.line_of_fire(S("a1"), S("c3"), occupied={S("b1")})
    assert not board.line_of_fire(S("a1"), S("c3"), occupied={S("b2")})
    assert board.line_of_fire(S("a1"), S("c3"), occupied={S("b1"), S("c2")})
    assert not board.line_of_fire(S("a1"), S("c3"), occupied={S("b1"), S("a2")})


def test_adjacent_squares_have_nothing_between(board: Board) -> None:
    for target in board.neighbours(S("m18")):
        assert fire_line(S("m18"), target).crossed == ()
    assert fire_line(S("m18"), S("n19")).corners == ((S("n18"), S("m19")),)


def crossed_by_geometry(a: tuple[int, int], b: tuple[int, int]) -> set[tuple[int, int]]:
    """The squares strictly between `a` and `b` whose inside the centre-to-centre segment meets, by exact geometry."""
    (ax, ay), (bx, by) = a, b
    found = set()
    for column in range(min(ax, bx), max(ax, bx) + 1):
        for row in range(min(ay, by), max(ay, by) + 1):
            low, high = Fraction(0), Fraction(1)
            for start, end, cell in ((ax, bx, column), (ay, by, row)):
                centre, step = Fraction(2 * start + 1, 2), end - start
                if step == 0:
                    low = low if cell < centre < cell + 1 else Fraction(2)
                    continue
                first, second = (cell - centre) / step, (cell + 1 - centre) / step
                low, high = max(low, min(first, second)), min(high, max(first, second))
            if low < high and (column, row) not in (a, b):
                found.add((column, row))
    return found


def test_fire_lines_match_exact_geometry() -> None:
    for a, b in itertools.product(itertools.product(range(7), range(5)), repeat=2):
        line = fire_line(a, b)
        assert set(line.crossed) == crossed_by_geometry(a, b), (a, b)
        assert len(line.crossed) == len(set(line.crossed))
        assert all(distance(a, s) <= distance(a, t) for s, t in itertools.pairwise(line.crossed))
        # A corner is a point the segment passes through where four squares meet.
        for first, second in line.corners:
            assert first not in line.crossed and second not in line.crossed
            assert abs(first[0] - second[0]) == abs(first[1] - second[1]) == 1


def test_fire_lines_are_symmetric_and_never_leak_through_a_wall(board: Board) -> None:
    squares = [s for s in board.squares() if board.is_open(s)][::7]
    for a, b in itertools.combinations(squares, 2):
        there, back = fire_line(a, b), fire_line(b, a)
        assert there.crossed == tuple(reversed(back.crossed))
        assert {frozenset(p) for p in there.corners} == {frozenset(p) for p in back.corners}
        inside_a, inside_b = board.room_of(a), board.room_of(b)
        if inside_a and inside_b and inside_a != inside_b and not board.walls_block(a, b):
            # Two rooms see each other only through a threshold.
            assert any(board.terrain(s) == "threshold" for s in there.crossed), (a, b)


# ---------------------------------------------------------------- Flytox


def test_gas_spreads_through_openings_not_walls_or_barricades(board: Board) -> None:
    kitchen = board.gas_area(S("e6"), 2)
    assert S("c6") in kitchen  # out through the window d6, still open here
    assert S("e10") not in kitchen and S("d5") not in kitchen  # walls
    sealed = board.gas_area(S("e6"), 2, sealed=set(board.barricades))
    assert all(board.room_of(s) == "kitchen" for s in sealed)
    assert sealed == {s for s in board.within(S("e6"), 2) if board.room_of(s) == "kitchen"}
    assert board.gas_area(S("g9"), 2) >= {S("g10"), S("f11"), S("h11")}  # through the kitchen doorway
    assert S("g12") not in board.gas_area(S("g9"), 2)  # three steps away


def test_within_a_radius(board: Board) -> None:
    assert len(board.within(S("m12"), 5)) == 121
    assert len(board.within(S("a1"), 2)) == 9
    assert S("a1") in board.within(S("a1"), 0)


# ---------------------------------------------------------------- Weapons Table


def test_weapons_table_lookup(pack: WolfContent) -> None:
    assert [pack.score_needed("gun", d) for d in (1, 2, 3, 4, 6, 7, 10, 11, 30)] == [6, 7, 7, 8, 8, 10, 10, 12, 12]
    assert [pack.score_needed("revolver", d) for d in (1, 3, 6, 10)] == [4, 5, 7, 10]
    assert pack.score_needed("flamethrower", 3) == 4
    assert pack.score_needed("flamethrower", 4) is None
    assert pack.score_needed("revolver", 11) is None
    assert pack.score_needed("shotgun", 0) is None
    assert [band.id if band else None for band in map(pack.band, (0, 1, 3, 99))] == [None, "adjacent", "close", "far"]
    with pytest.raises(KeyError, match="no Weapons Table column"):
        pack.column("bazooka")


def test_weapons_follow_the_rulebook(pack: WolfContent) -> None:
    assert not pack.column("revolver").destroys_barricades
    hand_to_hand = {column.id for column in pack.weapons.columns if column.hand_to_hand}
    assert hand_to_hand == {"chainsaw", "sabre"}
    assert all(pack.score_needed(weapon, 2) is None for weapon in hand_to_hand)
    for card in pack.objects.cards:
        assert (card.column is not None) == (card.kind in ("weapon", "silver_bullet", "antidote"))
    assert pack.card("silver-bullet").column == "gun"
    assert pack.card("antidote").column == "antidote"


def dominates(better: Column, worse: Column) -> bool:
    """Whether `better` is at least as good as `worse` everywhere (reach, every score, barricades) and not equal."""
    if len(better.needs) < len(worse.needs) or (worse.destroys_barricades and not better.destroys_barricades):
        return False
    return all(b <= w for b, w in zip(better.needs, worse.needs, strict=False)) and better != worse


def test_every_ranged_weapon_has_a_use(pack: WolfContent) -> None:
    weapons = {card.column for card in pack.cards_of_kind("weapon")}
    ranged = [c for c in pack.weapons.columns if c.id in weapons and not c.hand_to_hand]
    assert len(ranged) == 5
    for first, second in itertools.permutations(ranged, 2):
        assert not dominates(first, second), (first.id, second.id)
    # A weapon card always beats a silver bullet somewhere, and the rifle is clumsy up close.
    gun = pack.column("gun")
    assert all(any(w < g for w, g in zip(c.needs, gun.needs, strict=False)) for c in ranged)
    rifle = pack.column("hunting-rifle").needs
    assert rifle[0] > min(rifle)


def test_object_parameters(pack: WolfContent) -> None:
    assert pack.card("flytox").radius == 2
    assert pack.card("superglasses").radius == pack.power("vision").radius == 5
    assert pack.card("rollers").move_dice == pack.card("teleportation-box").move_dice == 1
    with pytest.raises(KeyError, match="no object card"):
        pack.card("bazooka")


# ---------------------------------------------------------------- broken packs


@pytest.fixture
def organiser(tmp_path: Path) -> Path:
    """A copy of the default pack where an organiser would keep theirs."""
    for name in PACK_FILES:
        shutil.copy(DATA / f"{name}.toml", tmp_path / f"{name}.toml")
    return tmp_path


ROW_5 = '".T.#*    #    *#   *#....."'
ROW_6 = '"...B     #  H  #  H B....."'
GARDEN = '"..........................",  # 18\n    "..........................",  # 19'
GARDEN_CORNER = '".#........................",  # 18\n    "..#.......................",  # 19'
CORNER = '".......L.T.....W..T.#####.",  # 23\n    "T.........................",  # 24'
CORNER_CLOSED = '".......L.T.....W..T.#####T",  # 23\n    "T.......................T.",  # 24'

BREAKAGES = [
    # (file, old text, new text, entry starts with, field, message contains, line of (text, offset))
    (
        "map",
        ROW_5,
        ROW_5.replace("*  ", "* Q"),
        None,
        "board.rows[4]",
        'square g5: "Q" is not in the legend',
        (ROW_5.replace("*  ", "* Q"), 0),
    ),
    (
        "map",
        ROW_6,
        ROW_6.replace("B  ", "B *"),
        "board",
        "rows",
        "must have exactly 10 object squares",
        ("rows = [", 0),
    ),
    (
        "map",
        ROW_6,
        ROW_6.replace("H  #", "   #"),
        "board",
        "rows",
        "must have exactly 5 hero start squares (characters.toml heroes); found 4",
        ("rows = [", 0),
    ),
    (
        "map",
        ROW_6,
        ROW_6[:-2] + '"',
        None,
        "board.rows[5]",
        "every row has 26 squares like row 1 (got 25)",
        (ROW_6[:-2] + '"', 0),
    ),
    (
        "map",
        ROW_6,
        ROW_6.replace("B ", "# ", 1),
        "board",
        "rows",
        "must have exactly 15 printed barricades",
        ("rows = [", 0),
    ),
    ("map", GARDEN, GARDEN_CORNER, None, "board.rows[17]", "square b18: walls meet only at a corner", ('".#.....', 0)),
    (
        "map",
        ROW_5,
        ROW_5.replace("#*  ", "#* +"),
        None,
        "board.rows[4]",
        "square g5: a threshold is a gap in a straight wall",
        (ROW_5.replace("#*  ", "#* +"), 0),
    ),
    (
        "map",
        "kk + ttt",
        "kkk+ ttt",
        None,
        "board.rows[6]",
        "square j7: a threshold needs an open square on both sides",
        ('"...#  kkk+ ttt', 0),
    ),
    (
        "map",
        CORNER,
        CORNER_CLOSED,
        None,
        "board.rows[23]",
        "square z24: cannot be reached from a1",
        ('"T.......................T.",', 0),
    ),
    (
        "map",
        '"....................#  *#."',
        '"....................#. *#."',
        None,
        "board.rows[21]",
        "square v22: outdoor ground inside walls",
        ('"....................#. *#."', 0),
    ),
    (
        "map",
        '"..........................",  # 3',
        '"##########################",  # 3',
        "board",
        "rows",
        "the outside, along the edge of the board, must be one area",
        ("rows = [", 0),
    ),
    (
        "map",
        '"L..#     # ttt #    #....."',
        '"B..#     # ttt #    #....."',
        None,
        "board.rows[7]",
        "square a8: a threshold is a gap in a straight wall",
        ('"B..#', 0),
    ),
    (
        "map",
        'char = "#"',
        'char = "##"',
        'legend[0] (name "wall")',
        "char",
        "must match the pattern",
        ('char = "##"', 0),
    ),
    (
        "map",
        'name = "hero start"\nmarker = "hero_start"',
        'name = "hero start"\nmarker = "wolf_start"',
        'legend[5] (name "hero start")',
        "terrain",
        'a wolf_start marker stands on "ground" (got "floor")',
        ('terrain = "floor"', 0),
    ),
    (
        "map",
        'char = "L"',
        'char = "T"',
        "legend[18]",
        "char",
        'duplicate char "T" (also legend[15])',
        ('char = "T"', 0),
    ),
    (
        "map",
        'square = "m14"',
        'square = "m13"',
        'rooms[5] (id "bathroom"',
        "square",
        "must be a square inside the walls",
        ('square = "m13"', 0),
    ),
    (
        "map",
        'square = "m14"',
        'square = "g16"',
        'rooms[5] (id "bathroom"',
        "square",
        'lies in the same walled area as room "bedroom"',
        ('square = "g16"', 0),
    ),
    (
        "map",
        'id = "shack"\nname = "Shack"\nsquare = "v21"\nsource = "our default"\n',
        'id = "shack"\nname = "Shack"\nsquare = "v21"\n',
        'rooms[7] (id "shack"',
        "source",
        "required, but missing",
        ('id = "shack"', -1),
    ),
    (
        "weapons",
        'needs = [4, 5, 7, 10]\nhand_to_hand = false\ndestroys_barricades = false\nsource = "our default"\n',
        "needs = [4, 5, 7, 10]\nhand_to_hand = false\ndestroys_barricades = false\n",
        'columns[2] (id "revolver", name "Revolver")',
        "source",
        "required, but missing",
        ('id = "revolver"', -1),
    ),
    (
        "weapons",
        "needs = [3, 5, 8, 11]",
        "needs = [3, 5, 8, 11]\nrange = 10",
        'columns[3] (id "shotgun"',
        "range",
        "unknown field",
        ("range = 10", 0),
    ),
    (
        "weapons",
        "needs = [3, 5, 8, 11]",
        "needs = [3, 5, 8, 13]",
        "columns[3]",
        "needs[3]",
        "must be at most 12 (got 13)",
        ("needs = [3, 5, 8, 13]", 0),
    ),
    (
        "weapons",
        "needs = [4]",
        "needs = [4, 6]",
        'columns[0] (id "chainsaw"',
        "needs",
        "a hand-to-hand weapon has one score",
        ("needs = [4, 6]", 0),
    ),
    (
        "weapons",
        "min_distance = 4",
        "min_distance = 5",
        'bands[2] (id "medium")',
        "min_distance",
        "expected 4",
        ("min_distance = 5", 0),
    ),
    (
        "weapons",
        'source = "our default"\n\n# ---',
        'source = "from the box"\n\n# ---',
        'bands[4] (id "far")',
        "source",
        'must be "our default" or "rulebook: <section>"',
        ('source = "from the box"', 0),
    ),
    (
        "objects",
        "count = 15",
        "count = 14",
        None,
        "cards",
        "the counts add up to 39 object cards",
        ("weapons: one card each", 2),
    ),
    (
        "objects",
        'kind = "flytox"\ncount = 1\nradius = 2',
        'kind = "flytox"\ncount = 1\nradus = 2',
        'cards[9] (id "flytox"',
        "radus",
        'unknown field; did you mean "radius"?',
        ("radus = 2", 0),
    ),
    (
        "objects",
        "count = 1\nmove_dice = 1\nsource",
        "count = 1\nradius = 1\nsource",
        'cards[11] (id "teleportation-box"',
        "radius",
        'a "teleportation_box" takes no radius',
        ("radius = 1", 0),
    ),
    (
        "objects",
        'column = "gun"',
        'column = "pistol"',
        'cards[7] (id "silver-bullet"',
        "column",
        'unknown Weapons Table column "pistol"',
        ('column = "pistol"', 0),
    ),
    (
        "objects",
        'kind = "superglasses"',
        'kind = "sunglasses"',
        'cards[12] (id "superglasses"',
        "kind",
        "must be one of",
        ('kind = "sunglasses"', 0),
    ),
    (
        "characters",
        'name = "Speed"\n',
        'name = "Speed"\nsucceeds_on = 2\n',
        'powers[1] (id "speed"',
        "succeeds_on",
        "is permanent",
        ("succeeds_on = 2", 0),
    ),
    (
        "characters",
        'power = "vision"',
        'power = "telepathy"',
        'heroes[2] (id "july"',
        "power",
        "must be one of",
        ('power = "telepathy"', 0),
    ),
    (
        "characters",
        "count = 4",
        "count = 5",
        None,
        "board.rows",
        "must have exactly 9 werewolf start squares",
        ("rows = [", 0),
    ),
    (
        "components",
        'heroes = [["jack", "miss-q"], ["july", "norbert"], ["zord"]]',
        'heroes = [["jack", "miss-q"], ["july", "norbert"], ["jack"]]',
        "player_counts[2]",
        "heroes",
        '"jack" has two seats',
        ('heroes = [["jack", "miss-q"], ["july", "norbert"], ["jack"]]', 0),
    ),
    (
        "components",
        'heroes = [["jack", "miss-q"], ["july", "norbert", "zord"]]',
        'heroes = [["jack"], ["miss-q", "july", "norbert", "zord"]]',
        "player_counts[3]",
        "heroes",
        "as evenly as possible (got [1, 4])",
        ('heroes = [["jack"], ["miss-q"', 0),
    ),
    (
        "components",
        "black_removed = 2",
        "black_removed = 8",
        "player_counts[4]",
        "black_removed",
        "leaves fewer black cards than the deal's 1",
        ("black_removed = 8", 0),
    ),
    (
        "components",
        "hand_limit = 7",
        'hand_limit = "7"',
        None,
        "objects.hand_limit",
        'must be a whole number (got "7")',
        ('hand_limit = "7"', 0),
    ),
]


OLD_EXITS = (
    ('"...##B#B###B#####B###..W..",  # 4', '"...##B#B###B#B###B###..W..",  # 4'),
    ('"L..#     # ttt #    #.....",  # 8', '"L..B     # ttt #    B.....",  # 8'),
    ('"W..#####B###B###B####..T..",  # 17', '"W..##B##B###B###B#B##..T..",  # 17'),
)
"""The map rows that printed a barricade on every one of 20 exits, before five became walls (docs/games/wolf.md)."""


def break_file(directory: Path, name: str, old: str, new: str) -> str:
    """Replace the first `old` in a pack file by `new`; returns the text up to the end of the change."""
    path = directory / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}.toml"
    start = text.index(old)
    path.write_text(text[:start] + new + text[start + len(old) :], encoding="utf-8")
    return text[:start] + new


def line_of(text: str, marker: str, offset: int = 0) -> int:
    """The line of the last `marker` in `text` (which ends where the change ended), plus `offset`."""
    found = text.rfind(marker)
    assert found >= 0, f"{marker!r} not found"
    return text.count("\n", 0, found) + 1 + offset


@pytest.mark.parametrize(
    ("name", "old", "new", "entry", "field", "message", "line"),
    BREAKAGES,
    ids=[f"{b[0]}-{re.sub(r'[^a-z_]', '', b[4])}-{i}" for i, b in enumerate(BREAKAGES)],
)
def test_broken_file_names_file_entry_field_and_line(
    organiser: Path,
    name: str,
    old: str,
    new: str,
    entry: str | None,
    field: str,
    message: str,
    line: tuple[str, int],
) -> None:
    broken = break_file(organiser, name, old, new)
    with pytest.raises(ContentError) as caught:
        load_wolf_content(organiser)
    error = caught.value
    assert len(error.problems) == 1, str(error)
    blamed = "map" if field == "board.rows" else name  # too many werewolves is counted on the map
    assert error.file == str(organiser / f"{blamed}.toml")
    if field == "board.rows":
        assert (error.entry, error.field) == ("board", "rows"), str(error)
    elif entry is None:  # a top-level table (or a grid row): the table is the entry, or the field names it
        table, _, rest = field.partition(".")
        assert (error.entry, error.field) in ((table, rest), (None, field)), str(error)
    else:
        assert error.entry is not None and error.entry.startswith(entry), str(error)
        assert error.field == field, str(error)
    assert message in str(error), str(error)
    if blamed == name:
        assert error.line == line_of(broken, *line), str(error)
    assert str(error).startswith(f"{organiser / blamed}.toml:{error.line}: ")


def test_toml_syntax_error(organiser: Path) -> None:
    broken = break_file(organiser, "weapons", "min_distance = 11", "min_distance = ")
    with pytest.raises(ContentError) as caught:
        load_wolf_content(organiser)
    assert caught.value.line == line_of(broken, "min_distance")
    assert "not valid TOML" in str(caught.value)


def test_problems_in_several_files_are_reported_together(organiser: Path) -> None:
    break_file(organiser, "weapons", "needs = [4]", "needs = [1]")
    break_file(organiser, "objects", "count = 15", "count = 0")
    with pytest.raises(ContentError) as caught:
        load_wolf_content(organiser)
    assert {Path(p.file).name for p in caught.value.problems} == {"weapons.toml", "objects.toml"}


# ---------------------------------------------------------------- organiser's packs


def test_organiser_directory_replaces_only_the_files_it_has(tmp_path: Path) -> None:
    text = (DATA / "weapons.toml").read_text(encoding="utf-8").replace("needs = [4]", "needs = [3]")
    (tmp_path / "weapons.toml").write_text(text, encoding="utf-8")
    pack = load_wolf_content(tmp_path)
    assert pack.score_needed("chainsaw", 1) == 3
    assert pack.map == load_wolf_content().map  # not in the directory: the default


def test_organiser_map_with_their_own_house(tmp_path: Path) -> None:
    # A gentler house: the kitchen's west window starts open.
    text = (DATA / "map.toml").read_text(encoding="utf-8").replace('"...B     #  H  #', '"...+     #  H  #')
    (tmp_path / "map.toml").write_text(text, encoding="utf-8")
    components = (DATA / "components.toml").read_text(encoding="utf-8").replace("units = 20", "units = 19")
    (tmp_path / "components.toml").write_text(components, encoding="utf-8")
    pack = load_wolf_content(tmp_path)
    assert len(pack.board.barricades) == 14
    assert S("d6") in pack.board.exits and S("d6") not in pack.board.barricades


def test_an_organiser_may_print_every_barricade_and_leave_none_in_the_supply(tmp_path: Path) -> None:
    """The start before the supply (all 20 printed, as the map once had): a map printing 20 and a supply of 0."""
    text = (DATA / "map.toml").read_text(encoding="utf-8")
    for old, new in OLD_EXITS:
        text = text.replace(old, new)
    (tmp_path / "map.toml").write_text(text, encoding="utf-8")
    components = (DATA / "components.toml").read_text(encoding="utf-8").replace("in_supply = 5", "in_supply = 0")
    (tmp_path / "components.toml").write_text(components, encoding="utf-8")
    pack = load_wolf_content(tmp_path)
    assert len(pack.board.barricades) == 20 and set(pack.board.barricades) == pack.board.exits


def test_a_supply_larger_than_the_barricade_units_is_refused(tmp_path: Path) -> None:
    components = (DATA / "components.toml").read_text(encoding="utf-8").replace("in_supply = 5", "in_supply = 21")
    (tmp_path / "components.toml").write_text(components, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_wolf_content(tmp_path)
    assert (caught.value.entry, caught.value.field) == ("barricade_supply", "in_supply"), str(caught.value)
    assert "at most the 20 barricade units there are" in str(caught.value)


def test_a_supply_that_does_not_match_the_printed_barricades_is_refused(tmp_path: Path) -> None:
    components = (DATA / "components.toml").read_text(encoding="utf-8").replace("in_supply = 5", "in_supply = 4")
    (tmp_path / "components.toml").write_text(components, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_wolf_content(tmp_path)
    assert "must have exactly 16 printed barricades" in str(caught.value) and "found 15" in str(caught.value)


def test_organiser_single_file(tmp_path: Path) -> None:
    text = (DATA / "components.toml").read_text(encoding="utf-8").replace("hand_limit = 7", "hand_limit = 9")
    (tmp_path / "components.toml").write_text(text, encoding="utf-8")
    assert load_wolf_content(tmp_path / "components.toml").components.objects.hand_limit == 9


def test_organiser_file_checked_against_the_defaults(tmp_path: Path) -> None:
    text = (DATA / "characters.toml").read_text(encoding="utf-8").replace('id = "zord"', 'id = "igor"')
    (tmp_path / "characters.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_wolf_content(tmp_path)
    # The player counts (default components.toml) still seat Zord: blamed where the reference is.
    assert caught.value.file.endswith("components.toml")
    assert 'unknown hero "zord"' in str(caught.value)


def test_unknown_file_in_organiser_directory_is_an_error(organiser: Path) -> None:
    (organiser / "weapon.toml").write_text("", encoding="utf-8")
    with pytest.raises(ContentError, match=r"weapon\.toml: not a file of a pack; expected map\.toml, "):
        load_wolf_content(organiser)


def test_empty_or_missing_organiser_path_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="no content files here"):
        load_wolf_content(tmp_path)
    with pytest.raises(ContentError, match="no such file or directory"):
        load_wolf_content(tmp_path / "missing")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    with pytest.raises(ContentError, match="not a file of a pack"):
        load_wolf_content(tmp_path / "notes.txt")


def test_organiser_copy_of_the_defaults_loads_equal(organiser: Path, pack: WolfContent) -> None:
    assert load_wolf_content(organiser) == pack
