"""Asking a table's WebSocket for the replay of its game: one step at a time, as the connection's seat saw it, only
once the game is over; every refusal is a sentence and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

HUMAN = {"kind": "human"}


def jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))


def ask(server: Any, ws: Any, step: Any) -> dict[str, Any]:
    ws.send_json({"type": "replay", "step": step})
    frame: dict[str, Any] = server.receive(ws)
    return frame


def test_a_running_table_refuses_its_replay_with_a_sentence(server: Any) -> None:
    created = server.create()
    tid = created["id"]
    before = server.snapshot(tid)
    with server.connect(tid) as ws:
        server.join(ws, created["seats"][0]["token"], render=True)
        refused = ask(server, ws, 0)
        assert refused["type"] == "error" and refused["code"] == "still-playing"
        assert refused["message"] == f"table {tid} is still being played: its replay opens once the game is over"
        server.assert_quiet(ws)  # the connection stays open: the page plays on
    assert server.snapshot(tid) == before


def test_a_replay_is_asked_for_after_joining(server: Any) -> None:
    created = server.create()
    server.play_out(created["id"])
    with server.connect(created["id"]) as ws:
        refused = ask(server, ws, 0)
    assert refused["code"] == "join-first" and "join the table" in refused["message"]


@pytest.mark.parametrize(
    ("step", "why"), [(-1, "The step must be 0 or more."), ("3", "The step must be a whole number."), (None, "whole")]
)
def test_a_malformed_step_is_refused_by_name(server: Any, step: Any, why: str) -> None:
    created = server.create()
    server.play_out(created["id"])
    with server.connect(created["id"]) as ws:
        server.join(ws, None)
        refused = ask(server, ws, step)
    assert refused["code"] == "malformed" and why in refused["message"]


def test_a_finished_tables_replay_comes_step_by_step_as_the_seat_saw_it(server: Any) -> None:
    created = server.create("wolf", {"players": 3, "max_rounds": 1}, [HUMAN] * 3)
    tid = created["id"]
    server.play_out(tid)
    table = server.table(tid)
    steps = table.version
    with server.connect(tid) as ws:
        server.join(ws, created["seats"][1]["token"], render=True)
        start, end = ask(server, ws, 0), ask(server, ws, steps)
        past = ask(server, ws, steps + 1)
    fresh = table.game.new_initial_state()
    assert (start["type"], start["step"], start["steps"], start["seat"]) == ("replay", 0, steps, 1)
    assert start["observation"] == jsonable(fresh.observation(1)) and start["log"] == fresh.log(1)
    assert end["observation"] == jsonable(table.state.observation(1)) and end["log"] == table.state.log(1)
    assert end["ending"]["headline"].startswith("You ") and "<svg" in end["board"]
    assert (
        past["code"] == "bad-step"
        and past["message"] == f"step {steps + 1} is past the end: this game's steps run from 0 to {steps}"
    )


def test_a_watchers_replay_is_the_public_view(server: Any) -> None:
    created = server.create("wolf", {"players": 3, "max_rounds": 1}, [HUMAN] * 3)
    tid = created["id"]
    server.play_out(tid)
    with server.connect(tid) as ws:
        server.join(ws, None, render=True)
        start = ask(server, ws, 0)
    assert start["seat"] is None
    assert start["observation"] == jsonable(server.table(tid).game.new_initial_state().observation(None))
    assert start["ending"] is None and start["status"] == "replay"
