"""The Wolves on the Hunt state: the board, the sheets, the decks, and the step machine of a round.

The main flow is `phase` (setup, players, wolves, over) and, in the player phase, `step` (choose: pass or take a
turn; action: the active hunter's turn). Everything that interrupts it sits on `tasks`, a stack whose top is done
first: chance events (a die roll, a card's face, the back of a deck's new top card, a howled wolf), choices one seat
must make (whom a wolf attacks, a kill bonus) and automatic steps (a new wolf, an arrival, a wolf's attack). Every
field is public (see docs/games/wolves-on-the-hunt.md: deck order is never stored, so there is nothing to hide).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from typing import TYPE_CHECKING, Any, Final

from wolfpack.engine.constants import CHANCE, SIMULTANEOUS, TERMINAL
from wolfpack.engine.errors import InvalidActionError
from wolfpack.engine.game import State
from wolfpack.games.hunt import rules
from wolfpack.games.hunt.actions import parse
from wolfpack.games.hunt.content import LOCATIONS, HuntContent, Location, Wolf
from wolfpack.games.hunt.rules import DICE_COLOURS, WILD

if TYPE_CHECKING:
    from wolfpack.games.hunt.game import HuntGame

CHANCE_TASKS: Final = frozenset({"character", "leader", "roll", "face", "back", "howl"})
CHOICE_TASKS: Final = frozenset({"target", "bonus"})
STATS: Final = ("knife", "rifle", "traps")
POOL: Final = "pool"
FIELDS: Final = (
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
)
"""The fields of a position, in the order the JSON position lists them."""


def sheet_of(seat: int) -> str:
    """Where a die taken by hunter `seat` lies until the end of the round: on one of that sheet's printed dice."""
    return f"hunter{seat}"


def fresh_turn() -> dict[str, Any]:
    """The record of a turn that has just begun: no die, no move, nothing written, no main action, no assists."""
    return {"die": None, "moved": False, "written": False, "main": None, "assists": 0}


class HuntState(State[str]):
    """A Wolves on the Hunt position; every field is public and JSON-ready (see FIELDS)."""

    __slots__ = ("_tracks", "content", "players", *FIELDS)

    game: HuntGame

    def __init__(self, game: HuntGame, *, empty: bool = False) -> None:
        super().__init__(game)
        self.content: HuntContent = game.content
        self.players: int = game.options.players
        self._tracks = _track_values(self.content)
        """Each stat's track values (looked up once per state: bots read every stat at every position)."""
        if empty:
            return
        content = self.content
        self.round = 1
        self.phase = "setup"
        self.step = ""
        self.cross = 0
        self.active = 0
        self.turns = [0] * self.players
        self.passed = [False] * self.players
        self.turn: dict[str, Any] = fresh_turn()
        self.dice: dict[str, list[Any]] = {colour: [0, POOL] for colour in DICE_COLOURS}
        """colour -> [value (0 before the first roll), where: pool, hunter<seat> (on that sheet), or a wolf's id]."""
        self.wolves: dict[str, dict[str, Any]] = {}
        """location -> {"id", "damage", "outwit"}."""
        self.traps: dict[str, list[list[Any]]] = {}
        """location -> [[token, value], ...] waiting for the next wolf to arrive there."""
        self.dogs: dict[str, int | None] = {dog.id: 0 for dog in content.map.dog_spaces}
        """dog space -> the damage on its dog, or None when no dog stands there."""
        self.dog_supply = content.components.dogs.total - content.components.dogs.on_map
        self.elders = content.elders(game.options.difficulty)
        free = content.starting_free_actions(game.options.difficulty)
        self.hunters: list[dict[str, Any]] = [
            {
                "character": None,
                "space": None,
                "hearts": content.sheet.hearts.start,
                "dashed": content.sheet.hearts.extra,
                "stats": dict.fromkeys(STATS, 1),
                "rows": {row.id: [] for row in content.sheet.rows},
                "resets": {row.id: [] for row in content.sheet.rows},
                "free": {kind: free.count(kind) for kind in ("assist", "modify", "reroll")},
                "mains": {},
            }
            for _ in range(self.players)
        ]
        self.leader: str | None = None
        self.decks: dict[str, dict[str, Any]] = {
            kind: {"cards": sorted(w.id for w in content.deck(kind)), "top": None} for kind in ("day", "night")
        }
        """deck -> {"cards": the ids still in it (order unknown to everyone), "top": the back showing, or None}."""
        self.discard: dict[str, list[str]] = {"day": [], "night": []}
        self.last_arrival: str | None = None
        """Where this turn's new wolf was placed (the Pack Leader follows it)."""
        self.tasks: list[list[Any]] = []
        self.result: str | None = None
        self.push(
            *(["character", seat] for seat in range(self.players)),
            ["leader"],
            *(["roll", colour] for colour in DICE_COLOURS),
            *(["newwolf"] for _ in range(3)),
        )

    # ---- engine hooks ------------------------------------------------------------------------------------

    def current_player(self) -> int:
        """CHANCE for a pending chance event, SIMULTANEOUS when others may use free actions, else the seat to act."""
        if self.result is not None:
            return TERMINAL
        if self.tasks and self.tasks[-1][0] in CHANCE_TASKS:
            return CHANCE
        owner = self.owner()
        if self._free_moment() and self._others_may_help(owner):
            return SIMULTANEOUS
        return owner

    def _waiting_for(self) -> list[int]:
        return [self.owner()]

    def _legal_actions(self, player: int) -> list[str]:
        options = self._free_options(player) if self._free_moment() else []
        if player == self.owner():
            options = options + self._decision_options()
        return sorted(set(options))

    def _chance_outcomes(self) -> Sequence[tuple[str, float]]:
        return tuple((outcome, float(p)) for outcome, p in chance_outcomes(self))

    def _apply_action(self, action: str) -> None:
        if self.tasks and self.tasks[-1][0] in CHANCE_TASKS:
            apply_chance(self, action)
        else:
            self._decide(action, self.owner())
        self._settle()

    def _apply_simultaneous_action(self, action: str, player: int) -> None:
        self._decide(action, player)
        self._settle()

    def _returns(self) -> list[float]:
        return [1.0 if self.result == "win" else 0.0] * self.players

    def _observation(self, player: int | None) -> dict[str, Any]:
        from wolfpack.games.hunt.notation import observe

        return observe(self)

    def _coerce_action(self, action: object) -> str:
        if isinstance(action, str):
            return parse(action, self.content)
        raise InvalidActionError(f"{action!r} is not a Wolves on the Hunt action (actions are notation text)")

    def _action_to_string(self, action: str) -> str:
        return action

    def _describe(self, action: str, actor: int, viewer: int | None) -> str:
        from wolfpack.games.hunt.words import describe

        return describe(self, action, actor)

    def _story_facts(self) -> Any:
        from wolfpack.games.hunt.words import story_facts

        return story_facts(self)

    def _story(self, before: Any) -> str:
        from wolfpack.games.hunt.words import story

        return story(self, before)

    def _parse_action(self, text: str) -> str:
        return parse(text, self.content)

    def _why_illegal(self, action: str, player: int) -> tuple[str, str]:
        from wolfpack.games.hunt.explain import why_illegal

        return why_illegal(self, action, player)

    def _copy(self) -> HuntState:
        # Explicit structured copies (every field is scalars, lists and dicts of known shape): far faster than
        # copy.deepcopy, which clone-based lookahead calls thousands of times a game.
        other = HuntState(self.game, empty=True)
        other.round = self.round
        other.phase = self.phase
        other.step = self.step
        other.cross = self.cross
        other.active = self.active
        other.turns = list(self.turns)
        other.passed = list(self.passed)
        other.turn = dict(self.turn)
        other.dice = {colour: list(die) for colour, die in self.dice.items()}
        other.wolves = {loc: dict(wolf) for loc, wolf in self.wolves.items()}
        other.traps = {loc: [list(trap) for trap in placed] for loc, placed in self.traps.items()}
        other.dogs = dict(self.dogs)
        other.dog_supply = self.dog_supply
        other.elders = self.elders
        other.hunters = [
            {
                **hunter,
                "stats": dict(hunter["stats"]),
                "rows": {row: list(numbers) for row, numbers in hunter["rows"].items()},
                "resets": {row: list(lines) for row, lines in hunter["resets"].items()},
                "free": dict(hunter["free"]),
                "mains": dict(hunter["mains"]),
            }
            for hunter in self.hunters
        ]
        other.leader = self.leader
        other.decks = {kind: {"cards": list(deck["cards"]), "top": deck["top"]} for kind, deck in self.decks.items()}
        other.discard = {kind: list(cards) for kind, cards in self.discard.items()}
        other.last_arrival = self.last_arrival
        other.tasks = [list(task) for task in self.tasks]
        other.result = self.result
        return other

    def _to_dict(self) -> dict[str, Any]:
        from wolfpack.games.hunt.notation import position_dict

        return {"position": position_dict(self)}

    # ---- queries -----------------------------------------------------------------------------------------

    def owner(self) -> int:
        """The seat whose decision play waits for: the chooser of a pending choice, else the active hunter."""
        if self.tasks:
            top = self.tasks[-1]
            if top[0] == "bonus":
                return int(top[1])
            if top[0] == "target":
                return self.cross
        return self.active

    def card(self, location: str) -> Wolf:
        """The card of the wolf at `location`."""
        return self.content.wolf(self.wolves[location]["id"])

    def ability(self, location: str) -> Any:
        """The ability of the wolf at `location` if it acts (no outwit token cancels it), else None."""
        wolf = self.wolves.get(location)
        if wolf is None or wolf["outwit"]:
            return None
        return self.content.wolf(wolf["id"]).ability

    def is_leader(self, location: str) -> bool:
        """Whether the Pack Leader stands at `location`."""
        wolf = self.wolves.get(location)
        return wolf is not None and wolf["id"] == self.leader

    def leader_location(self) -> str | None:
        """Where the Pack Leader stands, or None while it waits beside the board."""
        return next((loc for loc in self.wolves if self.is_leader(loc)), None)

    def round_kind(self) -> str:
        """day, night or endgame: the kind of the current round."""
        return self.content.components.rounds[self.round - 1].kind

    def deck_kind(self) -> str:
        """The deck this round's wolves come from."""
        return self.content.components.rounds[self.round - 1].deck

    def pool(self) -> list[str]:
        """The colours of the dice in the pool, in the standard order."""
        return [colour for colour in DICE_COLOURS if self.dice[colour][1] == POOL]

    def held(self, seat: int) -> list[str]:
        """The colours of the dice on hunter `seat`'s sheet this round, in the standard order."""
        place = sheet_of(seat)
        return [colour for colour in DICE_COLOURS if self.dice[colour][1] == place]

    def sheet_full(self, seat: int) -> bool:
        """Whether every printed die of the hunter's sheet holds a die, so no more can be taken this round."""
        return len(self.held(seat)) >= self.content.sheet.dice_spaces.count

    def stat(self, seat: int, stat: str) -> int:
        """The current value of a hunter's stat (read off its track)."""
        step: int = self.hunters[seat]["stats"][stat]
        values = self._tracks[stat]
        if 1 <= step <= len(values):
            return values[step - 1]
        return self.content.stat_value(stat, step)  # type: ignore[arg-type]  # raises: no such step

    def hunters_beside(self, location: str) -> list[int]:
        """The seats of the hunters on the two player spaces beside `location`."""
        spaces = self.content.spaces_adjacent_to(location)  # type: ignore[arg-type]
        return [seat for seat, h in enumerate(self.hunters) if h["space"] in spaces]

    def dog_facing(self, location: str) -> str | None:
        """The dog space facing `location`, if a dog stands on it."""
        for dog in self.content.map.dog_spaces:
            if location in dog.locations and self.dogs[dog.id] is not None:
                return dog.id
        return None

    def adjacent_wolves(self, seat: int) -> list[str]:
        """The locations with a wolf beside hunter `seat`, clockwise from North."""
        space = self.hunters[seat]["space"]
        beside = rules.adjacent_locations(self.content, space)
        return [loc for loc in LOCATIONS if loc in beside and loc in self.wolves]

    def aggression(self) -> int:
        """Extra damage every wolf deals: one per Aggression wolf in play that is not outwitted."""
        acting = sum(1 for loc in self.wolves if (a := self.ability(loc)) is not None and a.kind == "aggression")
        return acting * rules.AGGRESSION_BONUS

    def pinning(self) -> list[Location]:
        """Locations of wolves whose Pinned ability acts."""
        return [loc for loc in LOCATIONS if (a := self.ability(loc)) is not None and a.kind == "pinned"]

    def immune(self, location: str, stat: str) -> bool:
        """Whether the wolf at `location` ignores attacks of `stat` (knife, rifle or traps)."""
        ability = self.ability(location)
        return ability is not None and ability.kind == "immune" and ability.immune_to == stat

    def space_bonus(self, seat: int, row: str) -> int:
        """The bonus the hunter's space gives to a `row` attack (knife, rifle, trap)."""
        bonus = self.content.space(self.hunters[seat]["space"]).bonus
        return bonus.amount if bonus is not None and bonus.action == row else 0

    def writable_rows(self, seat: int, colour: str) -> list[str]:
        """The rows a die of `colour` can be written in (white is wild) that still have a free box."""
        rows = self.content.sheet.rows
        hunter = self.hunters[seat]
        return [
            row.id
            for row in rows
            if (colour == WILD or row.colour == colour) and len(hunter["rows"][row.id]) < len(row.boxes)
        ]

    # ---- choices -----------------------------------------------------------------------------------------

    def _free_moment(self) -> bool:
        """Whether free actions may be used now: between the steps of the player phase, no choice pending."""
        return self.phase == "players" and not self.tasks and self.result is None

    def _free_options(self, seat: int) -> list[str]:
        """The free actions `seat` can use now: Assist on the active hunter's coming attack, Modify, Reroll."""
        free = self.hunters[seat]["free"]
        options = []
        helps = seat != self.active or self.players == 1  # only a solo hunter assists himself
        if free["assist"] and helps and self.step == "action" and self._attack_ahead():
            options.append("assist")
        pool = self.pool()
        if not pool:
            return options
        dice = tuple(f"{c}{self.dice[c][0]}" for c in pool)
        if free["modify"]:
            options += _modify_options(dice)
        if free["reroll"]:
            options += _reroll_options(dice)
        return options

    def _others_may_help(self, owner: int) -> bool:
        """Whether a seat other than `owner` has a free action now: any `self._free_options(seat)`, unlisted.

        `current_player` asks this at every free moment, so the cheap tests (a Modify or Reroll on a die in the pool)
        go first, and the dear one (is an attack ahead, for an Assist) last and once.
        """
        others = [(seat, self.hunters[seat]["free"]) for seat in range(self.players) if seat != owner]
        if any(free["modify"] or free["reroll"] for _, free in others) and any(
            die[1] == POOL for die in self.dice.values()
        ):
            return True
        if self.step != "action":
            return False
        solo = self.players == 1  # only a solo hunter assists himself
        helpers = any(free["assist"] and (seat != self.active or solo) for seat, free in others)
        return helpers and self._attack_ahead()

    def _attack_ahead(self) -> bool:
        """Whether the active hunter can take a knife, rifle or trap action now (one that an Assist raises)."""
        kinds = {kind for kind, count in self.hunters[self.active]["mains"].items() if count}
        if self.turn["main"] is not None:
            kinds.add(self.turn["main"])
        attacks = set(rules.ATTACK_ROWS)
        if self.power(self.active).kind in ("long_shot", "charge"):
            attacks.add("power")  # these powers are rifle and knife attacks "in every other way"
        return any(main_forms(self, self.active, kind) for kind in kinds & attacks)

    def power(self, seat: int) -> Any:
        """The player power on the B side of the hunter's character card."""
        return self.content.character(self.hunters[seat]["character"]).b_side

    def _decision_options(self) -> list[str]:
        """The options of the owner's pending decision."""
        if self.tasks:
            return self.choice_options(self.tasks[-1])
        if self.phase != "players":
            return []
        if self.step == "choose":
            return ["pass", "turn"]
        return action_options(self)

    def choice_options(self, task: list[Any]) -> list[str]:
        """The options of a pending choice task."""
        kind = task[0]
        if kind == "target":
            return self.targets(task[1])
        if kind == "bonus":
            seat, what = int(task[1]), task[2]
            hunter = self.hunters[seat]
            if what == "enhance":
                return [f"bonus {s}" for s in STATS if hunter["stats"][s] < len(self.content.track(s).values)]
            if what == "heal_dog":
                return [f"bonus {d}" for d, dmg in self.dogs.items() if dmg]
            return [
                f"reset {row}"
                for row, numbers in hunter["rows"].items()
                if numbers and len(numbers) not in hunter["resets"][row]
            ]
        return []

    def targets(self, location: str) -> list[str]:
        """Whom the wolf at `location` may attack: a hunter beside it, the dog facing it, or an elder."""
        if location not in self.wolves or self.wolves[location]["outwit"]:
            return []
        options = [f"target hunter{seat}" for seat in self.hunters_beside(location)]
        dog = self.dog_facing(location)
        if dog is not None:
            options.append(f"target dog {dog}")
        if self.elders:
            options.append("target elder")
        return options

    def _decide(self, action: str, seat: int) -> None:
        """Carry out a (legal) decision of `seat`."""
        words = action.split()
        verb = words[0]
        if verb in ("modify", "reroll", "assist"):
            self._free_action(seat, words)
            return
        if self.tasks:
            task = self.tasks.pop()
            if task[0] == "target":
                self._wolf_attacks(task[1], words[1:])
            else:
                self._choose_bonus(int(task[1]), words)
            return
        if verb == "pass":
            self._pass(seat)
        elif verb == "turn":
            self._start_turn()
        else:
            do_turn_action(self, seat, action)

    def _free_action(self, seat: int, words: list[str]) -> None:
        """Modify one die of the pool, or reroll some of its dice (each use crosses the free action out)."""
        free = self.hunters[seat]["free"]
        if words[0] == "assist":
            free["assist"] -= 1
            self.turn["assists"] += 1  # raises the active hunter's next knife, rifle or trap action this turn
        elif words[0] == "modify":
            colour = words[1][:-1]
            self.dice[colour][0] = rules.wrap_die(self.dice[colour][0], 1 if words[2] == "up" else -1)
            free["modify"] -= 1
        else:
            free["reroll"] -= 1
            self.push(*(["roll", die[:-1]] for die in words[1:]))

    def _choose_bonus(self, seat: int, words: list[str]) -> None:
        """Apply a kill bonus that needed a choice: a stat step, a dog healed, a reset line."""
        if words[0] == "reset":
            self.hunters[seat]["resets"][words[1]].append(len(self.hunters[seat]["rows"][words[1]]))
        elif words[1] in STATS:
            self.step_up(seat, words[1])
        else:
            self.dogs[words[1]] = 0

    # ---- effects -----------------------------------------------------------------------------------------

    def push(self, *tasks: list[Any]) -> None:
        """Put tasks on the stack so that the first given is done first."""
        self.tasks.extend(reversed(tasks))

    def finish(self, result: str) -> None:
        """The game is over: won or lost, nothing pending."""
        if self.result is None:
            self.result = result
            self.phase = "over"
            self.tasks = []

    def step_up(self, seat: int, stat: str) -> None:
        """One step right on a stat track (no further than its last step)."""
        stats = self.hunters[seat]["stats"]
        stats[stat] = min(stats[stat] + 1, len(self.content.track(stat).values))  # type: ignore[arg-type]

    def heal(self, seat: int, amount: int) -> None:
        """Outline up to `amount` dashed hearts of a hunter."""
        hunter = self.hunters[seat]
        gained = min(amount, hunter["dashed"])
        hunter["hearts"] += gained
        hunter["dashed"] -= gained

    def hurt_hunter(self, seat: int, amount: int) -> None:
        """Cross out hearts; the last one lost loses the game for everyone."""
        hunter = self.hunters[seat]
        hunter["hearts"] = max(0, hunter["hearts"] - amount)
        if hunter["hearts"] == 0:
            self.finish("loss")

    def hurt_everyone(self, amount: int) -> None:
        """Damage every hunter (a wolf or the Pack Leader that cannot arrive)."""
        for seat in range(self.players):
            self.hurt_hunter(seat, amount)

    def hurt_dog(self, dog: str, amount: int) -> None:
        """Damage a dog; it dies at its health (damage beyond that is ignored)."""
        damage = (self.dogs[dog] or 0) + amount
        self.dogs[dog] = None if damage >= self.content.components.dogs.health else damage

    def hurt_wolf(self, location: str, amount: int, kind: str, killer: int | None = None) -> bool:
        """Damage the wolf at `location` by an attack of `kind`; True if it dies. Outwits double, immunity ignores."""
        wolf = self.wolves[location]
        if kind in STATS and self.immune(location, kind):
            return False
        if wolf["outwit"]:
            amount *= 2
        wolf["damage"] += amount
        card = self.content.wolf(wolf["id"])
        if wolf["damage"] < card.health:
            return False
        self._kill(location)
        # Once the Pack Leader is dead the game is won: a bonus would only leave a choice nobody can make.
        if killer is not None and kind in ("knife", "rifle", "power") and self.result is None:
            self._kill_bonus(killer, card)
        return True

    def _kill(self, location: str) -> None:
        """Remove a dead wolf: its captured die goes back to the pool, its card to its deck's discard pile."""
        wolf = self.wolves.pop(location)
        self.release_die(wolf["id"])
        if wolf["id"] == self.leader:
            self.finish("win")
            return
        self.discard[self.game.deck_of[wolf["id"]]].append(wolf["id"])

    def release_die(self, wolf_id: str) -> None:
        """A die held by wolf `wolf_id` returns to the pool."""
        for die in self.dice.values():
            if die[1] == wolf_id:
                die[1] = POOL

    def _kill_bonus(self, seat: int, card: Wolf) -> None:
        """The bonus printed on a wolf killed by knife, rifle or power."""
        bonus = card.bonus
        if bonus.kind == "enhance" and bonus.stat != "any":
            self.step_up(seat, str(bonus.stat))
        elif bonus.kind == "heal_player":
            self.heal(seat, rules.HEAL_PLAYER_HEARTS)
        else:
            what = {"enhance": "enhance", "heal_dog": "heal_dog", "reset_line": "reset"}[bonus.kind]
            self.push(["bonus", seat, what])

    def _wolf_attacks(self, location: str, target: list[str]) -> None:
        """The wolf at `location` deals its damage (plus aggression) to the chosen target."""
        card = self.card(location)
        damage = card.damage + self.aggression()
        if target[0] == "elder":
            self.elders -= 1
            if self.elders == 0:
                self.finish("loss")
        elif target[0] == "dog":
            self.hurt_dog(target[1], damage)
            self.hurt_wolf(location, self.content.components.dogs.strike_back, "dog")
        else:
            self.hurt_hunter(int(target[0][len("hunter") :]), damage)

    def _pass(self, seat: int) -> None:
        """The hunter drops out of the round's turns (free actions stay open to it)."""
        self.passed[seat] = True
        self.push(["next_turn"])

    def _start_turn(self) -> None:
        """Take a turn: a new wolf arrives (and, in the endgame, the Pack Leader comes or follows it)."""
        seat = self.active
        self.turns[seat] += 1
        self.turn = fresh_turn()
        self.step = "action"
        self.push(["newwolf"], *([["pack_leader"]] if self.round_kind() == "endgame" else []))

    # ---- the step machine --------------------------------------------------------------------------------

    def _settle(self) -> None:
        """Run automatic steps until a chance event or a decision with options is pending, or the game is over."""
        while self.result is None:
            if self.tasks:
                top = self.tasks[-1]
                if top[0] in CHANCE_TASKS:
                    return
                if top[0] in CHOICE_TASKS:
                    options = self.choice_options(top)
                    if len(options) > 1:
                        return
                    if options:
                        self._decide(options[0], self.owner())  # a choice of one is no choice
                    else:
                        self.tasks.pop()
                    continue
                run_task(self, self.tasks.pop())
                continue
            if self.phase == "setup":
                self.begin_round()
                continue
            if self.phase == "players" and self.step == "choose":
                if not self.pool():
                    self.end_player_phase()  # every die is taken: everyone still in must pass
                    continue
                if self.sheet_full(self.active):
                    self._pass(self.active)  # no printed die is free for another: passing is the only choice
                    continue
                if self.turns[self.active] == 0:
                    self._start_turn()
                    continue
            return

    def begin_round(self) -> None:
        """The player phase begins with the holder of the cross."""
        self.phase = "players"
        self.step = "choose"
        self.turns = [0] * self.players
        self.passed = [False] * self.players
        self.turn = fresh_turn()
        self.active = self.cross

    def next_turn(self) -> None:
        """The next hunter clockwise who has not passed takes the turn; when all have passed, the phase ends."""
        for offset in range(1, self.players + 1):
            seat = (self.active + offset) % self.players
            if not self.passed[seat]:
                self.active = seat
                self.step = "choose"
                self.turn = fresh_turn()
                return
        self.end_player_phase()

    def end_player_phase(self) -> None:
        """Everyone has passed: the wolves attack, then the round ends (round 6 ends the game at once)."""
        self.passed = [True] * self.players
        self.turn = fresh_turn()
        if self.round == len(self.content.components.rounds):
            self.finish("loss")  # the last round is over and the Pack Leader still lives
            return
        self.phase = "wolves"
        self.step = ""
        self.push(*(["attack", loc] for loc in LOCATIONS), ["end_abilities"], ["end_round"])


# ---- lookups remembered per content pack -------------------------------------------------------------------


def _track_values(content: HuntContent) -> dict[str, tuple[int, ...]]:
    """Each stat's track values, remembered per pack (bots read every hunter's stats at every position)."""
    memo = rules.pack_memo(content, "track_values")
    tracks: dict[str, tuple[int, ...]] | None = memo.get(None)
    if tracks is None:
        tracks = memo[None] = {stat: tuple(content.track(stat).values) for stat in STATS}
    return tracks


# ---- free actions ------------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _modify_options(dice: tuple[str, ...]) -> tuple[str, ...]:
    """Every Modify of the pool `dice` (each "colourvalue", in the standard order): one die one pip up or down."""
    return tuple(f"modify {die} {way}" for die in dice for way in ("up", "down"))


@lru_cache(maxsize=4096)
def _reroll_options(dice: tuple[str, ...]) -> tuple[str, ...]:
    """Every Reroll of the pool `dice`: any non-empty set of them (remembered: the pool changes seldom)."""
    return tuple(
        "reroll " + " ".join(chosen) for size in range(1, len(dice) + 1) for chosen in combinations(dice, size)
    )


# ---- chance ------------------------------------------------------------------------------------------------


def chance_outcomes(state: HuntState) -> list[tuple[str, Fraction]]:
    """The pending chance event's outcomes with their exact probabilities."""
    task = state.tasks[-1]
    kind = task[0]
    content = state.content
    if kind == "character":
        dealt = {h["character"] for h in state.hunters}
        left = [c.id for c in content.characters.characters if c.id not in dealt]
        return [(f"character {c}", Fraction(1, len(left))) for c in sorted(left)]
    if kind == "leader":
        leaders = sorted(w.id for w in content.wolves.pack_leaders)
        return [(f"leader {w}", Fraction(1, len(leaders))) for w in leaders]
    if kind == "roll":
        return [(f"roll {value}", Fraction(1, 6)) for value in range(1, 7)]
    deck = state.decks[task[1]]
    if kind == "face":
        return [(f"face {w}", p) for w, p in rules.face_weights(deck["cards"], deck["top"], content)]
    if kind == "back":
        return [(f"back {loc}", p) for loc, p in rules.back_weights(deck["cards"], content)]
    return [(f"howl {w}", p) for w, p in rules.howl_weights(deck["cards"], deck["top"], content)]


def apply_chance(state: HuntState, action: str) -> None:
    """Apply a chance outcome to the pending chance event."""
    task = state.tasks.pop()
    kind, value = task[0], action.split()[1]
    if kind == "character":
        hunter = state.hunters[task[1]]
        side = state.content.character(value).a_side
        hunter["character"] = value
        hunter["space"] = side.start
        hunter["stats"] = {"knife": side.knife, "rifle": side.rifle, "traps": side.traps}
    elif kind == "leader":
        state.leader = value
    elif kind == "roll":
        state.dice[task[1]][0] = int(value)
    elif kind == "face":
        _draw_face(state, task[1], value)
    elif kind == "back":
        state.decks[task[1]]["top"] = value
        location = rules.next_vacant(state.wolves, value)
        if location is not None:  # always: the draw began only with a location free
            _place(state, location, task[2])
            state.last_arrival = location
    else:
        deck = state.decks[task[1]]
        deck["cards"].remove(value)
        if not deck["cards"]:
            deck["top"] = None  # the howl took the last card, the one on top
        location = rules.next_vacant(state.wolves, task[2], include_start=False)
        if location is not None:
            _place(state, location, value)


def _draw_face(state: HuntState, kind: str, wolf_id: str) -> None:
    """The drawn card is turned up; the back of the deck's new top card says where it goes."""
    deck = state.decks[kind]
    deck["cards"].remove(wolf_id)
    deck["top"] = None
    if not deck["cards"]:
        _reshuffle(state, kind)
    if deck["cards"]:
        state.push(["back", kind, wolf_id])
    else:  # no card left anywhere to show a back (not with the default pack): the card's own back decides
        location = rules.next_vacant(state.wolves, state.content.wolf(wolf_id).back)
        if location is not None:
            _place(state, location, wolf_id)
            state.last_arrival = location


def _reshuffle(state: HuntState, kind: str) -> None:
    """An empty deck is rebuilt from that type's dead wolves."""
    deck = state.decks[kind]
    deck["cards"] = sorted(deck["cards"] + state.discard[kind])
    deck["top"] = None
    state.discard[kind] = []


def _place(state: HuntState, location: str, wolf_id: str) -> None:
    """A wolf enters play at `location`; its arrival (traps, abilities) follows."""
    state.wolves[location] = {"id": wolf_id, "damage": 0, "outwit": False}
    state.push(["arrive", location, True])


# ---- automatic steps ---------------------------------------------------------------------------------------


def run_task(state: HuntState, task: list[Any]) -> None:
    """Carry out one automatic step (it may push more tasks)."""
    kind = task[0]
    if kind == "newwolf":
        _new_wolf(state)
    elif kind == "arrive":
        _arrive(state, task[1], task[2])
    elif kind == "pack_leader":
        _leader_step(state)
    elif kind == "attack":
        if task[1] in state.wolves and not state.wolves[task[1]]["outwit"]:
            state.push(["target", task[1]])
    elif kind == "end_abilities":
        state.push(
            *(
                ["ability", loc, state.wolves[loc]["id"]]
                for loc in LOCATIONS
                if (a := state.ability(loc)) is not None and a.timing == "end_of_round"
            )
        )
    elif kind == "ability":
        if task[1] in state.wolves and state.wolves[task[1]]["id"] == task[2] and state.ability(task[1]) is not None:
            _use_ability(state, task[1])
    elif kind == "end_round":
        sheets = {sheet_of(seat) for seat in range(state.players)}
        for die in state.dice.values():
            if die[1] in sheets:
                die[1] = POOL  # the printed dice of every sheet are emptied for the new round
        state.push(*(["roll", colour] for colour in DICE_COLOURS), ["cleanup"])
    elif kind == "cleanup":
        _cleanup(state)
    elif kind == "next_turn":
        state.next_turn()
    else:
        raise AssertionError(f"unknown task {task!r}")


def _new_wolf(state: HuntState) -> None:
    """Draw the current deck's top card, or, with every location taken, 1 damage to every hunter instead."""
    kind = state.deck_kind()
    state.last_arrival = None
    if len(state.wolves) == len(LOCATIONS):
        state.hurt_everyone(1)
        return
    if not state.decks[kind]["cards"]:
        _reshuffle(state, kind)
    if state.decks[kind]["cards"]:
        state.push(["face", kind])


def _arrive(state: HuntState, location: str, with_ability: bool) -> None:
    """Every trap at the location goes off; a wolf that survives uses its on-arrival or ongoing ability."""
    spring_traps(state, location)
    if not with_ability or state.result is not None:
        return
    ability = state.ability(location)
    if ability is not None and ability.timing in ("arrival", "ongoing"):
        _use_ability(state, location)


def spring_traps(state: HuntState, location: str) -> None:
    """All traps at `location` hit the wolf there for their printed value and return to the supply."""
    for _token, value in state.traps.pop(location, []):
        if location in state.wolves and state.result is None:
            state.hurt_wolf(location, value, "traps")


def _use_ability(state: HuntState, location: str) -> None:
    """The wolf at `location` uses its ability now."""
    ability = state.ability(location)
    kind = ability.kind
    if kind == "capture":
        die = state.dice[ability.die]
        if die[1] == POOL:
            die[1] = state.wolves[location]["id"]
    elif kind == "first_strike":
        for seat in state.hunters_beside(location):
            state.hurt_hunter(seat, rules.FIRST_STRIKE_DAMAGE)
        dog = state.dog_facing(location)
        if dog is not None:
            state.hurt_dog(dog, rules.FIRST_STRIKE_DAMAGE)
    elif kind == "howling":
        deck = state.deck_kind()
        if rules.next_vacant(state.wolves, location) is None:
            return  # no free location: the howl goes unanswered
        if not state.decks[deck]["cards"]:
            _reshuffle(state, deck)
        if state.decks[deck]["cards"]:
            state.push(["howl", deck, location])
    elif kind == "heal_adjacent":
        for other in rules.neighbour_locations(location):  # type: ignore[arg-type]
            if other in state.wolves:
                state.wolves[other]["damage"] = 0
    elif kind == "heal_all":
        for elsewhere, wolf in state.wolves.items():
            if elsewhere != location:
                wolf["damage"] = 0


def _leader_step(state: HuntState) -> None:
    """Endgame: the Pack Leader arrives after the new Night Wolf, or follows it to the next free location."""
    here = state.leader_location()
    start = state.last_arrival or here or "N"
    if here is None:
        target = rules.next_vacant(state.wolves, start, include_start=False)
        if target is None:
            state.hurt_everyone(1)  # it cannot arrive; it tries again after the next Night Wolf
            return
        _place(state, target, str(state.leader))
        return
    wolf = state.wolves.pop(here)
    target = rules.next_vacant(state.wolves, start, include_start=False)
    assert target is not None  # its own location is free now
    state.wolves[target] = wolf
    state.push(["arrive", target, False])


def _cleanup(state: HuntState) -> None:
    """Outwits go back to the supply, capturing wolves take their dice again, the cross passes, a round begins."""
    for wolf in state.wolves.values():
        wolf["outwit"] = False
    for location in LOCATIONS:
        ability = state.ability(location)
        if ability is not None and ability.kind == "capture":
            _use_ability(state, location)
    state.cross = (state.cross + 1) % state.players
    state.round += 1
    state.begin_round()


# ---- the active hunter's turn ------------------------------------------------------------------------------


def action_options(state: HuntState) -> list[str]:
    """Everything the active hunter may do now in the action step of the turn."""
    seat = state.active
    turn = state.turn
    hunter = state.hunters[seat]
    options: list[str] = []
    pool = state.pool()
    die = turn["die"]
    if die is None:
        options += [f"take {c}{state.dice[c][0]}" for c in pool]
    else:
        if not turn["moved"]:
            taken = [h["space"] for s, h in enumerate(state.hunters) if s != seat]
            reach = rules.move_options(state.content, hunter["space"], state.dice[die][0], taken, state.pinning())
            options += [f"move {space} {direction}" for space, direction in reach]
        if not turn["written"]:
            options += [f"write {row}" for row in state.writable_rows(seat, die)]
    if turn["main"] is not None:
        options += main_forms(state, seat, turn["main"])
    for kind, count in hunter["mains"].items():
        if count:
            options += [f"extra {form}" for form in main_forms(state, seat, kind)]
    if (die is not None or not pool) and (turn["written"] or die is None or not state.writable_rows(seat, die)):
        options.append("end")
    return options


def main_forms(state: HuntState, seat: int, kind: str) -> list[str]:
    """Every way hunter `seat` can take the main action `kind` now."""
    beside = state.adjacent_wolves(seat)
    if kind == "knife":
        return [f"knife {' '.join(c)}" for size in (1, 2) for c in combinations(beside, size)]
    if kind == "rifle":
        return [f"rifle {loc}" for loc in state.wolves if loc not in beside]
    if kind == "samovar":
        return [f"samovar {s}" for s in STATS if state.hunters[seat]["stats"][s] < len(state.content.track(s).values)]
    if kind == "trap":
        return _trap_forms(state, seat)
    if kind == "outwit":
        return _outwit_forms(state, beside)
    if kind == "power":
        return power_forms(state, seat)
    return []


def _supply_sides(state: HuntState, limit: int) -> list[tuple[str, int]]:
    """(token, value) for every side of the trap tokens still in the supply whose value is at most `limit`."""
    on_map = {token for placed in state.traps.values() for token, _ in placed}
    return [
        (token.id, value)
        for token in state.content.components.traps
        if token.id not in on_map
        for value in sorted(set(token.sides))
        if value <= limit
    ]


def _trap_forms(state: HuntState, seat: int) -> list[str]:
    """Up to two traps from the supply on the hunter's two locations, each side at most the Traps stat."""
    limit = state.stat(seat, "traps") + state.space_bonus(seat, "trap") + state.turn["assists"]
    sides = _supply_sides(state, limit)
    first, second = rules.adjacent_locations(state.content, state.hunters[seat]["space"])
    forms = [f"{loc}={token}:{value}" for loc in (first, second) for token, value in sides]
    pairs = [f"{first}={a}:{x} {second}={b}:{y}" for a, x in sides for b, y in sides if a != b]
    return [parse(f"trap {form}", state.content) for form in forms + pairs]


def _outwit_forms(state: HuntState, beside: list[str]) -> list[str]:
    """Outwit tokens on one or two adjacent wolves, from the supply or, when it runs short, from other wolves."""
    candidates = [loc for loc in beside if not state.wolves[loc]["outwit"] and not state.is_leader(loc)]
    outwitted = [loc for loc in LOCATIONS if loc in state.wolves and state.wolves[loc]["outwit"]]
    supply = state.content.components.outwits.count - len(outwitted)
    forms = []
    for size in (1, 2):
        for chosen in combinations(candidates, size):
            short = size - supply
            names = " ".join(chosen)
            if short <= 0 or short == len(outwitted):
                forms.append(f"outwit {names}")
            elif short == 1:
                forms += [f"outwit {names} from {source}" for source in outwitted]
    return forms


def do_turn_action(state: HuntState, seat: int, action: str) -> None:
    """Carry out a (legal) step of the active hunter's turn."""
    words = action.split()
    verb = words[0]
    turn = state.turn
    if verb == "take":
        turn["die"] = words[1][:-1]
        state.dice[turn["die"]][1] = sheet_of(seat)
    elif verb == "move":
        _move(state, seat, words[1], words[2])
    elif verb == "write":
        _write(state, seat, words[1])
    elif verb == "extra":
        state.hunters[seat]["mains"][words[1]] -= 1
        do_main(state, seat, words[1:])
    elif verb == "end":
        here = state.leader_location()
        if state.round_kind() == "endgame" and here is not None:
            state.push(["attack", here])  # the Pack Leader attacks at the end of every turn
        state.push(["next_turn"])
    else:
        turn["main"] = None
        do_main(state, seat, words)


def _move(state: HuntState, seat: int, space: str, direction: str) -> None:
    """Move the hunter; each river crossed costs health."""
    hunter = state.hunters[seat]
    taken = [h["space"] for s, h in enumerate(state.hunters) if s != seat]
    reach = rules.move_options(state.content, hunter["space"], state.dice[state.turn["die"]][0], taken, state.pinning())
    rivers = reach[(space, direction)]
    hunter["space"] = space
    state.turn["moved"] = True
    if rivers:
        state.hurt_hunter(seat, rivers * state.content.map.terrain.river_health_cost)


def _write(state: HuntState, seat: int, row: str) -> None:
    """Write the die in the row's leftmost free box, circle what it unlocks, and maybe earn the main action."""
    hunter = state.hunters[seat]
    number = state.dice[state.turn["die"]][0]
    numbers = hunter["rows"][row]
    grants = rules.box_grants_main(numbers, hunter["resets"][row], number)
    numbers.append(number)
    box = state.content.row(row).boxes[len(numbers) - 1]  # type: ignore[arg-type]
    if box.free == "health":
        state.heal(seat, 1)  # used at once when unlocked
    elif box.free is not None:
        hunter["free"][box.free] += 1
    if box.main is not None:
        hunter["mains"][box.main] = hunter["mains"].get(box.main, 0) + 1
    state.turn["written"] = True
    state.turn["main"] = row if grants else None


def do_main(state: HuntState, seat: int, words: list[str]) -> None:
    """Carry out a main action (from the die written, or an unlocked one)."""
    kind, args = words[0], words[1:]
    if kind == "knife":
        amount = state.stat(seat, "knife") + state.space_bonus(seat, "knife") + _spend_assists(state)
        extra = state.aggression()  # counted before the blows land: the strikes are simultaneous
        strikes = sum(state.card(loc).damage + extra for loc in args if not state.wolves[loc]["outwit"])
        for loc in args:
            if loc in state.wolves and state.result is None:
                state.hurt_wolf(loc, amount, "knife", seat)
        if state.result is None and strikes:
            state.hurt_hunter(seat, strikes)
    elif kind == "rifle":
        amount = state.stat(seat, "rifle") + state.space_bonus(seat, "rifle") + _spend_assists(state)
        state.hurt_wolf(args[0], amount, "rifle", seat)
    elif kind == "trap":
        _spend_assists(state)
        for part in args:
            location, _, rest = part.partition("=")
            token, _, value = rest.partition(":")
            state.traps.setdefault(location, []).append([token, int(value)])
    elif kind == "samovar":
        state.step_up(seat, args[0])
    elif kind == "outwit":
        _outwit(state, args)
    elif kind == "power":
        _use_power(state, seat, args)


def _spend_assists(state: HuntState) -> int:
    """The assists given for this attack; later actions are not raised by them."""
    assists = int(state.turn["assists"])
    state.turn["assists"] = 0
    return assists


def _outwit(state: HuntState, args: list[str]) -> None:
    """Put outwit tokens on wolves, taking them from other wolves when the supply is empty."""
    source = args[-1] if len(args) >= 2 and args[-2] == "from" else None
    targets = args[:-2] if source else args
    outwitted = [loc for loc in LOCATIONS if loc in state.wolves and state.wolves[loc]["outwit"]]
    supply = state.content.components.outwits.count - len(outwitted)
    donors = [source] if source else outwitted
    for target in targets:
        if supply > 0:
            supply -= 1
        else:
            state.wolves[donors.pop(0)]["outwit"] = False
        state.wolves[target]["outwit"] = True
        state.release_die(state.wolves[target]["id"])  # its capture is cancelled with its ability


# ---- player powers -----------------------------------------------------------------------------------------


def power_forms(state: HuntState, seat: int) -> list[str]:
    """Every way hunter `seat` can use the power on the B side of its character card."""
    power = state.power(seat)
    if power.kind == "snare":
        # Thousands of forms that depend only on the trap sides in the supply, which change seldom: remembered.
        memo = rules.pack_memo(state.content, "snare")
        key = (tuple(_supply_sides(state, state.stat(seat, "traps"))), power.amount)
        found = memo.get(key)
        if found is None:
            found = memo[key] = tuple(_power_texts(state, _snare_forms(state, seat, power.amount)))
        return list(found)
    forms = {
        "long_shot": _long_shot_forms,
        "charge": _charge_forms,
        "hounds": _hounds_forms,
        "field_medic": _medic_forms,
        "lure": _lure_forms,
    }[power.kind](state, seat, power.amount)
    return _power_texts(state, forms)


def _power_texts(state: HuntState, forms: list[str]) -> list[str]:
    """The canonical notation of each form of a power (the words after `power`)."""
    return [parse(f"power {form}", state.content) for form in forms]


def _long_shot_forms(state: HuntState, seat: int, amount: int) -> list[str]:
    """Long Shot: any one wolf, adjacent or not."""
    return list(state.wolves)


def _charge_forms(state: HuntState, seat: int, amount: int) -> list[str]:
    """Charge: an extra move of up to `amount` points (or none), then a knife on one or two adjacent wolves."""
    hunter = state.hunters[seat]
    taken = [h["space"] for s, h in enumerate(state.hunters) if s != seat]
    reach = rules.move_options(state.content, hunter["space"], amount, taken, state.pinning())
    forms = []
    for move, space in [("", hunter["space"]), *((f"{dest} {way} ", dest) for dest, way in reach)]:
        beside = [loc for loc in LOCATIONS if loc in rules.adjacent_locations(state.content, space)]
        wolves = [loc for loc in beside if loc in state.wolves]
        targets = [" ".join(c) for size in (1, 2) for c in combinations(wolves, size)]
        forms += [f"{move}{t}".strip() for t in targets] or ([move.strip()] if move else [])
    return forms


def _snare_forms(state: HuntState, seat: int, amount: int) -> list[str]:
    """Snare: up to `amount` traps from the supply on any locations, each side at most the Traps stat."""
    limit = state.stat(seat, "traps")
    sides = _supply_sides(state, limit)
    singles = [(loc, token, value) for loc in LOCATIONS for token, value in sides]
    forms = []
    for size in range(1, amount + 1):
        for chosen in combinations(singles, size):
            if len({c[0] for c in chosen}) == size and len({c[1] for c in chosen}) == size:
                forms.append(" ".join(f"{loc}={token}:{value}" for loc, token, value in chosen))
    return forms


def _hounds_forms(state: HuntState, seat: int, amount: int) -> list[str]:
    """Hounds: maybe a dog from the supply onto an empty dog space, then every dog bites a wolf it faces."""
    empty = [dog for dog, damage in state.dogs.items() if damage is None] if state.dog_supply else []
    forms = []
    for placed in [None, *empty]:
        choices = []
        for dog in state.content.map.dog_spaces:
            if state.dogs[dog.id] is not None or dog.id == placed:
                faced = [loc for loc in dog.locations if loc in state.wolves]
                if faced:
                    choices.append(faced)
        prefix = f"place {placed} " if placed else ""
        for bites in product(*choices):
            if bites:
                forms.append(f"{prefix}bite {' '.join(bites)}")
            elif placed:
                forms.append(prefix.strip())
    return forms


def _medic_forms(state: HuntState, seat: int, amount: int) -> list[str]:
    """Field Medicine: `amount` hearts shared among the hunters (as many as their dashed hearts allow)."""
    caps = [h["dashed"] for h in state.hunters]
    total = min(amount, sum(caps))
    forms = []
    for shares in product(*(range(min(cap, total) + 1) for cap in caps)):
        if sum(shares) == total and total:
            forms.append(" ".join(f"hunter{s}:{n}" for s, n in enumerate(shares) if n))
    return forms


def _lure_forms(state: HuntState, seat: int, amount: int) -> list[str]:
    """Lure: an adjacent wolf (not the Pack Leader) moves `amount` locations either way onto a vacant one."""
    forms = []
    for loc in state.adjacent_wolves(seat):
        if state.is_leader(loc):
            continue
        for way in (amount, -amount):
            target = LOCATIONS[(LOCATIONS.index(loc) + way) % len(LOCATIONS)]
            if target not in state.wolves:
                forms.append(f"{loc}>{target}")
    return forms


def _use_power(state: HuntState, seat: int, args: list[str]) -> None:
    """Carry out the hunter's power as written in `args` (already checked legal)."""
    power = state.power(seat)
    if power.kind == "long_shot":
        bonus = state.space_bonus(seat, "rifle") + _spend_assists(state)
        state.hurt_wolf(args[0], state.stat(seat, "rifle") + power.amount + bonus, "rifle", seat)
    elif power.kind == "charge":
        if args and args[0] not in LOCATIONS:
            _charge_move(state, seat, args[0], args[1], power.amount)
            args = args[2:]
        amount = state.stat(seat, "knife") + state.space_bonus(seat, "knife") + _spend_assists(state)
        for loc in args:  # the charged wolves do not strike back
            if loc in state.wolves and state.result is None:
                state.hurt_wolf(loc, amount, "knife", seat)
    elif power.kind == "snare":
        for part in args:
            location, _, rest = part.partition("=")
            token, _, value = rest.partition(":")
            state.traps.setdefault(location, []).append([token, int(value)])
            if location in state.wolves:
                spring_traps(state, location)  # a snare where a wolf stands springs at once
    elif power.kind == "hounds":
        if args[0] == "place":
            state.dogs[args[1]] = 0
            state.dog_supply -= 1
        bites = args[args.index("bite") + 1 :] if "bite" in args else []
        for loc in bites:
            if loc in state.wolves and state.result is None:
                state.hurt_wolf(loc, power.amount, "dog")
    elif power.kind == "field_medic":
        for share in args:
            who, _, hearts = share.partition(":")
            state.heal(int(who[len("hunter") :]), int(hearts))
    else:
        origin, _, target = args[0].partition(">")
        state.wolves[target] = state.wolves.pop(origin)
        spring_traps(state, target)


def _charge_move(state: HuntState, seat: int, space: str, direction: str, points: int) -> None:
    """The Charge's own move: like any move, rivers cost health."""
    hunter = state.hunters[seat]
    taken = [h["space"] for s, h in enumerate(state.hunters) if s != seat]
    rivers = rules.move_options(state.content, hunter["space"], points, taken, state.pinning())[(space, direction)]
    hunter["space"] = space
    if rivers:
        state.hurt_hunter(seat, rivers * state.content.map.terrain.river_health_cost)
