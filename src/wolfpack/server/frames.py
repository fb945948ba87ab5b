"""What a connection is sent: for a seat, its own observation and log; for a watcher, the public ones. Nothing else
about the state ever leaves the server, so a seat can never read another seat's secrets off the wire.

A connection's first state frame is a snapshot (the whole log); each later one is an update that carries only the
log lines the connection has not got yet (`log_from`: how many of its lines it keeps) and names the version it
follows (`since`). The log is in words; `log_notation` holds each line's action in notation (for a page's hover), or
is null for a game whose log is its own (WOLF's: lines are events, and some actions are secret). People coming and
going change only the seat list: a small `seats` frame says so.
"""

from __future__ import annotations

from typing import Any

from wolfpack.server.tables import Table


def state_frame(table: Table, seat: int | None, render: bool) -> dict[str, Any]:
    """Everything `seat` (None: a watcher) may see of the table now, whole log included; with `render`, the board."""
    state = table.state
    observation = state.observation(seat)
    legal = [] if seat is None or table.over else [state.action_to_string(a) for a in state.legal_actions(seat)]
    frame: dict[str, Any] = {
        "type": "state",
        "table": table.id,
        "game": table.game.name,
        "long_name": table.game.info.long_name,
        "version": table.version,
        "seat": seat,
        "status": "over" if table.over else "playing",
        "to_act": table.state.waiting_for(),
        "acting": table.acting_seats(),
        "legal": legal,
        "observation": observation,
        "log": state.log(seat),
        "log_notation": state.log_notation(seat),
        "seats": [table.seat_summary(s) for s in table.seats],
        "returns": state.returns() if table.over else None,
        "rematch": table.rematch,
        "clock_seconds": table.settings.clock_seconds,
        "seed_fixed": table.settings.seed_fixed,
    }
    if render:
        from wolfpack.web.boards import action_choices, board_svg, turn_text

        frame["board"] = board_svg(table.game.name, observation, seat)
        frame["turn"] = turn_text(table.game.name, observation, seat)
        frame["choices"] = action_choices(table.game.name, observation, legal)
    return frame


def snapshot_frame(view: dict[str, Any]) -> dict[str, Any]:
    """The whole view, for a connection that has nothing yet (a join, a reconnect, a client that asked)."""
    return {**view, "snapshot": True, "since": None, "log_from": 0}


def update_frame(view: dict[str, Any], since: int, log_from: int) -> dict[str, Any]:
    """The view for a connection that last saw version `since` and holds the first `log_from` lines of the log."""
    notation = view["log_notation"]
    return {
        **view,
        "snapshot": False,
        "since": since,
        "log_from": log_from,
        "log": view["log"][log_from:],
        "log_notation": None if notation is None else notation[log_from:],
    }


def lines_kept(sent: list[str], log: list[str]) -> int:
    """How many of the lines a client holds are still the first lines of the log (usually all: logs grow)."""
    shared = min(len(sent), len(log))
    if sent[:shared] == log[:shared]:
        return shared
    # A game may rewrite an old line (a secret revealed later): resend from the first line that differs.
    return next(i for i in range(shared) if sent[i] != log[i])


def seats_frame(table: Table) -> dict[str, Any]:
    """Who is at the table now: sent to everyone when a person or a watcher comes or goes (nothing else changed)."""
    return {
        "type": "seats",
        "table": table.id,
        "version": table.version,
        "seats": [table.seat_summary(s) for s in table.seats],
        "watchers": table.watchers,
    }
