"""Den of Wolves: the News Media's broadcast (both rulebooks, Player Roles: News Media).

The Media alone may speak to the whole room: their broadcast, put out towards the end of each turn, is public, and
Control then tells each ship the broadcast's effect on its morale (Control's `news SHIP N`). A broadcast here is
the story's words, kept in the event's record and shown on the projector; its effect stays Control's ruling.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from wolfpack.games.den.notation import quote
from wolfpack.games.den.rules import PUBLIC, Why, note
from wolfpack.games.den.verbs import ALL_STEPS, Args, verb

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState

STOCK_STORY: Final = "The fleet holds together for another jump"
"""The wording a Media seat is offered in its legal actions (any other wording is accepted too)."""
SHOWN_BROADCASTS: Final = 5
"""Broadcasts every view shows (the newest last); the log keeps them all."""


@verb("broadcast", ALL_STEPS)
class Broadcast:
    """A News Media seat puts out a broadcast to the whole room."""

    @staticmethod
    def candidates(state: DenState, seat: int) -> Iterator[Args]:
        if state.seats[seat].kind == "media":
            yield (quote(STOCK_STORY),)

    @staticmethod
    def check(state: DenState, seat: int, args: Args) -> Why:
        if state.seats[seat].kind != "media":
            return "media only", "only the News Media broadcast to the whole room"
        if not args[0].strip():
            return "empty", "a broadcast needs words"
        return None

    @staticmethod
    def apply(state: DenState, seat: int, args: Args) -> None:
        label = state.seats[seat].label
        state.broadcasts.append({"turn": state.turn, "step": state.step, "by": label, "text": args[0]})
        note(state, PUBLIC, f'INC broadcast ({label}): "{args[0]}"')
