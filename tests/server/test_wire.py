"""What only a real server on a real socket shows: frames that are not UTF-8, and the close codes and logs they
lead to."""

from __future__ import annotations

import base64
import logging
import os
import socket
import struct
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .live import WAIT, ServerProcess, ThreadedServer, create_table


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedServer]:
    path: Path = tmp_path_factory.mktemp("wire") / "wire.db"
    with ThreadedServer(f"sqlite:///{path}") as live:
        yield live


def _masked_frame(opcode: int, payload: bytes) -> bytes:
    """One client frame (masked, as RFC 6455 requires of clients), written by hand so it may break the rules."""
    mask = os.urandom(4)
    size = len(payload)
    head = bytes([0x80 | opcode]) + (bytes([0x80 | size]) if size < 126 else bytes([0xFE]) + struct.pack("!H", size))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _raw_socket(server: ThreadedServer, table_id: str) -> socket.socket:
    """A WebSocket opened by hand, past its handshake."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_text_frame_that_is_not_utf8_is_closed_with_one_log_line(server: ThreadedServer) -> None:
    """Invalid UTF-8 closes the socket with 1007 and logs one line, not a traceback."""
    table = create_table(server.base, "spacewolves", {"players": 3}, humans=1, seed=1)
    records = _Records()
    logger = logging.getLogger("uvicorn.error")
    logger.addHandler(records)
    try:
        sock = _raw_socket(server, table["id"])
        sock.sendall(_masked_frame(0x1, b'{"type": "ping"\xff}'))
        reply = b""
        while len(reply) < 4:  # the close frame: opcode 8, two bytes of payload (the code)
            chunk = sock.recv(64)
            if not chunk:
                break
            reply += chunk
        sock.close()
    finally:
        logger.removeHandler(records)
    assert reply[:2] == b"\x88\x02" and struct.unpack("!H", reply[2:4])[0] == 1007, reply
    about = [r for r in records.records if "UTF-8" in r.getMessage()]
    assert len(about) == 1, [r.getMessage() for r in records.records]
    assert about[0].exc_info is None and about[0].exc_text is None, "a bad client frame is not our fault: no traceback"
    assert "\n" not in about[0].getMessage()


def test_wolfpack_serve_takes_a_seed_from_the_web_only_with_its_flag(tmp_path: Path) -> None:
    """`wolfpack serve` refuses a fixed seed; with --allow-fixed-seeds it takes it and the table says so."""
    body = {"game": "wolf", "options": {"players": 3}, "seats": [{"kind": "human"}] * 3, "seed": 5}
    for options, status in [((), 403), (("--allow-fixed-seeds",), 201)]:
        server = ServerProcess(f"sqlite:///{tmp_path}/serve.db", options=options).start()
        try:
            response = httpx.post(f"{server.base}/api/tables", json=body, timeout=WAIT)
        finally:
            server.stop()
        assert response.status_code == status, response.text
        if status == 201:
            assert response.json()["seed_fixed"] is True
