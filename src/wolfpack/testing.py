"""The conformance suite every registered game must pass, shipped as a public function.

>>> from wolfpack.testing import check_game
>>> report = check_game("spacewolves", playouts=2, seed=1, players=3)
>>> report.playouts
2
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.constants import CHANCE, SIMULTANEOUS, TERMINAL
from wolfpack.engine.errors import InvalidActionError
from wolfpack.engine.game import Game, State
from wolfpack.engine.registry import load_game


class ConformanceError(AssertionError):
    """A game broke a promise of the engine protocol; the message says which, and where."""


@dataclass
class ConformanceReport:
    """What `check_game` ran: playouts, steps, and the longest game seen."""

    game: str
    playouts: int = 0
    steps: int = 0
    longest: int = 0
    json_round_trips: int = 0
    notation_round_trips: int = 0
    returns_seen: list[list[float]] = field(default_factory=list)


def check_game(
    name: str, *, playouts: int = 20, seed: int = 0, deep_every: int = 7, **options: Any
) -> ConformanceReport:
    """Play `playouts` seeded random games of `name` and check every protocol promise along the way."""
    game = load_game(name, **options)
    report = ConformanceReport(game=name)
    _check_info(game)
    for index in range(playouts):
        playout_seed = seed * 1_000_003 + index
        history = _playout(game, playout_seed, deep_every, report)
        again = _playout(game, playout_seed, 0, ConformanceReport(game=name))
        _require(history == again, f"playout {index}: the same seed gave a different game")
        report.playouts += 1
    return report


def _check_info(game: Game[Any]) -> None:
    info = game.info
    _require(info.min_players <= info.num_players <= info.max_players, f"{info}: num_players outside its range")
    _require(info.min_return <= info.max_return, f"{info}: min_return > max_return")
    _require(info.max_game_length > 0, f"{info}: max_game_length must be positive")
    json.dumps(info.to_dict())


def _playout(game: Game[Any], seed: int, deep_every: int, report: ConformanceReport) -> list[str]:
    """One random game; with deep_every > 0, the expensive checks run every that many steps."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        deep = deep_every > 0 and steps % deep_every == 0
        if deep_every:
            _check_turn(state, steps)
        if deep:
            _check_copies(game, state, steps, report)
            _check_observations(state, steps)
            _check_garbage_rejected(state, steps)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            if deep_every:
                _check_chance(state, outcomes, steps)
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            player = state.current_player()
            _require(player != SIMULTANEOUS or game.info.dynamics == "simultaneous", "undeclared simultaneous node")
            if player == SIMULTANEOUS:
                player = random_acting_seat(state, rng)
            legal = state.legal_actions(player)
            if deep_every:
                _check_legal(state, player, legal, steps, report)
            state.apply_action(rng.choice(legal), player)
        steps += 1
        _require(
            steps <= game.info.max_game_length,
            f"step {steps}: longer than the declared max_game_length {game.info.max_game_length}",
        )
    if deep_every:
        _check_terminal(game, state, steps, report)
    _require(state.history_length() == len(state.history()), "history_length() disagrees with history()")
    report.steps += steps
    report.longest = max(report.longest, steps)
    return [state.action_to_string(a) for a in state.history()]


def random_acting_seat(state: State[Any], rng: random.Random) -> int:
    """A seat drawn uniformly from those that can act at a simultaneous node.

    The first seat of a random order that can act is uniform among them, and asks few seats for their legal actions:
    a megagame has dozens of seats, and listing every one's actions at every step would dominate a playout.
    """
    for seat in rng.sample(range(state.num_players()), state.num_players()):
        if state.legal_actions(seat):
            return seat
    raise ConformanceError("a simultaneous node where no seat can act")


def _check_turn(state: State[Any], step: int) -> None:
    current = state.current_player()
    _require(current in (CHANCE, SIMULTANEOUS) or 0 <= current < state.num_players(), f"step {step}: bad player")
    _require(state.is_chance_node() == (current == CHANCE), f"step {step}: is_chance_node disagrees")
    waiting = state.waiting_for()
    if current == SIMULTANEOUS:
        _require(bool(waiting), f"step {step}: a simultaneous node that waits for nobody could stall")
        for seat in waiting:
            _require(bool(state.legal_actions(seat)), f"step {step}: play waits for seat {seat}, who cannot act")
    else:
        _require(waiting == ([current] if current >= 0 else []), f"step {step}: waiting_for disagrees")
    if current not in (SIMULTANEOUS,):
        for seat in range(state.num_players()):
            if seat != current:
                _require(state.legal_actions(seat) == [], f"step {step}: seat {seat} has actions out of turn")


def _check_chance(state: State[Any], outcomes: Sequence[tuple[Any, float]], step: int) -> None:
    _require(bool(outcomes), f"step {step}: chance node without outcomes")
    total = math.fsum(p for _, p in outcomes)
    _require(math.isclose(total, 1.0, abs_tol=1e-9), f"step {step}: chance probabilities sum to {total}")
    _require(all(p > 0 for _, p in outcomes), f"step {step}: a chance outcome has probability <= 0")
    actions = [a for a, _ in outcomes]
    _require(len(set(actions)) == len(actions), f"step {step}: repeated chance outcomes")
    _require(state.legal_actions() == actions, f"step {step}: legal_actions at a chance node != outcomes")
    for action in actions:
        text = state.action_to_string(action)
        _require(state.parse_action(text) == action, f"step {step}: chance outcome {text!r} does not round-trip")


def _check_legal(state: State[Any], player: int, legal: list[Any], step: int, report: ConformanceReport) -> None:
    _require(bool(legal), f"step {step}: a decision node with no legal actions")
    _require(len(set(legal)) == len(legal), f"step {step}: repeated legal actions")
    for action in legal:
        text = state.action_to_string(action)
        _require(isinstance(text, str) and text == text.strip(), f"step {step}: bad notation {text!r}")
        _require(state.parse_action(text, player) == action, f"step {step}: {text!r} does not round-trip")
        report.notation_round_trips += 1


def _check_copies(game: Game[Any], state: State[Any], step: int, report: ConformanceReport) -> None:
    clone = state.clone()
    _require(clone == state, f"step {step}: clone differs from the original")
    saved = state.to_json()
    json.loads(saved)
    restored = game.state_from_json(saved)
    _require(restored == state, f"step {step}: JSON round trip changed the state")
    _require(restored.to_json() == saved, f"step {step}: JSON round trip is not stable")
    _require(restored.current_player() == state.current_player(), f"step {step}: restored player differs")
    for seat in [None] if not state.is_simultaneous_node() else _seats_to_compare(state, step):
        _require(
            restored.legal_actions(seat) == state.legal_actions(seat), f"step {step}: restored legal actions differ"
        )
    _require(restored.history() == state.history(), f"step {step}: restored history differs")
    report.json_round_trips += 1
    if state.is_terminal():
        return
    seat = state.waiting_for()[0] if state.is_simultaneous_node() else None
    clone.apply_action(state.legal_actions(seat)[0], seat)
    _require(state.to_json() == saved, f"step {step}: applying an action to a clone changed the original")


SEATS_COMPARED: Final = 8
"""At a simultaneous node, how many seats' legal actions a restored copy is compared on: a megagame's dozens of
seats each list their actions afresh on the copy, which would dominate a playout; a window that moves on at each
check still compares every seat many times over a playout (and the copy already equals the state)."""


def _seats_to_compare(state: State[Any], step: int) -> range | list[int]:
    """Every seat, or at most `SEATS_COMPARED` of them, starting further on at each step."""
    seats = state.num_players()
    if seats <= SEATS_COMPARED:
        return range(seats)
    return [(step + offset) % seats for offset in range(SEATS_COMPARED)]


def _check_observations(state: State[Any], step: int) -> None:
    for player in [None, *range(state.num_players())]:
        observation = state.observation(player)
        _require(isinstance(observation, dict), f"step {step}: observation({player}) is not a dict")
        try:
            json.dumps(observation)
        except (TypeError, ValueError) as exc:
            raise ConformanceError(f"step {step}: observation({player}) is not JSON-serialisable: {exc}") from exc
        shared = state.shared_observation(player)
        _require(shared == observation, f"step {step}: shared_observation({player}) differs from observation({player})")
    _check_no_leaks(state, step)


def _check_no_leaks(state: State[Any], step: int) -> None:
    """Plant canaries in every secret and prove each viewer sees its own and never another's."""
    planted, viewers = state.with_canaries()
    every = {canary for visible, hidden in viewers.values() for canary in (*visible, *hidden)}
    # One pass over each viewer's text finds every canary in it (a search per canary cost seconds a playout).
    finder = re.compile("|".join(re.escape(canary) for canary in sorted(every, key=len, reverse=True)))
    for viewer, (visible, hidden) in viewers.items():
        text = json.dumps([planted.observation(viewer), planted.log(viewer)])
        found = set(finder.findall(text)) if every else set()
        if missing := sorted(set(visible) - found):
            raise ConformanceError(f"step {step}: observation({viewer}) and its log lack its own secret {missing[0]!r}")
        if leaked := sorted(set(hidden) & found):
            raise ConformanceError(f"step {step}: observation({viewer}) or its log leaks {leaked[0]!r}")


def _check_garbage_rejected(state: State[Any], step: int) -> None:
    before = state.to_json()
    for garbage in (object(), None, "", "  ", "no such action ###", 10**9):
        try:
            if isinstance(garbage, str):
                state.apply_action(state.parse_action(garbage))
            else:
                state.apply_action(garbage)
        except InvalidActionError:
            pass
        else:
            raise ConformanceError(f"step {step}: {garbage!r} was accepted as an action")
        _require(state.to_json() == before, f"step {step}: a rejected action changed the state")


def _check_terminal(game: Game[Any], state: State[Any], steps: int, report: ConformanceReport) -> None:
    info = game.info
    _require(state.current_player() == TERMINAL, "terminal state does not report TERMINAL")
    _require(state.legal_actions() == [], "legal actions at the end of the game")
    for seat in range(state.num_players()):
        _require(state.legal_actions(seat) == [], f"seat {seat} has legal actions at the end")
    _require(not state.chance_outcomes(), "chance outcomes at the end of the game")
    returns = state.returns()
    _require(len(returns) == state.num_players(), "returns() needs one value per seat")
    for value in returns:
        _require(info.min_return <= value <= info.max_return, f"return {value} outside the declared bounds")
    if info.utility == "zero-sum":
        _require(math.isclose(sum(returns), 0.0, abs_tol=1e-9), f"zero-sum game returned {returns}")
    if info.utility == "constant-sum" and report.returns_seen:
        expected = sum(report.returns_seen[0])
        _require(math.isclose(sum(returns), expected, abs_tol=1e-9), f"constant-sum game returned {returns}")
    report.returns_seen.append(returns)
    _check_copies(game, state, steps, report)
    _check_observations(state, steps)


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)
