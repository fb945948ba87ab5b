"""A live event survives SIGKILL: every acknowledged action is in the store, and the restarted server carries on
from exactly there (issue 15, item 5)."""

from __future__ import annotations

from pathlib import Path

from wolfpack.event import history
from wolfpack.event.store import EventStore

from ..server.live import ServerProcess
from .devices import EVENT_ID, Device, seat_of, stored_event


def test_sigkill_mid_event_loses_no_acknowledged_action(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path}/event.db"
    event = stored_event(database)
    server = ServerProcess(database, options=()).start()
    try:
        desk = Device(server.base, event.operators.find("Bob").token)
        captain = seat_of(event, "dione/captain")
        phone = Device(server.base, event.tokens.tokens[captain])
        acked: list[tuple[int, str]] = []
        assert desk.act(0, "control advance", confirm=True)["type"] == "ack"  # no ship has crewed its jump drive
        acked.append((0, "control advance"))
        for index in range(6):
            legal = phone.legal(captain)
            action = legal[index % len(legal)]
            answer = phone.act(captain, action, request_id=f"r{index}")
            if answer["type"] == "ack":
                acked.append((captain, action))
        version = phone.version
        server.kill()
        store = EventStore.open(database)
        rows = history.actions(store.engine, EVENT_ID)
        store.close()
        stored = [(row.player, row.action) for row in rows if row.player >= 0]
        assert stored[-len(acked) :] == acked, "every acknowledged action was committed before its ack"
        server.start()
        back = Device(server.base, event.operators.find("Bob").token)
        assert back.version == version == len(rows)
        again = Device(server.base, event.tokens.tokens[captain])
        assert again.view is not None and again.view["observation"]["step"] == "action"
        for device in (back, again):
            device.close()
    finally:
        server.stop()
