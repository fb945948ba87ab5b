"""Den of Wolves: Wolf Attacks, their rounds and combat (both editions), as verbs of the fleet's seats and Control.

Control starts an attack in the Action Phase (`control attack`): the Wolves the pursuit track calls for appear in
random quadrants, the roles that report to the map go there, and nobody else leaves their table. Then Fleet and
Wolf rounds alternate. In a Fleet round each fleet unit may act once (`deploy`, `strike`, `fire`, `fight`,
`reinforce`) and, from the edition's round on, ships may jump; Control ends the round (`control wolf-round`) and
the Wolves act by dice, after which the next Fleet round begins by itself. The attack ends when no Wolf is left
(or Control ends it): the damage recorded against each ship becomes damage cards, fighter pilots are wounded, and
the morale roll counts the damage and the boarders.

The attack's state (`state.attack`, None between attacks) is JSON-ready:
`round` (the Fleet round, and the Wolf round after it), `side` (placing, fleet or wolf), `ships` (those in the
battle), `places` (their quadrants as the attack began), `wolves` (id -> kind, quadrant or ship aboard, hits
taken), `acted` (fleet units that acted this round), `transit` (a reinforcing unit -> the first Fleet round it
may fight), `damage`, `boarded` and `pilots` (per ship: damage recorded, boarders that came aboard, pilot wounds
owed), `boarding` (ships a boarding squadron picked this Wolf round), and for the record `pursuit` (as the attack
began), `arrived` (Wolf units that came), `hurt` and `lost` (fleet units damaged, and destroyed). The combat scenario
(scenario.py) adds `withdraw`: the Fleet round at whose end the Wolves withdraw. When it ends, its outcome joins
`state.battles`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from wolfpack.games.den.content import ON_FOOT, CombatBand, row_for
from wolfpack.games.den.control import control_verb
from wolfpack.games.den.notation import quote
from wolfpack.games.den.rules import (
    PUBLIC,
    Why,
    _aegis,
    damage_unit,
    map_access,
    note,
    notify_control,
    plain_copy,
    seat_by_label,
    ship_of,
    team_ship,
    wound_crew,
)
from wolfpack.games.den.turn import JUMPED, RESOLVE, SETTLED, TURN_ENDS
from wolfpack.games.den.verbs import ACTION, GUARDS, WALKS, Args, verb

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState

HELD: Final = frozenset({"goto", "sickbay", "load", "unload", "board", "land", "embark", "disembark", "fly"})
"""Verbs that move people, crew, resources or units between ships: none of them during an attack."""
HELD_TOO: Final = frozenset({"pass", "share", "move", "swap", "post"})
"""Also held: destination cards and coordinates pass between teams only in person, and ships and units keep the
places they fought from. (Action cards still pass across a table: `give` checks that.)"""
POSTS: Final = ("battle-stations", "ready-room", "reserve")
POSTED: Final = {
    **{kind: POSTS for kind in sorted(ON_FOOT)},
    "fighter": ("battle-stations", "reserve"),
}
"""The posts each kind of unit takes (Infinite Domain): on-foot units all three; fighter squadrons wait at Battle
Stations (to go to the map when an attack begins) or in reserve."""


def set_up(state: DenState) -> None:
    """Fighters start on patrol in their ship's quadrant (the Aegis' spread over the quadrants); no attack."""
    launch(state, [uid for uid, unit in state.units.items() if unit["kind"] == "fighter"])
    state.attack = None


def launch(state: DenState, fighters: list[str]) -> None:
    """Fighter squadrons fly out to their ship's quadrant; the Aegis', being at the centre, take the quadrants in
    turn."""
    spread = 0
    for uid in fighters:
        unit = state.units[uid]
        quadrant = state.ships[unit["ship"]]["quadrant"]
        if not quadrant:
            quadrant = spread % state.quadrant_count + 1
            spread += 1
        unit["quadrant"] = quadrant


def at_battle_stations(state: DenState, unit_id: str, battle: list[str]) -> bool:
    """Whether a unit is a fighter squadron waiting aboard a ship in the battle at Battle Stations."""
    unit = state.units[unit_id]
    return bool(
        unit["kind"] == "fighter"
        and unit["quadrant"] is None
        and unit["post"] == "battle-stations"
        and unit["ship"] in battle
    )


def attack_view(state: DenState, player: int | None) -> dict[str, Any] | None:
    """The attack as `player` sees it: all of it is on the fleet map, so public."""
    return plain_copy(state.attack)


# ---- lookups -----------------------------------------------------------------------------------------------------


def wolf_kind(state: DenState, kind: str) -> Any:
    """The content entry of a kind of Wolf unit."""
    return next(wolf for wolf in state.content.combat.combat.wolves if wolf.id == kind)


def wolves_in(state: DenState, quadrant: int) -> list[str]:
    """The Wolf units on the map in a quadrant, boarding squadrons first (the threat a pilot takes out first)."""
    attack = state.attack or {}
    found = [wid for wid, wolf in attack.get("wolves", {}).items() if wolf["quadrant"] == quadrant]
    return sorted(found, key=lambda wid: (not wolf_kind(state, attack["wolves"][wid]["kind"]).boards, _number(wid)))


def boarders_on(state: DenState, ship: str) -> list[str]:
    """The Wolf boarding units aboard a ship."""
    attack = state.attack or {}
    return sorted((wid for wid, wolf in attack.get("wolves", {}).items() if wolf["ship"] == ship), key=_number)


def _number(wolf_id: str) -> int:
    return int(wolf_id[1:])


def places(state: DenState, quadrant: int) -> list[str | None]:
    """The places of a quadrant as a Wolf's d6 counts them: its ships in the battle in the pack's order, a size-2
    ship taking two places, then empty places (None) up to the quadrant's size."""
    assert state.attack is not None
    found: list[str | None] = []
    for sid in state.ships:
        if sid in state.attack["ships"] and state.attack["places"].get(sid) == quadrant:
            found += [sid] * state.content.ships[sid].size
    spaces = state.content.tables.tables.quadrant_spaces
    return found + [None] * max(0, spaces - len(found))


def target_of(state: DenState, quadrant: int, face: int) -> str | None:
    """The ship a Wolf's d6 picks in its quadrant: 6 the Aegis; 1-5 a place, an empty one meaning the Aegis.
    None when that is the Aegis and the Aegis has left the battle."""
    assert state.attack is not None
    aegis = _aegis(state)
    spots = places(state, quadrant)
    picked = spots[face - 1] if face <= 5 and face - 1 < len(spots) else None
    if picked is None:
        picked = aegis
    return picked if picked in state.attack["ships"] else None


def fighting_round(state: DenState) -> Why:
    """Whether the fleet may act now: an attack in its Fleet round."""
    if state.attack is None:
        return "no attack", "there is no Wolf Attack under way"
    if state.attack["side"] != "fleet":
        return "round", "fleet units act only in a Fleet round"
    return None


def unit_order(state: DenState, seat: int, unit_id: str, kinds: frozenset[str], at_map: bool) -> Why:
    """Whether the seat may order this unit now: its team's own unit of these kinds that has not acted; fighters
    and batteries are ordered from the fleet map by a seat that commands there."""
    unit = state.units.get(unit_id)
    if unit is None or unit["owner"] != ship_of(state, seat):
        return "unit", f"{unit_id} is not one of your ship's units"
    if unit["kind"] not in kinds:
        return "unit kind", f"{unit_id} is a {unit['kind']} unit"
    if at_map and not map_access(state, seat):
        return "map", f"{state.seats[seat].title} does not command at the fleet map"
    if at_map and state.attack is not None and state.people[str(seat)]["at"] != "map":
        return "map", "units on the map are ordered from the fleet map"
    if state.attack is not None and unit_id in state.attack["acted"]:
        return "acted", f"{unit_id} has acted this Fleet round"
    return None


def in_battle_quadrant(state: DenState, ship: str) -> int | None:
    """A ship's quadrant in the battle (None for the Aegis, at the centre and so in every quadrant)."""
    assert state.attack is not None
    quadrant: int | None = state.attack["places"].get(ship)
    return quadrant


# ---- the fleet's verbs ----------------------------------------------------------------------------------------


@verb("deploy", ACTION)
class Deploy:
    """Fly a fighter squadron to a quadrant of the map (or back aboard, outside an attack); in a Fleet round this
    is the squadron's action for the round."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = ship_of(state, seat)
        for uid, unit in state.units.items():
            if unit["owner"] == ship and unit["kind"] == "fighter":
                yield uid, "aboard"
                for quadrant in range(1, state.quadrant_count + 1):
                    yield uid, f"q{quadrant}"

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = unit_order(state, seat, args[0], frozenset({"fighter"}), at_map=True)
        if blocked:
            return blocked
        unit = state.units[args[0]]
        if state.attack is not None:
            blocked = fighting_round(state)
            if blocked:
                return blocked
            if args[1] == "aboard":
                return "aboard", "in a battle a squadron moves between quadrants; it lands when its ship jumps"
            if unit["owner"] not in state.attack["ships"]:
                return "battle", f"{unit['owner']} has left the battle"
            if state.rules.battle_stations and unit["quadrant"] is None:
                return "battle stations", f"{args[0]} was not at Battle Stations: it stays aboard during the attack"
        elif state.ships[unit["owner"]]["at"] != state.fleet_at and args[1] != "aboard":
            return "separated", f"{unit['owner']} is not with the fleet"
        where = None if args[1] == "aboard" else int(args[1][1:])
        if where is not None and where > state.quadrant_count:
            return "quadrant", f"the map has {state.quadrant_count} quadrants"
        if unit["quadrant"] == where:
            return "already there", f"{args[0]} is already {'aboard' if where is None else args[1]}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        state.units[args[0]]["quadrant"] = None if args[1] == "aboard" else int(args[1][1:])
        if state.attack is not None:
            state.attack["acted"].append(args[0])
        note(state, PUBLIC, f"{state.seats[seat].label}: deploy {args[0]} {args[1]}")


def _map_targets(state: DenState, seat: int, kind: str) -> Iterator[Args]:
    """Each of the team's units of `kind` against each Wolf unit on the map."""
    if state.attack is None:
        return
    ship = ship_of(state, seat)
    for uid, unit in state.units.items():
        if unit["owner"] == ship and unit["kind"] == kind:
            for wid, wolf in state.attack["wolves"].items():
                if wolf["quadrant"] is not None:
                    yield uid, wid


def _shot_problem(state: DenState, seat: int, args: Args, kind: str) -> Why:
    """Why the seat's unit may not shoot at a Wolf unit on the map now (a Fleet round, its own unit, not acted)."""
    blocked = fighting_round(state) or unit_order(state, seat, args[0], frozenset({kind}), at_map=True)
    if blocked:
        return blocked
    assert state.attack is not None
    wolf = state.attack["wolves"].get(args[1])
    if wolf is None or wolf["quadrant"] is None:
        return "wolf", f"{args[1]} is not a Wolf unit on the map"
    return None


def _in_reach(state: DenState, wolf_id: str, quadrant: int, shooter: str) -> Why:
    """Whether a Wolf unit is in the shooter's quadrant."""
    assert state.attack is not None
    if state.attack["wolves"][wolf_id]["quadrant"] != quadrant:
        return "quadrant", f"{wolf_id} is not in q{quadrant} with {shooter}"
    return None


@verb("strike", ACTION)
class Strike:
    """A fighter squadron attacks a Wolf unit in its own quadrant (its action for the Fleet round)."""

    candidates = staticmethod(lambda state, seat: _map_targets(state, seat, "fighter"))

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = _shot_problem(state, seat, args, "fighter")
        if blocked:
            return blocked
        quadrant = state.units[args[0]]["quadrant"]
        if quadrant is None:
            return "aboard", f"{args[0]} is aboard its ship: deploy it to a quadrant first"
        return _in_reach(state, args[1], quadrant, args[0])

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        _attack_roll(state, seat, args[0], args[1], "fighter", 0)


@verb("fire", ACTION)
class Fire:
    """A weapon battery fires at a Wolf unit in its ship's quadrant (the Aegis' batteries reach every quadrant)."""

    candidates = staticmethod(lambda state, seat: _map_targets(state, seat, "battery"))

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        if not state.content.combat.combat.battery:
            return "edition", "weapon batteries have no combat table in this edition"
        blocked = _shot_problem(state, seat, args, "battery")
        if blocked:
            return blocked
        assert state.attack is not None
        ship = state.units[args[0]]["ship"]
        if ship not in state.attack["ships"]:
            return "battle", f"{ship} is not in the battle"
        quadrant = in_battle_quadrant(state, ship)
        return None if quadrant is None else _in_reach(state, args[1], quadrant, ship)

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        _attack_roll(state, seat, args[0], args[1], "battery", 0)


@verb("fight", ACTION)
class Fight:
    """An on-foot unit attacks the Wolf boarders aboard its ship."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = ship_of(state, seat)
        for uid, unit in state.units.items():
            if unit["owner"] == ship and unit["kind"] in ON_FOOT:
                yield (uid,)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = fighting_round(state) or unit_order(state, seat, args[0], ON_FOOT, at_map=False)
        if blocked:
            return blocked
        assert state.attack is not None
        unit = state.units[args[0]]
        if unit["shuttle"] is not None:
            return "shuttle", f"{args[0]} is in a shuttle"
        if state.attack["transit"].get(args[0], 0) > state.attack["round"]:
            return "reinforcing", f"{args[0]} fights from Fleet round {state.attack['transit'][args[0]]}"
        if state.rules.battle_stations and unit["post"] == "reserve":
            return "battle stations", f"{args[0]} is in reserve: only units at Battle Stations fight boarders"
        if not boarders_on(state, unit["ship"]):
            return "no boarders", f"no Wolf boarders are aboard {unit['ship']}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        unit = state.units[args[0]]
        bonus = sum(
            b.bonus for b in state.content.combat.combat.bonuses if b.ship == unit["owner"] and b.kind == unit["kind"]
        )
        if unit["ready"]:
            # The Ready Room's bonus is for the unit's first roll against boarders only.
            bonus += state.content.combat.combat.ready_room_bonus
            unit["ready"] = False
        _attack_roll(state, seat, args[0], boarders_on(state, unit["ship"])[0], "on_foot", bonus)


@verb("reinforce", ACTION)
class Reinforce:
    """An on-foot unit rides one of its team's shuttles to another ship in the battle, to fight there once the
    edition's delay has passed."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        if state.attack is None:
            return
        ship = ship_of(state, seat)
        shuttles = [sid for sid, shuttle in state.shuttles.items() if shuttle["owner"] == ship]
        for uid, unit in state.units.items():
            if unit["owner"] == ship and unit["kind"] in ON_FOOT:
                for shuttle in shuttles:
                    for target in state.attack["ships"]:
                        yield uid, shuttle, target

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        blocked = fighting_round(state) or unit_order(state, seat, args[0], ON_FOOT, at_map=False)
        if blocked:
            return blocked
        assert state.attack is not None
        combat = state.content.combat.combat
        if state.attack["round"] < combat.reinforce_from:
            return "round", f"units ride shuttles into the fight from Fleet round {combat.reinforce_from}"
        unit = state.units[args[0]]
        shuttle = state.shuttles.get(args[1])
        if shuttle is None or shuttle["owner"] != unit["owner"]:
            return "shuttle", f"{args[1]} is not a shuttle of {unit['owner']}"
        if shuttle["at"] != unit["ship"] or unit["shuttle"] is not None:
            return "shuttle", f"{args[1]} is not docked where {args[0]} is"
        if args[2] not in state.attack["ships"] or args[2] == unit["ship"]:
            return "target", f"{args[2]} is not another ship in the battle"
        if state.attack["transit"].get(args[0], 0) > state.attack["round"]:
            return "reinforcing", f"{args[0]} is still on its way"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        assert state.attack is not None
        attack = state.attack
        unit = state.units[args[0]]
        unit.update(ship=args[2], post="battle-stations")
        state.shuttles[args[1]]["at"] = args[2]
        attack["transit"][args[0]] = attack["round"] + 1 + state.content.combat.combat.reinforce_delay
        attack["acted"].append(args[0])
        note(
            state,
            PUBLIC,
            f"{args[0]} rides {args[1]} to {args[2]}; it fights from Fleet round {attack['transit'][args[0]]}",
        )


@verb("post", ACTION, panel=True)
class Post:
    """Infinite Domain: place an on-foot unit at Battle Stations, in the Ready Room or in reserve, and a fighter
    squadron at Battle Stations or in reserve."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        ship = team_ship(state, seat)
        for uid, unit in state.units.items():
            if unit["owner"] == ship and unit["ship"] == ship and unit["kind"] in POSTED:
                for post in POSTED[unit["kind"]]:
                    yield uid, post

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        if not state.rules.battle_stations:
            return "edition", "units have no posts in this edition: every on-foot unit aboard fights"
        ship = team_ship(state, seat)
        unit = state.units.get(args[0])
        if unit is None or unit["owner"] != ship or unit["ship"] != ship or unit["shuttle"] is not None:
            return "unit", f"{args[0]} is not one of {ship}'s units aboard"
        if args[1] not in POSTED.get(unit["kind"], ()):
            return "unit kind", f"a {unit['kind']} unit does not take the post {args[1]}"
        if unit["post"] == args[1]:
            return "already there", f"{args[0]} is already at {args[1]}"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        # Only a unit already in the Ready Room as the turn begins earns its bonus (turn_ends sets it).
        state.units[args[0]].update(post=args[1], ready=False)
        note(state, team_ship(state, seat), f"{state.seats[seat].label}: post {args[0]} {args[1]}")


def _attack_roll(state: DenState, seat: int, unit_id: str, wolf_id: str, table: str, bonus: int) -> None:
    """A fleet unit acts: queue its attack die."""
    assert state.attack is not None
    state.attack["acted"].append(unit_id)
    state.pending.append({"kind": "strike", "unit": unit_id, "wolf": wolf_id, "table": table, "bonus": bonus})
    note(state, PUBLIC, f"{state.seats[seat].label}: {unit_id} attacks {wolf_id}")


def resolve_strike(state: DenState, event: dict[str, Any], value: str) -> None:
    """A fleet unit's attack die: the unit may be hurt, and its hits fall on the target first, then its fellows."""
    assert state.attack is not None
    table: tuple[CombatBand, ...] = getattr(state.content.combat.combat, event["table"])
    band = row_for(table, int(value) + event["bonus"])
    unit_id = event["unit"]
    unit = state.units.get(unit_id)
    note(
        state,
        PUBLIC,
        f"{unit_id} rolls {value}{event['bonus']:+d}: {band.hits} hit(s){', and is hurt' if band.hurt else ''}",
    )
    if band.hurt and unit is not None:
        if unit["kind"] == "fighter":
            owner = unit["owner"]
            state.attack["pilots"][owner] = state.attack["pilots"].get(owner, 0) + 1
        damage_unit(state, unit_id)
        state.attack["lost" if unit_id not in state.units else "hurt"].append(unit_id)
    wolves = state.attack["wolves"]
    target = wolves.get(event["wolf"])
    if target is None:
        return
    aboard = target["ship"]
    fellows = boarders_on(state, aboard) if aboard is not None else wolves_in(state, target["quadrant"])
    order = [event["wolf"], *(wid for wid in fellows if wid != event["wolf"])]
    hits = band.hits
    for wid in order:
        while hits and wid in wolves:
            hits -= 1
            hit_wolf(state, wid)


def hit_wolf(state: DenState, wolf_id: str) -> None:
    """One hit on a Wolf unit: destroyed once it has taken its kind's hits."""
    assert state.attack is not None
    wolf = state.attack["wolves"][wolf_id]
    wolf["hits"] += 1
    if wolf["hits"] >= wolf_kind(state, wolf["kind"]).hits:
        del state.attack["wolves"][wolf_id]
        note(state, PUBLIC, f"{wolf_id} ({wolf_kind(state, wolf['kind']).name}) is destroyed")


# ---- the Wolves -------------------------------------------------------------------------------------------------


def add_wolves(state: DenState, kind: str, count: int, where: str) -> None:
    """Put Wolf units of a kind in a quadrant (`q2`) or aboard a ship (boarders)."""
    assert state.attack is not None
    attack = state.attack
    attack["arrived"] += count
    for _ in range(count):
        wid = f"w{attack['next_wolf']}"
        attack["next_wolf"] += 1
        aboard = None if where.startswith("q") and where[1:].isdigit() else where
        attack["wolves"][wid] = {
            "kind": kind,
            "quadrant": None if aboard else int(where[1:]),
            "ship": aboard,
            "hits": 0,
        }
        if aboard:
            attack["boarded"][aboard] = attack["boarded"].get(aboard, 0) + 1


def resolve_large(state: DenState, event: dict[str, Any], value: str) -> None:
    """Whether the larger Wolf ships of the strength row join the attack."""
    row = state.content.combat.combat.strength_at(state.pursuit)
    if row is None or int(value) > row.large_on:
        return
    for kind, count in row.large.items():
        for _ in range(count):
            state.pending.insert(0, _placement(state, kind))
    note(state, PUBLIC, "larger Wolf ships join the attack")


def _placement(state: DenState, kind: str) -> dict[str, Any]:
    return {"kind": "wolf-place", "wolf": kind, "choices": [f"q{q}" for q in range(1, state.quadrant_count + 1)]}


def resolve_place_wolf(state: DenState, event: dict[str, Any], value: str) -> None:
    """A Wolf unit appears in the quadrant drawn."""
    add_wolves(state, event["wolf"], 1, value)
    note(state, PUBLIC, f"a {wolf_kind(state, event['wolf']).name} appears in {value}")


def record_damage(state: DenState, ship: str, amount: int, why: str) -> None:
    """Damage against a ship, noted for the attack's end (no card is drawn until then)."""
    assert state.attack is not None
    if amount <= 0:
        return
    state.attack["damage"][ship] = state.attack["damage"].get(ship, 0) + amount
    note(state, PUBLIC, f"{why}: {ship} takes {amount} damage")


def resolve_wolf_target(state: DenState, event: dict[str, Any], value: str) -> None:
    """A Wolf fighter's (or larger ship's) target die: one damage to the ship it picks."""
    assert state.attack is not None
    wolf = state.attack["wolves"].get(event["wolf"])
    if wolf is None or wolf["quadrant"] is None:
        return
    target = target_of(state, wolf["quadrant"], int(value))
    if target is None:
        note(state, PUBLIC, f"{event['wolf']} rolls {value}: its target has left the battle")
        return
    record_damage(state, target, 1, f"{event['wolf']} rolls {value}")


def resolve_board_target(state: DenState, event: dict[str, Any], value: str) -> None:
    """A boarding squadron's target die: it lands on the ship it picks and becomes a boarder there."""
    assert state.attack is not None
    attack = state.attack
    wolf = attack["wolves"].get(event["wolf"])
    if wolf is None or wolf["quadrant"] is None:
        return
    target = target_of(state, wolf["quadrant"], int(value))
    if target is None:
        note(state, PUBLIC, f"{event['wolf']} rolls {value}: its target has left the battle")
        return
    open_targets = {ship for ship in places(state, wolf["quadrant"]) if ship} | {_aegis(state)}
    open_targets = (open_targets & set(attack["ships"])) - set(attack["boarding"])
    if state.rules.separate_boarding_targets and target in attack["boarding"] and open_targets:
        # Each squadron picks a ship no other squadron picked this round: roll again.
        note(state, PUBLIC, f"{event['wolf']} rolls {value}: {target} is already picked; it rolls again")
        state.pending.insert(0, dict(event))
        return
    attack["boarding"].append(target)
    wolf.update(quadrant=None, ship=target)
    attack["boarded"][target] = attack["boarded"].get(target, 0) + 1
    note(state, PUBLIC, f"{event['wolf']} rolls {value} and boards {target}")
    record_damage(state, target, state.content.combat.combat.boarding_damage, f"{event['wolf']} lands")
    if state.rules.boarders_strike_on_landing:
        strike_from_within(state, event["wolf"], front=True)


def strike_from_within(state: DenState, wolf_id: str, front: bool) -> None:
    """A boarder damages its ship: by the table's roll, or at once when the table has one result."""
    assert state.attack is not None
    table = state.content.combat.combat.boarder
    ship = state.attack["wolves"][wolf_id]["ship"]
    if len({band.result for band in table}) == 1:
        record_damage(state, ship, table[0].result, f"{wolf_id} fights aboard")
        return
    event = {"kind": "boarder", "wolf": wolf_id}
    if front:
        state.pending.insert(0, event)
    else:
        state.pending.append(event)


def resolve_boarder(state: DenState, event: dict[str, Any], value: str) -> None:
    """A boarder's damage die."""
    assert state.attack is not None
    wolf = state.attack["wolves"].get(event["wolf"])
    if wolf is None or wolf["ship"] is None:
        return
    damage = row_for(state.content.combat.combat.boarder, int(value)).result
    record_damage(state, wolf["ship"], damage, f"{event['wolf']} rolls {value} aboard")


RESOLVE.update(
    {
        "wolf-large": resolve_large,
        "wolf-place": resolve_place_wolf,
        "strike": resolve_strike,
        "wolf-target": resolve_wolf_target,
        "board-target": resolve_board_target,
        "boarder": resolve_boarder,
    }
)


def wolf_round(state: DenState) -> None:
    """The Wolves act: each attacker picks its targets, boarding squadrons board (first Wolf round only), and
    every boarder aboard damages its ship."""
    assert state.attack is not None
    attack = state.attack
    attack.update(side="wolf", boarding=[])
    note(state, PUBLIC, f"Wolf round {attack['round']}")
    ordered = sorted(attack["wolves"], key=_number)
    aboard = [wid for wid in ordered if attack["wolves"][wid]["ship"] is not None]
    for wid in ordered:
        wolf = attack["wolves"][wid]
        if wolf["quadrant"] is None:
            continue
        kind = wolf_kind(state, wolf["kind"])
        state.pending += [{"kind": "wolf-target", "wolf": wid} for _ in range(kind.attacks)]
        if kind.boards and attack["round"] == 1:
            state.pending.append({"kind": "board-target", "wolf": wid})
    for wid in aboard:
        strike_from_within(state, wid, front=False)


def progress(state: DenState) -> None:
    """Once the dice are done: the Wolves in place start Fleet round 1; a finished Wolf round starts the next
    Fleet round; an attack with no Wolf left ends."""
    attack = state.attack
    if attack is None:
        return
    if attack["side"] == "placing":
        attack["side"] = "fleet"
        note(state, PUBLIC, "Fleet round 1")
    elif attack["side"] == "wolf":
        attack.update(side="fleet", round=attack["round"] + 1, acted=[])
        note(state, PUBLIC, f"Fleet round {attack['round']}")
    if not attack["wolves"]:
        end_attack(state, "no Wolf unit is left")


def end_attack(state: DenState, why: str) -> None:
    """The attack is over: recorded damage becomes damage cards, pilots are wounded, boarders are counted for the
    morale roll, any Wolf left is gone (Control is told of boarders left aboard)."""
    assert state.attack is not None
    attack = state.attack
    for ship, amount in attack["damage"].items():
        state.ships[ship]["damage"] += amount
        state.pending += [{"kind": "damage", "ship": ship} for _ in range(amount)]
    for ship, count in attack["boarded"].items():
        state.ships[ship]["boarders"] += count
    for ship, count in attack["pilots"].items():
        for _ in range(count):
            wound_pilot(state, ship)
    for ship in sorted({wolf["ship"] for wolf in attack["wolves"].values() if wolf["ship"]}):
        notify_control(state, f"Wolf boarders are still aboard {ship} as the attack ends: adjudicate", "boarders", ship)
    land_strays(state)
    state.battles.append(
        {
            "turn": state.turn,
            "pursuit": attack["pursuit"],
            "rounds": attack["round"],
            "arrived": attack["arrived"],
            "left": len(attack["wolves"]),
            "damage": dict(attack["damage"]),
            "boarded": dict(attack["boarded"]),
            "hurt": sorted(set(attack["hurt"]) - set(attack["lost"])),
            "lost": sorted(attack["lost"]),
            "why": why,
        }
    )
    state.attack = None
    note(state, PUBLIC, f"the Wolf Attack is over ({why})")


def wound_pilot(state: DenState, ship: str) -> None:
    """One pilot-trained crew in the ship's hangar is wounded (an unwounded one first); Control hears if none is."""
    hangars = {s.id for s in state.content.ships[ship].stations if s.kind == "hangar"}
    pilots = sorted(
        (c["wounded"], cid)
        for cid, c in state.crew.items()
        if c["ship"] == ship and c["station"] in hangars and c["training"] == "pilot" and c["shuttle"] is None
    )
    if not pilots:
        notify_control(state, f"{ship} lost a fighter but has no pilot in its hangar to wound", "no-pilot", ship)
        return
    wound_crew(state, pilots[0][1])
    note(state, ship, f"{pilots[0][1]} is wounded flying with the fighters")


def leave_battle(state: DenState, jumped: dict[str, str]) -> None:
    """Ships that jump leave the battle with their fighters; once every ship has gone, only boarders remain.
    Outside a battle, only the fighters of a ship cut off from the fleet go with it."""
    attack = state.attack
    if attack is None:
        land_strays(state)
        return
    for unit in state.units.values():
        if unit["owner"] in jumped:
            unit["quadrant"] = None
    attack["ships"] = [sid for sid in attack["ships"] if sid not in jumped]
    if not attack["ships"]:
        attack["wolves"] = {wid: wolf for wid, wolf in attack["wolves"].items() if wolf["ship"] is not None}
        note(state, PUBLIC, "every ship has jumped away: the Wolf units on the map are gone")


def land_strays(state: DenState) -> None:
    """Fighters of a ship cut off from the fleet fly with their ship, off the fleet's map."""
    for unit in state.units.values():
        if unit["quadrant"] is not None and state.ships[unit["owner"]]["at"] != state.fleet_at:
            unit["quadrant"] = None


def ready_units(state: DenState) -> None:
    """As a turn begins, units in the Ready Room are ready for their bonus."""
    for unit in state.units.values():
        unit["ready"] = unit["post"] == "ready-room"


def may_walk(state: DenState, seat: int) -> bool:
    """Whether a seat may walk during the attack under way: a reporter going back to their ship once the first Wolf
    round is over, or one in charge of a shuttle once reinforcements ride (the pack's lists; Combat)."""
    assert state.attack is not None
    combat = state.content.combat.combat
    label = state.seats[seat].label
    if label in combat.shuttle_handlers and state.attack["round"] >= combat.reinforce_from:
        return True
    return label in combat.return_to_ship and state.attack["round"] > 1


def walk_in_attack(state: DenState, seat: int, where: str) -> Why:
    """During an attack a reporter allowed to leave the map goes back to their own ship only."""
    if state.attack is None:
        return None
    combat = state.content.combat.combat
    label = state.seats[seat].label
    if label in combat.return_to_ship and label not in combat.shuttle_handlers and where != state.seats[seat].ship:
        return "attack", f"during a Wolf Attack {label} may only return to {state.seats[seat].ship}"
    return None


def hold_players(state: DenState, seat: int, name: str) -> Why:
    """During an attack nobody leaves their table (but those the pack lets go), and nothing moves between ships
    but as combat allows; ships jump only from the edition's Fleet round."""
    attack = state.attack
    if attack is None:
        return None
    if name == "goto" and may_walk(state, seat):
        return None
    if name in HELD or name in HELD_TOO:
        return "attack", f"a Wolf Attack is under way: `{name}` must wait until it is over"
    if name == "jump":
        first = state.content.combat.combat.jump_from
        if attack["side"] != "fleet" or attack["round"] < first:
            return "attack", f"during a Wolf Attack ships jump only in a Fleet round from round {first}"
    return None


SETTLED.append(progress)
JUMPED.append(leave_battle)
TURN_ENDS.append(ready_units)
GUARDS.append(hold_players)
WALKS.append(walk_in_attack)


# ---- Control -----------------------------------------------------------------------------------------------------


@control_verb("attack")
class StartAttack:
    """Control announces a Wolf Attack: the Wolves the pursuit track calls for appear, and the reporters go to the
    fleet map."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        if state.step != "action":
            return "phase", "a Wolf Attack begins during the Action Phase"
        if state.attack is not None:
            return "attack", "a Wolf Attack is already under way"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        battle = [sid for sid, ship in state.ships.items() if ship["at"] == state.fleet_at]
        state.attack = {
            "round": 1,
            "side": "placing",
            "ships": battle,
            "places": {sid: state.ships[sid]["quadrant"] for sid in battle if state.ships[sid]["quadrant"]},
            "wolves": {},
            "next_wolf": 1,
            "acted": [],
            "transit": {},
            "damage": {},
            "boarded": {},
            "pilots": {},
            "boarding": [],
            "pursuit": state.pursuit,
            "arrived": 0,
            "hurt": [],
            "lost": [],
        }
        for label in state.content.combat.combat.reporters:
            seat = seat_by_label(state, label)
            if seat is not None and state.people[str(seat)]["status"] == "free":
                state.people[str(seat)]["at"] = "map"
        if state.rules.battle_stations:
            # The reporters bring the squadrons their teams placed at Battle Stations to the map (Wolf Attack).
            launch(state, [uid for uid in sorted(state.units) if at_battle_stations(state, uid, battle)])
        row = state.content.combat.combat.strength_at(state.pursuit)
        if row is not None:
            for kind, count in row.units.items():
                state.pending += [_placement(state, kind) for _ in range(count)]
            if row.large and row.large_on:
                state.pending.append({"kind": "wolf-large"})
        note(state, PUBLIC, f"WOLF ATTACK! (pursuit {state.pursuit}) Everyone stays at their table")
        return PUBLIC

    @staticmethod
    def listed(state: DenState) -> Iterator[str]:
        if state.step == "action" and state.attack is None:
            yield f"control attack {quote('the Wolves find the fleet')}"


@control_verb("wolves")
class AddWolves:
    """Control puts Wolf units of a kind in a quadrant, or boarders aboard a ship."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        if state.attack is None:
            return "no attack", "Wolf units appear only during a Wolf Attack"
        kinds = {wolf.id: wolf for wolf in state.content.combat.combat.wolves}
        if args[0] not in kinds:
            return "wolf kind", f"unknown Wolf unit kind {args[0]!r} (known: {', '.join(kinds)})"
        where = args[2]
        if where.startswith("q") and where[1:].isdigit():
            if int(where[1:]) > state.quadrant_count:
                return "quadrant", f"the map has {state.quadrant_count} quadrants"
            return None
        if where not in state.ships:
            return "place", f"{where!r} is neither a quadrant nor a ship"
        if not kinds[args[0]].boards:
            return "aboard", "only boarding units go aboard a ship"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        add_wolves(state, args[0], int(args[1]), args[2])
        return PUBLIC


@control_verb("wolf-round")
class WolfRound:
    """Control ends the Fleet round: the Wolves act (or, once the attack's `withdraw` round is over, withdraw)."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        return fighting_round(state)

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        assert state.attack is not None
        withdraw = state.attack.get("withdraw")
        if withdraw is not None and state.attack["round"] >= withdraw:
            end_attack(state, f"the Wolves withdraw after Fleet round {withdraw}")
        else:
            wolf_round(state)
        return PUBLIC

    @staticmethod
    def listed(state: DenState) -> Iterator[str]:
        if fighting_round(state) is None:
            yield "control wolf-round"


@control_verb("end-attack")
class EndAttack:
    """Control ends the attack at once."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        if state.attack is None:
            return "no attack", "there is no Wolf Attack under way"
        if state.attack["side"] == "placing":
            return "placing", "the Wolves are still arriving"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        end_attack(state, f"Control: {args[0]}")
        return PUBLIC

    @staticmethod
    def listed(state: DenState) -> Iterator[str]:
        if state.attack is not None and state.attack["side"] == "fleet":
            yield f"control end-attack {quote('the Wolves withdraw')}"
