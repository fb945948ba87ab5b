"""The web application's shell: parts opened in order and closed in reverse, their routes, policies and errors."""

from __future__ import annotations

import re

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from fastapi.testclient import TestClient

from wolfpack.server.shell import PAGE_POLICY, Part, page_policy, web_app


class Refusal(Exception):
    """A part's own error."""


def recording_part(name: str, log: list[str]) -> Part:
    """A part with one route, its own error and policy, that notes when it opens and closes."""
    router = APIRouter()

    @router.get(f"/{name}")
    async def answer() -> dict[str, str]:
        return {"part": name}

    @router.get(f"/{name}/refused")
    async def refused() -> None:
        raise Refusal(f"{name} refused")

    async def opens() -> None:
        log.append(f"open {name}")

    async def closes() -> None:
        log.append(f"close {name}")

    async def refuse(_: Request, exc: Exception) -> Response:
        return JSONResponse({"detail": str(exc)}, status_code=400)

    policy = (re.compile(f"^/{name}$"), f"default-src 'none'; {name}")
    return Part(router, opens, closes, [policy], {Refusal: refuse}, {name: log})


def test_parts_open_in_order_and_close_in_reverse() -> None:
    log: list[str] = []
    app = web_app([recording_part("tables", log), recording_part("events", log)])
    with TestClient(app) as client:
        assert log == ["open tables", "open events"]
        assert client.get("/events").json() == {"part": "events"}
        assert client.get("/tables/refused").json() == {"detail": "tables refused"}
        assert client.get("/events").headers["content-security-policy"] == "default-src 'none'; events"
        assert client.get("/events/refused").headers["content-security-policy"] == PAGE_POLICY
    assert log == ["open tables", "open events", "close events", "close tables"]
    assert app.state.tables is log


def test_a_part_that_fails_to_open_closes_those_opened_before_it() -> None:
    log: list[str] = []
    broken = recording_part("events", log)

    async def fails() -> None:
        raise RuntimeError("no database")

    parts = [recording_part("tables", log), Part(broken.router, opens=fails, closes=broken.closes)]
    try:
        with TestClient(web_app(parts)):
            raise AssertionError("the app started")
    except RuntimeError as exc:
        assert str(exc) == "no database"
    assert log == ["open tables", "close tables"]


def test_the_api_page_alone_gets_the_looser_policy() -> None:
    assert "'unsafe-inline'" in page_policy("/api/docs", [])
    assert page_policy("/api/docs/x", []) == PAGE_POLICY
