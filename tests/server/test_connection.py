"""A table's WebSocket as a browser sees it: what a seat and a watcher are sent, reconnecting, acks, pings."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .live import assert_pong

HUMAN = {"kind": "human"}

STATE_KEYS = {
    "type",
    "table",
    "game",
    "long_name",
    "version",
    "seat",
    "status",
    "to_act",
    "acting",
    "moved",
    "legal",
    "observation",
    "log",
    "seats",
    "returns",
    "rematch",
    "clock_seconds",
    "seed_fixed",
    "snapshot",
    "since",
    "log_from",
    "log_notation",
}
"""Every key of a state frame: a new one must be added here on purpose (it may carry a secret)."""

RENDER_KEYS = {"board", "turn", "choices", "panels", "ending"}
SEATS_KEYS = {"type", "table", "version", "seats", "watchers"}


def jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))


def token(table: dict[str, Any], seat: int) -> str:
    value = table["seats"][seat]["token"]
    assert isinstance(value, str)
    return value


def assert_view_of(server: Any, frame: dict[str, Any], table_id: str, seat: int | None) -> None:
    """The frame is exactly what `seat` may see of the table now, and nothing more."""
    table = server.table(table_id)
    state = table.state
    assert set(frame) == STATE_KEYS
    assert frame["type"] == "state" and frame["table"] == table_id and frame["seat"] == seat
    assert frame["version"] == table.version
    assert frame["observation"] == jsonable(state.observation(seat))
    whole_log = jsonable(state.log(seat))
    assert frame["log_from"] <= len(whole_log) and frame["log"] == whole_log[frame["log_from"] :]
    notation = state.log_notation(seat)  # each line's action, or None for a log of events that may hide actions
    assert frame["log_notation"] == (None if notation is None else notation[frame["log_from"] :])
    assert frame["snapshot"] is (frame["since"] is None)
    if frame["snapshot"]:
        assert frame["log_from"] == 0
    expected_legal = [] if seat is None else server.legal(table_id, seat)
    assert frame["legal"] == expected_legal
    assert frame["acting"] == table.acting_seats()
    # Whose the last move was is public (every seat sees whom play waits for); chance's draws are nobody's move.
    moved = None if table.last_move is None else {"seat": table.last_move[0], "version": table.last_move[1]}
    assert frame["moved"] == moved
    for summary in frame["seats"]:
        assert set(summary) == {"seat", "name", "kind", "connected", "stand_in", "timed_out", "deadline"}


@pytest.fixture
def wolf(server: Any) -> dict[str, Any]:
    """WOLF for 3 people: hidden information, so each seat's view differs."""
    created: dict[str, Any] = server.create("wolf", {"players": 3}, [HUMAN, HUMAN, HUMAN])
    return created


# ---- what each connection is sent --------------------------------------------------------------------------


def test_watcher_gets_the_public_view_and_no_actions(server: Any, wolf: dict[str, Any]) -> None:
    tid = wolf["id"]
    with server.connect(tid) as ws:
        frame = server.join(ws, None)
    assert_view_of(server, frame, tid, None)
    assert frame["legal"] == [] and frame["status"] == "playing"
    state = server.table(tid).state
    for seat in range(3):
        assert frame["observation"] != jsonable(state.observation(seat))
    assert not any(summary["connected"] for summary in frame["seats"])  # a watcher takes no seat


def test_each_seat_is_sent_only_its_own_observation(server: Any, wolf: dict[str, Any]) -> None:
    tid = wolf["id"]
    with server.connect(tid) as ws0, server.connect(tid) as ws1, server.connect(tid) as ws2:
        sockets = [ws0, ws1, ws2]
        for seat, ws in enumerate(sockets):
            frame = server.join(ws, token(wolf, seat))
            assert_view_of(server, frame, tid, seat)
            assert [s["connected"] for s in frame["seats"]] == [i <= seat for i in range(3)]
        # Earlier seats were told of each later join: only the seat list, which nobody's secret is in.
        for seat, ws in enumerate(sockets):
            for later in range(seat + 1, 3):
                told = server.receive(ws)
                assert set(told) == SEATS_KEYS and told["type"] == "seats"
                assert [s["connected"] for s in told["seats"]] == [i <= later for i in range(3)]
        actor = server.table(tid).acting_seats()[0]
        version = server.table(tid).version
        sockets[actor].send_json(
            {"type": "act", "token": token(wolf, actor), "action": server.legal(tid, actor)[0], "version": version}
        )
        for seat, ws in enumerate(sockets):
            frame = server.receive(ws)
            assert frame["version"] > version
            assert_view_of(server, frame, tid, seat)
        assert server.receive(sockets[actor])["type"] == "ack"
        for ws in sockets:
            server.assert_quiet(ws)


def test_seat_views_differ_where_the_game_hides_things(server: Any, wolf: dict[str, Any]) -> None:
    tid = wolf["id"]
    frames = []
    for seat in range(3):
        with server.connect(tid) as ws:
            frames.append(server.join(ws, token(wolf, seat)))
    observations = [f["observation"] for f in frames]
    assert observations[0] != observations[1] != observations[2] != observations[0]


def test_watcher_is_told_of_every_change(server: Any) -> None:
    created = server.create()
    tid = created["id"]
    with server.connect(tid) as watcher, server.connect(tid) as player:
        server.join(watcher, None)
        server.join(player, token(created, 0))
        assert server.receive(watcher)["seats"][0]["connected"] is True  # told of the seat's arrival
        version = server.table(tid).version
        assert server.act(player, token(created, 0), server.legal(tid, 0)[0], version)["type"] == "state"
        frame = server.receive(watcher)
        assert frame["version"] > version
        assert frame["moved"] == {"seat": 0, "version": version}  # the watcher is told whose move it was
        assert_view_of(server, frame, tid, None)
    assert server.table(tid).seats[0].connections == 0


def test_render_adds_the_board_only_for_connections_that_ask(server: Any) -> None:
    created = server.create()
    tid = created["id"]
    with server.connect(tid) as plain, server.connect(tid) as drawn:
        assert not RENDER_KEYS & set(server.join(plain, token(created, 0)))
        frame = server.join(drawn, token(created, 0), render=True)
        assert set(frame) == STATE_KEYS | RENDER_KEYS
        assert "<svg" in frame["board"]
        assert isinstance(frame["turn"], str) and isinstance(frame["choices"], list)
        assert_view_of(server, {k: v for k, v in frame.items() if k not in RENDER_KEYS}, tid, 0)
        assert not RENDER_KEYS & set(server.receive(plain))  # told of the second connection, still plain


# ---- acting, acks, reconnecting --------------------------------------------------------------------------------


def test_ack_comes_after_the_state_it_produced(server: Any) -> None:
    created = server.create()
    tid = created["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(created, 0))
        version = server.table(tid).version
        action = server.legal(tid, 0)[0]
        state = server.act(ws, token(created, 0), action, version, "r-7")
        assert_view_of(server, state, tid, 0)
        assert state["version"] > version
        ack = server.receive(ws)
        assert ack == {"type": "ack", "request_id": "r-7", "version": state["version"]}
        events = server.hall.store.events(tid)
        assert len(events) == state["version"]
        assert (events[version].player, events[version].action, events[version].request_id) == (0, action, "r-7")


def test_ack_without_a_request_id_names_none(server: Any) -> None:
    created = server.create()
    tid = created["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(created, 0))
        state = server.act(ws, token(created, 0), server.legal(tid, 0)[0], server.table(tid).version)
        assert server.receive(ws) == {"type": "ack", "request_id": None, "version": state["version"]}


def test_reconnecting_gives_the_full_current_view_and_play_goes_on(server: Any) -> None:
    created = server.create()
    tid = created["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(created, 0))
        version = server.table(tid).version
        action = server.legal(tid, 0)[0]
        first = server.act(ws, token(created, 0), action, version, "before-the-drop")
        assert server.receive(ws)["type"] == "ack"
    assert server.table(tid).seats[0].connections == 0
    # Play went on while seat 0 was away.
    server.submit(tid, 1, server.legal(tid, 1)[0])
    with server.connect(tid) as ws:
        frame = server.join(ws, token(created, 0))
        assert frame["version"] == server.table(tid).version > first["version"]
        assert_view_of(server, frame, tid, 0)
        assert frame["seats"][0]["connected"] is True
        # A retry of what was sent before the drop is recognised, not played again.
        assert server.act(ws, token(created, 0), action, version, "before-the-drop") == {
            "type": "ack",
            "request_id": "before-the-drop",
            "version": first["version"],
        }
        assert server.table(tid).version == frame["version"]
        # The others play on (the new connection follows) until seat 0 may act again, then it acts from here.
        latest = frame
        for _ in range(50):
            acting = server.table(tid).acting_seats()
            if 0 in acting:
                break
            server.submit(tid, acting[0], server.legal(tid, acting[0])[0])
            latest = server.receive(ws)
            assert_view_of(server, latest, tid, 0)
        state = server.act(ws, token(created, 0), server.legal(tid, 0)[0], latest["version"], "after")
        assert state["type"] == "state" and state["version"] > latest["version"]
        assert_view_of(server, state, tid, 0)
        assert server.receive(ws) == {"type": "ack", "request_id": "after", "version": state["version"]}


def test_two_connections_of_one_seat_both_follow_and_either_may_leave(server: Any) -> None:
    created = server.create()
    tid = created["id"]
    with server.connect(tid) as tab1:
        server.join(tab1, token(created, 0))
        with server.connect(tid) as tab2:
            server.join(tab2, token(created, 0))
            assert server.receive(tab1)["type"] == "seats"  # told of the second tab
            assert server.table(tid).seats[0].connections == 2
            state = server.act(tab2, token(created, 0), server.legal(tid, 0)[0], server.table(tid).version)
            assert server.receive(tab2)["type"] == "ack"
            assert server.receive(tab1) == state
        assert server.table(tid).seats[0].connections == 1
        left = server.receive(tab1)  # told the other tab left
        assert left["seats"][0]["connected"] is True
    assert server.table(tid).seats[0].connections == 0


def test_at_a_simultaneous_node_any_seat_with_actions_may_act(server: Any) -> None:
    created = server.create("wolves-on-the-hunt", {"players": 2}, [HUMAN, HUMAN])
    tid = created["id"]
    table = server.table(tid)
    assert table.state.is_simultaneous_node()
    acting = table.acting_seats()
    assert acting == [0, 1]
    waiting = table.state.waiting_for()
    seat = next((s for s in acting if s not in waiting), acting[-1])  # prefer a seat play does not wait for
    with server.connect(tid) as ws:
        frame = server.join(ws, token(created, seat))
        assert frame["acting"] == acting and frame["legal"] == server.legal(tid, seat) != []
        state = server.act(ws, token(created, seat), frame["legal"][0], frame["version"], "sim")
        assert state["type"] == "state" and state["version"] > frame["version"]
        assert server.receive(ws)["type"] == "ack"
    assert server.hall.store.events(tid)[frame["version"]].player == seat


# ---- ping ---------------------------------------------------------------------------------------------------


def test_ping_is_answered_before_and_after_joining(server: Any) -> None:
    created = server.create()
    tid = created["id"]
    version = server.table(tid).version
    with server.connect(tid) as ws:
        ws.send_json({"type": "ping"})
        assert_pong(server.receive(ws), version)
        server.join(ws, token(created, 0))
        ws.send_json({"type": "ping"})
        assert_pong(server.receive(ws), version)
        ws.send_bytes(b'{"type": "ping"}')
        assert_pong(server.receive(ws), version)
    assert server.table(tid).version == version


# ---- seats frames, incremental logs, snapshots -------------------------------------------------------------------


def test_watchers_coming_and_going_send_the_players_only_the_seat_list(server: Any, wolf: dict[str, Any]) -> None:
    """Nothing a seat sees changes when someone watches: it is told the seat list (small), never its whole view."""
    tid = wolf["id"]
    with server.connect(tid) as player:
        whole = server.join(player, token(wolf, 0), render=True)  # as the page joins: the board drawn
        for _ in range(3):
            with server.connect(tid) as watcher:
                server.join(watcher, None)
                came = server.receive(player)
            went = server.receive(player)
            for told, watching in [(came, 1), (went, 0)]:
                assert set(told) == SEATS_KEYS and told["type"] == "seats", set(told)
                assert told["watchers"] == watching and told["version"] == whole["version"]
                assert told["seats"] == whole["seats"]
                assert 10 * len(json.dumps(told)) < len(json.dumps(whole)), "a seat list, not a view"
        server.assert_quiet(player)


def test_updates_carry_only_the_log_lines_a_client_has_not_got(server: Any) -> None:
    """After the snapshot, each state frame names the version it follows and sends only the new lines."""
    created = server.create()
    tid = created["id"]
    with server.connect(tid) as ws:
        snapshot = server.join(ws, token(created, 0))
        assert snapshot["snapshot"] is True and snapshot["since"] is None and snapshot["log_from"] == 0
        log, version = snapshot["log"], snapshot["version"]
        assert log == jsonable(server.table(tid).state.log(0)) != []
        for _ in range(8):
            seat = server.table(tid).acting_seats()[0]
            server.submit(tid, seat, server.legal(tid, seat)[0])
            update = server.receive(ws)
            assert update["snapshot"] is False and update["since"] == version < update["version"]
            assert update["log_from"] == len(log), "the lines a client holds are not sent again"
            assert update["log"] and len(update["log"]) < len(log) + len(update["log"])
            log, version = log[: update["log_from"]] + update["log"], update["version"]
            assert log == jsonable(server.table(tid).state.log(0))
            assert_view_of(server, update, tid, 0)


def test_a_client_that_asks_is_sent_a_snapshot(server: Any) -> None:
    """A client that finds a gap sends sync and gets the whole view again; before joining it is told to join."""
    created = server.create()
    tid = created["id"]
    with server.connect(tid) as ws:
        ws.send_json({"type": "sync"})
        refused = server.receive(ws)
        assert refused["type"] == "error" and refused["code"] == "join-first"
        server.join(ws, token(created, 0))
        seat = server.table(tid).acting_seats()[0]
        server.submit(tid, seat, server.legal(tid, seat)[0])
        assert server.receive(ws)["snapshot"] is False
        ws.send_json({"type": "sync"})
        again = server.receive(ws)
        assert again["snapshot"] is True and again["log_from"] == 0
        assert_view_of(server, again, tid, 0)
        server.assert_quiet(ws)


@pytest.mark.parametrize(
    ("sent", "log", "kept"),
    [
        ([], ["a"], 0),
        (["a", "b"], ["a", "b", "c"], 2),
        (["a", "b"], ["a", "b"], 2),
        (["a", "b", "c"], ["a", "B", "c", "d"], 1),  # a line rewritten (a secret revealed): resent from there
        (["a", "b", "c"], ["a"], 1),
    ],
)
def test_lines_kept_is_the_shared_beginning(sent: list[str], log: list[str], kept: int) -> None:
    from wolfpack.server.frames import lines_kept

    assert lines_kept(sent, log) == kept
