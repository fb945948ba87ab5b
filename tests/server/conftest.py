"""Shared fixtures of the server tests: a running app on a fresh SQLite file, and a `Server` helper around it.

Helpers are reached through the `server` fixture (tests run with --import-mode=importlib, so test modules do not
import this file).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from wolfpack.server.app import table_app
from wolfpack.server.settings import ServerSettings
from wolfpack.server.tables import Table

HUMAN = {"kind": "human"}
FIXED_SEEDS = ServerSettings(allow_fixed_seeds=True, table_burst=1000)
"""The server tests fix seeds to know the dice (as `wolfpack serve --allow-fixed-seeds` would)."""


class Server:
    """A running app and its test client, with the few moves the server tests make again and again."""

    def __init__(self, app: Any, client: TestClient, database: Path) -> None:
        self.app = app
        self.client = client
        self.database = database

    @property
    def hall(self) -> Any:
        return self.app.state.hall

    # ---- tables -------------------------------------------------------------------------------------------

    def create(
        self,
        game: str = "spacewolves",
        options: dict[str, Any] | None = None,
        seats: list[dict[str, Any]] | None = None,
        **settings: Any,
    ) -> dict[str, Any]:
        """Open a table through the API (all-human spacewolves for 3 by default); the 201 response."""
        if options is None:
            options = {"players": 3} if game == "spacewolves" else {}
        if seats is None:
            seats = [HUMAN, HUMAN, HUMAN]
        body = {"game": game, "options": options, "seats": seats, "bot_delay": 0, "seed": 5, **settings}
        response = self.client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def table(self, table_id: str) -> Table:
        table: Table | None = self.hall.get(table_id)
        assert table is not None
        return table

    def snapshot(self, table_id: str) -> tuple[int, str, int]:
        """What must not move when a message is refused: version, whole state, stored events."""
        table = self.table(table_id)
        return table.version, table.state.to_json(), len(self.hall.store.events(table_id))

    def legal(self, table_id: str, seat: int) -> list[str]:
        state = self.table(table_id).state
        return [state.action_to_string(a) for a in state.legal_actions(seat)]

    def submit(self, table_id: str, seat: int, text: str) -> int:
        """Play an action for a seat directly on the table (on the server's event loop), as a bot would."""
        table = self.table(table_id)
        portal = self.client.portal
        assert portal is not None  # the client is started (the fixture enters it)
        return portal.call(table.submit, seat, text, table.version, None)

    def play_out(self, table_id: str, limit: int = 5000) -> None:
        """Play the first legal action of the first seat that may act until the game ends."""
        table = self.table(table_id)
        for _ in range(limit):
            if table.over:
                return
            seat = table.acting_seats()[0]
            self.submit(table_id, seat, self.legal(table_id, seat)[0])
        raise AssertionError(f"table {table_id} did not end in {limit} actions")

    # ---- sockets ------------------------------------------------------------------------------------------

    def connect(self, table_id: str) -> AbstractContextManager[WebSocketTestSession]:
        return self.client.websocket_connect(f"/ws/tables/{table_id}")

    @staticmethod
    def join(ws: WebSocketTestSession, token: str | None, **extra: Any) -> dict[str, Any]:
        """Join (None: watch) and return the state frame the join answers with."""
        ws.send_json({"type": "join", "token": token, **extra})
        frame = Server.receive(ws)
        assert frame["type"] == "state", frame
        return frame

    @staticmethod
    def act(
        ws: WebSocketTestSession, token: str, action: str, version: int, request_id: str | None = None
    ) -> dict[str, Any]:
        """Send an act and return the first frame that answers it."""
        message: dict[str, Any] = {"type": "act", "token": token, "action": action, "version": version}
        if request_id is not None:
            message["request_id"] = request_id
        ws.send_json(message)
        return Server.receive(ws)

    @staticmethod
    def receive(ws: WebSocketTestSession, within: float = 10.0) -> dict[str, Any]:
        """The next frame, failing (not hanging) if none comes: a safety net, not a timing assertion.

        Raises WebSocketDisconnect if the server closed the socket instead.
        """

        async def next_message() -> Any:
            with anyio.fail_after(within):
                return await ws._send_rx.receive()

        message = ws.portal.call(next_message)
        ws._raise_on_close(message)
        frame: dict[str, Any] = json.loads(message["text"])
        return frame

    @staticmethod
    def close_code(ws: WebSocketTestSession) -> int:
        """Read until the server closes the socket; the close code (fails if a frame arrives instead)."""
        with pytest.raises(WebSocketDisconnect) as closed:
            frame = Server.receive(ws)
            raise AssertionError(f"expected the socket to close, got {frame}")
        return closed.value.code

    @staticmethod
    def assert_quiet(ws: WebSocketTestSession) -> None:
        """Nothing else is waiting for this client: the next frame answers a ping."""
        ws.send_json({"type": "ping"})
        frame = Server.receive(ws)
        assert frame["type"] == "pong", frame


def _serve(tmp_path: Path, settings: ServerSettings) -> Iterator[Server]:
    database = tmp_path / "t.db"
    app = table_app(f"sqlite:///{database}", settings)
    with TestClient(app) as client:
        yield Server(app, client, database)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A fresh server on its own SQLite file that takes fixed seeds, its lifespan running for the whole test."""
    yield from _serve(tmp_path, FIXED_SEEDS)


@pytest.fixture
def default_server(tmp_path: Path) -> Iterator[Server]:
    """A fresh server as `wolfpack serve` starts it with no options."""
    yield from _serve(tmp_path, ServerSettings())
