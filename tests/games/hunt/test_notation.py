"""Wolves on the Hunt notation: canonical action text, and JSON positions that round-trip."""

from __future__ import annotations

import json

import pytest

from wolfpack import InvalidActionError, InvalidStateError
from wolfpack.games.hunt.actions import parse
from wolfpack.games.hunt.content import load_hunt_content
from wolfpack.games.hunt.notation import position_dict, position_json
from wolfpack.games.hunt.rules import DICE_COLOURS

from ...rules.hunt.helpers import hunt_registered, load, new_game, position

__all__ = ["hunt_registered"]
CONTENT = load_hunt_content()


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  TAKE   Red5 ", "take red5"),
        ("knife se e", "knife E SE"),
        ("move s-se CW", "move SE-S cw"),
        ("trap se=trap-2:1 e=TRAP-5:3", "trap E=trap-5:3 SE=trap-2:1"),
        ("outwit e from nw", "outwit E from NW"),
        ("reroll white4 red5", "reroll red5 white4"),
        ("extra Knife E", "extra knife E"),
        ("target Dog dog-n", "target dog dog-n"),
        ("back sw", "back SW"),
        ("face day-07", "face day-07"),
    ],
)
def test_any_allowed_spelling_reads_as_the_canonical_text(text: str, canonical: str) -> None:
    assert parse(text, CONTENT) == canonical
    assert parse(canonical, CONTENT) == canonical


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("knife E E", "named twice"),
        ("knife N NE E", "1 to 2"),
        ("take red9", "not a die"),
        ("trap E=trap-1:3", "sides 1 and 2"),
        ("trap E=trap-1:1 E=trap-2:1", "one trap per location"),
        ("write wand", "not a row"),
        ("face day-99", "not a wolf card"),
        ("pass now", "takes nothing"),
        ("dance", "examples"),
    ],
)
def test_malformed_text_is_invalid_and_says_why(text: str, says: str) -> None:
    with pytest.raises(InvalidActionError, match=says):
        parse(text, CONTENT)


def test_a_position_round_trips_through_json() -> None:
    state = load(position(players=3))
    text = position_json(state)
    again = state.game.state_from_position(text)
    assert position_dict(again) == position_dict(state) and position_json(again) == text


def test_the_start_position_lists_every_field() -> None:
    data = position_dict(new_game(1).new_initial_state())
    assert list(data) == [
        "round",
        "phase",
        "step",
        "cross",
        "active",
        "turns",
        "passed",
        "turn",
        "dice",
        "wolves",
        "traps",
        "dogs",
        "dog_supply",
        "elders",
        "hunters",
        "leader",
        "decks",
        "discard",
        "last_arrival",
        "tasks",
        "result",
    ]
    assert data["phase"] == "setup" and data["dice"]["red"] == [0, "pool"]


def dice_at(**places: str) -> dict[str, list[object]]:
    """Every die showing 2, in the pool unless `places` puts it elsewhere."""
    return {colour: [2, places.get(colour, "pool")] for colour in DICE_COLOURS}


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"phase": "lunch"}, "phase"),
        ({"round": 9}, "round"),
        ({"wolves": {"X": {"id": "day-01", "damage": 0, "outwit": False}}}, "not a location"),
        ({"wolves": {"N": {"id": "day-99", "damage": 0, "outwit": False}}}, "day-99"),
        ({"wolves": {"N": {"id": "leader-1", "damage": 0, "outwit": False}}}, "Pack Leader"),
        ({"cross": 4}, "seats"),
        ({"dice": dice_at(red="taken")}, "red die is at 'taken'"),
        ({"dice": dice_at(red="hunter1")}, "red die is at 'hunter1'"),  # a solo game has no seat 1
        ({"dice": dice_at(red="day-01")}, "red die is at 'day-01'"),  # no such wolf in play
        ({"dice": dice_at(red="hunter0", green="hunter0", yellow="hunter0", blue="hunter0")}, "3 printed dice"),
        ({"dice": {**dice_at(), "red": [9, "pool"]}}, "red die shows 9"),
    ],
)
def test_a_bad_position_is_refused_saying_what_is_wrong(change: dict[str, object], says: str) -> None:
    data = position()
    data.update(change)
    with pytest.raises(InvalidStateError, match=says):
        load(data)


def test_a_position_missing_a_field_or_not_json_is_refused() -> None:
    data = position()
    del data["dice"]
    with pytest.raises(InvalidStateError, match="missing"):
        load(data)
    with pytest.raises(InvalidStateError, match="not JSON"):
        new_game(1).state_from_position("{nope")
    json.dumps(position())
