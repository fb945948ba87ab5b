"""The names behind a WOLF observation's ids: heroes, werewolf units, object cards, wolf cards and powers from the
content pack, with the numbers a player needs (a weapon's dice and scores by distance, radii, rolls).

`named(view, content)` reads nothing but the seat's id view and the pack, so it names only what the view already
shows by id: an object card masked as "?" gets no name and no entry, and the catalog's object cards and wolf cards
are exactly the ones the view shows. Heroes, units and their powers are public.

The catalog is made once per pack and per set of things shown (`Entries.catalog`), never copied entry by entry: an
observation gets its own catalog parsed from the JSON text made with it (a caller may change its observation freely),
and a shared observation (`State.shared_observation`, read only) gets the one frozen catalog itself, which refuses
every change.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any, NoReturn

from wolfpack.games.wolf.content import ObjectCard, WolfContent
from wolfpack.games.wolf.views import HIDDEN
from wolfpack.games.wolf.words import WOLF_CARDS, object_text, power_text, unit_name


def named(view: dict[str, Any], content: WolfContent, shared: bool = False) -> dict[str, Any]:
    """`view` with names beside its ids: heroes' `name` and `power`, units' `name` and `powers`, and a `catalog`
    (the frozen one every view of these ids shares if `shared`, else the view's own)."""
    entries = _entries(content)
    for hero_id, hero in view["heroes"].items():
        hero["name"] = entries.heroes[hero_id]
        hero["power"] = entries.hero_powers[hero_id]
    for unit_id, wolf in view["wolves"].items():
        name, its_powers = entries.units[unit_id]
        wolf["name"], wolf["powers"] = name, list(its_powers)
    powers = {hero["power"] for hero in view["heroes"].values()}
    powers.update(power for wolf in view["wolves"].values() for power in wolf["powers"])
    frozen, text = entries.catalog(frozenset(shown_objects(view, entries)), frozenset(shown_wolf_cards(view)), powers)
    view["catalog"] = frozen if shared else json.loads(text)
    return view


def shown_objects(view: dict[str, Any], entries: Entries) -> set[str]:
    """The object cards the view shows by id: in hands, in piles, in the discard, offered in a trade."""
    shown = {card for hero in view["heroes"].values() for card in hero["objects"]}
    shown.update(card for pile in view["piles"] for card in pile["cards"])
    shown.update(view["discard"])
    if "card" in view["pending"]:
        shown.add(view["pending"]["card"])
    return {card for card in shown if card in entries.objects}  # "?" and anything not in the pack get no entry


def shown_wolf_cards(view: dict[str, Any]) -> set[str]:
    """The wolf-card colours the view shows ("black (cured)" shows black); a masked card shows none."""
    shown = {card.split()[0] for hero in view["heroes"].values() for card in hero["wolf_cards"] if card != HIDDEN}
    return shown & set(WOLF_CARDS)


class Entries:
    """A pack's catalog entries, made once: heroes' and units' names, object cards and powers with their numbers."""

    CATALOGS_KEPT = 1024
    """Catalogs remembered per pack (one per set of cards and powers shown); beyond, they are made anew."""

    def __init__(self, content: WolfContent) -> None:
        self.heroes = {hero.id: hero.name for hero in content.characters.heroes}
        self.hero_powers = {hero.id: hero.power for hero in content.characters.heroes}
        self.units = {
            unit_id: (unit_name(unit_id, kind), tuple(kind.powers)) for unit_id, kind in content.werewolf_units()
        }
        self.objects = {card.id: object_entry(content, card) for card in content.objects.cards}
        self.powers: dict[str, dict[str, Any]] = {
            power.id: _without_nulls(
                {
                    "name": power.name,
                    "succeeds_on": power.succeeds_on,
                    "bonus": power.bonus,
                    "move_dice": power.move_dice,
                    "radius": power.radius,
                    "text": power_text(power),
                }
            )
            for power in content.characters.powers
        }
        self._catalogs: dict[Hashable, tuple[FrozenDict, str]] = {}

    def catalog(self, objects: frozenset[str], colours: frozenset[str], powers: set[str]) -> tuple[FrozenDict, str]:
        """The catalog of these object cards, wolf-card colours and powers: frozen, and as JSON text."""
        key = (objects, colours, frozenset(powers))
        found = self._catalogs.get(key)
        if found is None:
            catalog = {
                "objects": {card: self.objects[card] for card in sorted(objects)},
                "wolf_cards": {colour: WOLF_CARDS[colour] for colour in sorted(colours)},
                "powers": {power: self.powers[power] for power in sorted(powers)},
            }
            if len(self._catalogs) >= self.CATALOGS_KEPT:
                self._catalogs.clear()
            found = self._catalogs[key] = (freeze(catalog), json.dumps(catalog))
        return found


class FrozenDict(dict[str, Any]):
    """A mapping shared by many observations: JSON-ready and equal to a dict, but any change raises TypeError
    (a copy of it, shallow or deep, is an ordinary dict the copier may change)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("this catalog is shared by every view that shows the same cards: change a copy of it")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        thawed: dict[str, Any] = json.loads(json.dumps(self))
        return thawed

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))


class FrozenList(list[Any]):
    """A list shared by many observations, as `FrozenDict` is a mapping."""

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("this catalog is shared by every view that shows the same cards: change a copy of it")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = remove = pop = clear = sort = reverse = _refuse

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        thawed: list[Any] = json.loads(json.dumps(self))
        return thawed

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))


def freeze(value: Any) -> Any:
    """A JSON-ready value with its mappings and lists frozen, all the way down."""
    if isinstance(value, dict):
        return FrozenDict({key: freeze(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return FrozenList(freeze(item) for item in value)
    return value


_ENTRIES: dict[int, tuple[WolfContent, Entries]] = {}


def _entries(content: WolfContent) -> Entries:
    """A pack's entries, made once per pack (packs are frozen; told apart by identity, as hashing one is slow)."""
    known = _ENTRIES.get(id(content))
    if known is None or known[0] is not content:
        known = _ENTRIES[id(content)] = (content, Entries(content))
    return known[1]


def object_entry(content: WolfContent, card: ObjectCard) -> dict[str, Any]:
    """An object card as a player needs it: name, kind, what it does, and its numbers (a shot's scores by distance)."""
    column = content.column(card.column) if card.column is not None else None
    dice = content.components.rolls.weapon_dice
    entry: dict[str, Any] = {
        "name": card.name,
        "kind": card.kind,
        "text": object_text(card, column, dice),
        "radius": card.radius,
        "move_dice": card.move_dice,
    }
    if column is not None:
        bands = content.weapons.bands
        entry["shot"] = {
            "dice": dice,
            "scores": [
                {"from": band.min_distance, "to": band.max_distance, "needs": needs}
                for band, needs in zip(bands, column.needs, strict=False)
            ],
            "hand_to_hand": column.hand_to_hand,
            "destroys_barricades": column.destroys_barricades,
        }
    return _without_nulls(entry)


def _without_nulls(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry without the parameters its kind does not have."""
    return {key: value for key, value in entry.items() if value is not None}
