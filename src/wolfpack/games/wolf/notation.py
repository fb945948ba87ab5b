"""WOLF positions as JSON objects: one key per field of the state, checked on the way in.

A position holds every secret (it is the whole truth, like a saved game), so it is for tests, saves and Control,
never for a seat: seats get `observation(seat)`. docs/games/wolf.md, "Position notation", describes each field.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wolfpack.engine.errors import InvalidStateError
from wolfpack.engine.game import json_object
from wolfpack.games.wolf.rules import sq
from wolfpack.games.wolf.state import FIELDS, WolfState
from wolfpack.games.wolf.turn import APPLY, CHANCE_STEPS

if TYPE_CHECKING:
    from wolfpack.games.wolf.game import WolfGame

Colour = Literal["black", "grey"]
Seats = list[int]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class HeroPosition(_Model):
    """A hero: who plays him, where he stands, what he holds and who has seen it."""

    seat: int = Field(ge=0)
    home: int = Field(ge=0)
    square: str | None
    alive: bool
    transformed: bool
    invisible: int = Field(ge=0, le=2)
    intoxicated: bool
    wolf_cards: list[tuple[Colour, Seats, bool]]
    """Each: colour, the seats that have seen it, whether an antidote cancelled it."""
    objects: list[tuple[str, Seats]]


class WolfPosition(_Model):
    """A werewolf unit."""

    square: str | None
    alive: bool
    invisible: int = Field(ge=0, le=2)
    intoxicated: bool


class Position(_Model):
    """The whole position."""

    round: int = Field(ge=1)
    slot: int = Field(ge=0)
    step: str
    pending: dict[str, Any]
    heroes: dict[str, HeroPosition]
    wolves: dict[str, WolfPosition]
    barricades: list[str]
    piles: list[list[tuple[str | None, Seats]]]
    pool: dict[str, int]
    stock: dict[Colour, int]
    deal: dict[Colour, int]
    discard: list[str]
    released: int = Field(ge=0)
    acted: list[str]
    leave_always: bool = False
    revealed: bool
    winner: Literal["heroes", "wolves"] | None
    events: list[tuple[str, str | None, Seats]]


def position_dict(state: WolfState) -> dict[str, Any]:
    """The position as a JSON-ready dict, one key per field."""
    return {name: copy.deepcopy(getattr(state, name)) for name in FIELDS}


def parse_position(game: WolfGame, position: str | Mapping[str, Any]) -> WolfState:
    """A state set up from a position (JSON text or a dict); a bad position raises InvalidStateError naming why."""
    position = json_object(position, "position")
    try:
        checked = Position.model_validate_json(json.dumps(position))  # JSON mode: arrays are tuples
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()[:5])
        raise InvalidStateError(f"position does not fit the schema: {problems}") from exc
    data = json.loads(checked.model_dump_json())
    state = WolfState(game)
    for name in FIELDS:
        setattr(state, name, data[name])
    try:
        _check(state)
        state.current_player()
        if not state.is_terminal():
            state.chance_outcomes() if state.is_chance_node() else state.legal_actions()
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError) as exc:
        raise InvalidStateError(f"position is not consistent: {exc}") from exc
    return state


def _check(state: WolfState) -> None:
    """Raise ValueError naming the first thing that makes the position unplayable."""
    content = state.content
    board = content.board
    _require(sorted(state.heroes) == sorted(h.id for h in content.characters.heroes), "heroes must be the pack's")
    _require(sorted(state.wolves) == sorted(u for u, _ in content.werewolf_units()), "wolves must be the pack's")
    _require(state.slot < len(state.order), f"slot must be below {len(state.order)}")
    steps = [*CHANCE_STEPS, *APPLY, "over"]
    _require(state.step in steps, f"step {state.step!r} is not one of {steps}")
    seen: dict[str, str] = {}
    for unit_id, unit in [*state.heroes.items(), *state.wolves.items()]:
        square = unit["square"]
        if square is None:
            continue
        _require(unit["alive"], f"{unit_id} is dead but stands on {square}")
        _require(board.in_bounds(sq(square)) and board.is_open(sq(square)), f"{unit_id} stands on {square}: no floor")
        _require(square not in seen, f"{unit_id} and {seen.get(square)} both stand on {square}")
        seen[square] = unit_id
    for hero_id, hero in state.heroes.items():
        _require(hero["seat"] < state.players and hero["home"] < state.pack_seat, f"{hero_id}: seat out of range")
        for card in hero["objects"]:
            content.card(card[0])
    for square in state.barricades:
        _require(sq(square) in board.thresholds, f"barricade on {square}, which is no threshold")
        _require(square not in seen, f"barricade on {square}, where {seen.get(square)} stands")
    _require(len(state.piles) == len(board.object_squares), f"there are {len(board.object_squares)} piles")
    for pile in state.piles:
        for card in pile:
            if card[0] is not None:
                content.card(card[0])
    for card_id in state.pool:
        content.card(card_id)
    _require(all(n >= 0 for n in [*state.pool.values(), *state.stock.values(), *state.deal.values()]), "negative count")
    for unit_id in state.acted:
        _require(unit_id in state.wolves, f"acted: {unit_id} is no werewolf unit")


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(message)
