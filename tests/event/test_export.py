"""The final export (src/wolfpack/event/export.py): a live event's history as one record that `wolfpack replay`
plays to the same state, and a record read back into an event's history."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from typer.testing import CliRunner

from wolfpack.cli import app
from wolfpack.engine.constants import SIMULTANEOUS
from wolfpack.engine.errors import RecordError
from wolfpack.engine.records import replay_lines, replay_record
from wolfpack.event import history
from wolfpack.event.errors import EventError
from wolfpack.event.export import export_record, import_record, record_lines
from wolfpack.event.history import ActionRow
from wolfpack.event.store import EventStore

from .histories import T0, bot_record, chunks, event_for, record_rows, replayed


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    opened = EventStore.open(f"sqlite:///{tmp_path}/events.db")
    yield opened
    opened.close()


def _stored(store: EventStore, edition: str, turns: int) -> str:
    event = event_for(edition, turns)
    store.create(event)
    for rows, state in chunks(edition, turns, history.SNAPSHOT_EVERY):
        history.append(store.engine, event.id, rows, state)
    return event.id


# Two turns make a finished event whose export holds every kind of row (snapshots, chance, seats, the result); a
# whole twelve-turn event's record replaying exactly is tests/games/den/test_bots.py's.
@pytest.mark.parametrize(("edition", "turns"), [("classic", 2), ("infinite-domain", 2)])
def test_the_export_replays_to_the_live_state(store: EventStore, tmp_path: Path, edition: str, turns: int) -> None:
    event_id = _stored(store, edition, turns)
    game = event_for(edition, turns).game
    made = export_record(store.engine, game, event_id, tmp_path / "event.jsonl")
    live, version = history.restore(store.engine, game, event_id)
    assert (made.actions, made.over) == (version, True)
    assert made.bytes == (tmp_path / "event.jsonl").stat().st_size
    assert replay_record(tmp_path / "event.jsonl").to_json() == live.to_json()
    lines = (tmp_path / "event.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert (header["game"], header["event"], header["options"]) == ("den-of-wolves", event_id, game.options_dict())
    assert (header["options"]["edition"], header["options"]["turns"]) == (edition, turns)
    assert json.loads(lines[-1]) == {"result": {"returns": live.returns()}}


def test_wolfpack_replay_plays_the_export(store: EventStore, tmp_path: Path) -> None:
    event_id = _stored(store, "classic", 2)
    export_record(store.engine, event_for("classic", 2).game, event_id, tmp_path / "event.jsonl")
    shown = CliRunner().invoke(app, ["replay", str(tmp_path / "event.jsonl")])
    assert shown.exit_code == 0, shown.output
    assert f"{history.version(store.engine, event_id)} actions replayed" in shown.output


def test_every_line_names_the_seat_that_acted_which_a_simultaneous_node_needs(store: EventStore) -> None:
    event_id = _stored(store, "classic", 2)
    game = event_for("classic", 2).game
    lines = list(record_lines(store.engine, game, event_id))
    entries = [json.loads(line) for line in lines[1:-1]]
    rows = history.actions(store.engine, event_id)
    assert [entry["player"] for entry in entries] == ["chance" if row.player == -1 else row.player for row in rows]
    state = game.new_initial_state()
    simultaneous: set[int] = set()
    first_simultaneous = None
    for number, row in enumerate(rows):
        if state.current_player() == SIMULTANEOUS:
            simultaneous.add(row.player)
            first_simultaneous = number if first_simultaneous is None else first_simultaneous
        history.replay_rows(state, [row])
    assert len(simultaneous) > 10  # the Action Phase: many seats act in any order
    assert first_simultaneous is not None
    without_seat = {k: v for k, v in entries[first_simultaneous].items() if k != "player"}
    lines[first_simultaneous + 1] = json.dumps(without_seat)
    with pytest.raises(RecordError, match="at a simultaneous node the record must name the seat"):
        replay_lines(lines)


def test_an_export_after_a_rewind_holds_the_live_history_only(store: EventStore, tmp_path: Path) -> None:
    event_id = _stored(store, "classic", 2)
    game = event_for("classic", 2).game
    history.rewind(store.engine, game, event_id, 130, "a wrong jump", "Ann")
    made = export_record(store.engine, game, event_id, tmp_path / "event.jsonl")
    assert (made.actions, made.over) == (130, False)
    assert replay_record(tmp_path / "event.jsonl").to_json() == replayed(bot_record("classic", 2), 130).to_json()


def test_a_record_read_into_an_event_is_stored_as_the_server_would_store_it(store: EventStore) -> None:
    event = event_for("classic", 2)
    store.create(event)
    record = bot_record("classic", 2)
    reached = import_record(store.engine, event.game, event.id, record, now=T0)
    assert reached == len(record_rows(record))
    stored = history.actions(store.engine, event.id)
    assert [(r.version, r.player, r.action, r.time) for r in stored] == [
        (r.version, r.player, r.action, T0) for r in record_rows(record)
    ]
    assert history.restore(store.engine, event.game, event.id)[0].to_json() == replayed(record, reached).to_json()
    assert history.snapshot_versions(store.engine, event.id)  # due ones were kept on the way


def test_a_record_that_does_not_fit_the_event_is_refused_before_anything_is_written(store: EventStore) -> None:
    event = event_for("classic", 2)
    store.create(event)
    record = list(bot_record("classic", 2))
    other = list(bot_record("classic", 3))
    broken = [*record[:50], json.dumps({"ply": 50, "player": 3, "action": "no such action"}), *record[51:]]
    refused = [
        (other, "record:1: its options .* differ from the event's"),
        (["not json"], "record:1: not JSON"),
        ([json.dumps({"format": "wolfpack-record", "game": "wolf"})], "not a wolfpack record of den-of-wolves"),
        (broken, "record:51: "),
        ([], "record: it is empty"),
    ]
    for lines, message in refused:
        with pytest.raises(EventError, match=message):
            import_record(store.engine, event.game, event.id, lines)
        assert history.version(store.engine, event.id) == 0
    import_record(store.engine, event.game, event.id, record[:20])
    with pytest.raises(EventError, match="has actions already"):
        import_record(store.engine, event.game, event.id, record)
    assert history.version(store.engine, event.id) == 19


def test_the_export_command_writes_a_record_and_names_a_bad_event(store: EventStore, tmp_path: Path) -> None:
    event_id = _stored(store, "classic", 2)
    database = str(store.engine.url)
    out = tmp_path / "final.jsonl"
    done = CliRunner().invoke(app, ["event", "export", event_id, "--database", database, "--out", str(out)])
    assert done.exit_code == 0, done.output
    version = history.version(store.engine, event_id)
    assert f"event {event_id}: {version} actions (over)" in done.output
    assert len(replay_record(out).history()) == version
    missing = CliRunner().invoke(app, ["event", "export", "nope", "--database", database, "--out", str(tmp_path / "x")])
    assert missing.exit_code == 2
    assert "no event 'nope' in this database" in missing.output
    assert not (tmp_path / "x").exists()


def test_an_export_taken_while_the_server_writes_is_a_record_of_the_rows_it_read(
    store: EventStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = event_for("classic", 2)
    store.create(event)
    rows = record_rows(bot_record("classic", 2))
    history.append(store.engine, event.id, rows[:-1])
    read = history.actions

    def read_then_the_last_action_arrives(engine: Engine, event_id: str, since: int = 0) -> list[ActionRow]:
        got = read(engine, event_id, since)
        history.append(engine, event_id, rows[-1:])  # the event's last action: it ends the event
        return got

    monkeypatch.setattr(history, "actions", read_then_the_last_action_arrives)
    made = export_record(store.engine, event.game, event.id, tmp_path / "event.jsonl")
    assert (made.actions, made.over) == (len(rows) - 1, False)
    assert (
        replay_record(tmp_path / "event.jsonl").to_json() == replayed(bot_record("classic", 2), len(rows) - 1).to_json()
    )
