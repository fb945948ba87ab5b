"""The one web application `wolfpack serve` runs: the table server's part and the event server's, joined.

Neither server imports the other: the table server (wolfpack.server) knows nothing of events, and the event server
(wolfpack.event) offers its own routes. This module alone knows both. They share one database and its one writing
thread (the tables' journal), and the events close before the tables at shutdown.
"""

from __future__ import annotations

from fastapi import FastAPI

from wolfpack.event.hall import EventHall
from wolfpack.event.store import EventStore
from wolfpack.event.viewing import ViewProcess
from wolfpack.event.web import event_part
from wolfpack.server.app import table_part
from wolfpack.server.hall import Hall
from wolfpack.server.settings import ServerSettings
from wolfpack.server.shell import from_our_pages, web_app
from wolfpack.server.store import DEFAULT_DATABASE, Store


def create_app(
    database: str = DEFAULT_DATABASE, settings: ServerSettings | None = None, view_process: bool = False
) -> FastAPI:
    """The server for one database: every table stored there is rebuilt when it starts; events load when asked.
    With `view_process`, the events' views are built in a process beside the server's (started with the first
    event loaded, stopped at shutdown; docs/server.md), else on the event's own thread."""
    chosen = settings or ServerSettings()
    tables = Hall(Store(database), chosen)
    events = EventHall(EventStore(tables.store.engine), tables.journal, ViewProcess() if view_process else None)
    return web_app([table_part(tables, chosen), event_part(events, lambda socket: from_our_pages(socket, chosen))])
