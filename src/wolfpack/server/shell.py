"""The web application's shell: what every page and route shares (security headers, static files, the answer to a
bad request, the lifespan), and the Part each server hands it (its routes and what starts and stops with them).

The table server (server/app.py) and the event server (event/web.py) each offer a Part; wolfpack/webapp.py joins
them into the one application `wolfpack serve` runs. The shell knows neither.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from wolfpack.server.settings import ServerSettings

WEB = resources.files("wolfpack.web")
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""Our pages' Content-Security-Policy: our own files only, no inline script or style, never framed by another site."""
API_DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https://fastapi.tiangolo.com; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
"""The API's Swagger page (FastAPI's: its script from a CDN and an inline start-up script) is a developer's tool; it
alone gets the looser policy it needs, and it holds no seat token."""
API_DOCS = "/api/docs"
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]

ErrorAnswer = Callable[[Request, Exception], Awaitable[Response]]
Policies = Sequence[tuple[re.Pattern[str], str]]


@dataclass(frozen=True)
class Part:
    """One server's share of the application: its routes, what it opens at start-up and closes at shutdown, the
    pages that need their own security policy, how its own errors are answered, and what tests may reach on
    `app.state`."""

    router: APIRouter
    opens: Callable[[], Awaitable[None]] | None = None
    closes: Callable[[], Awaitable[None]] | None = None
    policies: Policies = ()
    errors: Mapping[type[Exception], ErrorAnswer] = field(default_factory=dict)
    state: Mapping[str, Any] = field(default_factory=dict)


def web_app(parts: Sequence[Part]) -> FastAPI:
    """One application serving every part: opened in order at start-up, closed in the reverse order at shutdown."""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        async with AsyncExitStack() as stack:
            for part in parts:
                if part.opens is not None:
                    await part.opens()
                if part.closes is not None:
                    stack.push_async_callback(part.closes)
            yield

    app = FastAPI(title="wolfpack", lifespan=lifespan, docs_url=API_DOCS, redoc_url=None)
    app.add_middleware(SecurityHeaders, policies=[policy for part in parts for policy in part.policies])
    _quiet_bad_frames()

    @app.exception_handler(RequestValidationError)
    async def refuse_bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        # FastAPI's own answer echoes the input, which fails to encode when it holds NaN (a 500): name, never echo.
        return JSONResponse({"detail": describe_errors(exc.errors())}, status_code=422)

    app.mount("/static", StaticFiles(directory=str(WEB / "static")), name="static")
    for part in parts:
        app.include_router(part.router)
        for error, answer in part.errors.items():
            app.add_exception_handler(error, answer)
        for name, value in part.state.items():
            setattr(app.state, name, value)
    return app


def describe_errors(errors: Sequence[Any]) -> str:
    """One sentence naming each field of a refused request and what is wrong with it (never the value sent)."""
    problems = []
    for error in errors:
        where = ".".join(str(part) for part in error.get("loc", ())[1:]) or "body"
        problems.append(f"{where}: {error.get('msg', 'invalid')}")
    return "bad request: " + "; ".join(problems)


def from_our_pages(websocket: WebSocket, settings: ServerSettings) -> bool:
    """Whether a socket was opened by our own pages (or by a client that is no browser and sends no Origin)."""
    origin = websocket.headers.get("origin")
    return origin is None or same_site(origin, websocket.headers.get("host"), settings.public_origin)


def same_site(origin: str, host: str | None, public_origin: str | None) -> bool:
    """Whether a browser's Origin is the server's own: the host it asked for, or the configured public address."""
    if public_origin is not None and origin.lower() == public_origin:
        return True
    return host is not None and urlsplit(origin).netloc.lower() == host.lower()


def page_policy(path: str, policies: Policies) -> str:
    """The Content-Security-Policy of the answer at `path`: a part's own for its paths, else our pages'."""
    if path == API_DOCS:
        return API_DOCS_POLICY
    return next((policy for pattern, policy in policies if pattern.match(path)), PAGE_POLICY)


class OneLineForBadFrames(logging.Filter):
    """uvicorn logs a client's text frame that is not UTF-8 with a traceback; it is the client's fault, and the
    socket is closed with 1007: one line says enough."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Drop the traceback from that record only."""
        if record.exc_info is not None and isinstance(record.exc_info[1], UnicodeDecodeError):
            record.msg, record.args = "closed a WebSocket (1007): a client sent a text frame that is not UTF-8", ()
            record.exc_info, record.exc_text, record.levelno, record.levelname = None, None, logging.WARNING, "WARNING"
        return True


def _quiet_bad_frames() -> None:
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, OneLineForBadFrames) for f in logger.filters):
        logger.addFilter(OneLineForBadFrames())


class SecurityHeaders:
    """Adds the security headers to every HTTP answer (pages, static files, the API)."""

    def __init__(self, app: Any, policies: Policies = ()) -> None:
        self.app = app
        self.policies = policies

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Pass the request on; add the headers to the answer's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = page_policy(scope["path"], self.policies)
        extra = [*SECURITY_HEADERS, (b"content-security-policy", policy.encode())]

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
