"""The ASGI app: the lobby's HTTP API and pages, and each table's WebSocket.

wolfpack serve --host 127.0.0.1 --port 8000 --database sqlite:///var/wolfpack.db
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any
from urllib.parse import urlsplit

import segno
from fastapi import FastAPI, HTTPException, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from wolfpack.bots import bot_names, bot_title, default_bot_name
from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.registry import game_class, game_names, load_game
from wolfpack.event.errors import EventError
from wolfpack.event.hall import EventHall
from wolfpack.event.store import EventStore
from wolfpack.event.web import event_router, refuse_event_error
from wolfpack.server.connection import Connection, TokenBucket
from wolfpack.server.hall import Hall, NewTable, Refused, hosts
from wolfpack.server.protocol import TOKEN_PATTERN, Rejection
from wolfpack.server.settings import ServerSettings
from wolfpack.server.store import DEFAULT_DATABASE, Store
from wolfpack.server.tables import NoFreeSeat, Table
from wolfpack.web.lobby import card, game_words, players_text, rules_page

WEB = resources.files("wolfpack.web")
NO_TABLE = 4404
"""WebSocket close code: there is no such table."""
POLICY_VIOLATION = 1008
"""WebSocket close code (RFC 6455) for a socket opened from another site's page."""

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
SHEET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'"
"""An event's printable sheets are pages that stand alone (their CSS inline, their QR codes inline SVG, no script,
the same files `wolfpack event sheets` writes): they get no script at all and their own inline style."""
SHEET_PATH = re.compile(r"^/event/[^/]+/sheets/[^/]+$")
PAGE = 50
"""Our default: tables per page of the lobby's list."""
MAX_PAGE = 200
MAX_ADDRESSES = 10_000
"""Client addresses whose table openings are counted before the full buckets are forgotten."""
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


class TakeSeat(BaseModel):
    """A request for a free open seat: which one (None: the first free), and the name to sit under."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int | None = Field(None, ge=0)
    name: str | None = Field(None, min_length=1, max_length=40)


class QrRequest(BaseModel):
    """A link to draw as a QR code (the page sends the whole link: only it knows the address people reach it at)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str = Field(min_length=1, max_length=1000)


class Credential(BaseModel):
    """A seat's token, proving the caller sits at the table."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    token: str = Field(pattern=TOKEN_PATTERN)


def create_app(database: str = DEFAULT_DATABASE, settings: ServerSettings | None = None) -> FastAPI:
    """The server for one database: every table stored there is rebuilt when it starts."""
    settings = settings or ServerSettings()
    hall = Hall(Store(database), settings)
    events = EventHall(EventStore(hall.store.engine), hall.journal)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hall.open()
        try:
            yield
        finally:
            await events.close()
            await hall.close()

    app = FastAPI(title="wolfpack", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hall = hall
    app.state.events = events
    app.state.settings = settings
    app.add_middleware(SecurityHeaders)
    _quiet_bad_frames()

    @app.exception_handler(RequestValidationError)
    async def refuse_bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        # FastAPI's own answer echoes the input, which fails to encode when it holds NaN (a 500): name, never echo.
        return JSONResponse({"detail": describe_errors(exc.errors())}, status_code=422)

    app.mount("/static", StaticFiles(directory=str(WEB / "static")), name="static")

    @app.get("/", response_class=HTMLResponse)
    async def lobby_page() -> str:
        return (WEB / "static" / "lobby.html").read_text()

    @app.get("/play/{table_id}", response_class=HTMLResponse)
    async def table_page(table_id: str) -> str:
        if hall.get(table_id) is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return (WEB / "static" / "table.html").read_text()

    @app.get("/rules/{game}", response_class=HTMLResponse)
    async def game_rules(game: str) -> str:
        words = game_words(game) if game in game_names() and hosts(game) else None
        if words is None:
            raise HTTPException(404, f"no rules page for {game!r}")
        info = load_game(game).info
        return rules_page(words, info.long_name, players_text(info.min_players, info.max_players))

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [_describe_game(name) for name in game_names() if hosts(name)]

    @app.get("/api/tables")
    async def list_tables(
        status: str = "open",
        limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = PAGE,
        offset: Annotated[int, Query(ge=0)] = 0,
    ) -> dict[str, Any]:
        if status == "open":
            tables, total = hall.open_tables(limit, offset)
        elif status == "all":
            tables, total = await hall.all_tables(limit, offset)
        else:
            raise HTTPException(400, "status must be 'open' or 'all'")
        return {"tables": tables, "total": total, "limit": limit, "offset": offset}

    creations = CreationLimit(settings.table_burst, settings.tables_per_minute)

    @app.post("/api/tables", status_code=201)
    async def create_table(request: NewTable, http: Request) -> dict[str, Any]:
        wait = creations.wait(http.client.host if http.client else "unknown", time.monotonic())
        if wait > 0:
            raise HTTPException(
                429,
                f"too many tables opened from your address: {settings.table_burst} at once, then "
                f"{settings.tables_per_minute:g} a minute; try again in {math.ceil(wait)} s",
                headers={"Retry-After": str(math.ceil(wait))},
            )
        try:
            table, tokens = await hall.create(request)
        except Refused as exc:
            raise HTTPException(403, str(exc)) from None
        except (WolfpackError, ValueError) as exc:
            raise HTTPException(400, str(exc)) from None
        summary = table.summary()
        for seat, token in zip(summary["seats"], tokens, strict=True):
            seat["token"] = token
            seat["link"] = None if token is None else seat_link(table.id, token)
        summary["spectator_link"] = seat_link(table.id, None)
        return summary

    def seat_link(table_id: str, token: str | None) -> str:
        """A seat's link (a spectator's without a token); relative unless the organiser gave the public address,
        never built from the request's Host header."""
        link = f"{settings.public_url or ''}/play/{table_id}"
        return link if token is None else f"{link}#token={token}"

    @app.post("/api/tables/{table_id}/join")
    async def take_seat(table_id: str, request: TakeSeat) -> dict[str, Any]:
        table = _table(hall, table_id)
        try:
            seat, token = await table.take_open_seat(request.seat, request.name)
        except NoFreeSeat as exc:
            raise HTTPException(409, str(exc)) from None
        return {"table": table.id, "seat": seat, "token": token, "link": seat_link(table.id, token)}

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        return _table(hall, table_id).summary()

    @app.post("/api/qr")
    async def qr_code(request: QrRequest) -> dict[str, str]:
        # A POST, not a GET: a seat's link holds its token, which must not sit in an address the logs keep.
        try:
            return {"image": qr_data_uri(request.text)}
        except segno.DataOverflowError:
            # 1,000 characters of a wide script (3-4 bytes each in UTF-8) is more than a QR code can hold.
            raise HTTPException(422, "text: too long to draw as a QR code (about 2,300 bytes at most)") from None

    @app.post("/api/tables/{table_id}/rematch", status_code=201)
    async def rematch(table_id: str, credential: Credential) -> dict[str, Any]:
        table = _table(hall, table_id)
        if table.seat_for_token(credential.token) is None:
            raise HTTPException(403, "that token holds no seat at this table")
        return (await hall.rematch(table)).summary()

    def from_our_pages(websocket: WebSocket) -> bool:
        """Whether a socket was opened by our own pages (or by a client that is no browser and sends no Origin)."""
        origin = websocket.headers.get("origin")
        return origin is None or same_site(origin, websocket.headers.get("host"), settings.public_origin)

    app.include_router(event_router(events, from_our_pages))
    app.add_exception_handler(EventError, refuse_event_error)

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        if not from_our_pages(websocket):
            # Another site's page would ride on the browser's access to us: refused before the handshake (403).
            await websocket.close(POLICY_VIOLATION, "this socket may be opened only from the server's own pages")
            return
        await websocket.accept()
        table = hall.get(table_id)
        if table is None:
            await websocket.send_json(Rejection("no-table", f"no table {table_id!r}").frame())
            await websocket.close(NO_TABLE)
            return
        await Connection(websocket, table).serve()

    return app


QR_ERROR_LEVEL = "m"
"""Our default: error correction M (15%), as on the event's printed sheets: a phone reads it off a dim screen."""


def qr_data_uri(text: str) -> str:
    """`text` as a QR code: an SVG in a data: address, which the pages' policy lets an <img> show."""
    return str(segno.make(text, error=QR_ERROR_LEVEL, micro=False).svg_data_uri(border=4))


def describe_errors(errors: Sequence[Any]) -> str:
    """One sentence naming each field of a refused request and what is wrong with it (never the value sent)."""
    problems = []
    for error in errors:
        where = ".".join(str(part) for part in error.get("loc", ())[1:]) or "body"
        problems.append(f"{where}: {error.get('msg', 'invalid')}")
    return "bad request: " + "; ".join(problems)


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


def _table(hall: Hall, table_id: str) -> Table:
    table = hall.get(table_id)
    if table is None:
        raise HTTPException(404, f"no table {table_id!r}")
    return table


class CreationLimit:
    """How many tables each client address may open: `burst` at once, then `per_minute` (a token bucket each)."""

    def __init__(self, burst: int, per_minute: float) -> None:
        self.burst, self.rate = float(burst), per_minute / 60.0
        self.buckets: dict[str, TokenBucket] = {}

    def wait(self, address: str, now: float) -> float:
        """Spend one of the address's tables if it has one (0.0); otherwise the seconds until it has one."""
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= MAX_ADDRESSES:
                self._forget_full(now)
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst, now)
        return 0.0 if bucket.take(now) else bucket.seconds_to_next()

    def _forget_full(self, now: float) -> None:
        """Drop the addresses whose buckets have refilled (they would start full anyway)."""
        refill = self.burst / self.rate
        self.buckets = {a: b for a, b in self.buckets.items() if now - b.stamp < refill}


def same_site(origin: str, host: str | None, public_origin: str | None) -> bool:
    """Whether a browser's Origin is the server's own: the host it asked for, or the configured public address."""
    if public_origin is not None and origin.lower() == public_origin:
        return True
    return host is not None and urlsplit(origin).netloc.lower() == host.lower()


class SecurityHeaders:
    """Adds the security headers to every HTTP answer (pages, static files, the API)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Pass the request on; add the headers to the answer's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        policy = API_DOCS_POLICY if path == "/api/docs" else SHEET_POLICY if SHEET_PATH.match(path) else PAGE_POLICY
        extra = [*SECURITY_HEADERS, (b"content-security-policy", policy.encode())]

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _describe_game(name: str) -> dict[str, Any]:
    cls = game_class(name)
    game = load_game(name)
    return {
        "name": name,
        "long_name": game.info.long_name,
        "min_players": game.info.min_players,
        "max_players": game.info.max_players,
        "num_players": game.info.num_players,
        "options": cls.Options.model_json_schema(),
        "bots": bot_names(game),
        "bot_titles": {bot: bot_title(bot) for bot in bot_names(game)},
        "default_bot": default_bot_name(game),
        "players_text": players_text(game.info.min_players, game.info.max_players),
        **card(name),
    }
