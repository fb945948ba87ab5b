"""Den of Wolves: the Interstellar Council (both editions), as verbs of the council seats and Control.

The council's state (`state.council`) is JSON-ready: the offices (seat labels), who votes, the bill before the
Council, the public register of laws, and the once-per-game calls already made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfpack.games.den.rules import CONTROL

if TYPE_CHECKING:
    from wolfpack.games.den.state import DenState


def set_up(state: DenState) -> None:
    """The Council as the pack seats it: the offices filled, no bill, no laws."""
    council = state.content.council.council
    state.council = {
        "offices": {
            "president": council.president,
            "vice-president": council.vice_president,
            "parliamentarian": council.parliamentarian,
        },
        "voters": list(council.members),
        "observers": list(council.observers),
        "bill": None,
        "laws": [],
        "resolutions": [],
        "orders": [],
        "no_confidence_used": [],
        "snap_used": False,
        "election": None,
        "next_bill": 1,
    }


def council_view(state: DenState, player: int | None) -> dict[str, Any]:
    """The Council as `player` sees it: all of it is public but the President's direct orders."""
    view = {key: value for key, value in state.council.items() if key != "orders"}
    if player == CONTROL:
        view["orders"] = list(state.council["orders"])
    return view
