"""Why an action is not legal now: the rule that forbids it, in a sentence a player understands."""

from __future__ import annotations

from wolfpack.games.spacewolves import rules
from wolfpack.games.spacewolves.actions import (
    COLOUR_NAMES,
    COLOURS,
    PASS,
    ROLL_BASE,
    SLOTS,
    SWAP,
    WARP_ALONE,
    WARP_WITH_BASE,
    Action,
    is_move,
    is_warp_with,
    move_parts,
)
from wolfpack.games.spacewolves.state import (
    CONTROL,
    DOUBLES,
    MOVE,
    OTHER,
    OWN,
    OWN_WARP,
    PHASE_NAMES,
    ROLL,
    SPACEMAN,
    WARP,
    WOLF,
    SpacewolvesState,
)


def why_illegal(state: SpacewolvesState, action: Action) -> tuple[str, str]:
    """(rule, reason) for an action that is not among the legal ones."""
    step = state.step
    if step == ROLL:
        if state.first < 0:
            seats = ", ".join(f"first {c}" for c in COLOURS[: state.players])
            return "Setup", f"the roll for first player is pending; its outcomes are {seats}"
        count = state.dice_count(state.actor)
        return "Dice", f"a roll of {count} dice is pending; its outcome is written 'roll' and {count} digits"
    if action >= ROLL_BASE:
        return "Chance", "dice outcomes are applied only when a roll is pending"
    if is_move(action):
        return _why_move(state, action)
    if step == DOUBLES:
        return "Doubles", "with doubles you swap the two tiles of that number or pass"
    if action is SWAP:
        return "Doubles", "tiles are swapped only with doubles in the Spaceman Phase"
    if action is PASS:
        return "Legal move", "a legal move exists, so it must be made"
    if step not in (OWN_WARP, WARP):
        return "Tandem Warp", "no spaceman of yours is deciding a Tandem Warp now"
    if action is WARP_ALONE:
        return "Tandem Warp", "an opposing spaceman can go two ahead, so you may not warp alone"
    if is_warp_with(action):
        colour, slot = divmod(action - WARP_WITH_BASE, SLOTS)
        warper = state.actor if step == OWN_WARP else state.warps[0]
        if colour == warper:
            return "Tandem Warp", "the partner must be an opposing spaceman"
        if colour >= state.players or slot not in state.pos[3 * colour : 3 * colour + 3]:
            return "Tandem Warp", f"no {_name(colour)} spaceman on position {slot + 1}"
        if slot == state.station:
            return "Space Station", "a spaceman on the Space Station cannot be a warp partner"
        if state.phase == WOLF and state.is_safe(slot):
            return "Safety in Numbers", "spacemen safe in numbers cannot be moved in the Spacewolf! Phase"
    return "Legal move", "not among the legal actions now"


def _why_move(state: SpacewolvesState, action: Action) -> tuple[str, str]:
    colour, slot, die, backward = move_parts(action)
    step, phase = state.step, state.phase
    if step == DOUBLES:
        return "Doubles", "with doubles you do not move: swap the two tiles of that number or pass"
    if step not in (OWN, OTHER, MOVE):
        return "Tandem Warp", "a Tandem Warp decision is pending: warp or pass"
    if colour >= state.players:
        return "Players", f"there is no {_name(colour)} player in a {state.players}-player game"
    if slot not in state.pos[3 * colour : 3 * colour + 3]:
        return "Board", f"no {_name(colour)} spaceman on position {slot + 1}"
    if die not in state.dice:
        dice = " ".join(map(str, state.dice))
        return "Dice", f"no usable die shows {die} (usable: {dice})"
    actor = state.actor
    if step == OWN and colour != actor:
        return "Spaceman Phase", "move one of your own spacemen with one die first"
    if step == OTHER and colour == actor:
        return "Spaceman Phase", "the other die moves an opponent's spaceman"
    if phase == CONTROL and backward:
        return "Mission Control Phase", "Mission Control moves spacemen forward only"
    if phase == WOLF and not backward:
        return "Spacewolf! Phase", "the Spacewolves move spacemen backward only"
    if backward and rules.BACKWARD[state.asteroid][slot][die] == rules.OFF_BOARD:
        return (
            "Exact count backward",
            f"{die} back from position {slot + 1} would reach or pass the Spacewolves tile; backward moves need "
            "the exact count and nobody is moved onto that tile by dice",
        )
    if colour != actor and slot == state.station and phase in (SPACEMAN, WOLF):
        return (
            "Space Station",
            f"opponents' spacemen on the Space Station cannot be moved in the {_phase(state)}",
        )
    if phase == WOLF and state.is_safe(slot):
        return "Safety in Numbers", "spacemen safe in numbers cannot be moved in the Spacewolf! Phase"
    if phase == CONTROL and colour == actor:
        return (
            "Mission Control Phase",
            "you move your own spaceman only when no opponent's spaceman can be moved",
        )
    if phase == WOLF and colour == actor:
        return "Spacewolf! Phase", "you move your own spaceman only when no opponent's spaceman can be moved"
    return "Legal move", "not among the legal actions now"


def _name(colour: int) -> str:
    return COLOUR_NAMES[colour] if 0 <= colour < len(COLOUR_NAMES) else f"colour {colour}"


def _phase(state: SpacewolvesState) -> str:
    return {"spaceman": "Spaceman Phase", "wolf": "Spacewolf! Phase"}.get(PHASE_NAMES[state.phase], "phase")
