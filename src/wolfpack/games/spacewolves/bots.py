"""Spacewolves! bots: a one-turn lookahead with a hand-tuned evaluation of the position, and a Monte Carlo tree
search (`SearchBot`; see docs/bots.md).

The bot sees the game only through the public State API. For every legal action it clones the state, applies the
action, keeps choosing for itself while the turn is still its own (the second die after the first, its own Tandem
Warp), and scores the position where its turn ends from its seat's point of view. It takes the best; equal
scores are broken with its seeded generator, so the same seed plays the same game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from wolfpack.bots.ismcts import ISMCTSBot
from wolfpack.engine.bot import Bot
from wolfpack.engine.game import State

SLOTS = 15
"""Positions 1 (next to the Spacewolves) to 15 (next to Earth)."""
TIE = 1e-9
"""Scores closer than this count as equal."""
WIN = 1000.0
"""What a finished game's return is worth against the evaluation of an unfinished one."""


@dataclass(frozen=True)
class Weights:
    """The evaluation's parameters (docs/bots.md explains each); the defaults are the tuned ones."""

    reach_power: float = 1.5
    """A spaceman on position p is worth the next Earth number times (p / 16) ** reach_power."""
    bottom_danger: float = 0.15
    """Position 1 keeps this share of its worth: the bottom tile goes to the Spacewolves at the Space Shift."""
    low_danger: float = 0.7
    """Position 2 keeps this share: one unlucky push and it is on the bottom tile."""
    safety: float = 0.05
    """Added to a spaceman's reach when Safety in Numbers protects it and the Spacewolves have dice."""
    station: float = 0.03
    """Added to a spaceman's reach on the Space Station, where opponents cannot move it."""
    leader: float = 0.7
    """The share of the opponents' worth that comes from the best of them (the rest from their mean)."""
    reach: tuple[float, ...] = field(init=False)
    """reach[p] for positions 0..15 (0 unused), computed from the fields above."""

    def __post_init__(self) -> None:
        table = [0.0] + [(p / (SLOTS + 1)) ** self.reach_power for p in range(1, SLOTS + 1)]
        table[1] *= self.bottom_danger
        table[2] *= self.low_danger
        object.__setattr__(self, "reach", tuple(table))


class HeuristicBot(Bot):
    """Looks one turn ahead and scores positions by progress, danger and the leading opponent's prospects."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, weights: Weights | None = None) -> None:
        super().__init__(seed)
        self.weights = weights or Weights()

    def step(self, state: State[Any], player: int | None = None) -> Any:
        """The legal action whose turn-end position scores best for the seat to act (Spacewolves! is sequential)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best = self.best_actions(state)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def best_actions(self, state: State[Any]) -> list[Any]:
        """The legal actions it draws its choice from: the best value, and those within TIE of it (in scan order)."""
        seat = state.current_player()
        best: list[Any] = []
        best_value = -float("inf")
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            value = self._value(child, seat)
            if value > best_value + TIE:
                best, best_value = [action], value
            elif value > best_value - TIE:
                best.append(action)
        return best

    def _value(self, state: State[Any], seat: int) -> float:
        """The value for `seat` of `state`: its best continuation while the turn is still its own."""
        if state.is_terminal():
            return WIN * state.returns()[seat]
        if state.current_player() == seat:
            values = []
            for action in state.legal_actions():
                child = state.clone()
                child.apply_action(action)
                values.append(self._value(child, seat))
            return max(values)
        return evaluate(state.observation(seat), seat, self.weights)


def evaluate(observation: Mapping[str, Any], seat: int, weights: Weights | None = None) -> float:
    """How good the observed position is for `seat`: its prospects minus its opponents', leader weighted."""
    w = weights or Weights()
    names: list[str] = observation["players"]
    index = {name: i for i, name in enumerate(names)}
    next_value = 12 - len(observation["earth"])
    wolves_bite = any(observation["wolves"].values())
    prospects = [float(observation["scores"][name]) for name in names]
    for tile in observation["tiles"]:
        pieces: Mapping[str, int] = tile["pieces"]
        if not pieces:
            continue
        position = tile["position"]
        reach = w.reach[position]
        if tile["safe"] and wolves_bite:
            reach += w.safety
        if tile["tile"] == "S":
            reach += w.station
        worth = next_value * reach
        for name, count in pieces.items():
            prospects[index[name]] += count * worth
    mine = prospects[seat]
    others = [p for i, p in enumerate(prospects) if i != seat]
    if not others:
        return mine
    return mine - w.leader * max(others) - (1.0 - w.leader) * sum(others) / len(others)


SEARCH_ITERATIONS = 400
"""Our default: the search bot's iterations per decision (about 2.5 s of one core for a whole three-player game;
200 played no better than the heuristic in a first trial of 24 games, 400 won 7 of them to the heuristics' 0 and 1)."""


class SearchBot(ISMCTSBot):
    """Monte Carlo tree search (issue 34, item 6): each decision's actions tried in `iterations` random play-outs to
    the end, the dice sampled as they fall, the most visited action taken. Spacewolves! hides nothing, so the search
    plays on copies of the real position (no determinization)."""

    name = "search"

    def __init__(self, seed: int | None = None, iterations: int = SEARCH_ITERATIONS) -> None:
        super().__init__(seed, iterations=iterations)

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        """A move that wins the game at once if there is one (random play-outs value every sure win alike, so the
        search alone could dawdle), else the search's choice."""
        seat = state.current_player()
        for action in state.legal_actions(player):
            after = state.clone()
            after.apply_action(action)
            if after.is_terminal() and after.returns()[seat] == max(after.returns()) > min(after.returns()):
                return action
        return super().step(state, player)
