"""The names behind a Wolves on the Hunt observation's ids: wolf cards, characters and locations from the content
pack, with their numbers and what they do, so a page or a reader need not know the pack.

`named(view, content)` reads nothing but the id view and the pack: every name it adds stands beside an id the view
already shows (the game has perfect information, but the rule is the one WOLF keeps, and a test holds both to it).
The decks' cards stay ids only: they are public, but naming thirty-odd cards on every frame would treble its size.
"""

from __future__ import annotations

from typing import Any

from wolfpack.games.hunt.content import Deck, HuntContent, Wolf
from wolfpack.games.hunt.words import ABILITY_NAMES, ability_text, bonus_text

DECKS: tuple[Deck, ...] = ("day", "night", "leader")


def named(view: dict[str, Any], content: HuntContent) -> dict[str, Any]:
    """`view` with names beside its ids: each wolf in play's `name` and `health`, and the `catalog` of its ids."""
    for wolf in view["wolves"].values():
        card = content.wolf(wolf["id"])
        wolf["name"] = card.name
        wolf["health"] = card.health
    view["catalog"] = catalog(view, content)
    return view


def catalog(view: dict[str, Any], content: HuntContent) -> dict[str, Any]:
    """The wolf cards and characters the view names by id, the eight locations, the locations each dog faces, and
    the colour of the die each row of the sheet takes, and the two sides of each trap token."""
    return {
        "wolves": {wolf_id: wolf_entry(content, wolf_id) for wolf_id in sorted(shown_wolves(view, content))},
        "characters": {
            character: character_entry(content, character)
            for character in sorted({h["character"] for h in view["hunters"] if h["character"] is not None})
        },
        "locations": {location.id: location.name for location in content.map.locations},
        "dogs": {dog.id: list(dog.locations) for dog in content.map.dog_spaces},
        "rows": {row.id: row.colour for row in content.sheet.rows},
        "traps": {token.id: list(token.sides) for token in content.components.traps},
    }


def shown_wolves(view: dict[str, Any], content: HuntContent) -> set[str]:
    """The wolf cards the view shows by id outside the decks: in play, the Pack Leader, the discards, the tasks."""
    shown = {wolf["id"] for wolf in view["wolves"].values()}
    shown.update(card for cards in view["discard"].values() for card in cards)
    if view["leader"] is not None:
        shown.add(view["leader"])
    shown.update(item for task in view["tasks"] for item in task[1:] if _is_wolf(content, item))
    return shown


def _is_wolf(content: HuntContent, item: object) -> bool:
    """Whether a task's argument is a wolf card's id (tasks also hold seats, decks and locations)."""
    if not isinstance(item, str):
        return False
    try:
        content.wolf(item)
    except KeyError:
        return False
    return True


def wolf_entry(content: HuntContent, wolf_id: str) -> dict[str, Any]:
    """A wolf card as a reader needs it: name, deck, health, the damage it deals, its kill bonus and its ability."""
    card = content.wolf(wolf_id)
    bonus = {"kind": card.bonus.kind, "stat": card.bonus.stat, "text": bonus_text(card.bonus)}
    entry = {
        "name": card.name,
        "deck": deck_of(content, card),
        "health": card.health,
        "damage": card.damage,
        "bonus": _without_nulls(bonus),
        "ability": None,
    }
    ability = card.ability
    if ability is not None:
        entry["ability"] = _without_nulls(
            {
                "kind": ability.kind,
                "name": ABILITY_NAMES[ability.kind],
                "timing": ability.timing,
                "die": ability.die,
                "immune_to": ability.immune_to,
                "text": ability_text(ability),
            }
        )
    return entry


def _without_nulls(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry without the parameters its kind does not have (a frame goes to every seat on every move)."""
    return {key: value for key, value in entry.items() if value is not None}


def deck_of(content: HuntContent, card: Wolf) -> Deck:
    """The deck a wolf card belongs to: day, night or leader."""
    return next(deck for deck in DECKS if any(other.id == card.id for other in content.deck(deck)))


def character_entry(content: HuntContent, character_id: str) -> dict[str, Any]:
    """A character card as a reader needs it: its name and its player power (B side) with its number and text."""
    character = content.character(character_id)
    power = character.b_side
    return {
        "name": character.name,
        "power": {"kind": power.kind, "name": power.name, "amount": power.amount, "text": power.text},
    }
