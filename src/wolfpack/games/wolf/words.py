"""WOLF's log in words: the events keep the content pack's ids (the determinizer reads them), and each line is
read out with names from the pack: heroes ("Jack Ventura"), werewolf units ("the Boss", "She-wolf 2"), object cards
("the Shotgun") and powers, the first letter a capital.

Naming only replaces ids with the pack's names, so a line says no more than the event it reads: what a seat may
not see was masked before (`WolfState._log`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Final

from wolfpack.games.wolf.content import Column, ObjectCard, Power, WerewolfType, WolfContent

NOT_NAMED: Final = frozenset({"barricade"})
"""Ids that are also ordinary words of the log ("the barricade on e5" is the unit, not the object card)."""
PRONOUNS: Final[Mapping[str, Mapping[str, str]]] = {
    "she": {"he": "she", "his": "her", "him": "her", "himself": "herself"},
    "they": {"he is": "they are", "he": "they", "his": "their", "him": "them", "himself": "themselves"},
}
"""The log's lines speak of a hero as "he"; a hero the pack calls "she" or "they" is spoken of so."""
_HE: Final = re.compile(r"\b(he is|he|his|him|himself)\b")


class Namer:
    """Reads a log line out with the content pack's names instead of its ids."""

    def __init__(self, content: WolfContent) -> None:
        names: dict[str, str] = {hero.id: hero.name for hero in content.characters.heroes}
        for unit_id, werewolf in content.werewolf_units():
            name = unit_name(unit_id, werewolf)
            names[unit_id] = name if name != werewolf.name else f"the {name}"
        for card in content.objects.cards:
            if card.id not in NOT_NAMED:
                names.setdefault(card.id, card.name)
        for power in content.characters.powers:
            names.setdefault(power.id, power.name)
        self.names = names
        self.pronouns = {hero.id: hero.pronoun for hero in content.characters.heroes}
        # An id is a whole word: not part of a longer id ("teleportation" inside "teleportation-box").
        ids = sorted(names, key=len, reverse=True)
        self.pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])")

    @lru_cache(maxsize=8192)  # noqa: B019  # a few namers live as long as the process; lines repeat
    def line(self, text: str) -> str:
        """`text` with every id replaced by its name, "he" and "his" said as the first hero named is spoken of,
        starting with a capital."""
        first_hero = next((m.group(1) for m in self.pattern.finditer(text) if m.group(1) in self.pronouns), None)
        words = PRONOUNS.get(self.pronouns.get(first_hero or "", "he"))
        if words is not None:
            text = _HE.sub(lambda match: words.get(match.group(1), match.group(1)), text)
        named = self.pattern.sub(lambda match: self.names[match.group(1)], text)
        return named[:1].upper() + named[1:]


_NAMERS: dict[int, tuple[WolfContent, Namer]] = {}


def namer(content: WolfContent) -> Namer:
    """The namer of a content pack, made once per pack."""
    known = _NAMERS.get(id(content))
    if known is None or known[0] is not content:
        known = _NAMERS[id(content)] = (content, Namer(content))
    return known[1]


def unit_name(unit_id: str, werewolf: WerewolfType) -> str:
    """A werewolf unit's name: its kind's, numbered when the pack has several ("She-wolf 2", "Boss")."""
    number = unit_id[len(werewolf.id) + 1 :]
    return f"{werewolf.name} {number}" if number else werewolf.name


# ---- cards and powers in words (for the observation's catalog); no text names another card, so a text shows no
# more than the id beside it ------------------------------------------------------------------------------------

WOLF_CARDS: Final = {
    "black": {
        "name": "Black wolf card",
        "contaminates": True,
        "text": "Contaminates the hero who holds it: he plays for the pack, unless the card is cured.",
    },
    "grey": {"name": "Grey wolf card", "contaminates": False, "text": "A scratch: it does nothing."},
}
"""The two wolf cards (rulebook 5, 6): the pack prints only how many of each there are."""


def dice_words(count: int) -> str:
    """A number of dice as a reader says it: "one die", "two dice"."""
    return {1: "one die", 2: "two dice", 3: "three dice"}.get(count, f"{count} dice")


def object_text(card: ObjectCard, column: Column | None, dice: int) -> str:
    """What an object card does, with its numbers (`column`: its Weapons Table column; `dice`: dice a shot rolls)."""
    roll = f"{dice_words(dice)} must reach the score for the distance (see the scores)"
    if card.kind == "weapon" and column is not None:
        limits = " Only against a unit sharing a side with the user." if column.hand_to_hand else ""
        if not column.destroys_barricades:
            limits += " It cannot break a barricade."
        return f"A weapon, spent when used whatever the result: with a clear line of fire, {roll}.{limits}"
    texts = {
        "silver_bullet": f"One shot of the gun every hero carries, spent when fired: {roll}.",
        "antidote": f"Rolled like a weapon ({roll}), at a unit in the line of fire or at its user: it cures a hero "
        "(his black cards stop counting and all his wolf cards are shown), turns a transformed hero back, and "
        "removes a werewolf unit from the game.",
        "flytox": f"A gas reaching {card.radius} squares round the user, not through walls or barricades: every "
        "unit in it, the user too, misses its next turn and is no obstacle until then.",
        "invisibility_watch": "Makes its wearer invisible until the end of his next turn: he cannot be attacked "
        "and is no obstacle.",
        "teleportation_box": f"A second move, up to the roll of {dice_words(card.move_dice or 1)}, through "
        "obstacles; nothing comes after it.",
        "superglasses": f"Looks, within {card.radius} squares and through anything, at a hero's wolf and object "
        "cards or at an object square's cards.",
        "rollers": f"A second move, up to the roll of {dice_words(card.move_dice or 1)}, walking; nothing comes "
        "after it.",
        "barricade": "Puts a barricade from the supply on a free threshold sharing a side with the user.",
        "drawing_pin": "Does nothing and can never be played; it can still be given away.",
    }
    return texts[card.kind]


def power_text(power: Power) -> str:
    """What a power does, with its roll and numbers."""
    effects = {
        "force": "break or build a barricade on a threshold sharing a side with the unit",
        "speed": f"{power.bonus} more square on every move",
        "teleportation": f"roll {dice_words(power.move_dice or 1)} and move up to that far through anything; the "
        "turn ends",
        "invisibility": "the unit is invisible until the end of its next turn, so it cannot be attacked and is no "
        "obstacle",
        "vision": f"look, within {power.radius} squares and through anything, at a hero's wolf and object cards or "
        "at an object square's cards",
    }
    if power.succeeds_on is None:
        return f"Always on, and no action: {effects[power.id]}."
    return f"On a roll of {power.succeeds_on} or less with one die: {effects[power.id]}."
