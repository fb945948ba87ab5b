"""Hand a batch game with heuristic hunters to the scalar engine and check every heuristic choice of the batch there.

The scalar HeuristicBot breaks ties with its generator; here its generator is replaced by `Hints`, which breaks
each tie towards what the batch chose (its action, and the steps it planned for the rest of the turn). So the
scalar bot reproduces a batch choice exactly when that choice is one it could make: among its best under its own
tie rule, or its only choice where it has no randomness.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from wolfpack.engine.constants import CHANCE, SIMULTANEOUS, TERMINAL
from wolfpack.engine.play import decision_order
from wolfpack.games.hunt import batch_layout as L
from wolfpack.games.hunt.actions import verb
from wolfpack.games.hunt.batch import HeuristicGames
from wolfpack.games.hunt.batch_position import action_text_in, position_of
from wolfpack.games.hunt.bots import FREE_VERBS, HeuristicBot
from wolfpack.games.hunt.game import HuntGame
from wolfpack.games.hunt.notation import position_dict


class Hints:
    """A stand-in for the bot's generator: ties go to the batch's choice and plan, samples keep its steps.

    `rests` holds, for each candidate the batch looked ahead from (by the text of its take), the steps the batch
    found after it: while the scalar bot finishes the turn after that candidate (`context`), its ties go the same way.
    """

    def __init__(
        self,
        action: str | None,
        plan: list[str] | None,
        rests: dict[str, list[str]] | None = None,
        samples: list[list[str]] | None = None,
    ) -> None:
        self.samples = samples or []
        """The batch's samples of powers, in turn: each is used once, by the first sampling it fits."""
        self.action = action
        self.plan = plan
        self.steps = {action, *(plan or [])}
        self.rests = rests or {}
        self.context: str | None = None
        self.worth: Callable[[Any], float] = lambda action: 0.0
        """What a candidate of the pruning under way is worth to the bot (set by `CheckedBot._prune`)."""

    def choice(self, options: Sequence[Any]) -> Any:
        """A tied (action, rest): the batch's own, else one whose action the batch took or planned, else the first.

        With no batch action (a seat the batch let pass), a tie goes to an option that is not a free action.
        """
        for option in options:
            if option[0] == self.action and (self.plan is None or option[1] == self.plan):
                return option
        rest = self.rests.get(self.context or "")
        for option in options:
            if rest is not None and option[0] in rest:
                return option
        for option in options:
            if option[0] in self.steps or (self.action is None and verb(option[0]) not in FREE_VERBS):
                return option
        return options[0]

    def sample(self, population: Sequence[Any], k: int) -> list[Any]:
        """The batch's own sample where one fits; else a sample of k: the batch's choice and the steps it found (where
        the population holds them), then the weakest others, so that none the batch left out beats its choice."""
        for index, sample in enumerate(self.samples):
            if len(sample) == k and set(sample) <= set(population):
                del self.samples[index]
                return sample
        found = self.steps | set(self.rests.get(self.context or "", []))
        kept = [a for a in population if a in found][:k]
        others = sorted((a for a in population if a not in kept), key=self.worth)
        return kept + others[: k - len(kept)]


class CheckedBot(HeuristicBot):
    """The scalar heuristic bot, telling its `Hints` which candidate it is finishing the turn after."""

    def _prune(self, state: Any, seat: int, decisions: list[Any]) -> list[Any]:
        if isinstance(self.rng, Hints):
            simultaneous = state.is_simultaneous_node()

            def worth(action: Any) -> float:
                child = state.clone()
                child.apply_action(action, seat if simultaneous else None)
                return self._value(child)

            self.rng.worth = worth
        return super()._prune(state, seat, decisions)

    def _finish_turn(self, state: Any, seat: int) -> list[Any]:
        if isinstance(self.rng, Hints):
            self.rng.context = state.history()[-1]
        return super()._finish_turn(state, seat)


def _rests(games: HeuristicGames, s: Any) -> dict[str, list[str]]:
    """The batch's last lookahead: each take it scored (a Modify's retake too) and the steps it found after it."""
    acts, plans, lengths = games.last_options()
    seat = int(s[L.ACTIVE])  # whoever chose, the active hunter takes the die and plays on
    rests: dict[str, list[str]] = {}
    for j in range(len(acts)):
        if acts[j, 0] == L.V_TAKE:
            rests[_texts([acts[j]], s, seat, games)[0]] = _texts(list(plans[j, : lengths[j]]), s, seat, games)
        elif acts[j, 0] == L.V_MODIFY and lengths[j] > 0:
            steps = _texts(list(plans[j, : lengths[j]]), s, seat, games)
            rests[steps[0]] = steps[1:]
    return rests


def _declined(games: HeuristicGames, index: int, seat: int, order: list[int]) -> tuple[dict[str, list[str]], list[Any]]:
    """The lookahead of a heuristic `seat` the batch let pass this step: (its rests, its samples) as `_rests` gives.

    The step is played again on a copy, with every seat asked after `seat` made random (random seats leave the
    option buffer alone), so the buffer ends holding `seat`'s own lookahead; the seats before it draw as before.
    """
    bots = games.bots.copy()
    for later in order[order.index(seat) + 1 :]:
        bots[later] = 0
    copy = dataclasses.replace(
        games,
        bots=bots,
        states=games.states[index : index + 1].copy(),
        rngs=games.rngs[index : index + 1].copy(),
        plans=games.plans[index : index + 1].copy(),
        meta=games.meta[index : index + 1].copy(),
    )
    before = copy.states[0].copy()
    copy.step(0)
    return _rests(copy, before), copy.last_samples()


def _texts(steps: list[Any], s: Any, seat: int, games: HeuristicGames) -> list[str]:
    content = games.game.content  # type: ignore[attr-defined]
    return [action_text_in(step, s, seat, games.pack, content) for step in steps]


def replay_heuristic(games: HeuristicGames, index: int, bots: Sequence[str], most: int = 10**6) -> int:
    """Hand game `index` to the scalar engine as a position and go on in both (at most `most` steps); the decisions
    of heuristic seats checked.

    At every step the positions agree; at every decision node each heuristic seat the batch asked makes, in the
    scalar engine, the choice the batch made (or lets the moment pass where the batch did), with the same plan.
    """
    game = games.game
    assert isinstance(game, HuntGame)
    state = game.state_from_position(position_of(games.states[index], games.pack))
    scalar = {seat: CheckedBot(seed=0) for seat, bot in enumerate(bots) if bot == "heuristic"}
    checked = 0
    for steps in range(most):
        s = games.states[index]
        where = f"game {index}, {steps} steps after the hand-off"
        assert position_of(s, games.pack) == position_dict(state), where
        current = state.current_player()
        if current == TERMINAL:
            break
        history = int(s[L.HISTORY])
        order = [] if current == CHANCE else decision_order(state, start=history)
        before = s.copy()
        declined = {
            asked: _declined(games, index, asked, [a for a, _ in order])
            for asked, must in order
            if asked in scalar and not must
        }
        seat, act = games.step(index)
        text = action_text_in(act, before, seat, games.pack, game.content)
        logged = [_texts(list(sample), before, int(before[L.ACTIVE]), games) for sample in games.last_samples()]
        done = 0  # samples the seats asked so far drew (the same in the side runs of `_declined`: the same draws)
        for asked, _ in order:
            if asked not in scalar:
                if asked == seat:
                    break
                continue
            bot = scalar[asked]
            if asked != seat:
                rests, drawn = declined[asked]
                mine = [_texts(list(sample), before, int(before[L.ACTIVE]), games) for sample in drawn[done:]]
                done = len(drawn)
                bot.rng = Hints(None, None, rests, mine)  # type: ignore[assignment]
                assert bot.step(state, asked) is None, f"{where}: seat {asked} would act; the batch let it pass"
                continue
            samples = logged[done:]
            plan = games.plan(index, seat)
            fresh = plan is not None and int(games.meta[index, seat, 0]) == history + 1
            planned = _texts(plan, before, seat, games) if fresh and plan is not None else None
            bot.rng = Hints(text, planned, _rests(games, before), samples)  # type: ignore[assignment]
            theirs = bot.step(state, seat if current == SIMULTANEOUS else None)
            assert theirs == text, f"{where}: the batch's seat {seat} took {text!r}, the scalar bot {theirs!r}"
            if planned is not None:
                assert bot._plan == (state.history_length() + 1, planned), f"{where}: {text}, {bot._plan}, {planned}"
            checked += 1
            break
        state.apply_action(text, seat if current == SIMULTANEOUS else None)
    return checked
