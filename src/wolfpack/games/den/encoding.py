"""Den of Wolves' fixed action space and features, for learning libraries (docs/interop.md, "Interpretations"); the
rules never import it.

A megagame's actions are open: Control may set any number with any reason in words. The fixed space covers what the
game itself offers (the actions `legal_actions` lists): every seat verb of the grammar (notation.py), and Control's
steps that take no free words of its own (advance, pause, resume, the jumps, the news, the attacks, settling a
notice, the Council's rulings, dice entered), each argument drawn from a vocabulary the content pack and options fix
(ships, stations, counters numbered up to our bounds, cards, seats, quadrants, counts up to our bound), and words in
quotes only as the fixed phrases the game offers. A listed action beyond it (a counter numbered past the bound)
has no index: the adapters leave it out of the mask. Features come from the seat's own observation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from wolfpack.engine.encoding import (
    FeatureLayout,
    Features,
    FeatureWriter,
    Form,
    OutsideActionSpaceError,
    WordActionSpace,
    vocabulary_index,
)
from wolfpack.engine.game import State
from wolfpack.games.den.content import RATION_LEVELS, RESOURCES, UNIT_KINDS
from wolfpack.games.den.council import STOCK_AMENDMENT, STOCK_LAWS, STOCK_MOTIONS, STOCK_ORDER, STOCK_REPEAL
from wolfpack.games.den.game import DenGame
from wolfpack.games.den.media import STOCK_STORY
from wolfpack.games.den.notation import quote, split

BOUNDS: Final = {"extra crew": 12, "extra units": 6, "wolves": 60, "count": 60, "numbers": 99}
"""Our bounds on what a megagame numbers as it goes: crew counters and units past a ship's starting ones (crew join in
play), Wolf units on the map in an attack, resources a shuttle loads or unloads at once, notices and laws."""
PHRASES: Final = (
    *STOCK_LAWS,
    *STOCK_MOTIONS,
    STOCK_AMENDMENT,
    STOCK_REPEAL,
    STOCK_ORDER,
    STOCK_STORY,
    # Control's reasons as its listed actions word them (control.py, attack.py, council.py).
    "Control pauses the game",
    "the Wolves find the fleet",
    "the Wolves withdraw",
    "settled",
    "absent members abstain",
    "Control rules on the law",
)
"""The words in quotes the space holds: the phrases the game's listed actions use."""
REASON: Final = "reason:"
"""A phrase in the space's words: its place in PHRASES after this prefix."""
QUOTED: Final = re.compile(r'"(?:[^"\\]|\\.)*"')
DIE: Final = re.compile(r"\b([a-z][a-z0-9-]*:d)[0-9]+\b")
"""A die awaiting entry (`dione:d4`): its number grows all game, and only each ship's first awaiting die is ever
entered, so the space names it by its ship (`dione:d`) and the state says which it is."""
BARE_SEAT_VERBS: Final = (
    "jump", "emergency", "scout", "escape", "hide", "show", "look-deck", "call-vote", "withdraw", "sign", "veto",
    "no-confidence", "snap-election",
)  # fmt: skip
STEPS: Final = ("start", "action", "team", "over")


def _vocabularies(game: DenGame) -> dict[str, tuple[str, ...]]:
    """Each kind of argument's words for this game's pack and options."""
    content = game.content
    ships = content.fleet.ships
    ship_ids = tuple(ship.id for ship in ships)
    bare_stations = tuple(dict.fromkeys(station.id for ship in ships for station in ship.stations))
    qualified = tuple(f"{ship.id}.{station.id}" for ship in ships for station in ship.stations)
    crew = tuple(
        f"{ship.id}:c{n}"
        for ship in ships
        for n in range(1, sum(g.count for g in ship.crew) + BOUNDS["extra crew"] + 1)
    )
    units = tuple(
        f"{ship.id}:u{n}"
        for ship in ships
        for n in range(1, sum(g.count for g in ship.units) + BOUNDS["extra units"] + 1)
    )
    destinations = tuple(d.id for d in content.destinations.destinations)
    cards = tuple(dict.fromkeys([*(card.id for card in content.cards.cards), *destinations]))
    quadrants = tuple(f"q{n}" for n in range(1, game.quadrants + 1))
    return {
        "ship": ship_ids,
        "station": bare_stations + qualified,
        "qualified": qualified,
        "crew": crew,
        "unit": units,
        "shuttle": tuple(f"{ship.id}:s{n}" for ship in ships for n in range(1, ship.shuttles + 1)),
        "die": tuple(f"{ship.id}:d" for ship in ships),
        "target": crew + units + qualified,
        "card": cards,
        "seat": tuple(seat.label for seat in game.seats),
        "place": (*ship_ids, "map"),
        "quadrant": quadrants,
        "sector": (*quadrants, "aboard"),
        "coords": (*(d.coordinates for d in content.destinations.destinations), "none"),
        "count": tuple(str(n) for n in range(1, BOUNDS["count"] + 1)),
        "number": tuple(str(n) for n in range(1, BOUNDS["numbers"] + 1)),
        "face": tuple(str(n) for n in range(1, 7)),
        "meal": ("food", "water"),
        "level": RATION_LEVELS,
        "resource": RESOURCES,
        "wolf": tuple(f"w{n}" for n in range(1, BOUNDS["wolves"] + 1)),
        "post": ("battle-stations", "ready-room", "reserve"),
        "ballot": ("yea", "nay", "abstain"),
        "mark": ("enforceable", "unenforceable", "enforced", "unenforced"),
        "news": ("-2", "-1", "+1", "+2"),
        "reason": tuple(f"{REASON}{n}" for n in range(len(PHRASES))),
    }


SEAT_FORMS: Final[tuple[tuple[str, ...], ...]] = (
    ("use", "station"),
    ("use", "station", "target"),
    ("crew", "crew", "station"),
    ("repair", "station"),
    ("rations", "meal", "level"),
    ("load", "shuttle", "resource", "count"),
    ("unload", "shuttle", "resource", "count"),
    ("board", "shuttle", "crew"),
    ("land", "shuttle", "crew", "qualified"),
    ("embark", "shuttle", "unit"),
    ("disembark", "shuttle", "unit"),
    ("fly", "shuttle", "ship"),
    ("move", "quadrant"),
    ("swap", "ship"),
    ("coords", "coords"),
    ("share", "card", "ship"),
    ("pass", "card", "ship"),
    ("play", "card"),
    ("play", "card", "target"),
    ("give", "card", "seat"),
    ("disperse", "unit", "station"),
    ("goto", "place"),
    ("sickbay", "ship"),
    ("contact", "seat"),
    ("propose", "bill", "reason"),
    ("propose", "change", "number", "reason"),
    ("vote", "ballot"),
    ("hands", "seat", "ballot"),
    ("elect", "seat"),
    ("name-vp", "seat"),
    ("order", "reason"),
    ("broadcast", "reason"),
    ("deploy", "unit", "sector"),
    ("strike", "unit", "wolf"),
    ("fire", "unit", "wolf"),
    ("fight", "unit"),
    ("reinforce", "unit", "shuttle", "ship"),
    ("post", "unit", "post"),
    ("enter", "die", "face"),
    *((verb,) for verb in BARE_SEAT_VERBS),
)
"""Each seat verb's forms: the verb, then each argument's vocabulary."""
CONTROL_FORMS: Final[tuple[tuple[str, ...], ...]] = (
    ("advance",),
    ("resume",),
    ("resolve-jumps",),
    ("wolf-round",),
    ("pause", "reason"),
    ("news", "ship", "news"),
    ("settle", "number", "reason"),
    ("attack", "reason"),
    ("end-attack", "reason"),
    ("close-vote", "reason"),
    ("law", "number", "mark", "reason"),
    ("enter", "die", "face"),
)
"""Control's forms in the space: its steps and the rulings it is offered, without free numbers or words."""
FIXED: Final = {"bill": ("law", "motion"), "change": ("amend", "repeal")}


def _forms(game: DenGame) -> tuple[list[Form], list[Form]]:
    """The seats' forms and the chance outcomes' forms."""
    words = {**_vocabularies(game), **FIXED}
    forms: list[Form] = [((verb,), *(words[kind] for kind in kinds)) for verb, *kinds in SEAT_FORMS]
    forms += [(("control",), (verb,), *(words[kind] for kind in kinds)) for verb, *kinds in CONTROL_FORMS]
    content = game.content
    ids = {
        *words["card"],
        *words["station"],
        *words["ship"],
        *words["quadrant"],
        *(card.id for deck in content.damage.decks.values() for card in deck),
    }
    chance: list[Form] = [(("roll",), words["face"]), (("draw", "pick"), tuple(sorted(ids)))]
    return forms, chance


def to_words(text: str) -> str:
    """An action's notation as the space's words: a phrase in quotes as its number among PHRASES."""

    def phrase(match: re.Match[str]) -> str:
        said = split(match.group(0))[0]
        if said not in PHRASES:
            raise OutsideActionSpaceError(f"{text!r}: its words in quotes are not among the space's fixed phrases")
        return f"{REASON}{PHRASES.index(said)}"

    return DIE.sub(r"\1", QUOTED.sub(phrase, text))


def from_words(words: str, state: State[Any]) -> str:
    """The notation of the space's words in `state`: each phrase back in quotes, a ship's die its first awaiting."""
    return " ".join(_word(word, state) for word in words.split(" "))


def _word(word: str, state: State[Any]) -> str:
    """One of the space's words as notation."""
    if word.startswith(REASON):
        return quote(PHRASES[int(word[len(REASON) :])])
    if word.endswith(":d"):
        awaiting = state.dice["awaiting"].get(word[:-2])  # type: ignore[attr-defined]  # a DenState
        return str(awaiting[0]["id"]) if awaiting else word
    return word


def _layout(game: DenGame) -> FeatureLayout:
    """The features' segments for this game's pack and options."""
    ships = len(game.content.fleet.ships)
    seats = len(game.seats)
    return FeatureLayout(
        (
            ("seat", seats, "one-hot: the seat observing (Control, each team's roles, Media, wildcards)"),
            ("clock", 4, "turn / turns, paused, pursuit / 20, the fleet's quadrant / 6 (0: none)"),
            ("step", len(STEPS), f"one-hot: the step ({', '.join(STEPS)})"),
            (
                "ships",
                ships * (7 + 7),
                "per ship (content order): one-hot of its quadrant (0 to 6); size, with the fleet, jumping, hidden, "
                "in anarchy, destroyed, stations rioting",
            ),
            (
                "panels",
                ships * (1 + len(RESOURCES) + 6),
                "per ship whose panel the seat sees: seen; hold of each resource; morale, drive ready, emergency "
                "jump, damage this turn, units, shuttles",
            ),
            ("people", seats * (ships + 2), "per seat: one-hot of the ship it is at (or elsewhere); free"),
            ("council", 4, "a bill before the Council, laws in the register, an election under way, orders given"),
            ("units", len(UNIT_KINDS), "units of each kind on the seat's visible panels"),
        )
    )


class DenFeatures:
    """Reads a seat's Den of Wolves observation into the layout's features."""

    def __init__(self, game: DenGame) -> None:
        self.layout = _layout(game)
        self.ships = [ship.id for ship in game.content.fleet.ships]
        self.seats = [seat.label for seat in game.seats]

    def __call__(self, observation: Mapping[str, Any], seat: int) -> Features:
        """The features of one seat's observation."""
        out = FeatureWriter(self.layout)
        out.one_hot("seat", seat)
        fleet_at = observation.get("fleet_at")
        out.segment("clock")[:] = [
            observation["turn"] / max(observation["turns"], 1),
            observation["paused"],
            observation["pursuit"] / 20,
            (int(fleet_at[1:]) if isinstance(fleet_at, str) and fleet_at[1:].isdigit() else 0) / 6,
        ]
        out.one_hot("step", vocabulary_index(STEPS, observation["step"]))
        ships = out.segment("ships")
        for number, sid in enumerate(self.ships):
            ship = observation["ships"].get(sid)
            if ship is None:
                continue
            row = ships[number * 14 : (number + 1) * 14]
            quadrant = ship.get("quadrant")
            if isinstance(quadrant, int) and 0 <= quadrant <= 6:
                row[quadrant] = 1.0
            row[7:14] = [
                ship["size"],
                ship["with_fleet"],
                ship["jumping"],
                ship["hidden"],
                ship["anarchy"],
                ship["destroyed"],
                len(ship["riots"]),
            ]
        panels, units = out.segment("panels"), out.segment("units")
        width = 1 + len(RESOURCES) + 6
        for sid, panel in observation.get("panels", {}).items():
            at = vocabulary_index(self.ships, sid)
            if at is None:
                continue
            row = panels[at * width : (at + 1) * width]
            row[0] = 1.0
            for number, resource in enumerate(RESOURCES):
                row[1 + number] = panel["hold"].get(resource, 0)
            row[1 + len(RESOURCES) :] = [
                panel["morale"],
                panel["drive_ready"],
                panel["emergency"],
                panel["damage_this_turn"],
                len(panel["units"]),
                len(panel["shuttles"]),
            ]
            for unit in panel["units"].values():
                kind = vocabulary_index(UNIT_KINDS, unit.get("kind") if isinstance(unit, Mapping) else None)
                if kind is not None:
                    units[kind] += 1.0
        people = out.segment("people")
        width = len(self.ships) + 2
        for number, label in enumerate(self.seats):
            person = observation["people"].get(label)
            if person is None:
                continue
            at = vocabulary_index(self.ships, person.get("at"))
            people[number * width + (len(self.ships) if at is None else at)] = 1.0
            people[number * width + len(self.ships) + 1] = person.get("status") == "free"
        council = observation.get("council", {})
        out.segment("council")[:] = [
            council.get("bill") is not None,
            len(council.get("laws", ())),
            council.get("election") is not None,
            len(council.get("orders", ())),
        ]
        return out.vector


def action_space(game: DenGame) -> WordActionSpace[str]:
    """Den of Wolves' action space for `game`'s pack, seats and quadrants."""
    forms, chance = _forms(game)
    features = DenFeatures(game)
    return WordActionSpace(forms, chance, features, to_words, from_words)
