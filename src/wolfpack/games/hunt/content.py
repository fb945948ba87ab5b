"""Wolves on the Hunt content: the schema of the cards, map, player sheet and components, and its loader.

The rulebook shows these only as pictures, so the default pack in `data/` is our design (see "Content design
notes" in docs/games/wolves-on-the-hunt.md). This module validates a pack and offers lookups over it; it holds no
game rules. Box and step numbers are 1-based, as printed on the sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, cached_property
from pathlib import Path
from typing import Annotated, Final, Literal, get_args

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

Location = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
LOCATIONS: Final[tuple[Location, ...]] = get_args(Location)
"""The eight wolf locations, clockwise from North (rulebook, New Wolf)."""
DieColour = Literal["red", "green", "yellow", "purple", "black", "blue", "white"]
ActionKind = Literal["knife", "rifle", "trap", "power", "samovar", "outwit"]
"""The six action rows, one per die colour but white (rulebook, Main Action)."""
Stat = Literal["knife", "rifle", "traps"]
"""The three stats the Samovar raises (rulebook, Samovar)."""
FreeAction = Literal["assist", "modify", "reroll", "health"]
Difficulty = Literal["easy", "normal", "hard"]
DIFFICULTIES: Final[tuple[Difficulty, ...]] = get_args(Difficulty)
AbilityKind = Literal[
    "capture", "first_strike", "pinned", "howling", "heal_adjacent", "heal_all", "aggression", "immune"
]
Timing = Literal["arrival", "end_of_round", "ongoing"]
"""When an ability acts: on arrival ("!"), at the end of each round (hourglass), or ongoing."""
BonusKind = Literal["enhance", "heal_dog", "heal_player", "reset_line"]
EnhanceTarget = Literal["knife", "rifle", "traps", "any"]
PowerKind = Literal["long_shot", "charge", "snare", "hounds", "field_medic", "lure"]
RoundKind = Literal["day", "night", "endgame"]
Deck = Literal["day", "night", "leader"]

ALLOWED_TIMINGS: Final[Mapping[AbilityKind, frozenset[Timing]]] = {
    "capture": frozenset({"ongoing"}),
    "first_strike": frozenset({"arrival", "end_of_round"}),
    "pinned": frozenset({"ongoing"}),
    "howling": frozenset({"arrival", "end_of_round"}),
    "heal_adjacent": frozenset({"arrival", "end_of_round"}),
    "heal_all": frozenset({"arrival", "end_of_round"}),
    "aggression": frozenset({"ongoing"}),
    "immune": frozenset({"ongoing"}),
}
"""Timings that make sense for each ability: a lasting effect is ongoing, a one-off happens on arrival or each round."""

Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40)]
"""Ids are short lower-case words with dashes, so they can appear in notation."""
Name = Annotated[str, StringConstraints(min_length=1, max_length=60)]
SmallNumber = Annotated[int, Field(ge=1, le=20)]

PACK_FILES: Final = ("wolves", "characters", "map", "sheet", "components")
"""The files of a pack, each `<name>.toml`, each one field of HuntContent."""
DATA_PACKAGE: Final = "wolfpack.games.hunt.data"
"""Where the default pack lives."""


def clockwise(location: Location, steps: int = 1) -> Location:
    """The location `steps` places clockwise of `location` (negative steps go anticlockwise)."""
    return LOCATIONS[(LOCATIONS.index(location) + steps) % len(LOCATIONS)]


def space_id(first: Location, second: Location) -> str:
    """The id of the player space between two neighbouring locations, in clockwise order: `N-NE`, `NW-N`."""
    return f"{first}-{second}"


# ---------------------------------------------------------------- wolves.toml


class WolfBonus(ContentModel):
    """The kill bonus at the top of a wolf card."""

    kind: BonusKind
    stat: EnhanceTarget | None = None
    """For `enhance`: which stat goes up one step (`any`: the killer chooses)."""

    @model_validator(mode="after")
    def _stat_only_for_enhance(self) -> WolfBonus:
        if self.kind == "enhance" and self.stat is None:
            raise EntryProblem(("stat",), 'an "enhance" bonus needs stat = "knife", "rifle", "traps" or "any"')
        if self.kind != "enhance" and self.stat is not None:
            raise EntryProblem(("stat",), f'only an "enhance" bonus has a stat (this one is {show(self.kind)})')
        return self


class WolfAbility(ContentModel):
    """The special ability at the bottom of a wolf card."""

    kind: AbilityKind
    timing: Timing
    die: DieColour | None = None
    """For `capture`: the colour of the die it takes."""
    immune_to: Stat | None = None
    """For `immune`: the attack it ignores."""

    @model_validator(mode="after")
    def _parameters_match_kind(self) -> WolfAbility:
        if (self.kind == "capture") != (self.die is not None):
            need = "needs a" if self.kind == "capture" else "takes no"
            raise EntryProblem(("die",), f'a "{self.kind}" ability {need} die colour (only "capture" has one)')
        if (self.kind == "immune") != (self.immune_to is not None):
            need = "needs an" if self.kind == "immune" else "takes no"
            raise EntryProblem(("immune_to",), f'a "{self.kind}" ability {need} immune_to (only "immune" has one)')
        allowed = ALLOWED_TIMINGS[self.kind]
        if self.timing not in allowed:
            raise EntryProblem(("timing",), f'"{self.kind}" must have timing {" or ".join(sorted(allowed))}')
        return self


class Wolf(Entry):
    """A wolf card: Day Wolf, Night Wolf or Pack Leader."""

    id: Id
    name: Name
    health: int = Field(ge=1, le=40)
    damage: int = Field(ge=1, le=6)
    """Damage icons: damage dealt when it attacks or strikes back."""
    bonus: WolfBonus
    ability: WolfAbility | None = None
    back: Location
    """The location printed on the card's back: where the wolf drawn before it is placed."""


class WolvesFile(ContentModel):
    """wolves.toml: the three wolf decks."""

    day_wolves: Items[Wolf]
    night_wolves: Items[Wolf]
    pack_leaders: Items[Wolf]

    @model_validator(mode="after")
    def _unique_ids(self) -> WolvesFile:
        seen: dict[object, str] = {}
        for deck in ("day_wolves", "night_wolves", "pack_leaders"):
            check_unique(getattr(self, deck), lambda wolf: wolf.id, deck, "id", seen=seen)
        return self


# ---------------------------------------------------------------- characters.toml


class CharacterSetup(ContentModel):
    """A character card's A side: starting stats (steps on the stat tracks) and starting player space."""

    knife: int = Field(ge=1, le=20)
    rifle: int = Field(ge=1, le=20)
    traps: int = Field(ge=1, le=20)
    start: str
    """The player space the hunter starts on, e.g. `N-NE`."""


class PlayerPower(ContentModel):
    """A character card's B side: the power the purple die grants."""

    kind: PowerKind
    """Which power the rules engine carries out; `amount` is its one number."""
    name: Name
    amount: int = Field(ge=1, le=6)
    text: str = Field(min_length=20, max_length=600)
    """The power in words, precise enough to play it from: what it does, to whom, how much."""


class Character(Entry):
    """A character card, both sides."""

    id: Id
    name: Name
    a_side: CharacterSetup
    b_side: PlayerPower


class CharactersFile(ContentModel):
    """characters.toml: the character cards."""

    characters: Items[Character]

    @model_validator(mode="after")
    def _unique(self) -> CharactersFile:
        check_unique(self.characters, lambda c: c.id, "characters", "id")
        check_unique(self.characters, lambda c: c.name, "characters", "name")
        check_unique(self.characters, lambda c: c.a_side.start, "characters", "a_side.start")
        return self


# ---------------------------------------------------------------- map.toml


class MapLocation(Entry):
    """One of the eight wolf locations around the map."""

    id: Location
    name: Name


class SpaceBonus(ContentModel):
    """A player space that strengthens one kind of action taken there (not a permanent upgrade)."""

    action: Literal["knife", "rifle", "trap"]
    amount: int = Field(ge=1, le=3)


class PlayerSpace(Entry):
    """A player space (white meeple) between two neighbouring locations; a hunter there is adjacent to both."""

    id: str
    between: Items[Location] = Field(min_length=2, max_length=2)
    """The two locations on its sides, clockwise order."""
    rocks: bool = False
    """Entering a rocky space costs extra move points (see terrain)."""
    bonus: SpaceBonus | None = None


class MapLine(Entry):
    """A location line, which separates two neighbouring player spaces; each move point crosses one line."""

    location: Location
    spaces: Items[str] = Field(min_length=2, max_length=2)
    """The player spaces on either side, clockwise order."""
    cost: int = Field(1, ge=1, le=6)
    """Move points to cross it."""
    river: bool = False
    """Crossing it wades through the river (costs health; nobody can stop in the river)."""


class DogSpace(Entry):
    """A dog space in the centre, facing one or two locations; a dog there is 'on' those locations."""

    id: Id
    locations: Items[Location] = Field(min_length=1, max_length=2)


class Terrain(Entry):
    """The costs of rough ground."""

    rock_extra_cost: int = Field(ge=1, le=6)
    """Extra move points to enter a space with rocks."""
    river_health_cost: int = Field(ge=1, le=6)
    """Health lost for each crossing of a river line."""


class MapFile(ContentModel):
    """map.toml: locations, player spaces, lines, the centre's dog spaces, terrain costs."""

    locations: Items[MapLocation]
    spaces: Items[PlayerSpace]
    lines: Items[MapLine]
    dog_spaces: Items[DogSpace]
    terrain: Terrain

    @model_validator(mode="after")
    def _ring(self) -> MapFile:
        ids = [location.id for location in self.locations]
        for index, expected in enumerate(LOCATIONS):
            if index >= len(ids) or ids[index] != expected:
                loc: tuple[str | int, ...] = ("locations", index, "id") if index < len(ids) else ("locations",)
                ring = ", ".join(LOCATIONS)
                raise EntryProblem(loc, f"locations run clockwise from North ({ring}); expected {show(expected)} here")
        check_count(self.locations, len(LOCATIONS), ("locations",), "locations", "rulebook: New Wolf")
        self._check_spaces()
        self._check_lines()
        check_unique(self.dog_spaces, lambda d: d.id, "dog_spaces", "id")
        guarded: dict[str, str] = {}
        for index, dog_space in enumerate(self.dog_spaces):
            for side, location in enumerate(dog_space.locations):
                if location in guarded:
                    raise EntryProblem(
                        ("dog_spaces", index, "locations", side),
                        f"{show(location)} already faces dog space {show(guarded[location])} (one per location)",
                    )
                guarded[location] = dog_space.id
        return self

    def _check_spaces(self) -> None:
        check_unique(self.spaces, lambda s: s.id, "spaces", "id")
        for index, space in enumerate(self.spaces):
            first, second = space.between
            if second != clockwise(first):
                raise EntryProblem(
                    ("spaces", index, "between"),
                    f"must be neighbouring locations, clockwise, e.g. [{show(first)}, {show(clockwise(first))}]",
                )
            if space.id != space_id(first, second):
                raise EntryProblem(("spaces", index, "id"), f"must be {show(space_id(first, second))}, after `between`")
        check_count(self.spaces, len(LOCATIONS), ("spaces",), "player spaces", "one between each two locations")

    def _check_lines(self) -> None:
        check_unique(self.lines, lambda line: line.location, "lines", "location")
        for index, line in enumerate(self.lines):
            expected = (
                space_id(clockwise(line.location, -1), line.location),
                space_id(line.location, clockwise(line.location)),
            )
            for side, name in enumerate(line.spaces):
                check_known(name, [space.id for space in self.spaces], ("lines", index, "spaces", side), "space")
            if tuple(line.spaces) != expected:
                raise EntryProblem(
                    ("lines", index, "spaces"),
                    f"the {line.location} line separates {show(expected[0])} and {show(expected[1])} (in that order)",
                )
        check_count(self.lines, len(LOCATIONS), ("lines",), "lines", "one at each location")


# ---------------------------------------------------------------- sheet.toml


class SheetBox(ContentModel):
    """A number box of an action row, with what writing in it unlocks."""

    free: FreeAction | None = None
    """The free action printed above the box."""
    main: ActionKind | None = None
    """The main action printed below the box."""


class ActionRow(Entry):
    """A coloured action row of the player sheet."""

    id: ActionKind
    colour: DieColour
    boxes: Items[SheetBox] = Field(min_length=1, max_length=20)


class StatTrack(Entry):
    """A stat track the Samovar climbs: the stat's value at each step, from step 1."""

    id: Stat
    values: Items[SmallNumber] = Field(min_length=2, max_length=20)

    @model_validator(mode="after")
    def _climbs(self) -> StatTrack:
        for step in range(1, len(self.values)):
            if self.values[step] < self.values[step - 1]:
                raise EntryProblem(("values", step), f"a track never goes down: step {step + 1} is below step {step}")
        return self


class Hearts(Entry):
    """The hearts on the sheet: outlined at the start, and dashed ones that healing outlines."""

    start: int = Field(ge=1, le=30)
    extra: int = Field(ge=0, le=30)


class StartingFreeAction(Entry):
    """A free action printed as already unlocked, on the difficulties that keep it."""

    action: FreeAction
    difficulties: Items[Difficulty] = Field(min_length=1, max_length=3)


class DiceSpaces(Entry):
    """The printed dice on the sheet where a hunter puts the dice taken."""

    count: int = Field(ge=1, le=7)


class SheetFile(ContentModel):
    """sheet.toml: the player sheet."""

    rows: Items[ActionRow]
    tracks: Items[StatTrack]
    hearts: Hearts
    starting_free_actions: Items[StartingFreeAction]
    dice_spaces: DiceSpaces

    @model_validator(mode="after")
    def _complete(self) -> SheetFile:
        check_unique(self.rows, lambda row: row.id, "rows", "id")
        check_unique(self.rows, lambda row: row.colour, "rows", "colour")
        check_count(
            self.rows,
            len(get_args(ActionKind)),
            ("rows",),
            "rows",
            "one per action: " + ", ".join(get_args(ActionKind)),
        )
        check_unique(self.tracks, lambda track: track.id, "tracks", "id")
        check_count(self.tracks, len(get_args(Stat)), ("tracks",), "tracks", "knife, rifle and traps")
        for index, free in enumerate(self.starting_free_actions):
            kept = set(free.difficulties)
            # A harder game never keeps a free action that an easier one loses (rulebook: 1-3 by difficulty).
            for harder, easier in (("hard", "normal"), ("normal", "easy")):
                if harder in kept and easier not in kept:
                    raise EntryProblem(
                        ("starting_free_actions", index, "difficulties"),
                        f"kept on {harder} means kept on {easier} too",
                    )
        for difficulty in DIFFICULTIES:
            count = sum(difficulty in free.difficulties for free in self.starting_free_actions)
            if not 1 <= count <= 3:
                raise EntryProblem(
                    ("starting_free_actions",),
                    f"{difficulty} must start with 1 to 3 free actions (rulebook: Unlocked Free Actions); got {count}",
                )
        return self


# ---------------------------------------------------------------- components.toml


class CardCounts(Entry):
    """How many cards of each kind the box holds."""

    day_wolves: int = Field(ge=1, le=60)
    night_wolves: int = Field(ge=1, le=60)
    pack_leaders: int = Field(ge=1, le=20)
    characters: int = Field(ge=1, le=20)
    caves: int = Field(ge=1, le=1)


class Die(Entry):
    """A six-sided die; its colour picks the action row (`any`: the wild die)."""

    colour: DieColour
    action: ActionKind | Literal["any"]


class TrapToken(Entry):
    """A double-sided trap token: the placer picks the side."""

    id: Id
    sides: Items[SmallNumber] = Field(min_length=2, max_length=2)


class Outwits(Entry):
    """The outwit tokens."""

    count: int = Field(ge=1, le=8)


class Dogs(Entry):
    """The dogs: how many, how many start on the map, when they die, how hard they bite back."""

    total: int = Field(ge=0, le=10)
    on_map: int = Field(ge=0, le=8)
    health: int = Field(ge=1, le=10)
    """A dog dies when it has taken this much damage."""
    strike_back: int = Field(ge=0, le=5)

    @model_validator(mode="after")
    def _fits(self) -> Dogs:
        if self.on_map > self.total:
            raise EntryProblem(("on_map",), f"must be at most total ({self.total}) (got {self.on_map})")
        return self


class Elders(Entry):
    """The village elders: how many by difficulty, and their health."""

    easy: int = Field(ge=1, le=10)
    normal: int = Field(ge=1, le=10)
    hard: int = Field(ge=1, le=10)
    health: int = Field(ge=1, le=5)

    def count(self, difficulty: Difficulty) -> int:
        """How many elders start on `difficulty`."""
        return {"easy": self.easy, "normal": self.normal, "hard": self.hard}[difficulty]


class GameRound(Entry):
    """A round of the round track and the wolf deck its turns draw from."""

    number: int = Field(ge=1, le=20)
    kind: RoundKind
    deck: Literal["day", "night"]


class ComponentsFile(ContentModel):
    """components.toml: card counts, dice, tokens, dogs, elders, rounds."""

    cards: CardCounts
    dice: Items[Die]
    traps: Items[TrapToken]
    outwits: Outwits
    dogs: Dogs
    elders: Elders
    rounds: Items[GameRound]

    @model_validator(mode="after")
    def _consistent(self) -> ComponentsFile:
        check_unique(self.dice, lambda die: die.colour, "dice", "colour")
        check_unique(self.dice, lambda die: die.action, "dice", "action")
        actions = {die.action for die in self.dice}
        for action in get_args(ActionKind):
            if action not in actions:
                raise EntryProblem(("dice",), f"needs a die for every action row; none has action {show(action)}")
        check_unique(self.traps, lambda trap: trap.id, "traps", "id")
        for index, game_round in enumerate(self.rounds, start=1):
            if game_round.number != index:
                raise EntryProblem(("rounds", index - 1, "number"), f"rounds are numbered 1, 2, ...; expected {index}")
        return self


# ---------------------------------------------------------------- the pack


class HuntContent(ContentModel):
    """A complete Wolves on the Hunt content pack, checked across files, with lookups (and no rules)."""

    wolves: WolvesFile
    characters: CharactersFile
    map: MapFile
    sheet: SheetFile
    components: ComponentsFile

    @model_validator(mode="after")
    def _across_files(self) -> HuntContent:
        cards = self.components.cards
        for deck in ("day_wolves", "night_wolves", "pack_leaders"):
            expected = getattr(cards, deck)
            why = f"components.toml cards.{deck}"
            check_count(getattr(self.wolves, deck), expected, ("wolves", deck), deck.replace("_", " "), why)
        check_count(
            self.characters.characters,
            cards.characters,
            ("characters", "characters"),
            "characters",
            "components.toml cards.characters",
        )
        spaces = [space.id for space in self.map.spaces]
        for index, character in enumerate(self.characters.characters):
            loc = ("characters", "characters", index, "a_side")
            check_known(character.a_side.start, spaces, (*loc, "start"), "player space")
            for track in self.sheet.tracks:
                step = getattr(character.a_side, track.id)
                if step > len(track.values):
                    raise EntryProblem(
                        (*loc, track.id), f"the {track.id} track has {len(track.values)} steps (got {step})"
                    )
        colours = {die.action: die.colour for die in self.components.dice}
        for index, row in enumerate(self.sheet.rows):
            if row.colour != colours[row.id]:
                raise EntryProblem(
                    ("sheet", "rows", index, "colour"),
                    f"must be {show(colours[row.id])}, the colour of the {row.id} die in components.toml",
                )
        check_count(
            self.map.dog_spaces,
            self.components.dogs.on_map,
            ("map", "dog_spaces"),
            "dog spaces",
            "components.toml dogs.on_map",
        )
        return self

    # ------------------------------------------------------------ lookups

    def deck(self, kind: Deck) -> tuple[Wolf, ...]:
        """The cards of one wolf deck, in file order."""
        wolves = self.wolves
        decks = {"day": wolves.day_wolves, "night": wolves.night_wolves, "leader": wolves.pack_leaders}
        return decks[kind]

    @cached_property
    def _wolves_by_id(self) -> dict[str, Wolf]:
        return {wolf.id: wolf for deck in ("day", "night", "leader") for wolf in self.deck(deck)}

    def wolf(self, wolf_id: str) -> Wolf:
        """The wolf card with id `wolf_id`."""
        try:
            return self._wolves_by_id[wolf_id]
        except KeyError:
            raise KeyError(f"no wolf card with id {wolf_id!r}") from None

    def character(self, character_id: str) -> Character:
        """The character card with id `character_id`."""
        for character in self.characters.characters:
            if character.id == character_id:
                return character
        raise KeyError(f"no character with id {character_id!r}")

    @cached_property
    def _spaces_by_id(self) -> dict[str, PlayerSpace]:
        spaces = {space.id: space for space in self.map.spaces}
        # The rulebook names spaces either way round ("South/South-East"); accept both spellings.
        spaces.update({space_id(space.between[1], space.between[0]): space for space in self.map.spaces})
        return spaces

    def space(self, name: str) -> PlayerSpace:
        """The player space called `name`, in either order: `SE-S` and `S-SE` are the same space."""
        try:
            return self._spaces_by_id[name]
        except KeyError:
            raise KeyError(f"no player space {name!r}; spaces: {', '.join(s.id for s in self.map.spaces)}") from None

    def locations_adjacent_to(self, space: str) -> tuple[Location, Location]:
        """The two locations beside a player space, clockwise order."""
        first, second = self.space(space).between
        return first, second

    def spaces_adjacent_to(self, location: Location) -> tuple[str, str]:
        """The two player spaces beside a location: anticlockwise one first."""
        first, second = self.line_at(location).spaces
        return first, second

    def line_at(self, location: Location) -> MapLine:
        """The line at `location`, separating the two spaces beside it."""
        for line in self.map.lines:
            if line.location == location:
                return line
        raise KeyError(f"no line at {location!r}")  # unreachable for a validated map

    def neighbours(self, space: str) -> tuple[tuple[str, MapLine], tuple[str, MapLine]]:
        """The two spaces one line away from `space`, each with the line crossed: anticlockwise one first."""
        first, second = self.locations_adjacent_to(space)
        back, ahead = self.line_at(first), self.line_at(second)
        return (back.spaces[0], back), (ahead.spaces[1], ahead)

    def bonus_spaces(self) -> dict[str, SpaceBonus]:
        """Player spaces with an action bonus, by id."""
        return {space.id: space.bonus for space in self.map.spaces if space.bonus is not None}

    def row(self, action: ActionKind) -> ActionRow:
        """The action row of `action`."""
        return next(row for row in self.sheet.rows if row.id == action)

    def track(self, stat: Stat) -> StatTrack:
        """The stat track of `stat`."""
        return next(track for track in self.sheet.tracks if track.id == stat)

    def stat_value(self, stat: Stat, step: int) -> int:
        """The value of `stat` at `step` (1-based) of its track."""
        values = self.track(stat).values
        if not 1 <= step <= len(values):
            raise ValueError(f"the {stat} track has steps 1 to {len(values)} (got {step})")
        return values[step - 1]

    def starting_free_actions(self, difficulty: Difficulty) -> tuple[FreeAction, ...]:
        """The free actions every hunter starts with on `difficulty`."""
        return tuple(free.action for free in self.sheet.starting_free_actions if difficulty in free.difficulties)

    def elders(self, difficulty: Difficulty) -> int:
        """How many elders start in the centre on `difficulty`."""
        return self.components.elders.count(difficulty)

    def die(self, colour: DieColour) -> Die:
        """The die of `colour`."""
        return next(die for die in self.components.dice if die.colour == colour)


# ---------------------------------------------------------------- loading


def load_hunt_content(path: Path | None = None) -> HuntContent:
    """The content pack: the default one, or an organiser's directory (or single file) whose files replace it.

    Files missing from the organiser's directory fall back to the default pack; a `.toml` file there that is not
    part of a pack is an error, so a misspelt name cannot be silently ignored.
    """
    if path is None:
        return _default_content()
    return load_pack(HuntContent, pack_sources(DATA_PACKAGE, PACK_FILES, Path(path)))


@cache
def _default_content() -> HuntContent:
    # The default pack is frozen, so one copy can be shared.
    return load_pack(HuntContent, pack_sources(DATA_PACKAGE, PACK_FILES))
