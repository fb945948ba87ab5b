"""An event's record, end to end on a real server (issue 30, part 1): every change that reaches the event writes
exactly one audit row naming who made it (the organiser or an operator, at their desk, or a seat) and why; request
ids belong to the device that sent them; a withdrawn token hears nothing more; a seat's frames never count other
teams' actions; limits are the same everywhere.

One server per module on a SQLite file; the tests run in order, each going on from where the last left the event.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from wolfpack.event.audit import KINDS
from wolfpack.event.model import Event
from wolfpack.event.protocol import KNOWN_TYPES, Say, parse_message
from wolfpack.event.settings import event_defaults

from ..server.live import WAIT, ThreadedServer
from .devices import EVENT_ID, Device, operator_token, seat_of, seat_token, stored_event


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('event-records')}/event.db"


@pytest.fixture(scope="module")
def event(database: str) -> Event:
    return stored_event(database)


@pytest.fixture(scope="module")
def server(database: str, event: Event) -> Iterator[ThreadedServer]:
    with ThreadedServer(database) as live:
        yield live


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def audit(server: ThreadedServer, event: Event, **filters: str) -> list[dict[str, Any]]:
    answer = httpx.get(
        f"{server.base}/api/events/{EVENT_ID}/audit",
        params=filters,
        headers=bearer(operator_token(event, "Bob")),
        timeout=WAIT,
    )
    assert answer.status_code == 200, answer.text
    return list(answer.json())


def frames(device: Device, start: int = 0) -> list[dict[str, Any]]:
    return [json.loads(text) for text in device.raw[start:]]


def audit_rows(desk: Device) -> int:
    """The audit log's length as the desk was last told it (an "audit" frame, with every snapshot and change)."""
    desk.settle()
    told = [frame for frame in frames(desk) if frame["type"] == "audit"]
    assert told, "the desk was never told the audit log's length"
    return int(told[-1]["rows"])


def no_audit_frame(*devices: Device) -> bool:
    """None of the devices was sent an audit frame (each read to the end)."""
    for device in devices:
        device.settle()
    return not [frame for device in devices for frame in frames(device) if frame["type"] == "audit"]


def test_a_message_from_the_organisers_desk_is_signed_by_the_organiser_not_an_operator(
    server: ThreadedServer, event: Event
) -> None:
    """Found by a new Control team: with operators added, the organiser's message was signed "Ann" (the first)."""
    organiser = Device(server.base, seat_token(event, "control"))
    phone = Device(server.base, seat_token(event, "dione/captain"))
    organiser.ask({"type": "message", "to": "everyone", "text": "welcome aboard"}, lambda f: f["type"] == "messages")
    heard = phone.until(lambda f: f["type"] == "messages" and f["messages"])["messages"][-1]
    assert heard["text"] == "welcome aboard" and heard["from"] == "Organiser" and heard["from_kind"] == "organiser"
    row = audit(server, event, kind="message")[-1]
    assert (row["actor_kind"], row["actor"]) == ("organiser", "Organiser") and "welcome aboard" in row["text"]
    again = Device(server.base, seat_token(event, "control"))
    assert again.messages[-1]["from"] == "Organiser", "as stored in the database"
    for device in (organiser, phone, again):
        device.close()


# Every HTTP route that changes an event, as Control would use it, with the audit row it must write (its kind and
# actor). The test below fails if the app gains a changing route this table does not walk.
ORGANISER, ANN = "organiser", "Ann"


def http_changes(event: Event) -> list[tuple[str, str, dict[str, Any], str, str, str]]:
    """(path after /api/events/<id>, whose token, body, audit kind, actor, a word the row's text holds)."""
    return [
        ("/operators", ORGANISER, {"name": "Maria", "focus": ["aegis"]}, "operator", "Organiser", "Maria"),
        ("/operators/{name}", ANN, {"action": "focus", "focus": ["aegis"]}, "operator", "Ann", "aegis"),
        ("/operators/{name}", ORGANISER, {"action": "new-token"}, "operator", "Organiser", "Maria"),
        ("/seats", ORGANISER, {"seat": "icebreaker/captain", "holder": "person", "name": "Zoe"}, "roster", "Organiser",
         "Zoe"),
        ("/seats", ORGANISER, {"seat": "icebreaker/captain", "holder": "move"}, "roster", "Organiser", "moved"),
        ("/settings", ORGANISER, {"turns": 11}, "settings", "Organiser", "11"),
        ("/roster", ORGANISER, {"csv": "name,team,role\nYves,Icebreaker,First Officer\n"}, "roster", "Organiser",
         "1 seat"),
        ("/operators/{name}", ORGANISER, {"action": "remove"}, "operator", "Organiser", "Maria"),
    ]  # fmt: skip


def test_every_change_by_http_writes_exactly_one_audit_row_naming_its_author_and_its_reason(
    server: ThreadedServer, event: Event
) -> None:
    tokens = {ORGANISER: seat_token(event, "control"), ANN: operator_token(event, "Ann")}
    # A desk watching (Bob's: he makes none of these changes), a phone and the projector.
    desk, phone, projector = (
        Device(server.base, token) for token in (operator_token(event, "Bob"), seat_token(event, "dione/captain"), None)
    )
    walked = set()
    for n, (path, who, body, kind, actor, word) in enumerate(http_changes(event)):
        name = "Ann" if who == ANN else "Maria"
        url = f"{server.base}/api/events/{EVENT_ID}{path.replace('{name}', name)}"
        before = len(audit(server, event))
        reason = f"reason number {n}"
        answer = httpx.post(url, json={**body, "reason": reason}, headers=bearer(tokens[who]), timeout=WAIT)
        assert answer.status_code in (200, 201), (path, answer.text)
        rows = audit(server, event)
        assert len(rows) == before + 1, f"{path} {body} wrote {len(rows) - before} audit rows"
        row = rows[-1]
        assert (row["kind"], row["actor"], row["reason"]) == (kind, actor, reason), (path, row)
        assert word in row["text"], (path, row)
        assert audit_rows(desk) == len(rows), f"{path}: a desk is told the audit log's length"
        walked.add(path)
    assert no_audit_frame(phone, projector), "a seat or the projector never learns of audit rows"
    for device in (desk, phone, projector):
        device.close()
    changing = {
        path.removeprefix("/api/events/{event_id}")
        for path, methods in server.app.openapi()["paths"].items()
        if "post" in methods and path.startswith("/api/events/{event_id}/")
    }
    reads = {"/sheets"}  # opens the printable sheets in this browser: it changes nothing (a cookie)
    assert changing - reads == walked, "every route that changes an event is walked"


def test_every_change_by_websocket_writes_exactly_one_audit_row_naming_its_author_and_its_reason(
    server: ThreadedServer, event: Event
) -> None:
    desk = Device(server.base, operator_token(event, "Bob"))
    phone = Device(server.base, seat_token(event, "dione/captain"))
    captain = seat_of(event, "dione/captain")
    if not desk.clock or not desk.clock["timed"]:
        assert desk.act(0, "control advance", confirm=True, reason="into the action phase")["type"] == "ack"
    action = next(a for a in phone.legal(captain) if a.startswith("rations "))
    changes: list[tuple[Device, dict[str, Any], str, str, str]] = [
        (desk, {"type": "act", "seat": 0, "action": 'control set pursuit 3 "drill"'}, "control", "Bob", "pursuit"),
        (phone, {"type": "act", "seat": captain, "action": action}, "action", "dione/captain", "rations"),
        (desk, {"type": "clock", "op": "extend", "seconds": 60}, "clock", "Bob", "extend"),
        (desk, {"type": "clock", "op": "pause"}, "clock", "Bob", "pause"),
        (desk, {"type": "clock", "op": "resume"}, "clock", "Bob", "resume"),
        (desk, {"type": "message", "to": "team:dione", "text": "well done"}, "message", "Bob", "well done"),
        (phone, {"type": "message", "to": "control", "text": "thanks"}, "message", "dione/captain", "thanks"),
        (desk, {"type": "rewind"}, "rewind", "Bob", "rewind"),
    ]
    walked = set()
    for n, (device, message, kind, actor, word) in enumerate(changes):
        before = len(audit(server, event))
        reason = f"websocket reason {n}" if message["type"] != "message" else ""
        if message["type"] == "act":
            answer = device.act(message["seat"], message["action"], reason=reason)
            assert answer["type"] == "ack", answer
        else:
            if message["type"] == "rewind":
                message = {**message, "version": desk.version - 1}
            device.send({**message, **({"reason": reason} if reason else {})})
            device.settle()
            assert not [f for f in frames(device, -3) if f["type"] == "error"], device.raw[-3:]
        rows = audit(server, event)
        assert len(rows) == before + 1, f"{message} wrote {len(rows) - before} audit rows"
        row = rows[-1]
        assert (row["kind"], row["actor"], row["reason"]) == (kind, actor, reason), (message, row)
        assert word in row["text"], (message, row)
        assert audit_rows(desk) == len(rows), f"{message}: a desk is told the audit log's length"
        walked.add(message["type"])
        desk.settle()
        phone.settle()
    assert no_audit_frame(phone)
    reads = {"join", "legal", "ping", "sync"}
    assert set(KNOWN_TYPES) - reads == walked, "every message that changes an event is walked"
    assert {"message", "roster", "operator", "settings"} <= set(KINDS)
    for device in (desk, phone):
        device.close()


def test_a_request_id_belongs_to_the_device_that_sent_it_and_tells_no_other_anything(
    server: ThreadedServer, event: Event
) -> None:
    """Found by a new Control team: another phone that sent a seat's request id learnt its action, or had an ack
    confirm a guess of it."""
    captain, xo = seat_of(event, "dione/captain"), seat_of(event, "aegis/xo")
    dione = Device(server.base, seat_token(event, "dione/captain"))
    aegis = Device(server.base, seat_token(event, "aegis/xo"))
    secret = next(a for a in dione.legal(captain) if a.startswith("rations "))
    assert dione.act(captain, secret, request_id="r-1")["type"] == "ack"
    aegis.settle()
    for guess in (secret, "rations food none"):
        answer = aegis.act(captain, guess, request_id="r-1")
        assert answer["type"] == "error" and answer["code"] == "not-your-seat", answer
        assert secret not in json.dumps(answer)
    own = next(a for a in aegis.legal(xo) if a.startswith("rations "))
    assert aegis.act(xo, own, request_id="r-1")["type"] == "ack", "the same id from another seat is its own"
    bob = Device(server.base, operator_token(event, "Bob"))
    assert bob.act(0, 'control set pursuit 2 "one"', request_id="d-1")["type"] == "ack"
    ann = Device(server.base, operator_token(event, "Ann"))
    fresh = ann.act(0, 'control set pursuit 4 "two"', request_id="d-1")
    assert fresh["type"] == "ack" and fresh["version"] > bob.version - 1, "Ann's desk's id is not Bob's"
    for device in (dione, aegis, bob, ann):
        device.close()


def test_a_removed_operators_desk_and_a_moved_seats_phone_hear_nothing_after_moved(
    server: ThreadedServer, event: Event
) -> None:
    organiser = bearer(seat_token(event, "control"))
    url = f"{server.base}/api/events/{EVENT_ID}"
    added = httpx.post(f"{url}/operators", json={"name": "Dora"}, headers=organiser, timeout=WAIT)
    assert added.status_code == 201, added.text
    dora = Device(server.base, added.json()["link"].split("#token=")[1])
    phone = Device(server.base, seat_token(event, "aegis/commanding-officer"))
    for gone, change in (
        (dora, ("/operators/Dora", {"action": "remove"})),
        (phone, ("/seats", {"seat": "aegis/commanding-officer", "holder": "move"})),
    ):
        start = len(gone.raw)
        assert httpx.post(f"{url}{change[0]}", json=change[1], headers=organiser, timeout=WAIT).status_code == 200
        gone.until(lambda f: f["type"] == "moved")
        desk = Device(server.base, operator_token(event, "Bob"))
        desk.act(0, 'control set pursuit 5 "after the move"')  # something every desk and phone would hear
        desk.close()
        later: list[str] = []
        try:
            while True:
                later.append(str(gone.socket.recv(timeout=2)))
        except Exception:  # the socket is closed: nothing more came
            pass
        kinds = [f["type"] for f in frames(gone, start)]
        assert kinds[-1] == "moved" and not later, f"after 'moved' it was sent {kinds} {later}"


def test_a_seat_past_the_events_seats_gets_a_clear_error(server: ThreadedServer, event: Event) -> None:
    desk = Device(server.base, operator_token(event, "Bob"))
    last = len(event.seats) - 1
    for message in ({"type": "legal", "seat": 999}, {"type": "act", "seat": 999, "action": "jump", "version": 0}):
        answer = desk.ask(message, lambda f: f["type"] in ("legal", "ack"))
        assert answer["type"] == "error" and answer["code"] == "no-seat", answer
        assert answer["message"] == f"seat 999: this event's seats are 0 to {last}"
    desk.close()


def test_a_seats_frames_carry_its_own_views_versions_never_the_events(server: ThreadedServer, event: Event) -> None:
    """A phone must not count other teams' actions: the versions it is told move only when its own view does."""
    desk = Device(server.base, operator_token(event, "Bob"))
    xo = seat_of(event, "aegis/xo")
    dione = Device(server.base, seat_token(event, "dione/captain"))
    aegis = Device(server.base, seat_token(event, "aegis/xo"))
    captain = seat_of(event, "dione/captain")
    seen = aegis.version
    for _ in range(3):
        ration = next(a for a in dione.legal(captain) if a.startswith("rations "))
        assert dione.act(captain, ration)["type"] == "ack"
    told = [
        aegis.ask({"type": "ping"}, lambda f: f["type"] == "pong"),
        aegis.ask({"type": "legal", "seat": xo}, lambda f: f["type"] == "legal"),
    ]
    assert [f["version"] for f in told] == [seen, seen], told
    assert desk.ask({"type": "ping"}, lambda f: f["type"] == "pong")["version"] > seen + 2, "a desk counts all"
    for device in (desk, dione, aegis):
        device.close()


def test_the_longest_message_is_the_same_in_the_guide_the_protocol_and_the_defaults() -> None:
    longest = event_defaults().messages.longest_text
    too_long = json.dumps({"type": "message", "to": "everyone", "text": "x" * (longest + 1)})
    assert isinstance(parse_message(too_long), Say), "the frame's shape leaves the length to the message's sentence"
    from pathlib import Path

    guide = " ".join((Path(__file__).parents[2] / "docs" / "event.md").read_text().split())
    assert f"1 to {longest:,} characters" in guide


def test_a_message_one_past_the_limit_is_refused_in_a_sentence_and_one_at_it_arrives_whole(
    server: ThreadedServer, event: Event
) -> None:
    desk = Device(server.base, operator_token(event, "Bob"))
    longest = event_defaults().messages.longest_text
    refused = desk.ask({"type": "message", "to": "everyone", "text": "x" * (longest + 1)}, lambda f: False)
    assert refused["type"] == "error"
    assert refused["message"] == f"A message may be at most {longest:,} characters (this one has {longest + 1:,})."
    whole = desk.ask({"type": "message", "to": "everyone", "text": "y" * longest}, lambda f: f["type"] == "messages")
    assert whole["messages"][-1]["text"] == "y" * longest
    desk.close()
