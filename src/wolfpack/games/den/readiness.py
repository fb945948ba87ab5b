"""Den of Wolves: what each ship has not done that the step Control's advance would end needed.

Control's advance is final: a jump drive not crewed at the start of the turn cannot be crewed later, a jump not
declared in the Action Phase waits a whole turn, and the broadcast pays whatever rations the hold can. So before
an advance, Control's view lists these gaps (`before_advance`, one sentence each) and the live event asks Control
to confirm while any is open. The list is advice, never a rule: advance stays legal whatever it says.

Rations stay on a ship's sheet from turn to turn (the verb refuses to set the level already set), so a team that
did not touch them this turn has set them: the Team Phase's gap is a ration level the hold cannot pay, which the
broadcast would quietly cut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfpack.games.den.rules import drive_problem
from wolfpack.games.den.turn import ration_supplied

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState

MEALS = ("food", "water")


def before_advance(state: DenState) -> list[str]:
    """What the ships have not done that the step Control's advance would end needed, one sentence each."""
    if state.over or state.pending:
        return []
    if state.step == "start":
        return drives_not_crewed(state)
    if state.step == "action":
        return jumps_not_declared(state)
    if state.step == "team":
        afloat = [ship for ship, record in state.ships.items() if not record["destroyed"]]
        return [line for ship in afloat for line in rations_unpaid(state, ship)]
    return []


def ship_name(state: DenState, ship: str) -> str:
    """A ship as Control calls it: its printed name (Dione)."""
    return state.content.ships[ship].name


def has_jump_drive(state: DenState, ship: str) -> bool:
    """Whether a ship's panel has a jump drive station (a destroyed ship's counts no more)."""
    drive = any(station.kind == "jump-drive" for station in state.content.ships[ship].stations)
    return drive and not state.ships[ship]["destroyed"]


def drives_not_crewed(state: DenState) -> list[str]:
    """At the start of the turn: the ships whose jump drive is not crewed, which cannot jump this turn."""
    idle = [ship for ship in state.ships if has_jump_drive(state, ship) and not state.ships[ship]["drive_ready"]]
    if idle and len(idle) == sum(has_jump_drive(state, ship) for ship in state.ships):
        return ["No ship has crewed its jump drive: no ship can jump this turn."]
    return [f"The {ship_name(state, ship)} has not crewed its jump drive: it cannot jump this turn." for ship in idle]


def jumps_not_declared(state: DenState) -> list[str]:
    """In the Action Phase: the ships whose drive can jump (crewed, still working) that have not declared it, or that
    no ship jumped at all."""
    ready = [
        ship
        for ship, record in state.ships.items()
        if drive_problem(state, ship) is None and record["jump"] is None and not record["jumped"]
    ]
    lines = [
        f"The {ship_name(state, ship)} crewed its jump drive but has not declared a jump: it will not jump this turn."
        for ship in ready
    ]
    if not any(record["jumped"] for record in state.ships.values()):
        lines.append("No ship has jumped this turn: the pursuit track rises and the fleet stays where it is.")
    return lines


def rations_unpaid(state: DenState, ship: str) -> list[str]:
    """In the Team Phase: the rations set on a ship's sheet that its hold cannot pay, with what it would supply."""
    lines = []
    for meal in MEALS:
        chosen, supplied = state.ships[ship][meal], ration_supplied(state, ship, meal)
        if supplied != chosen:
            lines.append(
                f"The {ship_name(state, ship)} has not set {meal} rations its hold can pay: {chosen} is set, "
                f"the hold holds {state.ships[ship]['hold'][meal]}, so it would supply {supplied}."
            )
    return lines
