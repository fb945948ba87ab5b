"""Spacewolves! actions: one canonical notation per action that round-trips, exact roll probabilities, clear errors."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from wolfpack import InvalidActionError
from wolfpack.games.spacewolves import actions
from wolfpack.games.spacewolves.actions import (
    BY_CODE,
    EXACT_ROLL_PROBABILITY,
    NOTATION,
    ROLL_OUTCOMES,
    Action,
    is_move,
    is_warp_with,
    move_code,
    move_parts,
    parse,
)


def test_every_action_has_one_notation_that_parses_back() -> None:
    assert len(set(NOTATION.values())) == len(NOTATION) == len(BY_CODE)
    for code, action in BY_CODE.items():
        text = str(action)
        assert NOTATION[code] == text
        assert parse(text) is action
        assert Action(text) is action
        assert Action(code) is action


def test_repr_can_be_pasted_back() -> None:
    for action in BY_CODE.values():
        assert eval(repr(action), {"Action": Action}) is action


def test_the_action_set_counts() -> None:
    texts = list(NOTATION.values())
    assert sum(is_move(a) for a in BY_CODE) == 4 * 15 * 6 * 2
    assert sum(is_warp_with(a) for a in BY_CODE) == 4 * 15
    assert sum(t.startswith("roll ") for t in texts) == 6 + 21 + 56
    assert sum(t.startswith("first ") for t in texts) == 4
    assert {"pass", "swap", "warp"} <= set(texts)


def test_move_code_and_move_parts_are_inverse() -> None:
    for colour, slot, die, backward in product(range(4), range(15), range(1, 7), (False, True)):
        code = move_code(colour, slot, die, backward)
        assert move_parts(code) == (colour, slot, die, backward)
        sign = "-" if backward else "+"
        assert str(BY_CODE[code]) == f"{'rybg'[colour]}{slot + 1}{sign}{die}"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("y4+5", "y4+5"), ("  Y4+5 ", "y4+5"), ("WARP   B7", "warp b7"), ("roll 53", "roll 35"), ("roll 631", "roll 136")],
)
def test_parse_forgives_case_spacing_and_dice_order(text: str, canonical: str) -> None:
    assert str(parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x4+5", "'x' is not a colour"),
        ("warp x7", "'x' is not a colour"),
        ("first x", "'x' is not a colour"),
        ("y16+1", "positions run from 1 to 15"),
        ("y0+1", "positions run from 1 to 15"),
        ("warp y16", "positions run from 1 to 15"),
        ("y4+7", "a die shows 1 to 6"),
        ("y4-0", "a die shows 1 to 6"),
        ("roll 7", "a roll is 1 to 3 dice"),
        ("roll 1234", "a roll is 1 to 3 dice"),
        ("jump", "is not Spacewolves! notation"),
        ("", "is not Spacewolves! notation"),
    ],
)
def test_malformed_notation_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        parse(text)


def test_non_text_and_unknown_codes_are_invalid() -> None:
    with pytest.raises(InvalidActionError):
        parse(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match="not a Spacewolves! action code"):
        Action(10**6)
    with pytest.raises(InvalidActionError):
        Action(-1)


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_roll_probabilities_are_exact_and_sum_to_one(dice: int) -> None:
    outcomes = ROLL_OUTCOMES[dice]
    assert sum(EXACT_ROLL_PROBABILITY[a] for a, _ in outcomes) == Fraction(1)
    for action, probability in outcomes:
        assert probability == float(EXACT_ROLL_PROBABILITY[action])
        faces = str(action).split()[1]
        assert list(faces) == sorted(faces) and len(faces) == dice


def test_roll_probabilities_count_the_orders_of_the_dice() -> None:
    exact = {str(a): EXACT_ROLL_PROBABILITY[a] for k in (1, 2, 3) for a, _ in ROLL_OUTCOMES[k]}
    assert exact["roll 4"] == Fraction(1, 6)
    assert exact["roll 35"] == Fraction(2, 36)
    assert exact["roll 55"] == Fraction(1, 36)
    assert exact["roll 123"] == Fraction(6, 216)
    assert exact["roll 112"] == Fraction(3, 216)
    assert exact["roll 666"] == Fraction(1, 216)


def test_actions_are_ints_that_sort_and_hash_by_code() -> None:
    a, b = parse("r1+1"), parse("pass")
    assert isinstance(a, int) and a < b
    assert {a: 1}[BY_CODE[int(a)]] == 1
    assert actions.PASS is parse("pass") and actions.SWAP is parse("swap") and actions.WARP_ALONE is parse("warp")
