"""Den of Wolves table dice (option `table_dice`): a ship's own rolls are rolled with real dice at its table and
entered by one of its seats (`enter dione:d4 5`) or by Control (`control enter dione:d4 5`).

Such a die does not stop the room: it waits in its ship's list (`state.dice`, turn.py's `hold_table_dice`) while
every other ship, the Council, the Media and Control go on. Only the ship's own seats wait: until its dice are in,
they may do nothing else (`dice_block`). A ship's dice are entered in the order they came (its riot roll reads the
morale its morale roll set); ships' dice in any order. The entered face is applied by the same function the
server's roll would be (turn.py's `resolve`). Rolls that concern the whole room stay with the server: card draws,
random station picks, the fleet units' and the Wolves' combat dice (attack.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from wolfpack.games.den.control import control_verb
from wolfpack.games.den.rules import Why, note, ship_of, team_ship
from wolfpack.games.den.turn import enter_die
from wolfpack.games.den.verbs import GUARDS, Args, verb

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState

FACES: Final = 6
"""Every die the rulebooks roll is a d6."""
OPEN_DICE: Final = frozenset({"morale", "riot", "spread", "disperse"})
"""Dice whose purpose every seat may know: the broadcast's rolls and riots, which are public. A ship's
emergency-jump dice read its stations' damage and a freeform roll Control's ruling for that ship, which only its
team and Control hear of (Vessel Privacy): other seats see only that the ship has a die to enter."""


def describe(state: DenState, die: dict[str, Any]) -> str:
    """What a die decides, in a few words."""
    kind, ship = die["kind"], die.get("ship")
    if kind == "morale":
        return "morale roll"
    if kind == "riot":
        return "riot roll, after the morale roll"
    if kind == "spread":
        return f"the riot on {ship}.{die['station']} spreads on 1-{state.content.tables.tables.spread_on}"
    if kind == "disperse":
        bonus = f", {die['bonus']:+d}" if die["bonus"] else ""
        return f"{die['unit']} disperses the riot on {ship}.{die['station']}{bonus}"
    if kind == "emergency":
        return f"emergency-jump damage to {ship}.{die['station']} on 1-{die['faces']}"
    return f"{die['what']}: succeeds on {die['odds']} or more"


def die_view(state: DenState, die: dict[str, Any], secret: bool) -> dict[str, Any]:
    """A die awaiting entry as a seat sees it; `secret`: with what it decides even when that is not public."""
    if secret or die["kind"] in OPEN_DICE:
        return {"id": die["id"], "kind": die["kind"], "faces": FACES, "for": describe(state, die)}
    return {"id": die["id"], "kind": "private", "faces": FACES, "for": "a roll only its team and Control know of"}


def dice_view(state: DenState, secret_of: str | None) -> dict[str, list[dict[str, Any]]]:
    """Every ship's dice awaiting entry, in the fleet's order; `secret_of`: the ship whose dice are shown in full
    ("*" for every ship, Control's view)."""
    return {
        ship: [die_view(state, die, secret_of in ("*", ship)) for die in dice]
        for ship in state.ships
        if (dice := state.dice["awaiting"].get(ship))
    }


def entry_problem(state: DenState, die_id: str) -> Why:
    """Why a die cannot be entered now, or None: it must be the first die its ship awaits (the notation takes faces
    1 to 6 only)."""
    ship = die_id.split(":")[0]
    awaited = state.dice["awaiting"].get(ship, [])
    if not any(die["id"] == die_id for die in awaited):
        waiting = ", ".join(die["id"] for dice in state.dice["awaiting"].values() for die in dice) or "none"
        return "no such die", f"no die {die_id} awaits entry (awaiting: {waiting})"
    first = awaited[0]
    if first["id"] != die_id:
        return "dice order", f"{ship}'s dice are entered in the order they came: {first['id']} first"
    return None


def dice_block(state: DenState, seat: int, name: str) -> Why:
    """A ship's seats wait while its dice await entry: they may only enter them."""
    awaiting = state.dice["awaiting"]
    if not awaiting or name == "enter":
        return None
    ship = ship_of(state, seat)
    if ship is None or ship not in awaiting:
        return None
    return "dice awaited", f"{ship}'s table has dice to enter first: {', '.join(d['id'] for d in awaiting[ship])}"


GUARDS.append(dice_block)


@verb("enter", frozenset({"start", "action", "team", "news"}))
class Enter:
    """A ship's seat enters the face its table's die shows (table dice)."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        awaited = state.dice["awaiting"].get(team_ship(state, seat))
        if awaited:
            for face in range(1, FACES + 1):
                yield awaited[0]["id"], str(face)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        ship = team_ship(state, seat)
        owner = args[0].split(":")[0]
        if owner != ship:
            return "own dice", f"{args[0]} is rolled at {owner}'s table: only its team or Control enters it"
        return entry_problem(state, args[0])

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        ship = team_ship(state, seat)
        note(state, ship, f"{state.seats[seat].label}: enter {args[0]} {args[1]}")
        enter_die(state, ship, args[1])


@control_verb("enter")
class ControlEnter:
    """Control enters the face a table's die shows (table dice)."""

    @staticmethod
    def problem(state: DenState, args: list[str]) -> Why:
        return entry_problem(state, args[0])

    @staticmethod
    def apply(state: DenState, args: list[str]) -> str:
        ship = args[0].split(":")[0]
        enter_die(state, ship, args[1])
        return ship

    @staticmethod
    def listed(state: DenState) -> Iterator[str]:
        for dice in state.dice["awaiting"].values():
            for face in range(1, FACES + 1):
                yield f"control enter {dice[0]['id']} {face}"
