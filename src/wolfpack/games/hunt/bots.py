"""Wolves on the Hunt bots: a turn-long greedy lookahead with a hand-tuned evaluation (see docs/balance.md).

The game is co-operative, so every seat plays for the same thing: kill the Pack Leader before a hunter loses the
last heart, the last elder falls or round 6 ends. The bot sees the game only through the public State API
(`legal_actions`, `clone`, `apply_action`, `observation`, `waiting_for`, `current_player`,
`is_simultaneous_node`) and the printed cards of the game's content pack (health, damage, abilities: public
information on the table).

How it chooses, decision by decision:

- Taking a die: for every die in the pool it clones the state, takes the die, then writes it and uses the main
  action it earns greedily (each step the one whose resulting position scores best), and scores the result. The
  best die wins, and the steps found become the plan the next decisions of the turn follow.
- The other steps of its turn (moves, unlocked extra actions, `end`, and any step off the plan): one step of
  lookahead, the candidate whose resulting position scores best. Candidates are pruned first: trap placements to
  the few strongest, player powers to a seeded sample, moves to those ending beside the most wolves.
- Pass or take another turn: a rule (outside the endgame it passes once more than `MAX_WOLVES` wolves are on the
  board or the hunters' hearts run low; in the endgame it always plays on).
- Whom a wolf attacks, which kill bonus: one step of lookahead, the best-scoring position.
- Free actions, as part of the die-taking lookahead: before taking a die the active hunter also tries each Modify
  that makes a die earn a row's main action (then takes and writes it), and, when no die earns one, the Reroll of
  one or more dice whose expected result is best (the values a die can show fall into a few classes with the same
  effect, so a handful of lookaheads give the exact expectation). A free action is used only when it beats
  keeping it (the evaluation values a free action held). A partner lends the kinds the active hunter lacks, with the
  same lookahead from the active hunter's seat, and assists when the +1 makes the active hunter's best attack
  worth more than the assist kept. Elsewhere it lets the moment pass (None).

The evaluation (`evaluate`) scores a position for the hunters: damage on the Pack Leader, wolves on the board and
their damage and health, hearts (the last ones dear), elders and dogs, stats, unlocked actions and written boxes,
traps waiting, and the cost of the coming attacks if each wolf hit its cheapest target (`attack_cost`).

Ties are broken with the bot's seeded generator, so the same seed plays the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from wolfpack.engine.bot import Bot
from wolfpack.engine.constants import SIMULTANEOUS
from wolfpack.engine.game import State
from wolfpack.games.hunt.actions import verb
from wolfpack.games.hunt.content import LOCATIONS, HuntContent
from wolfpack.games.hunt.rules import DICE_COLOURS, WILD, box_grants_main, wrap_die
from wolfpack.games.hunt.state import STATS, HuntState

TIE = 1e-9
"""Scores closer than this count as equal."""
WIN = 1_000_000.0
"""What a won (or, negated, a lost) game is worth against the evaluation of an unfinished one."""
FREE_VERBS = frozenset({"assist", "modify", "reroll"})
"""Free actions: left out of the turn's own lookahead, tried separately (`_take_choice`, `_assist`)."""
MAIN_VERBS = frozenset({"knife", "rifle", "trap", "samovar", "outwit", "power"})
"""The main actions a written die can earn."""
DIE_FACES = range(1, 7)
"""The values a die can show."""
REROLL_SPREAD = 0.5
"""Evaluation points charged per extra die rerolled: dice the partner may want are not disturbed for nothing."""
TURN_VERBS = frozenset({"take", "move", "write", "end", "knife", "rifle", "trap", "samovar", "outwit", "power"})
"""The steps of a hunter's own turn (the verb of an `extra` action is its main action's)."""
SKIPPED_IN_FINISH = frozenset({"move", "extra", "end", "take"})
"""Steps the lookahead after a die is taken leaves to later decisions: it only writes the die and uses its action."""
TRAP_CANDIDATES = 3
"""How many of the strongest trap placements the lookahead tries."""
MAX_WOLVES = 3
"""Outside the endgame, a hunter passes rather than take a turn (and draw a wolf) with more wolves than this."""
POWER_CANDIDATES = 4
"""How many ways of using a player power (a seeded sample) the lookahead tries."""
MOVE_CANDIDATES = 4
"""How many moves the lookahead tries: those ending beside the most wolves (the Pack Leader counting triple)."""


@dataclass(frozen=True)
class Weights:
    """The evaluation's parameters (docs/balance.md explains them); the defaults are the tuned ones."""

    leader_damage: float = 40.0
    """Per point of damage on the Pack Leader (it must die for the win)."""
    wolf: float = 14.0
    """Per wolf on the board: it attacks every round and a full ring hurts every hunter."""
    wolf_damage: float = 9.0
    """Per damage icon of a wolf on the board (outwitted wolves count half: they skip one attack)."""
    wolf_health: float = 2.0
    """Per point of health a wolf on the board has left."""
    heart: float = 4.0
    """Per heart of each hunter."""
    low_heart: float = 40.0
    """Divided by a hunter's hearts: the last hearts are worth much more (a hunter at 0 loses the game)."""
    elder: float = 90.0
    """Per elder alive."""
    last_elder: float = 250.0
    """Extra for the last elder (losing it loses the game)."""
    dog: float = 25.0
    """Per dog alive (they absorb attacks and bite back)."""
    dog_damage: float = 6.0
    """Per damage on a dog."""
    stat: float = 7.0
    """Per point of a hunter's knife, rifle or traps stat."""
    main: float = 2.0
    """Per unlocked main action not yet used."""
    free: float = 3.0
    """Per free action not yet used."""
    box: float = 1.0
    """Per number written on the sheet (progress towards the unlocks)."""
    last_number: float = 0.3
    """Per pip of the last number in a row (a high one makes the next main action harder to earn)."""
    trap: float = 1.5
    """Per point of trap value waiting on the board."""
    pending_main: float = 8.0
    """A main action earned this turn and not yet taken."""
    leader_attacks: float = 3.0
    """The Pack Leader's attack counts this many times: it strikes at the end of every turn, not once a round."""
    threat: float = 0.8
    """Share of the cost of the coming attacks (each wolf on its cheapest target) counted now."""


class HeuristicBot(Bot):
    """Plays any seat: greedy turn-long lookahead for its own turn and free actions, a rule for passing."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, weights: Weights | None = None) -> None:
        super().__init__(seed)
        self.weights = weights or Weights()
        self._plan: tuple[int, list[Any]] = (0, [])
        """(history length when the plan starts, the planned steps of the turn)."""

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        """An action for `player` (default: the seat to act); None where acting is optional and nothing helps."""
        legal = state.legal_actions(player)
        if not legal:
            return None
        simultaneous = state.is_simultaneous_node()
        seat = state.current_player() if player is None else player
        if simultaneous and seat not in state.waiting_for():
            return self._optional(state, seat, legal)
        decisions = [a for a in legal if verb(a) not in FREE_VERBS]
        if not decisions:
            return self._optional(state, seat, legal) or legal[0]
        if any(verb(a) == "take" for a in decisions):
            return self._take_turn(state, seat, legal, decisions)
        if len(decisions) == 1:
            return decisions[0]
        if "pass" in decisions and "turn" in decisions:
            return "turn" if self._wants_turn(state, seat) else "pass"
        planned = self._planned(state, decisions)
        if planned is not None:
            return planned
        if not all(verb(a) in TURN_VERBS for a in decisions):
            return self._best(state, seat, decisions, finish=False)[0]
        action, plan = self._best(state, seat, self._prune(state, seat, decisions), finish=False)
        self._plan = (state.history_length() + 1, plan)
        return action

    def _take_turn(self, state: State[Any], seat: int, legal: list[Any], decisions: list[Any]) -> Any:
        """The active hunter's choice while a die is to be taken: a die (and the plan for it) or its own free action."""
        planned = self._planned(state, decisions)
        if planned is not None:
            return planned  # a die chosen together with the Modify just made
        kinds = _held(legal)
        if len(decisions) == 1 and not kinds:
            return decisions[0]
        action, plan = self._take_choice(state, seat, self._prune(state, seat, decisions), seat, kinds, legal)
        self._plan = (state.history_length() + 1, plan)
        return action

    # ---- choosing ----------------------------------------------------------------------------------------

    def _planned(self, state: State[Any], decisions: list[Any]) -> Any | None:
        """The next step of the turn planned earlier, if play has followed the plan so far."""
        start, plan = self._plan
        history = state.history()
        index = len(history) - start
        if not 0 <= index < len(plan) or history[start:] != plan[:index]:
            return None
        action = plan[index]
        return action if action in decisions else None

    def _best(self, state: State[Any], seat: int, candidates: list[Any], *, finish: bool) -> tuple[Any, list[Any]]:
        """The best candidate and (with `finish`) the greedy rest of the turn after it."""
        return self._pick(self._scored(state, seat, candidates, finish=finish))

    def _scored(
        self, state: State[Any], seat: int, candidates: list[Any], *, finish: bool
    ) -> list[tuple[float, Any, list[Any]]]:
        """(value, candidate, the greedy rest of the turn after it if `finish`) for every candidate, in order."""
        scored = []
        simultaneous = state.is_simultaneous_node()
        for action in candidates:
            child = state.clone()
            child.apply_action(action, seat if simultaneous else None)
            rest = self._finish_turn(child, seat) if finish and verb(action) != "end" else []
            scored.append((self._value(child), action, rest))
        return scored

    def _pick(self, scored: list[tuple[float, Any, list[Any]]]) -> tuple[Any, list[Any]]:
        """The best-valued (action, rest); ties broken by the seeded generator."""
        best: list[tuple[Any, list[Any]]] = []
        best_value = -float("inf")
        for value, action, rest in scored:
            if value > best_value + TIE:
                best, best_value = [(action, rest)], value
            elif value > best_value - TIE:
                best.append((action, rest))
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _finish_turn(self, state: State[Any], seat: int) -> list[Any]:
        """Write the die taken and use its main action on `state`, greedily (one step of lookahead per step).

        Returns the steps taken. Moves, unlocked extra actions and the end of the turn are left to the decisions
        that follow (each one step of lookahead), which keeps a die choice to a few dozen positions.
        """
        taken: list[Any] = []
        for _ in range(12):
            current = state.current_player()
            if current < 0 and not (current == SIMULTANEOUS and state.waiting_for() == [seat]):
                break
            if current >= 0 and current != seat:
                break
            legal = [a for a in _legal(state, seat) if verb(a) not in FREE_VERBS]
            if not legal or not all(verb(a) in TURN_VERBS for a in legal):
                break
            decisions = [a for a in legal if a.split()[0] not in SKIPPED_IN_FINISH]
            if not decisions:
                break
            if len(decisions) == 1:
                action = decisions[0]
            else:
                action = self._best(state, seat, self._prune(state, seat, decisions), finish=False)[0]
            state.apply_action(action, seat if current == SIMULTANEOUS else None)
            taken.append(action)
        return taken

    def _prune(self, state: State[Any], seat: int, decisions: list[Any]) -> list[Any]:
        """Cut trap placements to the strongest few and powers to a seeded sample; keep everything else.

        Every candidate costs a clone and an apply, and applying at a simultaneous node recomputes the legal
        actions, which is dear where traps or a power can be placed in hundreds of ways.
        """
        traps = [a for a in decisions if verb(a) == "trap"]
        powers = [a for a in decisions if verb(a) == "power"]
        rest = [a for a in decisions if verb(a) not in ("trap", "power")]
        if len(traps) > TRAP_CANDIDATES:
            view = _view(state)
            target = _next_arrival(view)
            wolves = view["wolves"]

            def strength(action: str) -> float:
                total = 0.0
                for word in action.split():
                    if "=" not in word:
                        continue
                    location, _, side = word.partition("=")
                    value = int(side.rpartition(":")[2])
                    weight = 1.0 if location == target else (0.5 if location not in wolves else 0.25)
                    total += value * weight
                return total

            traps = sorted(traps, key=strength, reverse=True)[:TRAP_CANDIDATES]
        if len(powers) > POWER_CANDIDATES:
            powers = self.rng.sample(powers, POWER_CANDIDATES)
        moves = [a for a in rest if verb(a) == "move"]
        if len(moves) > MOVE_CANDIDATES:
            view = _view(state)
            beside = _beside(_content(state))
            wolves = view["wolves"]
            leader = view["leader"]

            def reach(action: str) -> float:
                space = action.split()[1]
                near = [loc for loc in beside[space] if loc in wolves]
                return len(near) + sum(2.0 for loc in near if wolves[loc]["id"] == leader)

            keep = set(sorted(moves, key=reach, reverse=True)[:MOVE_CANDIDATES])
            rest = [a for a in rest if verb(a) != "move" or a in keep]
        return rest + traps + powers

    def _wants_turn(self, state: State[Any], seat: int) -> bool:
        """Take another turn (a new wolf comes with it) or pass for the rest of the round."""
        view = _view(state)
        content = _content(state)
        if view["round"] > len(content.components.rounds) - 2:
            return True  # the endgame: the Pack Leader must die this round or the next
        wolves = view["wolves"]
        threat = sum(content.wolf(w["id"]).damage for w in wolves.values() if not w["outwit"]) + 2
        hearts = min(h["hearts"] for h in view["hunters"])
        if len(wolves) >= len(LOCATIONS) - 1:
            return False
        return hearts > threat // 2 + 1 and len(wolves) <= MAX_WOLVES

    def _optional(self, state: State[Any], seat: int, legal: list[Any]) -> Any | None:
        """A free action worth using now for the active hunter's turn, or None."""
        view = _view(state)
        if view["phase"] != "players" or view["step"] != "action":
            return None
        active = state.waiting_for()[0]
        if "assist" in legal and view["turn"]["die"] is not None:
            return self._assist(state, seat, active)
        if view["turn"]["die"] is not None:
            return None  # the pool matters again only at the next take, which is considered then
        # Lend only the kinds the active hunter lacks: it spends its own first, for its own die.
        lacking = {kind for kind in _held(legal) if not view["hunters"][active]["free"][kind]}
        if not lacking:
            return None
        decisions = [a for a in state.legal_actions(active) if verb(a) not in FREE_VERBS]
        takes = [a for a in decisions if verb(a) == "take"]
        # A cheap test before the dear lookahead: some Modify must make a die earn a main action, or no die earns
        # one at all (then a Reroll may).
        rows = [(_die(take)[1], _rows_for(view, _content(state), active, _die(take)[0])) for take in takes]
        hopeful = set()
        if any(any(_newly(grants, value, wrap_die(value, d)) for d in (1, -1)) for value, grants in rows):
            hopeful.add("modify")
        if not any(any(grants(value)) for value, grants in rows):
            hopeful.add("reroll")
        if not lacking & hopeful:
            return None
        pruned = self._prune(state, active, decisions)
        action, _ = self._take_choice(state, active, pruned, seat, lacking & hopeful, legal)
        return action if verb(action) in FREE_VERBS else None

    # ---- free actions ------------------------------------------------------------------------------------

    def _take_choice(
        self, state: State[Any], seat: int, candidates: list[Any], actor: int, kinds: set[str], legal: list[Any]
    ) -> tuple[Any, list[Any]]:
        """The best of taking each die (written and used greedily) and of `actor`'s Modify or Reroll of `kinds` first.

        A free action counts only when it beats every plain take: its value already pays for the free action it
        uses up (the evaluation values a free action held).
        """
        scored = self._scored(state, seat, candidates, finish=True)
        if not kinds or not scored:
            return self._pick(scored)
        top = max(value for value, _, _ in scored)
        takes = [(value, action, rest) for value, action, rest in scored if verb(action) == "take"]
        extra: list[tuple[float, Any, list[Any]]] = []
        if "modify" in kinds:
            extra += self._modify_options(state, seat, takes, actor)
        best_rest = next(rest for value, _, rest in scored if value > top - TIE)
        if "reroll" in kinds and not any(verb(a) in MAIN_VERBS for a in best_rest):
            extra += self._reroll_options(state, seat, takes, actor, legal)  # only when no die earns a main action
        better = [option for option in extra if option[0] > top + TIE]
        return self._pick(better) if better else self._pick(scored)

    def _modify_options(
        self, state: State[Any], seat: int, takes: list[tuple[float, Any, list[Any]]], actor: int
    ) -> list[tuple[float, Any, list[Any]]]:
        """(value, modify, [take, rest...]) for each Modify by `actor` that makes a die earn a main action it did not.

        Other modifications change only the number written (a pip of the row's last number), never worth a free
        action, so they are not looked at.
        """
        view = _view(state)
        options: list[tuple[float, Any, list[Any]]] = []
        for _, take, _ in takes:
            colour, value = _die(take)
            rows = _rows_for(view, _content(state), seat, colour)
            for way, delta in (("up", 1), ("down", -1)):
                turned = wrap_die(value, delta)
                if not _newly(rows, value, turned):
                    continue
                modify = f"modify {colour}{value} {way}"
                child = state.clone()
                child.apply_action(modify, actor)
                [(after, retake, rest)] = self._scored(child, seat, [f"take {colour}{turned}"], finish=True)
                options.append((after, modify, [retake, *rest]))
        return options

    def _reroll_options(
        self,
        state: State[Any],
        seat: int,
        takes: list[tuple[float, Any, list[Any]]],
        actor: int,
        legal: list[Any],
    ) -> list[tuple[float, Any, list[Any]]]:
        """(expected value, reroll, []) for rerolling one die, every die but the best, or all, by `actor`.

        Taking a die at a value is worth the same for every value that earns the same main actions, less the
        pips written, so one lookahead per class of values gives a die's whole table. The dice are independent, so
        the expected best take after a reroll is exact.
        """
        if not takes:
            return []
        w = self.weights
        current = {_die(take)[0]: value for value, take, _ in takes}
        tables = {
            colour: self._die_table(state, seat, take, value, actor)
            for value, take, _ in takes
            for colour in [_die(take)[0]]
        }
        shown = {_die(take)[0]: _die(take)[1] for _, take, _ in takes}
        order = [c for c in DICE_COLOURS if c in current]
        leader = max(order, key=lambda c: current[c])
        # Rerolling more dice never lowers the best take (the best kept die stays), so beyond single dice only
        # "every die but the best" and "every die" can be the best sets.
        choices = [[c] for c in order] + [[c for c in order if c != leader], order]
        options: list[tuple[float, Any, list[Any]]] = []
        for chosen in choices:
            if not chosen:
                continue
            kept = max((current[c] for c in order if c not in chosen), default=-float("inf"))
            expected = _expected_max(kept, [tables[c] for c in chosen])
            action = "reroll " + " ".join(f"{c}{shown[c]}" for c in chosen)
            if action in legal:
                options.append((expected - w.free - REROLL_SPREAD * (len(chosen) - 1), action, []))
        return options

    def _die_table(self, state: State[Any], seat: int, take: Any, value: float, actor: int) -> list[float]:
        """What taking this die is worth at each face 1-6 (no free action spent), from one lookahead per class."""
        w = self.weights
        colour, shown = _die(take)
        rows = _rows_for(_view(state), _content(state), seat, colour)
        known: dict[tuple[bool, ...], tuple[int, float]] = {rows(shown): (shown, value)}
        table = []
        for face in DIE_FACES:
            key = rows(face)
            if key not in known:
                child = state.clone()
                child.apply_action(f"reroll {colour}{shown}", actor)
                child.apply_action(f"roll {face}")
                [(after, _, _)] = self._scored(child, seat, [f"take {colour}{face}"], finish=True)
                known[key] = (face, after + w.free)  # the lookahead spent the reroll: count it back
            base_face, base = known[key]
            table.append(base - w.last_number * (face - base_face))  # only the number written differs
        return table

    def _assist(self, state: State[Any], seat: int, active: int) -> Any | None:
        """Assist when the +1 makes the active hunter's best attack worth more than the assist kept.

        Only the attacks are compared (the other steps lose nothing but the assist): the active hunter's own
        lookahead then sees the raised attack and takes it.
        """
        decisions = [a for a in state.legal_actions(active) if verb(a) not in FREE_VERBS]
        attacks = [a for a in self._prune(state, active, decisions) if _attack_verb(a)]
        if not attacks or not all(verb(a) in TURN_VERBS for a in decisions):
            return None
        without = max(value for value, _, _ in self._scored(state, active, attacks, finish=False))
        child = state.clone()
        child.apply_action("assist", seat)
        helped = [a for a in child.legal_actions(active) if verb(a) not in FREE_VERBS]
        raised = [a for a in self._prune(child, active, helped) if _attack_verb(a)]
        with_assist = max(value for value, _, _ in self._scored(child, active, raised, finish=False))
        return "assist" if with_assist > without + TIE else None

    # ---- evaluation --------------------------------------------------------------------------------------

    def _value(self, state: State[Any]) -> float:
        if state.is_terminal():
            return WIN if state.returns()[0] > 0 else -WIN
        return evaluate(_view(state), _content(state), self.weights)


def _held(legal: list[Any]) -> set[str]:
    """The kinds of die-changing free action (modify, reroll) among a seat's legal actions."""
    return {verb(a) for a in legal if verb(a) in ("modify", "reroll")}


def _die(take: str) -> tuple[str, int]:
    """(colour, value) of the die a `take` action names."""
    name = take.split()[1]
    return name[:-1], int(name[-1])


def _attack_verb(action: str) -> bool:
    """Whether an action of the active hunter is an attack an Assist raises (knife, rifle, trap, or a power)."""
    words = action.split()
    kind = words[1] if words[0] == "extra" and len(words) > 1 else words[0]
    return kind in ("knife", "rifle", "trap", "power")


def _rows_for(
    view: Mapping[str, Any], content: HuntContent, seat: int, colour: str
) -> Callable[[int], tuple[bool, ...]]:
    """A function: die value -> for each row a die of `colour` can be written in, whether it earns the main action."""
    hunter = view["hunters"][seat]
    rows = [
        (hunter["rows"][row.id], hunter["resets"][row.id])
        for row in content.sheet.rows
        if (colour == WILD or row.colour == colour) and len(hunter["rows"][row.id]) < len(row.boxes)
    ]

    def grants(value: int) -> tuple[bool, ...]:
        return tuple(box_grants_main(numbers, resets, value) for numbers, resets in rows)

    return grants


def _newly(grants: Callable[[int], tuple[bool, ...]], value: int, turned: int) -> bool:
    """Whether a die turned from `value` to `turned` earns the main action of some row that `value` does not."""
    return any(now and not before for now, before in zip(grants(turned), grants(value), strict=True))


def _expected_max(kept: float, tables: list[list[float]]) -> float:
    """The expected best of a known value and independent dice, each worth `table[face - 1]` with chance 1/6."""
    points = sorted({v for table in tables for v in table} | ({kept} if kept > -float("inf") else set()))
    expected, below = 0.0, 0.0
    for point in points:
        if point < kept:
            continue
        at_most = 1.0
        for table in tables:
            at_most *= sum(1 for v in table if v <= point) / len(table)
        expected += point * (at_most - below)
        below = at_most
    return expected


def _legal(state: State[Any], seat: int) -> list[Any]:
    """The legal actions of `seat`, which is the seat to act or one of those a simultaneous node lets act."""
    return state.legal_actions(seat if state.is_simultaneous_node() else None)


def _content(state: State[Any]) -> HuntContent:
    content = getattr(state.game, "content", None)
    assert isinstance(content, HuntContent)
    return content


def _next_arrival(obs: Mapping[str, Any]) -> str | None:
    """Where the next wolf will arrive: the first vacant location clockwise from the back showing on its deck."""
    deck = obs["decks"].get("night" if obs["round"] > 2 else "day") or {}
    top = deck.get("top")
    if top is None:
        return None
    start = LOCATIONS.index(top)
    for steps in range(len(LOCATIONS)):
        location = LOCATIONS[(start + steps) % len(LOCATIONS)]
        if location not in obs["wolves"]:
            return location
    return None


_CARDS: dict[int, tuple[HuntContent, dict[str, tuple[int, int]]]] = {}


def _card_table(content: HuntContent) -> dict[str, tuple[int, int]]:
    """Wolf id -> (health, damage), per content pack (keyed by identity: hashing a pack is slow)."""
    entry = _CARDS.get(id(content))
    if entry is None or entry[0] is not content:
        table = {w.id: (w.health, w.damage) for kind in ("day", "night", "leader") for w in content.deck(kind)}
        entry = _CARDS[id(content)] = (content, table)
    return entry[1]


def _view(state: State[Any]) -> Mapping[str, Any]:
    """The observation's fields the evaluation reads.

    For a HuntState they are read straight off its public fields, without the copy `observation()` makes (the
    evaluation only reads them, and copying dominated the bot's time); any other state gives its observation.
    """
    if not isinstance(state, HuntState):
        return state.observation()
    return {
        "wolves": state.wolves,
        "hunters": state.hunters,
        "leader": state.leader,
        "elders": state.elders,
        "dogs": state.dogs,
        "traps": state.traps,
        "turn": state.turn,
        "round": state.round,
        "decks": state.decks,
        "phase": state.phase,
        "step": state.step,
        "stats": [{s: state.stat(seat, s) for s in STATS} for seat in range(state.players)],
    }


def evaluate(obs: Mapping[str, Any], content: HuntContent, weights: Weights | None = None) -> float:
    """How good the observed (unfinished) position is for the hunters: higher is better."""
    w = weights or Weights()
    cards = _card_table(content)
    value: float = 0.0
    leader = obs["leader"]
    for wolf in obs["wolves"].values():
        health, damage = cards[wolf["id"]]
        left = max(health - wolf["damage"], 0)
        if wolf["id"] == leader:
            value += w.leader_damage * wolf["damage"]
            continue
        value -= w.wolf + w.wolf_damage * damage * (0.5 if wolf["outwit"] else 1.0) + w.wolf_health * left
    for hunter in obs["hunters"]:
        value += _hearts_value(hunter["hearts"], w)
        value += w.main * sum(hunter["mains"].values()) + w.free * sum(hunter["free"].values())
        for numbers in hunter["rows"].values():
            value += w.box * len(numbers)
            if numbers:
                value -= w.last_number * numbers[-1]
    for stats in obs["stats"]:
        value += w.stat * sum(stats.values())
    elders = obs["elders"]
    value += _elders_value(elders, w)
    for damage in obs["dogs"].values():
        if damage is not None:
            value += w.dog - w.dog_damage * damage
    value += w.trap * sum(v for placed in obs["traps"].values() for _, v in placed)
    if obs["turn"]["main"] is not None:
        value += w.pending_main
    return value - w.threat * attack_cost(obs, content, w)


def _hearts_value(hearts: int, w: Weights) -> float:
    return w.heart * hearts - w.low_heart / max(hearts, 0.5)


def _elders_value(elders: int, w: Weights) -> float:
    return w.elder * elders + (w.last_elder if elders >= 1 else 0.0)


def attack_cost(obs: Mapping[str, Any], content: HuntContent, w: Weights) -> float:
    """What the wolves' next attacks would cost if each went, in turn from North, to its cheapest target."""
    cards = _card_table(content)
    hearts = [h["hearts"] for h in obs["hunters"]]
    spaces = [h["space"] for h in obs["hunters"]]
    dogs = dict(obs["dogs"])
    elders = obs["elders"]
    facing = _facing(content)
    beside = _beside(content)
    dog_health = content.components.dogs.health
    cost = 0.0
    for location in LOCATIONS:
        wolf = obs["wolves"].get(location)
        if wolf is None or wolf["outwit"]:
            continue
        damage = cards[wolf["id"]][1]
        best, choice = float("inf"), ("none", -1)
        for seat, space in enumerate(spaces):
            if location in beside.get(space, ()):
                after = hearts[seat] - damage
                loss = _hearts_value(hearts[seat], w) - (_hearts_value(after, w) if after > 0 else -WIN / 100)
                if loss < best:
                    best, choice = loss, ("hunter", seat)
        dog = facing.get(location)
        if dog is not None and dogs.get(dog) is not None:
            hurt = dogs[dog] + damage
            loss = w.dog_damage * damage if hurt < dog_health else w.dog - w.dog_damage * dogs[dog]
            if loss < best:
                best, choice = loss, ("dog", 0)
        if elders:
            loss = _elders_value(elders, w) - (_elders_value(elders - 1, w) if elders > 1 else -WIN / 100)
            if loss < best:
                best, choice = loss, ("elder", 0)
        if choice[0] == "hunter":
            hearts[choice[1]] -= damage
        elif choice[0] == "dog" and dog is not None:
            dogs[dog] = None if (dogs[dog] or 0) + damage >= dog_health else (dogs[dog] or 0) + damage
        elif choice[0] == "elder":
            elders -= 1
        if best != float("inf"):
            cost += best * (w.leader_attacks if wolf["id"] == obs["leader"] else 1.0)
    return cost


_GEOMETRY: dict[int, tuple[HuntContent, dict[str, str], dict[str, tuple[str, ...]]]] = {}


def _geometry(content: HuntContent) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    entry = _GEOMETRY.get(id(content))
    if entry is None or entry[0] is not content:
        facing: dict[str, str] = {loc: dog.id for dog in content.map.dog_spaces for loc in dog.locations}
        beside: dict[str, tuple[str, ...]] = {space.id: tuple(space.between) for space in content.map.spaces}
        entry = _GEOMETRY[id(content)] = (content, facing, beside)
    return entry[1], entry[2]


def _facing(content: HuntContent) -> dict[str, str]:
    return _geometry(content)[0]


def _beside(content: HuntContent) -> dict[str, tuple[str, ...]]:
    return _geometry(content)[1]
