"""An event's live history as one game record (the format of engine/records.py) that `wolfpack replay` plays, and
such a record read back into the history of an event that has no actions yet (rehearsals, tests, benchmarks).

The record's header names the Den game with every option the event's settings give it (edition, content, turns,
quadrants, and the game's own defaults spelled out); each line is one row of the live history in order, chance
outcomes included, with the seat that acted, which is what a simultaneous node needs to replay. Actions a rewind
discarded are not in it: they are in the audit log and the discarded rows (`history.rewinds`).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from wolfpack.engine.constants import SIMULTANEOUS
from wolfpack.engine.errors import RecordError
from wolfpack.engine.game import Game, State
from wolfpack.engine.records import FORMAT, VERSION, _entry, _player_field, _replay_action
from wolfpack.event import history
from wolfpack.event.errors import EventError, checked_time
from wolfpack.event.history import ActionRow


@dataclass(frozen=True)
class Export:
    """What an export wrote: the file, its size, how many actions, whether the event is over."""

    path: Path
    bytes: int
    actions: int
    over: bool


def record_lines(engine: Engine, game: Game[Any], event_id: str) -> list[str]:
    """The event's record, line by line: the header, an entry per row, and the result once the event is over."""
    rows = history.actions(engine, event_id)
    state = history.state_at(engine, game, event_id, len(rows))  # the rows read, even if the server wrote since
    header = {"format": FORMAT, "version": VERSION, "game": game.name, "options": game.options_dict()}
    lines = [json.dumps({**header, "event": event_id}, sort_keys=True)]
    lines.extend(
        json.dumps({"ply": row.version + 1, "player": _player_field(row.player), "action": row.action}) for row in rows
    )
    if state.is_terminal():
        lines.append(json.dumps({"result": {"returns": state.returns()}}))
    return lines


def export_record(engine: Engine, game: Game[Any], event_id: str, out: Path) -> Export:
    """Write the event's record to `out` (whole or not at all: through a temporary file beside it)."""
    lines = record_lines(engine, game, event_id)
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    write_whole(out, data)
    actions = sum(1 for line in lines[1:] if not line.startswith('{"result"'))
    return Export(out, len(data), actions, actions != len(lines) - 1)


def import_record(
    engine: Engine,
    game: Game[Any],
    event_id: str,
    lines: Sequence[str],
    *,
    now: float | None = None,
    every: int = history.SNAPSHOT_EVERY,
) -> int:
    """Read a record of the event's game into the history of an event with no actions yet, as the live server
    would have written it (each seat's action with the chance outcomes it called for, snapshots when due); returns
    the version reached. A record of another game or other options, or one that does not replay, raises EventError
    naming its line before anything is written."""
    at = checked_time(time.time() if now is None else now, "an imported action's time is a moment")
    if history.version(engine, event_id) != 0:
        raise EventError(f"event {event_id} has actions already: a record is read only into an event without any")
    batches = _batches(game, lines, at, every)
    for rows, state in batches:
        history.append(engine, event_id, rows, state, every=every)
    return batches[-1][0][-1].version + 1 if batches else 0


def write_whole(out: Path, data: bytes) -> None:
    """Write `data` to `out` through a temporary file beside it, so `out` is never left half written."""
    partial = out.with_name(f".{out.name}.partial")
    try:
        partial.write_bytes(data)
        with partial.open("rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, out)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise EventError(f"--out {out}: cannot write it: {exc.strerror or exc}") from None


def _batches(
    game: Game[Any], lines: Sequence[str], at: float, every: int
) -> list[tuple[list[ActionRow], State[Any] | None]]:
    """The record's rows grouped as the live server appends them: each ends where the game stops waiting for chance;
    with a group that makes a snapshot due, a copy of the state after it."""
    if not lines:
        raise EventError("record: it is empty")
    try:
        header = _entry(lines[0], 1, "record")
    except RecordError as exc:
        raise EventError(str(exc)) from None
    if header.get("format") != FORMAT or header.get("game") != game.name:
        raise EventError(f"record:1: not a wolfpack record of {game.name}")
    if header.get("options") != game.options_dict():
        raise EventError(f"record:1: its options {header.get('options')!r} differ from the event's")
    state = game.new_initial_state()
    batch: list[ActionRow] = []
    made: list[tuple[list[ActionRow], State[Any] | None]] = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            entry = _entry(line, number, "record")
            if "result" in entry:
                break
            current = state.current_player()
            version = state.history_length()
            _replay_action(state, entry, number, "record")
        except RecordError as exc:
            raise EventError(str(exc)) from None
        player: int = entry["player"] if current == SIMULTANEOUS else current  # checked by _replay_action
        batch.append(ActionRow(version, player, state.action_to_string(state.history()[-1]), None, at, None))
        if not state.is_chance_node():
            made.append(_with_snapshot(batch, state, every))
            batch = []
    if batch:
        made.append(_with_snapshot(batch, state, every))
    return made


def _with_snapshot(batch: list[ActionRow], state: State[Any], every: int) -> tuple[list[ActionRow], State[Any] | None]:
    """A group of rows, with a copy of the state after them if the group makes a snapshot due."""
    due = history.snapshot_due(batch[0].version, batch[-1].version + 1, every)
    return batch, state.clone() if due else None
