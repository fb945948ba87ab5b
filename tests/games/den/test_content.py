"""The Den of Wolves content packs: both default packs load and follow the design; broken packs say where."""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from wolfpack.content import OUR_DEFAULT, RULEBOOK_PREFIX, ContentError, Entry
from wolfpack.games.den.content import (
    DATA_PACKAGES,
    EDITIONS,
    ON_FOOT,
    PACK_FILES,
    TARGETED_OPS,
    Band,
    ClassicDenContent,
    DenContent,
    Edition,
    Rations,
    Resource,
    Ship,
    load_den_content,
    science_uses,
)


def data_dir(edition: Edition) -> Path:
    return Path(str(resources.files(DATA_PACKAGES[edition])))


@pytest.fixture(scope="module", params=EDITIONS)
def edition(request: pytest.FixtureRequest) -> Edition:
    value: Edition = request.param
    return value


@pytest.fixture(scope="module")
def pack(edition: Edition) -> DenContent:
    return load_den_content(edition)


@pytest.fixture(scope="module")
def classic() -> DenContent:
    return load_den_content("classic")


@pytest.fixture(scope="module")
def infinite() -> DenContent:
    return load_den_content("infinite-domain")


CLASSIC_SHIPS = (
    "aegis",
    "star-alpha",
    "dione",
    "icebreaker",
    "quellon",
    "carmine",
    "halcyon",
    "meridian",
    "vulcan",
    "endeavour",
    "asclepius",
)
INFINITE_SHIPS = (*CLASSIC_SHIPS, "javelin", "hephaestus", "baltar")
CIVILIAN = ("captain", "first-officer", "council-member", "chief-engineer")
ROLES: dict[Edition, dict[str, tuple[str, ...]]] = {
    "classic": {
        "aegis": ("commanding-officer", "xo", "comms-officer", "logs-officer", "fwco"),
        "star-alpha": ("president", "vice-president", "first-secretary"),
        **dict.fromkeys(("dione", "icebreaker", "quellon", "carmine", "halcyon", "meridian"), CIVILIAN),
        "vulcan": ("captain", "warden"),
        "endeavour": ("captain", "chief-scientist"),
        "asclepius": ("captain", "chief-surgeon"),
    },
    "infinite-domain": {
        "aegis": ("admiral", "xo", "comms-officer", "logistics-officer", "cag", "council-liaison"),
        "star-alpha": ("president", "vice-president", "chief-of-staff", "parliamentarian"),
        **dict.fromkeys(("dione", "icebreaker", "quellon", "carmine", "halcyon", "meridian"), CIVILIAN),
        "vulcan": ("captain", "warden"),
        "endeavour": ("captain", "chief-scientist"),
        "asclepius": ("captain", "chief-surgeon"),
        "javelin": ("captain", "xo"),
        "hephaestus": ("captain", "chief-engineer", "diplomat"),
        "baltar": ("captain", "chief-scientist"),
    },
}
# Besides the commanders, who goes to the fleet map (each rulebook's "Wolf Attack Player Summary").
TO_THE_MAP: dict[Edition, set[tuple[str, str]]] = {
    "classic": {
        ("aegis", "xo"),
        ("aegis", "fwco"),
        ("dione", "first-officer"),
        ("icebreaker", "first-officer"),
        ("quellon", "first-officer"),
        ("vulcan", "warden"),
    },
    "infinite-domain": {
        ("aegis", "xo"),
        ("aegis", "cag"),
        ("dione", "first-officer"),
        ("icebreaker", "first-officer"),
        ("quellon", "first-officer"),
        ("javelin", "xo"),
    },
}
SEATS: dict[Edition, int] = {"classic": 40, "infinite-domain": 51}
NATIONS = {"FAS", "CPA", "SAN", "Rosal", "Proxima", "Gliese"}
RULEBOOK_SECTIONS = {
    "Sequence of Action",
    "Player Roles",
    "Morale Tracks",
    "The Interstellar Council",
    "Resources and Units",
    "Stations and Crew",
    "The Fleet Map",
    "Wolf Attack",
    "Combat",
    "FTL Travel",
    "Action Cards",
    "Riots",
    "Player Locations",
}


def entries(model: Any) -> Iterator[Entry]:
    """Every entry (a model with a `source`) in a pack, however deep."""
    if isinstance(model, Entry):
        yield model
    if isinstance(model, BaseModel):
        for name in type(model).model_fields:
            yield from entries(getattr(model, name))
    elif isinstance(model, tuple | list):
        for item in model:
            yield from entries(item)
    elif isinstance(model, dict):
        for item in model.values():
            yield from entries(item)


def mentions_science(data: Any) -> bool:
    """Whether dumped content names the science resource: as a hold or reward key, or an effect's resource."""
    if isinstance(data, dict):
        if "science" in data or data.get("resource") == "science":
            return True
        return any(mentions_science(value) for value in data.values())
    if isinstance(data, list | tuple):
        return any(mentions_science(item) for item in data)
    return False


def seated(ship: Ship) -> Counter[str]:
    counts: Counter[str] = Counter()
    for group in ship.crew:
        counts[group.station] += group.count
    return counts


def usable_crew(ship: Ship, station_id: str) -> int:
    """Crew on the station whose training lets them run it (anyone runs an untrained station)."""
    station = ship.station(station_id)
    return sum(
        group.count
        for group in ship.crew
        if group.station == station_id and station.training in ("untrained", group.training)
    )


def production(ship: Ship, resource: str) -> int:
    """What a ship's production stations make of `resource` in a turn with every seat used (recreation aside)."""
    total = 0
    for station in ship.stations:
        if station.kind == "recreation":
            continue
        uses = station.capacity // station.crew
        for effect in station.effects:
            if effect.resource == resource:
                total += uses * (effect.amount if effect.op == "gain" else -effect.amount)
    return total


def band_result(bands: tuple[Band, ...], roll: int) -> int:
    (match,) = [band.result for band in bands if band.low <= roll <= band.high]
    return match


# ---------------------------------------------------------------- the packs load


def test_pack_files_ship_inside_the_package(edition: Edition) -> None:
    directory = data_dir(edition)
    assert sorted(path.name for path in directory.glob("*.toml")) == sorted(f"{name}.toml" for name in PACK_FILES)
    assert (directory / "__init__.py").exists()
    assert (directory.parent / "__init__.py").read_text(encoding="utf-8") == ""


def test_default_packs_load_with_their_editions_model(classic: DenContent, infinite: DenContent) -> None:
    assert type(classic) is ClassicDenContent
    assert type(infinite) is DenContent
    assert load_den_content("classic") is classic  # shared, loaded once


def test_files_start_with_a_comment_saying_what_they_are(edition: Edition) -> None:
    title = "classic" if edition == "classic" else "Infinite Domain"
    for name in PACK_FILES:
        text = (data_dir(edition) / f"{name}.toml").read_text(encoding="utf-8")
        first = text.split("\n\n")[0]
        assert text.startswith(f"# DEN OF WOLVES ({title}): "), name
        assert "only as pictures" in first and "our design" in first, name
        assert "docs/games/den-of-wolves.md" in first, name


def test_every_entry_says_where_its_numbers_come_from(pack: DenContent) -> None:
    sources = Counter(entry.source for entry in entries(pack))
    assert sum(sources.values()) > 300
    for source in sources:
        assert source == OUR_DEFAULT or source.removeprefix(RULEBOOK_PREFIX) in RULEBOOK_SECTIONS, source
    assert pack.tables.tables.source == "rulebook: Morale Tracks"
    assert pack.ships["aegis"].source == "rulebook: Morale Tracks"
    assert all(card.source == OUR_DEFAULT for deck in pack.damage.decks.values() for card in deck)
    assert all(d.source == OUR_DEFAULT for d in pack.destinations.destinations)


# ---------------------------------------------------------------- ships and seats


def test_the_fleets(classic: DenContent, infinite: DenContent) -> None:
    assert tuple(classic.ships) == CLASSIC_SHIPS
    assert tuple(infinite.ships) == INFINITE_SHIPS
    for pack in (classic, infinite):
        aegis = pack.ships["aegis"]
        assert (aegis.centre, aegis.quadrant, aegis.size, aegis.damage_divisor) == (True, 0, 2, 3)
        assert [ship.id for ship in pack.fleet.ships if ship.centre] == ["aegis"]
        assert all(ship.damage_divisor == 1 for ship in pack.fleet.ships if ship.id != "aegis")


def test_each_nation_has_one_ship_with_a_council_member(pack: DenContent) -> None:
    council = [ship.nation for ship in pack.fleet.ships if any(r.id == "council-member" for r in ship.roles)]
    assert sorted(council) == sorted(NATIONS)
    nations = {ship_id: pack.ships[ship_id].nation for ship_id in ("dione", "icebreaker", "quellon")}
    assert nations == {"dione": "FAS", "icebreaker": "CPA", "quellon": "SAN"}


def test_roles_of_every_team(edition: Edition, pack: DenContent) -> None:
    assert {ship.id: tuple(r.id for r in ship.roles) for ship in pack.fleet.ships} == ROLES[edition]
    for ship in pack.fleet.ships:
        (commander,) = [role for role in ship.roles if role.commander]
        assert commander.map_access, ship.id
        expected = "captain" if ship.id not in ("aegis", "star-alpha") else commander.id
        assert commander.id == expected
    aegis = pack.ships["aegis"]
    if edition == "classic":
        assert aegis.roles[0].title == "Commanding Officer (Admiral of the Fleet)"
        assert aegis.roles[0].id == "commanding-officer"
    else:
        assert aegis.roles[0].id == "admiral"
    assert pack.ships["star-alpha"].roles[0].id == "president"


def test_map_access_follows_the_wolf_attack_player_summary(edition: Edition, pack: DenContent) -> None:
    on_the_map = {(ship.id, role.id) for ship in pack.fleet.ships for role in ship.roles if role.map_access}
    commanders = {(ship.id, role.id) for ship in pack.fleet.ships for role in ship.roles if role.commander}
    assert on_the_map == commanders | TO_THE_MAP[edition]


def test_media_wildcards_and_seat_count(edition: Edition, pack: DenContent) -> None:
    tables = pack.tables.tables
    assert [role.id for role in tables.media] == ["anchor", "reporter"]
    assert [role.id for role in tables.wildcards] == ([] if edition == "classic" else ["wildcard-1", "wildcard-2"])
    extra = [*tables.media, *tables.wildcards]
    assert not any(role.commander or role.map_access for role in extra)
    seats = sum(len(ship.roles) for ship in pack.fleet.ships) + len(extra)
    assert seats == SEATS[edition]


def test_specialist_ships(edition: Edition, pack: DenContent) -> None:
    surgeon = pack.ships["asclepius"]
    assert sum(station.kind == "sickbay" for station in surgeon.stations) >= 2
    science_ships = ["endeavour"] if edition == "classic" else ["endeavour", "baltar"]
    for ship_id in science_ships:
        (lab,) = [station for station in pack.ships[ship_id].stations if station.kind == "lab"]
        assert lab.training == "science"
        if edition == "classic":
            assert [effect.op for effect in lab.effects] == ["freeform"]
        else:
            assert [(e.op, e.resource) for e in lab.effects] == [("gain", "science")]
    sickbays = [ship.id for ship in pack.fleet.ships if any(s.kind == "sickbay" for s in ship.stations)]
    assert {"aegis", "asclepius"} <= set(sickbays) and len(sickbays) >= 4
    for ship in pack.fleet.ships:
        for station in ship.stations:
            if station.kind == "sickbay":
                assert (station.training, [e.op for e in station.effects]) == ("medical", ["heal"])
    assert any(station.kind == "brig" and not station.effects for station in pack.ships["aegis"].stations)
    assert any(station.kind == "scanner" for station in pack.ships["aegis"].stations)


def test_hephaestus_riot_troops(infinite: DenContent, classic: DenContent) -> None:
    ship = infinite.ships["hephaestus"]
    assert (ship.nation, ship.riot_troop_bonus, ship.source) == ("Helvetii", 2, "rulebook: Riots")
    assert [(unit.kind, unit.count) for unit in ship.units] == [("riot-troops", 2)]
    others = [s for s in infinite.fleet.ships if s.id != "hephaestus"] + list(classic.fleet.ships)
    assert all(s.riot_troop_bonus == 0 and all(u.kind != "riot-troops" for u in s.units) for s in others)
    assert "riot-troops" in ON_FOOT


# ---------------------------------------------------------------- stations, crew, units


def test_every_ship_has_a_jump_drive_crewed_for_the_start_of_a_turn(pack: DenContent) -> None:
    for ship in pack.fleet.ships:
        (drive,) = [station for station in ship.stations if station.kind == "jump-drive"]
        assert drive.start_of_turn and drive.crew == 1 and not drive.effects, ship.id
        assert drive.training in ("pilot", "untrained"), ship.id
        assert usable_crew(ship, drive.id) >= drive.crew, ship.id
        assert [s.id for s in ship.stations if s.start_of_turn] == [drive.id], ship.id


def test_crew_fits_the_stations(pack: DenContent) -> None:
    for ship in pack.fleet.ships:
        on_station = seated(ship)
        for station in ship.stations:
            assert on_station[station.id] <= station.capacity, (ship.id, station.id)
        # Enough crew to run most stations, and a few trained ones.
        runnable = [s for s in ship.stations if usable_crew(ship, s.id) >= s.crew]
        assert len(runnable) >= 0.75 * len(ship.stations), ship.id
        assert any(group.training != "untrained" for group in ship.crew) or ship.size == 1, ship.id


def test_stations_use_the_effect_vocabulary(pack: DenContent) -> None:
    kinds = Counter(station.kind for ship in pack.fleet.ships for station in ship.stations)
    assert {"jump-drive", "hydroponics", "water-recycler", "refinery", "ore-mining", "workshop"} <= set(kinds)
    assert {"sickbay", "hangar", "brig", "scanner", "lab"} <= set(kinds)
    for ship in pack.fleet.ships:
        for station in ship.stations:
            steps = [(effect.op, effect.resource) for effect in station.effects]
            expected = {
                "hydroponics": [("gain", "food")],
                "water-recycler": [("gain", "water")],
                "ore-mining": [("gain", "ore")],
                "workshop": [("gain", "materials")],
                "refinery": [("lose", "ore"), ("gain", "fuel")],
                "hangar": [],
                "brig": [],
            }.get(station.kind)
            if expected is not None:
                assert steps == expected, (ship.id, station.id)
            assert 1 <= station.repair.engineers <= 3 and 1 <= station.repair.materials <= 5, (ship.id, station.id)
    trained = {station.training for ship in pack.fleet.ships for station in ship.stations}
    assert {"engineer", "medical", "pilot", "science", "security"} <= trained


def test_fighters_sit_with_their_pilots(pack: DenContent) -> None:
    for ship in pack.fleet.ships:
        fighters = sum(unit.count for unit in ship.units if unit.kind == "fighter")
        hangars = [station for station in ship.stations if station.kind == "hangar"]
        assert bool(fighters) == bool(hangars), ship.id
        pilots = sum(usable_crew(ship, station.id) for station in hangars)
        assert pilots >= fighters, ship.id


def test_units_and_shuttles(edition: Edition, pack: DenContent) -> None:
    units = {ship.id: {unit.kind: unit.count for unit in ship.units} for ship in pack.fleet.ships}
    assert units["aegis"] == {"fighter": 4, "marines": 3}
    for ship_id in ("dione", "icebreaker", "quellon"):
        assert units[ship_id]["fighter"] == 1 and units[ship_id]["security"] >= 1, ship_id
    assert units["vulcan"]["fighter"] == 1 and units["vulcan"]["security"] >= 1
    assert "battery" not in units["vulcan"]
    if edition == "infinite-domain":
        assert set(units["javelin"]) == {"fighter", "marines", "battery"}
    assert not any("marines" in units[s] for s in units if s not in ("aegis", "javelin"))
    shuttles = {ship.id: ship.shuttles for ship in pack.fleet.ships}
    assert (shuttles["aegis"], shuttles["icebreaker"], shuttles["dione"], shuttles["star-alpha"]) == (2, 1, 1, 0)
    assert sum(1 for count in shuttles.values() if count) <= len(shuttles) // 2  # only a few ships have them


# ---------------------------------------------------------------- the map


def test_starting_quadrants_fit_the_map(edition: Edition, pack: DenContent) -> None:
    tables = pack.tables.tables
    assert (tables.quadrants, tables.quadrant_spaces) == (4 if edition == "classic" else 6, 5)
    used: Counter[int] = Counter()
    for ship in pack.fleet.ships:
        if not ship.centre:
            assert 1 <= ship.quadrant <= tables.quadrants, ship.id
            used[ship.quadrant] += ship.size
    assert set(used) == set(range(1, tables.quadrants + 1))  # every quadrant has ships
    assert all(size <= tables.quadrant_spaces - 1 for size in used.values())  # and room to move into
    assert any(size <= tables.quadrant_spaces - 2 for size in used.values())  # even for a big ship


# ---------------------------------------------------------------- hold, fuel, rations, morale


def test_fuel_costs_rise_and_the_hold_lasts_three_to_five_jumps(pack: DenContent) -> None:
    for ship in pack.fleet.ships:
        fuel = ship.fuel
        assert 0 < fuel.short < fuel.medium < fuel.long, ship.id
        assert fuel.cost("long") == fuel.long
        # Calibration step 2: one and a half times the first design's two or three medium jumps.
        assert 3 * fuel.medium <= ship.hold.get("fuel", 0) <= 6 * fuel.medium, ship.id
    aegis = pack.ships["aegis"].fuel
    assert (aegis.short, aegis.medium, aegis.long) == (3, 6, 9)
    big = [ship.fuel.medium for ship in pack.fleet.ships if ship.size == 2 and not ship.centre]
    small = [ship.fuel.medium for ship in pack.fleet.ships if ship.size == 1]
    assert min(big) > max(small)


def test_rations_leave_ships_short(pack: DenContent) -> None:
    surplus = {("carmine", "food"), ("halcyon", "water")}
    for ship in pack.fleet.ships:
        assert all(amount >= 0 for amount in ship.hold.values()), ship.id
        supplies: tuple[tuple[Resource, Rations], ...] = (("food", ship.food), ("water", ship.water))
        for resource, rations in supplies:
            made = production(ship, resource)
            short = rations.normal - made
            expected = {-2} if (ship.id, resource) in surplus else {1, 2}
            assert short in expected, (ship.id, resource, short)
            assert rations.cost("none") == 0 < rations.critical <= rations.minimum < rations.normal
            assert rations.normal < rations.increased < rations.luxurious
            # The hold keeps a ship at normal rations for a good part of a 12-turn event, not all of it
            # (Calibration step 1: twice, in Infinite Domain two and a half times, the first design's 2 to 6).
            turns = ship.hold.get(resource, 0) / max(1, short)
            assert 4 <= turns <= 15 or (ship.id, resource) in surplus, (ship.id, resource)


def test_morale_tracks(pack: DenContent) -> None:
    for ship in pack.fleet.ships:
        track = ship.morale
        assert (track.top, len(track.riot_on), track.source) == (10, 11, OUR_DEFAULT)
        assert 5 <= track.start <= 7, ship.id
        assert track.riot_on[0] >= 4 and track.riot_on[-1] == 0, ship.id


# ---------------------------------------------------------------- decks, cards, destinations


def test_damage_decks(pack: DenContent) -> None:
    assert set(pack.damage.decks) == set(pack.ships)
    for ship_id, deck in pack.damage.decks.items():
        assert 8 <= sum(card.count for card in deck) <= 14, ship_id
        assert len({card.id for card in deck}) == len(deck), ship_id
        kinds = {station.kind for station in pack.ships[ship_id].stations}
        assert {card.station for card in deck} == kinds, ship_id  # every station can be hit (and riot)
        for card in deck:
            assert not any(effect.op in TARGETED_OPS for effect in (*card.instant, *card.ongoing))
    cards = [card for deck in pack.damage.decks.values() for card in deck]
    assert 3 <= sum(card.works for card in cards) <= len(cards) // 4
    assert sum(card.repair is not None for card in cards) >= 5
    assert sum(bool(card.ongoing) for card in cards) >= 5
    ops = {effect.op for card in cards for effect in (*card.instant, *card.ongoing)}
    assert {"lose", "morale", "fleet-morale", "pursuit", "draw-destination", "freeform"} <= ops


def test_action_cards(edition: Edition, pack: DenContent) -> None:
    teams = Counter(card.team for card in pack.cards.cards)
    assert set(teams) == set(pack.ships)
    assert all(3 <= count <= 5 for count in teams.values()), teams
    cards = pack.cards.cards
    assert {card.use for card in cards} == {"one-use", "retained"}
    assert {card.own_ship_only for card in cards} == {True, False}
    assert 3 <= sum(card.tradeable for card in cards) <= len(cards) // 3
    ops = {effect.op for card in cards for effect in card.effects}
    assert ops == {
        "train",
        "heal",
        "refit",
        "repair",
        "wound",
        "morale",
        "morale-roll",
        "fleet-morale",
        "pursuit",
        "gain",
        "lose",
        "draw-destination",
        "freeform",
    }
    by_id = pack.cards_by_id
    assert (by_id["field-training"].team, by_id["field-training"].effects[0].training) == ("asclepius", "medical")
    assert (by_id["flight-school"].team, by_id["flight-school"].effects[0].training) == ("aegis", "pilot")
    for card in cards:
        if any(effect.op in ("morale", "morale-roll") for effect in card.effects):
            assert card.own_ship_only, card.id  # the morale of the card's own ship
    if edition == "classic":
        assert "scouting-vehicle" not in by_id
        assert not any(
            effect.op == "draw-destination" for card in cards if card.team == "aegis" for effect in card.effects
        )
    else:
        scout = by_id["scouting-vehicle"]
        assert (scout.team, scout.use, scout.source) == ("aegis", "retained", "rulebook: FTL Travel")
        steps = [(effect.op, effect.resource, effect.amount) for effect in scout.effects]
        assert steps == [("lose", "fuel", pack.tables.tables.scout_fuel), ("draw-destination", None, 1)]


def test_destinations(edition: Edition, pack: DenContent) -> None:
    deck = pack.destinations.destinations
    assert len(deck) == (18 if edition == "classic" else 20)
    assert len(pack.destinations_by_coordinates) == len(deck)
    distances = Counter(destination.distance for destination in deck)
    assert all(distances[distance] >= 4 for distance in ("short", "medium", "long")), distances
    for destination in deck:
        assert destination.risks and len(destination.risks) <= 80, destination.id
        assert all(amount > 0 for amount in destination.rewards.values()), destination.id

    def worth(distance: str) -> float:
        rewards = [sum(d.rewards.values()) for d in deck if d.distance == distance]
        return sum(rewards) / len(rewards)

    assert worth("short") < worth("medium") < worth("long")
    with_science = [d.id for d in deck if "science" in d.rewards]
    assert (not with_science) if edition == "classic" else len(with_science) >= 5


# ---------------------------------------------------------------- tables and the editions


def test_rule_tables(edition: Edition, pack: DenContent) -> None:
    tables = pack.tables.tables
    morale = {roll: band_result(tables.morale_bands, roll) for roll in range(-20, 31)}
    assert morale[13] == morale[30] == 2 and morale[12] == morale[7] == 1
    assert morale[6] == morale[1] == 0 and morale[0] == morale[-3] == -1 and morale[-4] == morale[-20] == -2
    assert tables.ration_modifiers == {
        "luxurious": 4,
        "increased": 2,
        "normal": 0,
        "low": -1,
        "minimum": -2,
        "critical": -4,
        "none": -6,
    }
    dispersal = [band_result(tables.dispersal, roll) for roll in range(1, 9)]
    assert dispersal == [-1, 0, 0, 1, 1, 1, 1, 1]  # 7 and 8: a riot troop's +2 on a 5 or 6
    assert tables.spread_on == 3 and tables.scout_fuel == 3
    assert tables.pursuit_drop == {"short": 1, "medium": 2, "long": 3}
    assert (tables.pursuit_start, tables.pursuit_top) == (3, 12)
    emergency = list(tables.emergency_damage)
    assert emergency == ([1, 2, 3, 4] if edition == "classic" else [])


def test_classic_has_no_science_anywhere(classic: DenContent, infinite: DenContent) -> None:
    assert list(science_uses(classic)) == []
    assert not mentions_science(classic.model_dump())
    for name in PACK_FILES:
        text = (data_dir("classic") / f"{name}.toml").read_text(encoding="utf-8")
        assert 'resource = "science"' not in text and "science =" not in text, name
    # The same walks find Infinite Domain's science, so they can see it.
    assert mentions_science(infinite.model_dump())
    places = {loc[0] for loc in science_uses(infinite)}
    assert places == {"fleet", "damage", "cards", "destinations"}


# ---------------------------------------------------------------- organisers' packs


def organiser_copy(tmp_path: Path, edition: Edition) -> Path:
    for name in PACK_FILES:
        shutil.copy(data_dir(edition) / f"{name}.toml", tmp_path / f"{name}.toml")
    return tmp_path


def test_organiser_directory_replaces_only_the_files_it_has(tmp_path: Path, classic: DenContent) -> None:
    text = (data_dir("classic") / "tables.toml").read_text(encoding="utf-8")
    (tmp_path / "tables.toml").write_text(text.replace("pursuit_start = 3", "pursuit_start = 5"), encoding="utf-8")
    mine = load_den_content("classic", tmp_path)
    assert type(mine) is ClassicDenContent
    assert mine.tables.tables.pursuit_start == 5
    assert (mine.fleet, mine.damage, mine.cards, mine.destinations) == (
        classic.fleet,
        classic.damage,
        classic.cards,
        classic.destinations,
    )
    assert load_den_content("classic").tables.tables.pursuit_start == 3  # the default is untouched


def test_organiser_single_file(tmp_path: Path, infinite: DenContent) -> None:
    text = (data_dir("infinite-domain") / "fleet.toml").read_text(encoding="utf-8")
    mine = tmp_path / "fleet.toml"
    mine.write_text(text.replace('name = "Carmine"', 'name = "Carmine Dawn"'), encoding="utf-8")
    pack = load_den_content("infinite-domain", mine)
    assert pack.ships["carmine"].name == "Carmine Dawn"
    assert pack.destinations == infinite.destinations


def test_organiser_copy_of_the_defaults_loads_equal(tmp_path: Path, edition: Edition, pack: DenContent) -> None:
    assert load_den_content(edition, organiser_copy(tmp_path, edition)) == pack


def test_infinite_domain_may_use_science_where_classic_may_not(tmp_path: Path) -> None:
    for edition in EDITIONS:
        directory = tmp_path / edition
        directory.mkdir()
        text = (data_dir(edition) / "fleet.toml").read_text(encoding="utf-8")
        hold = "hold = { fuel = 23,"
        assert text.count(hold) == 1
        (directory / "fleet.toml").write_text(text.replace(hold, "hold = { science = 2, fuel = 23,"), "utf-8")
        if edition == "classic":
            with pytest.raises(ContentError, match="no science"):
                load_den_content(edition, directory)
        else:
            assert load_den_content(edition, directory).ships["aegis"].hold["science"] == 2


def break_file(directory: Path, name: str, old: str, new: str) -> int:
    """Replace the first `old` in a pack file by `new`; returns the line of the change."""
    path = directory / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}.toml"
    start = text.index(old)
    path.write_text(text[:start] + new + text[start + len(old) :], encoding="utf-8")
    return text.count("\n", 0, start) + 1


BREAKAGES = [
    # edition, file, old, new, entry, field, message
    (
        "classic",
        "fleet",
        '{ op = "morale-roll", amount = 2 }',
        '{ op = "morale-roll", amount = 0 }',
        'ships[2] (id "dione", name "Dione") stations[6] (id "promenade"',
        "amount",
        "a morale-roll modifier lies between -6 and 6, not 0 (got 0)",
    ),
    (
        "infinite-domain",
        "cards",
        '{ op = "morale-roll", amount = 2 }',
        '{ op = "morale-roll", amount = 7 }',
        'cards[9] (id "gala-evening", name "Gala Evening") effects[1]',
        "amount",
        "a morale-roll modifier lies between -6 and 6, not 0 (got 7)",
    ),
    (
        "classic",
        "damage",
        'station = "jump-drive"',
        'station = "warp-core"',
        'decks.aegis[0] (id "drive-coil-fracture"',
        "station",
        'unknown station kind "warp-core"',
    ),
    (
        "classic",
        "damage",
        'id = "fuel-line-rupture"',
        'id = "drive-coil-fracture"',
        'decks.aegis[1] (id "drive-coil-fracture"',
        "id",
        'duplicate id "drive-coil-fracture" (also decks.aegis[0])',
    ),
    (
        "infinite-domain",
        "cards",
        'team = "aegis"',
        'team = "nostromo"',
        'cards[0] (id "flight-school"',
        "team",
        'unknown team "nostromo"',
    ),
    (
        "classic",
        "destinations",
        'coordinates = "13907"',
        'coordinates = "10482"',
        'destinations[1] (id "drifting-freighter"',
        "coordinates",
        'duplicate coordinates "10482"',
    ),
    (
        "infinite-domain",
        "destinations",
        'source = "our default"',
        'source = "my best guess"',
        'destinations[0] (id "cinder-moon"',
        "source",
        'must be "our default" or "rulebook: <section>" (got "my best guess")',
    ),
    (
        "classic",
        "fleet",
        "hold = { fuel = 23,",
        "hold = { fuel = -2,",
        'ships[0] (id "aegis", name "ICSS Aegis")',
        "hold.fuel",
        "must not be negative (got -2)",
    ),
    (
        "classic",
        "destinations",
        "rewards = { water = 3 }",
        "rewards = { water = 3, science = 1 }",
        'destinations[0] (id "cinder-moon"',
        "rewards.science",
        "classic Den of Wolves has no science",
    ),
    (
        "classic",
        "cards",
        'effects = [{ op = "gain", resource = "food", amount = 2 }]',
        'effects = [{ op = "gain", resource = "science", amount = 2 }]',
        'cards[8] (id "relief-allocation", name "Relief Allocation") effects[0]',
        "resource",
        "classic Den of Wolves has no science",
    ),
    (
        "classic",
        "damage",
        'instant = [{ op = "lose", resource = "fuel", amount = 2 }]',
        'instant = [{ op = "lose", resource = "science", amount = 2 }]',
        'decks.aegis[1] (id "fuel-line-rupture", name "Fuel Line Rupture") instant[0]',
        "resource",
        "classic Den of Wolves has no science",
    ),
    (
        "classic",
        "tables",
        "quadrants = 4",
        "quadrants = 6",
        "tables",
        "quadrants",
        "the classic fleet map has 4 quadrants",
    ),
    (
        "classic",
        "tables",
        "{ low = 7, high = 12, result = 1 }",
        "{ low = 8, high = 12, result = 1 }",
        "tables.morale_bands[1]",
        "low",
        "rows must follow on without gap or overlap",
    ),
    (
        "infinite-domain",
        "tables",
        "critical = -4, ",
        "",
        "tables",
        "ration_modifiers",
        "needs a value for critical",
    ),
    (
        "classic",
        "tables",
        "emergency_damage = [1, 2, 3, 4]",
        "emergency_damage = [1, 2, 9]",
        "tables",
        "emergency_damage",
        "entries are d6 faces",
    ),
    (
        "classic",
        "fleet",
        '{ station = "jump-drive", training = "pilot", count = 2 },',
        '{ station = "jump-drive", training = "pilot", count = 9 },',
        'ships[0] (id "aegis", name "ICSS Aegis")',
        "count",
        "jump-drive seats only",
    ),
    (
        "classic",
        "fleet",
        "quadrant = 4",
        "quadrant = 5",
        'ships[5] (id "carmine", name "Carmine")',
        "quadrant",
        "the map has 4 quadrants",
    ),
]


@pytest.mark.parametrize(
    ("edition", "name", "old", "new", "entry", "field", "message"),
    BREAKAGES,
    ids=[f"{b[0]}-{b[1]}-{b[5]}" for b in BREAKAGES],
)
def test_broken_file_names_file_entry_field_and_line(
    tmp_path: Path, edition: Edition, name: str, old: str, new: str, entry: str, field: str, message: str
) -> None:
    directory = organiser_copy(tmp_path, edition)
    line = break_file(directory, name, old, new)
    with pytest.raises(ContentError) as caught:
        load_den_content(edition, directory)
    error = caught.value
    assert len(error.problems) == 1, str(error)
    assert error.file == str(directory / f"{name}.toml"), str(error)
    assert error.entry is not None and error.entry.startswith(entry), str(error)
    assert error.field == field, str(error)
    assert message in str(error), str(error)
    assert error.line == line, str(error)
    assert str(error).startswith(f"{directory / name}.toml:{line}: ")


def test_organiser_file_checked_against_the_defaults(tmp_path: Path) -> None:
    # An organiser's fleet without the Vulcan: the default damage deck and cards still name it.
    text = (data_dir("classic") / "fleet.toml").read_text(encoding="utf-8")
    (tmp_path / "fleet.toml").write_text(text.replace('id = "vulcan"', 'id = "forge"'), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_den_content("classic", tmp_path)
    assert caught.value.file.endswith("damage.toml")
    assert 'unknown ship "vulcan"' in str(caught.value)


def test_unknown_or_missing_organiser_files_are_errors(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="no content files here"):
        load_den_content("classic", tmp_path)
    (tmp_path / "ships.toml").write_text("", encoding="utf-8")
    with pytest.raises(ContentError, match=r"ships\.toml: not a file of a pack; expected fleet\.toml, "):
        load_den_content("classic", tmp_path)


# ---------------------------------------------------------------- the Council and combat files


def test_the_council_seats_each_editions_voters(classic: DenContent, infinite: DenContent) -> None:
    nations = [
        f"{ship}/council-member" for ship in ("dione", "icebreaker", "quellon", "carmine", "halcyon", "meridian")
    ]
    assert list(classic.council.council.members) == [*nations, "star-alpha/president"]
    assert list(infinite.council.council.members) == [*nations, "star-alpha/parliamentarian"]
    assert list(infinite.council.council.observers) == ["hephaestus/diplomat"]
    assert classic.council.council.parliamentarian is None
    assert infinite.council.council.supermajority == 5


def test_the_combat_tables_are_each_rulebooks(classic: DenContent, infinite: DenContent) -> None:
    def rows(bands: Any) -> list[tuple[int, int, int, bool]]:
        return [(b.low, min(b.high, 6), b.hits, b.hurt) for b in bands]

    assert rows(classic.combat.combat.fighter) == [(1, 2, 0, True), (3, 4, 1, False), (5, 6, 2, False)]
    assert rows(infinite.combat.combat.fighter) == rows(classic.combat.combat.fighter)
    assert rows(classic.combat.combat.on_foot) == [(1, 3, 1, True), (4, 5, 1, False), (6, 6, 2, False)]
    assert rows(infinite.combat.combat.on_foot) == [(1, 2, 0, True), (3, 4, 1, False), (5, 6, 2, False)]
    assert classic.combat.combat.battery == ()
    assert rows(infinite.combat.combat.battery) == [(1, 2, 0, False), (3, 4, 1, False), (5, 6, 2, False)]
    assert [band_result(classic.combat.combat.boarder, roll) for roll in range(1, 7)] == [0, 1, 1, 1, 1, 2]
    assert [band_result(infinite.combat.combat.boarder, roll) for roll in range(1, 7)] == [1] * 6


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("council", '"meridian/council-member", ', '"meridian/janitor", ', 'unknown seat "meridian/janitor"'),
        ("council", "supermajority = 5", "supermajority = 9", "more than the 7 voting members"),
        ("combat", '"vulcan/warden",', '"vulcan/cook",', 'unknown seat "vulcan/cook"'),
        ("combat", "{ low = 3, high = 5,", "{ low = 4, high = 5,", "cover each pursuit level 0 to 12 exactly once"),
        ("combat", "units = { fighter = 2, boarding = 1 }", "units = { dragon = 2 }", 'unknown wolf kind "dragon"'),
        ("combat", '{ ship = "aegis", kind', '{ ship = "ark", kind', 'unknown ship "ark"'),
        (
            "combat",
            "{ low = 3, high = 4, hits = 1 },\n    { low = 5, high = 99, hits = 2 },\n]\nbattery",
            "{ low = 4, high = 4, hits = 1 },\n    { low = 5, high = 99, hits = 2 },\n]\nbattery",
            "without gap or overlap",
        ),
    ],
)
def test_broken_council_and_combat_files_name_the_problem(
    tmp_path: Path, name: str, old: str, new: str, message: str
) -> None:
    text = (data_dir("classic") / f"{name}.toml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / f"{name}.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_den_content("classic", tmp_path)
    assert caught.value.file.endswith(f"{name}.toml")
    assert message in str(caught.value)


@pytest.mark.parametrize("field", ["return_to_ship", "shuttle_handlers"])
def test_an_unknown_seat_allowed_to_move_in_an_attack_names_the_problem(tmp_path: Path, field: str) -> None:
    text = (data_dir("infinite-domain") / "combat.toml").read_text(encoding="utf-8")
    old = '"javelin/xo"]' if field == "return_to_ship" else '"meridian/chief-engineer",'
    assert old in text
    (tmp_path / "combat.toml").write_text(
        text.replace(old, old.replace("meridian", "vulcan").replace("javelin/xo", "javelin/cook")), encoding="utf-8"
    )
    with pytest.raises(ContentError) as caught:
        load_den_content("infinite-domain", tmp_path)
    assert caught.value.file.endswith("combat.toml")
    assert f"combat.{field}" in str(caught.value) and "unknown seat" in str(caught.value)


def test_an_infinite_domain_parliamentarian_must_be_a_voting_member(tmp_path: Path) -> None:
    text = (data_dir("infinite-domain") / "council.toml").read_text(encoding="utf-8")
    changed = text.replace(
        'parliamentarian = "star-alpha/parliamentarian"', 'parliamentarian = "star-alpha/chief-of-staff"'
    )
    (tmp_path / "council.toml").write_text(changed, encoding="utf-8")
    with pytest.raises(ContentError, match="the Parliamentarian is one of the voting members"):
        load_den_content("infinite-domain", tmp_path)
