"""Den of Wolves bots: a team bot that keeps its ship fed, calm and flying with the fleet, and a bot for Control.

Both see the event only through the public State API: `legal_actions(seat)`, `observation(seat)` (read without its
copy: `seen`), `log(seat)` and the printed content pack (`state.game.content`: what each station and action card
does and the units each ship starts with, as printed on the panels and cards on the table; the rule tables).
Control's bot clones the state only to check an action it was not offered (a reward's award).

`TeamBot` ("heuristic") plays any team seat; each call returns one legal action, or None to let the moment pass.
One seat of a team does each kind of work: the commander keeps the jump, the shuttles and the action cards; the
first teammate at the ship's table (else the commander) works the panel (stations, repairs, riots, rations); any
other seat passes. It reads its observation first and lists its legal actions only when it has something in mind,
so a seat with nothing to do costs little. By step:

- start of the turn: the Aegis tells every ship the destination the fleet would flee a Wolf Attack to (its rally point:
  coordinates cannot pass between tables during an attack); a ship cut off from the fleet writes the fleet's coordinates
  if it knows them (else those it was told last), and declares an emergency jump when it cannot pay for the jump; the
  team crews its jump drive when it wants to be able to jump (the Aegis whenever a destination is in reach, every other
  ship whenever it has fuel for a short hop);
- Action Phase, most urgent first: sends on-foot units at the riots aboard (the jump drive's first; each unit once a
  turn); repairs the stations that matter (jump drive, sickbay, production) when engineers and materials allow; heals
  wounded crew and damaged units at its sickbay; the fleet's jump (below); works every production station its crew allow
  (farms, recyclers, workshops, mining), then converters whose inputs are worth less than their output (refineries),
  then recreation (food and water for a level of morale) while the hold keeps minimum rations to the end and its morale
  per counter is at least what richer rations would buy (`ration_gain`); loads food or water it can spare into a shuttle
  that came for it; runs its shuttles' errands (`_shuttle`: posting a spare unit aboard a ship printed without on-foot
  units (`guard_duties` shares those out among the teams) or with two or more riots, carrying spare fuel round the
  fleet, fetching food or water from a ship whose panel makes more than it eats); in Infinite Domain hands its
  destination cards to the Aegis; plays an action card when it helps (below); last, repairs the stations that matter
  less;
- Team Phase: disperses riots where the edition allows, and sets the food and water rations (below).

In a Wolf Attack every seat fights with its units (`combat_action`), and the fleet jumps out of a battle it is
losing (the Wolves on the map need more hits than the fleet has fighters and batteries left): the Aegis to its rally
point, every other ship after it.

The jump: the Aegis jumps once the pursuit track reaches `JUMP_PURSUIT` (sooner to a rich destination, fuel
allowing), to the held destination with the most rewards per step of distance among those whose jump leaves it
fuel for a short hop. Its team writes the coordinates on its sheet and tells every other ship; its commander then
declares. Every other ship, seeing the Aegis declare, writes the coordinates it was told last, and its commander
declares if the fuel allows. A ship cut off from the fleet jumps back to where the fleet is, when its team knows those
coordinates, else to the last coordinates it was told (once).

Rations, per meal, from the panel's `ration_costs`: what the hold can spend per broadcast till the end of the event
is the hold plus what its stations make (`PRODUCTION_SAFETY` of it) in the turns left, shared over the broadcasts
left. When that covers normal rations the team pays the most generous level that still leaves normal rations for
every later turn (normal when morale is at the top of its track). When it does not, it mixes the two thrifty levels
around that average (`thrifty_levels`: those that save the most food per point of the morale roll given up, often
minimum rather than low): the more generous one while the later turns can still afford the other.

Action cards: morale cards when morale is low or on the last turn (and those that cost food or water whenever the
hold can spare it, like recreation), a card that gains a resource when the ship is short of it or on the last turn,
a card that slows the pursuit when it runs high, a heal or repair card when its own sickbay or engineers cannot do
the job, a destination draw for the Aegis when it holds none (in Infinite Domain other teams sometimes draw and hand
the card over); never freeform, wounding or training cards; a retained card at most once a turn.

`ControlBot` ("control") plays seat 0 only and always acts: it resumes a pause, resolves declared jumps, settles
every open notice, hands the fleet map's rewards out one or two at a time to the ship with the fewest turns of that
resource, and once per Team Phase, with chance `news_rate` (its seeded generator), gives one ship a +1 or -1 news
modifier; otherwise it advances. Play asks the optional seats before Control, so Control advancing when asked is
"advance when the teams are done".

With table dice (option `table_dice`), a team seat whose ship has dice awaiting entry enters the first of them
before anything else, and Control enters the first die of the first ship with any before anything but resuming a
pause: each rolls its d6 with a generator of its own seeded from the bot's seed (`dice_rng`), so the rest of its play
is what it would be with the server rolling.

`TeamBot(seed, meals=...)` pins how a team buys morale with food and water, for a controlled comparison
(`wolfpack.sim.den_calibration`): "rations" never uses recreation, "recreation" uses it whenever the hold allows and
sets rations no better than normal; the default "team" weighs the two.

Both bots are deterministic given their seed (and the order they are asked in).
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, cast

from wolfpack.engine.bot import Bot
from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.game import State
from wolfpack.games.den.content import ON_FOOT, RATION_LEVELS, DenContent, Effect, RationLevel, Ship, Station, row_for
from wolfpack.games.den.council_bot import control_council_action, council_action, has_business
from wolfpack.games.den.dice import FACES
from wolfpack.games.den.notation import canonical, quote
from wolfpack.games.den.rules import CONTROL
from wolfpack.games.den.state import DenState
from wolfpack.games.den.views import observation

JUMP_PURSUIT: Final = 6
"""The Aegis jumps once the pursuit track stands this high (sooner only to a rich destination)."""
RICH_REWARDS: Final = 4
"""A destination with this many reward counters is worth a jump below `JUMP_PURSUIT`, when fuel is plentiful."""
PURSUIT_HIGH: Final = 8
"""From here a card that slows the pursuit is played."""
LOW_MORALE: Final = 4
"""A ship this low (or lower) plays its morale cards that cost nothing."""
PRODUCTION_SAFETY: Final = 0.85
"""The share of its stations' full production a ship counts on in later turns (riots, damage, wounds)."""
MOST_GIVEN: Final = 4
"""The most food (or water) a ship loads into a visiting shuttle at a time."""
DRAW_RATE: Final = 0.25
"""Outside the Aegis, the chance (per turn and card) that a team plays a card drawing a destination."""
DISTANCE_RANK: Final = {"short": 1, "medium": 2, "long": 3}
UNIT_PREFERENCE: Final = ("riot-troops", "marines", "security")
"""Which on-foot unit goes at a riot first (riot troops may carry a bonus)."""
RESOURCE_VALUE: Final = {"fuel": 3.0, "materials": 1.5, "food": 1.0, "water": 1.0, "science": 1.0, "ore": 0.5}
"""What a counter of each resource is worth, to judge converters (a refinery turns 2 ore into 1 fuel)."""
MEALS: Final = ("food", "water")
FLEET_ARRIVES: Final = re.compile(r"the fleet arrives at .* \(([0-9]{5})\); pursuit falls to ")
"""The public log's line for the fleet's arrival at a destination, with its coordinates."""
MEAL_POLICIES: Final = ("team", "rations", "recreation")
"""How a team bot buys morale with food and water (`TeamBot.meals`)."""


def den_content(state: State[Any]) -> DenContent:
    """The printed content pack of the event's game (ship panels, cards, tables): what is on the table."""
    content = getattr(state.game, "content", None)
    if not isinstance(content, DenContent):
        raise TypeError("the Den of Wolves bots play Den of Wolves")
    return content


def centre_ship(content: DenContent) -> str:
    """The Aegis: the ship at the centre of the fleet map."""
    return next(ship.id for ship in content.fleet.ships if ship.centre)


# ---- Control ---------------------------------------------------------------------------------------------------

USUAL_POLICIES: Final[Mapping[str, str]] = {
    "separated": "The ship stays where it jumped; it may jump back to the fleet next turn. No other effect.",
    "no-room": "Control places the ship in the first quadrant with room at the next move; no other effect.",
    "damage-deck": "No damage is drawn: the deck is spent.",
    "no-pilot": "No pilot is wounded: the hangar was empty.",
    "boarders": "The boarders are repelled as the Wolves withdraw; no other effect.",
    "fleet-morale": "Fleet morale holds: a ship apart for a turn is no blow to the fleet.",
}
"""Our default standing policies for a headless event: the usual rulings for routine notices (docs/event.md,
"Standing policies"); anarchy, freeform effects, role changes and escapes stay Control's to judge case by case."""


class ControlBot(Bot):
    """Control: settles notices, resolves jumps, shares out rewards, now and then some news, then advances."""

    name = "control"
    news_rate = 0.35
    """The chance, per Team Phase, that Control gives one ship a small news modifier."""
    attack_rate = 0.4
    """The chance, per Action Phase, that Control starts a Wolf Attack."""
    attack_rounds = 6
    """Control ends an attack the fleet cannot finish after this many Fleet rounds (the Wolves withdraw)."""

    def __init__(self, seed: int | None = None, policies: Mapping[str, str] | None = None) -> None:
        super().__init__(seed)
        self.policies = dict(policies or {})
        """The standing policies Control sets before anything else (notice kind -> ruling): routine notices of those
        kinds are then settled by the rules, not by Control's actions."""
        self._news_turn: int | None = None
        """The last turn whose news Control has decided (a bot plays one event at a time)."""
        self._attack_turn: int | None = None
        """The last turn whose Action Phase Control has decided whether to attack in."""
        self._council_rng = council_rng(seed)
        """Control's chances at the Council (council_bot), apart from the rest of its play."""
        self._dice_rng = dice_rng(seed)
        """The dice Control rolls for a table (table dice), apart from the rest of its play."""

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        """Control's action (it always acts); None for any other seat (it plays Control only)."""
        seat = CONTROL if player is None else player
        if seat != CONTROL:
            return None
        legal = state.legal_actions(CONTROL)
        if not legal:
            return None
        if "control resume" in legal:
            return "control resume"
        policy = self._policy(state)
        if policy is not None:
            return policy
        entries = [action for action in legal if action.startswith("control enter ")]
        if entries:
            return f"control enter {entries[0].split()[2]} {self._dice_rng.randint(1, FACES)}"
        if "control resolve-jumps" in legal:
            return "control resolve-jumps"
        settles = [action for action in legal if action.startswith("control settle ")]
        if settles:
            return min(settles, key=lambda action: int(action.split()[2]))
        obs = seen(state, CONTROL)
        attack = self._attack(obs, legal)
        if attack is not None:
            return attack
        award = self._award(state, obs)
        if award is not None:
            return award
        if obs["step"] == "team":
            news = self._news(obs, legal)
            if news is not None:
                return news
        council = control_council_action(obs, legal, self._council_rng)
        if council is not None:
            return council
        if "control advance" in legal:
            return "control advance"
        return legal[0]

    def _policy(self, state: State[Any]) -> str | None:
        """The first of Control's standing policies the event does not hold yet, as the action that sets it."""
        if not self.policies:
            return None  # most Control bots have none: no view to build
        held = seen(state, CONTROL).get("policies", {})
        for kind, ruling in self.policies.items():
            if held.get(kind) != ruling:
                return f"control policy {kind} {quote(ruling)}"
        return None

    def _attack(self, obs: Mapping[str, Any], legal: Sequence[str]) -> str | None:
        """Fight an attack under way round by round (ending it after `attack_rounds`); once per Action Phase,
        with chance `attack_rate`, start one."""
        attack = obs["attack"]
        if attack is not None:
            # The combat scenario's attack sets its own last round (`withdraw`): its wolf-round ends it.
            if attack.get("withdraw") is None and attack["round"] >= self.attack_rounds:
                return next((a for a in legal if a.startswith("control end-attack ")), None)
            return "control wolf-round" if "control wolf-round" in legal else None
        turn = int(obs["turn"])
        if self._attack_turn is not None and turn < self._attack_turn:
            self._attack_turn = None  # a new event
        if obs["step"] != "action" or self._attack_turn == turn:
            return None
        self._attack_turn = turn
        if self.rng.random() >= self.attack_rate:
            return None
        return next((a for a in legal if a.startswith("control attack ")), None)

    def _award(self, state: State[Any], obs: Mapping[str, Any]) -> str | None:
        """One or two counters of a reward on the map for the ship that has the fewest turns of it."""
        for resource, amount in sorted(obs["rewards"].items()):
            if amount <= 0:
                continue
            ships = [
                sid
                for sid, facts in obs["ships"].items()
                if facts["with_fleet"] and resource in obs["panels"].get(sid, {}).get("hold", {})
            ]
            if not ships:
                continue
            neediest = min(ships, key=lambda sid: _supply(obs["panels"][sid], resource))
            reason = quote("a reward of the destination")
            action = canonical(f"control award {neediest} {resource} {min(amount, 2)} {reason}")
            if _control_accepts(state, action):
                return action
        return None

    def _news(self, obs: Mapping[str, Any], legal: Sequence[str]) -> str | None:
        turn = int(obs["turn"])
        if self._news_turn is not None and turn < self._news_turn:
            self._news_turn = None  # a new event
        if self._news_turn == turn:
            return None
        self._news_turn = turn
        if self.rng.random() >= self.news_rate:
            return None
        ship = self.rng.choice(sorted(obs["ships"]))
        action = f"control news {ship} {self.rng.choice((-1, 1)):+d}"
        return action if action in legal else None


def _supply(panel: Mapping[str, Any], resource: str) -> tuple[float, int]:
    """How many turns of `resource` a ship's hold holds (food and water at normal rations; fuel in medium jumps)."""
    have = int(panel["hold"].get(resource, 0))
    if resource in MEALS:
        need = max(1, int(panel["ration_costs"][resource]["normal"]))
    elif resource == "fuel":
        need = max(1, int(panel["fuel_costs"]["medium"]))
    else:
        need = 1
    return have / need, have


def _control_accepts(state: State[Any], action: str) -> bool:
    """Whether Control may take an action it was not offered (checked on a copy: the state is left alone)."""
    try:
        state.clone().apply_action(action, CONTROL)
    except WolfpackError:
        return False
    return True


# ---- what a team seat sees -----------------------------------------------------------------------------------


@dataclass
class _Seat:
    """What a team seat sees now, with the lookups the rules of thumb below share (each computed once)."""

    state: State[Any]
    seat: int
    label: str
    ship: str
    obs: Mapping[str, Any]
    content: DenContent
    card: Ship
    aegis: str
    commander: bool
    """Whether this seat commands its ship now: the captain, or who stands in for them (Player Roles)."""
    worker: bool
    """Whether this seat does the team's panel work (stations, repairs, riots, rations): the first teammate after the
    commander who is free and at the ship's table, else the commander (the commander keeps the map, the jump, the
    shuttles and the cards: only one seat lists each kind of work, and the commander's list is the longest)."""
    rules: Any
    """The edition's ruleset (the rulebook's switches)."""
    _legal: frozenset[str] | None = field(default=None, repr=False)
    _production: dict[str, float] | None = field(default=None, repr=False)
    _told: tuple[str | None, bool] | None = field(default=None, repr=False)

    @property
    def legal(self) -> frozenset[str]:
        """The seat's legal actions, listed the first time a rule needs them."""
        if self._legal is None:
            self._legal = frozenset(self.state.legal_actions(self.seat))
        return self._legal

    @property
    def panel(self) -> Mapping[str, Any]:
        return self.obs["panels"][self.ship]  # type: ignore[no-any-return]

    @property
    def hold(self) -> Mapping[str, int]:
        return self.panel["hold"]  # type: ignore[no-any-return]

    @property
    def facts(self) -> Mapping[str, Any]:
        """What the fleet knows of this ship."""
        return self.obs["ships"][self.ship]  # type: ignore[no-any-return]

    @property
    def turns_left(self) -> int:
        """The broadcasts still to come, this turn's included."""
        return max(1, int(self.obs["turns"]) - int(self.obs["turn"]) + 1)

    @property
    def with_fleet(self) -> bool:
        return bool(self.facts["with_fleet"])

    @property
    def production(self) -> dict[str, float]:
        """What the ship's stations make in a turn with the crew on them (gains only, no converters): not those damaged
        or held by a riot, which a team cannot count on until it has mended or put it down."""
        if self._production is None:
            made: dict[str, float] = {}
            for station in self.card.stations:
                slot = self.panel["stations"][station.id]
                blocked = slot["damage"] is not None or slot["riot"] is not None
                if blocked or any(e.op == "lose" for e in station.effects):
                    continue
                uses = len(_able_crew(station, slot, unused=False)) // station.crew
                for effect in station.effects:
                    if effect.op == "gain" and effect.resource is not None:
                        made[effect.resource] = made.get(effect.resource, 0.0) + effect.amount * uses
            self._production = made
        return self._production

    def budget(self, meal: str, spend: int = 0) -> float:
        """Food (or water) the hold can spend per broadcast till the end, after spending `spend` now."""
        left = self.turns_left
        coming = self.production.get(meal, 0.0) * PRODUCTION_SAFETY * (left - 1)
        return (self.hold.get(meal, 0) - spend + coming) / left

    def can_spare(self, costs: Mapping[str, int], floor: str = "normal") -> bool:
        """Whether the hold can pay `costs` and still keep `floor` rations (and a long jump of fuel) to the end."""
        for resource, amount in costs.items():
            if self.hold.get(resource, 0) < amount:
                return False
            if resource in MEALS:
                if self.budget(resource, amount) < self.panel["ration_costs"][resource][floor]:
                    return False
            elif resource == "fuel" and self.hold["fuel"] - amount < self.panel["fuel_costs"]["long"]:
                return False
        return True

    def usable(self, station: Station) -> bool:
        """Whether the panel shows the station ready to work: no damage, no riot, not dark, crew enough unused."""
        slot = self.panel["stations"][station.id]
        if slot["damage"] is not None or slot["riot"] is not None:
            return False
        if self.panel["emergency"] and station.kind != "jump-drive":
            return False
        return len(_able_crew(station, slot, unused=True)) >= station.crew

    def fleet_arrived(self) -> str | None:
        """The coordinates where the fleet last arrived, as the public log tells it (None before its first jump)."""
        for line in reversed(self.state.log(self.seat)):
            arrival = FLEET_ARRIVES.match(line)
            if arrival is not None:
                return arrival.group(1)
        return None

    def told(self) -> tuple[str | None, bool]:
        """The coordinates the team was told last, and whether the ship has jumped to them since (its log)."""
        if self._told is None:
            marker = f"tells {self.ship} the coordinates "
            jumped_to: set[str] = set()
            code: str | None = None
            for line in reversed(self.state.log(self.seat)):
                if line.startswith(f"{self.ship} jumps to "):
                    jumped_to.add(line.rsplit(" ", 1)[1])
                elif marker in line:
                    code = line.split(marker, 1)[1].split(" ", 1)[0]
                    break
            self._told = (code, code is not None and code in jumped_to)
        return self._told


def seen(state: State[Any], player: int) -> Mapping[str, Any]:
    """The seat's observation, to read during one step: a Den state's without the copy `observation` makes for
    callers that may change or keep it (a bot does neither, and copying a whole view cost a third of a bot event)."""
    if isinstance(state, DenState):
        return observation(state, player, copy=False)
    return state.observation(player)


def seat_view(state: State[Any], player: int, obs: Mapping[str, Any] | None = None) -> _Seat:
    """What a team seat sees now, with the lookups the rules of thumb share."""
    obs = seen(state, player) if obs is None else obs
    label = str(obs["seat"])
    ship = label.split("/", 1)[0]
    content = den_content(state)
    card = content.ships[ship]
    return _Seat(
        state=state,
        seat=player,
        label=label,
        ship=ship,
        obs=obs,
        content=content,
        card=card,
        aegis=centre_ship(content),
        commander=obs["ships"][ship]["commander"] == label,  # whoever commands now (Player Roles)
        worker=_worker(obs, card) == label,
        rules=getattr(state.game, "ruleset", None),
    )


def _worker(obs: Mapping[str, Any], card: Ship) -> str:
    """The label of the seat that does a team's panel work (see `_Seat.worker`)."""
    commander = str(obs["ships"][card.id]["commander"] or "")
    for role in card.roles:
        label = f"{card.id}/{role.id}"
        person = obs["people"].get(label, {})
        if label != commander and person.get("status") == "free" and person.get("at") == card.id:
            return label
    return commander


def _able_crew(station: Station, slot: Mapping[str, Any], unused: bool) -> list[Mapping[str, Any]]:
    """The unwounded crew on a station trained to work it (only the unused ones, if asked)."""
    return [
        crew
        for crew in slot["crew"]
        if not crew["wounded"] and not (unused and crew["used"]) and station.training in ("untrained", crew["training"])
    ]


def _lost(effects: Sequence[Effect]) -> dict[str, int]:
    costs: dict[str, int] = {}
    for effect in effects:
        if effect.op == "lose" and effect.resource is not None:
            costs[effect.resource] = costs.get(effect.resource, 0) + effect.amount
    return costs


MORALE_OPS: Final = frozenset({"morale", "morale-roll", "fleet-morale"})
"""Effects that lift morale: a level, a modifier on this turn's roll, or every ship's level."""


def _kind(station: Station) -> str:
    """How the team bot treats a station: drive, heal, produce, convert, recreation, draw, or idle."""
    ops = {effect.op for effect in station.effects}
    if station.kind == "jump-drive":
        return "drive"
    if "heal" in ops:
        return "heal"
    if "freeform" in ops or "wound" in ops or not ops:
        return "idle"
    if "lose" in ops:
        return "recreation" if ops & MORALE_OPS else "convert"
    if ops & ({"gain"} | MORALE_OPS):
        return "produce"
    if "draw-destination" in ops:
        return "draw"
    return "idle"


STATION_ORDER: Final = {"drive": 0, "heal": 1, "produce": 1, "draw": 2, "convert": 2, "recreation": 2}
"""Which stations matter most (riots go first there, and repairs): the drive, then those that work."""


@dataclass
class _Errands:
    """A commander's memory of its shuttles' errands."""

    posts: dict[str, str] = field(default_factory=dict)
    """Ship -> the on-foot unit posted aboard it to put down riots."""
    visited: dict[str, int] = field(default_factory=dict)
    """Shuttle -> the last turn it went for supplies (one visit a turn)."""
    waited: set[tuple[int, str]] = field(default_factory=set)
    """(turn, shuttle): it has waited once at the ship it visits (if nothing comes, it flies home)."""
    fuelled: int = 0
    """The last turn the team sent fuel (once a turn)."""


# ---- the team bot ------------------------------------------------------------------------------------------------


class TeamBot(Bot):
    """Simple, sensible team play for any team seat (see the module's notes); it plays Control's seat as Control."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, meals: str = "team") -> None:
        super().__init__(seed)
        if meals not in MEAL_POLICIES:
            raise ValueError(f"meals must be one of {', '.join(MEAL_POLICIES)}, not {meals!r}")
        self.meals = meals
        """How the team buys morale with food and water (`MEAL_POLICIES`): "team" weighs rations against recreation;
        "rations" and "recreation" pin one way, for a controlled comparison (docs: Calibration)."""
        self.control = ControlBot(self.rng.randrange(2**32))
        """Plays seat 0 when this bot is seated there (bots in every seat of a terminal game)."""
        self._turn = 0
        """The turn this bot last saw (it forgets the rest when an earlier turn comes: a new event)."""
        self._played: set[tuple[int, str]] = set()
        """(turn, card) of the cards this seat played: a retained card is played at most once a turn."""
        self._decided: dict[tuple[int, str], bool] = {}
        """(turn, card) -> whether to play a card the seat plays only sometimes (decided once a turn, by the seed)."""
        self._tried: set[tuple[int, str]] = set()
        """(turn, unit) of this seat's units posted aboard other ships that have tried a riot this turn."""
        self._errands = _Errands()
        """What this (commander's) seat remembers of its shuttles' errands."""
        self._council_rng = council_rng(seed)
        """The seat's chances at the Council (council_bot), apart from the rest of its play."""
        self._dice_rng = dice_rng(seed)
        """The dice this seat rolls at its table (table dice), apart from the rest of its play."""

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        """One useful legal action for the seat, or None when it has nothing useful to do."""
        if player is None or player == CONTROL:
            return self.control.step(state, CONTROL) if player == CONTROL else None
        if state.is_terminal() or state.is_chance_node():
            return None
        seats = getattr(state.game, "seats", None)
        if seats is not None and seats[player].kind != "team":
            # Media and wildcards have no panel to work: they see to their wounds and vote in a snap election.
            legal = state.legal_actions(player)
            if any(action.startswith("elect ") for action in legal):
                return council_action(seen(state, player), legal, self._council_rng)
            return _to_sickbay(legal, "")
        obs = seen(state, player)
        label = str(obs["seat"])
        ship = label.split("/", 1)[0]
        status = obs["people"][label]["status"]
        if status == "wounded":
            return _to_sickbay(state.legal_actions(player), ship)
        if obs["paused"] or ship not in obs["ships"] or ship not in obs.get("panels", {}) or status == "brig":
            return None
        awaited = obs["dice"].get(ship)
        if awaited:
            entry = f"enter {awaited[0]['id']} {self._dice_rng.randint(1, FACES)}"
            return entry if state.is_legal(entry, player) else None
        if has_business(obs):
            council = council_action(obs, state.legal_actions(player), self._council_rng)
            if council is not None:
                return council
        turn = int(obs["turn"])
        if turn < self._turn:
            self._played.clear()
            self._decided.clear()
            self._tried.clear()
            self._errands = _Errands()
        self._turn = turn
        me = seat_view(state, player, obs)
        if obs["attack"] is not None:
            # In a Wolf Attack every seat that commands units fights; nothing else is worth a Fleet round.
            return combat_action(me)
        if not (me.commander or me.worker):
            return None
        step = obs["step"]
        if step == "start":
            return self._start(me)
        if step == "action":
            return self._action(me)
        if step == "team":
            return self._team(me)
        return None

    # ---- the steps -----------------------------------------------------------------------------------------

    def _start(self, me: _Seat) -> str | None:
        if me.ship == me.aegis and me.commander:
            rally = _share_rally(me)
            if rally is not None:
                return rally
        if not me.with_fleet:
            code = _rejoin_code(me)
            if code is not None:
                short = me.hold["fuel"] < _jump_cost(me, code)
                if me.commander and short and not me.panel["emergency"] and "emergency" in me.legal:
                    return "emergency"
                if me.panel["coords"] != code and f"coords {code}" in me.legal:
                    return f"coords {code}"
        if not me.worker or me.panel["drive_ready"] or not self._wants_jump(me):
            return None
        for station in me.card.stations:
            if station.kind == "jump-drive" and me.usable(station) and f"use {station.id}" in me.legal:
                return f"use {station.id}"
        return None

    def _action(self, me: _Seat) -> str | None:
        work = (
            lambda m: _repair(m, important=True),
            _heal,
            self._jump,
            lambda m: _work(m, "produce"),
            lambda m: _work(m, "draw"),
            lambda m: _work(m, "convert"),
            lambda m: _recreation(m, self.meals),
            _give_supplies,
            _pass_destinations,
            lambda m: _repair(m, important=False),
        )
        command = (self._jump, lambda m: _shuttle(m, self._errands), self._card)
        action = _disperse(me, self._tried, self._errands)
        for rule in (work if me.worker else ()) + (command if me.commander else ()):
            if action is not None:
                break
            action = rule(me)
        return action

    def _team(self, me: _Seat) -> str | None:
        action = _disperse(me, self._tried, self._errands)
        if action is not None or not me.worker:
            return action
        for meal in MEALS:
            level = ration_level(me, meal)
            if self.meals == "recreation" and RATION_LEVELS.index(level) < RATION_LEVELS.index("normal"):
                level = "normal"  # pinned: morale comes from the recreation station, not from richer rations
            if level != me.panel["rations"][meal] and f"rations {meal} {level}" in me.legal:
                return f"rations {meal} {level}"
        return None

    # ---- the jump ------------------------------------------------------------------------------------------

    def _wants_jump(self, me: _Seat) -> bool:
        if me.ship == me.aegis:
            # Crewed whenever a destination is in reach: the fleet may have to flee a Wolf Attack this turn.
            return _rally_target(me) is not None
        if not me.with_fleet:
            return _rejoin_code(me) is not None
        return bool(me.hold["fuel"] >= me.panel["fuel_costs"]["short"])

    def _jump(self, me: _Seat) -> str | None:
        facts = me.obs["ships"]
        if me.facts["jumping"] or not me.panel["drive_ready"]:
            return None
        if me.ship == me.aegis:
            target = _aegis_target(me, need_drive=True)
            if target is None:
                return None
            code = target["coordinates"]
            if me.panel["coords"] != code:
                return f"coords {code}" if f"coords {code}" in me.legal else None
            for other in sorted(facts):
                if f"share {target['id']} {other}" in me.legal:
                    return f"share {target['id']} {other}"
            return "jump" if me.commander and "jump" in me.legal else None
        return _follow_aegis(me)

    # ---- action cards --------------------------------------------------------------------------------------

    def _card(self, me: _Seat) -> str | None:
        hand = me.obs.get("hands", {}).get(me.label, [])
        turn = int(me.obs["turn"])
        for card_id in sorted(set(hand)):
            card = me.content.cards_by_id.get(card_id)
            if card is None or (turn, card_id) in self._played:
                continue
            ops = {effect.op for effect in card.effects}
            if ops & {"freeform", "wound", "train"}:
                continue
            if ops & {"heal", "refit", "repair"}:
                action = _targeted_card(me, card_id, "repair" not in ops)
            elif self._worth_playing(me, card_id, card.effects):
                action = f"play {card_id}" if f"play {card_id}" in me.legal else None
            else:
                action = None
            if action is not None:
                self._played.add((turn, card_id))
                return action
        return None

    def _worth_playing(self, me: _Seat, card_id: str, effects: Sequence[Effect]) -> bool:
        ops = {effect.op for effect in effects}
        costs = _lost(effects)
        morale = int(me.panel["morale"])
        if ops & MORALE_OPS:
            # Like recreation: morale bought with food or water is worth it while minimum rations stay affordable.
            if morale >= me.card.morale.top or (costs and not me.can_spare(costs, "minimum")):
                return False
            return bool(costs) or morale <= LOW_MORALE or me.turns_left == 1
        if costs and not me.can_spare(costs):
            return False
        if "pursuit" in ops:
            return int(me.obs["pursuit"]) >= PURSUIT_HIGH
        if "draw-destination" in ops:
            if me.ship == me.aegis:
                return not me.obs.get("destinations")
            # Another team's destination is of use only where it can hand the card to the Aegis (Infinite Domain).
            key = (int(me.obs["turn"]), card_id)
            if key not in self._decided:
                handed = bool(getattr(me.rules, "destinations_pass_between_teams", False))
                self._decided[key] = handed and self.rng.random() < DRAW_RATE
            return self._decided[key]
        gains = [e for e in effects if e.op == "gain" and e.resource is not None]
        return bool(gains) and (me.turns_left == 1 or any(_short_of(me, e.resource or "") for e in gains))


# ---- the rules of thumb ----------------------------------------------------------------------------------------


def combat_action(me: _Seat) -> str | None:
    """A Fleet round's order: the fleet jumps out of a losing battle (`_flee`); on-foot units fight the boarders
    aboard; fighters and batteries strike the Wolf most worth it in reach (boarding squadrons first, before they
    board); an idle fighter flies to the quadrant with the most Wolves; an idle on-foot unit of a ship without
    boarders rides to the ship with the most."""
    attack = me.obs["attack"]
    if attack["side"] != "fleet":
        return None
    flight = _flee(me)
    if flight is not None:
        return flight
    wolves: Mapping[str, Any] = attack["wolves"]
    by_verb: dict[str, list[str]] = {}
    for action in sorted(me.legal):
        by_verb.setdefault(action.split()[0], []).append(action)
    if by_verb.get("fight"):
        return by_verb["fight"][0]
    content = me.content.combat.combat
    threat = {wolf.id: (wolf.boards, wolf.attacks) for wolf in content.wolves}
    for verb_name in ("strike", "fire"):
        shots = by_verb.get(verb_name, [])
        if shots:
            return max(shots, key=lambda a: (threat[wolves[a.split()[2]]["kind"]], -int(a.split()[2][1:])))
    on_map = [wolf["quadrant"] for wolf in wolves.values() if wolf["quadrant"] is not None]
    if on_map and by_verb.get("deploy"):
        busiest = max(sorted(set(on_map)), key=on_map.count)
        for action in by_verb["deploy"]:
            unit = action.split()[1]
            here = me.obs["fighters"].get(unit, {}).get("quadrant")
            if here not in on_map and action.endswith(f" q{busiest}"):
                return action
    aboard = [wolf["ship"] for wolf in wolves.values() if wolf["ship"] is not None]
    if aboard and me.ship not in aboard and by_verb.get("reinforce"):
        neediest = max(sorted(set(aboard)), key=aboard.count)
        return next((a for a in by_verb["reinforce"] if a.endswith(f" {neediest}")), None)
    return None


STRIKERS: Final = frozenset({"fighter", "battery"})
"""Fleet units that strike Wolves on the map; each hits about once a Fleet round (both editions' tables)."""


def _strikes_left(me: _Seat) -> int:
    """The fleet's fighters and batteries still in the battle: those printed on the panels of the ships there
    (units are numbered `ship:uN` in the panel's order), less those the Wolves destroyed."""
    attack = me.obs["attack"]
    lost = set(attack["lost"])
    count = 0
    for sid in attack["ships"]:
        kinds = [group.kind for group in me.content.ships[sid].units for _ in range(group.count)]
        count += sum(kind in STRIKERS and f"{sid}:u{n}" not in lost for n, kind in enumerate(kinds, 1))
    return count


def _wolf_hits_left(me: _Seat) -> int:
    """The hits it takes to destroy the Wolves still on the map (not those aboard: jumping leaves them aboard)."""
    hits = {wolf.id: wolf.hits for wolf in me.content.combat.combat.wolves}
    wolves = me.obs["attack"]["wolves"].values()
    return sum(hits[wolf["kind"]] - int(wolf["hits"]) for wolf in wolves if wolf["ship"] is None)


def losing_battle(me: _Seat) -> bool:
    """Whether the fleet cannot expect to finish the Wolves on the map this Fleet round: they need more hits than it
    has fighters and batteries left to strike."""
    return _wolf_hits_left(me) > _strikes_left(me)


def _flee(me: _Seat) -> str | None:
    """Out of a losing battle, as a fleet: the Aegis' commander writes the destination it told every ship at the
    start of the turn (`_share_rally`) and holds up the indicator; every other commander, seeing it, follows to the
    same coordinates. A ship alone would be cut off from the fleet, so none flees on its own."""
    if not me.commander or not me.panel["drive_ready"] or me.facts["jumping"]:
        return None
    if me.ship != me.aegis:
        return _follow_aegis(me)
    target = _rally_target(me)
    if target is None or not losing_battle(me):
        return None
    code = target["coordinates"]
    if me.panel["coords"] != code:
        return f"coords {code}" if f"coords {code}" in me.legal else None
    return "jump" if "jump" in me.legal else None


def _follow_aegis(me: _Seat) -> str | None:
    """A ship other than the Aegis, once the Aegis holds up its indicator, writes the coordinates it was told last
    and jumps there; a ship cut off from the fleet jumps back to it (`_rejoin_code`)."""
    if me.with_fleet:
        if not me.obs["ships"][me.aegis]["jumping"]:
            return None
        code, jumped = me.told()
        code = None if jumped else code
    else:
        code = _rejoin_code(me)
    if code is None:
        return None
    if me.panel["coords"] != code:
        return f"coords {code}" if f"coords {code}" in me.legal else None
    return "jump" if me.commander and "jump" in me.legal else None


def _rejoin_code(me: _Seat) -> str | None:
    """Where a ship cut off from the fleet jumps: where the fleet last arrived (a public line of the log) when its
    team knows those coordinates, else the coordinates it was told last, if it has not jumped there since (a later
    rally point is not where the fleet went)."""
    fleet = me.fleet_arrived()
    if fleet is not None and fleet in me.obs.get("known", {}).get(me.ship, ()):
        return fleet
    code, jumped = me.told()
    return None if code is None or jumped else code


def _share_rally(me: _Seat) -> str | None:
    """At the start of the turn the Aegis tells every ship the destination it would flee to (`_rally_target`), so
    that the fleet can jump together out of a Wolf Attack, when no coordinates may pass between tables."""
    target = _rally_target(me)
    if target is None:
        return None
    for other in sorted(me.obs["ships"]):
        if f"share {target['id']} {other}" in me.legal:
            return f"share {target['id']} {other}"
    return None


def dice_rng(seed: int | None) -> random.Random:
    """A bot's generator for the dice it rolls at a table, apart from the rest of its play."""
    return random.Random(None if seed is None else f"dice:{seed}")


def council_rng(seed: int | None) -> random.Random:
    """A bot's generator for the Council, seeded from the bot's seed so that the rest of its play is unchanged."""
    return random.Random(None if seed is None else f"council:{seed}")


def _to_sickbay(legal: Sequence[str], ship: str) -> str | None:
    options = sorted(a for a in legal if a.startswith("sickbay "))
    if not options:
        return None
    return f"sickbay {ship}" if f"sickbay {ship}" in options else options[0]


def _jump_cost(me: _Seat, code: str) -> int:
    destination = me.content.destinations_by_coordinates.get(code)
    return int(me.panel["fuel_costs"][destination.distance if destination else "short"])


def _aegis_target(me: _Seat, need_drive: bool) -> dict[str, Any] | None:
    """The destination card the Aegis means to jump to now, or None.

    Below `JUMP_PURSUIT` only a rich destination tempts it, with fuel to spare for a long jump after; from there
    any destination whose jump leaves fuel for a short hop. It prefers the most rewards per step of distance (a
    short jump costs every ship least, so the fleet stays together), then the shorter jump."""
    if not me.with_fleet or (need_drive and not me.panel["drive_ready"]):
        return None
    fuel = int(me.hold["fuel"])
    costs = me.panel["fuel_costs"]
    cards: list[dict[str, Any]] = [c for c in me.obs.get("destinations", []) if costs[c["distance"]] <= fuel]
    for card in cards:
        if card["coordinates"] == me.panel["coords"]:
            return card  # the plan on the sheet stands
    pursuit = int(me.obs["pursuit"])
    if pursuit >= JUMP_PURSUIT:
        spare = [c for c in cards if fuel - costs[c["distance"]] >= costs["short"]]
    else:
        spare = [
            c
            for c in cards
            if sum(c["rewards"].values()) >= RICH_REWARDS and fuel - costs[c["distance"]] >= costs["long"]
        ]
    return max(spare, key=_destination_value) if spare else None


def _destination_value(card: Mapping[str, Any]) -> tuple[float, int, str]:
    """How the Aegis ranks destinations: rewards per step of distance, then the shorter jump."""
    rank = DISTANCE_RANK[card["distance"]]
    return (1 + sum(card["rewards"].values())) / rank, -rank, str(card["id"])


def _rally_target(me: _Seat) -> dict[str, Any] | None:
    """The destination the fleet would flee a Wolf Attack to: the one on the Aegis' sheet, else the best one its
    fuel reaches (`_destination_value`), whatever the pursuit."""
    if not me.with_fleet:
        return None
    fuel, costs = int(me.hold["fuel"]), me.panel["fuel_costs"]
    cards: list[dict[str, Any]] = [c for c in me.obs.get("destinations", []) if costs[c["distance"]] <= fuel]
    planned = [card for card in cards if card["coordinates"] == me.panel["coords"]]
    return planned[0] if planned else max(cards, key=_destination_value, default=None)


def _station(content: DenContent, ship: str, station_id: str) -> Station | None:
    card = content.ships.get(ship)
    return next((s for s in card.stations if s.id == station_id), None) if card is not None else None


def _disperse(me: _Seat, tried: set[tuple[int, str]], errands: _Errands) -> str | None:
    """An on-foot unit of the team against an active riot on the ship it is aboard: the riots on the stations that
    matter first; healthy units before damaged ones. Each unit tries once a turn: at home the panel shows it pinned;
    a unit posted aboard another ship is sent by the commander alone, who remembers (`tried`)."""
    home = me.panel["units"]
    turn = int(me.obs["turn"])
    ready = me.worker and any(u["owner"] == me.ship and u["kind"] in ON_FOOT and not u["pinned"] for u in home.values())
    posted = me.commander and any(
        me.obs["ships"][sid]["riots"] and (turn, unit) not in tried
        for sid, unit in errands.posts.items()
        if sid in me.obs["ships"]
    )
    if not (me.facts["riots"] and ready) and not posted:
        return None
    ranked: list[tuple[int, int, int, str]] = []
    for action in me.legal:
        if not action.startswith("disperse "):
            continue
        _, unit_id, where = action.split(" ")
        unit = home.get(unit_id)
        if unit is None:
            if not me.commander or (turn, unit_id) in tried:
                continue  # a unit posted aboard another ship
            kind, damaged = _printed_unit_kind(me, unit_id), False
        elif unit["pinned"] or not me.worker:
            continue
        else:
            kind, damaged = unit["kind"], bool(unit["damaged"])
        if kind not in ON_FOOT:
            continue
        ship, _, station_id = where.partition(".")
        station = _station(me.content, ship, station_id)
        rank = STATION_ORDER.get(_kind(station), 3) if station is not None else 3
        preference = UNIT_PREFERENCE.index(kind) if kind in UNIT_PREFERENCE else len(UNIT_PREFERENCE)
        ranked.append((int(damaged), rank, preference, action))
    if not ranked:
        return None
    action = min(ranked)[3]
    unit_id = action.split(" ")[1]
    if unit_id not in home:
        tried.add((turn, unit_id))
    return action


def _printed_unit_kind(me: _Seat, unit_id: str) -> str:
    """A unit's kind from its id and its ship's printed units (`ship:uN` numbers them in the panel's order)."""
    ship, _, number = unit_id.partition(":u")
    card = me.content.ships.get(ship)
    units = [group.kind for group in card.units for _ in range(group.count)] if card is not None else []
    index = int(number) - 1 if number.isdigit() else -1
    return units[index] if 0 <= index < len(units) else ""


def _repair(me: _Seat, important: bool) -> str | None:
    """Mend a damaged station (those that matter, or the others) when engineers and materials allow."""
    ranked: list[tuple[int, str]] = []
    for station in me.card.stations:
        if me.panel["stations"][station.id]["damage"] is None:
            continue
        order = STATION_ORDER.get(_kind(station))
        if (order is not None) == important and f"repair {station.id}" in me.legal:
            ranked.append((order or 0, f"repair {station.id}"))
    return min(ranked)[1] if ranked else None


def _hurt_aboard(me: _Seat) -> list[str]:
    """The team's wounded crew and damaged units aboard its ship."""
    crew = [c["id"] for slot in me.panel["stations"].values() for c in slot["crew"] if c["wounded"]]
    units = [uid for uid, unit in me.panel["units"].items() if unit["owner"] == me.ship and unit["damaged"]]
    return sorted(crew) + sorted(units)


def _heal(me: _Seat) -> str | None:
    """Heal wounded crew (then damaged units) at a sickbay of the ship."""
    hurt = _hurt_aboard(me)
    if not hurt:
        return None
    for station in me.card.stations:
        if _kind(station) == "heal" and me.usable(station):
            for target in hurt:
                if f"use {station.id} {target}" in me.legal:
                    return f"use {station.id} {target}"
    return None


def _work(me: _Seat, kind: str) -> str | None:
    """Use a station of this kind (converters only when what they use up is worth less than what they make)."""
    for station in me.card.stations:
        if _kind(station) != kind or not me.usable(station):
            continue
        if any(me.hold.get(r, 0) < n for r, n in _lost(station.effects).items()):
            continue
        if kind == "convert":
            made = sum(RESOURCE_VALUE.get(e.resource or "", 1.0) * e.amount for e in station.effects if e.op == "gain")
            spent = _lost(station.effects)
            worth = sum(RESOURCE_VALUE.get(r, 1.0) * n for r, n in spent.items())
            if made <= worth or not me.can_spare({r: n for r, n in spent.items() if r in MEALS}):
                continue
        if f"use {station.id}" in me.legal:
            return f"use {station.id}"
    return None


def _recreation(me: _Seat, meals: str = "team") -> str | None:
    """A station that turns food and water into morale, used while the ship is below the top of its track and the
    hold can still keep minimum rations to the end, when its morale per counter spent is at least what the same
    counters buy as richer rations (`ration_gain`); never under the "rations" policy, always under "recreation"."""
    if int(me.panel["morale"]) >= me.card.morale.top or meals == "rations":
        return None
    for station in me.card.stations:
        if _kind(station) != "recreation" or not me.usable(station):
            continue
        costs = _lost(station.effects)
        if not me.can_spare(costs, "minimum") or f"use {station.id}" not in me.legal:
            continue
        if meals == "team" and morale_bought(me, station.effects) / max(1, sum(costs.values())) < ration_gain(me):
            continue
        return f"use {station.id}"
    return None


def expected_move(bands: Sequence[Any], modifier: int) -> float:
    """The mean number of levels a morale roll moves with this total modifier (a d6 through the band table)."""
    return sum(int(row_for(bands, face + modifier).result) for face in range(1, FACES + 1)) / FACES


def morale_bought(me: _Seat, effects: Sequence[Effect]) -> float:
    """The levels of morale effects buy: a level for sure, or a roll modifier's mean move at the planned rations."""
    bands = me.content.tables.tables.morale_bands
    base = planned_modifier(me)
    lifted = expected_move(bands, base + sum(e.amount for e in effects if e.op == "morale-roll"))
    return sum(e.amount for e in effects if e.op == "morale") + lifted - expected_move(bands, base)


def planned_modifier(me: _Seat) -> int:
    """The food and water modifiers of the rations the team would set now (`ration_level`)."""
    modifiers = me.content.tables.tables.ration_modifiers
    return sum(modifiers[cast(RationLevel, ration_level(me, meal))] for meal in MEALS)


def ration_gain(me: _Seat) -> float:
    """The most morale (levels a roll moves, on average) that one counter of food or water buys by raising one meal a
    level above the rations the team would set now (`ration_level`)."""
    tables = me.content.tables.tables
    modifiers = tables.ration_modifiers
    levels = {meal: cast(RationLevel, ration_level(me, meal)) for meal in MEALS}
    base = planned_modifier(me)
    best = 0.0
    for meal, level in levels.items():
        index = RATION_LEVELS.index(level)
        if index == 0:
            continue
        richer = RATION_LEVELS[index - 1]
        costs = me.panel["ration_costs"][meal]
        extra = int(costs[richer]) - int(costs[level])
        if extra > 0:
            gain = expected_move(tables.morale_bands, base + modifiers[richer] - modifiers[level])
            best = max(best, (gain - expected_move(tables.morale_bands, base)) / extra)
    return best


def _give_supplies(me: _Seat) -> str | None:
    """Load food or water the ship can spare into another team's empty shuttle docked here (it has come for
    supplies): what leaves two turns of normal rations in the hold and normal rations affordable to the end."""
    for shuttle, docked in sorted(me.panel["shuttles"].items()):
        if docked["owner"] == me.ship or docked["cargo"]:
            continue
        offers = []
        for meal in MEALS:
            keep = 2 * int(me.panel["ration_costs"][meal]["normal"])
            count = next(
                (n for n in range(MOST_GIVEN, 0, -1) if me.hold[meal] - n >= keep and me.can_spare({meal: n})), 0
            )
            if count:
                offers.append((count, meal))
        if offers:
            count, meal = max(offers)
            if f"load {shuttle} {meal} {count}" in me.legal:
                return f"load {shuttle} {meal} {count}"
    return None


def _shuttle(me: _Seat, errands: _Errands) -> str | None:
    """Errands of the team's shuttles, run by its commander one step at a time. A shuttle away from home shows in
    neither the team's panel nor its view, so then the legal actions tell: it may fly home, and unload its cargo.

    Away: unload fuel it brought, set down a unit it brought, bring food or water it was given home; wait (once) at
    the ship it visits for supplies; else fly home. At home: fly a unit aboard to the ship it is posted to, fuel
    aboard to the ship whose turn it is, unload food or water; and when idle, start an errand: the commander posts a
    spare on-foot unit aboard a ship that cannot put down its riots (`_riot_target`; only the commander remembers
    where it sent them, in `errands`, so only it flies units); a ship other than the Aegis with fuel to spare (more
    than two long jumps) loads the surplus, once a turn, for the ship whose turn it is (`_fuel_target`); a ship
    short of food or water sends the shuttle, once a turn, to a ship whose printed panel makes more of it than it
    eats (one such ship a turn, in turn), where that ship's team loads what it can spare (`_give_supplies`)."""
    if not me.card.shuttles or not me.commander:
        return None
    home, turn = me.ship, int(me.obs["turn"])
    shuttles = [f"{home}:s{number}" for number in range(1, me.card.shuttles + 1)]
    docked = me.panel["shuttles"]
    if all(s in docked and not docked[s]["cargo"] for s in shuttles) and not _errand_wanted(me, errands, shuttles):
        return None  # every shuttle at home and empty, and nothing to send one on
    for shuttle in shuttles:
        cargo = _cargo(me, shuttle)
        landings = sorted(a for a in me.legal if a.startswith(f"disembark {shuttle} "))
        if f"fly {shuttle} {home}" in me.legal:  # away
            if cargo.get("fuel"):
                return f"unload {shuttle} fuel {cargo['fuel']}"
            if landings:
                return landings[0]
            if not cargo and errands.visited.get(shuttle) == turn and (turn, shuttle) not in errands.waited:
                errands.waited.add((turn, shuttle))
                continue  # waiting once at the ship it visits for what that ship can spare
            return f"fly {shuttle} {home}"
        if shuttle not in docked:
            continue
        if landings:
            aboard = {a.split(" ")[2] for a in landings}
            target = next((t for t, unit in sorted(errands.posts.items()) if unit in aboard), None)
            if target is not None and f"fly {shuttle} {target}" in me.legal:
                return f"fly {shuttle} {target}"
            for t in [t for t, unit in errands.posts.items() if unit in aboard]:
                del errands.posts[t]
            return landings[0]
        if cargo:
            target = _fuel_target(me, shuttle) if cargo.get("fuel") else None
            if target is not None:
                return f"fly {shuttle} {target}"
            resource = "fuel" if cargo.get("fuel") else min(cargo)
            unload = f"unload {shuttle} {resource} {cargo[resource]}"
            return unload if unload in me.legal else None
        errand = _post_unit(me, shuttle, errands.posts)
        if errand is None and errands.fuelled != turn:
            errand = _load_fuel(me, shuttle)
            errands.fuelled = turn if errand is not None else errands.fuelled
        if errand is not None:
            return errand
        visit = _supply_target(me) if errands.visited.get(shuttle) != turn else None
        if visit is not None and f"fly {shuttle} {visit}" in me.legal:
            errands.visited[shuttle] = turn
            return f"fly {shuttle} {visit}"
    return None


def _errand_wanted(me: _Seat, errands: _Errands, shuttles: Sequence[str]) -> bool:
    turn = int(me.obs["turn"])
    visits = any(errands.visited.get(s) != turn for s in shuttles) and _supply_target(me) is not None
    fuel = errands.fuelled != turn and _fuel_surplus(me) >= 2
    return _posting_wanted(me, errands.posts) or fuel or visits


def _cargo(me: _Seat, shuttle: str) -> dict[str, int]:
    """What the team's shuttle carries: the panel shows it at home; away, the largest unload of each resource."""
    docked = me.panel["shuttles"].get(shuttle)
    if docked is not None:
        return {resource: int(count) for resource, count in docked["cargo"].items() if count}
    cargo: dict[str, int] = {}
    prefix = f"unload {shuttle} "
    for action in me.legal:
        if action.startswith(prefix):
            _, _, resource, count = action.split(" ")
            cargo[resource] = max(cargo.get(resource, 0), int(count))
    return cargo


def _reachable(me: _Seat, ship: str) -> bool:
    """Whether the ship is where this one is (both with the fleet): a shuttle can fly there."""
    ships = me.obs["ships"]
    return bool(ships[ship]["with_fleet"] and me.with_fleet)


def _supply_target(me: _Seat) -> str | None:
    """The ship this team's shuttle visits this turn for food or water it is short of, or None."""
    short = [meal for meal in MEALS if _short_of(me, meal)]
    if not short:
        return None
    hosts = [
        sid
        for sid in sorted(me.obs["ships"])
        if sid != me.ship and _reachable(me, sid) and any(_printed_surplus(me.content, sid, meal) for meal in short)
    ]
    return hosts[int(me.obs["turn"]) % len(hosts)] if hosts else None


def _printed_surplus(content: DenContent, ship: str, meal: str) -> bool:
    """Whether a ship's printed panel, every starting crew at work, makes more of `meal` than its normal rations."""
    card = content.ships[ship]
    crew: dict[str, int] = {}
    for group in card.crew:
        crew[group.station] = crew.get(group.station, 0) + group.count
    made = sum(
        effect.amount * (crew.get(station.id, 0) // station.crew)
        for station in card.stations
        if not any(e.op == "lose" for e in station.effects)
        for effect in station.effects
        if effect.op == "gain" and effect.resource == meal
    )
    costs = card.food if meal == "food" else card.water
    return made > costs.cost("normal")


def _riot_target(me: _Seat, posts: Mapping[str, str]) -> str | None:
    """Where the commander posts an on-foot unit next: a ship with the fleet where it has posted none yet, either one
    without on-foot units of its own that this team guards (`guard_duties`) or one with two or more riots; the
    former first, then the most riots."""
    ships = me.obs["ships"]
    duties = guard_duties(me.content).get(me.ship, ())
    targets = []
    for sid in sorted(ships):
        if sid == me.ship or sid in posts or not _reachable(me, sid):
            continue
        unguarded = sid in duties
        if unguarded or len(ships[sid]["riots"]) >= 2:
            targets.append((not unguarded, -len(ships[sid]["riots"]), sid))
    return min(targets)[2] if targets else None


_DUTIES: dict[int, tuple[DenContent, dict[str, tuple[str, ...]]]] = {}


def guard_duties(content: DenContent) -> dict[str, tuple[str, ...]]:
    """Which team posts a unit aboard each ship printed without on-foot units (nobody aboard can put down a riot):
    the teams with a shuttle and two or more on-foot units (one stays home) take them in turn, in the pack's order.
    Every team can work this out from the printed panels, so no two send a unit to the same ship."""
    entry = _DUTIES.get(id(content))
    if entry is not None and entry[0] is content:
        return entry[1]
    on_foot = {ship.id: sum(g.count for g in ship.units if g.kind in ON_FOOT) for ship in content.fleet.ships}
    spare = {ship.id: on_foot[ship.id] - 1 for ship in content.fleet.ships if ship.shuttles and on_foot[ship.id] >= 2}
    unguarded = [ship.id for ship in content.fleet.ships if not on_foot[ship.id]]
    duties: dict[str, list[str]] = {ship: [] for ship in spare}
    while unguarded and any(spare.values()):
        for ship in list(spare):
            if unguarded and spare[ship]:
                duties[ship].append(unguarded.pop(0))
                spare[ship] -= 1
    result = {ship: tuple(ships) for ship, ships in duties.items()}
    _DUTIES[id(content)] = (content, result)
    return result


def _spare_unit(me: _Seat) -> str | None:
    """A healthy on-foot unit of the team at home that can go, if another stays."""
    healthy = sorted(
        uid
        for uid, unit in me.panel["units"].items()
        if unit["owner"] == me.ship and unit["kind"] in ON_FOOT and not unit["damaged"] and not unit["pinned"]
    )
    return healthy[-1] if len(healthy) >= 2 else None


def _posting_wanted(me: _Seat, posts: Mapping[str, str]) -> bool:
    return me.commander and _spare_unit(me) is not None and _riot_target(me, posts) is not None


def _post_unit(me: _Seat, shuttle: str, posts: dict[str, str]) -> str | None:
    """The commander embarks a spare unit for the next ship to guard (remembered in `posts`)."""
    if not me.commander:
        return None
    target, unit = _riot_target(me, posts), _spare_unit(me)
    if target is None or unit is None or f"embark {shuttle} {unit}" not in me.legal:
        return None
    posts[target] = unit
    return f"embark {shuttle} {unit}"


def _fuel_surplus(me: _Seat) -> int:
    """Fuel a ship other than the Aegis holds beyond two long jumps."""
    if me.ship == me.aegis:
        return 0
    return int(me.hold.get("fuel", 0)) - 2 * int(me.panel["fuel_costs"]["long"])


def _fuel_target(me: _Seat, shuttle: str) -> str | None:
    """The ship whose turn it is to get spare fuel: the Aegis every other turn (the fleet jumps when it does), in
    between the other ships with the fleet that make none (as printed), in turn."""
    turn = int(me.obs["turn"])
    if turn % 2 and f"fly {shuttle} {me.aegis}" in me.legal:
        return me.aegis
    others = [
        sid
        for sid in sorted(me.obs["ships"])
        if sid not in (me.ship, me.aegis)
        and f"fly {shuttle} {sid}" in me.legal
        and not _printed_maker(me.content, sid, "fuel")
    ]
    return others[(turn // 2) % len(others)] if others else None


def _printed_maker(content: DenContent, ship: str, resource: str) -> bool:
    """Whether a ship's printed panel has a station that makes `resource`."""
    return any(
        effect.op == "gain" and effect.resource == resource
        for station in content.ships[ship].stations
        for effect in station.effects
    )


def _load_fuel(me: _Seat, shuttle: str) -> str | None:
    surplus = _fuel_surplus(me)
    if surplus < 2 or _fuel_target(me, shuttle) is None:
        return None
    action = f"load {shuttle} fuel {surplus}"
    return action if action in me.legal else None


def _pass_destinations(me: _Seat) -> str | None:
    """Infinite Domain: a team holding destination cards hands them to the Aegis, which chooses where to go."""
    if me.ship == me.aegis:
        return None
    for card in sorted(me.obs.get("held", {}).get(me.ship, [])):
        if f"pass {card} {me.aegis}" in me.legal:
            return f"pass {card} {me.aegis}"
    return None


def _targeted_card(me: _Seat, card_id: str, heal: bool) -> str | None:
    """A heal, refit or repair card on the team's own ship, when its sickbay or engineers cannot do the job."""
    if heal:
        targets = _hurt_aboard(me)
        if not targets or _heal(me) is not None:
            return None
    else:
        damaged = [s.id for s in me.card.stations if me.panel["stations"][s.id]["damage"] is not None]
        if not damaged or any(f"repair {station}" in me.legal for station in damaged):
            return None
        targets = [f"{me.ship}.{station}" for station in damaged]
    return next((f"play {card_id} {t}" for t in targets if f"play {card_id} {t}" in me.legal), None)


def _short_of(me: _Seat, resource: str) -> bool:
    if resource in MEALS:
        return me.budget(resource) < float(me.panel["ration_costs"][resource]["normal"])
    if resource == "fuel":
        return int(me.hold.get("fuel", 0)) < 2 * int(me.panel["fuel_costs"]["medium"])
    if resource == "materials":
        return any(slot["damage"] is not None for slot in me.panel["stations"].values())
    return False


def ration_level(me: _Seat, meal: str) -> str:
    """The ration level the team sets for `meal` this turn (see the module's notes)."""
    costs = me.panel["ration_costs"][meal]
    hold = int(me.hold.get(meal, 0))
    left = me.turns_left
    coming = me.production.get(meal, 0.0) * PRODUCTION_SAFETY

    def keeps(cost: int, floor: float) -> bool:
        """Whether paying `cost` now leaves `floor` a turn for the turns after this one."""
        return cost <= hold and (left == 1 or (hold - cost + coming * (left - 1)) / (left - 1) >= floor)

    average = me.budget(meal)
    if average >= costs["normal"]:
        top = "normal" if int(me.panel["morale"]) >= me.card.morale.top else RATION_LEVELS[0]
        above = RATION_LEVELS[: RATION_LEVELS.index("normal") + 1]
        chosen = next((lv for lv in above[above.index(top) :] if keeps(costs[lv], costs["normal"])), None)
        if chosen is not None:
            return chosen
    # Short: pay the more generous of the two thrifty levels around what the hold allows a turn, while the later
    # turns can still afford the other one.
    levels = thrifty_levels(costs, me.content.tables.tables.ration_modifiers)
    for upper, lower in itertools.pairwise(levels):
        if costs[lower] <= average:
            if keeps(costs[upper], costs[lower]):
                return upper
            break
    return next((lv for lv in levels if costs[lv] <= hold), "none")


def thrifty_levels(costs: Mapping[str, int], modifiers: Mapping[RationLevel, int]) -> list[RationLevel]:
    """The levels from normal down to none that save the most food per point of the morale roll given up: the upper
    concave hull of (cost, modifier), most generous first. A level off it (often `low`) is never the cheapest way to
    eat less: mixing its neighbours on the hull saves as much for a smaller loss of morale on average."""
    best: dict[int, RationLevel] = {}
    for level in RATION_LEVELS[RATION_LEVELS.index("normal") :]:
        cost = costs[level]
        if cost not in best or modifiers[level] > modifiers[best[cost]]:
            best[cost] = level
    hull: list[RationLevel] = []
    for cost in sorted(best):
        level = best[cost]
        while len(hull) >= 2:
            a, b = hull[-2], hull[-1]
            rise_ab = (modifiers[b] - modifiers[a]) * (cost - costs[a])
            rise_ac = (modifiers[level] - modifiers[a]) * (costs[b] - costs[a])
            if rise_ab > rise_ac:
                break
            hull.pop()
        hull.append(level)
    return hull[::-1]


__all__ = ["ControlBot", "TeamBot", "centre_ship", "den_content", "guard_duties", "ration_level", "thrifty_levels"]
