"""The event's pages and its HTTP and WebSocket routes on the server.

Pages: `/event/<id>/join` (a seat's device; its token after #), `/event/<id>/control` (a Control desk; the
operator's token after #) and `/event/<id>/projector` (the public view, no token). The WebSocket
`/ws/events/<id>` carries everything live (protocol.py). The audit log's CSV, the organiser's changes and the
verbs' forms are plain HTTP, each needing Control's token or an operator's in an `Authorization: Bearer` header.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from wolfpack.event import history
from wolfpack.event.audit import AuditEntry, audit_csv, audit_entry
from wolfpack.event.devices import Device
from wolfpack.event.errors import EventError
from wolfpack.event.forms import control_forms
from wolfpack.event.hall import EventHall
from wolfpack.event.links import is_whole, page_link
from wolfpack.event.live import LiveEvent, Viewer
from wolfpack.event.model import Event, new_event
from wolfpack.event.protocol import REASON_LENGTH
from wolfpack.event.seats import CONTROL_SEAT
from wolfpack.event.settings import make_settings
from wolfpack.event.sheets import sheet_pages
from wolfpack.games.den.game import DenGame
from wolfpack.games.den.guide import guide
from wolfpack.server.protocol import Rejection
from wolfpack.server.qr import qr_data_uri
from wolfpack.server.shell import Part

WEB = resources.files("wolfpack.web")
NO_EVENT = 4404
"""WebSocket close code: there is no such event."""

PAGES = {
    "join": "event-seat.html",
    "control": "event-control.html",
    "projector": "event-projector.html",
    "organiser": "event-organiser.html",
}
LOOPBACK = ("127.0.0.1", "::1")
SHEETS_COOKIE = "wolfpack_sheets"
SHEET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'"
"""An event's printable sheets are pages that stand alone (their CSS inline, their QR codes inline SVG, no script,
the same files `wolfpack event sheets` writes): they get no script at all and their own inline style."""
SHEET_PATH = re.compile(r"^/event/[^/]+/sheets/[^/]+$")


class OperatorRequest(BaseModel):
    """The organiser adds a Control operator: their name and the ships their desk watches (none: every ship)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=60)
    focus: list[Annotated[str, Field(max_length=40)]] = Field(default_factory=list, max_length=40)
    reason: str = Field("", max_length=REASON_LENGTH, description="why, for the audit log")


class OperatorChange(BaseModel):
    """A change to an operator: their desk's focus (the operator or the organiser), their removal or a new token
    (the organiser only)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    action: str = Field(pattern="^(focus|remove|new-token)$")
    focus: list[Annotated[str, Field(max_length=40)]] = Field(default_factory=list, max_length=40)
    reason: str = Field("", max_length=REASON_LENGTH, description="why, for the audit log")


class SeatRequest(BaseModel):
    """The organiser changes who holds a seat: a person's name, a bot, Control, or nobody; or moves its device."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: str = Field(min_length=1, max_length=120)
    holder: str = Field(pattern="^(person|bot|control|nobody|move)$")
    name: str | None = Field(None, min_length=1, max_length=80)
    reason: str = Field("", max_length=REASON_LENGTH, description="why, for the audit log")


class SettingsChange(BaseModel):
    """The organiser changes settings during the event: how many turns it lasts, the phases' lengths (from the next
    phase on), the clock's warning, the address in the join links. What is left out stays as it is."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turns: int | None = Field(None, ge=1, le=40)
    action_minutes: int | None = None
    team_minutes: int | None = None
    warning_seconds: int | None = None
    base_url: str | None = Field(None, max_length=200)
    reason: str = Field("", max_length=REASON_LENGTH, description="why, for the audit log")


class NewEvent(BaseModel):
    """The organiser's new event, from the page on the server's own machine (the content pack is a directory
    there); every value may be left out for its default."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    edition: str = Field("classic", max_length=40)
    content: str | None = Field(None, min_length=1, max_length=1000)
    turns: int | None = None
    quadrants: int | None = None
    action_minutes: int | None = None
    team_minutes: int | None = None
    warning_seconds: int | None = None
    table_dice: bool = False
    base_url: str | None = Field(None, max_length=200)
    roster: str | None = Field(None, max_length=200_000, description="a roster CSV's text")
    reason: str = Field("", max_length=REASON_LENGTH, description="why, for the audit log")


class RosterImport(BaseModel):
    """A roster CSV's text: every row applied, or none."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    csv: str = Field(min_length=1, max_length=200_000)
    reason: str = Field("", max_length=REASON_LENGTH, description="why, for the audit log")


def event_part(hall: EventHall, same_site: Callable[[WebSocket], bool]) -> Part:
    """The event server's share of the application: its routes, its hall closed at shutdown (every event's bots
    stopped), the sheets' own security policy and the answer to an EventError."""
    return Part(
        event_router(hall, same_site),
        closes=hall.close,
        policies=[(SHEET_PATH, SHEET_POLICY)],
        errors={EventError: refuse_event_error},
        state={"events": hall},
    )


def event_router(hall: EventHall, same_site: Callable[[WebSocket], bool]) -> APIRouter:
    """The event routes for one hall; `same_site(websocket)` tells whether a socket comes from our own pages."""
    router = APIRouter()

    async def live_event(event_id: str) -> LiveEvent:
        try:
            return await hall.get(event_id)
        except EventError:
            raise HTTPException(404, f"no event {event_id!r}") from None

    def control_viewer(live: LiveEvent, authorization: str | None, organiser: bool = False) -> Viewer:
        token = (authorization or "").removeprefix("Bearer ").strip()
        if token and live.event.seat_for_token(token) == CONTROL_SEAT:
            return Viewer("control", CONTROL_SEAT)
        operator = live.event.operator_for_token(token) if token else None
        if operator is not None and not organiser:
            return Viewer("control", CONTROL_SEAT, operator.name)
        who = "Control's own token (the organiser's)" if organiser else "Control's token or an operator's"
        raise HTTPException(403, f"this needs {who} in an 'Authorization: Bearer' header")

    @router.get("/events/new", response_class=HTMLResponse)
    async def new_event_page(request: Request) -> str:
        _on_this_machine(request)
        return (WEB / "static" / "event-new.html").read_text()

    @router.post("/api/events", status_code=201)
    async def create_event(body: NewEvent, request: Request) -> dict[str, Any]:
        _on_this_machine(request)
        settings = make_settings(**body.model_dump(exclude={"roster", "reason"}))
        event = new_event(settings)
        if body.roster:
            event = event.import_roster(body.roster, source="the roster given")
        text = f"event created: {settings.edition}, {settings.turns} turns"
        entry = audit_entry(event, time=time.time(), kind="settings", text=text, organiser=True, reason=body.reason)
        await hall.writer(lambda: hall.store.create(event, entry))
        token = event.tokens.tokens[CONTROL_SEAT]
        return {"id": event.id, "organiser": f"/event/{event.id}/organiser#token={token}", "token": token}

    @router.get("/event/{event_id}/{page}", response_class=HTMLResponse)
    async def event_page(event_id: str, page: str) -> str:
        if page not in PAGES:
            raise HTTPException(404, f"no page {page!r}: an event has {', '.join(PAGES)}")
        await live_event(event_id)
        return (WEB / "static" / PAGES[page]).read_text()

    @router.get("/api/events/{event_id}/forms")
    async def forms(event_id: str, authorization: Annotated[str | None, Header()] = None) -> list[dict[str, Any]]:
        control_viewer(await live_event(event_id), authorization)
        return control_forms()

    @router.get("/api/events/{event_id}/guide")
    async def event_guide(event_id: str) -> dict[str, Any]:
        """The content pack in words (public: the printed kit shows the same), for the players' screens."""
        game = (await live_event(event_id)).event.game
        if not isinstance(game, DenGame):
            raise HTTPException(404, f"event {event_id!r} plays no game with a guide")
        return guide(game.content)

    @router.get("/api/events/{event_id}/audit")
    async def audit(
        event_id: str,
        ship: str | None = None,
        seat: str | None = None,
        operator: str | None = None,
        kind: str | None = None,
        format: str = "json",
        authorization: Annotated[str | None, Header()] = None,
    ) -> Any:
        live = await live_event(event_id)
        control_viewer(live, authorization)
        entries = await hall.writer(
            lambda: hall.store.audit(event_id, ship=ship, seat=seat, operator=operator, kind=kind)
        )
        if format == "csv":
            return PlainTextResponse(
                audit_csv(entries),
                media_type="text/csv",
                headers={"Content-Disposition": f'attachment; filename="event-{event_id}-audit.csv"'},
            )
        return [
            entry.__dict__ | {"ships": list(entry.ships), "name": entry.name, "names": dict(entry.names)}
            for entry in entries
        ]

    @router.get("/api/events/{event_id}/rewind")
    async def preview_rewind(
        event_id: str, version: int, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """What a rewind to `version` would discard, checked as the rewind checks it, changing nothing."""
        live = await live_event(event_id)
        control_viewer(live, authorization)
        rows = await hall.writer(lambda: history.preview_rewind(hall.store.engine, live.event.game, event_id, version))
        seats = live.event.seats
        return {
            "version": version,
            "discarded": [
                {
                    "version": row.version,
                    "by": "chance" if row.player < 0 else seats[row.player].label,
                    "action": row.action,
                    "operator": row.operator,
                }
                for row in rows
            ],
        }

    @router.post("/api/events/{event_id}/operators", status_code=201)
    async def add_operator(
        event_id: str, request: OperatorRequest, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        live = await live_event(event_id)
        viewer = control_viewer(live, authorization, organiser=True)

        def record(event: Event) -> AuditEntry:
            added = event.operators.members[-1]
            text = f"operator {added.name} added, {watching(added.focus)}"
            return live.control_entry(viewer, "operator", text, time.time(), request.reason)

        event = await hall.change(live, lambda e: e.add_operator(request.name, tuple(request.focus)), record)
        operator = event.operators.find(request.name)
        link = page_link(event.settings.base_url, event_id, "control", operator.token)
        return {"name": operator.name, **shared(link)}

    @router.post("/api/events/{event_id}/operators/{name}")
    async def change_operator(
        event_id: str, name: str, request: OperatorChange, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        live = await live_event(event_id)
        viewer = control_viewer(live, authorization)
        if viewer.operator is not None and (request.action != "focus" or viewer.operator != name):
            raise HTTPException(403, "an operator may change only their own desk's focus; the rest is the organiser's")
        changes = {
            "focus": lambda e: e.refocus_operator(name, tuple(request.focus)),
            "remove": lambda e: e.remove_operator(name),
            "new-token": lambda e: e.revoke_operator_token(name),
        }
        known = live.event.operators.find(name).name

        def record(event: Event) -> AuditEntry:
            said = {
                "focus": lambda: f"operator {known}'s desk now {watching(event.operators.find(known).focus)}",
                "remove": lambda: f"operator {known} removed (their desk's token is refused)",
                "new-token": lambda: f"operator {known} given a new token (the old one is refused)",
            }
            return live.control_entry(viewer, "operator", said[request.action](), time.time(), request.reason)

        event = await hall.change(live, changes[request.action], record)
        if request.action == "remove":
            return {"removed": name}
        operator = event.operators.find(name)
        answer: dict[str, Any] = {"name": operator.name, "focus": sorted(operator.focus)}
        if request.action == "new-token":
            answer |= shared(page_link(event.settings.base_url, event_id, "control", operator.token))
        return answer

    @router.post("/api/events/{event_id}/seats")
    async def change_seat(
        event_id: str, request: SeatRequest, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        live = await live_event(event_id)
        viewer = control_viewer(live, authorization, organiser=True)
        changes = {
            "person": lambda e: e.assign(request.seat, request.name or ""),
            "bot": lambda e: e.leave_to_bot(request.seat),
            "control": lambda e: e.leave_to_control(request.seat),
            "nobody": lambda e: e.unassign(request.seat),
            "move": lambda e: e.move_seat(request.seat),
        }

        def record(event: Event) -> AuditEntry:
            seat = event.seat(request.seat)
            said = {
                "person": f"to {request.name}",
                "bot": "left to a bot",
                "control": "left to Control",
                "nobody": "open",
                "move": "moved to a new device (its old link is refused)",
            }
            text = f"seat {seat.label}: {said[request.holder]}"
            ships = [seat.team] if seat.team in event.ships else []
            return live.control_entry(viewer, "roster", text, time.time(), request.reason, ships=ships)

        event = await hall.change(live, changes[request.holder], record)
        seat = event.seat(request.seat)
        answer: dict[str, Any] = {"seat": seat.index, "label": seat.label}
        if request.holder == "move":
            answer |= shared(page_link(event.settings.base_url, event_id, "join", event.tokens.tokens[seat.index]))
        return answer

    @router.post("/api/events/{event_id}/settings")
    async def change_settings(
        event_id: str, request: SettingsChange, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        live = await live_event(event_id)
        viewer = control_viewer(live, authorization, organiser=True)
        given = request.model_dump(exclude={"reason"}, exclude_none=True)

        def record(event: Event) -> AuditEntry:
            text = "settings: " + ", ".join(f"{key} {value}" for key, value in given.items()) if given else "settings"
            return live.control_entry(viewer, "settings", text, time.time(), request.reason)

        event = await hall.change(live, lambda e: e.with_settings(**given), record)
        return event.settings.model_dump()

    @router.post("/api/events/{event_id}/roster")
    async def import_roster(
        event_id: str, body: RosterImport, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        live = await live_event(event_id)
        viewer = control_viewer(live, authorization, organiser=True)

        def record(event: Event) -> AuditEntry:
            changed = sum(a != b for a, b in zip(live.event.roster.holders, event.roster.holders, strict=True))
            text = f"roster imported: {changed} seat{'' if changed == 1 else 's'} changed"
            return live.control_entry(viewer, "roster", text, time.time(), body.reason)

        event = await hall.change(live, lambda e: e.import_roster(body.csv, source="the roster given"), record)
        return {"open_seats": len(event.roster.unassigned())}

    @router.get("/api/events/{event_id}/roster.csv")
    async def export_roster(event_id: str, authorization: Annotated[str | None, Header()] = None) -> Any:
        live = await live_event(event_id)
        control_viewer(live, authorization, organiser=True)
        return PlainTextResponse(live.event.export_roster(), media_type="text/csv")

    @router.get("/api/events/{event_id}/settings")
    async def event_settings(event_id: str, authorization: Annotated[str | None, Header()] = None) -> Any:
        live = await live_event(event_id)
        control_viewer(live, authorization)
        return live.event.settings.model_dump()

    @router.post("/api/events/{event_id}/sheets")
    async def open_sheets(event_id: str, authorization: Annotated[str | None, Header()] = None) -> Response:
        """Let this browser open the printable sheets: their join links hold the seats' tokens, so they are the
        organiser's only. A cookie (HttpOnly, this event's sheets only) carries Control's token to plain links."""
        live = await live_event(event_id)
        control_viewer(live, authorization, organiser=True)
        answer = JSONResponse({"sheets": f"/event/{event_id}/sheets/index.html"})
        answer.set_cookie(
            SHEETS_COOKIE,
            live.event.tokens.tokens[CONTROL_SEAT],
            path=f"/event/{event_id}/sheets",
            httponly=True,
            samesite="strict",
            max_age=3600,
        )
        return answer

    @router.get("/event/{event_id}/sheets/{name}")
    async def sheet(event_id: str, name: str, request: Request) -> Any:
        """A printable sheet (index.html lists them), for the browser that opened them."""
        live = await live_event(event_id)
        cookie = request.cookies.get(SHEETS_COOKIE, "")
        if not cookie or live.event.seat_for_token(cookie) != CONTROL_SEAT:
            raise HTTPException(403, "open the sheets from the organiser's page (they hold every seat's token)")
        pages = sheet_pages(live.event)
        if name not in pages:
            raise HTTPException(404, f"no sheet {name!r}: the sheets are {', '.join(pages)}")
        return HTMLResponse(pages[name])

    @router.websocket("/ws/events/{event_id}")
    async def device(websocket: WebSocket, event_id: str) -> None:
        if not same_site(websocket):
            await websocket.close(1008, "this socket may be opened only from the server's own pages")
            return
        await websocket.accept()
        try:
            live = await hall.get(event_id)
        except EventError:
            await websocket.send_json(Rejection("no-event", f"no event {event_id[:40]!r}").frame())
            await websocket.close(NO_EVENT)
            return
        await Device(websocket, live).serve()

    return router


def watching(focus: Iterable[str]) -> str:
    """A desk's focus in words: the ships it watches, or every ship."""
    ships = sorted(focus)
    return f"watching {', '.join(ships)}" if ships else "watching every ship"


def shared(link: str) -> dict[str, str]:
    """A link to hand to another device, with its QR code when it opens anywhere (it starts with the base URL);
    without a base URL, its path alone and no QR code (no phone could open it)."""
    return {"link": link, "qr": qr_data_uri(link)} if is_whole(link) else {"link": link}


async def refuse_event_error(_: Request, exc: Exception) -> JSONResponse:
    """An organiser's or a desk's request the event refused (EventError): 400 with the event's own sentence."""
    return JSONResponse({"detail": str(exc)}, status_code=400)


def _on_this_machine(request: Request) -> None:
    """Creating an event names a directory of the server's machine: only a browser on that machine may."""
    if request.client is None or request.client.host not in LOOPBACK:
        raise HTTPException(403, "events are created on the server's own machine (open this page there)")
