"""Shared helpers of the WOLF rules tests: build a position, choose chance outcomes, read results.

Positions are JSON objects (`wolfpack.games.wolf.notation`). `position()` gives a quiet one to start from: the setup
played with chosen wolf cards (grey unless a test says) and every unit on its first free start square in order,
then Jack about to roll for his move in round 1. On the default map that puts Jack on h9, Miss Q on j12, July on m6,
Norbert on p11, Zord on s6 (all inside the barricaded house), and the pack outside: boss a17, she-wolves b2, j1,
k20, werewolves p2, p23, x4, y10. Tests then move units (`put`), give cards (`give_objects`) and choose whose turn
and which step it is (`hero_turn`, `pack_turn`) before loading the position with `load`.

Useful squares: rows 18 and 19 are open garden from a to z; row 17 is the house's south wall (barricades on i17,
m17, q17); the Hall is e11-t12 (barricades on d11 and u12); t11 is a chest of drawers. 15 barricade units stand on
the map at setup, 5 wait in the supply (`use_up_the_supply` puts them on doorways).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

import wolfpack
from wolfpack import IllegalActionError
from wolfpack.games.wolf.game import WolfGame
from wolfpack.games.wolf.notation import position_dict
from wolfpack.games.wolf.state import WolfState

HEROES = ("jack", "miss-q", "july", "norbert", "zord")
WOLVES = ("boss", "she-wolf-1", "she-wolf-2", "she-wolf-3", "werewolf-1", "werewolf-2", "werewolf-3", "werewolf-4")
ORDER = (*HEROES, "pack")


def new_game(players: int = 6, **options: Any) -> WolfGame:
    """The game with these options."""
    game = wolfpack.load_game("wolf", players=players, **options)
    assert isinstance(game, WolfGame)
    return game


def setup(players: int = 6, cards: Mapping[str, str] | None = None, **options: Any) -> WolfState:
    """A new game through its setup: each hero dealt `cards[hero]` (grey by default), each unit placed on its
    first free start square; Jack is about to roll for his first move."""
    state = new_game(players, **options).new_initial_state()
    for hero in HEROES:
        state.apply_action(f"deal {(cards or {}).get(hero, 'grey')}")
    while state.step == "place":
        state.apply_action(state.legal_actions()[0])
    return state


def position(players: int = 6, cards: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The position just after the setup (see `setup`), as a dict to edit."""
    return position_dict(setup(players, cards))


def load(data: Mapping[str, Any], players: int | None = None, **options: Any) -> WolfState:
    """The state of a position (the number of players is read from the seats unless given)."""
    if players is None:
        players = max(hero["home"] for hero in data["heroes"].values()) + 2
    return new_game(players, **options).state_from_position(dict(data))


def put(data: dict[str, Any], unit: str, square: str | None) -> None:
    """Stand a hero or werewolf unit on `square`; None takes a werewolf unit out of the game (a hero: dead)."""
    record = data["heroes"][unit] if unit in data["heroes"] else data["wolves"][unit]
    record["square"] = square
    record["alive"] = square is not None


def clear_wolves(data: dict[str, Any], *keep: str) -> None:
    """Take every werewolf unit out of the game but `keep`."""
    for unit in WOLVES:
        if unit not in keep:
            put(data, unit, None)


def hero_turn(data: dict[str, Any], hero: str, step: str = "action", **pending: Any) -> None:
    """Make it `hero`'s turn at `step` (`roll`: about to roll for his move; `move`: moving up to `limit`;
    `action`: his special action)."""
    data["slot"] = ORDER.index(hero)
    data["step"] = step
    if step == "roll":
        pending = {"dice": 1, "purpose": "move", **pending}
    if step == "move":
        pending = {"through": False, "then": "action", **pending}
    data["pending"] = {"unit": hero, **pending}


def pack_turn(data: dict[str, Any], *acted: str) -> None:
    """Make it the pack's turn, the units `acted` having acted already."""
    data["slot"] = ORDER.index("pack")
    data["step"] = "pack"
    data["pending"] = {}
    data["acted"] = list(acted)


def give_objects(data: dict[str, Any], hero: str, *cards: str, seen: list[int] | None = None) -> None:
    """Put object cards in a hero's hand (seen by his seat unless `seen` says), taking them from the face-down
    cards so that the counts stay right."""
    for card in cards:
        data["pool"][card] -= 1
        pile = next(p for p in reversed(data["piles"]) if any(c[0] is None for c in p))
        pile.remove(next(c for c in pile if c[0] is None))
        who = [data["heroes"][hero]["seat"]] if seen is None else seen
        data["heroes"][hero]["objects"].append([card, who])


def new_wolf_card(data: dict[str, Any], hero: str, colour: str, seen: list[int]) -> None:
    """Give a hero one more wolf card from the stock, seen by the seats `seen`."""
    data["stock"][colour] -= 1
    data["heroes"][hero]["wolf_cards"].append([colour, seen, False])


def play(state: WolfState, *actions: str) -> WolfState:
    """Apply actions in notation (chance outcomes included), each checked legal by the engine."""
    for text in actions:
        state.apply_action(text)
    return state


def legal(state: WolfState, prefix: str = "") -> list[str]:
    """The legal actions of the seat to act (or the chance outcomes) that start with `prefix`, sorted."""
    actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    return sorted(a for a in actions if a.startswith(prefix))


def squares(state: WolfState, prefix: str = "move ") -> set[str]:
    """The squares of the legal actions that start with `prefix` (e.g. the squares a unit may move to)."""
    return {a.split()[-1] for a in legal(state, prefix)}


def outcomes(state: WolfState) -> dict[str, float]:
    """The pending chance event's outcomes and probabilities."""
    return dict(state.chance_outcomes())


def refused(state: WolfState, text: str, seat: int | None = None) -> IllegalActionError:
    """Check that `text` is refused as illegal, changing nothing; return the error (its rule names the rule)."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(text, seat)
    assert state.to_json() == before
    return caught.value


def seen_by(state: WolfState, viewer: int | None, hero: str) -> list[str]:
    """A hero's wolf cards as `viewer` sees them ('?' for those it has not seen)."""
    return list(state.observation(viewer)["heroes"][hero]["wolf_cards"])


def objects_seen_by(state: WolfState, viewer: int | None, hero: str) -> list[str]:
    """A hero's object cards as `viewer` sees them."""
    return list(state.observation(viewer)["heroes"][hero]["objects"])


def taken_over_july(players: int) -> dict[str, Any]:
    """July, contaminated and taken over by the werewolf seat, holding a sabre only her home seat has seen; Norbert,
    taken over too, holds a shotgun only his home seat has seen; it is July's special action."""
    data = position(players, {"july": "black"})
    pack = players - 1
    data["heroes"]["norbert"]["wolf_cards"] = []
    data["stock"]["grey"] += 1
    new_wolf_card(data, "norbert", "black", [pack])
    for hero, card in (("july", "sabre"), ("norbert", "shotgun")):
        home = data["heroes"][hero]["home"]
        data["heroes"][hero].update(seat=pack, transformed=True)
        data["heroes"][hero]["wolf_cards"][0][1] = [pack]
        give_objects(data, hero, card, seen=[home])
    put(data, "july", "k19")
    put(data, "norbert", "m19")
    hero_turn(data, "july")
    return data


DOORWAYS = ("j7", "p7", "g10", "m10", "r10", "h13", "m13", "r13")
"""The default map's open doorways between rooms."""


def use_up_the_supply(data: dict[str, Any], *free: str) -> None:
    """Stand barricade units on doorways (never on `free`) until all 20 are on the board and none is in the supply."""
    for doorway in DOORWAYS:
        if len(data["barricades"]) < 20 and doorway not in free and doorway not in data["barricades"]:
            data["barricades"] = sorted([*data["barricades"], doorway])
    assert len(data["barricades"]) == 20
