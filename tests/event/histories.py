"""Bot events for the history tests: a seeded Den of Wolves event played headless, its record kept once per process,
and stores (SQLite or a PostgreSQL server) holding a new event of the same settings."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from wolfpack.engine.game import State
from wolfpack.engine.records import replay_lines
from wolfpack.event import history
from wolfpack.event.history import ActionRow
from wolfpack.event.model import Event, new_event
from wolfpack.event.settings import make_settings
from wolfpack.event.store import EventStore
from wolfpack.event.store import metadata as event_metadata
from wolfpack.games.den.event import run_event

T0 = 1_700_000_000.0
"""The time the tests' actions carry."""


@cache
def bot_record(edition: str, turns: int, seed: int = 1) -> tuple[str, ...]:
    """The record of a whole bot event of `edition` lasting `turns` turns (the game's bots in every seat)."""
    out = io.StringIO()
    run_event(make_settings(edition=edition, turns=turns).game(), seed, record=out)
    return tuple(out.getvalue().splitlines())


def event_for(edition: str, turns: int, event_id: str = "e0000001") -> Event:
    """A new event whose game is the one `bot_record(edition, turns)` played."""
    return new_event(make_settings(edition=edition, turns=turns), event_id=event_id, created=T0)


def record_rows(record: tuple[str, ...]) -> list[ActionRow]:
    """The record's actions as history rows (what the live server would have stored)."""
    rows = []
    for line in record[1:]:
        entry = json.loads(line)
        if "action" in entry:
            player = -1 if entry["player"] == "chance" else entry["player"]
            rows.append(ActionRow(entry["ply"] - 1, player, entry["action"], None, T0 + entry["ply"], None))
    return rows


def replayed(record: tuple[str, ...], version: int) -> State[Any]:
    """The state after the record's first `version` actions, by `wolfpack replay`'s own code."""
    return replay_lines(list(record[: version + 1]))


@cache
def chunks(edition: str, turns: int, every: int) -> tuple[tuple[list[ActionRow], State[Any]], ...]:
    """The record's rows in chunks of `every`, each with the state after it: appended with it, a chunk makes a
    snapshot at each multiple of `every` (a quick way to store a whole event; the server appends smaller batches)."""
    record = bot_record(edition, turns)
    state = event_for(edition, turns).game.new_initial_state()
    rows = record_rows(record)
    made = []
    for start in range(0, len(rows), every):
        chunk = rows[start : start + every]
        history.replay_rows(state, chunk)
        made.append((chunk, state.clone()))
    return tuple(made)


def server_batches(edition: str, turns: int) -> list[tuple[list[ActionRow], State[Any]]]:
    """The record's rows grouped as the live server appends them (a seat's action with the chance it called for),
    each with the state after it."""
    record = bot_record(edition, turns)
    state = event_for(edition, turns).game.new_initial_state()
    batches: list[tuple[list[ActionRow], State[Any]]] = []
    batch: list[ActionRow] = []
    for row in record_rows(record):
        history.replay_rows(state, [row])
        batch.append(row)
        if not state.is_chance_node():
            batches.append((batch, state.clone()))
            batch = []
    return batches


@pytest.fixture
def store(database: str) -> Iterator[EventStore]:
    opened = EventStore.open(database)
    yield opened
    with opened.engine.begin() as conn:  # the PostgreSQL server is shared by the module's tests
        history.metadata.drop_all(conn)
        event_metadata.drop_all(conn)
    opened.close()
