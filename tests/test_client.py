"""Remote bots (issue 34, item 4): a bot in another process takes a seat on a live server with its seat link, over
the same WebSocket protocol and guards as a browser: wolfpack's client with one of our bots, and a minimal client
written from docs/server.md with nothing but the `websockets` library."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as real_connect

from wolfpack import client
from wolfpack.client import ClientError, SeatLink, bot_decider, play_seat, random_decider

from .server.live import WAIT, ThreadedServer, create_table

MINIMAL = Path(__file__).parents[1] / "examples" / "remote-bot" / "minimal_client.py"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedServer]:
    with ThreadedServer(f"sqlite:///{tmp_path_factory.mktemp('client')}/t.db") as live:
        yield live


def _seat_link(server: ThreadedServer, game: str, options: dict[str, Any]) -> tuple[str, str]:
    """A new table whose seat 0 waits for a person (the remote bot) and whose other seats are the server's bots."""
    table = create_table(server.base, game, options, humans=1, seed=7)
    return table["id"], server.base + table["seats"][0]["link"]


def _seat_moves(server: ThreadedServer, table_id: str, seat: int) -> int:
    """How many of the table's stored actions the seat sent itself (with a request id: no stand-in bot's)."""
    return sum(1 for event in server.hall.store.events(table_id) if event.player == seat and event.request_id)


def test_our_client_plays_a_seat_to_the_end_with_the_heuristic_bot(server: ThreadedServer) -> None:
    table_id, link = _seat_link(server, "spacewolves", {"players": 3, "max_rounds": 3})
    seat = SeatLink.parse(link)
    final = play_seat(seat, bot_decider(seat, "heuristic", seed=1))
    assert final["status"] == "over" and len(final["returns"]) == 3
    assert server.hall.get(table_id).over
    assert _seat_moves(server, table_id, 0) > 0


def test_a_minimal_client_with_only_websockets_plays_a_seat_to_the_end(server: ThreadedServer) -> None:
    """The client docs/server.md's "Remote bots" points to, run as its own program."""
    table_id, link = _seat_link(server, "wolf", {"players": 2, "max_rounds": 2})
    done = subprocess.run([sys.executable, str(MINIMAL), link], capture_output=True, text=True, timeout=WAIT * 6)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("returns [")
    assert server.hall.get(table_id).over and _seat_moves(server, table_id, 0) > 0


def test_a_dropped_connection_is_opened_again_and_the_unanswered_action_is_not_played_twice(
    server: ThreadedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first act is sent and the connection dropped before its ack: the client joins again and sends the act
    again with the same request id, which the server acknowledges without playing it a second time."""
    table_id, link = _seat_link(server, "spacewolves", {"players": 3, "max_rounds": 2})
    opened: list[ClientConnection] = []
    acts: list[str] = []

    class DropsAfterFirstAct:
        def __init__(self, socket: ClientConnection) -> None:
            self.socket = socket

        def __enter__(self) -> DropsAfterFirstAct:
            self.socket.__enter__()
            return self

        def __exit__(self, *exc: object) -> None:
            self.socket.close()

        def send(self, text: str) -> None:
            self.socket.send(text)
            if '"type": "act"' in text:
                acts.append(text)
                if len(acts) == 1:
                    self.socket.close()  # the ack is never read on this connection

        def recv(self, timeout: float) -> str | bytes:
            return self.socket.recv(timeout=timeout)

    def connect(url: str, **options: Any) -> DropsAfterFirstAct:
        opened.append(real_connect(url, **options))
        return DropsAfterFirstAct(opened[-1])

    monkeypatch.setattr(client, "connect", connect)
    final = play_seat(SeatLink.parse(link), random_decider(3))
    assert final["status"] == "over" and len(opened) == 2
    assert acts[1] == acts[0], "the unanswered act is sent again as it was, with its request id"
    stored = [event.request_id for event in server.hall.store.events(table_id) if event.request_id]
    assert len(stored) == len(set(stored)), "an act was played twice"


def test_bad_links_wrong_tokens_and_games_without_positions_are_refused_in_a_sentence(server: ThreadedServer) -> None:
    with pytest.raises(ClientError, match="is not a seat link"):
        SeatLink.parse(server.base + "/lobby")
    _, link = _seat_link(server, "spacewolves", {"players": 3})
    wrong = SeatLink.parse(link.rsplit("=", 1)[0] + "=" + "x" * 24)
    with pytest.raises(ClientError, match="the server refused: bad-token"):
        play_seat(wrong, random_decider(1))
    _, wolf_link = _seat_link(server, "wolf", {"players": 2})
    wolf = SeatLink.parse(wolf_link)
    with pytest.raises(ClientError, match="wolf's observations do not carry a whole position"):
        play_seat(wolf, bot_decider(wolf, "heuristic"))
