"""Information-set Monte Carlo tree search (single-observer IS-MCTS, Cowling, Powley and Whitehouse 2012), for any
game of the engine protocol.

Each iteration samples a *determinization*: a full state the searching seat cannot tell from the real one (a game
supplies `determinize(state, seat, rng)`; a game of perfect information needs none). It walks the tree from the root
down the actions that are legal in that sample, choosing by UCB1 with availability counts (a child's exploration
term counts the iterations in which it could have been chosen), adds one new node, plays on with a rollout policy
for at most `rollout_depth` decisions (fewer where `stop(state)` says it went far enough), and scores the end: the
returns if the game is over, else `evaluate(state)` (each seat's value in [-1, 1]). Every node on the path learns
the value for the seat that chose the action leading to it; chance outcomes are sampled with their probabilities
and are not part of the tree.

The search reads the real state only through `determinize`; everything else it does happens on the samples. The
number of iterations, not the clock, bounds the work, so a seeded bot plays the same game every time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from wolfpack.engine.bot import Bot, RandomBot
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import State

Determinizer = Callable[[State[Any], int, random.Random], State[Any]]
"""`determinize(state, seat, rng)`: a state `seat` cannot tell from `state`, its unseen secrets sampled."""
Evaluator = Callable[[State[Any]], Sequence[float]]
"""Each seat's value in [-1, 1] of an unfinished state (a full, determinized one)."""
Candidates = Callable[[State[Any]], Sequence[Any]]
"""The actions worth searching at a decision (a subset of the legal ones, best first)."""
PolicyFactory = Callable[[int], Bot]
"""Builds the rollout policy from a seed."""
Stop = Callable[[State[Any]], bool]
"""Whether a rollout has gone far enough to be scored (before `rollout_depth` decisions)."""


@dataclass
class Node:
    """A node of the search tree: the statistics of the action that leads to it."""

    action: Any = None
    player: int = -1
    """The seat that chose `action`."""
    parent: Node | None = None
    children: dict[Hashable, Node] = field(default_factory=dict)
    visits: int = 0
    available: int = 0
    """Iterations in which this node's action was legal when its parent was reached."""
    value: float = 0.0
    """Sum of the values for `player` of the iterations through this node."""

    def ucb(self, exploration: float) -> float:
        """UCB1 with availability counts (unvisited nodes first)."""
        if self.visits == 0:
            return math.inf
        return self.value / self.visits + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


def no_determinization(state: State[Any], seat: int, rng: random.Random) -> State[Any]:
    """For games of perfect information: the state itself, copied."""
    return state.clone()


class ISMCTSBot(Bot):
    """Single-observer IS-MCTS over determinizations, with truncated rollouts and an evaluation at the cut."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = 100,
        determinize: Determinizer = no_determinization,
        rollout: PolicyFactory | None = None,
        rollout_depth: int = 1_000_000,
        evaluate: Evaluator | None = None,
        candidates: Candidates | None = None,
        exploration: float = 0.7,
        stop: Stop | None = None,
    ) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.determinize = determinize
        self.rollout_policy = (rollout or (lambda s: RandomBot(s)))(self.rng.randrange(2**32))
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.candidates = candidates
        self.exploration = exploration
        self.stop = stop
        self.last_root: Node | None = None
        """The tree of the last search (for tests and curious readers)."""

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        """The most visited action at the root after `iterations` iterations."""
        legal = state.legal_actions(player)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        return self.search(state, state.current_player())

    def search(self, state: State[Any], seat: int, root_actions: Sequence[Any] | None = None) -> Any:
        """Run the search from `state` for `seat` (the seat to act) and return its choice among `root_actions`
        (default: the candidates, or every legal action)."""
        root = Node(player=seat)
        if root_actions is None:
            root_actions = list(self.candidates(state) if self.candidates is not None else state.legal_actions())
        for _ in range(self.iterations):
            sample = self.determinize(state, seat, self.rng)
            self._iterate(root, sample, root_actions)
        self.last_root = root
        best = max(root.children.values(), key=lambda n: (n.visits, n.value / max(n.visits, 1)))
        return best.action

    def _iterate(self, root: Node, state: State[Any], root_actions: Sequence[Any]) -> None:
        """One iteration on one determinization: select, expand, roll out, back up.

        The root's actions are the same in every determinization (the seat to act sees its own options)."""
        node = root
        path = [root]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, self.rng))
                continue
            player = state.current_player()
            actions = root_actions if node is root else self._actions(state)
            for action in actions:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = untried[0] if node is root else self.rng.choice(untried)
                child = Node(action=action, player=player, parent=node, available=1)
                node.children[action] = child
                state.apply_action(action)
                path.append(child)
                break
            children = [node.children[a] for a in actions]
            node = max(children, key=lambda n: n.ucb(self.exploration))
            state.apply_action(node.action)
            path.append(node)
        values = self._rollout(state)
        for visited in path:
            visited.visits += 1
            if visited.player >= 0 and visited is not root:
                visited.value += values[visited.player]

    def _actions(self, state: State[Any]) -> Sequence[Any]:
        """The actions the tree considers here: the candidates if a game gives them, else every legal action."""
        if self.candidates is not None:
            return self.candidates(state)
        return state.legal_actions()

    def _rollout(self, state: State[Any]) -> Sequence[float]:
        """Play on with the rollout policy for at most `rollout_depth` decisions; each seat's value at the end."""
        decisions = 0
        while not state.is_terminal() and decisions < self.rollout_depth:
            if self.stop is not None and self.stop(state):
                break
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, self.rng))
                continue
            state.apply_action(self.rollout_policy.step(state))
            decisions += 1
        if state.is_terminal() or self.evaluate is None:
            return state.returns()
        return self.evaluate(state)
