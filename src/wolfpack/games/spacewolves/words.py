"""Spacewolves! actions in words: a sentence per action for the log, written on the state the action is taken in.

Seats are named by colour ("Red"); positions count 1 to 15 up from the Spacewolves, as in the notation, and the
special tiles are named. Every fact is public, so every reader gets the same sentence.
"""

from __future__ import annotations

from typing import Final

from wolfpack.games.spacewolves import rules
from wolfpack.games.spacewolves.actions import (
    COLOUR_NAMES,
    FIRST_BASE,
    PASS,
    ROLL_DICE,
    SLOTS,
    SWAP,
    WARP_WITH_BASE,
    Action,
    is_move,
    is_warp_with,
    move_parts,
)
from wolfpack.games.spacewolves.state import CONTROL, DOUBLES, OWN_WARP, ROLL, SETUP, WARP, WOLF, SpacewolvesState

TILE_NAMES: Final = {
    rules.ASTEROID_FIELD: "the Asteroid Field",
    rules.TANDEM_WARP: "the Tandem Warp",
    rules.SPACE_STATION: "the Space Station",
}

PHASE_WORDS: Final = {CONTROL: " in Mission Control", WOLF: " in the Spacewolf! Phase"}
"""Said after a roll outside the Spaceman Phase, where a roll moves only one spaceman a die."""


def colour_name(seat: int) -> str:
    """A seat's name in the log: its colour, capitalised ("Red")."""
    return COLOUR_NAMES[seat].capitalize()


def place(state: SpacewolvesState, slot: int) -> str:
    """A place on the board in words: a position (1-15 up from the Spacewolves), the tile named if special."""
    if slot == rules.EARTH:
        return "Earth"
    if slot == rules.WOLVES:
        return "the Spacewolves"
    special = TILE_NAMES.get(state.tiles[slot])
    return f"{slot + 1} ({special})" if special else str(slot + 1)


def dice_words(dice: tuple[int, ...]) -> str:
    """Dice as a reader says them: "4", "3 and 5", "1, 2 and 6"."""
    numbers = [str(die) for die in dice]
    return numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} and {numbers[-1]}"


def describe(state: SpacewolvesState, action: Action) -> str:
    """What `action` does when taken in `state`, as one sentence."""

    step = state.step
    if step == ROLL:
        if state.phase == SETUP:
            return f"{colour_name(action - FIRST_BASE)} wins the roll and plays first."
        return f"{colour_name(state.actor)} rolls {dice_words(ROLL_DICE[action])}{PHASE_WORDS.get(state.phase, '')}."
    if step == DOUBLES:
        number = state.dice[0]
        if action is SWAP:
            return f"{colour_name(state.actor)} swaps the two tiles marked {number}, with every spaceman on them."
        return f"{colour_name(state.actor)} lets the double {number}s go."
    if step in (OWN_WARP, WARP):
        warper = state.actor if step == OWN_WARP else state.warps[0]
        if action is PASS:
            return f"{colour_name(warper)} does not take the Tandem Warp."
        if is_warp_with(action):
            colour, slot = divmod(action - WARP_WITH_BASE, SLOTS)
            return (
                f"{colour_name(warper)} jumps the Tandem Warp, taking a {colour_name(colour)} spaceman on "
                f"{place(state, slot)} two up along."
            )
        return f"{colour_name(warper)} jumps the Tandem Warp alone."
    if is_move(action):
        colour, slot, die, backward = move_parts(action)
        table = rules.BACKWARD if backward else rules.FORWARD
        target = table[state.asteroid][slot][die]
        direction = "down" if backward else "up"
        return (
            f"{colour_name(state.actor)} moves a {colour_name(colour)} spaceman {direction} {die}, "
            f"from {place(state, slot)} to {place(state, target)}."
        )
    return f"{colour_name(state.actor)} plays {action}."  # no other action exists; the notation, just in case


# ---- what followed: Earth numbers taken, spacemen the Spacewolves took ------------------------------------------


def story_facts(state: SpacewolvesState) -> tuple[int, tuple[int, ...]]:
    """What the log tells when it changes: how many spacemen reached Earth, and how many of each colour the
    Spacewolves hold."""
    taken = tuple(state.pos[3 * seat : 3 * seat + 3].count(rules.WOLVES) for seat in range(state.players))
    return len(state.earth), taken


def story(state: SpacewolvesState, before: tuple[int, tuple[int, ...]]) -> str:
    """The Earth numbers taken and the spacemen the Spacewolves took since `before`, in sentences."""
    arrived, taken_before = before
    told = [
        f"{colour_name(colour)} takes Earth's {rules.EARTH_SLOT_VALUES[index]} "
        f"({rules.score(state.earth, colour)} points in all)."
        for index, colour in enumerate(state.earth[arrived:], start=arrived)
    ]
    taken_now = story_facts(state)[1]
    lost = [
        (seat, now - then) for seat, (now, then) in enumerate(zip(taken_now, taken_before, strict=True)) if now > then
    ]
    if lost:
        spacemen = [
            f"a {colour_name(seat)} spaceman" if count == 1 else f"{count} {colour_name(seat)} spacemen"
            for seat, count in lost
        ]
        told.append(f"The bottom tile goes to the top: the Spacewolves take {_listed(spacemen)}.")
    return " ".join(told)


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
