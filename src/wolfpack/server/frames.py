"""What a connection is sent: for a seat, its own observation and log; for a watcher, the public ones. Nothing else
about the state ever leaves the server, so a seat can never read another seat's secrets off the wire.

A connection's first state frame is a snapshot (the whole log); each later one is an update that carries only the
log lines the connection has not got yet (`log_from`: how many of its lines it keeps) and names the version it
follows (`since`). The log is in words; `log_notation` holds each line's action in notation (for a page's hover), or
is null for a game whose log is its own (WOLF's: lines are events, and some actions are secret). People coming and
going change only the seat list: a small `seats` frame says so.

A rendered frame also carries the seat panels, the dice for the turn banner and, once the game is over, the end's
summary in words (`wolfpack.web.panels`), all read from the same observation as the board.

A finished table can be watched again (`replay`): its stored events are played on a fresh state, and the frame of
each step is built by the same `game_view` as a live frame, from `state.observation(seat)` and `state.log(seat)`,
so a replay shows a seat exactly what it was shown while playing, and never more.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from wolfpack.engine.game import Game, State
from wolfpack.server.store import EventRow
from wolfpack.server.tables import Table, TableNote, apply_notation, with_notes

CHECKPOINT_EVERY: Final = 32
"""Our default: a replay keeps a copy of the state every this many steps, so a step back replays at most as many
events (and a long game's copies stay few)."""


def game_view(
    game: Game[Any],
    state: State[Any],
    seat: int | None,
    legal: list[str],
    render: bool,
    names: Sequence[str],
    notes: tuple[Sequence[TableNote], int] = ((), 0),
) -> dict[str, Any]:
    """What `seat` (None: a watcher) may see of `state`: its observation and log (with the table's `notes` about the
    moves before a version), and with `render` the board, the turn sentence, the moves grouped, the panels and, at
    the end, the end's summary (`names`: the people's)."""
    observation = state.observation(seat)
    over = state.is_terminal()
    said, before = notes
    notation = state.log_notation(seat)
    view: dict[str, Any] = {
        "to_act": state.waiting_for(),
        "legal": legal,
        "observation": observation,
        "log": with_notes(state.log(seat), said, seat, before),
        "log_notation": None if notation is None else with_notes(notation, said, seat, before, filler=""),
        "returns": state.returns() if over else None,
    }
    if render:
        from wolfpack.web.boards import action_choices, board_svg, turn_text
        from wolfpack.web.panels import end_summary, seat_panels

        view["board"] = board_svg(game.name, observation, seat)
        view["turn"] = turn_text(game.name, observation, seat)
        view["choices"] = action_choices(game.name, observation, legal)
        view["panels"] = seat_panels(game.name, observation, seat)
        view["ending"] = end_summary(game.name, observation, state.returns(), seat, names) if over else None
    return view


def moved(last_move: tuple[int, int] | None) -> dict[str, int] | None:
    """Whose the last move was and at which version it was made, for the page to say and mark; None before any."""
    return None if last_move is None else {"seat": last_move[0], "version": last_move[1]}


def state_frame(table: Table, seat: int | None, render: bool) -> dict[str, Any]:
    """Everything `seat` (None: a watcher) may see of the table now, whole log included; with `render`, the board."""
    state = table.state
    legal = [] if seat is None or table.over else [state.action_to_string(a) for a in state.legal_actions(seat)]
    return {
        "type": "state",
        "table": table.id,
        "game": table.game.name,
        "long_name": table.game.info.long_name,
        "version": table.version,
        "seat": seat,
        "status": "over" if table.over else "playing",
        "acting": table.acting_seats(),
        "moved": moved(table.last_move),
        **game_view(
            table.game, state, seat, legal, render, [s.name for s in table.seats], (table.notes, table.version)
        ),
        "seats": [table.seat_summary(s) for s in table.seats],
        "rematch": table.rematch,
        "clock_seconds": table.settings.clock_seconds,
        "seed_fixed": table.settings.seed_fixed,
    }


class GameReplay:
    """A finished table's game played again from its stored events, one step (event) at a time, in any order."""

    def __init__(self, game: Game[Any], events: Sequence[EventRow]) -> None:
        self.game = game
        self.events = list(events)
        self._copies: dict[int, State[Any]] = {0: game.new_initial_state()}

    @property
    def steps(self) -> int:
        """How many events the game had: steps run from 0 (the start) to this (the end)."""
        return len(self.events)

    def state_at(self, step: int) -> State[Any]:
        """A fresh state after the first `step` events, played from the nearest kept copy at or before it."""
        if not 0 <= step <= self.steps:
            raise ValueError(f"step {step} is outside this game's steps 0 to {self.steps}")
        start = max(kept for kept in self._copies if kept <= step)
        state = self._copies[start].clone()
        for index in range(start, step):
            event = self.events[index]
            apply_notation(state, event.action, event.player)
            if (index + 1) % CHECKPOINT_EVERY == 0 and index + 1 not in self._copies:
                self._copies[index + 1] = state.clone()
        return state


def replay_frame(table: Table, replay: GameReplay, seat: int | None, step: int) -> dict[str, Any]:
    """Step `step` of a finished table's game as `seat` (None: a watcher) saw it, drawn like a live frame."""
    from wolfpack.web.boards import turn_text

    state = replay.state_at(step)
    view = game_view(table.game, state, seat, [], True, [s.name for s in table.seats], (table.notes, step))
    # Said as a watcher would say it ("Red moves ...", never "Your turn"): the step is past. The sentence is still
    # drawn from the seat's own observation, so it tells no more than the seat saw then.
    view["turn"] = turn_text(table.game.name, view["observation"], None)
    return {
        "type": "replay",
        "table": table.id,
        "game": table.game.name,
        "long_name": table.game.info.long_name,
        "version": table.version,
        "step": step,
        "steps": replay.steps,
        "seat": seat,
        "status": "replay",
        **view,
        "seats": [table.seat_summary(s) for s in table.seats],
    }


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
