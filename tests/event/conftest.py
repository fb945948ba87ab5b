"""Shared fixtures of the event tests: a new event of each edition with a base URL, made without a database, and
the databases the stores are tested on (SQLite, and a PostgreSQL server the tests start themselves)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from wolfpack.event.model import Event, new_event
from wolfpack.event.settings import make_settings

from ..server.live import postgres_server

BASE_URL = "http://192.168.1.20:8000"


@pytest.fixture
def classic() -> Event:
    """A new classic event with its base URL: Control in seat 0, every other seat open."""
    return new_event(make_settings(edition="classic", base_url=BASE_URL), event_id="c1a551c0")


@pytest.fixture
def infinite() -> Event:
    """A new Infinite Domain event with its base URL."""
    return new_event(make_settings(edition="infinite-domain", base_url=BASE_URL), event_id="1d0d0001")


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL server on loopback, shared by a module's tests."""
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL of each kind the server takes."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/var/wolfpack.db"
    url: str = request.getfixturevalue("postgres")
    return url
