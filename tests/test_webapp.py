"""The one web application (issue 30, section 5): the table server and the event server joined above both, the table
server knowing nothing of events."""

from __future__ import annotations

import ast
from pathlib import Path

import httpx
from fastapi.testclient import TestClient

import wolfpack.server
from wolfpack.server.app import table_app
from wolfpack.webapp import create_app

SERVER = Path(wolfpack.server.__file__).parent


def imported_modules(source: str, package: str) -> set[str]:
    """Every module a Python source imports (relative imports resolved against `package`)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_imported_modules_sees_every_kind_of_import() -> None:
    source = "import wolfpack.event.hall\nfrom wolfpack.event import web\nfrom ..event.store import EventStore\n"
    found = imported_modules(source, "wolfpack.server")
    assert {"wolfpack.event.hall", "wolfpack.event.web", "wolfpack.event.store"} <= found


def test_no_module_of_the_table_server_imports_the_event_server() -> None:
    modules = sorted(SERVER.rglob("*.py"))
    assert len(modules) > 5, modules
    for path in modules:
        for module in imported_modules(path.read_text(encoding="utf-8"), "wolfpack.server"):
            assert not (module == "wolfpack.event" or module.startswith("wolfpack.event.")), (path.name, module)


def test_the_table_server_runs_alone_and_the_joined_app_serves_both(tmp_path: Path) -> None:
    with TestClient(table_app(f"sqlite:///{tmp_path}/alone.db")) as alone:
        assert alone.get("/api/games").status_code == 200
        assert alone.get("/events/new").status_code == 404
    app = create_app(f"sqlite:///{tmp_path}/both.db")
    with TestClient(app, client=("127.0.0.1", 50000)) as both:
        assert both.get("/api/games").status_code == 200
        made = both.post("/api/events", json={"edition": "classic"})
        assert made.status_code == 201, made.text
        sheets = both.get(f"/event/{made.json()['id']}/sheets/index.html")
        assert sheets.status_code == 403  # no cookie: but the answer carries the sheets' own policy
        assert sheets.headers["content-security-policy"].startswith("default-src 'none'")
        assert both.get("/").headers["content-security-policy"].startswith("default-src 'self'")
        settings = f"/api/events/{made.json()['id']}/settings"
        refused = both.post(settings, json={"team_minutes": 900}, headers=bearer(made))
        assert refused.status_code == 400 and "team_minutes" in refused.json()["detail"]  # an EventError, in words


def test_events_build_their_views_on_their_own_thread_unless_a_view_process_is_asked_for(tmp_path: Path) -> None:
    """docs/server.md: the view process costs more than it saves now that views share their unchanged parts."""
    assert create_app(f"sqlite:///{tmp_path}/default.db").state.events.views is None
    asked = create_app(f"sqlite:///{tmp_path}/asked.db", view_process=True).state.events.views
    assert asked is not None
    asked.close()


def test_the_events_are_stopped_at_shutdown(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path}/close.db")
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        made = client.post("/api/events", json={"edition": "classic"})
        assert client.get(f"/api/events/{made.json()['id']}/settings", headers=bearer(made)).status_code == 200
        live = app.state.events.live[made.json()["id"]]
        assert live.driver is not None, "a loaded event drives its bots"
    assert live.driver is None, "the bots' driver stops with the server"


def bearer(made: httpx.Response) -> dict[str, str]:
    return {"Authorization": f"Bearer {made.json()['token']}"}
