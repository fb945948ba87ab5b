"""Shared helpers of the Wolves on the Hunt rules tests: build a position, choose chance outcomes, read results.

Positions are JSON objects (see `wolfpack.games.hunt.notation`). `position()` gives a quiet one to start from:
round 1, the player phase, seat 0's first turn just begun (its wolf has arrived, no die taken yet), no wolves,
dice red 5, green 4, yellow 3, purple 2, black 6, blue 1, white 4, and the characters Joanna (N-NE), Jack
(E-SE), Nadia (S-SW), Viktor (W-NW) in seats 0-3. Tests add wolves, traps and sheet entries to it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import wolfpack
from wolfpack import IllegalActionError
from wolfpack.engine import registry
from wolfpack.games.hunt.game import HuntGame
from wolfpack.games.hunt.notation import position_dict
from wolfpack.games.hunt.state import HuntState

GAME = "wolves-on-the-hunt"
CHARACTERS = ("joanna", "jack", "nadia", "viktor")
HEARTS = 8
"""The hearts every hunter of a test position starts with."""
PACK = Path(__file__).parent / "pack"
"""The wolf cards these tests are written against (frozen; the default pack is tuned for balance)."""
DICE = {"red": 5, "green": 4, "yellow": 3, "purple": 2, "black": 6, "blue": 1, "white": 4}


@pytest.fixture(autouse=True)
def hunt_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the game for one test only (it is not a built-in game until every rule is in)."""
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    registry.register_game(HuntGame)
    yield


def new_game(players: int = 1, difficulty: str = "normal") -> HuntGame:
    """The game with these options."""
    game = wolfpack.load_game(GAME, players=players, difficulty=difficulty, content=str(PACK))
    assert isinstance(game, HuntGame)
    return game


def position(players: int = 1, difficulty: str = "normal", characters: tuple[str, ...] = CHARACTERS) -> dict[str, Any]:
    """A quiet position: seat 0's first turn of round 1 has begun; no wolves; every die in the pool."""
    game = new_game(players, difficulty)
    data = position_dict(game.new_initial_state())
    content = game.content
    for seat, hunter in enumerate(data["hunters"]):
        side = content.character(characters[seat]).a_side
        hunter.update(character=characters[seat], space=side.start)
        hunter["stats"] = {"knife": side.knife, "rifle": side.rifle, "traps": side.traps}
        hunter["hearts"] = HEARTS  # the tests count from 8 whatever the pack's starting hearts (tuned for balance)
    data.update(
        phase="players",
        step="action",
        tasks=[],
        leader="leader-4",
        turns=[1] + [0] * (players - 1),
        dice={colour: [value, "pool"] for colour, value in DICE.items()},
    )
    data["decks"]["day"]["top"] = "N"
    return data


def put_wolf(data: dict[str, Any], location: str, wolf_id: str, damage: int = 0, outwit: bool = False) -> None:
    """Put a wolf in play at `location` (taking its card out of its deck)."""
    for deck in data["decks"].values():
        if wolf_id in deck["cards"]:
            deck["cards"].remove(wolf_id)
    data["wolves"][location] = {"id": wolf_id, "damage": damage, "outwit": outwit}


def load(data: dict[str, Any], difficulty: str = "normal") -> HuntState:
    """The state of a position (the number of players is the number of hunters in it)."""
    return new_game(len(data["hunters"]), difficulty).state_from_position(data)


def play(state: HuntState, *actions: str, seat: int | None = None) -> HuntState:
    """Apply actions in notation, each checked legal by the engine; at a simultaneous node `seat` (default: the
    seat play waits for) acts."""
    for text in actions:
        acting = seat
        if acting is None and state.is_simultaneous_node():
            acting = state.waiting_for()[0]
        state.apply_action(text, acting)
    return state


def resolve_chance(state: HuntState) -> HuntState:
    """Apply the first listed outcome of each pending chance event until a decision is pending."""
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def legal(state: HuntState, prefix: str = "", seat: int | None = None) -> list[str]:
    """The legal actions (of `seat`, default the seat play waits for) that start with `prefix`, sorted."""
    if seat is None and state.is_simultaneous_node():
        seat = state.waiting_for()[0]
    return sorted(a for a in state.legal_actions(seat) if a.startswith(prefix))


def outcomes(state: HuntState) -> dict[str, float]:
    """The pending chance event's outcomes and probabilities."""
    return dict(state.chance_outcomes())


def refused(state: HuntState, text: str, seat: int | None = None) -> IllegalActionError:
    """Check that `text` is refused as illegal, changing nothing; return the error (its rule names the rule)."""
    if seat is None and state.is_simultaneous_node():
        seat = state.waiting_for()[0]
    before = state.to_json()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(text, seat)
    with pytest.raises(IllegalActionError):
        state.parse_action(text, seat)
    assert state.to_json() == before
    return caught.value
