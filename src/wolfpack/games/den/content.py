"""Den of Wolves content: the schema of a fleet pack (ships, damage decks, action cards, destinations, tables).

The rulebooks print the rules but not the ship panels, decks or cards, so the default packs in `data/classic/`
and `data/infinite_domain/` are our design (docs/games/den-of-wolves.md, "Content design"). Every entry says
where its numbers come from. This module validates a pack and offers lookups over it; it holds no game rules.

Effects use a small vocabulary the engine executes (`Effect.op`); anything else is `freeform`, which the engine
hands to Control with the effect's text.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache, cached_property
from pathlib import Path
from typing import Annotated, Final, Literal, Protocol, TypeVar

from pydantic import Field, StringConstraints, ValidationInfo, field_validator, model_validator

from wolfpack.content import (
    ContentModel,
    Entry,
    EntryProblem,
    Items,
    check_known,
    check_unique,
    load_pack,
    pack_sources,
    show,
)
from wolfpack.content.errors import Loc

Edition = Literal["classic", "infinite-domain"]
EDITIONS: Final[tuple[Edition, ...]] = ("classic", "infinite-domain")

Resource = Literal["ore", "fuel", "food", "water", "materials", "science"]
RESOURCES: Final[tuple[Resource, ...]] = ("ore", "fuel", "food", "water", "materials", "science")
"""Every resource a hold can keep; `science` exists only in Infinite Domain (Resources and Units)."""

Training = Literal["untrained", "pilot", "engineer", "medical", "science", "security"]
TRAININGS: Final[tuple[Training, ...]] = ("untrained", "pilot", "engineer", "medical", "science", "security")

RationLevel = Literal["luxurious", "increased", "normal", "low", "minimum", "critical", "none"]
RATION_LEVELS: Final[tuple[RationLevel, ...]] = (
    "luxurious",
    "increased",
    "normal",
    "low",
    "minimum",
    "critical",
    "none",
)
"""From most to least generous (Morale Tracks)."""

UnitKind = Literal["fighter", "security", "marines", "riot-troops", "battery"]
UNIT_KINDS: Final[tuple[UnitKind, ...]] = ("fighter", "security", "marines", "riot-troops", "battery")
ON_FOOT: Final[frozenset[UnitKind]] = frozenset({"security", "marines", "riot-troops"})
"""Units that walk the decks: they disperse riots and ride shuttles (Resources and Units)."""

Distance = Literal["short", "medium", "long"]
DISTANCES: Final[tuple[Distance, ...]] = ("short", "medium", "long")

Op = Literal[
    "gain",
    "lose",
    "morale",
    "morale-roll",
    "fleet-morale",
    "pursuit",
    "heal",
    "refit",
    "train",
    "repair",
    "wound",
    "draw-destination",
    "freeform",
]
MORALE_ROLL_LIMIT: Final = 6
"""A `morale-roll` effect adds 1 to 6 (or takes 1 to 6) from this turn's morale d6: 0 does nothing, and beyond a
die's worth the roll would no longer matter."""
TARGETED_OPS: Final[frozenset[str]] = frozenset({"heal", "refit", "train", "repair", "wound"})
"""Ops whose target (a crew, a unit or a station) the player names when using the station or card: `heal` treats a
wounded crew or on-foot unit (sickbays, medical cards), `refit` restores a damaged fighter squadron (cards)."""

Ident = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)]
"""An id used in notation: lower case letters, digits and hyphens."""
Coordinates = Annotated[str, StringConstraints(pattern=r"^[0-9]{5}$")]


class Effect(ContentModel):
    """One step of an effect in the engine's vocabulary (a station's use, a card, a damage card)."""

    op: Op
    resource: Resource | None = None
    amount: int = Field(1, ge=-20, le=20)
    training: Training | None = None
    text: str = ""

    @model_validator(mode="after")
    def _fields_fit_op(self) -> Effect:
        if (self.op in ("gain", "lose")) != (self.resource is not None):
            raise ValueError("`resource` is given with op gain or lose, and only then")
        if (self.op == "train") != (self.training is not None):
            raise ValueError("`training` is given with op train, and only then")
        if self.op == "freeform" and not self.text:
            raise ValueError("a freeform effect needs a `text` saying what Control should settle")
        return self

    @field_validator("amount")
    @classmethod
    def _roll_modifier_in_range(cls, amount: int, info: ValidationInfo) -> int:
        if info.data.get("op") == "morale-roll" and not 1 <= abs(amount) <= MORALE_ROLL_LIMIT:
            limit = MORALE_ROLL_LIMIT
            raise ValueError(f"a morale-roll modifier lies between -{limit} and {limit}, not 0 (got {amount})")
        return amount


def _one_target(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    if sum(effect.op in TARGETED_OPS for effect in effects) > 1:
        raise ValueError("at most one effect may need a target (heal, refit, train, repair or wound)")
    return effects


Effects = Annotated[Items[Effect], Field(default=())]


class RepairCost(ContentModel):
    """What mending a damaged station takes: engineer-trained crew used, and materials spent."""

    engineers: int = Field(1, ge=0, le=6)
    materials: int = Field(1, ge=0, le=20)


class Station(Entry):
    """A box on a ship panel that crew work; `kind` groups identical stations and names the special ones."""

    id: Ident
    name: str
    kind: Ident
    """Identical stations share a kind; `jump-drive`, `sickbay` and `hangar` have rules of their own."""
    crew: int = Field(1, ge=1, le=6)
    """Crew used by one use of the station."""
    training: Training = "untrained"
    capacity: int = Field(2, ge=1, le=12)
    """Most crew that can sit on the station."""
    start_of_turn: bool = False
    """Works only with crew used on it at the start of the turn (the jump drive)."""
    effects: Effects
    repair: RepairCost = RepairCost()

    @model_validator(mode="after")
    def _check(self) -> Station:
        _one_target(self.effects)
        if self.crew > self.capacity:
            raise ValueError(f"needs {self.crew} crew per use but seats only {self.capacity}")
        return self


class CrewGroup(ContentModel):
    """Starting crew: `count` counters with one training, sitting on one station."""

    station: Ident
    training: Training = "untrained"
    count: int = Field(1, ge=1, le=12)


class UnitGroup(ContentModel):
    """Starting units of one kind."""

    kind: UnitKind
    count: int = Field(1, ge=1, le=12)


class Rations(Entry):
    """What each ration level costs a ship per turn, in food or in water (`none` always costs 0)."""

    luxurious: int = Field(ge=0, le=50)
    increased: int = Field(ge=0, le=50)
    normal: int = Field(ge=0, le=50)
    low: int = Field(ge=0, le=50)
    minimum: int = Field(ge=0, le=50)
    critical: int = Field(ge=0, le=50)

    def cost(self, level: RationLevel) -> int:
        """The cost of `level`."""
        return 0 if level == "none" else int(getattr(self, level))

    @model_validator(mode="after")
    def _falling(self) -> Rations:
        costs = [self.cost(level) for level in RATION_LEVELS]
        if costs != sorted(costs, reverse=True):
            raise ValueError("costs must not rise from luxurious down to critical")
        return self


class MoraleTrack(Entry):
    """A ship's morale track: levels 0 to `top`, the starting level, and per level the d6 faces that riot."""

    top: int = Field(ge=2, le=20)
    start: int = Field(ge=1)
    riot_on: Items[int]
    """For each level from 0 to `top`: a riot appears when the riot d6 shows this number or less (0: never)."""

    @model_validator(mode="after")
    def _check(self) -> MoraleTrack:
        if not 1 <= self.start <= self.top:
            raise ValueError(f"start must lie between 1 and top ({self.top})")
        if len(self.riot_on) != self.top + 1:
            raise ValueError(f"riot_on needs one entry per level, 0 to {self.top}: {self.top + 1} entries")
        if any(not 0 <= faces <= 6 for faces in self.riot_on):
            raise ValueError("riot_on entries are d6 faces, 0 to 6")
        if list(self.riot_on) != sorted(self.riot_on, reverse=True):
            raise ValueError("riots must not grow likelier as morale rises")
        return self


class FuelCosts(Entry):
    """Strytium fuel a ship burns for a short, medium and long jump (FTL Travel)."""

    short: int = Field(ge=0, le=30)
    medium: int = Field(ge=0, le=30)
    long: int = Field(ge=0, le=30)

    def cost(self, distance: Distance) -> int:
        """The fuel a jump of `distance` burns."""
        return int(getattr(self, distance))


class Role(ContentModel):
    """A seat of a team: its id in notation, its title, and what it may do beyond the team's shared work."""

    id: Ident
    title: str
    commander: bool = False
    """The captain (or the Aegis' admiral): moves the ship, jumps, lets crew leave."""
    map_access: bool = False
    """May approach the fleet map (commanders and those who command fighters or batteries)."""


class Ship(Entry):
    """One ship's panel: team, map size, stations, crew, units, shuttles, hold, fuel, rations and morale."""

    id: Ident
    name: str
    nation: str
    roles: Items[Role]
    size: Literal[1, 2]
    centre: bool = False
    """The Aegis: always at the centre of the fleet map, in no quadrant."""
    quadrant: int = Field(0, ge=0, le=6)
    """Starting quadrant (1 to 6); 0 for the ship at the centre."""
    stations: Items[Station]
    crew: Items[CrewGroup]
    units: Items[UnitGroup] = ()
    shuttles: int = Field(0, ge=0, le=6)
    hold: dict[Resource, int] = Field(default_factory=dict)
    fuel: FuelCosts
    food: Rations
    water: Rations
    morale: MoraleTrack
    damage_divisor: int = Field(1, ge=1, le=6)
    """Damage per morale point lost (3 for the Aegis: Morale Tracks)."""
    riot_troop_bonus: int = Field(0, ge=0, le=6)
    """Added to this ship's riot-troop dispersal rolls (+2 for the Hephaestus in Infinite Domain: Riots)."""

    @model_validator(mode="after")
    def _check(self) -> Ship:
        check_unique(self.stations, lambda s: s.id, "stations", "id")
        check_unique(self.roles, lambda r: r.id, "roles", "id")
        seated: dict[str, int] = {}
        for index, group in enumerate(self.crew):
            check_known(group.station, [s.id for s in self.stations], ("crew", index, "station"), "station")
            seated[group.station] = seated.get(group.station, 0) + group.count
            capacity = self.station(group.station).capacity
            if seated[group.station] > capacity:
                raise EntryProblem(("crew", index, "count"), f"{group.station} seats only {capacity} crew")
        if sum(role.commander for role in self.roles) != 1:
            raise EntryProblem(("roles",), "exactly one role must be the commander")
        if self.centre != (self.quadrant == 0):
            raise EntryProblem(("quadrant",), "the centre ship has quadrant 0, every other ship 1 to 6")
        for resource, amount in self.hold.items():
            if amount < 0:
                raise EntryProblem(("hold", resource), f"must not be negative (got {amount})")
        return self

    def station(self, station_id: str) -> Station:
        """The station with this id."""
        return self.stations_by_id[station_id]

    @cached_property
    def stations_by_id(self) -> dict[str, Station]:
        """Every station by id (a legal-action listing asks for stations thousands of times a step)."""
        return {station.id: station for station in self.stations}


class FleetFile(ContentModel):
    """fleet.toml: the ships."""

    ships: Items[Ship]

    @model_validator(mode="after")
    def _check(self) -> FleetFile:
        check_unique(self.ships, lambda s: s.id, "ships", "id")
        check_unique(self.ships, lambda s: s.name, "ships", "name")
        if sum(ship.centre for ship in self.ships) != 1:
            raise EntryProblem(("ships",), "exactly one ship (the Aegis) must be at the centre")
        return self


class DamageCard(Entry):
    """A station damage card: the station kind it lands on, its instant and ongoing effects, its repair cost."""

    id: Ident
    name: str
    station: Ident
    """A station kind of the ship (a random one of that kind when several)."""
    count: int = Field(1, ge=1, le=10)
    instant: Effects
    ongoing: Effects
    """Applied at the start of every Team Phase while the station stays damaged."""
    works: bool = False
    """Whether the station still does its regular work while damaged (the rulebooks' default: it does not)."""
    repair: RepairCost | None = None
    """Overrides the station's repair cost."""

    @model_validator(mode="after")
    def _check(self) -> DamageCard:
        for effect in (*self.instant, *self.ongoing):
            if effect.op in TARGETED_OPS:
                raise ValueError(f"damage effects take no target; {effect.op} needs one")
        return self


class DamageFile(ContentModel):
    """damage.toml: each ship's damage deck, by ship id."""

    decks: dict[str, Items[DamageCard]]

    @model_validator(mode="after")
    def _check(self) -> DamageFile:
        for ship_id, deck in self.decks.items():
            try:
                check_unique(deck, lambda c: c.id, f"decks.{ship_id}", "id")
            except EntryProblem as problem:  # blame decks.<ship>[i].id, not a key named "decks.<ship>"
                raise EntryProblem(("decks", ship_id, *problem.loc[1:]), str(problem)) from None
        return self


class ActionCard(Entry):
    """A team's action card: one use or retained, own ship only or not, tradeable or not, and its effects."""

    id: Ident
    name: str
    team: Ident
    """The ship whose team starts with it."""
    count: int = Field(1, ge=1, le=6)
    use: Literal["one-use", "retained"]
    own_ship_only: bool = False
    tradeable: bool = False
    """May pass to another team (the card says so: Action Cards)."""
    any_time: bool = False
    """May be played at any step of the turn, not only in the Action Phase (the card says so)."""
    effects: Items[Effect]

    @model_validator(mode="after")
    def _check(self) -> ActionCard:
        _one_target(self.effects)
        if not self.effects:
            raise ValueError("a card needs at least one effect")
        return self


class CardsFile(ContentModel):
    """cards.toml: the teams' action cards."""

    cards: Items[ActionCard]

    @model_validator(mode="after")
    def _check(self) -> CardsFile:
        check_unique(self.cards, lambda c: c.id, "cards", "id")
        return self


class Destination(Entry):
    """A destination card: name, 5-digit coordinates, distance, risks and rewards."""

    id: Ident
    name: str
    coordinates: Coordinates
    distance: Distance
    risks: str = ""
    rewards: dict[Resource, int] = Field(default_factory=dict)
    """Placed on the fleet map when a majority of the fleet arrives; Control shares them out."""


class DestinationsFile(ContentModel):
    """destinations.toml: the destination deck."""

    destinations: Items[Destination]

    @model_validator(mode="after")
    def _check(self) -> DestinationsFile:
        check_unique(self.destinations, lambda d: d.id, "destinations", "id")
        check_unique(self.destinations, lambda d: d.coordinates, "destinations", "coordinates")
        return self


class Band(ContentModel):
    """A row of a d6 table: the results from `low` to `high` (inclusive) give `result`."""

    low: int = Field(ge=-99, le=99)
    high: int = Field(ge=-99, le=99)
    result: int


class Row(Protocol):
    """A row of a d6 table: the modified rolls from `low` to `high` it covers."""

    @property
    def low(self) -> int: ...

    @property
    def high(self) -> int: ...


RowT = TypeVar("RowT", bound=Row)


def row_for(rows: Sequence[RowT], total: int) -> RowT:
    """The row of a d6 table for a modified roll; a roll past the table's ends (a bonus can carry it beyond 6)
    takes the end row."""
    ordered = sorted(rows, key=lambda row: row.low)
    for row in ordered:
        if row.low <= total <= row.high:
            return row
    return ordered[0] if total < ordered[0].low else ordered[-1]


class RuleTables(Entry):
    """The rulebook's tables and the fleet map's size."""

    morale_bands: Items[Band]
    """Modified morale roll -> levels the track moves (Morale Tracks)."""
    ration_modifiers: dict[RationLevel, int]
    """Morale roll modifier of each ration level, counted once for food and once for water (Morale Tracks)."""
    dispersal: Items[Band]
    """Dispersal d6 -> 0 no effect, 1 riot dispersed, -1 the unit damaged (Riots)."""
    spread_on: int = Field(ge=0, le=6)
    """An undisturbed riot spreads at the end of the turn when a d6 shows this or less (Riots)."""
    pursuit_drop: dict[Distance, int]
    """How far the pursuit track falls when the fleet jumps (The Fleet Map)."""
    pursuit_start: int = Field(ge=0, le=30)
    pursuit_top: int = Field(ge=1, le=30)
    quadrants: int = Field(ge=1, le=6)
    """Quadrants on the fleet map (4 in classic; 4 to 6 in Infinite Domain)."""
    quadrant_spaces: int = Field(ge=1, le=10)
    scout_fuel: int = Field(ge=0, le=20)
    """Fuel the Aegis spends to draw an extra destination (FTL Travel)."""
    emergency_damage: Items[int] = ()
    """Classic: for the 1st, 2nd, ... emergency jump, the d6 faces (this or less) that damage each station."""
    fleet_morale_destroyed: int = Field(-2, ge=-6, le=0)
    """Fleet morale when a ship is destroyed, moved at once (Morale Tracks: Fleet Morale names the event)."""
    fleet_morale_separated: int = Field(-1, ge=-6, le=0)
    """Fleet morale suggested to Control when a ship is separated from the fleet (0: nothing suggested)."""
    media: Items[Role]
    wildcards: Items[Role] = ()

    @model_validator(mode="after")
    def _check(self) -> RuleTables:
        if self.pursuit_start > self.pursuit_top:
            raise ValueError("pursuit_start lies above pursuit_top")
        for field, keys in (("ration_modifiers", RATION_LEVELS), ("pursuit_drop", DISTANCES)):
            missing = [key for key in keys if key not in getattr(self, field)]
            if missing:
                raise EntryProblem((field,), f"needs a value for {', '.join(missing)}")
        _check_bands(self.morale_bands, "morale_bands", -99, 99)
        _check_bands(self.dispersal, "dispersal", 1, 6)
        if any(not 1 <= faces <= 6 for faces in self.emergency_damage):
            raise EntryProblem(("emergency_damage",), "entries are d6 faces, 1 to 6")
        check_unique([*self.media, *self.wildcards], lambda role: role.id, "media", "id")
        return self


def _check_bands(bands: Sequence[Band], field: str, low: int, high: int) -> None:
    """A d6 table's rows must run from low to high without a gap or an overlap, each with low <= high."""
    expected = None
    for index, band in sorted(enumerate(bands), key=lambda pair: pair[1].low):
        if band.low > band.high:
            raise EntryProblem((field, index, "low"), f"low ({band.low}) lies above high ({band.high})")
        if expected is not None and band.low != expected:
            raise EntryProblem(
                (field, index, "low"), f"rows must follow on without gap or overlap: expected low {expected}"
            )
        expected = band.high + 1
    first = min((b.low for b in bands), default=None)
    last = max((b.high for b in bands), default=None)
    if first is None or last is None or first > low or last < high:
        raise EntryProblem((field,), f"the rows must cover every result from {low} to {high}")


class TablesFile(ContentModel):
    """tables.toml: the rule tables of the edition."""

    tables: RuleTables


SeatLabel = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]*/[a-z][a-z0-9-]*$", max_length=81)]
"""A team seat's label in notation: `<ship>/<role>`."""


class Council(Entry):
    """The Interstellar Council: who votes, who holds its offices, and what laws that fail the fleet cost."""

    members: Items[SeatLabel]
    """The voting members (The Interstellar Council: seven in both editions)."""
    observers: Items[SeatLabel] = ()
    """Seats at the Council without a vote until one is granted (Infinite Domain's Helvetii Diplomat)."""
    president: SeatLabel
    vice_president: SeatLabel | None = None
    parliamentarian: SeatLabel | None = None
    """Infinite Domain: the member who writes bills and brings them to a vote."""
    admiral: SeatLabel
    """The seat the President may order directly in an emergency."""
    supermajority: int = Field(ge=1, le=20)
    """Yeas of the voting members that override a veto or call a snap election (5 of 7)."""
    unenforceable_penalty: int = Field(ge=0, le=6)
    """Taken from every ship's morale roll for each law in force that Control marks unenforceable."""
    unenforced_penalty: int = Field(ge=0, le=6)
    """Taken from every ship's morale roll for each law in force that Control marks unenforced."""
    penalty_cap: int = Field(ge=0, le=12)
    """The most the laws may take from one morale roll."""

    @model_validator(mode="after")
    def _check(self) -> Council:
        check_unique([*self.members, *self.observers], lambda label: label, "members", "seat")
        if self.supermajority > len(self.members):
            raise EntryProblem(("supermajority",), f"more than the {len(self.members)} voting members")
        if self.parliamentarian is not None and self.parliamentarian not in self.members:
            raise EntryProblem(("parliamentarian",), "the Parliamentarian is one of the voting members")
        return self

    def seats(self) -> Iterator[tuple[Loc, str]]:
        """Every seat label the council names, with where it is named."""
        for field in ("members", "observers"):
            for index, label in enumerate(getattr(self, field)):
                yield (field, index), label
        for field in ("president", "vice_president", "parliamentarian", "admiral"):
            label = getattr(self, field)
            if label is not None:
                yield (field,), label


class CouncilFile(ContentModel):
    """council.toml: the Interstellar Council."""

    council: Council


class CombatBand(ContentModel):
    """A row of a fleet unit's attack table: for a modified d6 from `low` to `high`, the hits it deals to Wolf
    units and whether the unit itself is damaged."""

    low: int = Field(ge=-99, le=99)
    high: int = Field(ge=-99, le=99)
    hits: int = Field(ge=0, le=6)
    hurt: bool = False


class WolfKind(ContentModel):
    """A kind of Wolf unit: the hits that destroy it, the targets it attacks each Wolf round, and whether it
    boards a ship in the first Wolf round."""

    id: Ident
    name: str
    hits: int = Field(1, ge=1, le=10)
    attacks: int = Field(0, ge=0, le=6)
    boards: bool = False


class Strength(ContentModel):
    """A row of the attack strength table: on a pursuit track from `low` to `high`, the Wolf units that appear,
    and (on a d6 of `large_on` or less) the larger ships that join them."""

    low: int = Field(ge=0, le=30)
    high: int = Field(ge=0, le=30)
    units: dict[Ident, int]
    large: dict[Ident, int] = Field(default_factory=dict)
    large_on: int = Field(0, ge=0, le=6)


class UnitBonus(ContentModel):
    """A bonus to the attack rolls against boarders of one ship's units of one kind (the Aegis' marines)."""

    ship: Ident
    kind: UnitKind
    bonus: int = Field(ge=-6, le=6)


class Combat(Entry):
    """The Wolf Attack: who reports to the map, the Wolves' strength by the pursuit track, and the combat tables."""

    reporters: Items[SeatLabel]
    """The roles that report to the fleet map when an attack is announced (Wolf Attack Player Summary)."""
    return_to_ship: Items[SeatLabel] = ()
    """Reporters who may go back to their own ship once the first Wolf round is over (Infinite Domain's Combat: the
    Aegis and Javelin XOs, to coordinate the shuttling of reinforcements)."""
    shuttle_handlers: Items[SeatLabel] = ()
    """Those in charge of their ship's shuttle, who may walk between tables during an attack from the Fleet round
    reinforcements ride in (`reinforce_from`; Infinite Domain's Combat)."""
    wolves: Items[WolfKind]
    strength: Items[Strength]
    fighter: Items[CombatBand]
    battery: Items[CombatBand] = ()
    """Empty when the edition's weapon batteries have no table (classic)."""
    on_foot: Items[CombatBand]
    bonuses: Items[UnitBonus] = ()
    """Added to the on-foot attack rolls of a ship's units of a kind (Combat: the Aegis' marines +2)."""
    boarder: Items[Band]
    """A boarding unit's d6 -> damage it does to its ship each Wolf round (one row: no roll is needed)."""
    boarding_damage: int = Field(ge=0, le=6)
    """Damage a boarding squadron does to the ship it lands on."""
    ready_room_bonus: int = Field(ge=0, le=6)
    """Added to the first roll against boarders of a unit that was in the Ready Room when the turn began."""
    reinforce_delay: int = Field(ge=0, le=6)
    """Fleet rounds after the one it sets off in that a unit riding a shuttle to another ship is still on its way
    (it fights in the round after them)."""
    reinforce_from: int = Field(ge=1, le=6)
    """The first Fleet round in which on-foot units may ride a shuttle to another ship."""
    jump_from: int = Field(ge=1, le=6)
    """The first Fleet round in which a ship may jump."""

    @model_validator(mode="after")
    def _check(self) -> Combat:
        check_unique(self.wolves, lambda wolf: wolf.id, "wolves", "id")
        check_unique(self.reporters, lambda label: label, "reporters", "seat")
        kinds = [wolf.id for wolf in self.wolves]
        for index, row in enumerate(self.strength):
            if row.low > row.high:
                raise EntryProblem(("strength", index, "low"), f"low ({row.low}) lies above high ({row.high})")
            for field in ("units", "large"):
                for kind, count in getattr(row, field).items():
                    check_known(kind, kinds, ("strength", index, field, kind), "wolf kind")
                    if not 0 <= count <= 20:
                        raise EntryProblem(("strength", index, field, kind), f"counts run 0 to 20 (got {count})")
        for field in ("fighter", "battery", "on_foot"):
            if getattr(self, field):
                _check_bands(getattr(self, field), field, 1, 6)
        _check_bands(self.boarder, "boarder", 1, 6)
        return self

    def strength_at(self, pursuit: int) -> Strength | None:
        """The strength row for this pursuit level."""
        return next((row for row in self.strength if row.low <= pursuit <= row.high), None)


class CombatFile(ContentModel):
    """combat.toml: the Wolf Attack and the combat tables."""

    combat: Combat


PACK_FILES: Final = ("fleet", "damage", "cards", "destinations", "tables", "council", "combat")
DATA_PACKAGES: Final[Mapping[Edition, str]] = {
    "classic": "wolfpack.games.den.data.classic",
    "infinite-domain": "wolfpack.games.den.data.infinite_domain",
}


class DenContent(ContentModel):
    """A complete Den of Wolves pack, checked across files, with lookups (and no rules)."""

    fleet: FleetFile
    damage: DamageFile
    cards: CardsFile
    destinations: DestinationsFile
    tables: TablesFile
    council: CouncilFile
    combat: CombatFile

    @model_validator(mode="after")
    def _across_files(self) -> DenContent:
        ships = {ship.id: ship for ship in self.fleet.ships}
        for ship_id, deck in self.damage.decks.items():
            check_known(ship_id, ships, ("damage", "decks", ship_id), "ship")
            kinds = {station.kind for station in ships[ship_id].stations}
            for index, card in enumerate(deck):
                check_known(card.station, sorted(kinds), ("damage", "decks", ship_id, index, "station"), "station kind")
        for ship_id in ships:
            if not self.damage.decks.get(ship_id):
                raise EntryProblem(("damage", "decks"), f"ship {show(ship_id)} has no damage deck")
        for index, action in enumerate(self.cards.cards):
            check_known(action.team, ships, ("cards", "cards", index, "team"), "team")
        quadrants = self.tables.tables.quadrants
        spaces = self.tables.tables.quadrant_spaces
        taken: dict[int, int] = {}
        for index, ship in enumerate(self.fleet.ships):
            if ship.quadrant > quadrants:
                raise EntryProblem(("fleet", "ships", index, "quadrant"), f"the map has {quadrants} quadrants")
            if not ship.centre:
                taken[ship.quadrant] = taken.get(ship.quadrant, 0) + ship.size
                if taken[ship.quadrant] > spaces:
                    raise EntryProblem(
                        ("fleet", "ships", index, "quadrant"),
                        f"q{ship.quadrant} has {spaces} spaces; the ships placed there need {taken[ship.quadrant]}",
                    )
        if quadrants < 4:
            raise EntryProblem(("tables", "tables", "quadrants"), "the fleet map has at least 4 quadrants")
        labels = sorted(f"{ship.id}/{role.id}" for ship in self.fleet.ships for role in ship.roles)
        for loc, label in self.council.council.seats():
            check_known(label, labels, ("council", "council", *loc), "seat")
        for field in ("reporters", "return_to_ship", "shuttle_handlers"):
            for index, label in enumerate(getattr(self.combat.combat, field)):
                check_known(label, labels, ("combat", "combat", field, index), "seat")
        for index, bonus in enumerate(self.combat.combat.bonuses):
            check_known(bonus.ship, ships, ("combat", "combat", "bonuses", index, "ship"), "ship")
        top = self.tables.tables.pursuit_top
        covered = sorted(level for row in self.combat.combat.strength for level in range(row.low, row.high + 1))
        if covered != list(range(top + 1)):
            raise EntryProblem(
                ("combat", "combat", "strength"), f"the rows must cover each pursuit level 0 to {top} exactly once"
            )
        return self

    @cached_property
    def ships(self) -> dict[str, Ship]:
        """Every ship by id, in the pack's order."""
        return {ship.id: ship for ship in self.fleet.ships}

    @cached_property
    def destinations_by_coordinates(self) -> dict[str, Destination]:
        """Every destination by its coordinates."""
        return {d.coordinates: d for d in self.destinations.destinations}

    @cached_property
    def coordinates_by_destination(self) -> dict[str, str]:
        """Every destination's coordinates, by the destination's id (ids are unique: the pack checks them)."""
        return {d.id: d.coordinates for d in self.destinations.destinations}

    @cached_property
    def cards_by_id(self) -> dict[str, ActionCard]:
        """Every action card by id."""
        return {card.id: card for card in self.cards.cards}


CLASSIC_QUADRANTS: Final = 4
"""The classic fleet map's quadrants (The Fleet Map)."""


class ClassicDenContent(DenContent):
    """A classic pack: as DenContent, and without what Infinite Domain adds (science, more than 4 quadrants)."""

    @model_validator(mode="after")
    def _classic(self) -> ClassicDenContent:
        science = next(science_uses(self), None)
        if science is not None:
            raise EntryProblem(science, "classic Den of Wolves has no science resource (it is Infinite Domain's)")
        if self.tables.tables.quadrants != CLASSIC_QUADRANTS:
            raise EntryProblem(
                ("tables", "tables", "quadrants"), f"the classic fleet map has {CLASSIC_QUADRANTS} quadrants"
            )
        return self


PACK_MODELS: Final[Mapping[Edition, type[DenContent]]] = {
    "classic": ClassicDenContent,
    "infinite-domain": DenContent,
}
"""The model each edition's pack is checked against."""


def science_uses(content: DenContent) -> Iterator[Loc]:
    """Where a pack uses the `science` resource (hold, station, damage card, action card, reward), as paths."""
    for index, ship in enumerate(content.fleet.ships):
        if "science" in ship.hold:
            yield ("fleet", "ships", index, "hold", "science")
        for number, station in enumerate(ship.stations):
            for step in _science_steps(station.effects):
                yield ("fleet", "ships", index, "stations", number, "effects", step, "resource")
    for ship_id, deck in content.damage.decks.items():
        for index, card in enumerate(deck):
            for part in ("instant", "ongoing"):
                for step in _science_steps(getattr(card, part)):
                    yield ("damage", "decks", ship_id, index, part, step, "resource")
    for index, action in enumerate(content.cards.cards):
        for step in _science_steps(action.effects):
            yield ("cards", "cards", index, "effects", step, "resource")
    for index, destination in enumerate(content.destinations.destinations):
        if "science" in destination.rewards:
            yield ("destinations", "destinations", index, "rewards", "science")


def _science_steps(effects: tuple[Effect, ...]) -> Iterator[int]:
    return (step for step, effect in enumerate(effects) if effect.resource == "science")


def load_den_content(edition: Edition, path: Path | None = None) -> DenContent:
    """An edition's pack: the default one, or an organiser's directory (or single file) whose files replace it.

    The pack is checked against its edition: a classic pack may not use science and has 4 quadrants."""
    if path is None:
        return _default_content(edition)
    return load_pack(PACK_MODELS[edition], pack_sources(DATA_PACKAGES[edition], PACK_FILES, Path(path)))


@cache
def _default_content(edition: Edition) -> DenContent:
    # Loaded packs are frozen, so one copy per edition can be shared.
    return load_pack(PACK_MODELS[edition], pack_sources(DATA_PACKAGES[edition], PACK_FILES))
