"""Wolves on the Hunt's fixed action space and features, for learning libraries (docs/interop.md); the rules never
import it.

An action is a verb (or `extra` and a verb) and a tail of words. Tails combine freely (one or two traps on any
locations, a power's move and knife, a reroll of any dice of the pool), so each verb's tail is one word of the space:
its words joined by "+", drawn from every tail the content pack allows, in canonical order (each one read through the
game's own notation). A reroll's tail names the dice by colour only: the values they show are the state's (a die of
each colour), read back when an index becomes an action. Features come from the seat's observation (the Hunt has no
secrets: every seat sees everything).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations, permutations, product
from typing import Any, Final

from wolfpack.engine.encoding import FeatureLayout, Features, FeatureWriter, Form, WordActionSpace, vocabulary_index
from wolfpack.engine.errors import InvalidActionError
from wolfpack.engine.game import State
from wolfpack.games.hunt.actions import parse
from wolfpack.games.hunt.content import LOCATIONS, HuntContent
from wolfpack.games.hunt.game import HuntGame
from wolfpack.games.hunt.rules import DICE_COLOURS, DIRECTIONS

MAX_HUNTERS: Final = 4
STATS: Final = ("knife", "rifle", "traps")
BARE_WORDS: Final = ("pass", "turn", "end", "assist")
MAIN_VERBS: Final = ("knife", "rifle", "trap", "samovar", "outwit", "power")
"""The main actions that `extra` may precede."""
JOIN: Final = "+"
"""Joins a tail's words into one word of the space (Hunt notation never uses it)."""


def _canonical(verb: str, tails: Iterable[str], content: HuntContent) -> list[str]:
    """Each distinct tail of `verb` that the notation reads, in its canonical words (joined), first seen first."""
    found: dict[str, None] = {}
    for tail in tails:
        try:
            text = parse(f"{verb} {tail}", content)
        except InvalidActionError:
            continue  # a combination the notation refuses (a location named twice) is no action
        found[JOIN.join(text.split()[1:])] = None
    return list(found)


def _locations(most: int) -> Iterator[str]:
    """One to `most` distinct locations."""
    for size in range(1, most + 1):
        for chosen in combinations(LOCATIONS, size):
            yield " ".join(chosen)


def _traps(content: HuntContent, most: int) -> Iterator[str]:
    """One to `most` traps, each a location and a token's side, no location and no token twice."""
    sides = [(token.id, value) for token in content.components.traps for value in token.sides]
    for size in range(1, most + 1):
        for places in combinations(LOCATIONS, size):
            for tokens in permutations({token for token, _ in sides}, size):
                for values in product(*([v for t, v in sides if t == token] for token in tokens)):
                    yield " ".join(f"{p}={t}:{v}" for p, t, v in zip(places, tokens, values, strict=True))


def _power_tails(content: HuntContent, players: int) -> Iterator[str]:
    """Every form of every power of the pack's characters, as far as the notation can write them."""
    spaces = [space.id for space in content.map.spaces]
    for character in content.characters.characters:
        power = character.b_side
        if power.kind == "long_shot":
            yield from LOCATIONS
        elif power.kind == "charge":
            for move in ["", *(f"{space} {way} " for space in spaces for way in DIRECTIONS)]:
                yield from (f"{move}{knife}" for knife in _locations(2))
                if move:
                    yield move.strip()
        elif power.kind == "snare":
            yield from _traps(content, power.amount)
        elif power.kind == "hounds":
            dogs = [dog.id for dog in content.map.dog_spaces]
            for placed in ["", *(f"place {dog} " for dog in dogs)]:
                yield from (f"{placed}bite {bites}" for bites in _locations(len(dogs)))
                if placed:
                    yield placed.strip()
        elif power.kind == "field_medic":
            for shares in product(range(power.amount + 1), repeat=players):
                if 0 < sum(shares) <= power.amount:
                    yield " ".join(f"hunter{seat}:{n}" for seat, n in enumerate(shares) if n)
        elif power.kind == "lure":
            yield from (f"{a}>{b}" for a in LOCATIONS for b in LOCATIONS if a != b)


def _tails(content: HuntContent, players: int) -> dict[str, list[str]]:
    """Each verb's tails (joined words), the main actions' also after `extra`."""
    dice = [f"{colour}{value}" for colour in DICE_COLOURS for value in range(1, 7)]
    rows = [str(row.id) for row in content.sheet.rows]
    dogs = [dog.id for dog in content.map.dog_spaces]
    knife = _canonical("knife", _locations(2), content)
    outwit_sources = (f"{tail} from {source}" for tail in _locations(2) for source in LOCATIONS)
    tails: dict[str, list[str]] = {
        "take": dice,
        "move": [JOIN.join((space.id, way)) for space in content.map.spaces for way in DIRECTIONS],
        "write": rows,
        "reset": rows,
        "knife": knife,
        "rifle": [str(location) for location in LOCATIONS],
        "trap": _canonical("trap", _traps(content, 2), content),
        "samovar": list(STATS),
        "outwit": knife + _canonical("outwit", outwit_sources, content),
        "power": _canonical("power", _power_tails(content, players), content),
        "target": [*(f"hunter{seat}" for seat in range(players)), *(JOIN.join(("dog", dog)) for dog in dogs), "elder"],
        "bonus": [*STATS, *dogs],
        "modify": [JOIN.join((die, way)) for die in dice for way in ("up", "down")],
        "reroll": [
            JOIN.join(chosen) for size in range(1, len(DICE_COLOURS) + 1) for chosen in combinations(DICE_COLOURS, size)
        ],
    }
    return tails


def _forms(content: HuntContent, players: int) -> tuple[list[Form], list[Form]]:
    """The seats' forms and the chance outcomes' forms."""
    tails = _tails(content, players)
    forms: list[Form] = [((word,),) for word in BARE_WORDS]
    forms += [((verb,), tuple(tail)) for verb, tail in tails.items()]
    forms += [(("extra",), (verb,), tuple(tails[verb])) for verb in MAIN_VERBS]
    wolves = tuple(wolf.id for kind in ("day", "night", "leader") for wolf in content.deck(kind))
    leaders = tuple(wolf.id for wolf in content.deck("leader"))
    chance: list[Form] = [
        (("character",), tuple(character.id for character in content.characters.characters)),
        (("leader",), leaders),
        (("roll",), tuple(str(face) for face in range(1, 7))),
        (("face", "howl"), wolves),
        (("back",), LOCATIONS),
    ]
    return forms, chance


def to_words(text: str) -> str:
    """An action's notation as the space's words: the verb, and its tail joined (a reroll's dice by colour)."""
    words = text.split()
    head = 2 if words[0] == "extra" and len(words) > 1 else 1
    tail = words[head:]
    if words[0] == "reroll":
        tail = [die.rstrip("0123456789") for die in tail]
    return " ".join([*words[:head], JOIN.join(tail)]) if tail else " ".join(words[:head])


def from_words(words: str, state: State[Any]) -> str:
    """The notation of the space's words in `state`: a tail's words apart again, a reroll's dice with their values."""
    if words.startswith("reroll "):
        dice = state.dice  # type: ignore[attr-defined]  # a HuntState: each colour's die, [value, where]
        return "reroll " + " ".join(f"{colour}{dice[colour][0]}" for colour in words[len("reroll ") :].split(JOIN))
    return words.replace(JOIN, " ")


def _layout(content: HuntContent) -> FeatureLayout:
    """The features' segments for this content pack."""
    wolves = len(_wolf_ids(content))
    traps = len(content.components.traps)
    rows = len(content.sheet.rows)
    spaces = len(content.map.spaces)
    characters = len(content.characters.characters)
    hunter = characters + spaces + 5 + 3 + rows * 2
    return FeatureLayout(
        (
            ("you", MAX_HUNTERS, "one-hot: the seat observing"),
            ("active", MAX_HUNTERS, "one-hot: the active hunter"),
            ("cross", MAX_HUNTERS, "one-hot: the holder of the cross"),
            ("round", 2, "round / 20, 1 if the round is a night"),
            (
                "dice",
                len(DICE_COLOURS) * (6 + 1 + MAX_HUNTERS),
                "per die colour: one-hot of its face; in the pool; one-hot of the hunter holding it",
            ),
            (
                "locations",
                len(LOCATIONS) * (wolves + 4 + traps),
                "per location (clockwise from N): one-hot of the wolf card there; its damage, health, outwitted, "
                "whether it is the Pack Leader; per trap token: the side showing there (0: none)",
            ),
            ("dogs", len(content.map.dog_spaces) * 2, "per dog space: a dog there, its damage"),
            ("supply", 3, "dogs in the supply, elders left, wolf cards in the day and night decks / 10"),
            (
                "hunters",
                MAX_HUNTERS * hunter,
                "per hunter: one-hot of its character, one-hot of its space, hearts / 10, dashed hearts / 10, "
                "(knife, rifle, traps stats) / 10, free actions (assist, modify, reroll); per sheet row: dice written "
                "and reset",
            ),
            ("result", 2, "the hunters won, they lost"),
        )
    )


def _wolf_ids(content: HuntContent) -> list[str]:
    """Every wolf card's id (day, night, pack leaders)."""
    return [wolf.id for kind in ("day", "night", "leader") for wolf in content.deck(kind)]


class HuntFeatures:
    """Reads a seat's Wolves on the Hunt observation into the layout's features."""

    def __init__(self, content: HuntContent) -> None:
        self.layout = _layout(content)
        self.wolves = _wolf_ids(content)
        self.traps = [token.id for token in content.components.traps]
        self.rows = [row.id for row in content.sheet.rows]
        self.spaces = [space.id for space in content.map.spaces]
        self.characters = [character.id for character in content.characters.characters]
        self.dogs = [dog.id for dog in content.map.dog_spaces]
        self.hunter = len(self.characters) + len(self.spaces) + 5 + 3 + len(self.rows) * 2

    def __call__(self, observation: Mapping[str, Any], seat: int) -> Features:
        """The features of one seat's observation."""
        out = FeatureWriter(self.layout)
        out.one_hot("you", seat)
        out.one_hot("active", observation["active"])
        out.one_hot("cross", observation["cross"])
        out.segment("round")[:] = [observation["round"] / 20, observation["round_kind"] == "night"]
        dice = out.segment("dice")
        width = 6 + 1 + MAX_HUNTERS
        for number, colour in enumerate(DICE_COLOURS):
            value, where = observation["dice"].get(colour, (None, None))
            if value is not None:
                dice[number * width + value - 1] = 1.0
            if where == "pool":
                dice[number * width + 6] = 1.0
            elif isinstance(where, str) and where.startswith("hunter"):
                dice[number * width + 7 + int(where[len("hunter") :])] = 1.0
        locations = out.segment("locations")
        width = len(self.wolves) + 4 + len(self.traps)
        for place, wolf in observation["wolves"].items():
            base = LOCATIONS.index(place) * width
            at = vocabulary_index(self.wolves, wolf["id"])
            if at is not None:
                locations[base + at] = 1.0
            base += len(self.wolves)
            locations[base : base + 4] = [
                wolf["damage"],
                wolf["health"],
                wolf["outwit"],
                wolf["id"] == observation["leader"],
            ]
        for place, placed in observation["traps"].items():
            base = LOCATIONS.index(place) * width + len(self.wolves) + 4
            for token, side in placed:
                locations[base + self.traps.index(token)] = side
        dogs = out.segment("dogs")
        for number, dog in enumerate(self.dogs):
            damage = observation["dogs"].get(dog)
            if damage is not None:
                dogs[number * 2 : number * 2 + 2] = [1.0, damage]
        decks = observation["decks"]
        cards = sum(len(deck["cards"]) for deck in decks.values())
        out.segment("supply")[:] = [observation["dog_supply"], observation["elders"], cards / 10]
        hunters = out.segment("hunters")
        for seat, hunter in enumerate(observation["hunters"][:MAX_HUNTERS]):
            row = hunters[seat * self.hunter : (seat + 1) * self.hunter]
            at = vocabulary_index(self.characters, hunter["character"])
            if at is not None:
                row[at] = 1.0
            base = len(self.characters)
            at = vocabulary_index(self.spaces, hunter["space"])
            if at is not None:
                row[base + at] = 1.0
            base += len(self.spaces)
            stats = hunter["stats"]
            row[base : base + 5] = [hunter["hearts"] / 10, hunter["dashed"] / 10, *(stats[s] / 10 for s in STATS)]
            base += 5
            free = hunter["free"]
            row[base : base + 3] = [free["assist"], free["modify"], free["reroll"]]
            base += 3
            for number, sheet_row in enumerate(self.rows):
                row[base + number * 2] = len(hunter["rows"].get(sheet_row, ()))
                row[base + number * 2 + 1] = len(hunter["resets"].get(sheet_row, ()))
        result = observation["result"]
        out.segment("result")[:] = [result == "win", result == "loss"]
        return out.vector


def action_space(game: HuntGame) -> WordActionSpace[str]:
    """Wolves on the Hunt's action space for `game`'s content pack and hunters."""
    forms, chance = _forms(game.content, game.options.players)
    features = HuntFeatures(game.content)
    return WordActionSpace(forms, chance, features, to_words, from_words)
