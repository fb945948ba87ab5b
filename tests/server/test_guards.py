"""One test per way the server refuses a message, in the order the guards run.

Each asserts the error code, that the message names what was wrong, and that the table did not change: same
version, same state, no event stored. Where it can, the refused message is one that would have been accepted but
for the one fault under test, so the guard, not some other check, is what stopped it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from wolfpack.engine.errors import IllegalActionError
from wolfpack.server.app import NO_TABLE
from wolfpack.server.connection import ABUSE_LIMIT, BAD_TOKEN_LIMIT, POLICY_VIOLATION
from wolfpack.server.guards import (
    ACTION_GUARDS,
    action_is_legal,
    seat_may_act,
    table_not_over,
    version_is_current,
)
from wolfpack.server.protocol import MAX_FRAME_BYTES

UNKNOWN_TOKEN = "Z" * 32
"""On the token pattern, but no seat's."""

HUMAN = {"kind": "human"}


@pytest.fixture
def table(server: Any) -> dict[str, Any]:
    """All-human Spacewolves for 3, seeded: seat 0 (red) is to move."""
    created: dict[str, Any] = server.create()
    assert server.table(created["id"]).acting_seats() == [0]
    return created


def token(table: dict[str, Any], seat: int) -> str:
    value = table["seats"][seat]["token"]
    assert isinstance(value, str)
    return value


def good_act(server: Any, table: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """An act the table would accept now from seat 0 (a legal action at the current version)."""
    tid = table["id"]
    act = {
        "type": "act",
        "token": token(table, 0),
        "action": server.legal(tid, 0)[0],
        "version": server.table(tid).version,
        "request_id": "req-1",
    }
    act.update(changes)
    return act


def assert_error(frame: dict[str, Any], code: str, *names: str) -> None:
    assert frame["type"] == "error", frame
    assert frame["code"] == code, frame
    for name in names:
        assert name in frame["message"], (name, frame)


# ---- the documented order ------------------------------------------------------------------------------------


def test_action_guards_run_in_the_documented_order() -> None:
    assert (table_not_over, seat_may_act, action_is_legal, version_is_current) == ACTION_GUARDS


# ---- 1. shape: malformed, unknown type, too large ------------------------------------------------------------


def test_malformed_frame_is_refused_and_names_the_field(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        before = server.snapshot(tid)
        act = good_act(server, table)
        del act["version"]
        ws.send_json(act)
        frame = server.receive(ws)
        assert_error(frame, "malformed", "version", "act")
        assert frame["request_id"] == "req-1"  # the error names the request it answers
        ws.send_text("this is not json")
        assert_error(server.receive(ws), "malformed", "not JSON")
        server.assert_quiet(ws)
    assert server.snapshot(tid) == before


@pytest.mark.parametrize(
    "frame",
    ["[" * 5000, '{"type": "act", "version": ' + "9" * 5000 + "}"],
    ids=["deeply-nested", "number-too-long-to-read"],
)
def test_json_python_cannot_read_is_refused_as_malformed(server: Any, table: dict[str, Any], frame: str) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        before = server.snapshot(tid)
        assert len(frame) <= MAX_FRAME_BYTES
        ws.send_text(frame)
        assert_error(server.receive(ws), "malformed")
        server.assert_quiet(ws)
    assert server.snapshot(tid) == before


def test_unknown_type_is_refused_and_named(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        before = server.snapshot(tid)
        ws.send_json(good_act(server, table, type="move"))
        frame = server.receive(ws)
        assert_error(frame, "unknown-type", "'move'", "join", "act", "ping")
        assert frame["request_id"] == "req-1"
        server.assert_quiet(ws)
    assert server.snapshot(tid) == before


def test_too_large_frame_is_refused_unread(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        before = server.snapshot(tid)
        # A legal act at the current version, padded past the limit: read, it would have been played.
        text = json.dumps(good_act(server, table))
        text = text[:-1] + " " * MAX_FRAME_BYTES + "}"
        ws.send_text(text)
        frame = server.receive(ws)
        assert_error(frame, "too-large", str(len(text)), str(MAX_FRAME_BYTES))
        assert "request_id" not in frame  # refused unread: the server did not parse it to find one
        server.assert_quiet(ws)
    assert server.snapshot(tid) == before


# ---- 2. auth: bad token, token of another seat, join first -----------------------------------------------------


def test_bad_token_is_refused(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        before = server.snapshot(tid)
        frame = server.act(ws, UNKNOWN_TOKEN, server.legal(tid, 0)[0], before[0], "req-1")
        assert_error(frame, "bad-token", "no seat")
        assert frame["request_id"] == "req-1"
        server.assert_quiet(ws)
    assert server.snapshot(tid) == before


def test_joining_with_a_bad_token_is_refused_and_leaves_the_connection_unjoined(
    server: Any, table: dict[str, Any]
) -> None:
    tid = table["id"]
    before = server.snapshot(tid)
    with server.connect(tid) as ws:
        ws.send_json({"type": "join", "token": UNKNOWN_TOKEN})
        assert_error(server.receive(ws), "bad-token", "no seat")
        assert not any(seat.connections for seat in server.table(tid).seats)
        # Still unjoined, so it may join properly now.
        assert server.join(ws, token(table, 0))["seat"] == 0
    assert server.snapshot(tid) == before


def test_guessing_tokens_closes_the_connection(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    before = server.snapshot(tid)
    with server.connect(tid) as ws:
        for attempt in range(BAD_TOKEN_LIMIT):
            guess = f"{attempt:0>20}"
            ws.send_json({"type": "join", "token": guess})
            assert_error(server.receive(ws), "bad-token")
        assert server.close_code(ws) == POLICY_VIOLATION
    assert server.snapshot(tid) == before


def test_token_of_another_seat_is_refused_and_the_connection_closed(server: Any) -> None:
    # Wolves on the Hunt for 2 opens at a simultaneous node where both seats may act, so seat 1's act below is
    # legal at the current version: only the fact that this connection sits in seat 0 stops it.
    created = server.create("wolves-on-the-hunt", {"players": 2}, [HUMAN, HUMAN])
    tid = created["id"]
    assert server.table(tid).acting_seats() == [0, 1]
    with server.connect(tid) as ws:
        server.join(ws, token(created, 0))
        before = server.snapshot(tid)
        frame = server.act(ws, token(created, 1), server.legal(tid, 1)[0], before[0], "req-1")
        assert_error(frame, "token-mismatch", "another seat")
        assert frame["request_id"] == "req-1"
        assert server.close_code(ws) == POLICY_VIOLATION
    assert server.snapshot(tid) == before


@pytest.mark.parametrize("joined_as", ["nobody", "watcher"])
def test_acting_without_joining_as_the_seat_is_refused(server: Any, table: dict[str, Any], joined_as: str) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        if joined_as == "watcher":
            server.join(ws, None)
        before = server.snapshot(tid)
        frame = server.act(ws, token(table, 0), server.legal(tid, 0)[0], before[0], "req-1")
        assert_error(frame, "join-first", "join")
        assert frame["request_id"] == "req-1"
        server.assert_quiet(ws)
    assert server.snapshot(tid) == before


# ---- 3. the action guards: over, turn, notation, legality, version ------------------------------------------------


def test_finished_table_takes_no_action(server: Any) -> None:
    created = server.create(options={"players": 3, "max_rounds": 1})
    tid = created["id"]
    server.play_out(tid)
    with server.connect(tid) as ws:
        joined = server.join(ws, token(created, 0))
        assert joined["status"] == "over" and joined["legal"] == []
        before = server.snapshot(tid)
        frame = server.act(ws, token(created, 0), "pass", before[0], "req-1")
        assert_error(frame, "table-over", tid, "over")
        assert frame["version"] == before[0]
        server.assert_quiet(ws)
    assert server.snapshot(tid) == before


def test_seat_not_to_act_is_refused_naming_who_is_awaited(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 1))
        before = server.snapshot(tid)
        # The very action seat 0 could play now, sent by seat 1.
        frame = server.act(ws, token(table, 1), server.legal(tid, 0)[0], before[0], "req-1")
        assert_error(frame, "not-your-turn", "seat 2", table["seats"][0]["name"])
        assert frame["version"] == before[0]
        server.assert_quiet(ws)
    assert server.snapshot(tid) == before


def test_text_that_is_no_action_is_refused_as_invalid(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        before = server.snapshot(tid)
        frame = server.act(ws, token(table, 0), "fly to the moon", before[0], "req-1")
        assert_error(frame, "invalid-action", "'fly to the moon'", "spacewolves")
        server.assert_quiet(ws)
    assert server.snapshot(tid) == before


def test_illegal_action_is_refused_naming_the_rule(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    illegal = "y4+3"  # well-formed, but red moves first and may not move a yellow spaceman
    with pytest.raises(IllegalActionError) as engine:
        server.table(tid).state.clone().parse_action(illegal, 0)
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        before = server.snapshot(tid)
        frame = server.act(ws, token(table, 0), illegal, before[0], "req-1")
        assert_error(frame, "illegal-action", illegal)
        assert frame["rule"] == engine.value.rule and frame["rule"]
        assert frame["version"] == before[0]
        server.assert_quiet(ws)
    assert server.snapshot(tid) == before


@pytest.mark.parametrize("off_by", [-1, +1, +1000])
def test_stale_version_is_refused_and_the_current_state_follows(
    server: Any, table: dict[str, Any], off_by: int
) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        before = server.snapshot(tid)
        version = before[0]
        frame = server.act(ws, token(table, 0), server.legal(tid, 0)[0], version + off_by, "req-1")
        assert_error(frame, "stale", f"version {version + off_by}", f"version {version}")
        assert frame["version"] == version
        assert frame["request_id"] == "req-1"
        fresh = server.receive(ws)
        assert fresh["type"] == "state" and fresh["version"] == version
        assert fresh["legal"] == server.legal(tid, 0)
        server.assert_quiet(ws)
    assert server.snapshot(tid) == before


def test_a_refused_request_id_may_be_retried_and_then_takes_effect(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        version = server.table(tid).version
        action = server.legal(tid, 0)[0]
        assert server.act(ws, token(table, 0), action, version - 1, "req-1")["code"] == "stale"
        assert server.receive(ws)["type"] == "state"
        assert server.act(ws, token(table, 0), action, version, "req-1")["type"] == "state"
        ack = server.receive(ws)
        assert ack["type"] == "ack" and ack["version"] > version


@pytest.mark.parametrize(
    ("case", "code"),
    [
        ("over and stale", "table-over"),
        ("not your turn and not notation", "not-your-turn"),
        ("not your turn and stale", "not-your-turn"),
        ("not notation and stale", "invalid-action"),
        ("illegal and stale", "illegal-action"),
    ],
)
def test_the_first_failing_guard_answers(server: Any, case: str, code: str) -> None:
    created = server.create(options={"players": 3, "max_rounds": 1})
    tid = created["id"]
    if case.startswith("over"):
        server.play_out(tid)
    seat = 1 if "not your turn" in case else 0
    version = server.table(tid).version
    action = {
        "over and stale": "pass",
        "not your turn and not notation": "zzz",
        "not your turn and stale": "r4+3",
        "not notation and stale": "zzz",
        "illegal and stale": "y4+3",
    }[case]
    with server.connect(tid) as ws:
        server.join(ws, token(created, seat))
        before = server.snapshot(tid)
        stale = version + 5 if "stale" in case else version
        assert server.act(ws, token(created, seat), action, stale)["code"] == code
        server.assert_quiet(ws)  # no extra state frame: only a stale refusal sends one
    assert server.snapshot(tid) == before


# ---- 4. after the guards: a retried request, a second join ----------------------------------------------------


def test_retried_request_takes_effect_once(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        version = server.table(tid).version
        action = server.legal(tid, 0)[0]
        first = server.act(ws, token(table, 0), action, version, "req-1")
        assert first["type"] == "state" and first["version"] > version
        ack = server.receive(ws)
        assert ack == {"type": "ack", "request_id": "req-1", "version": first["version"]}
        after_first = server.snapshot(tid)
        assert after_first[0] == first["version"] == after_first[2]
        # The same message again (a client retrying after a lost ack).
        again = server.act(ws, token(table, 0), action, version, "req-1")
        assert again == ack
        server.assert_quiet(ws)  # no state frame: nothing changed
    assert server.snapshot(tid) == after_first


def test_joining_twice_is_refused(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        before = server.snapshot(tid)
        ws.send_json({"type": "join", "token": token(table, 1)})
        assert_error(server.receive(ws), "already-joined", "joined already")
        ws.send_json({"type": "join", "token": None})
        assert_error(server.receive(ws), "already-joined")
        assert [s.connections for s in server.table(tid).seats] == [1, 0, 0]
        # Still seat 0: it can act.
        assert server.act(ws, token(table, 0), server.legal(tid, 0)[0], before[0])["type"] == "state"
    assert server.snapshot(tid)[0] > before[0]


# ---- 5. flooding, and a table that does not exist -------------------------------------------------------------


def test_flooding_is_refused_then_closes_the_connection(server: Any, table: dict[str, Any]) -> None:
    tid = table["id"]
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        before = server.snapshot(tid)
        flood = 3 * ABUSE_LIMIT + 100  # far more than the burst and what refills while they are read
        for _ in range(flood):
            ws.send_json({"type": "ping"})
        frames = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                frames.append(server.receive(ws))
        assert closed.value.code == POLICY_VIOLATION
        limited = [f for f in frames if f["type"] == "error"]
        assert len(limited) == ABUSE_LIMIT
        assert all(f["code"] == "rate-limited" and "too many" in f["message"] for f in limited)
        assert frames[-1]["code"] == "rate-limited"
        assert all(f["type"] == "pong" for f in frames if f["type"] != "error")
        assert len(frames) < flood  # the rest were never served
    assert server.snapshot(tid) == before
    assert server.table(tid).seats[0].connections == 0
    # The server still serves, and the seat still plays, on a new connection.
    with server.connect(tid) as ws:
        server.join(ws, token(table, 0))
        assert server.act(ws, token(table, 0), server.legal(tid, 0)[0], before[0])["type"] == "state"
        assert server.receive(ws)["type"] == "ack"


def test_socket_to_no_table_is_told_and_closed(server: Any) -> None:
    with server.connect("no-such-table") as ws:
        frame = server.receive(ws)
        assert_error(frame, "no-table", "'no-such-table'")
        assert server.close_code(ws) == NO_TABLE
    assert server.hall.get("no-such-table") is None
