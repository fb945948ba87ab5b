"""The pages in a real headless Chromium: open a table in the lobby, two people in two browser contexts click their
moves, each move arrives on the other seat, a reload resumes, and the game is played to its end; once per game.

Screenshots of the lobby and of each game's table page at phone and laptop size are saved to
test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ..server.live import ThreadedServer, create_table
from .accessibility import small_picks, small_targets, wcag_violations
from .console import console_errors

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}
WAIT_MS = 20_000
"""A safety net for things that should happen at once, not a timing assertion."""

FIRST_SCREEN = """() => {
  const shown = (e) => e && e.offsetParent !== null;
  const inView = (e) => { const r = e.getBoundingClientRect();
    return r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; };
  const wanted = [["the board", document.querySelector("#board svg")],
    ["the prompt", document.querySelector("#prompt")],
    ...[...document.querySelectorAll("#actions :is(button.action, summary)")]
      .filter((e) => !(e.tagName === "SUMMARY" ? e.parentElement.parentElement : e).closest("details.action-group"))
      .map((e) => [e.textContent.trim(), e])];
  return wanted.filter(([, e]) => shown(e) && e.textContent !== "" && !inView(e)).map(([name]) => name);
}"""
"""What of the board, the prompt and the moves is out of the screen: each move, or for a long family of moves (folded
until the person opens it) its summary."""
DOCK = """() => { const board = document.querySelector("#board svg").getBoundingClientRect();
  const dock = document.querySelector("#dock").getBoundingClientRect();
  return {boardFirst: board.top < dock.top, inReach: dock.top >= 0 && dock.bottom <= innerHeight + 1,
          share: dock.height / innerHeight}; }"""
"""On a phone: whether the board comes before the dock of moves, and whether the dock is on screen, and how much of
it it takes."""
DOCK_SHARE = 0.5
"""The most of a phone's screen the dock of moves may take, so that the board stays in sight above it."""

PLAYABLE = "#actions button.action:enabled >> visible=true"
"""The moves a person can click now (a long family of moves is folded away until opened)."""
TOGGLES = "#actions button.toggle:enabled"
"""The things a family of set choices chooses (Hunt's dice): pressed, then a confirm button plays the choice."""

GAMES = [
    ("spacewolves", {"players": "3", "max_rounds": "4"}),
    ("wolves-on-the-hunt", {"players": "2"}),
    ("wolf", {"players": "2", "max_rounds": "1"}),
]
"""Each game short but whole: Spacewolves! to its fourth round (15 clicks; played until no spaceman was left it took
70, which showed nothing more), WOLF to the dawn after one round."""
SIZES_OF_PAGES = ("laptop", "phone")
"""The two people's devices: Ann plays on a laptop, Bo on a phone."""
SEED = 6
"""Every table's seed, fixed so that each game, and the test's time, is the same at every run (seeds 1 to 6 took 15
to 21 clicks of Spacewolves!, 24 to 42 of Hunt and 28 to 32 of WOLF; this one the fewest, each game still whole)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedServer]:
    with ThreadedServer(f"sqlite:///{tmp_path_factory.mktemp('pages')}/pages.db") as live:
        yield live


def _screenshot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    before = page.viewport_size
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"), full_page=True)
    page.set_viewport_size(before or SIZES["laptop"])


def _screenshots_as_seen(pages: list[Page], name: str) -> None:
    """Each page as its own device shows it (the first a laptop, the second a phone), the first screen only."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for page, size in zip(pages, SIZES_OF_PAGES, strict=True):
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"))


def _open_table(
    page: Page, server: ThreadedServer, game: str, options: dict[str, str], seed: int | None = None
) -> list[str]:
    """Fill in the lobby's form: the first two seats people, the rest bots; the two seat links. With `seed`, the
    table's seed is fixed as the lobby's request goes out (as a tournament's organiser may, through the API), so
    that the game, and the test's time, is the same at every run."""
    if seed is not None:
        page.route("**/api/tables", lambda route: route.continue_(post_data=_seeded(route.request.post_data, seed)))
    page.goto(server.base + "/")
    page.select_option("#game", game)
    page.locator("#advanced summary").click()  # the game's other options and the bots' pace are folded away
    for name, value in options.items():
        field = page.locator(f"#options [name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
        field.dispatch_event("change")
    rows = page.locator(".seat-row")
    expect(rows).to_have_count(int(options["players"]))
    for seat in range(rows.count()):
        rows.nth(seat).locator(".kind").select_option("human" if seat < 2 else "bot")
    rows.nth(0).locator(".name").fill("Ann")
    rows.nth(1).locator(".name").fill("Bo")
    page.fill("#bot-delay", "0")
    page.click("#create-button")
    expect(page.locator("#created")).to_be_visible(timeout=WAIT_MS)
    _screenshot(page, "lobby")
    return [page.locator(f"a.seat-link[data-seat='{seat}']").get_attribute("href") or "" for seat in (0, 1)]


def _seeded(body: str | None, seed: int) -> str:
    """The lobby's request to open a table, with its seed fixed."""
    return json.dumps({**json.loads(body or "{}"), "seed": seed})


def _version(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def _until_version(page: Page, least: int) -> None:
    """Wait until the page shows version `least` or later. (Playwright's wait_for_function evaluates a string, which
    the pages' Content-Security-Policy rightly forbids; `evaluate` runs outside the page's policy.)"""
    deadline = time.monotonic() + WAIT_MS / 1000
    while _version(page) < least:
        if time.monotonic() > deadline:
            raise AssertionError(f"the page never reached version {least}; it shows {_version(page)}")
        page.wait_for_timeout(10)  # lets the page's own events run between two looks


def _settled(pages: list[Page], server: ThreadedServer, table_id: str) -> int:
    """Wait until every page shows the table's current version (bots may still be moving: read it again after)."""
    while True:
        version = server.hall.get(table_id).version
        for page in pages:
            _until_version(page, version)
        if server.hall.get(table_id).version == version:
            return version


def _first_screen_misses(page: Page) -> list[str]:
    """What a person cannot see of their turn without scrolling: on a laptop, the board, the prompt or a move off
    the screen; on a phone, the board not first, or the dock of moves out of reach or taking over half the screen."""
    page.evaluate("window.scrollTo(0, 0)")
    if (page.viewport_size or {}).get("width", 0) >= 900:
        return [f"{what} is off the first screen" for what in page.evaluate(FIRST_SCREEN)]
    dock = page.evaluate(DOCK)
    found = [] if dock["boardFirst"] else ["the board comes after the moves"]
    found += [] if dock["inReach"] else ["the moves are off the screen"]
    return found + ([] if dock["share"] <= DOCK_SHARE else [f"the moves take {dock['share']:.0%} of the screen"])


def _play_to_the_end(
    pages: list[Page], server: ThreadedServer, table_id: str, seed: int, game: str
) -> tuple[dict[str, int], list[str]]:
    """Play by clicking the moves' buttons until the end; the counts of what was seen, and every board element
    offered to the phone's seat (the second) that a finger could miss, and whatever of a turn was out of sight."""
    rng = random.Random(seed)
    counts = {"clicks": 0, "seen_elsewhere": 0, "reloads": 0, "notation_tooltips": 0, "explained": 0, "toggled": 0}
    small: list[str] = []
    unseen: list[str] = []
    while True:
        version = _settled(pages, server, table_id)
        if all(page.evaluate("document.body.dataset.status") == "over" for page in pages):
            return counts, small + unseen
        ready = [
            i for i, page in enumerate(pages) if page.locator(f"#actions button.action:enabled, {TOGGLES}").count()
        ]
        if not ready:
            _until_version(pages[0], version + 1)
            continue
        mover = rng.choice(ready)
        if mover == 1:  # the phone: whatever its board offers to click is a finger's size and whole
            small += [f"move {counts['clicks']}: {found}" for found in small_picks(pages[mover])]
        unseen += [f"move {counts['clicks']}: {what}" for what in _first_screen_misses(pages[mover])]
        families = pages[mover].locator("#actions details.action-group").all()
        folds = [fold for fold in families if not fold.evaluate("e => e.open")]
        for fold in folds:
            if rng.random() < 0.3:
                fold.locator(":scope > summary").click()  # people open a folded family of moves now and then
        listed = pages[mover].locator("#moves-toggle[aria-expanded='false']")
        if listed.is_visible():  # a phone folds the list while the board offers moves: the person opens it
            listed.click()
        if folds and not pages[mover].locator(PLAYABLE).count():
            folds[0].locator(":scope > summary").click()
        buttons = pages[mover].locator(PLAYABLE)
        # What a player reads is words: no tooltip is an action's notation, the prompt cuts no list short with "…".
        counts["notation_tooltips"] += (
            pages[mover]
            .locator("#actions button")
            .evaluate_all("buttons => buttons.filter((b) => b.title && b.title === b.dataset.action).length")
        )
        explained = pages[mover].locator("#actions details.choice-help").count()
        if explained and not counts["explained"]:  # the first powers or objects offered: their words, pictured
            help_text = pages[mover].locator("#actions details.choice-help").first
            family = help_text.locator("xpath=ancestor::details[contains(@class, 'action-group')]")
            if family.count() and not family.evaluate("e => e.open"):
                family.locator("summary").first.click()  # a long family of moves is folded: open it first
            help_text.locator("summary").click()
            before = pages[mover].viewport_size
            pages[mover].set_viewport_size(SIZES["phone"])
            assert small_targets(pages[mover]) == []  # "What these do" is a finger's size too
            _screenshot(pages[mover], f"{game}-explained")
            pages[mover].set_viewport_size(before or SIZES["laptop"])
        counts["explained"] += explained
        prompt = pages[mover].locator("#prompt").inner_text()
        assert "…" not in prompt and ";" not in prompt, prompt
        lit = pages[mover].locator("#board .pick-lit").count()
        assert ("on the board" in prompt) == (lit > 0), f"the prompt says {prompt!r} with {lit} things lit on the board"
        toggles = pages[mover].locator(TOGGLES)
        if toggles.count() and (not buttons.count() or rng.random() < 0.5):
            toggles.nth(rng.randrange(toggles.count())).click()  # a thing pressed, then what to do with it
            counts["toggled"] += 1
            confirms = pages[mover].locator("#actions .toggles button.confirm:enabled")
            buttons = confirms if confirms.count() else buttons
        buttons.nth(rng.randrange(buttons.count())).click()
        counts["clicks"] += 1
        other = pages[1 - mover]
        _until_version(other, version + 1)
        counts["seen_elsewhere"] += 1
        if counts["clicks"] in (3, 20):
            pages[mover].reload()
            _until_version(pages[mover], 0)
            counts["reloads"] += 1


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_two_people_play_a_whole_game_by_clicking(
    server: ThreadedServer, browser: Browser, game: str, options: dict[str, str]
) -> None:
    """Lobby to result in real Chromium: moves by clicking, seen on the other seat, a reload resumes, the end shows."""
    lobby = browser.new_context().new_page()
    complaints = console_errors(lobby)
    links = _open_table(lobby, server, game, options, seed=SEED)
    table_id = links[0].split("/play/")[1].split("#")[0]
    contexts = [browser.new_context(viewport=SIZES[size]) for size in SIZES_OF_PAGES]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        complaints += console_errors(page)
    for page, link in zip(pages, links, strict=True):
        page.goto(link)
        expect(page.locator("#board svg")).to_be_visible(timeout=WAIT_MS)
    expect(pages[0].locator("#who")).to_contain_text("Ann")
    expect(pages[1].locator("#who")).to_contain_text("Bo")
    _screenshots_as_seen(pages, f"{game}-start")
    for size in ("phone", "laptop"):  # the lobby's own check is test_lobby's; the table's board is this game's
        found = wcag_violations(pages[0], size)
        assert found == [], f"the table of {game} at {size} size breaks WCAG 2.1 AA: {found}"

    counts, small = _play_to_the_end(pages, server, table_id, seed=len(game), game=game)

    assert counts["clicks"] >= 3 and counts["reloads"] >= 1
    assert counts["seen_elsewhere"] == counts["clicks"]
    assert counts["notation_tooltips"] == 0
    assert small == [], f"{game}: a finger could miss these, or they are cut off or out of sight: {small}"
    assert game != "wolves-on-the-hunt" or counts["explained"] > 0  # Hunt's main actions say what they do
    assert game != "wolves-on-the-hunt" or counts["toggled"] > 0  # Hunt's dice: pressed, then taken or turned
    for page in pages:
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#returns li")).to_have_count(int(options["players"]))
        expect(page.locator("#log li").first).to_be_visible()
    table = server.hall.get(table_id)
    assert table.over
    for seat, page in enumerate(pages):  # the log, built from the updates' new lines, is the seat's whole log
        assert page.locator("#log li").all_inner_texts() == table.state.log(seat)
        # Each line is in words, its notation kept aside (never a tooltip) where the game logs a line per action.
        titles = page.locator("#log li").evaluate_all("items => items.map((item) => item.title)")
        kept = page.locator("#log li").evaluate_all("items => items.map((item) => item.dataset.notation || '')")
        notation = table.state.log_notation(seat)
        assert titles == [""] * len(titles)
        assert kept == (notation if notation is not None else [""] * len(kept))
        assert game == "wolf" or table.state.log(seat) != notation
    assert complaints == [], "the pages must run under their Content-Security-Policy without errors"
    _screenshots_as_seen(pages, f"{game}-end")
    for context in contexts:
        context.close()


def test_a_watcher_sees_the_public_board_and_no_buttons(server: ThreadedServer, browser: Browser) -> None:
    """The spectator link shows the board and the log but offers nothing to click."""
    lobby = browser.new_context().new_page()
    links = _open_table(lobby, server, "wolf", {"players": "2", "max_rounds": "1"})
    watcher = browser.new_context().new_page()
    watcher.goto(links[0].split("#")[0])
    expect(watcher.locator("#board svg")).to_be_visible(timeout=WAIT_MS)
    expect(watcher.locator("#who")).to_have_text("You are watching.")
    assert watcher.locator("#actions button.action").count() == 0
    _screenshot(watcher, "wolf-watcher")


def test_a_table_with_a_fixed_seed_says_so_on_its_page(server: ThreadedServer, browser: Browser) -> None:
    """Every seat's page warns when the table's seed was fixed (a server started with --allow-fixed-seeds)."""
    fixed = create_table(server.base, "wolf", {"players": 2, "max_rounds": 1}, humans=2, seed=4)
    drawn = create_table(server.base, "wolf", {"players": 2, "max_rounds": 1}, humans=2)
    page = browser.new_context().new_page()
    complaints = console_errors(page)
    for table, shown in [(fixed, True), (drawn, False)]:
        page.goto(server.base + table["seats"][1]["link"])
        expect(page.locator("#board svg")).to_be_visible(timeout=WAIT_MS)
        if shown:
            expect(page.locator("#seed-fixed")).to_be_visible()
            expect(page.locator("#seed-fixed")).to_contain_text("seed was fixed")
        else:
            expect(page.locator("#seed-fixed")).to_be_hidden()
    assert complaints == []


def test_a_page_that_finds_a_gap_in_its_updates_asks_for_a_snapshot(server: ThreadedServer, browser: Browser) -> None:
    """An update that does not follow the version shown is not drawn: the page sends sync and redraws the whole."""
    table = create_table(server.base, "spacewolves", {"players": 3}, humans=3, seed=6)
    page = browser.new_context().new_page()
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator("#board svg")).to_be_visible(timeout=WAIT_MS)
    shown = _version(page)
    lines = page.locator("#log li").count()
    page.evaluate(
        "v => receive({type: 'state', snapshot: false, since: v - 1, version: v + 5, log_from: 0, log: ['bogus']})",
        shown,
    )
    deadline = time.monotonic() + WAIT_MS / 1000
    while not any('"sync"' in frame for frame in sent):
        assert time.monotonic() < deadline, f"the page never asked for a snapshot; it sent {sent}"
        page.wait_for_timeout(10)
    while page.evaluate("syncing"):  # until the snapshot the page asked for has come and been drawn
        assert time.monotonic() < deadline, "the snapshot never came"
        page.wait_for_timeout(10)
    assert _version(page) == shown == server.hall.get(table["id"]).version
    assert page.locator("#log li").count() == lines and "bogus" not in page.locator("#log").inner_text()


def test_the_lobby_pages_its_list_of_tables(tmp_path: Path, browser: Browser) -> None:
    """More open tables than a page holds: the lobby shows the newest first and the rest a click away."""
    with ThreadedServer(f"sqlite:///{tmp_path}/lobby.db") as server:
        ids = [create_table(server.base, "wolf", {"players": 2}, humans=2)["id"] for _ in range(23)]
        page = browser.new_context().new_page()
        complaints = console_errors(page)
        page.goto(server.base + "/")
        rows = page.locator("#tables li[data-table]")
        expect(rows).to_have_count(20, timeout=WAIT_MS)
        assert [rows.nth(i).get_attribute("data-table") for i in range(20)] == ids[::-1][:20]
        expect(page.locator("#table-count")).to_have_text("1–20 of 23")
        expect(page.locator("#newer")).to_be_hidden()
        page.click("#older")
        expect(rows).to_have_count(3, timeout=WAIT_MS)
        assert [rows.nth(i).get_attribute("data-table") for i in range(3)] == ids[::-1][20:]
        expect(page.locator("#older")).to_be_hidden()
        page.click("#newer")
        expect(rows).to_have_count(20, timeout=WAIT_MS)
        assert complaints == []
