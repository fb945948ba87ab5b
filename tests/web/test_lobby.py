"""The lobby in real Chromium (issue 17): a card per game with its picture, words and rules page; quick start against
bots; after opening a table, the person's own seat first; open seats anyone may join; accessibility at phone and
laptop size. Screenshots go to test-artifacts/screenshots/lobby-*.png."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from ..server.live import WAIT, ThreadedServer, create_table
from .accessibility import SIZES, small_targets, wcag_violations
from .console import console_errors

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
WAIT_MS = 20_000
"""A safety net for things that should happen at once, not a timing assertion."""
DATA_SVG = re.compile(r"^data:image/svg\+xml")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedServer]:
    with ThreadedServer(f"sqlite:///{tmp_path_factory.mktemp('lobby')}/lobby.db") as live:
        yield live


def _page(browser: Browser, size: str = "phone") -> tuple[Page, list[str]]:
    """A fresh page at `size` and the list its console errors (a policy violation, a failed script) go to."""
    width, height = SIZES[size]
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    return page, console_errors(page)


def _seated_at(page: Page) -> list[Any]:
    """The seat of every state frame the page's table socket receives (None: watching), as they come."""
    seats: list[Any] = []

    def listen(ws: Any) -> None:
        def received(payload: Any) -> None:
            frame = json.loads(payload)
            if frame.get("type") == "state":
                seats.append(frame["seat"])

        ws.on("framereceived", received)

    page.on("websocket", listen)
    return seats


def _until_seated(page: Page, seats: list[Any]) -> Any:
    """The seat the table page was given in its first state frame (waits for it, as the person would)."""
    deadline = time.monotonic() + WAIT
    while not seats:
        assert time.monotonic() < deadline, "the table page never received its first view"
        page.wait_for_timeout(10)  # lets the page's socket events reach us between two looks
    return seats[0]


def _shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def _in_view(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the window as it is scrolled now."""
    inside = "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.height; }"
    return bool(page.locator(selector).evaluate(inside))


def _tables(server: ThreadedServer) -> int:
    return int(httpx.get(f"{server.base}/api/tables", timeout=WAIT).json()["total"])


def test_every_game_has_a_card_with_a_picture_words_player_counts_and_a_rules_page(
    server: ThreadedServer, browser: Browser
) -> None:
    """Finding 5: the lobby was a settings form with no description or rules."""
    page, complaints = _page(browser)
    page.goto(server.base + "/")
    games = httpx.get(f"{server.base}/api/games", timeout=WAIT).json()
    cards = page.locator(".game-card")
    expect(cards).to_have_count(len(games), timeout=WAIT_MS)
    for game in games:
        card = page.locator(f".game-card[data-game='{game['name']}']")
        expect(card.locator("h3")).to_have_text(game["long_name"])
        expect(card.locator(".description")).not_to_be_empty()
        low, high = game["min_players"], game["max_players"]
        expect(card.locator(".players")).to_have_text(f"{low}–{high} players")
        picture = card.locator("img.game-picture")
        expect(picture).to_have_attribute("alt", game["picture_text"])
        assert picture.evaluate("img => img.complete && img.naturalWidth > 0"), f"{game['name']}'s picture is missing"
        expect(card.locator("button.quick-start")).to_have_text("Play against bots")
    _shoot(page, "lobby-cards-phone")

    for game in games:
        page.goto(server.base + "/")
        page.locator(f".game-card[data-game='{game['name']}'] a.rules-link").click()
        expect(page.locator("h1")).to_have_text(f"How to play {game['long_name']}", timeout=WAIT_MS)
        headings = page.locator(".rules-part h2").all_inner_texts()
        assert headings[0] == "The goal" and "How it ends" in headings, headings
        assert page.locator(".rules-part li, .rules-part p").count() >= 4
        for size in ("phone", "laptop"):
            found = wcag_violations(page, size)
            assert found == [], f"the rules page of {game['name']} at {size} size breaks WCAG 2.1 AA: {found}"
        _shoot(page, f"rules-{game['name']}-phone")
        page.locator("a.big-link").click()
        expect(page.locator("#game")).to_have_value(game["name"], timeout=WAIT_MS)
    assert complaints == []


def test_a_new_users_first_click_after_opening_a_table_lands_in_their_own_seat(
    server: ThreadedServer, browser: Browser
) -> None:
    """Finding 1: after "Open the table" the links sat below the fold, and a second click opened a second table."""
    for size in ("phone", "laptop"):
        page, complaints = _page(browser, size)
        seats = _seated_at(page)
        page.goto(server.base + "/")
        page.select_option("#game", "wolf")
        page.locator(".seat-row[data-seat='0'] .name").fill("Ann")
        page.locator(".seat-row[data-seat='1'] .kind").select_option("human")
        before = _tables(server)
        page.click("#create-button")
        expect(page.locator("#created")).to_be_visible(timeout=WAIT_MS)
        assert _tables(server) == before + 1
        # The person's own seat is the first link, in sight and with the focus: no scrolling, no hunting.
        mine = page.locator("#created a").first
        expect(mine).to_have_attribute("data-seat", "0")
        assert _in_view(page, "#created a >> nth=0"), f"at {size} size the person's seat link is out of sight"
        expect(mine).to_be_focused()
        expect(mine).to_contain_text("Take your seat")
        # The form is gone: clicking again cannot open a second table.
        expect(page.locator("#create-button")).to_be_hidden()
        # The friend's link comes after, with a copy button and a QR code.
        friend = page.locator("#links .share-item").filter(has=page.locator("a[data-seat='1']"))
        expect(friend.locator("img.qr")).to_have_attribute("src", DATA_SVG, timeout=WAIT_MS)
        friend.locator("button.copy-button").click()
        expect(friend.locator(".copied")).to_have_text("Copied.")
        for found in (wcag_violations(page, "phone"), wcag_violations(page, "laptop")):
            assert found == [], f"the lobby after opening a table breaks WCAG 2.1 AA: {found}"
        _shoot(page, f"lobby-created-{size}")

        mine.click()  # the first click after opening: it must sit the person down
        assert _until_seated(page, seats) == 0
        assert _tables(server) == before + 1
        assert complaints == []


def test_quick_start_puts_you_against_named_bots_in_one_click(server: ThreadedServer, browser: Browser) -> None:
    page, complaints = _page(browser)
    seats = _seated_at(page)
    page.goto(server.base + "/")
    page.fill("#your-name", "Bo")
    page.locator(".game-card[data-game='spacewolves'] button.quick-start").click()
    page.wait_for_url("**/play/**", timeout=WAIT_MS)
    assert _until_seated(page, seats) == 0
    table = server.hall.get(page.url.split("/play/")[1].split("#")[0])
    assert [s.name for s in table.seats] == ["Bo", "Heuristic bot 1", "Heuristic bot 2", "Heuristic bot 3"]
    assert [s.kind for s in table.seats] == ["human", "bot", "bot", "bot"]
    assert complaints == []


def test_a_free_open_seat_is_joined_from_the_lobby_and_invite_only_seats_are_not_offered(
    server: ThreadedServer, browser: Browser
) -> None:
    """Finding 5: there was no way to join a free seat."""
    body = {"game": "wolf", "options": {"players": 3}, "bot_delay": 0}
    open_seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}, {"kind": "bot"}]
    joinable = httpx.post(f"{server.base}/api/tables", json={**body, "seats": open_seats}, timeout=WAIT).json()
    invited = create_table(server.base, "wolf", {"players": 3}, humans=2)
    page, complaints = _page(browser)
    seats = _seated_at(page)
    page.goto(server.base + "/")
    page.fill("#your-name", "Cy")
    row = page.locator(f"#tables li[data-table='{joinable['id']}']")
    expect(row.locator("button.join")).to_be_visible(timeout=WAIT_MS)
    expect(row).to_contain_text("free seat")
    expect(page.locator(f"#tables li[data-table='{invited['id']}']")).to_be_visible()
    expect(page.locator(f"#tables li[data-table='{invited['id']}'] button.join")).to_have_count(0)
    # Tables with a free seat come first.
    assert page.locator("#tables li[data-table]").first.get_attribute("data-table") == joinable["id"]
    assert small_targets(page) == []
    _shoot(page, "lobby-join-phone")
    row.locator("button.join").click()
    page.wait_for_url(f"**/play/{joinable['id']}**", timeout=WAIT_MS)
    assert _until_seated(page, seats) == 1
    assert server.hall.get(joinable["id"]).seats[1].name == "Cy"

    # Taken: the lobby offers it to nobody else.
    other, more = _page(browser)
    other.goto(server.base + "/")
    expect(other.locator(f"#tables li[data-table='{joinable['id']}']")).to_be_visible(timeout=WAIT_MS)
    expect(other.locator(f"#tables li[data-table='{joinable['id']}'] button.join")).to_have_count(0)
    assert complaints == [] and more == []


def test_the_lobby_is_accessible_and_its_settings_are_folded_away(server: ThreadedServer, browser: Browser) -> None:
    """axe at phone and laptop size (with the settings open too); every control 44x44 px on a phone. Issue 32: the
    form says which seat plays WOLF's werewolf pack, and a seat turned from "You" to a bot keeps no name of yours."""
    page, complaints = _page(browser)
    page.goto(server.base + "/")
    expect(page.locator(".game-card")).to_have_count(3, timeout=WAIT_MS)
    page.fill("#your-name", "Pia")
    # The advanced settings wait behind one fold: clocks, stand-ins, the bots' pace, the game's other options.
    for field in ("#clock", "#takeover", "#bot-delay"):
        expect(page.locator(field)).to_be_hidden()
    page.select_option("#game", "wolf")
    for players in ("6", "3"):  # the last seat, however many there are
        page.select_option("#options [name=players]", players)
        last = page.locator(".seat-row").last
        expect(last.locator(".seat-part")).to_have_text("plays the werewolf pack")
        expect(page.locator(".seat-row .seat-part")).to_have_count(1)
        called = f"Seat {players} (plays the werewolf pack): who plays"
        expect(last.locator(".kind")).to_have_attribute("aria-label", called)
    expect(page.locator("#options [name=max_rounds]")).to_be_hidden()
    expect(page.locator("#options [name=players]")).to_be_visible()
    assert small_targets(page) == []
    for size in ("phone", "laptop"):
        assert wcag_violations(page, size) == [], size
    page.locator("#advanced summary").click()
    for field in ("#clock", "#takeover", "#bot-delay", "#options [name=max_rounds]"):
        expect(page.locator(field)).to_be_visible()
    assert small_targets(page) == []
    for size in ("phone", "laptop"):
        assert wcag_violations(page, size) == [], size
    _shoot(page, "lobby-form-phone")
    page.set_viewport_size({"width": 1366, "height": 768})
    _shoot(page, "lobby-laptop")

    # You hand your seat to a bot and take the next: the bot gets the table's name for it, not yours.
    expect(page.locator(".seat-row[data-seat='0'] .name")).to_have_value("Pia")
    page.locator(".seat-row[data-seat='0'] .kind").select_option("bot")
    page.locator(".seat-row[data-seat='1'] .kind").select_option("you")
    expect(page.locator(".seat-row[data-seat='1'] .name")).to_have_value("Pia")
    page.click("#create-button")
    expect(page.locator("#created .take-seat")).to_contain_text("Seat 2 (Pia)", timeout=WAIT_MS)
    table = server.hall.get(page.locator("#created .take-seat").get_attribute("href").split("/play/")[1].split("#")[0])
    assert [seat.name for seat in table.seats] == ["Heuristic bot 1", "Pia", "Heuristic bot 2"]
    assert complaints == []
