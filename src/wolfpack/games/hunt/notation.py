"""Wolves on the Hunt positions as JSON objects, and the public observation.

A position is a JSON object with one key per field of the state (see `state.FIELDS` and
docs/games/wolves-on-the-hunt.md): readable, diffable, and what the rules tests are built from. Nothing in the
state is secret (deck order is never stored: see "Chance" in the design), so the observation is the position.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wolfpack.engine.errors import InvalidStateError
from wolfpack.engine.game import json_object
from wolfpack.games.hunt.catalog import named
from wolfpack.games.hunt.content import LOCATIONS
from wolfpack.games.hunt.rules import DICE_COLOURS
from wolfpack.games.hunt.state import FIELDS, HuntState, sheet_of

if TYPE_CHECKING:
    from wolfpack.games.hunt.game import HuntGame

PHASES = ("setup", "players", "wolves", "over")
STEPS = ("", "choose", "action")


def position_dict(state: HuntState) -> dict[str, Any]:
    """The position as a JSON-ready dict, one key per field."""
    return {name: copy.deepcopy(getattr(state, name)) for name in FIELDS}


def position_json(state: HuntState) -> str:
    """The position as JSON text (sorted keys, so equal positions give equal text)."""
    return json.dumps(position_dict(state), sort_keys=True)


def parse_position(game: HuntGame, position: str | Mapping[str, Any]) -> HuntState:
    """A state set up from a position (JSON text or a dict); a bad position raises InvalidStateError."""
    position = json_object(position, "position")
    missing = [name for name in FIELDS if name not in position]
    unknown = [name for name in position if name not in FIELDS]
    if missing or unknown:
        raise InvalidStateError(f"position fields: missing {missing}, unknown {unknown}; expected {list(FIELDS)}")
    state = HuntState(game, empty=True)
    for name in FIELDS:
        setattr(state, name, copy.deepcopy(position[name]))
    try:
        _check(state)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise InvalidStateError(f"position is not consistent: {exc!r}") from exc
    state._settle()  # a hand-made position may stop where play would not; saved ones are settled already
    return state


def _check(state: HuntState) -> None:
    """Raise (KeyError, ValueError, ...) if the position cannot be played from."""
    content = state.content
    _require(state.phase in PHASES, f"phase must be one of {PHASES}")
    _require(state.step in STEPS, f"step must be one of {STEPS}")
    _require(1 <= state.round <= len(content.components.rounds), "round out of range")
    _require(len(state.hunters) == state.players, f"a {state.players}-player game needs {state.players} hunters")
    _require(0 <= state.cross < state.players and 0 <= state.active < state.players, "cross and active are seats")
    _require(len(state.turns) == len(state.passed) == state.players, "turns and passed need one entry per seat")
    _require(sorted(state.dice) == sorted(DICE_COLOURS), f"dice must be {DICE_COLOURS}")
    places = {"pool", *(sheet_of(seat) for seat in range(state.players)), *(w["id"] for w in state.wolves.values())}
    for colour, (value, where) in state.dice.items():
        _require(value in range(7), f"the {colour} die shows {value!r}, not 0-6")
        _require(where in places, f"the {colour} die is at {where!r}: not the pool, a hunter's sheet or a wolf in play")
    spaces = content.sheet.dice_spaces.count
    for seat in range(state.players):
        held = state.held(seat)
        _require(len(held) <= spaces, f"hunter {seat} holds {held}: a sheet has {spaces} printed dice")
    for location, wolf in state.wolves.items():
        _require(location in LOCATIONS, f"{location!r} is not a location")
        content.wolf(wolf["id"])
        if state.game.deck_of[wolf["id"]] == "leader":
            _require(wolf["id"] == state.leader, f"{wolf['id']} at {location} is not this game's Pack Leader")
        _require(isinstance(wolf["damage"], int) and isinstance(wolf["outwit"], bool), f"bad wolf at {location}")
    for location in state.traps:
        _require(location in LOCATIONS, f"trap on {location!r}, not a location")
    for seat, hunter in enumerate(state.hunters):
        if hunter["character"] is not None:
            content.character(hunter["character"])
            content.space(hunter["space"])
        _require(sorted(hunter["rows"]) == sorted(r.id for r in content.sheet.rows), f"hunter {seat}: bad rows")
    _require(sorted(state.decks) == ["day", "night"], "decks are day and night")
    for deck in state.decks.values():
        for wolf_id in deck["cards"]:
            content.wolf(wolf_id)
    _require(all(isinstance(t, list) and t for t in state.tasks), "tasks are non-empty lists")
    _require(state.result in (None, "win", "loss"), "result is null, win or loss")


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(message)


def observe(state: HuntState) -> dict[str, Any]:
    """The public view (everything is public): the position plus what it implies, with its ids named from the pack."""
    return named(id_view(state), state.content)


def id_view(state: HuntState) -> dict[str, Any]:
    """The position plus what it implies (the round's kind, where the Pack Leader is, the stats), all by id."""
    view = position_dict(state)
    view["round_kind"] = state.round_kind()
    view["leader_location"] = state.leader_location()
    view["stats"] = [{s: state.stat(seat, s) for s in ("knife", "rifle", "traps")} for seat in range(state.players)]
    return view
