"""Why an action is illegal: every refusal names the rulebook rule, and a refused action changes nothing."""

from __future__ import annotations

import random

import pytest

import wolfpack
from wolfpack import IllegalActionError, InvalidActionError
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.games.spacewolves.actions import BY_CODE, parse
from wolfpack.games.spacewolves.explain import why_illegal
from wolfpack.games.spacewolves.state import SpacewolvesState

from ...rules.spacewolves.helpers import load

SPACEMAN = "1/2/3/A/4/5/6/W/1/2y/3/Srrrybbb/4/5/6y - - 1 r spaceman r {step} {dice} - 0"


def refusal(state: SpacewolvesState, text: str) -> IllegalActionError:
    """The error for `text`, checked the same from parse_action and apply_action, with the state unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as parsed:
        state.parse_action(text)
    with pytest.raises(IllegalActionError) as applied:
        state.apply_action(parse(text))
    assert state.to_json() == before
    assert str(parsed.value) == str(applied.value)
    assert parsed.value.rule == applied.value.rule
    assert str(applied.value).startswith(f"{text} is not legal now: ")
    assert str(applied.value).endswith(f"[{applied.value.rule}]")
    return applied.value


@pytest.mark.parametrize(
    ("position", "action", "rule", "reason"),
    [
        ("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 - setup - roll - - 0", "roll 12", "Setup", "first player"),
        (SPACEMAN.format(step="roll", dice="-"), "roll 3", "Dice", "a roll of 2 dice is pending"),
        (SPACEMAN.format(step="roll", dice="-"), "r4+3", "Dice", "a roll of 2 dice is pending"),
        (SPACEMAN.format(step="own", dice="34"), "roll 34", "Chance", "only when a roll is pending"),
        (SPACEMAN.format(step="own", dice="34"), "first r", "Chance", "only when a roll is pending"),
        (SPACEMAN.format(step="own", dice="34"), "r4+5", "Dice", "no usable die shows 5 (usable: 3 4)"),
        (SPACEMAN.format(step="own", dice="34"), "r5+3", "Board", "no red spaceman on position 5"),
        (SPACEMAN.format(step="own", dice="34"), "g4+3", "Players", "no green player in a 3-player game"),
        (SPACEMAN.format(step="own", dice="34"), "y6+3", "Spaceman Phase", "own spacemen with one die first"),
        (SPACEMAN.format(step="own", dice="34"), "r4-4", "Exact count backward", "4 back from position 4"),
        (SPACEMAN.format(step="own", dice="34"), "pass", "Legal move", "a legal move exists"),
        (SPACEMAN.format(step="own", dice="34"), "swap", "Doubles", "only with doubles"),
        (SPACEMAN.format(step="own", dice="34"), "warp", "Tandem Warp", "no spaceman of yours is deciding"),
        (SPACEMAN.format(step="own", dice="34"), "warp y6", "Tandem Warp", "no spaceman of yours is deciding"),
        (SPACEMAN.format(step="other", dice="3"), "r4+3", "Spaceman Phase", "moves an opponent's spaceman"),
        (SPACEMAN.format(step="other", dice="3"), "b4+3", "Space Station", "Space Station cannot be moved"),
        (SPACEMAN.format(step="doubles", dice="33"), "y6+3", "Doubles", "swap the two tiles of that number or pass"),
        (SPACEMAN.format(step="doubles", dice="33"), "warp", "Doubles", "swap the two tiles of that number or pass"),
        (
            "1/2/3/A/4/5/6/W/1/2/3/Srrryybbb/4/5/6y - - 1 r spaceman r doubles 66 - 0",
            "roll 12",
            "Chance",
            "only when a roll is pending",
        ),
    ],
)
def test_refusals_name_the_rule(position: str, action: str, rule: str, reason: str) -> None:
    error = refusal(load(position), action)
    assert error.rule == rule
    assert reason in str(error)


def test_refusals_during_a_warp_decision() -> None:
    state = load("1/2/3/A/4/5/6/Wr/1/2y/3/Srrybbb/4/5/6y - - 1 r spaceman r ownwarp 3 - 0")
    assert sorted(str(a) for a in state.legal_actions()) == ["pass", "warp y1", "warp y6"]
    cases = {
        "warp": ("Tandem Warp", "may not warp alone"),
        "warp r4": ("Tandem Warp", "the partner must be an opposing spaceman"),
        "warp b9": ("Tandem Warp", "no blue spaceman on position 9"),
        "warp g9": ("Tandem Warp", "no green spaceman on position 9"),
        "warp b4": ("Space Station", "cannot be a warp partner"),
        "y6+3": ("Tandem Warp", "a Tandem Warp decision is pending"),
        "swap": ("Doubles", "only with doubles"),
    }
    for action, (rule, reason) in cases.items():
        error = refusal(state, action)
        assert (error.rule, reason in str(error)) == (rule, True), action


def test_refusals_in_mission_control() -> None:
    state = load("1/2/3/A/4/5y/6/W/1/2/3r/Sryybbb/4/5/6 r - 2 r control r move 3 - 1")
    assert refusal(state, "y10-3").rule == "Mission Control Phase"
    error = refusal(state, "r5+3")
    assert error.rule == "Mission Control Phase"
    assert "only when no opponent's spaceman can be moved" in str(error)


def test_refusals_in_the_spacewolf_phase() -> None:
    state = load("1/2/3/A/4/5r/6/W/1rb/2/3/Sy/4/5/6 rbb yy 3 r wolf y move 3 - 0")
    assert sorted(str(a) for a in state.legal_actions()) == ["r10-3"]
    assert refusal(state, "r10+3").rule == "Spacewolf! Phase"
    assert refusal(state, "b7-3").rule == "Safety in Numbers"
    assert refusal(state, "y4-3").rule == "Spacewolf! Phase"


def test_refusal_of_a_safe_warp_partner() -> None:
    state = load("1/2/3/A/4/5/6/Wb/1/2/3/S/4rr/5/6 rbb yyy 3 r wolf y warp - b 0")
    assert sorted(str(a) for a in state.legal_actions()) == ["pass", "warp"]
    assert refusal(state, "warp r3").rule == "Safety in Numbers"


def test_refusal_after_the_end_and_out_of_turn() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/S/4/5/6 rrryyybbb - 4 r over - end - - 0")
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(parse("pass"))
    assert caught.value.rule == "game over"
    state = load(SPACEMAN.format(step="own", dice="34"))
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(parse("r4+3"), player=1)
    assert caught.value.rule == "turn"


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12)])
def test_every_illegal_action_of_a_whole_game_gets_a_specific_rule(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = wolfpack.load_game("spacewolves", players=players).new_initial_state()
    assert isinstance(state, SpacewolvesState)
    checked = 0
    while not state.is_terminal():
        legal = set(state.legal_actions())
        if not state.is_chance_node() or checked % 3 == 0:
            for action in BY_CODE.values():
                if action not in legal:
                    rule, reason = why_illegal(state, action)
                    # The generic fallback would mean a refusal that names no rule.
                    assert reason != "not among the legal actions now", (str(action), state.observation()["position"])
                    assert rule and reason
        checked += 1
        state.apply_action(
            sample_chance_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )


@pytest.mark.parametrize("text", ["y99+1", "r4+9", "warp", "x", "roll 0", "first q", ""])
def test_malformed_or_illegal_text_changes_nothing(text: str) -> None:
    state = load(SPACEMAN.format(step="own", dice="34"))
    before = state.to_json()
    with pytest.raises((InvalidActionError, IllegalActionError)):
        state.apply_action(state.parse_action(text))
    assert state.to_json() == before
    assert sorted(str(a) for a in state.legal_actions()) == ["r4+3", "r4+4", "r4-3"]
