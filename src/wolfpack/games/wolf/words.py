"""WOLF's log in words: the events keep the content pack's ids (the determinizer reads them), and each line is
read out with names from the pack: heroes ("Jack Ventura"), werewolf units ("the Boss", "She-wolf 2"), object cards
("the Shotgun") and powers, the first letter a capital.

Naming only replaces ids with the pack's names, so a line says no more than the event it reads: what a seat may
not see was masked before (`WolfState._log`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from wolfpack.games.wolf.content import WolfContent

NOT_NAMED: Final = frozenset({"barricade"})
"""Ids that are also ordinary words of the log ("the barricade on e5" is the unit, not the object card)."""


class Namer:
    """Reads a log line out with the content pack's names instead of its ids."""

    def __init__(self, content: WolfContent) -> None:
        names: dict[str, str] = {hero.id: hero.name for hero in content.characters.heroes}
        for unit_id, werewolf in content.werewolf_units():
            number = unit_id[len(werewolf.id) + 1 :]
            names[unit_id] = f"{werewolf.name} {number}" if number else f"the {werewolf.name}"
        for card in content.objects.cards:
            if card.id not in NOT_NAMED:
                names.setdefault(card.id, card.name)
        for power in content.characters.powers:
            names.setdefault(power.id, power.name)
        self.names = names
        # An id is a whole word: not part of a longer id ("teleportation" inside "teleportation-box").
        ids = sorted(names, key=len, reverse=True)
        self.pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])")

    @lru_cache(maxsize=8192)  # noqa: B019  # a few namers live as long as the process; lines repeat
    def line(self, text: str) -> str:
        """`text` with every id replaced by its name, starting with a capital."""
        named = self.pattern.sub(lambda match: self.names[match.group(1)], text)
        return named[:1].upper() + named[1:]


_NAMERS: dict[int, tuple[WolfContent, Namer]] = {}


def namer(content: WolfContent) -> Namer:
    """The namer of a content pack, made once per pack."""
    known = _NAMERS.get(id(content))
    if known is None or known[0] is not content:
        known = _NAMERS[id(content)] = (content, Namer(content))
    return known[1]
