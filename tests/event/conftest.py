"""Shared fixtures of the event tests: a new event of each edition with a base URL, made without a database."""

from __future__ import annotations

import pytest

from wolfpack.event.model import Event, new_event
from wolfpack.event.settings import make_settings

BASE_URL = "http://192.168.1.20:8000"


@pytest.fixture
def classic() -> Event:
    """A new classic event with its base URL: Control in seat 0, every other seat open."""
    return new_event(make_settings(edition="classic", base_url=BASE_URL), event_id="c1a551c0")


@pytest.fixture
def infinite() -> Event:
    """A new Infinite Domain event with its base URL."""
    return new_event(make_settings(edition="infinite-domain", base_url=BASE_URL), event_id="1d0d0001")
