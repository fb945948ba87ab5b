"""The lobby's HTTP API and pages: games, opening tables (and refusing bad requests clearly), listing, rematches."""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from wolfpack.server.app import table_app
from wolfpack.server.settings import ServerSettings

HUMAN = {"kind": "human"}
FIXED_SEEDS = ServerSettings(allow_fixed_seeds=True)
GAMES = {"spacewolves", "wolf", "wolves-on-the-hunt"}


def token(table: dict[str, Any], seat: int) -> str:
    value = table["seats"][seat]["token"]
    assert isinstance(value, str)
    return value


# ---- games ----------------------------------------------------------------------------------------------------


def test_games_are_listed_with_their_options_and_bots(server: Any) -> None:
    response = server.client.get("/api/games")
    assert response.status_code == 200
    games = {g["name"]: g for g in response.json()}
    assert set(games) == GAMES
    for game in games.values():
        assert game["long_name"]
        assert game["min_players"] <= game["num_players"] <= game["max_players"]
        assert game["options"]["type"] == "object"
        assert "players" in game["options"]["properties"]
        assert "random" in game["bots"]
    assert (games["spacewolves"]["min_players"], games["spacewolves"]["max_players"]) == (3, 4)
    assert (games["wolf"]["min_players"], games["wolf"]["max_players"]) == (2, 6)
    assert "max_rounds" in games["spacewolves"]["options"]["properties"]
    assert "heuristic" in games["spacewolves"]["bots"]


# ---- opening a table -----------------------------------------------------------------------------------------


def test_opening_a_table_returns_tokens_and_links_for_people_only(server: Any) -> None:
    created = server.create(seats=[HUMAN, {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    tid = created["id"]
    assert created["game"] == "spacewolves" and created["options"]["players"] == 3
    assert created["status"] == "playing"
    seats = created["seats"]
    assert [s["kind"] for s in seats] == ["human", "human", "bot"]
    assert [s["name"] for s in seats] == ["Seat 1", "Ann", "Random bot"]
    for seat in seats[:2]:
        assert len(seat["token"]) >= 16
        assert seat["link"] == f"/play/{tid}#token={seat['token']}"
    assert seats[0]["token"] != seats[1]["token"]
    assert seats[2]["token"] is None and seats[2]["link"] is None
    assert created["spectator_link"] == f"/play/{tid}"
    assert server.table(tid).seat_for_token(seats[1]["token"]) == 1


def test_opening_a_table_without_seats_gives_one_person_and_bots(server: Any) -> None:
    response = server.client.post("/api/tables", json={"game": "wolf", "options": {"players": 3}, "bot_delay": 0})
    assert response.status_code == 201, response.text
    seats = response.json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "bot"]
    assert seats[0]["token"] and seats[1]["token"] is None


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess"}, 400, ["unknown game 'chess'", "spacewolves"]),
        ({"game": "spacewolves", "options": {"players": 5}}, 400, ["players", "5", "3 or 4"]),
        ({"game": "spacewolves", "options": {"players": "three"}}, 400, ["players"]),
        ({"game": "spacewolves", "options": {"bogus": 1}}, 400, ["unknown option 'bogus'"]),
        ({"game": "spacewolves", "options": {"players": 3, "max_rounds": 0}}, 400, ["max_rounds"]),
        (
            {"game": "spacewolves", "options": {"players": 3}, "seats": [HUMAN, HUMAN]},
            400,
            ["3 seats", "2 were given"],
        ),
        (
            {"game": "spacewolves", "options": {"players": 3}, "seats": [HUMAN, HUMAN, {"kind": "bot", "bot": "hal"}]},
            400,
            ["no bot 'hal'", "heuristic", "random"],
        ),
        ({"game": "wolf", "options": {"content": "/etc/passwd"}}, 422, ["option 'content'", "cannot be set"]),
        ({"game": "wolves-on-the-hunt", "options": {"content": "pack"}}, 422, ["option 'content'"]),
        ({"game": "spacewolves", "seats": [{"kind": "alien"}] * 4}, 422, ["kind", "'human' or 'bot'"]),
        ({"game": "spacewolves", "seed": -1}, 422, ["seed"]),
        ({"game": "spacewolves", "bot_delay": 31}, 422, ["bot_delay"]),
        ({"game": "spacewolves", "clock_seconds": 0}, 422, ["clock_seconds"]),
        ({"game": "spacewolves", "owner": "me"}, 422, ["owner"]),
        ({"game": ""}, 422, ["game"]),
        ({"options": {}}, 422, ["game"]),
    ],
)
def test_bad_table_requests_are_refused_clearly(
    server: Any, body: dict[str, Any], status: int, words: list[str]
) -> None:
    response = server.client.post("/api/tables", json=body)
    assert response.status_code == status, response.text
    detail = response.text
    for word in words:
        assert word in detail, (word, detail)
    assert server.client.get("/api/tables", params={"status": "all"}).json()["tables"] == []
    assert server.hall.tables == {}


# ---- listing and reading tables -------------------------------------------------------------------------------


def test_tables_are_listed_open_or_all(server: Any) -> None:
    finished = server.create(options={"players": 3, "max_rounds": 1})
    server.play_out(finished["id"])
    playing = server.create()
    default = server.client.get("/api/tables")
    assert default.status_code == 200
    assert [t["id"] for t in default.json()["tables"]] == [playing["id"]]
    assert server.client.get("/api/tables", params={"status": "open"}).json() == default.json()
    everything = server.client.get("/api/tables", params={"status": "all"}).json()["tables"]
    assert [t["id"] for t in everything] == [playing["id"], finished["id"]]  # newest first
    assert [t["status"] for t in everything] == ["playing", "over"]
    for summary in everything:
        assert all("token" not in seat and "link" not in seat for seat in summary["seats"])


@pytest.mark.parametrize("status", ["closed", "OPEN", ""])
def test_listing_with_a_bad_status_is_refused(server: Any, status: str) -> None:
    response = server.client.get("/api/tables", params={"status": status})
    assert response.status_code == 400
    assert "status must be 'open' or 'all'" in response.json()["detail"]


def test_a_table_is_read_by_id_without_its_tokens(server: Any) -> None:
    created = server.create()
    response = server.client.get(f"/api/tables/{created['id']}")
    assert response.status_code == 200
    summary = response.json()
    assert summary["id"] == created["id"] and summary["version"] == server.table(created["id"]).version
    assert summary["rematch"] is None
    assert all(s["token"] not in response.text for s in created["seats"])


def test_an_unknown_table_is_404(server: Any) -> None:
    response = server.client.get("/api/tables/nope")
    assert response.status_code == 404
    assert "no table 'nope'" in response.json()["detail"]


# ---- rematch ---------------------------------------------------------------------------------------------------


def test_rematch_needs_a_seat_token(server: Any) -> None:
    created = server.create()
    tid = created["id"]
    wrong = server.client.post(f"/api/tables/{tid}/rematch", json={"token": "Z" * 32})
    assert wrong.status_code == 403
    assert "no seat" in wrong.json()["detail"]
    assert server.client.post(f"/api/tables/{tid}/rematch", json={"token": "short"}).status_code == 422
    assert server.client.post(f"/api/tables/{tid}/rematch", json={}).status_code == 422
    missing = server.client.post("/api/tables/nope/rematch", json={"token": token(created, 0)})
    assert missing.status_code == 404
    assert server.client.get(f"/api/tables/{tid}").json()["rematch"] is None
    assert len(server.hall.tables) == 1


def test_rematch_keeps_the_seats_and_is_made_once(server: Any) -> None:
    seats = [{"kind": "human", "name": "Ann"}, HUMAN, {"kind": "bot", "bot": "random", "name": "Robo"}]
    created = server.create(seats=seats)
    tid = created["id"]
    assert server.table(tid).acting_seats() == [0]  # the bot waits for Ann: nothing moves by itself
    with server.connect(tid) as watcher:
        server.join(watcher, None)
        response = server.client.post(f"/api/tables/{tid}/rematch", json={"token": token(created, 1)})
        assert response.status_code == 201, response.text
        rematch = response.json()
        told = server.receive(watcher)  # the people at the old table are told where the rematch is
        assert told["type"] == "state" and told["rematch"] == rematch["id"]
    assert rematch["id"] != tid
    assert rematch["game"] == created["game"] and rematch["options"] == created["options"]
    assert rematch["status"] == "playing"
    keep = ("seat", "name", "kind")
    assert [{k: s[k] for k in keep} for s in rematch["seats"]] == [{k: s[k] for k in keep} for s in created["seats"]]
    assert all("token" not in s for s in rematch["seats"])  # the tokens are the old ones: not handed out again
    assert server.client.get(f"/api/tables/{tid}").json()["rematch"] == rematch["id"]
    again = server.client.post(f"/api/tables/{tid}/rematch", json={"token": token(created, 0)})
    assert again.status_code == 201 and again.json()["id"] == rematch["id"]
    assert len(server.hall.tables) == 2
    # The same tokens sit in the same seats at the rematch.
    with server.connect(rematch["id"]) as ws:
        assert server.join(ws, token(created, 0))["seat"] == 0
    with server.connect(rematch["id"]) as ws:
        assert server.join(ws, token(created, 1))["seat"] == 1


def test_rematch_requested_twice_at_once_is_made_once(server: Any) -> None:
    created = server.create()
    table = server.table(created["id"])

    async def both() -> list[Any]:
        return list(await asyncio.gather(server.hall.rematch(table), server.hall.rematch(table)))

    first, second = server.client.portal.call(both)
    assert first.id == second.id == table.rematch
    assert len(server.hall.tables) == 2


# ---- a restart -----------------------------------------------------------------------------------------------


def test_tables_events_and_rematches_survive_a_restart(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path}/restart.db"
    app = table_app(database, FIXED_SEEDS)
    with TestClient(app) as client:
        created = client.post(
            "/api/tables",
            json={"game": "spacewolves", "options": {"players": 3}, "seats": [HUMAN] * 3, "bot_delay": 0, "seed": 9},
        ).json()
        tid = created["id"]
        table = app.state.hall.get(tid)
        seat = table.acting_seats()[0]
        state = table.state
        assert client.portal is not None
        client.portal.call(
            table.submit, seat, state.action_to_string(state.legal_actions(seat)[0]), table.version, None
        )
        before = (table.version, table.state.to_json())
        rematch = client.post(f"/api/tables/{tid}/rematch", json={"token": token(created, 0)}).json()
    app = table_app(database, FIXED_SEEDS)
    with TestClient(app) as client:
        table = app.state.hall.get(tid)
        assert (table.version, table.state.to_json()) == before
        assert client.get(f"/api/tables/{tid}").json()["rematch"] == rematch["id"]
        assert set(app.state.hall.tables) == {tid, rematch["id"]}
        for seat in range(3):
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                ws.send_json({"type": "join", "token": token(created, seat)})
                assert ws.receive_json()["seat"] == seat


def test_a_retry_after_a_restart_gets_the_ack_it_got_before(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path}/restart.db"
    app = table_app(database, FIXED_SEEDS)
    with TestClient(app) as client:
        created = client.post(
            "/api/tables",
            json={"game": "spacewolves", "options": {"players": 3}, "seats": [HUMAN] * 3, "bot_delay": 0, "seed": 9},
        ).json()
        tid = created["id"]
        seat = app.state.hall.get(tid).acting_seats()[0]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"type": "join", "token": token(created, seat)})
            frame = ws.receive_json()
            act = {
                "type": "act",
                "token": token(created, seat),
                "action": frame["legal"][0],
                "version": frame["version"],
            }
            ws.send_json({**act, "request_id": "r-1"})
            assert ws.receive_json()["type"] == "state"
            ack = ws.receive_json()
        events = app.state.hall.store.events(tid)
        assert [e.player for e in events[frame["version"] :]] == [seat, -1]  # the action, then chance
    app = table_app(database, FIXED_SEEDS)
    with TestClient(app) as client, client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "join", "token": token(created, seat)})
        assert ws.receive_json()["version"] == ack["version"]
        ws.send_json({**act, "request_id": "r-1"})  # the client retries: its ack was lost in the restart
        assert ws.receive_json() == ack


# ---- pages ------------------------------------------------------------------------------------------------------


def test_lobby_page_is_served(server: Any) -> None:
    response = server.client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "<html" in response.text.lower()


def test_table_page_is_served_for_a_table_and_404_otherwise(server: Any) -> None:
    created = server.create()
    page = server.client.get(f"/play/{created['id']}")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "<html" in page.text.lower()
    assert page.text != server.client.get("/").text
    missing = server.client.get("/play/unknown")
    assert missing.status_code == 404
    assert "no table 'unknown'" in missing.json()["detail"]


def test_static_assets_are_served(server: Any) -> None:
    for name in ("lobby.js", "table.js", "style.css"):
        assert server.client.get(f"/static/{name}").status_code == 200
    assert server.client.get("/static/nope.js").status_code == 404


# ---- secrets at rest ------------------------------------------------------------------------------------------


def stored_bytes(directory: Path) -> bytes:
    """Every byte of the database and its WAL/SHM files."""
    return b"".join(path.read_bytes() for path in sorted(directory.glob("*.db*")))


def test_seat_tokens_are_stored_only_hashed(tmp_path: Path) -> None:
    database = tmp_path / "secrets.db"
    app = table_app(f"sqlite:///{database}", FIXED_SEEDS)
    with TestClient(app) as client:
        created = client.post(
            "/api/tables",
            json={"game": "wolf", "options": {"players": 3}, "seats": [HUMAN] * 3, "bot_delay": 0, "seed": 1},
        ).json()
        tid = created["id"]
        tokens = [token(created, seat) for seat in range(3)]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"type": "join", "token": tokens[0]})
            frame = ws.receive_json()
            ws.send_json({"type": "act", "token": tokens[0], "action": frame["legal"][0], "version": frame["version"]})
            assert ws.receive_json()["type"] == "state"
        assert client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[2]}).status_code == 201
        while_running = stored_bytes(tmp_path)
    after_shutdown = stored_bytes(tmp_path)
    for stored in (while_running, after_shutdown):
        assert tid.encode() in stored  # the right files are being read
        for secret in tokens:
            assert secret.encode() not in stored
            assert hashlib.sha256(secret.encode()).hexdigest().encode() in stored


def test_a_megagame_is_not_offered_or_opened_as_a_table(server: Any) -> None:
    names = {g["name"] for g in server.client.get("/api/games").json()}
    assert "den-of-wolves" not in names
    response = server.client.post(
        "/api/tables", json={"game": "den-of-wolves", "options": {}, "seats": [{"kind": "human"}]}
    )
    assert response.status_code == 400
    assert "more than a table's 8" in response.json()["detail"]


# ---- numbers JSON does not allow -------------------------------------------------------------------------------

NON_STANDARD = [
    ('{"game": "spacewolves", "options": {"players": 3, "x": NaN}}', "options.x"),
    ('{"game": "spacewolves", "options": {"players": 3, "deep": [1, {"y": -Infinity}]}}', "options.deep"),
    ('{"game": "spacewolves", "options": {"players": 3}, "bot_delay": NaN}', "bot_delay"),
    ('{"game": "spacewolves", "options": {"players": 3}, "clock_seconds": Infinity}', "clock_seconds"),
    ('{"game": "spacewolves", "options": {"players": 3}, "takeover_seconds": -Infinity}', "takeover_seconds"),
    ('{"game": "spacewolves", "options": {"players": 3}, "seed": NaN}', "seed"),
]


@pytest.mark.parametrize(("body", "field"), NON_STANDARD, ids=[f for _, f in NON_STANDARD])
def test_nan_and_infinity_are_refused_with_a_sentence(server: Any, body: str, field: str) -> None:
    """NaN and Infinity are not JSON: refused with 400/422 naming the field, never a server error; nothing opens."""
    response = server.client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert response.status_code in (400, 422), response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and field in detail, detail
    assert server.hall.tables == {}


# ---- seeds ------------------------------------------------------------------------------------------------------


def test_a_seed_from_the_web_is_refused_by_default(default_server: Any) -> None:
    """A creator who picks the seed could predict every hidden card and die: refused unless the server allows it."""
    body = {"game": "wolf", "options": {"players": 3}, "seats": [HUMAN] * 3, "seed": 5}
    response = default_server.client.post("/api/tables", json=body)
    assert response.status_code == 403, response.text
    assert "--allow-fixed-seeds" in response.json()["detail"]
    assert default_server.hall.tables == {}
    del body["seed"]
    created = default_server.client.post("/api/tables", json=body).json()
    assert created["seed_fixed"] is False
    with default_server.connect(created["id"]) as ws:
        assert default_server.join(ws, token(created, 0))["seed_fixed"] is False


def test_every_seat_is_told_when_the_seed_was_fixed(server: Any) -> None:
    """On a server that takes fixed seeds, every seat's frames and the table's summary say the seed was fixed."""
    created = server.create(options={"players": 3, "max_rounds": 1}, seats=[HUMAN, HUMAN, HUMAN])
    assert created["seed_fixed"] is True
    assert server.client.get(f"/api/tables/{created['id']}").json()["seed_fixed"] is True
    with server.connect(created["id"]) as first, server.connect(created["id"]) as watcher:
        assert server.join(first, token(created, 0))["seed_fixed"] is True
        assert server.join(watcher, None)["seed_fixed"] is True
        assert server.receive(first)["type"] == "seats"  # told someone watches
        seat = server.table(created["id"]).acting_seats()[0]
        server.submit(created["id"], seat, server.legal(created["id"], seat)[0])
        changed = server.receive(first)
        assert changed["type"] == "state" and changed["seed_fixed"] is True
    rematch = server.client.post(f"/api/tables/{created['id']}/rematch", json={"token": token(created, 0)}).json()
    assert rematch["seed_fixed"] is False, "a rematch draws its own seed"


# ---- links, headers, origins --------------------------------------------------------------------------------------


def test_seat_links_are_never_built_from_the_host_header(server: Any) -> None:
    """Whoever sends the request chooses its Host header: the links it gets back are relative."""
    body = {"game": "wolf", "options": {"players": 3}, "seats": [HUMAN] * 3, "seed": 1}
    created = server.client.post("/api/tables", json=body, headers={"host": "evil.example"}).json()
    links = [seat["link"] for seat in created["seats"]] + [created["spectator_link"]]
    assert all(link.startswith(f"/play/{created['id']}") for link in links), links
    assert "evil.example" not in str(created)


def test_seat_links_use_the_configured_public_url(tmp_path: Path) -> None:
    settings = ServerSettings(public_url="https://wolves.example/club/")
    with TestClient(table_app(f"sqlite:///{tmp_path}/p.db", settings)) as client:
        body = {"game": "wolf", "options": {"players": 3}, "seats": [HUMAN] * 3}
        created = client.post("/api/tables", json=body, headers={"host": "evil.example"}).json()
    assert created["seats"][0]["link"] == f"https://wolves.example/club/play/{created['id']}#token={token(created, 0)}"
    assert created["spectator_link"] == f"https://wolves.example/club/play/{created['id']}"


def test_a_public_url_that_is_not_an_address_is_refused() -> None:
    for bad in ["wolves.example", "ftp://wolves.example", "https://wolves.example/?x=1", "https://"]:
        with pytest.raises(ValueError, match="must look like https://host"):
            ServerSettings(public_url=bad)


def test_every_answer_carries_the_security_headers(server: Any) -> None:
    created = server.create()
    for path in ["/", f"/play/{created['id']}", "/static/table.js", "/static/style.css", "/api/games", "/nope"]:
        headers = server.client.get(path).headers
        policy = {d.split()[0]: d.split()[1:] for d in headers["content-security-policy"].split("; ")}
        assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"], (path, policy)
        assert policy["frame-ancestors"] == ["'none'"] and policy["default-src"] == ["'self'"], (path, policy)
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["referrer-policy"] == "no-referrer", path


def test_the_pages_hold_no_inline_script_or_style(server: Any) -> None:
    """The policy forbids inline script: every script of ours is a file, and no element carries a handler or style."""
    import re

    created = server.create()
    for path in ["/", f"/play/{created['id']}"]:
        page = server.client.get(path).text
        scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", page, flags=re.S | re.I)
        assert scripts, path
        for attributes, body in scripts:
            assert re.search(r'\bsrc="/static/[\w.-]+\.js"', attributes) and not body.strip(), (path, attributes)
        assert not re.search(r"\son[a-z]+\s*=", page, flags=re.I), path
        assert not re.search(r"\sstyle\s*=|<style\b", page, flags=re.I), path


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        (None, True),  # not a browser: no Origin to check (and a seat still needs its token)
        ("http://testserver", True),  # the server's own pages
        ("https://wolves.example", True),  # the configured public address
        ("http://evil.example", False),
        ("http://testserver.evil.example", False),
        ("null", False),
    ],
)
def test_a_socket_opened_from_another_sites_page_is_refused(tmp_path: Path, origin: str | None, allowed: bool) -> None:
    settings = ServerSettings(public_url="https://wolves.example", allow_fixed_seeds=True)
    with TestClient(table_app(f"sqlite:///{tmp_path}/o.db", settings)) as client:
        body = {"game": "wolf", "options": {"players": 3}, "seats": [HUMAN] * 3}
        created = client.post("/api/tables", json=body).json()
        headers = {} if origin is None else {"origin": origin}
        if allowed:
            with client.websocket_connect(f"/ws/tables/{created['id']}", headers=headers) as ws:
                ws.send_json({"type": "join", "token": None})
                assert ws.receive_json()["type"] == "state"
        else:
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                client.websocket_connect(f"/ws/tables/{created['id']}", headers=headers),
            ):
                pass
            assert refused.value.code == 1008


# ---- table floods, expiry, paging --------------------------------------------------------------------------------


def test_one_address_may_open_only_so_many_tables(tmp_path: Path) -> None:
    """Past its burst an address is refused with 429, a sentence and Retry-After; nothing is opened."""
    settings = ServerSettings(table_burst=3, tables_per_minute=2)
    app = table_app(f"sqlite:///{tmp_path}/flood.db", settings)
    body = {"game": "wolf", "options": {"players": 3}, "seats": [HUMAN] * 3}
    with TestClient(app) as client:
        assert [client.post("/api/tables", json=body).status_code for _ in range(3)] == [201] * 3
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 429
        assert "too many tables" in refused.json()["detail"] and "3 at once" in refused.json()["detail"]
        assert 0 < int(refused.headers["retry-after"]) <= 30
        assert len(app.state.hall.tables) == 3


def test_the_creation_limit_counts_each_address_alone_and_refills() -> None:
    from wolfpack.server.app import CreationLimit

    limit = CreationLimit(burst=2, per_minute=6)  # one more every 10 s
    assert [limit.wait("a", 0.0), limit.wait("a", 0.0)] == [0.0, 0.0]
    assert limit.wait("a", 0.0) == pytest.approx(10.0)
    assert limit.wait("b", 0.0) == 0.0, "another address has its own tables"
    assert limit.wait("a", 5.0) == pytest.approx(5.0)
    assert limit.wait("a", 10.0) == 0.0


def test_a_table_nobody_comes_to_expires_and_leaves_the_lobby(tmp_path: Path) -> None:
    """After the expiry a table no person sat at leaves memory, the lobby and the store's list, and stays gone."""
    database = f"sqlite:///{tmp_path}/expiry.db"
    settings = ServerSettings(unjoined_expiry_seconds=60)
    body = {"game": "wolf", "options": {"players": 3}, "seats": [HUMAN] * 3}
    with TestClient(table_app(database, settings)) as client:
        hall = client.app.state.hall  # type: ignore[attr-defined]
        came, nobody = client.post("/api/tables", json=body).json(), client.post("/api/tables", json=body).json()
        bots = client.post("/api/tables", json={**body, "seats": [{"kind": "bot"}] * 3, "bot_delay": 30}).json()
        with client.websocket_connect(f"/ws/tables/{came['id']}") as ws:
            ws.send_json({"type": "join", "token": token(came, 0)})
            ws.receive_json()
        with client.websocket_connect(f"/ws/tables/{nobody['id']}") as ws:
            ws.send_json({"type": "join", "token": None})  # a watcher is not a person at a seat
            ws.receive_json()
        assert client.portal is not None
        opened = hall.tables[nobody["id"]].opened_at
        client.portal.call(hall.sweep, opened + 59)
        assert nobody["id"] in hall.tables
        with client.websocket_connect(f"/ws/tables/{nobody['id']}") as late:  # opened in time, joins too late
            client.portal.call(hall.sweep, opened + 61)
            late.send_json({"type": "join", "token": token(nobody, 0)})
            refused = late.receive_json()
            assert refused["code"] == "no-table" and "expired" in refused["message"]
        assert set(hall.tables) == {came["id"], bots["id"]}, "people came to one; the bots play the other"
        for status in ("open", "all"):
            listed = client.get("/api/tables", params={"status": status}).json()
            assert nobody["id"] not in [t["id"] for t in listed["tables"]] and listed["total"] == 2
        assert client.get(f"/api/tables/{nobody['id']}").status_code == 404
        assert client.get(f"/play/{nobody['id']}").status_code == 404
    with TestClient(table_app(database, settings)) as client:
        assert set(client.app.state.hall.tables) == {came["id"], bots["id"]}  # type: ignore[attr-defined]


def test_the_lobby_list_is_paged(server: Any) -> None:
    ids = [server.create()["id"] for _ in range(5)]
    for status in ("open", "all"):
        pages = [
            server.client.get("/api/tables", params={"status": status, "limit": 2, "offset": o}).json()
            for o in (0, 2, 4)
        ]
        assert [p["total"] for p in pages] == [5, 5, 5]
        assert [t["id"] for p in pages for t in p["tables"]] == ids[::-1], "newest first, each table once"
    for bad in ({"limit": 0}, {"limit": 201}, {"offset": -1}, {"limit": "x"}):
        response = server.client.get("/api/tables", params=bad)
        assert response.status_code == 422 and next(iter(bad)) in response.json()["detail"], response.text


def test_finished_tables_are_listed_from_the_store(tmp_path: Path) -> None:
    """A finished table leaves memory but stays in `status=all`, after a restart too, with its final version."""
    database = f"sqlite:///{tmp_path}/done.db"
    body = {"game": "spacewolves", "options": {"players": 3, "max_rounds": 1}, "seats": [HUMAN] * 3, "bot_delay": 0}
    with TestClient(table_app(database)) as client:
        hall = client.app.state.hall  # type: ignore[attr-defined]
        done = client.post("/api/tables", json=body).json()
        table = hall.tables[done["id"]]
        assert client.portal is not None
        while not table.over:
            seat = table.acting_seats()[0]
            action = table.state.action_to_string(table.state.legal_actions(seat)[0])
            client.portal.call(table.submit, seat, action, table.version, None)
        live = client.get(f"/api/tables/{done['id']}").json()
        client.portal.call(hall.sweep, 0.0)
        client.portal.call(hall.sweep, 1e9)
        assert done["id"] not in hall.tables
        playing = client.post("/api/tables", json=body).json()
        listed = client.get("/api/tables", params={"status": "all"}).json()
        assert [t["id"] for t in listed["tables"]] == [playing["id"], done["id"]] and listed["total"] == 2
        assert listed["tables"][1] == live, "the stored summary is the one the table gave when it ended"
        assert done["id"] not in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    with TestClient(table_app(database)) as client:
        listed = client.get("/api/tables", params={"status": "all"}).json()
        assert [t["id"] for t in listed["tables"]] == [playing["id"], done["id"]]
        assert listed["tables"][1]["status"] == "over" and listed["tables"][1]["version"] == live["version"]


def test_bots_get_distinct_names_that_say_their_kind(server: Any) -> None:
    """Issue 17 (finding 4): three bots once all read "heuristic bot"; each kind is named, and repeats numbered."""
    bot = {"kind": "bot", "bot": "heuristic"}
    seats = [HUMAN, bot, {"kind": "bot", "bot": "search"}, bot, {"kind": "bot", "bot": "random", "name": "Rex"}, bot]
    created = server.create("wolf", {"players": 6}, seats)
    names = [s["name"] for s in created["seats"]]
    assert names == ["Seat 1", "Heuristic bot 1", "Search bot", "Heuristic bot 2", "Rex", "Heuristic bot 3"]
    # The names every page reads come from the table's seats, and survive a restart (they are stored).
    assert [s.name for s in server.table(created["id"]).seats] == names


# ---- open seats: anyone may take one from the lobby ------------------------------------------------------------

OPEN = {"kind": "human", "open": True}


def test_an_open_seat_has_no_link_until_someone_takes_it_from_the_lobby(server: Any) -> None:
    """Issue 17 (finding 5): the creator marks a seat open; the lobby lists it, and the server hands it out once."""
    created = server.create(seats=[HUMAN, OPEN, {"kind": "bot"}])
    assert created["seats"][1]["token"] is None and created["seats"][1]["link"] is None
    assert [s["open"] for s in created["seats"]] == [False, True, False]
    listed = server.client.get("/api/tables").json()["tables"][0]
    assert [s["open"] for s in listed["seats"]] == [False, True, False]

    response = server.client.post(f"/api/tables/{created['id']}/join", json={"name": "Cy"})
    assert response.status_code == 200, response.text
    taken = response.json()
    assert taken["seat"] == 1 and taken["link"] == f"/play/{created['id']}#token={taken['token']}"
    table = server.table(created["id"])
    assert table.seat_for_token(taken["token"]) == 1 and table.seats[1].name == "Cy"
    assert not server.client.get("/api/tables").json()["tables"][0]["seats"][1]["open"]
    with server.connect(created["id"]) as ws:
        assert server.join(ws, taken["token"])["seat"] == 1

    again = server.client.post(f"/api/tables/{created['id']}/join", json={})
    assert again.status_code == 409 and "no free open seat" in again.json()["detail"]


def test_invite_only_and_bot_seats_are_never_handed_out(server: Any) -> None:
    created = server.create(seats=[HUMAN, HUMAN, OPEN])
    tid = created["id"]
    for seat in (0, 1):
        response = server.client.post(f"/api/tables/{tid}/join", json={"seat": seat})
        assert response.status_code == 409 and f"seat {seat} of table {tid} is not free" in response.json()["detail"]
    bot_table = server.create(seats=[HUMAN, {"kind": "bot"}, OPEN])
    response = server.client.post(f"/api/tables/{bot_table['id']}/join", json={"seat": 1})
    assert response.status_code == 409 and "a bot's" in response.json()["detail"]
    assert server.client.post(f"/api/tables/{tid}/join", json={"seat": 2}).status_code == 200
    assert [s.open for s in server.table(tid).seats] == [False, False, False]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"seat": 9}, 409, ["has seats 0 to 2", "no seat 9"]),
        ({"seat": -1}, 422, ["seat"]),
        ({"name": ""}, 422, ["name"]),
        ({"token": "x"}, 422, ["token"]),
    ],
)
def test_a_bad_request_for_a_seat_is_refused_naming_what_is_wrong_and_changes_nothing(
    server: Any, body: dict[str, Any], status: int, words: list[str]
) -> None:
    created = server.create(seats=[HUMAN, OPEN, OPEN])
    response = server.client.post(f"/api/tables/{created['id']}/join", json=body)
    assert response.status_code == status
    assert all(word in response.json()["detail"] for word in words), response.json()
    assert [s.open for s in server.table(created["id"]).seats] == [False, True, True]


def test_an_open_seat_on_a_bot_is_refused(server: Any) -> None:
    body = {"game": "wolf", "options": {"players": 2}, "seats": [HUMAN, {"kind": "bot", "open": True}]}
    response = server.client.post("/api/tables", json=body)
    assert response.status_code == 400 and "seat 2 is a bot's" in response.json()["detail"]


def test_a_taken_open_seat_survives_a_restart(tmp_path: Path) -> None:
    """The seat's new token and name are stored: a server started again on the same file knows them."""
    database = f"sqlite:///{tmp_path}/t.db"
    with TestClient(table_app(database, FIXED_SEEDS)) as client:
        body = {"game": "wolf", "options": {"players": 2}, "seats": [HUMAN, OPEN], "bot_delay": 0}
        tid = client.post("/api/tables", json=body).json()["id"]
        taken = client.post(f"/api/tables/{tid}/join", json={"name": "Dee"}).json()
    with TestClient(table_app(database, FIXED_SEEDS)) as client:
        table = client.app.state.hall.get(tid)  # type: ignore[attr-defined]
        assert table.seat_for_token(taken["token"]) == 1 and table.seats[1].name == "Dee" and not table.seats[1].open
        assert client.post(f"/api/tables/{tid}/join", json={}).status_code == 409


def test_a_link_is_drawn_as_a_qr_code_in_svg(server: Any) -> None:
    response = server.client.post("/api/qr", json={"text": "http://10.0.0.2:8000/play/abc#token=" + "x" * 32})
    assert response.status_code == 200
    image = response.json()["image"]
    assert image.startswith("data:image/svg+xml") and "%3Cpath" in image
    assert server.client.post("/api/qr", json={"text": ""}).status_code == 422
    assert server.client.post("/api/qr", json={"text": "x" * 1001}).status_code == 422
    wide = server.client.post("/api/qr", json={"text": "€" * 1000})  # within 1,000 characters, 3,000 bytes: too many
    assert wide.status_code == 422 and "too long to draw as a QR code" in wide.json()["detail"]


# ---- the lobby's words: cards and rules pages -----------------------------------------------------------------


def test_each_game_comes_with_its_card_words_and_a_rules_page(server: Any) -> None:
    """Issue 17 (finding 5): a description, player counts, a picture and the rules one click away, for every game."""
    for game in server.client.get("/api/games").json():
        assert game["description"] and game["tagline"]
        assert game["players_text"] == f"{game['min_players']}–{game['max_players']} players"
        assert game["bot_titles"]["random"] == "Random bot (easy)" and game["default_bot"] in game["bots"]
        picture = server.client.get(game["picture"])
        assert picture.status_code == 200 and picture.headers["content-type"].startswith("image/svg+xml")
        page = server.client.get(game["rules"])
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert f"How to play {game['long_name']}" in page.text and "<h2>The goal</h2>" in page.text
        assert "<script" not in page.text and "style=" not in page.text  # the pages' policy allows neither


def test_a_game_without_a_rules_page_is_refused_by_name(server: Any) -> None:
    for name in ("chess", "den-of-wolves"):  # no such game; a megagame, not played at a table
        response = server.client.get(f"/rules/{name}")
        assert response.status_code == 404 and name in response.json()["detail"]
