"""The Spacewolves! state and its step machine: turns, skipped decisions, copies, saved states, and the bound on
the length of a game."""

from __future__ import annotations

import random

import pytest

import wolfpack
from wolfpack import CHANCE, InvalidActionError
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.games.spacewolves.actions import move_code
from wolfpack.games.spacewolves.game import max_game_length
from wolfpack.games.spacewolves.notation import format_position
from wolfpack.games.spacewolves.rules import EARTH, OFF_BOARD, SLOTS, WOLVES, backward_target
from wolfpack.games.spacewolves.state import CONTROL, MOVE, OTHER, OWN, OWN_WARP, ROLL, WARP, WOLF, SpacewolvesState

from ...rules.spacewolves.helpers import load, play


def test_current_player_is_chance_for_every_roll() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0")
    assert state.current_player() == CHANCE
    play(state, "roll 35")
    assert state.current_player() == 0


def test_decision_without_options_is_skipped() -> None:
    # Interpretation 15: red's opponent die has no use at the start, so yellow's roll follows at once.
    state = play(load("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0"), "roll 35", "r4+3")
    assert format_position(state) == "1/2/3/A/4/5/6/W/1r/2/3/Srryyybbb/4/5/6 - - 1 r spaceman y roll - - 0"


def test_pass_is_only_for_doubles_and_warps() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0")
    for roll in ("roll 12", "roll 33"):
        after = play(state.clone(), roll)  # type: ignore[arg-type]
        has_pass = "pass" in [str(a) for a in after.legal_actions()]
        assert has_pass == (roll == "roll 33")


def test_dice_are_spent_once_the_move_is_made() -> None:
    # A waiting Tandem Warp uses no die, so none is shown as usable while it is decided.
    state = load("1/2/3/A/4/5/6/W/1/2/3y/Srrryybbb/4/5/6 - - 1 r spaceman r other 3 - 0")
    play(state, "y5+3")
    assert format_position(state).split()[7:10] == ["warp", "-", "y"]
    assert state.observation()["dice"] == []


def test_clone_is_independent() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2y/3/Srrrybbb/4/5/6y - - 1 r spaceman r roll - - 0")
    copy = state.clone()
    assert copy == state
    play(copy, "roll 34", "r4+4", "warp y6")
    assert copy != state
    assert format_position(state) == "1/2/3/A/4/5/6/W/1/2y/3/Srrrybbb/4/5/6y - - 1 r spaceman r roll - - 0"


def test_saved_state_holds_position_and_history() -> None:
    game = wolfpack.load_game("spacewolves", players=3)
    state = game.new_initial_state()
    for text in ("first y", "roll 35", "y4+5"):
        state.apply_action(state.parse_action(text))
    saved = state.to_json()
    restored = game.state_from_json(saved)
    assert restored == state
    assert [str(a) for a in restored.history()] == ["first y", "roll 35", "y4+5"]
    assert restored.to_dict()["position"] == format_position(state)  # type: ignore[arg-type]


def test_text_must_be_parsed_before_it_is_applied() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Srrryyybbb/4/5/6 - - 1 r spaceman r roll - - 0")
    before = state.to_json()
    with pytest.raises(InvalidActionError, match="read notation with parse_action first"):
        state.apply_action("roll 35")
    with pytest.raises(InvalidActionError):
        state.apply_action(True)
    assert state.to_json() == before


def test_dice_count_per_phase() -> None:
    state = load("1/2/3/A/4/5/6/W/1/2/3/Sryybb/4/5/6 rrb y 2 r control r roll - - 2")
    assert [state.dice_count(seat) for seat in range(3)] == [2, 0, 0]  # blue arrived after the cutoff
    state = load("1/2/3/A/4/5/6/W/1/2/3/Sryybb/4/5/6 rrb y 2 r spaceman r roll - - 0")
    assert [state.dice_count(seat) for seat in range(3)] == [2, 2, 2]
    state = load("1/2/3/A/4/5/6/W/1/2/3/Sryybb/4/5/6 rrb y 2 r wolf y roll - - 0")
    assert [state.dice_count(seat) for seat in range(3)] == [0, 1, 0]


def test_max_game_length_formula() -> None:
    # 1 roll for first player; per seat and round 3 rolls, 4 moves, 1 own warp, 3 turns x 3N waiting warps.
    assert max_game_length(3, 1) == 1 + 3 * (3 + 4 + 1 + 3 * 9)
    assert max_game_length(4, 100) == 1 + 4 * 100 * (3 + 4 + 1 + 3 * 12)
    for players in (3, 4):
        for rounds in (1, 2, 100):
            info = wolfpack.load_game("spacewolves", players=players, max_rounds=rounds).info
            assert info.max_game_length == max_game_length(players, rounds)


def test_a_long_warp_chain_stays_within_the_per_turn_bound() -> None:
    # Two yellows and a blue wait two below the warp; blue's opponent die sends red onto it, and every warp takes
    # a partner from position 6 onto the warp in turn.
    state = load("1/2/3/A/4/5/6/W/1/2yyb/3r/Sbb/4/5/6rr - y 1 r spaceman b other 3 - 0")
    play(state, "r5+3")
    deciders = []
    while state.step in (WARP, OWN_WARP):
        deciders.append("rybg"[state.current_player()])
        options = [str(a) for a in state.legal_actions()]
        play(state, next((o for o in options if o.endswith("6")), options[-1]))
    assert deciders == ["r", "y", "b", "y"]
    assert len(deciders) <= 1 + 3 * state.players


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 6)])
def test_random_games_keep_the_board_consistent_and_within_the_bounds(players: int, seed: int) -> None:
    game = wolfpack.load_game("spacewolves", players=players)
    for index in range(15):
        rng = random.Random(seed * 100 + index)
        state = game.new_initial_state()
        assert isinstance(state, SpacewolvesState)
        steps = 0
        turn_decisions = 0
        while not state.is_terminal():
            if state.step == ROLL:
                turn_decisions = 0
            elif state.step in (WARP, OWN_WARP):
                turn_decisions += 1
                # The lemma behind max_game_length: at most 1 + 3N warp decisions in a Spaceman Phase turn.
                assert turn_decisions <= 1 + 3 * players
            action = sample_chance_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
            crowd = [0] * SLOTS
            for slot in state.pos:
                if 0 <= slot < SLOTS:
                    crowd[slot] += 1
            assert crowd == state.crowd
            assert state.on_board == sum(crowd)
            assert len(state.earth) == state.pos.count(EARTH) <= 12
            for seat in range(players):
                assert state.earth.count(seat) == state.pos[3 * seat : 3 * seat + 3].count(EARTH)
            assert sorted(state.tiles) == sorted("123456AWS123456")
            assert state.tiles[state.asteroid] == "A" and state.tiles[state.warp] == "W"
            assert state.tiles[state.station] == "S"
            assert all(slot in (EARTH, WOLVES) or 0 <= slot < SLOTS for slot in state.pos)
        assert steps <= game.info.max_game_length
        assert sum(state.returns()) == pytest.approx(1.0)


def _moves_by_the_rules(state: SpacewolvesState, colours: list[int], guard_station: bool) -> list[int]:
    """The moves of `colours` by any usable die, worked out from the rules one spaceman at a time (no tables): either
    way in the Spaceman Phase, forward in Mission Control, backward in the Spacewolf! Phase."""
    wolf_phase = state.phase == WOLF
    moves = set()
    for colour in colours:
        for slot in state.pos[3 * colour : 3 * colour + 3]:
            if not 0 <= slot < SLOTS or (guard_station and slot == state.station):
                continue
            if wolf_phase and state.is_safe(slot):
                continue
            for die in state.dice:
                if state.phase != WOLF:
                    moves.add(move_code(colour, slot, die, backward=False))
                if state.phase != CONTROL and backward_target(slot, die, state.asteroid) != OFF_BOARD:
                    moves.add(move_code(colour, slot, die, backward=True))
    return sorted(moves)


@pytest.mark.parametrize(("players", "seed"), [(3, 7), (4, 8)])
def test_moves_are_the_rules_at_every_move_decision(players: int, seed: int) -> None:
    """The moves looked up in MOVE_TABLE (two dice at once, three split in two, guarded and off-board tiles) are
    those the rules give, spaceman by spaceman, at every move decision of seeded random games."""
    game = wolfpack.load_game("spacewolves", players=players)
    rng = random.Random(seed)
    seen_dice = set()
    for _ in range(6):
        state = game.new_initial_state()
        assert isinstance(state, SpacewolvesState)
        while not state.is_terminal():
            if state.step in (OWN, OTHER, MOVE):
                actor = state.actor
                others = [colour for colour in range(players) if colour != actor]
                if state.step == OWN:
                    expected = _moves_by_the_rules(state, [actor], guard_station=False)
                elif state.step == OTHER:
                    expected = _moves_by_the_rules(state, others, guard_station=True)
                else:  # an opponent's spaceman if any can go, else one's own; the station guards in the Wolf Phase
                    wolf_phase = state.phase == WOLF
                    expected = _moves_by_the_rules(state, others, guard_station=wolf_phase)
                    expected = expected or _moves_by_the_rules(state, [actor], guard_station=False)
                    seen_dice.add(len(state.dice))
                assert state.legal_actions() == expected, format_position(state)
            action = sample_chance_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            state.apply_action(action)
    assert seen_dice == {1, 2, 3}  # every number of different dice came up in the later phases
