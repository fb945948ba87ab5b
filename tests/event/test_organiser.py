"""The organiser's side of a live event over HTTP: creating an event on the server's machine, the roster from CSV,
the printable sheets, the settings (issue 15, item 1)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest

from wolfpack.webapp import create_app

from ..server.live import WAIT, ThreadedServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedServer]:
    with ThreadedServer(f"sqlite:///{tmp_path_factory.mktemp('organiser')}/event.db") as live:
        yield live


@pytest.fixture(scope="module")
def created(server: ThreadedServer) -> dict[str, str]:
    roster = "name,team,role\nAnn Smith,Dione,Captain\nBob Jones,ICSS Aegis,XO\n"
    answer = httpx.post(
        f"{server.base}/api/events",
        json={"edition": "infinite-domain", "turns": 8, "base_url": "http://192.168.1.20:8000", "roster": roster},
        timeout=WAIT,
    )
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def organiser(created: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {created['token']}"}


def test_an_event_created_on_the_servers_machine_has_its_settings_and_roster(
    server: ThreadedServer, created: dict[str, str]
) -> None:
    assert created["organiser"] == f"/event/{created['id']}/organiser#token={created['token']}"
    settings = httpx.get(
        f"{server.base}/api/events/{created['id']}/settings", headers=organiser(created), timeout=WAIT
    ).json()
    assert settings["edition"] == "infinite-domain" and settings["turns"] == 8 and settings["action_minutes"] == 18
    csv = httpx.get(f"{server.base}/api/events/{created['id']}/roster.csv", headers=organiser(created), timeout=WAIT)
    assert "Ann Smith,Dione,Captain" in csv.text.replace("\r", "")


def test_a_bad_new_event_is_refused_naming_what_is_wrong(server: ThreadedServer) -> None:
    answer = httpx.post(f"{server.base}/api/events", json={"edition": "classic", "turns": 99}, timeout=WAIT)
    assert answer.status_code == 400 and "turns" in answer.json()["detail"]
    answer = httpx.post(f"{server.base}/api/events", json={"edition": "classic", "content": "/nowhere"}, timeout=WAIT)
    assert answer.status_code == 400 and "content" in answer.json()["detail"]


def test_no_event_is_created_from_another_machine(tmp_path_factory: pytest.TempPathFactory) -> None:
    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('far')}/event.db")

    async def ask() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, client=("192.168.1.77", 50000))
        async with httpx.AsyncClient(transport=transport, base_url="http://venue") as client:
            return await client.post("/api/events", json={"edition": "classic"})

    answer = asyncio.run(ask())
    assert answer.status_code == 403 and "server's own machine" in answer.json()["detail"]


def test_a_roster_csv_is_applied_whole_or_not_at_all(server: ThreadedServer, created: dict[str, str]) -> None:
    url = f"{server.base}/api/events/{created['id']}/roster"
    bad = "name,team,role\nCid,Dione,First Officer\nDee,Nowhere,Captain\n"
    answer = httpx.post(url, json={"csv": bad}, headers=organiser(created), timeout=WAIT)
    assert answer.status_code == 400 and "Nowhere" in answer.json()["detail"]
    csv = httpx.get(f"{url}.csv", headers=organiser(created), timeout=WAIT).text
    assert "Cid" not in csv
    good = "name,team,role\nCid,Dione,First Officer\n"
    assert httpx.post(url, json={"csv": good}, headers=organiser(created), timeout=WAIT).status_code == 200
    assert "Cid,Dione,First Officer" in httpx.get(f"{url}.csv", headers=organiser(created), timeout=WAIT).text


def test_the_sheets_open_only_for_the_organisers_browser(server: ThreadedServer, created: dict[str, str]) -> None:
    event = created["id"]
    assert httpx.get(f"{server.base}/event/{event}/sheets/index.html", timeout=WAIT).status_code == 403
    with httpx.Client(base_url=server.base, timeout=WAIT) as browser:
        opened = browser.post(f"/api/events/{event}/sheets", headers=organiser(created))
        assert opened.status_code == 200
        index = browser.get(opened.json()["sheets"])
        assert index.status_code == 200 and "ship-dione.html" in index.text
        assert "script-src" not in index.headers["content-security-policy"]
        dione = browser.get(f"/event/{event}/sheets/ship-dione.html")
        assert "Ann Smith" in dione.text and "<svg" in dione.text
    seat_token = "x" * 32
    refused = httpx.post(
        f"{server.base}/api/events/{event}/sheets", headers={"Authorization": f"Bearer {seat_token}"}, timeout=WAIT
    )
    assert refused.status_code == 403
