"""The public guide to a Den of Wolves content pack: what the players' screens explain beside the live view.

Everything here is printed in the kit too (ship panels, damage cards, action cards, rule tables), so it is public:
it says what a station or a card *does*, never where a card lies. Destination cards are left out, since a team
learns a destination only by drawing it. The screens read this once per event (`GET /api/events/<id>/guide`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from wolfpack.games.den.content import (
    RATION_LEVELS,
    ActionCard,
    DamageCard,
    DenContent,
    Effect,
    Ship,
    Station,
)
from wolfpack.games.den.notation import MAX_REASON

KIND_WORDS: Final = {
    "jump-drive": "crewed at the turn's start, lets the ship jump that turn while it works (undamaged, no riot)",
    "hangar": "the fighters' pilots sit here (wounded when their fighters are hit); not worked",
    "brig": "holds prisoners; not worked",
}
"""What a station with no effect of its own is for (docs/games/den-of-wolves.md, Interpretations 26)."""


def effect_words(effect: Effect) -> str:
    """One effect in words, as a card or a station states it."""
    amount, op = effect.amount, effect.op
    resource = effect.resource or ""
    words = {
        "gain": f"gain {amount} {resource}",
        "lose": f"pay {amount} {resource}",
        "morale": f"morale {amount:+d}",
        "morale-roll": f"{amount:+d} to this turn's morale roll",
        "fleet-morale": f"every ship's morale {amount:+d}",
        "pursuit": f"pursuit track {amount:+d}",
        "heal": "heal a wounded crew or on-foot unit",
        "refit": "restore a damaged fighter squadron",
        "train": f"train a crew as {effect.training}",
        "repair": "repair a damaged station",
        "wound": "wound a crew or unit",
        "draw-destination": "draw a destination card",
        "freeform": "Control settles it",
    }[op]
    return f"{words}: {effect.text}" if effect.text and op != "freeform" else (effect.text or words)


def effects_words(effects: Iterable[Effect]) -> list[str]:
    """Each effect in words."""
    return [effect_words(effect) for effect in effects]


def station_does(station: Station) -> list[str]:
    """What working the station does, or what it is for if it is not worked."""
    return effects_words(station.effects) or [KIND_WORDS.get(station.kind, "seats crew for other rules; not worked")]


def station_needs(station: Station) -> str:
    """What one use of the station takes, in words."""
    needs = f"{station.crew} crew" + ("" if station.training == "untrained" else f", {station.training}")
    return needs + (", at the turn's start" if station.start_of_turn else "")


def station_guide(station: Station) -> dict[str, Any]:
    """A station as a screen explains it."""
    return {
        "name": station.name,
        "kind": station.kind,
        "crew": station.crew,
        "training": station.training,
        "capacity": station.capacity,
        "start_of_turn": station.start_of_turn,
        "needs": station_needs(station),
        "does": station_does(station),
        "worked": bool(station.effects),
        "repair": {"engineers": station.repair.engineers, "materials": station.repair.materials},
    }


def damage_guide(card: DamageCard) -> dict[str, Any]:
    """A damage card as a screen explains it, once it lies on a station."""
    return {
        "name": card.name,
        "at_once": effects_words(card.instant),
        "each_turn": effects_words(card.ongoing),
        "works": card.works,
    }


def ship_guide(content: DenContent, ship: Ship) -> dict[str, Any]:
    """One ship's panel in words: stations, rations, fuel, the morale track and its damage cards."""
    return {
        "name": ship.name,
        "stations": {station.id: station_guide(station) for station in ship.stations},
        "rations": {
            "food": {level: ship.food.cost(level) for level in RATION_LEVELS},
            "water": {level: ship.water.cost(level) for level in RATION_LEVELS},
        },
        "fuel": ship.fuel.model_dump(exclude={"source"}),
        "morale": {"top": ship.morale.top, "riot_on": list(ship.morale.riot_on)},
        "damage_divisor": ship.damage_divisor,
        "damage": {card.id: damage_guide(card) for card in content.damage.decks[ship.id]},
    }


def card_guide(card: ActionCard) -> dict[str, Any]:
    """An action card as its holder's screen explains it."""
    return {
        "name": card.name,
        "team": card.team,
        "use": card.use,
        "own_ship_only": card.own_ship_only,
        "tradeable": card.tradeable,
        "any_time": card.any_time,
        "does": effects_words(card.effects),
    }


def combat_guide(content: DenContent) -> dict[str, Any]:
    """The Wolf Attack's tables: each Wolf kind's hits, and what a fighter's, a battery's and an on-foot unit's d6
    does (`hurt`: the attacker is hurt on that roll)."""
    combat = content.combat.combat

    def bands(rows: Iterable[Any]) -> list[dict[str, Any]]:
        return [row.model_dump(include={"low", "high", "hits", "hurt"}) for row in rows]

    return {
        "wolves": {kind.id: {"name": kind.name, "hits": kind.hits} for kind in combat.wolves},
        "fighter": bands(combat.fighter),
        "battery": bands(combat.battery),
        "on_foot": bands(combat.on_foot),
    }


def guide(content: DenContent) -> dict[str, Any]:
    """The whole pack's public guide: each ship, each action card, the rule tables the screens explain, and the
    longest words an action may quote (a broadcast, a bill, an order), so a screen refuses more instead of cutting."""
    tables = content.tables.tables
    return {
        "combat": combat_guide(content),
        "ships": {ship.id: ship_guide(content, ship) for ship in content.fleet.ships},
        "cards": {card.id: card_guide(card) for card in content.cards.cards},
        "longest_words": MAX_REASON,
        "tables": {
            "ration_modifiers": dict(tables.ration_modifiers),
            "morale_bands": [band.model_dump(exclude={"source"}) for band in tables.morale_bands],
            "dispersal": [band.model_dump(exclude={"source"}) for band in tables.dispersal],
        },
    }
