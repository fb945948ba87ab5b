"""A live event on a real server: desks, seats' devices and the projector over WebSockets (issue 15, items 2, 5, 7).

One server per module on a SQLite file; the tests run in order, each going on from where the last left the event.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import httpx
import pytest

from wolfpack.event import history
from wolfpack.event.live import LiveEvent, Viewer, load_live
from wolfpack.event.model import Event
from wolfpack.event.seats import CONTROL_SEAT
from wolfpack.event.settings import event_defaults
from wolfpack.event.store import EventStore
from wolfpack.event.viewing import ViewProcess, log_lines_kept
from wolfpack.server.patch import apply_patch
from wolfpack.server.qr import qr_data_uri

from ..server.live import WAIT, ThreadedServer
from .devices import EVENT_ID, Device, operator_token, seat_of, seat_token, stored_event


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('live-event')}/event.db"


@pytest.fixture(scope="module")
def event(database: str) -> Event:
    return stored_event(database)


@pytest.fixture(scope="module")
def server(database: str, event: Event) -> Iterator[ThreadedServer]:
    with ThreadedServer(database) as live:
        yield live


def stored_rows(database: str) -> list[history.ActionRow]:
    store = EventStore.open(database)
    try:
        return history.actions(store.engine, EVENT_ID)
    finally:
        store.close()


def test_a_desk_is_welcomed_with_the_forms_controls_view_the_clock_and_the_roster(
    server: ThreadedServer, event: Event
) -> None:
    desk = Device(server.base, operator_token(event, "Ann"))
    assert desk.welcome is not None and desk.welcome["role"] == "control" and desk.welcome["operator"] == "Ann"
    assert desk.welcome["focus"] == ["dione"]
    assert {form["verb"] for form in desk.welcome["forms"]} >= {"advance", "settle", "news", "attack", "wolf-round"}
    assert desk.view is not None and "notices" in desk.view["observation"]  # Control's own view
    assert "control advance" in desk.legal(0)
    assert desk.clock is not None and desk.clock["turn"] == 1
    desk.settle()
    rosters = [frame for frame in map(_parsed, desk.raw) if frame["type"] == "roster"]
    assert rosters and rosters[-1]["operators"] == [{"name": "Ann", "focus": ["dione"]}, {"name": "Bob", "focus": []}]
    desk.close()


def _parsed(text: str) -> dict[str, Any]:
    import json

    return dict(json.loads(text))


def test_the_projector_gets_the_public_view_only(server: ThreadedServer, event: Event) -> None:
    projector = Device(server.base, None)
    assert projector.welcome is not None and projector.welcome["role"] == "public"
    assert projector.view is not None
    observation = projector.view["observation"]
    assert "notices" not in observation and "hands" not in observation and observation["panels"] == {}
    refused = projector.ask({"type": "legal", "seat": 0}, lambda f: f["type"] == "legal")
    assert refused["type"] == "error" and refused["code"] == "not-your-seat"
    refused = projector.act(0, "control advance")
    assert refused["type"] == "error" and refused["code"] == "not-your-seat"
    projector.close()


def test_a_desk_playing_a_seat_left_to_control_is_sent_that_seats_view(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Issue 30, section 3: a desk plays an absent person's seat on that seat's own screens, in words, so its answer
    to `legal` for the seat carries the seat's view as the seat's phone has it; no other `legal` answer does."""
    database = f"sqlite:///{tmp_path_factory.mktemp('left-to-control')}/event.db"
    event = stored_event(database, left_to_control=("vulcan/captain",))
    vulcan, captain = seat_of(event, "vulcan/captain"), seat_of(event, "dione/captain")
    with ThreadedServer(database) as server:
        desk = Device(server.base, operator_token(event, "Bob"))
        phones = (
            Device(server.base, seat_token(event, "vulcan/captain")),
            Device(server.base, seat_token(event, "dione/captain")),
        )
        played = desk.ask({"type": "legal", "seat": vulcan}, lambda f: f["type"] == "legal")
        assert phones[0].view is not None and played["observation"] == phones[0].view["observation"]
        assert set(played["observation"]["panels"]) == {"vulcan"} and "notices" not in played["observation"]
        asked = [
            desk.ask({"type": "legal", "seat": CONTROL_SEAT}, lambda f: f["type"] == "legal"),
            phones[1].ask({"type": "legal", "seat": captain}, lambda f: f["type"] == "legal"),
        ]
        assert [sorted(frame) for frame in asked] == [["actions", "seat", "type", "version"]] * 2, asked
        for device in (desk, *phones):
            device.close()


def test_a_desk_is_sent_its_links_from_the_base_url_and_only_the_organisers_desk_its_page(
    server: ThreadedServer, event: Event
) -> None:
    """Issue 30, section 2: the projector's address and the desk's own link come from the event's base URL, and only
    the organiser's desk (Control's own token) is sent the organiser page's link; a seat's phone gets none."""
    organiser_token, ann_token = seat_token(event, "control"), operator_token(event, "Ann")
    devices = {
        "organiser": Device(server.base, organiser_token),
        "ann": Device(server.base, ann_token),
        "phone": Device(server.base, seat_token(event, "dione/captain")),
    }
    base = event.settings.base_url
    page = f"{base}/event/{EVENT_ID}"
    assert _links(devices["organiser"]) == [
        {
            "type": "links",
            "base_url": base,
            "projector": f"{page}/projector",
            "desk": f"{page}/control#token={organiser_token}",
            "organiser": f"{page}/organiser#token={organiser_token}",
        }
    ]
    ann = {"type": "links", "base_url": base, "projector": f"{page}/projector"}
    assert _links(devices["ann"]) == [ann | {"desk": f"{page}/control#token={ann_token}"}]
    assert _links(devices["phone"]) == []
    organiser = {"Authorization": f"Bearer {organiser_token}"}
    settings = f"{server.base}/api/events/{EVENT_ID}/settings"
    try:
        moved = httpx.post(settings, json={"base_url": "http://10.0.0.5:8000"}, headers=organiser, timeout=WAIT)
        assert moved.status_code == 200, moved.text
        assert _links(devices["ann"])[-1]["projector"] == f"http://10.0.0.5:8000/event/{EVENT_ID}/projector"
    finally:
        httpx.post(settings, json={"base_url": base}, headers=organiser, timeout=WAIT)
    for device in devices.values():
        device.close()


def _links(device: Device) -> list[dict[str, Any]]:
    """Every links frame the device has been sent, once it has read all that was sent before a ping's answer."""
    device.settle()
    return [frame for frame in map(_parsed, device.raw) if frame["type"] == "links"]


def test_a_wrong_token_is_refused_and_changes_nothing(server: ThreadedServer) -> None:
    device = Device(server.base, "x" * 32)
    error = next(_parsed(text) for text in device.raw if _parsed(text)["type"] == "error")
    assert error["code"] == "bad-token" and device.view is None
    device.close()


def test_an_action_is_stored_before_it_is_acknowledged_and_audited_with_its_seat(
    server: ThreadedServer, event: Event, database: str
) -> None:
    captain = seat_of(event, "dione/captain")
    phone = Device(server.base, seat_token(event, "dione/captain"))
    legal = phone.legal(captain)
    assert legal, "a captain has something to do at the start"
    action = legal[0]
    ack = phone.act(captain, action, request_id="first")
    assert ack["type"] == "ack", ack
    rows = stored_rows(database)
    assert [row.action for row in rows if row.player == captain][-1] == action
    assert len(rows) >= ack["version"]
    again = phone.act(captain, action, request_id="first")
    assert ack["said"] and all(isinstance(line, str) for line in ack["said"]), "the ack says what the action did"
    assert again == {**ack, "said": []}, "a retried request takes effect once (and says nothing new)"
    audit = httpx.get(
        f"{server.base}/api/events/{EVENT_ID}/audit",
        params={"seat": "dione/captain"},
        headers={"Authorization": f"Bearer {operator_token(event, 'Bob')}"},
        timeout=WAIT,
    ).json()
    assert audit[-1]["text"] == f"dione/captain: {action}" and audit[-1]["ships"] == ["dione"]
    phone.close()


def test_a_desk_is_told_in_sentences_what_is_wrong_with_a_verb_or_a_message(
    server: ThreadedServer, event: Event
) -> None:
    desk = Device(server.base, operator_token(event, "Ann"))
    error = desk.act(0, "control news dione lots")
    assert error["code"] == "invalid-action"
    assert error["message"] == (
        'Control\'s news: the change must be a whole number from -999 to 999, such as 2 or -1 (not "lots").'
    )
    longest = event_defaults().messages.longest_text  # the message's own limit: the frame leaves it to the message
    error = desk.ask({"type": "message", "to": "everyone", "text": "x" * (longest + 1)}, lambda f: False)
    assert error["code"] == "message"
    assert error["message"] == f"A message may be at most {longest:,} characters (this one has {longest + 1:,})."
    desk.close()


def test_a_seat_may_act_only_for_itself(server: ThreadedServer, event: Event) -> None:
    phone = Device(server.base, seat_token(event, "dione/captain"))
    other = seat_of(event, "aegis/xo")
    error = phone.act(other, "jump")
    assert error["type"] == "error" and error["code"] == "not-your-seat"
    error = phone.ask({"type": "clock", "op": "pause"}, lambda f: False)
    assert error["code"] == "control-only"
    error = phone.ask({"type": "rewind", "version": 0, "reason": "because"}, lambda f: False)
    assert error["code"] == "control-only"
    phone.close()


def test_the_audit_log_needs_a_control_token(server: ThreadedServer, event: Event) -> None:
    for token in (None, seat_token(event, "dione/captain")):
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        answer = httpx.get(f"{server.base}/api/events/{EVENT_ID}/audit", headers=headers, timeout=WAIT)
        assert answer.status_code == 403
    csv = httpx.get(
        f"{server.base}/api/events/{EVENT_ID}/audit",
        params={"format": "csv"},
        headers={"Authorization": f"Bearer {operator_token(event, 'Ann')}"},
        timeout=WAIT,
    )
    assert csv.status_code == 200 and csv.text.startswith("time,actor_kind,actor,name,kind,ships,text,reason,version")


def in_a_timed_phase(desk: Device) -> None:
    """Advance (confirming) until the clock times a phase: each test stands alone, whatever ran before it."""
    assert desk.clock is not None
    while not desk.clock["timed"]:
        assert desk.act(0, "control advance", confirm=True)["type"] == "ack"


def test_advance_asks_first_while_a_ship_has_not_done_what_the_step_needed(
    server: ThreadedServer, event: Event
) -> None:
    """An untimed step has no clock to ask about, but advancing past the start of a turn with jump drives not
    crewed leaves those ships unable to jump: Control is asked, told which ships, and may advance anyway."""
    desk = Device(server.base, operator_token(event, "Bob"))
    assert desk.view is not None and desk.view["observation"]["step"] == "start"
    unmet = desk.view["observation"]["before_advance"]
    assert unmet and all("jump drive" in line for line in unmet)
    asked = desk.act(0, "control advance")
    assert asked["type"] == "error" and asked["code"] == "confirm" and asked["unmet"] == unmet
    assert all(line in asked["message"] for line in unmet) and "left on the clock" not in asked["message"]
    assert desk.view["observation"]["step"] == "start", "nothing changed"
    assert desk.act(0, "control advance", confirm=True)["type"] == "ack"
    desk.close()


def test_advance_with_time_left_asks_to_confirm_and_the_clock_follows_the_game(
    server: ThreadedServer, event: Event
) -> None:
    desk = Device(server.base, operator_token(event, "Bob"))
    assert desk.clock is not None and desk.view is not None
    in_a_timed_phase(desk)
    step = desk.view["observation"]["step"]
    assert desk.clock["phase"] == step and desk.clock["remaining"] > 0
    asked = desk.act(0, "control advance")
    assert asked["type"] == "error" and asked["code"] == "confirm" and "left on the clock" in asked["message"]
    assert desk.view["observation"]["step"] == step, "nothing changed"
    desk.close()


def test_the_clock_pauses_resumes_extends_and_every_device_hears_it(server: ThreadedServer, event: Event) -> None:
    desk = Device(server.base, operator_token(event, "Ann"))
    in_a_timed_phase(desk)
    projector = Device(server.base, None)
    before = desk.clock
    assert before is not None
    frame = desk.ask(
        {"type": "clock", "op": "extend", "seconds": 120, "reason": "late start"}, lambda f: f["type"] == "clock"
    )
    assert frame["remaining"] >= before["remaining"] + 100
    paused = desk.ask({"type": "clock", "op": "pause"}, lambda f: f["type"] == "clock")
    assert paused["paused"]
    assert projector.until(lambda f: f["type"] == "clock" and f["paused"])["paused"]
    refused = desk.ask({"type": "clock", "op": "pause"}, lambda f: False)
    assert refused["code"] == "clock" and "already paused" in refused["message"]
    assert not desk.ask({"type": "clock", "op": "resume"}, lambda f: f["type"] == "clock")["paused"]
    desk.close()
    projector.close()


def test_an_action_sends_a_view_only_to_the_devices_whose_view_changed(server: ThreadedServer, event: Event) -> None:
    desk = Device(server.base, operator_token(event, "Bob"))
    in_a_timed_phase(desk)
    desk.close()
    captain = seat_of(event, "dione/captain")
    dione = Device(server.base, seat_token(event, "dione/captain"))
    aegis = Device(server.base, seat_token(event, "aegis/xo"))
    assert dione.view is not None and aegis.view is not None
    team_only = next(a for a in dione.legal(captain) if a.startswith("rations "))
    assert dione.act(captain, team_only)["type"] == "ack"
    got = [frame["type"] for frame in aegis.settle()]
    assert "state" not in got, "another ship's device was sent a view that did not change"
    dione.close()
    aegis.close()


def test_an_update_patches_the_observation_a_device_holds_into_exactly_its_view(
    server: ThreadedServer, event: Event
) -> None:
    desk = Device(server.base, operator_token(event, "Bob"))
    in_a_timed_phase(desk)
    captain = seat_of(event, "dione/captain")
    dione = Device(server.base, seat_token(event, "dione/captain"))
    projector = Device(server.base, None)
    joined = len(dione.raw)
    for _ in range(3):
        ration = next(a for a in dione.legal(captain) if a.startswith("rations "))
        assert dione.act(captain, ration)["type"] == "ack"
    desk.settle()
    assert desk.act(0, "control advance", confirm=True)["type"] == "ack"  # the public view changes too
    dione.settle()
    updates = [frame for frame in map(_parsed, dione.raw[joined:]) if frame["type"] == "state"]
    assert len(updates) >= 4 and all("patch" in f and "observation" not in f for f in updates), "only patches"
    for device, token in ((dione, seat_token(event, "dione/captain")), (desk, operator_token(event, "Bob"))):
        device.settle()
        fresh = Device(server.base, token)  # a snapshot of the view as the server holds it now
        assert device.view is not None and fresh.view is not None and fresh.version == device.version
        assert device.view["observation"] == fresh.view["observation"] and device.view["log"] == fresh.view["log"]
        fresh.close()
    projector.settle()
    assert projector.view is not None and projector.view["observation"] == Device(server.base, None).view["observation"]
    for device in (desk, dione, projector):
        device.close()


def test_messages_reach_only_their_audience(server: ThreadedServer, event: Event) -> None:
    desk = Device(server.base, operator_token(event, "Bob"))
    dione = Device(server.base, seat_token(event, "dione/first-officer"))
    aegis = Device(server.base, seat_token(event, "aegis/xo"))
    desk.ask({"type": "message", "to": "team:dione", "text": "report to the map"}, lambda f: f["type"] == "messages")
    assert dione.until(lambda f: f["type"] == "messages" and f["messages"])["messages"][0]["text"] == (
        "report to the map"
    )
    assert not any(f["type"] == "messages" and f["messages"] for f in aegis.settle())
    dione.ask({"type": "message", "to": "control", "text": "we need a ruling"}, lambda f: f["type"] == "messages")
    assert desk.until(lambda f: f["type"] == "messages" and f["messages"])["messages"][-1]["text"] == (
        "we need a ruling"
    )
    refused = aegis.ask({"type": "message", "to": "team:dione", "text": "hello"}, lambda f: False)
    assert refused["code"] == "message"
    for device in (desk, dione, aegis):
        device.close()


def test_a_moved_seat_loses_its_old_device_at_once(server: ThreadedServer, event: Event) -> None:
    label = "dione/chief-engineer"
    old = Device(server.base, seat_token(event, label))
    answer = httpx.post(
        f"{server.base}/api/events/{EVENT_ID}/seats",
        json={"seat": label, "holder": "move"},
        headers={"Authorization": f"Bearer {seat_token(event, 'control')}"},
        timeout=WAIT,
    )
    assert answer.status_code == 200, answer.text
    new_token = answer.json()["link"].split("#token=")[1]
    assert answer.json()["link"] == f"{event.settings.base_url}/event/{EVENT_ID}/join#token={new_token}"
    assert answer.json()["qr"] == qr_data_uri(answer.json()["link"]), "ready to scan from the new phone"
    assert old.until(lambda f: f["type"] == "moved")
    new = Device(server.base, new_token)
    assert new.welcome is not None and new.welcome["label"] == label
    refused = httpx.post(
        f"{server.base}/api/events/{EVENT_ID}/seats",
        json={"seat": label, "holder": "move"},
        headers={"Authorization": f"Bearer {operator_token(event, 'Bob')}"},
        timeout=WAIT,
    )
    assert refused.status_code == 403, "only the organiser (Control's own token) changes the roster"
    new.close()


def test_a_rewind_goes_back_keeps_the_discarded_actions_in_the_audit_and_refreshes_every_device(
    server: ThreadedServer, event: Event, database: str
) -> None:
    desk = Device(server.base, operator_token(event, "Ann"))
    projector = Device(server.base, None)
    target = desk.version
    assert desk.act(0, "control news dione +1")["type"] in ("ack", "error")
    assert desk.act(0, 'control set pursuit 5 "a test"')["type"] == "ack"
    assert desk.version > target
    rewound = desk.ask(
        {"type": "rewind", "version": target, "reason": "a wrong ruling"}, lambda f: f["type"] == "rewound"
    )
    assert any("set pursuit 5" in action for action in rewound["discarded"])
    assert projector.until(lambda f: f["type"] == "state" and f["version"] == target)["snapshot"] is not None
    assert len(stored_rows(database)) == target
    audit = httpx.get(
        f"{server.base}/api/events/{EVENT_ID}/audit",
        params={"kind": "rewind"},
        headers={"Authorization": f"Bearer {operator_token(event, 'Ann')}"},
        timeout=WAIT,
    ).json()
    assert audit[-1]["reason"] == "a wrong ruling" and audit[-1]["actor"] == "Ann"
    desk.close()
    projector.close()


def test_a_restarted_server_resumes_the_event_where_it_was(database: str, event: Event, server: ThreadedServer) -> None:
    desk = Device(server.base, operator_token(event, "Bob"))
    version, observation = desk.version, desk.view and desk.view["observation"]
    desk.close()
    with ThreadedServer(database) as again:
        back = Device(again.base, operator_token(event, "Bob"))
        assert back.version == version and back.view is not None and back.view["observation"] == observation
        back.close()


def test_a_missing_event_is_refused(server: ThreadedServer) -> None:
    assert httpx.get(f"{server.base}/event/nope/control", timeout=WAIT).status_code == 404
    assert httpx.get(f"{server.base}/event/{EVENT_ID}/elsewhere", timeout=WAIT).status_code == 404


async def _plant_canaries(live: LiveEvent) -> dict[int | None, tuple[set[str], set[str]]]:
    """Show every device a canary copy of the event for one moment (as snapshots), then the real event again."""
    async with live.lock:
        real = live.state
        canary, expected = real.with_canaries()
        live.state = canary
        live._views.clear()
        try:
            live.notify("rewound")
        finally:
            live.state = real
            live._views.clear()
            live.notify("rewound")
    return expected


def test_no_device_is_sent_a_secret_its_seat_may_not_see(server: ThreadedServer, event: Event) -> None:
    """Canaries in every secret (hands, destination cards, known coordinates, covered panels): each seat's frames
    show its own, never another ship's; the projector shows none; a desk shows them all."""
    viewers: dict[int | None, Device] = {
        seat_of(event, label): Device(server.base, seat_token(event, label))
        for label in ("dione/captain", "aegis/commanding-officer", "aegis/xo")
    }
    viewers[None] = Device(server.base, None)
    desk = Device(server.base, operator_token(event, "Bob"))
    start = {viewer: len(device.raw) for viewer, device in viewers.items()}
    desk_start = len(desk.raw)
    expected = server.call(_plant_canaries(server.app.state.events.live[EVENT_ID]))
    for device in [*viewers.values(), desk]:
        device.settle()
    assert any(hidden for _, hidden in expected.values()), "the event has secrets: canaries were planted"
    for viewer, device in viewers.items():
        seen, hidden = expected[viewer]
        frames = device.raw[start[viewer] :]
        for canary in hidden:
            assert not any(canary in text for text in frames), f"{viewer}'s device was sent hidden {canary!r}"
        for canary in seen:
            assert any(canary in text for text in frames), f"{viewer}'s device never got its own {canary!r}"
    everything = {canary for seen, hidden in expected.values() for canary in seen | hidden}
    desk_frames = desk.raw[desk_start:]
    assert all(any(canary in text for text in desk_frames) for canary in everything), "Control sees every secret"
    for device in [*viewers.values(), desk]:
        device.close()


def test_the_organiser_changes_the_number_of_turns_during_the_event(server: ThreadedServer, event: Event) -> None:
    projector = Device(server.base, None)
    assert projector.view is not None and projector.view["observation"]["turns"] == 12
    organiser = {"Authorization": f"Bearer {seat_token(event, 'control')}"}
    answer = httpx.post(
        f"{server.base}/api/events/{EVENT_ID}/settings", json={"turns": 9}, headers=organiser, timeout=WAIT
    )
    assert answer.status_code == 200 and answer.json()["turns"] == 9 and answer.json()["action_minutes"] == 18
    assert projector.until(lambda f: f["type"] == "state" and f["observation"]["turns"] == 9)
    refused = httpx.post(
        f"{server.base}/api/events/{EVENT_ID}/settings", json={"turns": 0}, headers=organiser, timeout=WAIT
    )
    assert refused.status_code == 422
    refused = httpx.post(
        f"{server.base}/api/events/{EVENT_ID}/settings", json={"team_minutes": 500}, headers=organiser, timeout=WAIT
    )
    assert refused.status_code == 400 and "team_minutes" in refused.json()["detail"]
    projector.close()


def test_a_seat_left_to_a_bot_plays_by_itself(tmp_path_factory: pytest.TempPathFactory) -> None:
    database = f"sqlite:///{tmp_path_factory.mktemp('bot-event')}/event.db"
    event = stored_event(database, event_id="b0b0b0b0")
    store = EventStore.open(database)
    bot_seat = seat_of(event, "icebreaker/captain")
    event = event.leave_to_bot(str(bot_seat))
    store.save(event)
    store.close()
    with ThreadedServer(database) as server:
        desk = Device(server.base, event.operators.find("Bob").token, event="b0b0b0b0")
        assert desk.act(0, "control advance", confirm=True)["type"] == "ack"  # no ship has crewed its jump drive
        label = event.seats[bot_seat].label
        desk.until(lambda f: f["type"] == "state" and any(label in line for line in f["log"]))
        store = EventStore.open(database)
        rows = history.actions(store.engine, "b0b0b0b0")
        store.close()
        assert any(row.player == bot_seat for row in rows), "the bot's actions are stored like anyone's"
        desk.close()


def test_an_operator_refocuses_their_desk_and_a_removed_operators_desk_is_closed(
    server: ThreadedServer, event: Event
) -> None:
    ann = {"Authorization": f"Bearer {operator_token(event, 'Ann')}"}
    url = f"{server.base}/api/events/{EVENT_ID}/operators"
    answer = httpx.post(f"{url}/Ann", json={"action": "focus", "focus": ["aegis", "dione"]}, headers=ann, timeout=WAIT)
    assert answer.status_code == 200 and answer.json()["focus"] == ["aegis", "dione"]
    refused = httpx.post(f"{url}/Bob", json={"action": "focus", "focus": []}, headers=ann, timeout=WAIT)
    assert refused.status_code == 403
    refused = httpx.post(f"{url}/Ann", json={"action": "remove"}, headers=ann, timeout=WAIT)
    assert refused.status_code == 403, "only the organiser removes an operator"
    organiser = {"Authorization": f"Bearer {seat_token(event, 'control')}"}
    added = httpx.post(url, json={"name": "Cleo"}, headers=organiser, timeout=WAIT)
    assert added.status_code == 201
    assert added.json()["link"].startswith(f"{event.settings.base_url}/event/{EVENT_ID}/control#token=")
    assert added.json()["qr"] == qr_data_uri(added.json()["link"])
    cleo = Device(server.base, added.json()["link"].split("#token=")[1])
    assert cleo.welcome is not None and cleo.welcome["operator"] == "Cleo"
    assert httpx.post(f"{url}/Cleo", json={"action": "remove"}, headers=organiser, timeout=WAIT).status_code == 200
    assert cleo.until(lambda f: f["type"] == "moved")["message"].startswith("this desk's token")


def test_with_table_dice_a_die_awaiting_entry_freezes_only_its_own_ship(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    database = f"sqlite:///{tmp_path_factory.mktemp('dice-event')}/event.db"
    event = stored_event(database, event_id="d1ced1ce", table_dice=True)
    with ThreadedServer(database) as server:
        desk = Device(server.base, event.operators.find("Bob").token, event="d1ced1ce")
        for _ in range(3):  # start -> action -> team -> the news broadcast
            assert desk.act(0, "control advance", confirm=True)["type"] == "ack"
        assert desk.view is not None
        dice = desk.view["observation"]["dice"]
        assert dice.get("dione") and dice.get("aegis"), "each ship's broadcast dice wait for the table"
        captain = seat_of(event, "dione/captain")
        dione = Device(server.base, event.tokens.tokens[captain], event="d1ced1ce")
        first = dice["dione"][0]["id"]
        assert [a for a in dione.legal(captain) if a.startswith("enter ")] == [
            f"enter {first} {f}" for f in range(1, 7)
        ]
        assert desk.act(0, "control advance", confirm=True)["code"] == "illegal-action", "advance waits for dice"
        assert dione.act(captain, f"enter {first} 4")["type"] == "ack"
        aegis_die = dice["aegis"][0]["id"]
        desk.settle()  # the desk has seen the table's entry
        assert desk.act(0, f"control enter {aegis_die} 6")["type"] == "ack"
        assert desk.view["observation"]["dice"].get("dione", [{}])[0].get("id") != first
        for device in (desk, dione):
            device.close()


def test_a_device_whose_view_did_not_change_may_act_on_its_older_version(server: ThreadedServer, event: Event) -> None:
    desk = Device(server.base, operator_token(event, "Bob"))
    in_a_timed_phase(desk)
    captain, xo = seat_of(event, "dione/captain"), seat_of(event, "aegis/xo")
    dione = Device(server.base, seat_token(event, "dione/captain"))
    aegis = Device(server.base, seat_token(event, "aegis/xo"))
    old = aegis.version
    team_only = next(a for a in dione.legal(captain) if a.startswith("rations "))
    assert dione.act(captain, team_only)["type"] == "ack"
    assert "state" not in [f["type"] for f in aegis.settle()], "aegis's view did not change"
    own = next(a for a in aegis.legal(xo) if a.startswith("rations "))
    assert aegis.version == old, "it acts on the version it last saw, older than the event's"
    answer = aegis.act(xo, own)
    assert answer["type"] == "ack" and answer["version"] > old + 1, "its view was the event as it is: accepted"
    desk.settle()
    assert desk.act(0, 'control set pursuit 4 "a public change"')["type"] == "ack"
    aegis.settle()
    stale = aegis.ask({"type": "act", "seat": xo, "action": own, "version": old}, lambda f: f["type"] == "ack")
    assert stale["type"] == "error" and stale["code"] == "stale", "after a change it sees, an old version is refused"
    for device in (desk, dione, aegis):
        device.close()


def test_a_desk_previews_what_a_rewind_would_discard(server: ThreadedServer, event: Event) -> None:
    desk = Device(server.base, operator_token(event, "Ann"))
    before = desk.version
    assert desk.act(0, 'control set pursuit 6 "to be undone"')["type"] == "ack"
    headers = {"Authorization": f"Bearer {operator_token(event, 'Ann')}"}
    url = f"{server.base}/api/events/{EVENT_ID}/rewind"
    preview = httpx.get(url, params={"version": before}, headers=headers, timeout=WAIT).json()
    assert [row["action"] for row in preview["discarded"]] == ['control set pursuit 6 "to be undone"']
    assert preview["discarded"][0]["operator"] == "Ann" and preview["discarded"][0]["by"] == "control"
    assert desk.settle() == [] and desk.version == before + 1, "a preview changes nothing"
    refused = httpx.get(url, params={"version": before + 5}, headers=headers, timeout=WAIT)
    assert refused.status_code == 400
    assert httpx.get(url, params={"version": before}, timeout=WAIT).status_code == 403
    desk.close()


def test_a_join_sends_every_message_marked_as_all_and_later_ones_alone(server: ThreadedServer, event: Event) -> None:
    desk = Device(server.base, operator_token(event, "Bob"))
    first = next(_parsed(t) for t in desk.raw if _parsed(t)["type"] == "messages")
    assert first["all"] is True
    desk.ask(
        {"type": "message", "to": "everyone", "text": "ten minutes to the news"}, lambda f: f["type"] == "messages"
    )
    later = [_parsed(t) for t in desk.raw if _parsed(t)["type"] == "messages"][-1]
    assert later["all"] is False and [m["text"] for m in later["messages"]] == ["ten minutes to the news"]
    desk.close()


def disk_full(*_: Any) -> None:
    """A write that fails, as on a full disk or a lost database."""
    raise OSError("disk full")


def in_process(
    tmp_path_factory: pytest.TempPathFactory,
    play: Callable[[LiveEvent, Event, EventStore], Awaitable[None]],
    views: ViewProcess | None = None,
) -> None:
    """Run `play` on a started live event in this process (its writes made at once, not on a database thread), its
    views built here or, given one, in a view process."""
    database = f"sqlite:///{tmp_path_factory.mktemp('in-process')}/event.db"
    event = stored_event(database)
    store = EventStore.open(database)

    async def at_once(write: Any) -> Any:
        return write()

    async def run() -> None:
        live = load_live(store, event.id, at_once, views)
        await live.start()
        try:
            await play(live, event, store)
        finally:
            await live.stop()

    asyncio.run(run())
    store.close()


def test_an_action_whose_audit_line_cannot_be_written_is_not_stored_either(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play(live: LiveEvent, event: Event, store: EventStore) -> None:
        stored, audited = history.version(store.engine, event.id), len(store.audit(event.id))
        held = live.view(CONTROL_SEAT).observation  # a desk holds Control's view: it is rebuilt during the write
        told: list[str] = []
        live.listeners.add(lambda _live, change: told.append(change))

        monkeypatch.setattr("wolfpack.event.live.insert_audit", disk_full)
        with pytest.raises(OSError, match="disk full"):
            await live.submit(Viewer("control"), 0, "control advance", live.version, None, confirm=True)
        assert history.version(store.engine, event.id) == stored and len(store.audit(event.id)) == audited
        assert live.version == stored, "the live event went back to what is stored"
        assert told == [], "no device hears of an action that was not stored"
        assert live.view(CONTROL_SEAT).observation == held, "the views built during the failed write were dropped"
        monkeypatch.undo()
        await live.submit(Viewer("control"), 0, "control advance", live.version, None, confirm=True)
        assert history.version(store.engine, event.id) > stored and len(store.audit(event.id)) == audited + 1

    in_process(tmp_path_factory, play)


def test_a_rewind_its_audit_line_and_its_clock_are_stored_together_or_not_at_all(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play(live: LiveEvent, event: Event, store: EventStore) -> None:
        target = live.version
        await live.submit(Viewer("control"), 0, "control advance", live.version, None, confirm=True)
        stored, audited, clock = history.version(store.engine, event.id), len(store.audit(event.id)), live.clock
        assert stored > target

        monkeypatch.setattr("wolfpack.event.live.write_clock", disk_full)
        with pytest.raises(OSError, match="disk full"):
            await live.rewind(Viewer("control"), target, "a wrong ruling")
        assert history.version(store.engine, event.id) == stored and history.rewinds(store.engine, event.id) == []
        assert len(store.audit(event.id)) == audited and live.version == stored and live.clock == clock
        monkeypatch.undo()
        await live.rewind(Viewer("control"), target, "a wrong ruling")
        assert history.version(store.engine, event.id) == target == live.version
        assert len(store.audit(event.id)) == audited + 1 and store.load_clock(event.id) == live.clock

    in_process(tmp_path_factory, play)


def test_a_strikes_answer_says_the_roll_and_the_hits(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The lines an action added, its rolls included, come back to the device that sent it (the ack's `said`)."""

    async def play(live: LiveEvent, event: Event, store: EventStore) -> None:
        live.dice = random.Random(7)
        officer = seat_of(event, "dione/first-officer")

        async def control(action: str) -> None:
            await live.submit(Viewer("control"), 0, action, live.version, None, confirm=True)

        await control("control advance")
        await control('control attack "the sensors light up"')
        deploy = sorted(a for a in live.legal(officer) if a.startswith("deploy dione:u1 q"))[0]
        await live.submit(Viewer("seat", officer), officer, deploy, live.version, None)
        wolves = set(live.state.observation(0)["attack"]["wolves"])
        await control(f'control wolves fighter 1 q{deploy[-1]} "a straggler"')
        target = next(w for w in live.state.observation(0)["attack"]["wolves"] if w not in wolves)
        await control("control wolf-round")
        said: list[str] = []
        strike = f"strike dione:u1 {target}"
        await live.submit(Viewer("seat", officer), officer, strike, live.version, None, said=said)
        rolls = [line for line in said if line.startswith("dione:u1 rolls ")]
        assert len(rolls) == 1 and "hit(s)" in rolls[0], said
        assert said == live.state.log(officer)[-len(said) :], "the officer's own lines, the last it may read"

    in_process(tmp_path_factory, play)


def test_a_view_keeps_only_its_new_log_lines_and_a_device_gets_the_whole_log_when_it_needs_it(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    async def play(live: LiveEvent, event: Event, store: EventStore) -> None:
        captain = seat_of(event, "dione/captain")
        await live.submit(Viewer("control"), 0, "control advance", live.version, None, confirm=True)
        before = live.view(captain)
        whole = live.state.log(captain)
        assert (before.log_length, before.last_line) == (len(whole), whole[-1])
        await live.submit(Viewer("seat", captain), captain, "rations food low", live.version, None)
        after = live.view(captain)
        log = live.state.log(captain)
        assert after.previous is not None and after.previous.view_version == before.view_version
        # One observation kept per seat: the previous view keeps no observation, the new one the patch from it.
        assert after.previous.fresh == [] and after.previous.observation == {} and after.patch is not None
        assert apply_patch(before.observation, after.patch) == after.observation
        assert after.kept == len(whole) and log[: after.kept] == whole
        assert after.fresh == log[after.kept :] != []
        assert after.log_length == len(log) and after.last_line == log[-1]
        # A log whose old last line moved (never so in Den of Wolves, whose logs only grow) is sent whole.
        assert log_lines_kept(before, ["rewritten", *log[len(whole) :]]) == 0
        assert log_lines_kept(before, log[len(whole) - 1 :]) == len(whole)
        assert log_lines_kept(before, []) == 0

    in_process(tmp_path_factory, play)


def test_devices_joining_in_one_burst_tell_the_desks_of_the_roster_once(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Phones back after a restart all join as the event loads: one roster change for the burst, not one frame per
    join on every desk (which would overflow a desk's queue and close it as too slow)."""

    async def play(live: LiveEvent, event: Event, store: EventStore) -> None:
        told: list[str] = []
        live.listeners.add(lambda _live, change: told.append(change))
        captain = seat_of(event, "dione/captain")
        for _ in range(300):
            live.connect(captain)
        assert told == [], "told at the event loop's next turn"
        await asyncio.sleep(0)  # one turn of the event loop
        assert told == ["roster"] and live.roster_frame()["devices"] == 300
        live.disconnect(captain)
        await asyncio.sleep(0)
        assert told == ["roster", "roster"] and live.connected[captain] == 299

    in_process(tmp_path_factory, play)


def test_every_device_is_told_the_peoples_names_and_a_seat_nothing_of_tokens_or_operators(
    server: ThreadedServer, event: Event
) -> None:
    """The names of the people in the seats are public (badges at a megagame): a seat's phone and the projector are
    sent them, and again when the roster names someone else; a seat's frames carry no token and no operator."""
    phone = Device(server.base, seat_token(event, "dione/captain"))
    projector = Device(server.base, None)
    live = server.app.state.events.live[EVENT_ID]
    held = {
        seat.label: holder.name
        for seat, holder in zip(live.event.seats, live.event.roster.holders, strict=True)
        if holder is not None and holder.kind == "person"
    }
    assert held, "the event names people"
    for device in (phone, projector):
        names = [frame for frame in map(_parsed, device.raw) if frame["type"] == "names"]
        assert [frame["names"] for frame in names] == [held], "sent once, before the view it names people in"
    organiser = {"Authorization": f"Bearer {seat_token(event, 'control')}"}
    seats = f"{server.base}/api/events/{EVENT_ID}/seats"
    long_name = "Maximiliana Ottilie Brandstätt"  # 30 characters
    answer = httpx.post(
        seats,
        json={"seat": "icebreaker/captain", "holder": "person", "name": long_name},
        headers=organiser,
        timeout=WAIT,
    )
    assert answer.status_code == 200, answer.text
    for device in (phone, projector):
        told = device.until(lambda f: f["type"] == "names")
        assert told["names"] == held | {"icebreaker/captain": long_name}
    answer = httpx.post(seats, json={"seat": "icebreaker/captain", "holder": "bot"}, headers=organiser, timeout=WAIT)
    assert answer.status_code == 200, answer.text
    assert phone.until(lambda f: f["type"] == "names")["names"] == held, "a bot's seat is named by its role alone"
    moved = Device(server.base, None)  # a device joining says nothing new of names to the others
    assert not [frame for frame in phone.settle() if frame["type"] == "names"]
    secrets = [*live.event.tokens.tokens, *(o.token for o in live.event.operators.members)]
    operators = [o.name for o in live.event.operators.members]
    assert operators, "the event has operators to keep from the seats"
    kinds = {_parsed(text)["type"] for text in phone.raw}
    assert kinds.isdisjoint({"roster", "links", "audit"}), f"a seat was sent Control's frames: {kinds}"
    for text in phone.raw:
        assert not any(token in text for token in secrets), f"a seat was sent a token: {text[:200]}"
        assert not any(f'"{name}"' in text for name in operators), f"a seat was sent an operator: {text[:200]}"
        frame = _parsed(text)
        assert frame.get("operator") is None and "operators" not in frame
    for device in (phone, projector, moved):
        device.close()
