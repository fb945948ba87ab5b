"""Real servers for server tests: the app on uvicorn in a thread or in a child process, PostgreSQL from Debian's
binaries, and a small synchronous WebSocket client that keeps every frame it was sent."""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from wolfpack.server.connection import RATE_PER_SECOND
from wolfpack.server.deflate import SharedDeflateProtocol
from wolfpack.server.patch import apply_patch
from wolfpack.server.settings import ServerSettings
from wolfpack.webapp import create_app

FIXED_SEEDS = ServerSettings(allow_fixed_seeds=True, table_burst=1000)
"""The server tests fix seeds to know the dice (as `wolfpack serve --allow-fixed-seeds` would)."""

WAIT = 20.0
"""Seconds a test waits for something that should happen at once: a safety net, not a timing assertion."""

HTTP = httpx.Client(timeout=WAIT)
"""The helpers' one HTTP client: `httpx.get` and the like make a client, and its TLS context, for every request
(about 30 ms of CPU each, more than the request)."""


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_up(base: str, process: subprocess.Popen[bytes] | None = None) -> None:
    """Poll the lobby API until the server answers."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        with contextlib.suppress(httpx.HTTPError):
            if HTTP.get(f"{base}/api/games", timeout=2).status_code == 200:
                return
        time.sleep(0.05)
    raise RuntimeError(f"server at {base} did not come up")


class ThreadedServer:
    """The app served by uvicorn on a loopback port, in a thread of this process (so a test can reach its tables)."""

    def __init__(self, database: str, settings: ServerSettings = FIXED_SEEDS) -> None:
        self.app = create_app(database, settings)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws=SharedDeflateProtocol,  # as `wolfpack serve` runs it
            ws_max_size=65536,
        )
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self.server.serve(),), daemon=True)

    def __enter__(self) -> ThreadedServer:
        self.thread.start()
        wait_until_up(self.base)
        return self

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(WAIT)

    def call(self, coroutine: Coroutine[Any, Any, Any]) -> Any:
        """Run a coroutine on the server's event loop and return its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(WAIT)

    @property
    def hall(self) -> Any:
        """The server's tables."""
        return self.app.state.hall


class ServerProcess:
    """`wolfpack serve` as a child process, which a test may kill outright."""

    def __init__(
        self, database: str, port: int | None = None, options: tuple[str, ...] = ("--allow-fixed-seeds",)
    ) -> None:
        self.database = database
        self.options = options
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.killed_at: float | None = None
        """When `kill` sent SIGKILL: a client failing after this moment failed because of it."""

    def start(self) -> ServerProcess:
        """Start the server and wait until it answers."""
        self.killed_at = None
        command = [sys.executable, "-c", "from wolfpack.cli import main; main()", "serve", "--port", str(self.port)]
        command += ["--database", self.database, "--table-burst", "1000", *self.options]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        wait_until_up(self.base, self.process)
        return self

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flushing, nothing the server could do about it."""
        assert self.process is not None
        self.killed_at = time.monotonic()
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(WAIT)

    def stop(self) -> None:
        """Stop the server politely if it still runs."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(WAIT)
            except subprocess.TimeoutExpired:
                self.kill()


def assert_pong(frame: dict[str, Any], version: int) -> None:
    """A pong tells the table's version and the server's time (what the page's move clocks count against)."""
    assert frame == {"type": "pong", "version": version, "time": frame["time"]}
    assert abs(frame["time"] - time.time()) < 60, frame


def create_table(base: str, game: str, options: dict[str, Any], humans: int, **settings: Any) -> dict[str, Any]:
    """Open a table whose first `humans` seats are people and the rest bots; the lobby's answer (with tokens)."""
    count = options["players"]
    seats = [{"kind": "human"} if i < humans else {"kind": "bot"} for i in range(count)]
    body = {"game": game, "options": options, "seats": seats, "bot_delay": 0, **settings}
    response = HTTP.post(f"{base}/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def follow(view: dict[str, Any] | None, frame: dict[str, Any]) -> dict[str, Any]:
    """The whole view after a state frame: a snapshot replaces it, an update adds its new log lines to it and
    (at an event) patches the observation it holds."""
    if frame["snapshot"]:
        return frame
    assert view is not None, "an update came before any snapshot"
    assert frame["since"] == view["version"] and frame["log_from"] <= len(view["log"]), "a gap in the updates"
    followed = {**frame, "log": view["log"][: frame["log_from"]] + frame["log"]}
    if "patch" in frame:
        followed["observation"] = apply_patch(view["observation"], followed.pop("patch"))
    return followed


PACE = RATE_PER_SECOND * 3 / 4
"""The most messages a test's socket sends in any second: under the server's flood limit with room to spare. Every
test socket waits for one message's answer before it sends the next, so the server never gets them bunched."""


def paced_send(socket: ClientConnection, sent: list[float], message: dict[str, Any]) -> None:
    """Send one message, no faster than the server's flood limit allows; `sent` holds the last second's sends."""
    now = time.monotonic()
    sent[:] = [stamp for stamp in sent if now - stamp < 1.0]
    if len(sent) >= PACE:
        time.sleep(1.0 - (now - sent[0]))
    sent.append(time.monotonic())
    socket.send(json.dumps(message))


def read_frame(socket: ClientConnection, raw: list[str]) -> dict[str, Any]:
    """The next frame, its text kept in `raw`."""
    text = socket.recv(timeout=WAIT)
    assert isinstance(text, str)
    raw.append(text)
    frame: dict[str, Any] = json.loads(text)
    return frame


@dataclass
class Client:
    """One WebSocket at a table, as a browser would hold it: every frame it receives is kept, raw and parsed."""

    base: str
    table: str
    token: str | None
    render: bool = False
    raw: list[str] = field(default_factory=list)
    latest: dict[str, Any] | None = None
    sent: list[float] = field(default_factory=list)
    socket: ClientConnection = field(init=False)

    def __post_init__(self) -> None:
        url = self.base.replace("http://", "ws://") + f"/ws/tables/{self.table}"
        # Entered by hand: the connection lives as long as this client, closed by `close`.
        self.socket = connect(url, open_timeout=WAIT, max_size=2**22).__enter__()
        self.send({"type": "join", "token": self.token, "render": self.render})
        self.until(lambda f: f["type"] == "state")

    def send(self, message: dict[str, Any]) -> None:
        """Send one message, no faster than the server's flood limit allows (as a well-behaved page would)."""
        paced_send(self.socket, self.sent, message)

    def receive(self) -> dict[str, Any]:
        """The next frame (kept); `latest` follows the view as a page does (updates add their log lines to it)."""
        frame = read_frame(self.socket, self.raw)
        if frame["type"] == "state":
            self.latest = follow(self.latest, frame)
        elif frame["type"] == "seats" and self.latest is not None:
            self.latest = {**self.latest, "seats": frame["seats"]}
        return frame

    def until(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read frames until one satisfies `predicate`; that one."""
        while True:
            frame = self.receive()
            if predicate(frame):
                return frame

    def at_version(self, version: int) -> dict[str, Any]:
        """Read until this client has seen the table at `version` or later."""
        if self.latest is not None and self.latest["version"] >= version:
            return self.latest
        return self.until(lambda f: f["type"] == "state" and f["version"] >= version)

    def act(self, action: str, request_id: str | None = None) -> dict[str, Any]:
        """Play `action` at the version this client last saw; the server's ack or error."""
        assert self.latest is not None
        self.send(
            {
                "type": "act",
                "token": self.token,
                "action": action,
                "version": self.latest["version"],
                "request_id": request_id,
            }
        )
        return self.until(lambda f: f["type"] in ("ack", "error"))

    def close(self) -> None:
        """Leave the table."""
        self.socket.close()


# ---- PostgreSQL ----------------------------------------------------------------------------------------------


def _postgres_binary(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))), None)
    if found is None:
        raise RuntimeError(f"PostgreSQL's {name} is not installed: apt-get install postgresql (.ci/run does)")
    return found


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL server on a loopback port, from initdb and pg_ctl; yields its postgresql:// URL.

    PostgreSQL refuses to run as root, so as root it runs as the `postgres` user that Debian's package creates.
    """
    initdb, pg_ctl = _postgres_binary("initdb"), _postgres_binary("pg_ctl")
    root = Path(tempfile.mkdtemp(prefix="wolfpack-pg-"))
    data = root / "data"
    port = free_port()
    as_user: list[str] = []
    if os.geteuid() == 0:
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(root, "postgres", "postgres")
    root.chmod(0o755)

    def run(*command: str) -> None:
        subprocess.run([*as_user, *command], check=True, capture_output=True, timeout=120)

    try:
        run(initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        options = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={root}"
        run(pg_ctl, "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start")
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        finally:
            run(pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(root, ignore_errors=True)
