"""The organiser's pages in real headless Chromium (issue 15, item 1): a new event made on the server's machine
(settings, a roster CSV), then its organiser's page: the settings changed, a seat assigned and another moved (its
old device closed at once), an operator added and their desk link working, the sheets opened. No page logs an
error (a Content-Security-Policy violation would). Screenshots at 390x844, 1366x768 and 1920x1080 go to
test-artifacts/screenshots/event-organiser-*.png and event-new-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from wolfpack.server.qr import qr_data_uri

from ..server.live import WAIT, ThreadedServer
from .accessibility import SIZES, small_targets, wcag_violations
from .console import console_errors
from .players import confirm
from .test_pages import SCREENSHOTS

WAIT_MS = int(WAIT * 1000)
ROSTER = "name,team,role\nAnn Smith,Dione,Captain\nBob Jones,Dione,First Officer\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedServer]:
    with ThreadedServer(f"sqlite:///{tmp_path_factory.mktemp('organiser-pages')}/event.db") as live:
        yield live


def _screenshots(page: Page, name: str) -> None:
    """The page at each size, once axe-core finds nothing against WCAG 2.1 AA in it on a phone and a laptop."""
    for size in ("phone", "laptop"):
        found = wcag_violations(page, size)
        assert found == [], f"{name} at {size} size breaks WCAG 2.1 AA: {found}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        if size == "phone":
            small = small_targets(page)
            assert small == [], f"{name} on a phone has controls under 44x44 px: {small}"
        # The whole page once (a laptop's); the other sizes as their screen shows it, which is what a person sees.
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"), full_page=size == "laptop")
    page.set_viewport_size({"width": 1366, "height": 768})


def _the_new_link_is_under_its_row_with_its_qr_code(page: Page, starts: str) -> None:
    """Issue 30, section 2: a moved seat's new link appeared as text 1,500 px below the row, with no QR code."""
    shown = page.locator('#roster tbody tr[data-label="dione/captain"] + tr.moved-link')
    expect(shown).to_be_visible(timeout=WAIT_MS)
    expect(shown).to_be_in_viewport()
    link = shown.locator(".shared-link a").inner_text()
    assert link.startswith(starts), link
    assert shown.locator("img.qr").get_attribute("src") == qr_data_uri(link), "the server's QR code of that link"
    expect(shown).to_contain_text("Ann Smith, Captain of the Dione: the seat's new link")  # the person, not a label
    for name, width in (("organiser-moved-seat", 1366), ("organiser-moved-seat-phone", 390)):  # docs/event.md's
        page.set_viewport_size({"width": width, "height": 768})
        shown.scroll_into_view_if_needed()
        box = shown.bounding_box()
        assert box is not None
        top = max(0.0, box["y"] - 100)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), clip={"x": 0, "y": top, "width": width, "height": 500})
    page.set_viewport_size({"width": 1366, "height": 768})


def test_an_organiser_makes_an_event_and_runs_its_roster(
    server: ThreadedServer, browser: Browser, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    complaints = console_errors(page)
    page.goto(f"http://localhost:{server.port}/events/new")  # the organiser's browser; the base URL is another
    page.select_option("#edition", "infinite-domain")
    page.fill("#turns", "10")
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER)
    page.set_input_files("#roster-file", str(roster))
    page.fill("#base-url", server.base)
    _screenshots(page, "event-new")
    page.click("#new-form button[type=submit]")
    page.wait_for_url(re.compile(r"/event/[0-9a-f]{8}/organiser"), timeout=WAIT_MS)
    assert "#token=" not in page.url, "the token leaves the address bar"
    event_id = page.url.split("/event/")[1].split("/")[0]
    expect(page.locator("#title")).to_contain_text(f"Event {event_id}", timeout=WAIT_MS)
    expect(page.locator("#settings-facts")).to_contain_text("Infinite Domain")
    expect(page.locator("#roster")).to_contain_text("Ann Smith", timeout=WAIT_MS)

    page.fill("#set-team", "10")
    page.click("#settings-form button[type=submit]")
    expect(page.locator("#settings-result")).to_have_text("Saved.", timeout=WAIT_MS)
    expect(page.locator("#settings-facts")).to_contain_text("Team 10 min")
    page.fill("#set-team", "900")
    page.click("#settings-form button[type=submit]")
    expect(page.locator("#settings-result")).to_contain_text("team_minutes", timeout=WAIT_MS)

    row = page.locator("#roster tbody tr", has_text="icebreaker/captain")
    row.locator("input").fill("Cleo Hart")
    row.get_by_role("button", name="Assign").click()
    assigned = page.locator("#roster tbody tr", has_text="icebreaker/captain")
    expect(assigned).to_contain_text("Cleo Hart", timeout=WAIT_MS)

    live = server.app.state.events.live[event_id]
    ann = live.event.seat("dione/captain").index
    # A name half typed survives the roster frame a phone's arrival sends: rows redraw only when they change.
    typing = page.locator('#roster tbody tr[data-label="icebreaker/first-officer"] input')
    typing.fill("Dee")
    devices = page.locator('#roster tbody tr[data-label="dione/captain"] td').nth(2)
    expect(devices).to_have_text("0")
    phone = context.browser.new_context(viewport={"width": 390, "height": 844}).new_page()  # type: ignore[union-attr]
    phone.goto(f"{server.base}/event/{event_id}/join#token={live.event.tokens.tokens[ann]}")
    expect(phone.locator("#title")).not_to_have_text("Connecting…", timeout=WAIT_MS)
    expect(devices).to_have_text("1", timeout=WAIT_MS)
    expect(typing).to_have_value("Dee")
    # Moving a seat asks first: cancelled, the seat keeps its link; confirmed, its old device stops.
    token = live.event.tokens.tokens[ann]
    move = page.locator("#roster tbody tr", has_text="dione/captain").get_by_role("button", name="Move")
    move.click()
    asked = "Ann Smith, Captain of the Dione: move this seat to a new device?"  # the person, not the seat's label
    confirm(page, asked, yes=False)
    assert live.event.tokens.tokens[ann] == token
    expect(phone.locator("#connection")).to_have_text("connected")
    move.click()
    confirm(page, asked)
    expect(phone.locator("#banner")).to_contain_text("moved", timeout=WAIT_MS)
    _the_new_link_is_under_its_row_with_its_qr_code(page, f"{server.base}/event/{event_id}/join#token=")

    page.fill("#operator-name", "Dana")
    page.locator("#operator-focus input[value=dione]").check()
    page.click("#operator-form button[type=submit]")
    expect(page.locator("#operator-result")).to_contain_text("Dana's desk link", timeout=WAIT_MS)
    expect(page.locator("#operators")).to_contain_text("watches Dione", timeout=WAIT_MS)
    # The form starts empty for the next operator: no name, and no ship of Dana's ticked.
    expect(page.locator("#operator-name")).to_have_value("")
    expect(page.locator("#operator-focus input:checked")).to_have_count(0)
    link = page.locator("#operator-result .shared-link a").inner_text()
    assert link.startswith(f"{server.base}/event/{event_id}/control#token="), "from the base URL, not this browser"
    assert page.get_attribute("#operator-result img.qr", "src") == qr_data_uri(link)
    desk = context.browser.new_context().new_page()  # type: ignore[union-attr]
    desk.goto(link)
    expect(desk.locator("body")).to_contain_text("Dana", timeout=WAIT_MS)
    projector = f"{server.base}/event/{event_id}/projector"
    expect(desk.locator("#desk-links")).to_contain_text(projector, timeout=WAIT_MS)
    expect(desk.locator("#desk-links")).not_to_contain_text("organiser")  # an operator's desk: not the organiser's
    # Dana's ships change from the page.
    dana = page.locator("#operators > li", has_text="Dana")
    dana.get_by_role("button", name="Change ships").click()
    dana.get_by_label("Dione").uncheck()
    dana.get_by_label("Icebreaker").check()
    dana.get_by_role("button", name="Save ships").click()
    expect(page.locator("#operators")).to_contain_text("watches Icebreaker", timeout=WAIT_MS)
    assert live.event.operators.find("Dana").focus == frozenset({"icebreaker"})
    # Removing an operator asks first: cancelled, Dana keeps her desk.
    dana.get_by_role("button", name="Remove").click()
    confirm(page, "Dana", yes=False)
    assert [o.name for o in live.event.operators.members] == ["Dana"]
    dana.get_by_role("button", name="Remove").click()
    confirm(page, "Dana")
    expect(page.locator("#operators")).not_to_contain_text("Dana", timeout=WAIT_MS)

    control_link = page.get_attribute("#desk-link", "href")
    assert control_link is not None
    token = control_link.split("#token=")[1]
    joined = context.browser.new_context().new_page()  # type: ignore[union-attr]
    joined.goto(server.base + control_link.replace("/control#", "/join#"))  # the link `event new` prints
    joined.wait_for_url(re.compile(r"/event/[0-9a-f]{8}/control"), timeout=WAIT_MS)
    expect(joined.locator("body")).to_contain_text("Notices", timeout=WAIT_MS)
    expect(joined.locator("#desk-links")).to_contain_text(projector, timeout=WAIT_MS)
    organiser_page = joined.locator("#desk-links a", has_text="organiser")
    expect(organiser_page).to_have_attribute("href", f"{server.base}/event/{event_id}/organiser#token={token}")

    with context.expect_page() as opened:
        page.click("#sheets")
    sheets = opened.value
    sheets.wait_for_load_state()
    expect(sheets.locator("body")).to_contain_text("Sheets", timeout=WAIT_MS)
    _screenshots(page, "event-organiser")
    refused = [c for c in complaints if "status of 400" in c]
    assert len(refused) == 1, "the one refusal asked for: the 900-minute Team Phase"
    assert [c for c in complaints if c not in refused] == [], complaints
    context.close()
