"""Den of Wolves: Control's actions. Control may do anything, always with a reason; every action is logged."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from wolfpack.engine.errors import InvalidActionError
from wolfpack.games.den.content import (
    Effect,
)
from wolfpack.games.den.notation import canonical, parse_cost, quote, words

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState
from wolfpack.games.den.rules import (
    CONTROL,
    CONTROL_ONLY,
    PUBLIC,
    Why,
    _aegis,
    destroy_ship,
    jump_cost,
    mend,
    new_unit,
    note,
    resource_ok,
    seat_by_label,
    shift_fleet_morale,
    shift_morale,
    split_station,
    station_full,
    targeted,
)
from wolfpack.games.den.turn import (
    advance,
    awaited_ships,
    resolve_jumps,
    settle,
)


@dataclass(frozen=True)
class ControlVerb:
    """A Control verb of a later part of the rules (the Council, Wolf Attacks): its check, its effect (which
    returns the audience of its log line) and the actions of it worth listing now."""

    problem: Callable[[DenState, list[str]], Why]
    apply: Callable[[DenState, list[str]], str]
    listed: Callable[[DenState], Iterator[str]]
    reasoned: bool


CONTROL_VERBS: dict[str, ControlVerb] = {}


def nothing_listed(state: DenState) -> Iterator[str]:
    """A Control verb with no action worth offering unprompted."""
    yield from ()


def control_verb(name: str) -> Callable[[type[Any]], type[Any]]:
    """Register a Control verb from a class holding `problem`, `apply` and optionally `listed` static methods."""

    def register(cls: type[Any]) -> type[Any]:
        from wolfpack.games.den.notation import CONTROL_GRAMMAR, REASON

        reasoned = any(form and form[-1] == REASON for form in CONTROL_GRAMMAR[name])
        CONTROL_VERBS[name] = ControlVerb(cls.problem, cls.apply, getattr(cls, "listed", nothing_listed), reasoned)
        return cls

    return register


def station_problem(state: DenState, ref: str) -> Why:
    """Why `ref` (`ship.station`) is not a station of the fleet, or None."""
    where = split_station(ref, None)
    if where is None or where[0] not in state.ships or where[1] not in state.ships[where[0]]["stations"]:
        return "unknown station", f"{ref} is not a station"
    return None


@control_verb("policy")
class Policy:
    """Control sets a standing policy: every new notice of a kind is settled at once by the ruling written here."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        if state.policies.get(args[0]) == args[1]:
            return "unchanged", f"the standing policy on {args[0]} already says that"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        state.policies[args[0]] = args[1]
        return CONTROL_ONLY


@control_verb("end-policy")
class EndPolicy:
    """Control ends a standing policy: notices of its kind wait for Control again."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        if args[0] not in state.policies:
            return "no policy", f"there is no standing policy on {args[0]}"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        del state.policies[args[0]]
        return CONTROL_ONLY


@control_verb("clear-riot")
class ClearRiot:
    """Control takes a riot off a station outright (active or dispersed): the station works again at once."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        blocked = station_problem(state, args[0])
        if blocked:
            return blocked
        ship, station = args[0].split(".")
        if state.ships[ship]["stations"][station]["riot"] is None:
            return "no riot", f"there is no riot on {args[0]}"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        ship, station = args[0].split(".")
        state.ships[ship]["stations"][station].update(riot=None, riot_tried=False)
        return PUBLIC


@control_verb("confirm")
class Confirm:
    """Control carries out what a notice suggests, and the notice closes: a ship destroyed, or a change to fleet
    morale (every ship's track moves)."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        notice = next((n for n in state.notices if n["id"] == int(args[0])), None)
        if notice is None:
            return "unknown notice", f"there is no open notice {args[0]}"
        if "destroy" not in notice and "fleet_morale" not in notice:
            return "no suggestion", f"notice {args[0]} suggests nothing to confirm: settle it instead"
        if "destroy" in notice and state.ships[notice["destroy"]]["destroyed"]:
            return "destroyed", f"{notice['destroy']} is already destroyed: settle the notice"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        notice = next(n for n in state.notices if n["id"] == int(args[0]))
        state.notices.remove(notice)
        if "destroy" in notice:
            destroy_ship(state, notice["destroy"])
        else:
            shift_fleet_morale(state, notice["fleet_morale"])
            note(state, PUBLIC, f"fleet morale {notice['fleet_morale']:+d}: {notice['event']}")
        return CONTROL_ONLY


@control_verb("cancel-jump")
class CancelJump:
    """Control calls off a declared jump: the indicator comes down and the fuel it burned returns to the hold."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        if args[0] not in state.ships:
            return "unknown ship", f"there is no ship {args[0]!r}"
        if state.ships[args[0]]["jump"] is None:
            return "no jump", f"{args[0]} has not declared a jump"
        return None

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        # The sheet cannot change while the indicator is up, so the cost now is the cost that was paid.
        state.ships[args[0]]["hold"]["fuel"] += jump_cost(state, args[0])
        state.ships[args[0]]["jump"] = None
        return PUBLIC


def control_actions(state: DenState) -> list[str]:
    """The Control actions worth offering now (any other well-formed one is accepted too: see control_accepts)."""
    if state.over:
        return []
    listed = ["control advance"]
    if state.paused:
        return ["control resume"]
    listed.append(f"control pause {quote('Control pauses the game')}")
    if any(ship["jump"] is not None for ship in state.ships.values()):
        listed.append("control resolve-jumps")
    if state.step == "team":
        for sid in state.ships:
            for value in (-2, -1, 1, 2):
                listed.append(f"control news {sid} {value:+d}")
    for notice in state.notices:
        listed.append(f"control settle {notice['id']} {quote('settled')}")
    for spec in CONTROL_VERBS.values():
        listed.extend(spec.listed(state))
    return sorted(a for a in listed if control_problem(state, words(a)[1:]) is None)


def control_accepts(state: DenState, action: object) -> bool:
    """Whether an unlisted Control action is legal now."""
    if not isinstance(action, str):
        return False
    try:
        parts = words(canonical(action))
    except InvalidActionError:
        return False
    return parts[0] == "control" and control_problem(state, parts[1:]) is None


def control_problem(state: DenState, parts: list[str]) -> Why:
    """Why a Control action cannot be done now, or None."""
    if state.over:
        return "game over", "the event is over"
    verb_name, args = parts[0], parts[1:]
    if state.paused and verb_name not in ("resume", "end"):
        return "paused", "the game is paused: resume first"
    if verb_name == "resume" and not state.paused:
        return "not paused", "the game is not paused"
    if verb_name == "advance" and any(ship["jump"] is not None for ship in state.ships.values()):
        return "jumps pending", "resolve the declared jumps first"
    if verb_name == "advance" and state.dice["awaiting"]:
        ships = ", ".join(awaited_ships(state))
        return "dice awaited", f"dice await entry at {ships}'s table(s): enter them (`control enter DIE FACE`) first"
    if verb_name == "advance" and state.attack is not None:
        return "attack", "a Wolf Attack is under way: it ends (`control end-attack`) before the phase does"
    if verb_name == "resolve-jumps" and not any(ship["jump"] is not None for ship in state.ships.values()):
        return "no jumps", "no ship has declared a jump"
    if verb_name not in MOVES_ON and state.step_actions >= state.phase_actions:
        return "phase limit", "this step is full: advance"
    if verb_name == "news":
        if state.step != "team":
            return "phase", "the news comes in the Team Phase"
        if args[0] not in state.ships:
            return "unknown ship", f"there is no ship {args[0]!r}"
    if verb_name == "news-effects":
        return news_effects_problem(state, args[0])
    if verb_name in ("damage", "award", "freeform") and args[0] not in state.ships:
        return "unknown ship", f"there is no ship {args[0]!r}"
    if verb_name == "award" and resource_ok(state, args[1]):
        return "edition", "science is a resource only in Infinite Domain"
    if verb_name == "award" and state.rewards.get(args[1], 0) < int(args[2]):
        return "rewards", f"the map holds {state.rewards.get(args[1], 0)} {args[1]}"
    if verb_name in ("wound", "heal") and args[0] not in state.crew and args[0] not in state.units:
        return "unknown target", f"{args[0]} is no crew counter or unit"
    if verb_name in ("repair", "riot"):
        blocked = station_problem(state, args[0])
        if blocked:
            return blocked
        ship, station = args[0].split(".")
        slot = state.ships[ship]["stations"][station]
        if verb_name == "repair" and slot["damage"] is None:
            return "not damaged", f"{args[0]} is not damaged"
        if verb_name == "riot" and slot["riot"] is not None:
            return "riot", f"{args[0]} already has a riot"
    if verb_name in ("brig", "release", "wound-player"):
        seat = seat_by_label(state, args[0])
        if seat is None or seat == CONTROL:
            return "unknown seat", f"{args[0]!r} is not a player"
        status = state.people[str(seat)]["status"]
        if verb_name == "release" and status != "brig":
            return "not in brig", f"{args[0]} is not in the brig"
        if verb_name == "brig" and status == "brig":
            return "in brig", f"{args[0]} is already in the brig"
        if verb_name == "wound-player" and status == "brig":
            return "in brig", f"{args[0]} is in the brig: release them first (the brig keeps its prisoners)"
    if verb_name == "add-crew":
        blocked = station_problem(state, args[0])
        if blocked:
            return blocked
        ship, station = args[0].split(".")
        if station_full(state, ship, station):
            return "capacity", f"{args[0]} is full"
    if verb_name in ("add-unit", "draw-destination") and args[0] not in state.ships:
        return "unknown ship", f"there is no ship {args[0]!r}"
    if verb_name == "draw-destination" and not state.destinations["deck"]:
        return "no destinations", "the destination deck is empty"
    if verb_name == "remove" and args[0] not in state.crew and args[0] not in state.units:
        return "unknown target", f"{args[0]} is no crew counter or unit"
    if verb_name == "settle" and not any(n["id"] == int(args[0]) for n in state.notices):
        return "unknown notice", f"there is no open notice {args[0]}"
    if verb_name == "set":
        return set_problem(state, args[0], int(args[1]))
    if verb_name == "move":
        return move_problem(state, args[0], args[1])
    if verb_name in CONTROL_VERBS:
        return CONTROL_VERBS[verb_name].problem(state, args)
    if verb_name == "freeform":
        cost = parse_cost(args[1])
        for resource, amount in cost.items():
            if state.ships[args[0]]["hold"].get(resource, 0) < amount:
                return "cost", f"{args[0]} cannot pay {amount} {resource}"
    return None


def news_effects(text: str) -> list[tuple[str, int]]:
    """A broadcast's effects written `dione:+1,carmine:-1`: each ship with the change to its news modifier."""
    return [(sid, int(change)) for sid, _, change in (part.partition(":") for part in text.split(","))]


def news_effects_problem(state: DenState, text: str) -> Why:
    """Why Control cannot set these news effects now (the Team Phase's, each ship once, none of 0), or None."""
    if state.step != "team":
        return "phase", "the news comes in the Team Phase"
    effects = news_effects(text)
    named = [sid for sid, _ in effects]
    for sid, change in effects:
        if sid not in state.ships:
            return "unknown ship", f"there is no ship {sid!r}"
        if named.count(sid) > 1:
            return "repeated", f"{sid} is named twice: give each ship one change"
        if change == 0:
            return "no change", f"{sid}'s change is 0: leave the ship out"
    return None


def set_problem(state: DenState, path: str, value: int) -> Why:
    """Why Control cannot set `path` to `value`, or None."""
    head, _, field = path.partition(".")
    if path == "pursuit":
        top = state.content.tables.tables.pursuit_top
        return None if 0 <= value <= top else ("range", f"the pursuit track runs 0 to {top}")
    if head == "rewards":
        return resource_ok(state, field) or (None if value >= 0 else ("range", "rewards cannot be negative"))
    if head not in state.ships:
        return "unknown ship", f"there is no ship {head!r}"
    if field == "morale":
        top = state.content.ships[head].morale.top
        return None if 0 <= value <= top else ("range", f"{head}'s morale track runs 0 to {top}")
    if field in state.ships[head]["hold"] or field in ("damage", "boarders"):
        return None if value >= 0 else ("range", f"{field} cannot be negative")
    return "edition", f"{field} is not kept in this edition"


def move_problem(state: DenState, thing: str, where: str) -> Why:
    """Why Control cannot move `thing` to `where`, or None."""
    if thing in state.ships:
        if state.content.ships[thing].centre:
            return "centre", "the Aegis is always at the centre of the map"
        if not (len(where) == 2 and where[0] == "q" and where[1].isdigit()):
            return "quadrant", "a ship moves to a quadrant, e.g. q2"
        if not 1 <= int(where[1]) <= state.quadrant_count:
            return "quadrant", f"the map has {state.quadrant_count} quadrants"
        return None
    if thing in state.crew:
        target = split_station(where, None)
        if target is None or target[0] not in state.ships or target[1] not in state.ships[target[0]]["stations"]:
            return "station", "crew move to a station, e.g. dione.galley"
        return None
    if thing in state.units or thing in state.shuttles:
        return None if where in state.ships else ("ship", "units and shuttles move to a ship")
    seat = seat_by_label(state, thing)
    if seat is not None and seat != CONTROL:
        return None if where in state.ships or where == "map" else ("place", "people move to a ship or the map")
    return "unknown", f"{thing!r} is not a ship, crew counter, unit, shuttle or player"


def apply_control(state: DenState, parts: list[str]) -> None:
    """Carry out a Control action (checked); every one is in Control's log with its reason."""
    verb_name, args = parts[0], parts[1:]
    extra = CONTROL_VERBS.get(verb_name)
    reason = f' ("{args[-1]}")' if verb_name in REASONED or (extra is not None and extra.reasoned) else ""
    audience = CONTROL_ONLY
    if extra is not None:
        audience = extra.apply(state, args)
    elif verb_name == "advance":
        advance(state)
        settle(state)
        return
    if verb_name == "resolve-jumps":
        resolve_jumps(state, ruling=args[0] if args else None)
        settle(state)
        return
    if verb_name == "news-effects":
        # Each ship reads its own effect alone, as if Control had set it by itself (`news SHIP N`).
        for sid, change in news_effects(args[0]):
            state.ships[sid]["news"] += change
            note(state, sid, f"Control: news {sid} {change:+d}")
        settle(state)
        return
    if verb_name == "pause":
        state.paused = True
        audience = PUBLIC
    elif verb_name == "resume":
        state.paused = False
        audience = PUBLIC
    elif verb_name == "news":
        state.ships[args[0]]["news"] += int(args[1])
        audience = args[0]
    elif verb_name == "set":
        audience = control_set(state, args[0], int(args[1]))
    elif verb_name == "fleet-morale":
        shift_fleet_morale(state, int(args[0]))
        audience = PUBLIC
    elif verb_name == "damage":
        state.ships[args[0]]["damage"] += int(args[1])
        state.pending += [{"kind": "damage", "ship": args[0]} for _ in range(int(args[1]))]
        audience = args[0]
    elif verb_name in ("wound", "heal"):
        effect = Effect(op="heal" if verb_name == "heal" else "wound")
        targeted(state, effect, args[0], "")
        owner = (state.crew.get(args[0]) or state.units.get(args[0]) or {}).get("ship")
        audience = owner or CONTROL_ONLY
    elif verb_name == "repair":
        ship, station = args[0].split(".")
        mend(state, ship, station)
        audience = ship
    elif verb_name == "riot":
        ship, station = args[0].split(".")
        state.ships[ship]["stations"][station].update(riot="active", riot_turn=state.turn, riot_tried=False)
        audience = PUBLIC
    elif verb_name == "move":
        audience = control_move(state, args[0], args[1])
    elif verb_name == "brig":
        seat = seat_by_label(state, args[0])
        state.people[str(seat)].update(at=_aegis(state), status="brig", since=first_full_turn(state), contact=None)
        audience = PUBLIC
    elif verb_name == "release":
        seat = seat_by_label(state, args[0])
        state.people[str(seat)].update(status="free", contact=None)
        audience = PUBLIC
    elif verb_name == "wound-player":
        seat = seat_by_label(state, args[0])
        state.people[str(seat)].update(status="wounded")
        audience = PUBLIC
    elif verb_name == "award":
        state.rewards[args[1]] -= int(args[2])
        state.ships[args[0]]["hold"][args[1]] += int(args[2])
        audience = PUBLIC
    elif verb_name == "freeform":
        for resource, amount in parse_cost(args[1]).items():
            state.ships[args[0]]["hold"][resource] -= amount
        odds = int(args[2])
        state.pending.append({"kind": "freeform", "what": f"{args[0]}: {args[3]}", "odds": odds, "audience": args[0]})
        audience = args[0]
    elif verb_name == "add-crew":
        ship, station = args[0].split(".")
        number = 1 + max((int(cid.split(":c")[1]) for cid in state.crew if cid.startswith(f"{ship}:c")), default=0)
        state.crew[f"{ship}:c{number}"] = {
            "ship": ship,
            "station": station,
            "shuttle": None,
            "training": args[1],
            "used": False,
            "wounded": False,
        }
        audience = ship
    elif verb_name == "add-unit":
        number = 1 + max((int(uid.split(":u")[1]) for uid in state.units if uid.startswith(f"{args[0]}:u")), default=0)
        state.units[f"{args[0]}:u{number}"] = new_unit(args[0], args[1])
        audience = args[0]
    elif verb_name == "remove":
        owner = (state.crew.pop(args[0], None) or state.units.pop(args[0], None) or {}).get("ship")
        audience = owner or CONTROL_ONLY
    elif verb_name == "draw-destination":
        state.pending.append({"kind": "destination", "ship": args[0]})
        audience = args[0]
    elif verb_name == "settle":
        state.notices = [n for n in state.notices if n["id"] != int(args[0])]
    elif verb_name == "end":
        state.over = True
        state.step = "over"
        audience = PUBLIC
    shown = " ".join(args[:-1] if reason else args)
    # One line, for its audience and Control (who reads every line), the reason quoted as written.
    note(state, audience, f"Control: {verb_name} {shown}{reason}".replace("  ", " ").rstrip())
    settle(state)


MOVES_ON: Final = frozenset({"advance", "resolve-jumps", "wolf-round", "end-attack", "enter"})
"""Control's verbs that move the event on, which a full step still allows (entering the dice its advance waits for
among them)."""

REASONED: Final = frozenset(
    {"pause", "set", "fleet-morale", "damage", "wound", "heal", "repair", "riot", "move", "brig", "release"}
    | {"wound-player", "award", "freeform", "settle", "end", "add-crew", "add-unit", "remove", "draw-destination"}
)


def first_full_turn(state: DenState) -> int:
    """The first turn whose whole Action Phase and Team Phase a player jailed now spends in the brig."""
    # The start step opens a turn before its Action Phase: jailed then, this turn's phases are still whole.
    return state.turn if state.step == "start" else state.turn + 1


def control_set(state: DenState, path: str, value: int) -> str:
    """Control sets a number; the audience of its log line."""
    head, _, field = path.partition(".")
    if path == "pursuit":
        state.pursuit = value
        return PUBLIC
    if head == "rewards":
        state.rewards[field] = value
        return PUBLIC
    if field == "morale":
        state.ships[head]["morale"] = 0
        shift_morale(state, head, value)
    elif field in ("damage", "boarders"):
        state.ships[head][field] = value
    else:
        state.ships[head]["hold"][field] = value
    return head


def control_move(state: DenState, thing: str, where: str) -> str:
    """Control moves anything; the audience of its log line."""
    if thing in state.ships:
        state.ships[thing]["quadrant"] = int(where[1])
        if state.attack is not None and thing in state.attack["places"]:
            # Ships hold their places in a battle; only Control moves one, and the Wolves' dice follow it.
            state.attack["places"][thing] = int(where[1])
        return PUBLIC
    if thing in state.crew:
        ship, station = where.split(".")
        state.crew[thing].update(ship=ship, station=station, shuttle=None)
        return ship
    if thing in state.units:
        state.units[thing].update(ship=where, shuttle=None)
        return where
    if thing in state.shuttles:
        state.shuttles[thing]["at"] = where
        return PUBLIC
    seat = seat_by_label(state, thing)
    state.people[str(seat)]["at"] = where
    return PUBLIC
