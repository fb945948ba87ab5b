"""What a connection is sent: for a seat, its own observation and log; for a watcher, the public ones. Nothing else
about the state ever leaves the server, so a seat can never read another seat's secrets off the wire.
"""

from __future__ import annotations

from typing import Any

from wolfpack.server.tables import Table


def state_frame(table: Table, seat: int | None, render: bool) -> dict[str, Any]:
    """Everything `seat` (None: a watcher) may see of the table now; with `render`, the board drawn too."""
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
