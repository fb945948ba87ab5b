"""The table server: the lobby's HTTP API and pages, and each table's WebSocket, offered as a Part of the web
application (wolfpack/webapp.py joins it with the event server's; `table_app` serves it alone).

wolfpack serve --host 127.0.0.1 --port 8000 --database sqlite:///var/wolfpack.db
"""

from __future__ import annotations

import math
import time
from importlib import resources
from typing import Annotated, Any

import segno
from fastapi import APIRouter, FastAPI, HTTPException, Query, Request, WebSocket
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from wolfpack.bots import bot_choice_title, bot_names, default_bot_name
from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.registry import game_class, game_names, load_game
from wolfpack.server.connection import Connection, TokenBucket
from wolfpack.server.hall import Hall, NewTable, Refused, hosts
from wolfpack.server.protocol import TOKEN_PATTERN, Rejection
from wolfpack.server.qr import qr_data_uri
from wolfpack.server.settings import ServerSettings
from wolfpack.server.shell import Part, from_our_pages, web_app
from wolfpack.server.store import DEFAULT_DATABASE, Store
from wolfpack.server.tables import NoFreeSeat, Table
from wolfpack.web.lobby import card, game_words, players_text, rules_page
from wolfpack.web.plugins import game_file, stylesheet_url

WEB = resources.files("wolfpack.web")
NO_TABLE = 4404
"""WebSocket close code: there is no such table."""
POLICY_VIOLATION = 1008
"""WebSocket close code (RFC 6455) for a socket opened from another site's page."""

PAGE = 50
"""Our default: tables per page of the lobby's list."""
MAX_PAGE = 200
MAX_ADDRESSES = 10_000
"""Client addresses whose table openings are counted before the full buckets are forgotten."""


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


def table_part(hall: Hall, settings: ServerSettings) -> Part:
    """The table server's share of the application: the lobby, its API and pages, and each table's WebSocket."""
    router = APIRouter()

    @router.get("/", response_class=HTMLResponse)
    async def lobby_page() -> str:
        return (WEB / "static" / "lobby.html").read_text()

    @router.get("/play/{table_id}", response_class=HTMLResponse)
    async def table_page(table_id: str) -> str:
        table = hall.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        page = (WEB / "static" / "table.html").read_text()
        sheet = stylesheet_url(table.game.name)  # a game from another package may style its own board
        return page if sheet is None else page.replace("</head>", f'<link rel="stylesheet" href="{sheet}">\n</head>')

    @router.get("/games/{game}/{file}")
    async def game_files(game: str, file: str) -> Response:
        found = game_file(game, file)
        if found is None:
            raise HTTPException(404, f"no file {file!r} for game {game!r}")
        content, media_type = found
        return Response(content, media_type=media_type)

    @router.get("/rules/{game}", response_class=HTMLResponse)
    async def game_rules(game: str) -> str:
        words = game_words(game) if game in game_names() and hosts(game) else None
        if words is None:
            raise HTTPException(404, f"no rules page for {game!r}")
        info = load_game(game).info
        return rules_page(words, info.long_name, players_text(info.min_players, info.max_players))

    @router.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [_describe_game(name) for name in game_names() if hosts(name)]

    @router.get("/api/tables")
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

    @router.post("/api/tables", status_code=201)
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

    @router.post("/api/tables/{table_id}/join")
    async def take_seat(table_id: str, request: TakeSeat) -> dict[str, Any]:
        table = _table(hall, table_id)
        try:
            seat, token = await table.take_open_seat(request.seat, request.name)
        except NoFreeSeat as exc:
            raise HTTPException(409, str(exc)) from None
        return {"table": table.id, "seat": seat, "token": token, "link": seat_link(table.id, token)}

    @router.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        return _table(hall, table_id).summary()

    @router.post("/api/qr")
    async def qr_code(request: QrRequest) -> dict[str, str]:
        # A POST, not a GET: a seat's link holds its token, which must not sit in an address the logs keep.
        try:
            return {"image": qr_data_uri(request.text)}
        except segno.DataOverflowError:
            # 1,000 characters of a wide script (3-4 bytes each in UTF-8) is more than a QR code can hold.
            raise HTTPException(422, "text: too long to draw as a QR code (about 2,300 bytes at most)") from None

    @router.post("/api/tables/{table_id}/rematch", status_code=201)
    async def rematch(table_id: str, credential: Credential) -> dict[str, Any]:
        table = _table(hall, table_id)
        if table.seat_for_token(credential.token) is None:
            raise HTTPException(403, "that token holds no seat at this table")
        return (await hall.rematch(table)).summary()

    @router.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        if not from_our_pages(websocket, settings):
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

    return Part(router, opens=hall.open, closes=hall.close, state={"hall": hall, "settings": settings})


def table_app(database: str = DEFAULT_DATABASE, settings: ServerSettings | None = None) -> FastAPI:
    """The table server alone, for one database: every table stored there is rebuilt when it starts."""
    settings = settings or ServerSettings()
    return web_app([table_part(Hall(Store(database), settings), settings)])


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
        "bot_titles": {bot: bot_choice_title(game, bot) for bot in bot_names(game)},
        "default_bot": default_bot_name(game),
        "players_text": players_text(game.info.min_players, game.info.max_players),
        **card(name),
    }
