"""A bot in another process takes a seat on a running server with its seat link (docs/server.md, "Remote bots").

    python -m wolfpack.client 'http://192.168.1.20:8000/play/ab12cd34#token=...' --bot heuristic

It speaks the table's WebSocket protocol as a browser does, through the same guards: it joins with the seat's token,
and whenever a state frame offers the seat legal actions it asks its *decider* for one, sends it with the version it
saw and a request id of its own, and goes on until the game is over. A dropped connection is opened again and the
seat joined again; an action whose answer was lost is sent again with the same request id, which the server
answers with the first delivery's ack instead of playing it twice.

A decider reads the frame (the seat's observation, its legal actions in notation, whether play waits for it) and
returns an action's notation, or None to let an optional moment pass. `random_decider` picks among the legal
actions; `bot_decider` plays one of wolfpack's bots, for a game whose observation carries its whole position
(Spacewolves!): the bot is handed the position rebuilt from it.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sys
import time
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, ConnectionClosedOK
from websockets.sync.client import ClientConnection, connect

from wolfpack.bots import make_bot
from wolfpack.engine.bot import Bot
from wolfpack.engine.game import Game
from wolfpack.engine.registry import load_game

Decider = Callable[[Mapping[str, Any], bool], str | None]
"""Given a state frame and whether play waits for this seat, an action in notation (None: let the moment pass)."""

RECONNECTS: Final = 5
"""Our default: how many times in a row a dropped connection is opened again before the client gives up."""
WAIT: Final = 60.0
"""Our default: seconds to wait for the server's next frame before the connection is taken as lost."""
IGNORED_ERRORS: Final = frozenset({"stale", "not-your-turn"})
"""Refusals that only mean the table moved on first: a fresh state frame follows, and the client decides again."""


class ClientError(RuntimeError):
    """The server refused the client, or the client cannot go on; the message says why."""


@dataclass(frozen=True)
class SeatLink:
    """What a seat link names: the server, the table and the seat's token."""

    base: str
    table: str
    token: str

    @classmethod
    def parse(cls, link: str) -> SeatLink:
        """Read `http://host:port/play/TABLE#token=TOKEN` (the link the lobby hands a seat)."""
        parts = urlsplit(link)
        path = parts.path.rstrip("/").split("/")
        token = dict(item.partition("=")[::2] for item in parts.fragment.split("&")).get("token", "")
        if parts.scheme not in ("http", "https") or len(path) < 2 or path[-2] != "play" or not token:
            raise ClientError(f"{link!r} is not a seat link: it should read http://HOST:PORT/play/TABLE#token=TOKEN")
        return cls(f"{parts.scheme}://{parts.netloc}", path[-1], token)

    @property
    def socket_url(self) -> str:
        """The table's WebSocket address."""
        scheme = "wss" if self.base.startswith("https") else "ws"
        return f"{scheme}{self.base[self.base.index(':') :]}/ws/tables/{self.table}"

    def summary(self) -> dict[str, Any]:
        """The table's public facts from the lobby's API (its game and options)."""
        with urllib.request.urlopen(f"{self.base}/api/tables/{self.table}", timeout=WAIT) as answer:
            found: dict[str, Any] = json.load(answer)
        return found


def random_decider(seed: int | None = None) -> Decider:
    """A decider that picks uniformly among the legal actions, and takes optional moments a quarter of the time."""
    rng = random.Random(seed)

    def decide(frame: Mapping[str, Any], must: bool) -> str | None:
        if not must and rng.random() >= 0.25:
            return None
        return str(rng.choice(frame["legal"]))

    return decide


def bot_decider(link: SeatLink, bot_name: str, seed: int | None = None) -> Decider:
    """A decider that plays wolfpack's bot `bot_name` on the position the seat's observation carries."""
    summary = link.summary()
    game: Game[Any] = load_game(summary["game"], **summary["options"])
    bot: Bot = make_bot(game, bot_name, seed)

    def decide(frame: Mapping[str, Any], must: bool) -> str | None:
        position = frame["observation"].get("position")
        if not isinstance(position, str):
            raise ClientError(
                f"{game.name}'s observations do not carry a whole position, so a wolfpack bot cannot be handed one: "
                "write a decider that reads the frame (its observation and legal actions)"
            )
        state = game.state_from_position(position)
        seat = int(frame["seat"])
        action = bot.step(state, seat if state.is_simultaneous_node() else None)
        return None if action is None else state.action_to_string(action)

    return decide


def play_seat(link: SeatLink, decide: Decider, reconnects: int = RECONNECTS) -> dict[str, Any]:
    """Play the seat until the game is over; the last state frame (its `returns` say how it ended)."""
    seat = _Seat(link, decide)
    dropped = 0
    while True:
        try:
            with connect(link.socket_url, open_timeout=WAIT, max_size=2**24) as socket:
                final = seat.play(socket)
                if final is not None:
                    return final
        except (ConnectionClosed, OSError, TimeoutError) as exc:
            if isinstance(exc, ConnectionClosedOK) and exc.rcvd is not None and exc.rcvd.code >= 4000:
                raise ClientError(f"the server closed the table's socket: {exc.rcvd.reason or exc.rcvd.code}") from None
            dropped += 1
            if dropped > reconnects:
                raise ClientError(f"the connection to {link.base} was lost {dropped} times in a row: {exc}") from None
            time.sleep(min(2.0**dropped / 4, 5.0))  # a short back-off before the server is asked again
        else:
            dropped = 0


class _Seat:
    """One seat's side of the conversation, kept across reconnections (what was sent and not yet acknowledged)."""

    def __init__(self, link: SeatLink, decide: Decider) -> None:
        self.link = link
        self.decide = decide
        self.decided: int | None = None
        """The version the decider last answered at: it is asked once per version."""
        self.pending: dict[str, Any] | None = None
        """The last act sent and not acknowledged: sent again, with its request id, after a reconnection."""

    def play(self, socket: ClientConnection) -> dict[str, Any] | None:
        """Join and play until the game is over (that state frame), or until the connection drops (an exception)."""
        socket.send(json.dumps({"type": "join", "token": self.link.token}))
        if self.pending is not None:
            socket.send(json.dumps(self.pending))
        latest: dict[str, Any] | None = None
        while True:
            frame = json.loads(socket.recv(timeout=WAIT))
            kind = frame.get("type")
            if kind == "error":
                if frame.get("code") not in IGNORED_ERRORS:
                    raise ClientError(f"the server refused: {frame.get('code')}: {frame.get('message')}")
                self.pending = None  # it took no effect; the fresh state that follows is decided again
                self.decided = None
            if kind == "ack" and self.pending is not None and frame.get("request_id") == self.pending["request_id"]:
                # The ack comes after the state frame of the version it made: that frame may want a move too.
                self.pending = None
                if latest is not None:
                    self._maybe_act(socket, latest)
            if kind != "state":
                continue
            if frame["status"] == "over":
                return dict(frame)
            latest = frame
            self._maybe_act(socket, frame)

    def _maybe_act(self, socket: ClientConnection, frame: Mapping[str, Any]) -> None:
        """Ask the decider, once per version, when the frame offers this seat legal actions, and send its answer."""
        seat, version = frame["seat"], frame["version"]
        if not frame["legal"] or seat not in frame["acting"] or self.decided == version or self.pending is not None:
            return
        must = seat in frame["to_act"]
        self.decided = version
        action = self.decide(frame, must)
        if action is None:
            if must:
                raise ClientError(f"the decider let version {version} pass, but play waits for seat {seat}")
            return
        request = {"type": "act", "token": self.link.token, "action": action, "version": version}
        self.pending = {**request, "request_id": f"c-{secrets.token_hex(12)}"}
        socket.send(json.dumps(self.pending))


def main(argv: Sequence[str] | None = None) -> int:
    """Play a seat from the command line with one of wolfpack's bots (or random legal actions)."""
    parser = argparse.ArgumentParser(prog="python -m wolfpack.client", description=__doc__.split("\n\n")[0])
    parser.add_argument("link", help="the seat's link, as the lobby hands it out")
    parser.add_argument("--bot", default="random", help="a wolfpack bot for the game (default: random legal actions)")
    parser.add_argument("--seed", type=int, help="the bot's seed")
    args = parser.parse_args(argv)
    try:
        link = SeatLink.parse(args.link)
        decide = random_decider(args.seed) if args.bot == "random" else bot_decider(link, args.bot, args.seed)
        final = play_seat(link, decide)
    except (ClientError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"the game is over: returns {final['returns']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
