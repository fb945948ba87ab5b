"""Spacewolves! in words: each action of the log is a sentence naming the colour that acts and what moved where,
and the notation stays beside it (log_notation, records)."""

from __future__ import annotations

import random

import wolfpack
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.games.spacewolves import rules
from wolfpack.games.spacewolves.state import SpacewolvesState

from ...rules.spacewolves.helpers import load, play

START = "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0"


def played(seed: int, actions: int | None = None) -> SpacewolvesState:
    """A three-player game from the start, chance and choices drawn from `seed` (to the end, or `actions` long)."""
    state = wolfpack.load_game("spacewolves", players=3).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and (actions is None or len(state.history()) < actions):
        state.apply_action(
            sample_chance_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    assert isinstance(state, SpacewolvesState)
    return state


def describe(state: SpacewolvesState, text: str) -> str:
    """The sentence for the action `text` taken now."""
    return state.describe(state.parse_action(text))


def test_the_log_is_a_sentence_per_action_naming_the_colour_that_acts_not_the_notation() -> None:
    state = played(seed=3)
    log, notation = state.log(), state.log_notation()
    assert notation == [str(action) for action in state.history()]
    assert len(log) == len(notation) > 50
    colours = ("Red ", "Yellow ", "Blue ")
    assert all(line.startswith(colours) and line.endswith(".") for line in log), log
    assert not set(log) & set(notation)


def test_a_roll_names_the_roller_and_the_dice() -> None:
    state = wolfpack.load_game("spacewolves", players=3).new_initial_state()
    assert state.describe(state.parse_action("first b")) == "Blue wins the roll and plays first."
    state = load(START)
    assert describe(state, "roll 35") == "Red rolls 3 and 5."
    control = load("1/2/3/A/4/5/6/W/1/2/3/Srrryybbb/4/5/6 y - 1 r control y roll - - 1")
    assert describe(control, "roll 4") == "Yellow rolls 4 in Mission Control."


def test_a_move_names_the_mover_the_spaceman_and_both_places() -> None:
    state = play(load(START), "roll 35")
    assert describe(state, "r4+5") == "Red moves a Red spaceman up 5, from 4 (the Space Station) to 9."
    assert describe(state, "r4+3") == "Red moves a Red spaceman up 3, from 4 (the Space Station) to 7."
    other = load("1/2/3/A/4/5/6/W/1/2y/3/Srrryybbb/4/5/6 - - 1 r spaceman r other 3 - 0")
    assert describe(other, "y6-3") == "Red moves a Yellow spaceman down 3, from 6 to 3."


def test_a_move_up_past_the_top_reaches_earth() -> None:
    state = load("1/2r/3/A/4/5/6/W/1/2/3/Sryybb/4/5/6 ryb - 4 r spaceman r own 25 - 0")
    assert describe(state, "r14+5") == "Red moves a Red spaceman up 5, from 14 to Earth."


def test_doubles_and_the_tandem_warp_in_words() -> None:
    state = play(load(START), "roll 33")
    assert describe(state, "swap") == "Red swaps the two tiles marked 3, with every spaceman on them."
    assert describe(state, "pass") == "Red lets the double 3s go."
    warp = load("1/2/3/A/4/5/6/Wr/1/2y/3/Srrybbb/4/5/6y - - 1 r spaceman r ownwarp 3 - 0")
    assert describe(warp, "warp y6") == "Red jumps the Tandem Warp, taking a Yellow spaceman on 6 two up along."
    assert describe(warp, "pass") == "Red does not take the Tandem Warp."


def test_the_log_grows_with_the_game_and_a_copy_writes_the_same() -> None:
    state = played(seed=4, actions=30)
    early = state.log()
    rng = random.Random(9)
    for _ in range(20):
        state.apply_action(
            sample_chance_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    assert state.log()[:30] == early
    assert (
        state.log()
        == state.clone().log()
        == wolfpack.load_game("spacewolves", players=3).state_from_json(state.to_json()).log()
    )


def test_a_state_set_up_from_a_position_logs_the_notation_it_cannot_replay() -> None:
    state = play(load(START), "roll 35", "r4+3")
    assert state.log() == state.log_notation() == ["roll 35", "r4+3"]


def test_the_log_tells_the_earth_numbers_taken_and_the_spacemen_the_spacewolves_take() -> None:
    """Issue 32, item 6: every Earth number taken and every spaceman taken by the Spacewolves is told on the line of
    the action after which it happened (the space shift comes unasked after a round's last action)."""
    told = {"earth": 0, "taken": 0}
    for seed in range(3):
        end = played(seed)
        lines = end.log()
        state = wolfpack.load_game("spacewolves", players=3).new_initial_state()
        for line, action in zip(lines, end.history(), strict=True):
            assert isinstance(state, SpacewolvesState)
            arrived, taken = len(state.earth), state.pos.count(-1)
            state.apply_action(action)
            for value in rules.EARTH_SLOT_VALUES[arrived : len(state.earth)]:
                assert f"Earth's {value}" in line, line
                told["earth"] += 1
            if state.pos.count(-1) > taken:
                assert "the Spacewolves take" in line, line
                told["taken"] += 1
    assert told["earth"] > 0 and told["taken"] > 0, told
