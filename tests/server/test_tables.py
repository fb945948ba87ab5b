"""Tables at play: bots in bot seats, stand-ins when a clock runs out or a person is gone, taking a seat back,
seeded chance, and rebuilding every table from its stored events."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from wolfpack.server import hall as hall_module
from wolfpack.server.frames import GameReplay, replay_frame
from wolfpack.server.journal import Journal
from wolfpack.server.store import Store
from wolfpack.server.tables import CLOCK_RAN_OUT, Table, table_from_row

from .live import WAIT, Client, ThreadedServer, create_table


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ThreadedServer]:
    with ThreadedServer(f"sqlite:///{tmp_path}/t.db") as live:
        yield live


def _wait_for(condition: object, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.02)
    pytest.fail(f"timed out waiting for {what}")


def _players(server: ThreadedServer, table_id: str) -> list[int]:
    return [e.player for e in server.hall.store.events(table_id)]


def _listed(server: ThreadedServer, status: str) -> list[str]:
    """The ids of the tables the lobby's list (status "open") or the list of every table ("all") shows."""
    page = httpx.get(f"{server.base}/api/tables", params={"status": status, "limit": 100}, timeout=WAIT).json()
    return [table["id"] for table in page["tables"]]


def test_bot_seats_play_by_themselves(server: ThreadedServer) -> None:
    """With one person and two bots, the person plays and the bots answer until the game ends."""
    table = create_table(server.base, "spacewolves", {"players": 3}, humans=1, seed=2)
    me = Client(server.base, table["id"], table["seats"][0]["token"])
    while True:
        frame = me.at_version(server.hall.get(table["id"]).version)
        if frame["status"] == "over":
            break
        if frame["legal"]:
            assert me.act(frame["legal"][0])["type"] == "ack"
        else:
            me.receive()
    players = _players(server, table["id"])
    assert {0, 1, 2} <= set(players)


def test_a_bot_moves_when_the_clock_runs_out(server: ThreadedServer) -> None:
    """A person who lets the per-move clock run out has the stand-in bot move for them."""
    table = create_table(server.base, "spacewolves", {"players": 3}, humans=3, seed=4, clock_seconds=0.2)
    watcher = Client(server.base, table["id"], None)
    # The version and who was waited for are read from one frame: under load the clock may run out before the
    # watcher arrives, and the table's version read apart could then be a move newer than the frame's waiting seat.
    first = watcher.latest
    assert first is not None
    start, waiting = first["version"], first["to_act"]
    frame = watcher.until(lambda f: f["type"] == "state" and f["version"] > start)
    assert _players(server, table["id"])[start] == waiting[0]
    assert frame["version"] > start


def test_a_clock_that_ran_out_is_said_in_the_log_and_the_seat_and_said_again_after_a_rebuild(
    server: ThreadedServer, tmp_path: Path
) -> None:
    """Item 2 of issue 32: the log says the time ran out and a bot played, before the move's own line (which alone
    read as if the person had moved); the seat says so until its person moves again; every seat's deadline is in the
    frame while it is waited for; a table rebuilt from its events says the same, and a person cannot forge it."""
    table = create_table(server.base, "spacewolves", {"players": 3}, humans=3, seed=4, clock_seconds=0.3)
    watcher = Client(server.base, table["id"], None)
    first = watcher.latest
    assert first is not None
    waited = first["to_act"][0]
    deadline = first["seats"][waited]["deadline"]
    assert deadline is not None and 0 < deadline - time.time() <= 0.3, "the waited-for seat's deadline"
    assert all(s["deadline"] is None for s in first["seats"] if s["seat"] not in first["to_act"])
    name = table["seats"][waited]["name"]
    said = f"Time ran out for {name}: a bot played for them."
    frame = watcher.until(lambda f: f["type"] == "state" and said in f["log"])
    log = watcher.latest["log"] if watcher.latest else []
    line = log.index(said)
    assert line == len(first["log"]), "the note comes right before the move it is about"
    live = server.hall.get(table["id"])
    assert log[line + 1] == live.state.log(None)[line], "the move's own line follows the note"
    assert frame["seats"][waited]["timed_out"] is True, "the seat says its time ran out"
    store = Store(f"sqlite:///{tmp_path}/t.db")
    try:
        row, events = next((row, events) for row, events in store.load() if row.id == table["id"])
    finally:
        store.close()
    rebuilt = table_from_row(row, Journal(store))
    rebuilt.replay(events)
    upto = rebuilt.version
    assert rebuilt.notes == [n for n in live.notes if n.version < upto] and rebuilt.notes, "the notes are rebuilt"
    replayed = replay_frame(rebuilt, GameReplay(rebuilt.game, events), None, upto)
    assert replayed["log"][: line + 2] == log[: line + 2], "the replay says it in the same place"
    me = Client(server.base, table["id"], table["seats"][0]["token"])
    answer = me.act("anything", request_id=CLOCK_RAN_OUT)
    assert answer["type"] == "error" and answer["code"] == "bad-request-id", answer


def test_a_bot_stands_in_for_a_person_gone_too_long_and_the_person_takes_the_seat_back(
    server: ThreadedServer,
) -> None:
    """Gone longer than the table allows: a bot plays the seat; back again: the seat waits for its person. Issue 32:
    while only stand-ins play (the person left a quick start), the lobby's "Join or watch" leaves the table out."""
    table = create_table(server.base, "spacewolves", {"players": 3}, humans=1, seed=6, takeover_seconds=0.2)
    assert table["id"] in _listed(server, "open")  # not yet come is not gone
    token = table["seats"][0]["token"]
    Client(server.base, table["id"], token).close()
    watcher = Client(server.base, table["id"], None)
    _wait_for(lambda: 0 in _players(server, table["id"])[3:], "the stand-in to move for seat 1")
    frame = watcher.until(lambda f: f["type"] == "state" and f["seats"][0]["stand_in"])
    assert frame["seats"][0]["connected"] is False
    assert table["id"] not in _listed(server, "open"), "an abandoned table is offered in the lobby"
    assert table["id"] in _listed(server, "all")  # still found by its id, and in the list of every table

    me = Client(server.base, table["id"], token)
    assert me.latest is not None and me.latest["seats"][0]["stand_in"] is False
    assert table["id"] in _listed(server, "open")  # its person is back
    frame = me.until(lambda f: f["type"] == "state" and bool(f["legal"]))
    time.sleep(0.6)  # three times the takeover: a stand-in would have moved by now
    assert server.hall.get(table["id"]).version == frame["version"], "the bot must leave a returned person's seat"
    assert me.act(frame["legal"][0])["type"] == "ack"


def test_chance_is_drawn_from_the_table_seed(server: ThreadedServer) -> None:
    """Two tables with the same seed and the same actions roll the same dice."""
    logs = []
    for _ in range(2):
        table = create_table(server.base, "spacewolves", {"players": 3}, humans=3, seed=77)
        clients = [Client(server.base, table["id"], s["token"]) for s in table["seats"]]
        for _ in range(6):
            version = server.hall.get(table["id"]).version
            frames = [c.at_version(version) for c in clients]
            seat = next(i for i, f in enumerate(frames) if f["legal"])
            assert clients[seat].act(frames[seat]["legal"][0])["type"] == "ack"
        logs.append([(e.player, e.action) for e in server.hall.store.events(table["id"])])
    assert logs[0] == logs[1]
    assert any(player == -1 for player, _ in logs[0])


def test_a_new_server_rebuilds_every_table_exactly(server: ThreadedServer, tmp_path: Path) -> None:
    """Replaying the stored events gives each table the very state it had."""
    table = create_table(server.base, "wolf", {"players": 3, "max_rounds": 3}, humans=3, seed=9)
    clients = [Client(server.base, table["id"], s["token"]) for s in table["seats"]]
    for _ in range(12):
        version = server.hall.get(table["id"]).version
        frames = [c.at_version(version) for c in clients]
        seat = next(i for i, f in enumerate(frames) if f["legal"])
        assert clients[seat].act(frames[seat]["legal"][-1])["type"] == "ack"
    expected = server.call(_snapshot(server.hall.get(table["id"])))
    store = Store(f"sqlite:///{tmp_path}/t.db")
    try:
        row, events = next((row, events) for row, events in store.load() if row.id == table["id"])
        rebuilt = table_from_row(row, Journal(store))
        rebuilt.replay(events)
    finally:
        store.close()
    assert (rebuilt.state.to_json(), rebuilt.version, rebuilt.last_move) == expected
    assert rebuilt.last_move is not None and rebuilt.last_move[0] == seat  # whose move it was, said after a restart


async def _snapshot(table: Table) -> tuple[str, int, tuple[int, int] | None]:
    async with table.lock:
        return table.state.to_json(), table.version, table.last_move


def test_a_finished_table_leaves_memory_and_comes_back_from_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once over and unwatched, a table is let go of; asked for again, it is read back exactly as it ended."""
    monkeypatch.setattr(hall_module, "SWEEP_SECONDS", 0.02)
    monkeypatch.setattr(hall_module, "EVICT_AFTER_SECONDS", 0.05)
    with ThreadedServer(f"sqlite:///{tmp_path}/t.db") as server:
        table = create_table(server.base, "spacewolves", {"players": 3, "max_rounds": 2}, humans=0, seed=8)
        _wait_for(lambda: table["id"] not in server.hall.tables, "the finished table to leave memory")
        stored = server.hall.store.events(table["id"])
        back = httpx.get(f"{server.base}/api/tables/{table['id']}", timeout=WAIT).json()
        assert back["status"] == "over" and back["version"] == len(stored) > 0
        watcher = Client(server.base, table["id"], None)
        assert watcher.latest is not None and watcher.latest["status"] == "over"
        assert watcher.latest["returns"] is not None


def test_two_people_asking_at_once_for_the_last_open_seat_cannot_both_get_it(server: ThreadedServer) -> None:
    """Issue 17: many lobby clicks on "Join" at the same moment, one free open seat: one token, the rest refused."""
    body = {"game": "wolf", "options": {"players": 3}, "bot_delay": 0}
    seats = [{"kind": "human"}, {"kind": "human", "open": True}, {"kind": "bot"}]
    created = httpx.post(f"{server.base}/api/tables", json={**body, "seats": seats}, timeout=WAIT).json()
    start = threading.Barrier(8)

    def ask(name: str) -> httpx.Response:
        start.wait(WAIT)
        return httpx.post(f"{server.base}/api/tables/{created['id']}/join", json={"name": name}, timeout=WAIT)

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(ask, [f"P{i}" for i in range(8)]))
    granted = [a.json() for a in answers if a.status_code == 200]
    assert len(granted) == 1 and sorted(a.status_code for a in answers) == [200] + [409] * 7
    table = server.hall.get(created["id"])
    assert table.seat_for_token(granted[0]["token"]) == 1
    assert table.seats[1].name in {f"P{i}" for i in range(8)} and not table.seats[1].open
