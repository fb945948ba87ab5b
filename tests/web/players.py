"""The players' screens as the browser tests drive them: an event served on loopback with Chromium, its seats'
pages (each a device of its own), Control's socket, and the waits and checks every scenario uses."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from wolfpack.event.model import Event
from wolfpack.event.store import EventStore

from ..event.devices import EVENT_ID, Device
from ..server.live import WAIT, ThreadedServer
from .accessibility import SIZES
from .console import console_errors
from .test_pages import SCREENSHOTS

WAIT_MS = int(WAIT * 1000)
"""A safety net for things that should happen at once, not a timing assertion."""

OFFERED = """(root) => {
  const scope = document.querySelector(root || "main");
  const offered = [...scope.querySelectorAll("[data-action]:not(:disabled)")].map((e) => e.dataset.action);
  for (const row of scope.querySelectorAll("[data-actions]")) offered.push(...JSON.parse(row.dataset.actions));
  return offered;
}"""
"""Every action the screens (in `root`) offer: their buttons' and their choice rows' (a select and its button)."""


@dataclass
class Table:
    """An event's people, each on a device of their own, and Control's socket."""

    server: ThreadedServer
    event: Event
    browser: Browser
    control: Device
    pages: dict[str, Page] = field(default_factory=dict)
    complaints: dict[str, list[str]] = field(default_factory=dict)

    def open(self, label: str, width: int, height: int) -> Page:
        """The seat's page on a new device of this size (a touch screen if it is a phone's)."""
        context = self.browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 700)
        page = context.new_page()
        self.watch(label, page)
        token = self.event.tokens.tokens[self.event.seat(label).index]
        page.goto(f"{self.server.base}/event/{EVENT_ID}/join#token={token}")
        self.pages[label] = page
        return page

    def open_page(self, name: str, path: str, width: int, height: int) -> Page:
        """Another page of the event (a desk, the projector) on a new device."""
        page = self.browser.new_context(viewport={"width": width, "height": height}).new_page()
        self.watch(name, page)
        page.goto(self.server.base + path)
        self.pages[name] = page
        return page

    def watch(self, name: str, page: Page) -> None:
        """Keep what the page's console reports as an error."""
        console_errors(page, self.complaints.setdefault(name, []))

    def seat(self, label: str) -> int:
        return self.event.seat(label).index

    def version(self) -> int:
        """The event's version once Control's socket has every change so far."""
        self.control.settle()
        return self.control.version

    def control_acts(self, action: str) -> None:
        """Control acts (at the version it has seen: it is sent every change) and the event moves on; an advance
        the server asks about first (time left, or a ship that has not done what the step needed) is confirmed."""
        self.control.settle()
        answer = self.control.act(0, action)
        if answer["type"] == "error" and answer["code"] == "confirm":
            answer = self.control.act(0, action, confirm=True)
        assert answer["type"] == "ack", answer

    def legal(self, label: str) -> list[str]:
        """The seat's legal actions as the live event on the server lists them (asked on the server's own loop)."""

        async def ask() -> list[str]:
            return list(self.server.app.state.events.live[EVENT_ID].legal(self.seat(label)))

        self.control.settle()
        return list(self.server.call(ask()))

    def no_page_complained(self) -> None:
        for name, found in self.complaints.items():
            assert found == [], f"{name}'s page reported errors: {found}"


@contextlib.contextmanager
def served(
    factory: pytest.TempPathFactory, name: str, event: Event, browser: Browser, phones: Iterable[str] = ()
) -> Iterator[Table]:
    """The event stored in a new database, served, with Control's socket and the worker's Chromium; a phone for each
    label. The pages' contexts are closed before the server stops."""
    database = f"sqlite:///{factory.mktemp(name)}/event.db"
    store = EventStore.open(database)
    store.create(event)
    store.close()
    with ThreadedServer(database) as server:
        table = Table(server, event, browser, Device(server.base, event.tokens.tokens[0]))
        for label in phones:
            table.open(label, *SIZES["phone"])
        yield table
        table.control.close()
        for page in table.pages.values():
            page.context.close()


def with_people(event: Event, labels: Iterable[str]) -> Event:
    """The event with a person in each of these seats."""
    wanted = set(labels)
    for seat in event.seats:
        if seat.label in wanted:
            event = event.assign(str(seat.index), f"Player {seat.index}")
    return event


PANE_OF = "id => (document.getElementById(id).closest('.pane') || document.getElementById(id)).id"
"""The id of the pane a panel sits in (a desk's tab shows a pane of several panels), or the panel's own."""


def show_panel(page: Page, panel: str) -> None:
    """Show a page's panel (by its id): its tab (or its pane's) where tabs show; a seat's wide screen shows every
    panel side by side."""
    tab = page.locator(f".tab[data-panel='{page.evaluate(PANE_OF, panel)}']")
    if tab.is_visible():
        tab.click()
    expect(page.locator(f"#{panel}")).to_be_visible()


def show(page: Page, screen: str) -> None:
    """Show one of a seat's screens (ship, supplies, jump, cards, fleet, people, council, news, messages, log)."""
    show_panel(page, f"{screen}-panel")


def record_hand(chair: Page, member: str, ballot: str) -> None:
    """The Council's chair records the hand a member raised."""
    chair.locator(f".hands tr[data-voter='{member}'] button[data-action='hands {member} {ballot}']").click()
    done(chair, f"hands {member} {ballot}")


PAGE_STATE = """() => {
  const data = document.body.dataset;
  return [Number(data.version), Number(data.legal ?? -1), data.busy === "true"];
}"""
"""What a seat's page shows now: the version of its view, the version its legal actions were asked at, and whether
it is busy sending an action."""


def settled(table: Table, page: Page) -> None:
    """Wait until the page shows the last view the server sent its seat and the legal actions asked after it (its
    own redraw after them). A seat is sent a view only when its own view changed, so that version is asked of the
    server's own record of what it sent the seat's devices."""
    table.control.settle()
    label = page.locator("#title").get_attribute("data-label") or ""
    seat = table.seat(label)

    async def last_sent() -> int:
        live = table.server.app.state.events.live[EVENT_ID]
        devices = [getattr(listener, "__self__", None) for listener in live.listeners]  # each device's on_change
        sent = [d.sent[0] for d in devices if getattr(d, "viewer", None) and d.viewer.seat == seat and d.sent]
        return max(sent, default=-1)

    def state() -> tuple[int, int, int, bool]:
        version = int(table.server.call(last_sent()))  # -1 until the seat's device has been sent its first view
        shown, legal, busy = page.evaluate(PAGE_STATE)  # one round trip to the browser, not three
        return version, int(shown), int(legal), bool(busy)

    deadline = time.monotonic() + WAIT
    while True:
        version, shown, legal, busy = state()
        if version >= 0 and shown >= version and legal >= version and not busy:
            return
        if time.monotonic() > deadline:
            raise AssertionError(
                f"{label}'s page never caught up: sent version {version}, shown {shown}, legal at {legal}, busy {busy}"
            )
        page.wait_for_timeout(10)


NOTATION = "#more-panel, #free-action"
"""Where a seat's page shows actions in notation (the More screen, the action box), as sent."""

SHOWN_TEXT = """([where, notation]) => {
  const node = document.querySelector(where).cloneNode(true);
  for (const part of node.querySelectorAll(notation)) part.remove();
  return node.textContent;
}"""


def labels_shown(table: Table, page: Page, where: str = "body") -> list[str]:
    """The seats' labels (`dione/captain`) a page shows people in `where`, but for its actions in notation: people
    are named ("Ann, Captain of the Dione") instead."""
    text = str(page.evaluate(SHOWN_TEXT, [where, NOTATION]))
    return [
        s.label for s in table.event.seats if s.index and re.search(rf"(?<![\w/-]){re.escape(s.label)}(?![\w/-])", text)
    ]


def offered_is_legal(table: Table, label: str, page: Page | None = None) -> None:
    """The seat's page offers exactly its legal actions now."""
    page = page or table.pages[label]
    settled(table, page)
    offered = set(page.evaluate(OFFERED))
    legal = set(table.legal(label))
    extra, missing = sorted(offered - legal), sorted(legal - offered)
    assert (extra, missing) == ([], []), f"{label}'s screens offer {extra} beyond its legal actions and lack {missing}"


def confirm(page: Page, says: str, yes: bool = True) -> None:
    """The confirmation shows `says`; confirm (or cancel) it."""
    dialog = page.locator("#confirm")
    expect(dialog).to_be_visible(timeout=WAIT_MS)
    expect(dialog).to_contain_text(says)
    dialog.locator("#confirm-yes" if yes else "#confirm-no").click()
    expect(dialog).to_be_hidden()


SEAT_LABEL = re.compile(r"(?<![\w/-])[a-z][a-z0-9-]*/[a-z][a-z0-9-]*(?![\w/-])")
"""A seat's label (`dione/captain`) in a line of text."""


def done(page: Page, action: str) -> str:
    """The page says the server acknowledged `action`, in people's words: what it did (the lines it added to the
    seat's log, or a sentence), never the notation, which the line keeps for scripts in `data-action`; its text."""
    result = page.locator("#result")
    expect(result).to_have_attribute("data-action", action, timeout=WAIT_MS)
    expect(result).to_have_attribute("data-kind", "ok")
    text = result.inner_text()
    assert text and not text.lower().startswith("done: " + action), f"the answer to {action!r} is its notation: {text}"
    assert not SEAT_LABEL.search(text), f"the answer to {action!r} names a seat by its label: {text}"
    return text


WIDTHS = "() => [document.documentElement.scrollWidth, innerWidth]"


def never_scrolls_sideways(page: Page, where: str) -> None:
    """The page is no wider than the screen: nothing makes a phone scroll sideways."""
    width, screen = page.evaluate(WIDTHS)
    assert width <= screen, f"{where}: the page is {width} px wide on a {screen} px screen (it scrolls sideways)"


CUT_SHORT = """(box) => [...box.querySelectorAll("select")].flatMap((select) => {
  const style = getComputedStyle(select);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = style.font;
  const arrow = 20;  // the drop-down arrow Chromium draws inside the box, beside the text
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
  return [...select.options].filter((option) => pen.measureText(option.text).width > room).map((option) => option.text);
})"""


def choices_read_whole(box: Locator, where: str) -> None:
    """Every choice of every drop-down in `box` fits its box: none is cut short on the screen."""
    cut = box.evaluate(CUT_SHORT)
    assert cut == [], f"{where}: these choices are cut short in their boxes: {cut}"


def declare_jump(table: Table, page: Page) -> str:
    """On the jump sheet: write the first coordinates the team knows, declare the jump after its confirmation
    (which names them); the coordinates."""
    show(page, "jump")
    settled(table, page)
    row = page.locator("table.known tbody tr").first
    code = row.locator("th").inner_text()
    row.get_by_role("button", name="Write").click()
    done(page, f"coords {code}")
    page.locator("[data-action='jump']").click()
    confirm(page, f"To {code}")
    done(page, "jump")
    return code


def shot(page: Page, name: str) -> None:
    """A screenshot of the whole page from its top, as test-artifacts/screenshots/NAME.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
