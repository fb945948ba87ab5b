"""A plain-text picture of a Wolves on the Hunt observation, with card names looked up in the content pack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wolfpack.games.hunt.content import LOCATIONS, HuntContent
from wolfpack.games.hunt.words import hunter_name


def render(obs: Mapping[str, Any], content: HuntContent) -> str:
    """Round and phase, elders and dogs, the wolves round the ring, the dice, the hunters and what waits."""
    lines = [
        f"Round {obs['round']} ({obs['round_kind']})  phase {obs['phase']}  step {obs['step']}"
        f"  cross: {hunter_name(obs['cross'])}  active: {hunter_name(obs['active'])}",
        f"Elders {obs['elders']}   dogs: {_dogs(obs)}   supply: {obs['dog_supply']} dog(s)",
        "Wolves (clockwise from North):",
    ]
    for location in LOCATIONS:
        lines.append(f"  {location:<3}{_location(obs, location, content)}")
    lines.append(f"Dice: {_dice(obs, content)}")
    lines.append("Hunters:")
    for seat, hunter in enumerate(obs["hunters"]):
        lines.extend(_hunter(seat, hunter, obs["stats"][seat], content))
    leader = content.wolf(obs["leader"]).name if obs.get("leader") else "-"
    where = obs.get("leader_location") or "waiting for the endgame"
    lines.append(f"Pack Leader: {leader} ({where})")
    decks = "  ".join(
        f"{kind} {len(deck['cards'])} left, next back {deck['top'] or '?'}" for kind, deck in obs["decks"].items()
    )
    lines.append(f"Decks: {decks}")
    if obs.get("tasks"):
        lines.append(f"Waiting on: {', '.join(str(task[0]) for task in reversed(obs['tasks']))}")
    if obs.get("result"):
        lines.append(f"Result: {obs['result']}")
    return "\n".join(lines)


def _dogs(obs: Mapping[str, Any]) -> str:
    dogs = [f"{dog} {'dead' if damage is None else f'{damage} dmg'}" for dog, damage in obs["dogs"].items()]
    return ", ".join(dogs) or "-"


def _location(obs: Mapping[str, Any], location: str, content: HuntContent) -> str:
    traps = obs["traps"].get(location) or []
    trap_text = f"  traps {', '.join(str(value) for _, value in traps)}" if traps else ""
    wolf = obs["wolves"].get(location)
    if wolf is None:
        return f"-{trap_text}"
    card = content.wolf(wolf["id"])
    ability = f"  {card.ability.kind} ({card.ability.timing})" if card.ability else ""
    outwit = "  OUTWITTED" if wolf["outwit"] else ""
    return f"{card.name} {wolf['damage']}/{card.health} dmg, hits {card.damage}{ability}{outwit}{trap_text}"


def _dice(obs: Mapping[str, Any], content: HuntContent) -> str:
    pool = [f"{colour} {value}" for colour, (value, where) in obs["dice"].items() if where == "pool"]
    dice = obs["dice"].items()
    away = [f"{colour} {value} ({_holder(where, content)})" for colour, (value, where) in dice if where != "pool"]
    return f"pool {', '.join(pool) or 'empty'}" + (f"   not in the pool: {', '.join(away)}" if away else "")


def _holder(where: str, content: HuntContent) -> str:
    """Where a die is, if not in the pool: on a hunter's sheet (counted from 1), or held by a wolf (by name)."""
    if where.startswith("hunter"):
        return f"{hunter_name(int(where[len('hunter') :]))}'s sheet"
    return f"held by {content.wolf(where).name}"


def _hunter(seat: int, hunter: Mapping[str, Any], stats: Mapping[str, int], content: HuntContent) -> list[str]:
    name = content.character(hunter["character"]).name if hunter.get("character") else "?"
    free = ", ".join(f"{kind} x{count}" for kind, count in hunter["free"].items() if count) or "none"
    mains = ", ".join(f"{kind} x{count}" for kind, count in hunter["mains"].items() if count) or "none"
    rows = "  ".join(f"{row}: {' '.join(map(str, numbers)) or '-'}" for row, numbers in hunter["rows"].items())
    return [
        f"  {hunter_name(seat)}: {name} at {hunter['space']}  hearts {hunter['hearts']} (+{hunter['dashed']} dashed)"
        f"  knife {stats['knife']} rifle {stats['rifle']} traps {stats['traps']}",
        f"     free: {free}   unlocked: {mains}",
        f"     {rows}",
    ]
