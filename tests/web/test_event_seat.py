"""The players' screens of a Den of Wolves event in real headless Chromium (issue 16, item 1): the Dione's captain
and first officer on phones, its chief engineer on the table's tablet, Control driving the event over its socket.
Each screen offers exactly the seat's legal actions; a station's use, a repair, a card and a jump show what they
do before they are confirmed; a crew counter moves in two taps; rations show their cost and the morale outlook;
the jump sheet checks its five digits; the first officer commands while the captain is in the brig; walking is
one tap. Touch targets, WCAG 2.1 AA, screenshots of every screen (test-artifacts/screenshots/seat-*.png).

One scenario test whose steps go on, in order, from where the last left the event.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from wolfpack.event.model import Event

from ..event.devices import EVENT_ID, Device, stored_event
from ..server.live import WAIT, ThreadedServer
from .accessibility import SIZES, small_targets, wcag_violations
from .conftest import CHROMIUM, CHROMIUM_ARGS
from .test_pages import SCREENSHOTS

WAIT_MS = int(WAIT * 1000)
"""A safety net for things that should happen at once, not a timing assertion."""
PHONES = ("dione/captain", "dione/first-officer")
TABLET = "dione/chief-engineer"
TABLET_SIZE = (1280, 800)
TABS = ("ship", "supplies", "jump", "cards", "fleet", "people", "council", "messages", "log", "more")

OFFERED = """() => {
  const offered = [...document.querySelectorAll("main [data-action]:not(:disabled)")].map((e) => e.dataset.action);
  for (const row of document.querySelectorAll("main [data-actions]")) offered.push(...JSON.parse(row.dataset.actions));
  return offered;
}"""
"""Every action a screen offers: its buttons' and its choice rows' (a select and its button)."""


@dataclass
class Table:
    """The Dione's people, each on a device of their own, and Control's socket."""

    server: ThreadedServer
    event: Event
    browser: Browser
    control: Device
    pages: dict[str, Page] = field(default_factory=dict)
    complaints: dict[str, list[str]] = field(default_factory=dict)

    def open(self, label: str, width: int, height: int) -> Page:
        context = self.browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 700)
        page = context.new_page()
        found = self.complaints.setdefault(label, [])
        page.on("console", lambda message: found.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: found.append(str(error)))
        token = self.event.tokens.tokens[self.event.seat(label).index]
        page.goto(f"{self.server.base}/event/{EVENT_ID}/join#token={token}")
        self.pages[label] = page
        return page

    def seat(self, label: str) -> int:
        return self.event.seat(label).index

    def control_acts(self, action: str) -> None:
        """Control acts (at the version it has seen: it is sent every change) and the event moves on."""
        self.control.settle()
        answer = self.control.act(0, action)
        assert answer["type"] == "ack", answer

    def legal(self, label: str) -> list[str]:
        """The seat's legal actions as the live event on the server lists them (asked on the server's own loop)."""

        async def ask() -> list[str]:
            return list(self.server.app.state.events.live[EVENT_ID].legal(self.seat(label)))

        self.control.settle()
        return list(self.server.call(ask()))


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    database = f"sqlite:///{tmp_path_factory.mktemp('event-seat')}/event.db"
    event = stored_event(database)
    with ThreadedServer(database) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        control = Device(server.base, event.tokens.tokens[0])
        table = Table(server, event, browser, control)
        for label in PHONES:
            table.open(label, *SIZES["phone"])
        table.open(TABLET, *TABLET_SIZE)
        yield table
        control.close()
        browser.close()


def _show(page: Page, tab: str) -> None:
    """Show one screen: its tab on a phone (a tablet in landscape shows every screen side by side)."""
    button = page.locator(f".tab[data-panel='{tab}-panel']")
    if button.is_visible():
        button.click()
    expect(page.locator(f"#{tab}-panel")).to_be_visible()


def _settled(table: Table, page: Page) -> None:
    """Wait until the page shows the last view the server sent its seat and the legal actions asked after it (its
    own redraw after them). A seat is sent a view only when its own view changed, so that version is asked of the
    server's own record of what it sent the seat's devices."""
    table.control.settle()
    label = page.locator("#title").inner_text()
    seat = table.seat(label)

    async def last_sent() -> int:
        live = table.server.app.state.events.live[EVENT_ID]
        sent = [d.sent[0] for d in live.listeners if getattr(d, "viewer", None) and d.viewer.seat == seat and d.sent]
        return max(sent, default=-1)

    version = int(table.server.call(last_sent()))
    deadline = time.monotonic() + WAIT
    while (
        int(page.evaluate("Number(document.body.dataset.version)")) < version
        or int(page.evaluate("Number(document.body.dataset.legal ?? -1)")) < version
        or page.evaluate("document.body.dataset.busy === 'true'")
    ):
        if time.monotonic() > deadline:
            raise AssertionError(f"{label}'s page never showed the view of version {version} and its legal actions")
        page.wait_for_timeout(10)


def _confirm(page: Page, says: str, yes: bool = True) -> None:
    dialog = page.locator("#confirm")
    expect(dialog).to_be_visible(timeout=WAIT_MS)
    expect(dialog).to_contain_text(says)
    dialog.locator("#confirm-yes" if yes else "#confirm-no").click()
    expect(dialog).to_be_hidden()


def _done(page: Page, action: str) -> None:
    expect(page.locator("#result")).to_have_text(f"done: {action}", timeout=WAIT_MS)


def test_a_ships_people_play_a_turn_on_their_screens(table: Table) -> None:
    """The whole scenario, its steps in order on one event."""
    _every_screen_offers_exactly_its_seats_legal_actions(table)
    _a_station_is_used_once_its_effect_is_confirmed(table)
    _a_crew_counter_moves_in_two_taps(table)
    _rations_show_their_cost_and_the_morale_outlook(table)
    _the_jump_sheet_checks_its_digits_and_declares_the_jump(table)
    _a_card_is_played_from_its_holders_phone_only(table)
    _the_first_officer_commands_while_the_captain_is_in_the_brig(table)
    _walking_to_another_table_is_one_tap(table)
    _an_update_keeps_what_is_being_typed(table)
    _targets_are_large_enough_and_every_screen_passes_wcag(table)
    _screenshots_and_no_page_logged_an_error(table)


def _offered_is_legal(table: Table, label: str) -> None:
    page = table.pages[label]
    _settled(table, page)
    offered = page.evaluate(OFFERED)
    legal = set(table.legal(label))
    extra, missing = sorted(set(offered) - legal), sorted(legal - set(offered))
    assert (extra, missing) == ([], []), f"{label}'s screens offer {extra} beyond its legal actions and lack {missing}"


def _every_screen_offers_exactly_its_seats_legal_actions(table: Table) -> None:
    for label in (*PHONES, TABLET):
        expect(table.pages[label].locator("#title")).to_have_text(label, timeout=WAIT_MS)
        _offered_is_legal(table, label)
    captain = table.pages["dione/captain"]
    # The stations are named and explained from the pack's guide.
    expect(captain.locator(".station[data-station='fore-farms'] h4")).to_have_text("Fore Hydroponics")
    expect(captain.locator(".station[data-station='fore-farms'] .does")).to_contain_text("gain 2 food")
    expect(captain.locator("#command")).to_have_text("You command the ship")
    expect(table.pages["dione/first-officer"].locator("#command")).to_have_text("dione/captain commands the ship")
    # The morale track marks the ship's level and the odds of a riot there.
    level = table.control.view["observation"]["panels"]["dione"]["morale"]  # type: ignore[index]
    here = captain.locator(".morale-track li.here")
    expect(here.locator(".level")).to_have_text(str(level))
    expect(here.locator(".odds")).to_contain_text("/6")
    # The ship's units: the fighter squadron out in its quadrant, the security troops aboard.
    expect(captain.locator("[data-unit='dione:u1']")).to_contain_text("u1 fighter · out in quadrant 1")
    expect(captain.locator("[data-unit='dione:u2']")).to_contain_text("u2 security · aboard")


def _a_station_is_used_once_its_effect_is_confirmed(table: Table) -> None:
    captain = table.pages["dione/captain"]
    _show(captain, "ship")
    table.control.settle()
    before = table.control.version
    use = captain.locator("[data-action='use jump-drive']")
    use.click()
    _confirm(captain, "lets the ship jump that turn", yes=False)
    table.control.settle()
    assert table.control.version == before, "a cancelled use sends nothing"
    use.click()
    _confirm(captain, "A use takes 1 crew, pilot")
    _done(captain, "use jump-drive")
    expect(captain.locator(".station[data-station='jump-drive'] .crew-row")).to_contain_text("used")


def _a_crew_counter_moves_in_two_taps(table: Table) -> None:
    engineer = table.pages[TABLET]
    _settled(table, engineer)
    moves = [a for a in table.legal(TABLET) if a.startswith("crew dione:c3 ")]
    assert moves, "c3 may move somewhere at the turn's start"
    engineer.locator("[data-crew='dione:c3']").click()
    expect(engineer.locator("[data-crew='dione:c3']")).to_have_attribute("aria-pressed", "true")
    expect(engineer.locator(".station.target")).to_have_count(len(moves))
    target = moves[0].split()[2]
    engineer.locator(f".station[data-station='{target}'] .station-actions button", has_text="here").click()
    _done(engineer, moves[0])
    expect(engineer.locator(f".station[data-station='{target}'] .crew-row")).to_contain_text("c3")
    expect(engineer.locator(".station.target")).to_have_count(0)


def _rations_show_their_cost_and_the_morale_outlook(table: Table) -> None:
    table.control_acts("control advance")  # into the Action Phase
    captain = table.pages["dione/captain"]
    _settled(table, captain)
    _show(captain, "supplies")
    low = captain.locator("button.level[data-action='rations food low']")
    expect(low).to_contain_text("morale roll -1")
    expect(captain.locator(".outlook")).to_contain_text("Rations add +0")
    low.click()
    _done(captain, "rations food low")
    expect(low).to_have_attribute("aria-pressed", "true")
    expect(captain.locator(".outlook")).to_contain_text("Rations add -1 to the morale roll (food low, water normal)")


def _the_jump_sheet_checks_its_digits_and_declares_the_jump(table: Table) -> None:
    captain = table.pages["dione/captain"]
    _show(captain, "jump")
    table.control.settle()
    before = table.control.version
    captain.fill("#coords-input", "12a")
    captain.locator(".coords-form button[type=submit]").click()
    expect(captain.locator("#coords-hint")).to_have_text("coordinates are five digits")
    captain.fill("#coords-input", "99999")
    captain.locator(".coords-form button[type=submit]").click()
    expect(captain.locator("#result")).to_have_attribute("data-kind", "error", timeout=WAIT_MS)
    expect(captain.locator("#result")).to_contain_text("has not learnt the coordinates 99999")
    table.control.settle()
    assert table.control.version == before, "refused coordinates change nothing"
    table.control_acts('control draw-destination dione "the scanners found a system"')
    _settled(table, captain)
    row = captain.locator("table.known tbody tr").first
    code = row.locator("th").inner_text()
    row.get_by_role("button", name="Write").click()
    _done(captain, f"coords {code}")
    captain.locator("[data-action='jump']").click()
    _confirm(captain, f"To {code}")
    _done(captain, "jump")
    _show(captain, "fleet")
    expect(captain.locator(".map-ship[data-ship='dione']")).to_contain_text("jump declared")


def _a_card_is_played_from_its_holders_phone_only(table: Table) -> None:
    captain, officer = table.pages["dione/captain"], table.pages["dione/first-officer"]
    _show(captain, "cards")
    hand = table.control.view["observation"]["hands"]["dione/captain"]  # type: ignore[index]
    expect(captain.locator("#hand li.card")).to_have_count(len(hand))
    _show(officer, "cards")
    expect(captain.locator("#hand")).to_contain_text("Council Hospitality")
    expect(officer.locator("#hand")).to_have_text("No action card in your hand.")
    captain.locator("[data-action='play council-hospitality']").click()  # a one-use card: it leaves the hand
    _confirm(captain, "What it does:")
    _done(captain, "play council-hospitality")
    expect(captain.locator("#hand li.card")).to_have_count(len(hand) - 1)


def _the_first_officer_commands_while_the_captain_is_in_the_brig(table: Table) -> None:
    captain, officer = table.pages["dione/captain"], table.pages["dione/first-officer"]
    table.control_acts('control brig dione/captain "mutiny on the promenade"')
    _settled(table, officer)
    expect(officer.locator("#command")).to_have_text("You command the ship")
    _show(officer, "fleet")
    expect(officer.locator(".fleet-controls")).to_contain_text("Move the ship")
    _settled(table, captain)
    expect(captain.locator("#command")).to_have_text("dione/first-officer commands the ship")
    expect(captain.locator(".fleet-controls")).to_have_count(0)
    _show(captain, "people")
    expect(captain.locator(".where-now")).to_contain_text("brig")
    for label in PHONES:
        _offered_is_legal(table, label)


def _walking_to_another_table_is_one_tap(table: Table) -> None:
    officer = table.pages["dione/first-officer"]
    _show(officer, "people")
    officer.get_by_role("button", name="I am at the ICSS Aegis's table").click()
    _done(officer, "goto aegis")
    expect(officer.locator(".where-now")).to_contain_text("the ICSS Aegis's table")


def _an_update_keeps_what_is_being_typed(table: Table) -> None:
    """A view that changes while someone types coordinates or picks from a list is redrawn around them."""
    engineer = table.pages[TABLET]
    engineer.fill("#coords-input", "351")
    ship = engineer.locator("select[aria-label='Shuttle s1: where to fly']")
    ship.select_option(label="Vulcan")
    table.control_acts('control set pursuit 5 "the Wolves close in"')
    expect(engineer.locator("#pursuit")).to_contain_text("Pursuit 5", timeout=WAIT_MS)
    expect(engineer.locator("#coords-input")).to_have_value("351")
    expect(engineer.locator("#coords-input")).to_be_focused()
    expect(ship.locator("option:checked")).to_have_text("Vulcan")


def _targets_are_large_enough_and_every_screen_passes_wcag(table: Table) -> None:
    officer = table.pages["dione/first-officer"]
    for tab in TABS:
        _show(officer, tab)
        small = small_targets(officer)
        assert small == [], f"the {tab} screen has controls under 44x44 px: {small}"
        found = wcag_violations(officer, "phone")
        assert found == [], f"the first officer's {tab} screen breaks WCAG 2.1 AA: {found}"
    engineer = table.pages[TABLET]
    found = wcag_violations(engineer, "laptop")
    assert found == [], f"the table's tablet breaks WCAG 2.1 AA: {found}"
    engineer.locator(".station [data-action^='use ']").first.click()
    expect(engineer.locator("#confirm")).to_be_visible()
    found = wcag_violations(engineer, "laptop")
    engineer.locator("#confirm-no").click()
    assert found == [], f"the confirmation breaks WCAG 2.1 AA: {found}"


def _screenshots_and_no_page_logged_an_error(table: Table) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    captain = table.pages["dione/captain"]
    for tab in TABS:
        _show(captain, tab)
        captain.evaluate("window.scrollTo(0, 0)")
        captain.screenshot(path=str(SCREENSHOTS / f"seat-phone-{tab}.png"), full_page=True)
    table.pages[TABLET].screenshot(path=str(SCREENSHOTS / "seat-tablet.png"), full_page=True)
    for label, found in table.complaints.items():
        assert found == [], f"{label}'s page reported errors: {found}"
