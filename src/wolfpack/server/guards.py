"""The ordered guards every action passes before it changes a table, each raising a Rejection that says why.

The order (after the frame's shape and the seat's token, checked where the frame is read): the table is not over;
the seat may act now; the action is legal; the client saw the current version. Only then is it applied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wolfpack.engine.errors import IllegalActionError, InvalidActionError
from wolfpack.server.protocol import Rejection

if TYPE_CHECKING:
    from wolfpack.server.tables import Table


def table_not_over(table: Table, seat: int, text: str, version: int) -> None:
    """A finished table takes no more actions."""
    if table.over:
        raise Rejection("table-over", f"table {table.id} is over: no more actions", version=table.version)


def seat_may_act(table: Table, seat: int, text: str, version: int) -> None:
    """Only a seat that has something to do now may act."""
    acting = table.acting_seats()
    if seat not in acting:
        who = ", ".join(table.seats[s].name for s in acting) or "nobody"
        raise Rejection("not-your-turn", f"seat {seat + 1} may not act now; waiting for: {who}", version=table.version)


def action_is_legal(table: Table, seat: int, text: str, version: int) -> None:
    """The action must be well-formed notation and allowed by the rules here and now."""
    try:
        table.state.parse_action(text, seat)
    except InvalidActionError as exc:
        raise Rejection("invalid-action", f"{text!r} is not an action of {table.game.name}: {exc}") from None
    except IllegalActionError as exc:
        raise Rejection("illegal-action", str(exc), rule=exc.rule, version=table.version) from None


def version_is_current(table: Table, seat: int, text: str, version: int) -> None:
    """The client must have seen the table as it is now: a stale client is told the current version."""
    if version != table.version:
        raise Rejection(
            "stale", f"you acted on version {version}, the table is at version {table.version}", version=table.version
        )


Guard = Callable[["Table", int, str, int], None]
ACTION_GUARDS: tuple[Guard, ...] = (table_not_over, seat_may_act, action_is_legal, version_is_current)


def check_action(table: Table, seat: int, text: str, version: int) -> None:
    """Run the action guards in order; the first that fails raises its Rejection."""
    for guard in ACTION_GUARDS:
        guard(table, seat, text, version)
