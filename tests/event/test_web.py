"""The event's plain HTTP routes that need no token (tests mirror event/web.py): the guide the players' screens read."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from ..server.live import WAIT, ThreadedServer
from .devices import EVENT_ID, stored_event


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedServer]:
    database = f"sqlite:///{tmp_path_factory.mktemp('event-web')}/event.db"
    stored_event(database, edition="infinite-domain")
    with ThreadedServer(database) as live:
        yield live


def test_the_guide_is_the_events_own_pack_in_words(server: ThreadedServer) -> None:
    answer = httpx.get(f"{server.base}/api/events/{EVENT_ID}/guide", timeout=WAIT)
    assert answer.status_code == 200
    guide = answer.json()
    assert guide["ships"]["aegis"]["name"] == "ICSS Aegis"
    assert "scouting-vehicle" in guide["cards"], "the Infinite Domain pack, the event's edition"


def test_no_guide_for_an_event_that_does_not_exist(server: ThreadedServer) -> None:
    answer = httpx.get(f"{server.base}/api/events/nosuchev/guide", timeout=WAIT)
    assert answer.status_code == 404
    assert "nosuchev" in answer.json()["detail"]
