"""The Wolves on the Hunt content pack: the default pack is complete and consistent, and broken packs say where."""

from __future__ import annotations

import heapq
import shutil
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import get_args

import pytest
from pydantic import BaseModel

from wolfpack.content import OUR_DEFAULT, RULEBOOK_PREFIX, ContentError, Entry
from wolfpack.games.hunt.content import (
    DATA_PACKAGE,
    LOCATIONS,
    PACK_FILES,
    AbilityKind,
    ActionKind,
    BonusKind,
    DieColour,
    EnhanceTarget,
    FreeAction,
    HuntContent,
    Location,
    PowerKind,
    Stat,
    Timing,
    Wolf,
    clockwise,
    load_hunt_content,
)

DATA = Path(str(resources.files(DATA_PACKAGE)))


@pytest.fixture(scope="module")
def pack() -> HuntContent:
    return load_hunt_content()


def all_wolves(pack: HuntContent) -> list[Wolf]:
    return [*pack.deck("day"), *pack.deck("night"), *pack.deck("leader")]


# ---------------------------------------------------------------- counts the issue names


def test_pack_files_ship_inside_the_package() -> None:
    assert sorted(path.name for path in DATA.glob("*.toml")) == sorted(f"{name}.toml" for name in PACK_FILES)
    assert (DATA / "__init__.py").exists()


def test_default_pack_has_the_issues_counts(pack: HuntContent) -> None:
    assert (len(pack.deck("day")), len(pack.deck("night")), len(pack.deck("leader"))) == (16, 16, 8)
    assert len(pack.characters.characters) == 6
    assert len(pack.map.locations) == len(pack.map.spaces) == len(pack.map.lines) == 8
    assert len(pack.map.dog_spaces) == 4
    assert len(pack.sheet.rows) == 6
    assert len(pack.components.traps) == 6
    assert pack.components.outwits.count == 2
    assert (pack.components.dogs.total, pack.components.dogs.on_map, pack.components.dogs.health) == (5, 4, 3)
    assert len(pack.components.dice) == 7
    assert [r.kind for r in pack.components.rounds] == ["day", "day", "night", "night", "endgame", "endgame"]
    assert [r.deck for r in pack.components.rounds] == ["day", "day", "night", "night", "night", "night"]


def test_default_pack_is_loaded_once(pack: HuntContent) -> None:
    assert load_hunt_content() is pack


def test_loaded_content_is_frozen(pack: HuntContent) -> None:
    with pytest.raises(ValueError, match="frozen"):
        pack.wolf("day-01").health = 9  # type: ignore[misc]


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


def test_every_entry_says_where_its_numbers_come_from(pack: HuntContent) -> None:
    sources = Counter(entry.source for entry in entries(pack))
    assert sum(sources.values()) > 100
    assert all(source == OUR_DEFAULT or source.startswith(RULEBOOK_PREFIX) for source in sources)
    assert all(wolf.source == OUR_DEFAULT for wolf in all_wolves(pack))
    assert all(character.source == OUR_DEFAULT for character in pack.characters.characters)


def test_rulebook_numbers_are_marked_as_the_rulebooks(pack: HuntContent) -> None:
    components = pack.components
    for entry in (components.cards, components.outwits, components.dogs, components.elders, *components.dice):
        assert entry.source.startswith(RULEBOOK_PREFIX)
    assert (components.elders.easy, components.elders.normal, components.elders.hard) == (3, 2, 1)
    assert components.elders.health == 1


def test_files_start_with_a_comment_saying_what_they_are() -> None:
    for name in PACK_FILES:
        text = (DATA / f"{name}.toml").read_text(encoding="utf-8")
        assert text.startswith("# Wolves on the Hunt: ")
        assert "source" in text.split("\n\n")[0] or "our default" in text.split("\n\n")[0]


# ---------------------------------------------------------------- wolves


def test_every_ability_bonus_timing_and_location_is_used(pack: HuntContent) -> None:
    wolves = all_wolves(pack)
    abilities = [wolf.ability for wolf in wolves if wolf.ability is not None]
    assert {a.kind for a in abilities} == set(get_args(AbilityKind))
    assert {a.timing for a in abilities} == set(get_args(Timing))
    assert {a.immune_to for a in abilities if a.kind == "immune"} == set(get_args(Stat))
    assert {a.die for a in abilities if a.kind == "capture"} == set(get_args(DieColour))
    assert {wolf.bonus.kind for wolf in wolves} == set(get_args(BonusKind))
    assert {wolf.bonus.stat for wolf in wolves if wolf.bonus.kind == "enhance"} == set(get_args(EnhanceTarget))
    assert {wolf.back for wolf in wolves} == set(LOCATIONS)
    assert any(wolf.ability is None for wolf in wolves)


@pytest.mark.parametrize(("deck", "per_location"), [("day", 2), ("night", 2), ("leader", 1)])
def test_card_backs_are_spread_evenly(pack: HuntContent, deck: str, per_location: int) -> None:
    backs = Counter(wolf.back for wolf in pack.deck(deck))  # type: ignore[arg-type]
    assert backs == dict.fromkeys(LOCATIONS, per_location)


def test_day_wolves_are_weaker_than_night_wolves_and_pack_leaders_strongest(pack: HuntContent) -> None:
    day, night, leaders = pack.deck("day"), pack.deck("night"), pack.deck("leader")

    def mean(values: list[int]) -> float:
        return sum(values) / len(values)

    assert max(w.health for w in day) <= min(w.health for w in night)
    assert max(w.health for w in night) < min(w.health for w in leaders)
    assert mean([w.health for w in day]) < mean([w.health for w in night]) < mean([w.health for w in leaders])
    assert mean([w.damage for w in day]) < mean([w.damage for w in night]) <= mean([w.damage for w in leaders])
    assert all(wolf.ability is not None for wolf in leaders)


def test_wolf_lookup(pack: HuntContent) -> None:
    assert pack.wolf("night-03").ability is not None
    with pytest.raises(KeyError, match="no wolf card"):
        pack.wolf("day-99")


# ---------------------------------------------------------------- characters


def test_characters_are_distinct_and_balanced(pack: HuntContent) -> None:
    characters = pack.characters.characters
    assert {c.b_side.kind for c in characters} == set(get_args(PowerKind))
    assert len({c.a_side.start for c in characters}) == 6
    for character in characters:
        setup = character.a_side
        # Every A side starts three steps above the first box in total (see design notes).
        assert setup.knife + setup.rifle + setup.traps == 3 + 3
        assert all(pack.stat_value(stat, getattr(setup, stat)) >= 1 for stat in get_args(Stat))


def test_rulebook_characters_and_their_examples(pack: HuntContent) -> None:
    # Jack is adjacent to the wolves in East and South-East, not to one in West (rulebook, Knife).
    jack = pack.character("jack")
    assert pack.locations_adjacent_to(jack.a_side.start) == ("E", "SE")
    assert "W" not in pack.locations_adjacent_to(jack.a_side.start)
    with pytest.raises(KeyError, match="no character"):
        pack.character("nobody")


# ---------------------------------------------------------------- map


def test_locations_run_clockwise_from_north(pack: HuntContent) -> None:
    assert tuple(location.id for location in pack.map.locations) == LOCATIONS
    assert clockwise("NW") == "N"
    assert clockwise("N", -1) == "NW"


def test_adjacency_is_symmetric_and_forms_the_ring(pack: HuntContent) -> None:
    for location in LOCATIONS:
        spaces = pack.spaces_adjacent_to(location)
        assert all(location in pack.locations_adjacent_to(space) for space in spaces)
    for space in pack.map.spaces:
        for location in pack.locations_adjacent_to(space.id):
            assert space.id in pack.spaces_adjacent_to(location)
        (back, _), (ahead, _) = pack.neighbours(space.id)
        assert pack.neighbours(back)[1][0] == space.id
        assert pack.neighbours(ahead)[0][0] == space.id
    # Walking clockwise from any space visits all eight and comes back.
    walk = [pack.map.spaces[0].id]
    for _ in range(8):
        walk.append(pack.neighbours(walk[-1])[1][0])
    assert walk[-1] == walk[0]
    assert len(set(walk)) == 8


def test_bonus_spaces_are_the_three_the_rulebook_names(pack: HuntContent) -> None:
    bonuses = {space: (bonus.action, bonus.amount) for space, bonus in pack.bonus_spaces().items()}
    assert bonuses == {"SE-S": ("knife", 1), "N-NE": ("rifle", 1), "SW-W": ("trap", 1)}
    # The rulebook's spelling of the names works too.
    assert pack.space("S-SE").id == "SE-S"
    assert pack.space("W-SW").id == "SW-W"
    with pytest.raises(KeyError, match="no player space"):
        pack.space("N-S")


def test_river_lies_between_south_and_south_west(pack: HuntContent) -> None:
    rivers = [line for line in pack.map.lines if line.river]
    assert len(rivers) == 1
    assert set(rivers[0].spaces) == {"S-SW", "SW-W"}
    assert pack.map.terrain.river_health_cost == 1
    assert pack.map.terrain.rock_extra_cost == 1


def test_dogs_face_every_location_once(pack: HuntContent) -> None:
    faced = [location for dog in pack.map.dog_spaces for location in dog.locations]
    assert sorted(faced) == sorted(LOCATIONS)


def move_costs(pack: HuntContent, start: str) -> dict[str, int]:
    """Fewest move points from `start` to every space (a test helper: the engine owns movement)."""
    rocks = pack.map.terrain.rock_extra_cost
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, space = heapq.heappop(queue)
        if cost > best[space]:
            continue
        for neighbour, line in pack.neighbours(space):
            step = line.cost + (rocks if pack.space(neighbour).rocks else 0)
            if cost + step < best.get(neighbour, 1_000):
                best[neighbour] = cost + step
                heapq.heappush(queue, (cost + step, neighbour))
    return best


def test_rulebook_rocks_example_distance_is_four(pack: HuntContent) -> None:
    # "Joanna can take the black 6, the green 5 or the white 4 to go to the player space South/South East,
    # since it is a distance of 4 (rocks demand extra movement)" (rulebook, Rocks).
    joanna = pack.character("joanna").a_side.start
    distance = move_costs(pack, joanna)[pack.space("S-SE").id]
    assert distance == 4
    lines_crossed = 3  # clockwise N-NE -> NE-E -> E-SE -> SE-S
    assert distance > lines_crossed  # the rocks are what make it 4


def test_every_space_is_reachable_with_one_die(pack: HuntContent) -> None:
    for space in pack.map.spaces:
        assert max(move_costs(pack, space.id).values()) <= 6


# ---------------------------------------------------------------- sheet and components


def test_rows_match_the_dice(pack: HuntContent) -> None:
    assert {row.id: row.colour for row in pack.sheet.rows} == {
        "knife": "red",
        "rifle": "green",
        "trap": "yellow",
        "power": "purple",
        "samovar": "black",
        "outwit": "blue",
    }
    assert pack.die("white").action == "any"
    assert {die.action for die in pack.components.dice} == {*get_args(ActionKind), "any"}


def test_sheet_offers_every_free_and_main_unlock(pack: HuntContent) -> None:
    boxes = [box for row in pack.sheet.rows for box in row.boxes]
    assert len(boxes) == 42  # one per die a solo hunter could take in 6 rounds of 7 dice
    assert {box.free for box in boxes if box.free} == set(get_args(FreeAction))
    assert {box.main for box in boxes if box.main} == set(get_args(ActionKind))
    assert all(not (row.boxes[0].free or row.boxes[0].main) for row in pack.sheet.rows)
    assert pack.row("knife").boxes[1].free == "health"


def test_difficulties_start_with_three_two_one_free_actions(pack: HuntContent) -> None:
    easy, normal, hard = (pack.starting_free_actions(d) for d in ("easy", "normal", "hard"))
    assert (len(easy), len(normal), len(hard)) == (3, 2, 1)
    assert set(hard) <= set(normal) <= set(easy)
    assert (pack.elders("easy"), pack.elders("normal"), pack.elders("hard")) == (3, 2, 1)


def test_stat_tracks_climb_and_traps_fit_them(pack: HuntContent) -> None:
    for stat in get_args(Stat):
        values = pack.track(stat).values
        assert list(values) == sorted(values)
        assert values[0] == 1
    assert pack.stat_value("knife", 1) == 1
    with pytest.raises(ValueError, match="steps 1 to 8"):
        pack.stat_value("knife", 9)
    sides = [side for trap in pack.components.traps for side in trap.sides]
    assert all(trap.sides[0] != trap.sides[1] for trap in pack.components.traps)
    assert max(sides) == max(pack.track("traps").values)
    assert sides.count(3) >= 2  # the rulebook's Trap example uses two traps showing 3


def test_hearts(pack: HuntContent) -> None:
    assert pack.sheet.hearts.start >= 1
    assert pack.sheet.hearts.extra >= 2  # room for at least one heal player bonus
    assert pack.sheet.dice_spaces.count == 3


# ---------------------------------------------------------------- broken packs


@pytest.fixture
def organiser(tmp_path: Path) -> Path:
    """A copy of the default pack where an organiser would keep theirs."""
    for name in PACK_FILES:
        shutil.copy(DATA / f"{name}.toml", tmp_path / f"{name}.toml")
    return tmp_path


BREAKAGES = [
    # (file, old text, new text, entry starts with, field, message contains, line of (text, offset))
    (
        "wolves",
        'name = "Snow Biter"\nhealth = 3',
        'name = "Snow Biter"\nhealth = 0',
        'day_wolves[3] (id "day-04", name "Snow Biter")',
        "health",
        "must be at least 1 (got 0)",
        ("health = 0", 0),
    ),
    (
        "wolves",
        'name = "Snow Biter"\nhealth = 3\n',
        'name = "Snow Biter"\n',
        "day_wolves[3]",
        "health",
        "required, but missing",
        ('id = "day-04"', -1),
    ),
    (
        "wolves",
        'name = "Mud Lurker"\n',
        'name = "Mud Lurker"\nfangs = 2\n',
        "day_wolves[4]",
        "fangs",
        "unknown field",
        ("fangs = 2", 0),
    ),
    (
        "wolves",
        'name = "Mud Lurker"\nhealth = 3',
        'name = "Mud Lurker"\nhealth = "3"',
        "day_wolves[4]",
        "health",
        'must be a whole number (got "3")',
        ('health = "3"', 0),
    ),
    (
        "wolves",
        'damage = 1\nbonus = { kind = "enhance", stat = "knife" }\nback = "N"',
        'damage = 1\nbonus = { kind = "enhance", stat = "knife" }\nback = "NNE"',
        'day_wolves[0] (id "day-01"',
        "back",
        'must be one of "N", "NE"',
        ('back = "NNE"', 0),
    ),
    (
        "wolves",
        'kind = "immune", immune_to = "knife", timing = "ongoing"',
        'kind = "immune", immune_to = "knife", timing = "arrival"',
        'night_wolves[2] (id "night-03"',
        "ability.timing",
        '"immune" must have timing ongoing',
        ('timing = "arrival"', 0),
    ),
    (
        "wolves",
        'kind = "immune", immune_to = "knife"',
        'kind = "immune", immune_to = "teeth"',
        "night_wolves[2]",
        "ability.immune_to",
        'must be one of "knife", "rifle" or "traps"',
        ('"teeth"', 0),
    ),
    (
        "wolves",
        'kind = "capture", die = "red"',
        'kind = "capture", die = "pink"',
        'day_wolves[8] (id "day-09"',
        "ability.die",
        "must be one of",
        ('"pink"', 0),
    ),
    (
        "wolves",
        'bonus = { kind = "enhance", stat = "knife" }',
        'bonus = { kind = "enhance" }',
        "day_wolves[0]",
        "bonus.stat",
        'an "enhance" bonus needs stat',
        ('bonus = { kind = "enhance" }', 0),
    ),
    (
        "wolves",
        'bonus = { kind = "heal_dog" }',
        'bonus = { kind = "heal_dog", stat = "knife" }',
        "day_wolves[4]",
        "bonus.stat",
        'only an "enhance" bonus has a stat',
        ('kind = "heal_dog", stat', 0),
    ),
    (
        "wolves",
        'id = "night-05"',
        'id = "day-05"',
        'night_wolves[4] (id "day-05"',
        "id",
        'duplicate id "day-05" (also day_wolves[4])',
        ('id = "day-05"', 0),
    ),
    (
        "wolves",
        'immune_to = "knife", timing = "ongoing" }\nback = "NE"\nsource = "our default"',
        'immune_to = "knife", timing = "ongoing" }\nback = "NE"\nsource = "from memory"',
        'pack_leaders[1] (id "leader-2"',
        "source",
        'must be "our default" or "rulebook: <section>"',
        ('source = "from memory"', 0),
    ),
    (
        "characters",
        'start = "E-SE"',
        'start = "E-S"',
        'characters[1] (id "jack", name "Jack")',
        "a_side.start",
        'unknown player space "E-S"',
        ('"E-S"', 0),
    ),
    (
        "characters",
        "knife = 4, rifle = 1",
        "knife = 9, rifle = 1",
        "characters[1]",
        "a_side.knife",
        "the knife track has 8 steps (got 9)",
        ("knife = 9", 0),
    ),
    (
        "characters",
        'kind = "lure"',
        'kind = "teleport"',
        'characters[5] (id "emil"',
        "b_side.kind",
        'must be one of "long_shot"',
        ('"teleport"', 0),
    ),
    (
        "characters",
        "amount = 3\n",
        "amount = 0\n",
        "characters[1]",
        "b_side.amount",
        "must be at least 1 (got 0)",
        ("amount = 0", 0),
    ),
    (
        "characters",
        'id = "ruth"\nname = "Ruth"',
        'id = "ruth"\nname = "Jack"',
        'characters[4] (id "ruth", name "Jack")',
        "name",
        'duplicate name "Jack"',
        ('name = "Jack"', 0),
    ),
    (
        "map",
        'id = "E-SE"\nbetween = ["E", "SE"]\nrocks = true',
        'id = "E-SE"\nbetween = ["E", "SE"]\nrocks = "yes"',
        'spaces[2] (id "E-SE")',
        "rocks",
        'must be true or false (got "yes")',
        ('rocks = "yes"', 0),
    ),
    (
        "map",
        'spaces = ["E-SE", "SE-S"]',
        'spaces = ["E-SE", "SE-SS"]',
        "lines[3]",
        "spaces[1]",
        'unknown space "SE-SS"',
        ('"SE-SS"', 0),
    ),
    (
        "map",
        'spaces = ["E-SE", "SE-S"]',
        'spaces = ["SE-S", "E-SE"]',
        "lines[3]",
        "spaces",
        "the SE line separates",
        ('spaces = ["SE-S", "E-SE"]', 0),
    ),
    (
        "map",
        'locations = ["W", "NW"]',
        'locations = ["W", "N"]',
        'dog_spaces[3] (id "dog-w")',
        "locations[1]",
        'already faces dog space "dog-n"',
        ('locations = ["W", "N"]', 0),
    ),
    (
        "map",
        'id = "SE"\nname = "South-East"',
        'id = "S"\nname = "South-East"',
        'locations[3] (id "S"',
        "id",
        'expected "SE" here',
        ('name = "South-East"', -1),
    ),
    (
        "map",
        'id = "S-SW"\nbetween = ["S", "SW"]',
        'id = "S-SW"\nbetween = ["S", "W"]',
        "spaces[4]",
        "between",
        "must be neighbouring locations",
        ('between = ["S", "W"]', 0),
    ),
    (
        "map",
        "cost = 1\nriver = true",
        "cost = 0\nriver = true",
        "lines[5]",
        "cost",
        "must be at least 1 (got 0)",
        ("cost = 0", 0),
    ),
    (
        "sheet",
        '{ main = "trap" },    # 5',
        '{ main = "traps" },    # 5',
        'rows[1] (id "rifle") boxes[4]',
        "main",
        'must be one of "knife"',
        ('"traps"', 0),
    ),
    (
        "sheet",
        "values = [1, 2, 3, 3, 4, 4, 5, 5]",
        "values = [1, 2, 3, 3, 4, 4, 5, 4]",
        'tracks[2] (id "traps")',
        "values[7]",
        "a track never goes down",
        ("values = [1, 2, 3, 3, 4, 4, 5, 4]", 0),
    ),
    (
        "sheet",
        'difficulties = ["easy"]',
        'difficulties = ["hard"]',
        "starting_free_actions[2]",
        "difficulties",
        "kept on hard means kept on normal too",
        ('["hard"]', 0),
    ),
    (
        "sheet",
        'colour = "yellow"',
        'colour = "white"',
        'rows[2] (id "trap")',
        "colour",
        'must be "yellow", the colour of the trap die',
        ('colour = "white"', 0),
    ),
    ("sheet", "start = 12", "start = 0", None, "hearts.start", "must be at least 1 (got 0)", ("start = 0", 0)),
    (
        "components",
        "on_map = 4",
        "on_map = 6",
        None,
        "dogs.on_map",
        "must be at most total (5) (got 6)",
        ("on_map = 6", 0),
    ),
    (
        "components",
        "sides = [1, 2]",
        "sides = [0, 2]",
        'traps[0] (id "trap-1")',
        "sides[0]",
        "must be at least 1 (got 0)",
        ("sides = [0, 2]", 0),
    ),
    (
        "components",
        "number = 4",
        "number = 5",
        "rounds[3]",
        "number",
        "rounds are numbered 1, 2, ...; expected 4",
        ("number = 5", 0),
    ),
    (
        "components",
        'colour = "blue"\naction = "outwit"',
        'colour = "blue"\naction = "knife"',
        "dice[5]",
        "action",
        'duplicate action "knife" (also dice[0])',
        ('action = "knife"', 0),
    ),
]


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
    ids=[f"{b[0]}-{b[4]}-{i}" for i, b in enumerate(BREAKAGES)],
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
        load_hunt_content(organiser)
    error = caught.value
    assert len(error.problems) == 1, str(error)
    assert error.file == str(organiser / f"{name}.toml")
    if entry is None:  # a top-level table: the table is the entry
        table, _, rest = field.partition(".")
        assert (error.entry, error.field) == (table, rest), str(error)
    else:
        assert error.entry is not None and error.entry.startswith(entry), str(error)
        assert error.field == field
    assert message in str(error)
    assert error.line == line_of(broken, *line), str(error)
    assert str(error).startswith(f"{organiser / name}.toml:{error.line}: ")


def test_wrong_number_of_cards_is_blamed_on_the_deck(organiser: Path) -> None:
    text = (organiser / "wolves.toml").read_text(encoding="utf-8")
    start = text.index('[[day_wolves]]\nid = "day-16"')
    end = text.index("\n\n", start)
    (organiser / "wolves.toml").write_text(text[:start] + text[end + 2 :], encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_hunt_content(organiser)
    error = caught.value
    assert (error.file, error.entry, error.field) == (str(organiser / "wolves.toml"), None, "day_wolves")
    assert error.line == text.split("\n").index("[[day_wolves]]") + 1
    assert "must have exactly 16 day wolves (components.toml cards.day_wolves); found 15" in str(error)


def test_count_follows_the_components_file(organiser: Path) -> None:
    break_file(organiser, "components", "pack_leaders = 8", "pack_leaders = 7")
    with pytest.raises(ContentError, match="must have exactly 7 pack leaders"):
        load_hunt_content(organiser)


def test_toml_syntax_error(organiser: Path) -> None:
    broken = break_file(organiser, "map", "rock_extra_cost = 1", "rock_extra_cost = ")
    with pytest.raises(ContentError) as caught:
        load_hunt_content(organiser)
    assert caught.value.line == line_of(broken, "rock_extra_cost")
    assert "not valid TOML" in str(caught.value)


def test_problems_in_several_files_are_reported_together(organiser: Path) -> None:
    break_file(organiser, "wolves", "health = 2", "health = 0")
    break_file(organiser, "sheet", "extra = 8", "extra = -1")
    with pytest.raises(ContentError) as caught:
        load_hunt_content(organiser)
    assert {Path(p.file).name for p in caught.value.problems} == {"wolves.toml", "sheet.toml"}


# ---------------------------------------------------------------- organiser's packs


def test_organiser_directory_replaces_only_the_files_it_has(tmp_path: Path) -> None:
    text = (DATA / "wolves.toml").read_text(encoding="utf-8").replace('name = "Grey Yearling"', 'name = "Old Grey"')
    (tmp_path / "wolves.toml").write_text(text, encoding="utf-8")
    pack = load_hunt_content(tmp_path)
    assert pack.wolf("day-01").name == "Old Grey"
    assert pack.map == load_hunt_content().map  # not in the directory: the default


def test_organiser_single_file(tmp_path: Path) -> None:
    text = (DATA / "components.toml").read_text(encoding="utf-8").replace("easy = 3", "easy = 4")
    (tmp_path / "components.toml").write_text(text, encoding="utf-8")
    assert load_hunt_content(tmp_path / "components.toml").elders("easy") == 4


def test_organiser_file_checked_against_the_defaults(tmp_path: Path) -> None:
    text = (DATA / "characters.toml").read_text(encoding="utf-8").replace('start = "NW-N"', 'start = "X-Y"')
    (tmp_path / "characters.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_hunt_content(tmp_path)
    assert caught.value.file == str(tmp_path / "characters.toml")
    assert caught.value.field == "a_side.start"


def test_unknown_file_in_organiser_directory_is_an_error(organiser: Path) -> None:
    (organiser / "wolfs.toml").write_text("", encoding="utf-8")
    with pytest.raises(ContentError, match=r"wolfs\.toml: not a file of a pack; expected wolves\.toml, "):
        load_hunt_content(organiser)


def test_empty_or_missing_organiser_path_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="no content files here"):
        load_hunt_content(tmp_path)
    with pytest.raises(ContentError, match="no such file or directory"):
        load_hunt_content(tmp_path / "missing")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    with pytest.raises(ContentError, match="not a file of a pack"):
        load_hunt_content(tmp_path / "notes.txt")


def test_organiser_copy_of_the_defaults_loads_equal(organiser: Path, pack: HuntContent) -> None:
    assert load_hunt_content(organiser) == pack


def test_location_type_matches_the_ring() -> None:
    assert get_args(Location) == LOCATIONS
