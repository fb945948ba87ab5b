"""The Den of Wolves event's pages in real headless Chromium (issue 15, item 9): two Control desks (two operators),
the projector and three seats' devices on one live event. Control advances through a whole turn (confirming when
the clock has time left), settles a notice, runs a Wolf Attack round, sets the news; the projector follows; a desk
rewinds; a seat's device reloads and reopens and resumes; a moved seat's device stops. No page logs an error (a
Content-Security-Policy violation would). Screenshots of each page at 390x844, 1366x768 and 1920x1080 go to
test-artifacts/screenshots/event-*.png.

The scenario is one test whose steps go on, in order, from where the last left the event; the tests before it
need only the pages (they may run on an event of their own, or before the scenario on its event).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from wolfpack.event.forms import control_forms
from wolfpack.event.model import Event, new_event
from wolfpack.event.settings import make_settings
from wolfpack.event.store import EventStore

from ..server.live import WAIT, ThreadedServer
from .accessibility import SIZES, small_targets, wcag_violations
from .players import OFFERED, SEAT_LABEL, confirm, done, show_panel
from .test_pages import SCREENSHOTS

EVENT = "e1e1e1e1"
WAIT_MS = int(WAIT * 1000)
"""A safety net for things that should happen at once, not a timing assertion."""
SEATS = ("dione/captain", "aegis/commanding-officer", "dione/council-member")


def _stored_event(database: str) -> Event:
    """An event with two operators (Ann watching dione, Bob every ship), people in dione's, aegis's and
    icebreaker's seats, and the Media's anchor left to Control."""
    event = new_event(make_settings(edition="classic"), event_id=EVENT)
    event = event.add_operator("Ann", ("dione",)).add_operator("Bob")
    for seat in event.seats:
        if seat.team in ("dione", "aegis", "icebreaker"):
            event = event.assign(str(seat.index), f"Player {seat.index}")
    event = event.leave_to_control("media/anchor")
    store = EventStore.open(database)
    store.create(event)
    store.close()
    return event


@dataclass
class Room:
    """The event's pages, each in its own browser context (its own device), with what each page's console said."""

    server: ThreadedServer
    event: Event
    browser: Browser
    pages: dict[str, Page] = field(default_factory=dict)
    contexts: dict[str, BrowserContext] = field(default_factory=dict)
    complaints: dict[str, list[str]] = field(default_factory=dict)

    def open(self, name: str, path: str, size: str = "laptop") -> Page:
        """Open `path` as the page called `name` in a new context (a device of its own)."""
        width, height = SIZES[size]
        context = self.contexts.get(name) or self.browser.new_context(viewport={"width": width, "height": height})
        self.contexts[name] = context
        page = context.new_page()
        found = self.complaints.setdefault(name, [])
        page.on("console", lambda message: found.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: found.append(str(error)))
        page.goto(self.server.base + path)
        self.pages[name] = page
        return page

    @property
    def version(self) -> int:
        """The event's version on the server now."""
        return int(self.server.app.state.events.live[EVENT].version)

    def seat_link(self, label: str) -> str:
        return f"/event/{EVENT}/join#token={self.event.tokens.tokens[self.event.seat(label).index]}"


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Room]:
    database = f"sqlite:///{tmp_path_factory.mktemp('event-pages')}/event.db"
    event = _stored_event(database)
    with ThreadedServer(database) as server:
        room = Room(server, event, browser)
        for name in ("Ann", "Bob"):
            room.open(name, f"/event/{EVENT}/control#token={event.operators.find(name).token}")
        room.open("projector", f"/event/{EVENT}/projector", "projector")
        for label in SEATS:
            room.open(label, room.seat_link(label), "phone")
        yield room
        for context in room.contexts.values():
            context.close()


def _shown_version(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def _until_version(page: Page, least: int) -> None:
    """Wait until the page shows version `least` or later (Playwright's wait_for_function evaluates a string, which
    the pages' Content-Security-Policy rightly forbids; `evaluate` runs outside it)."""
    deadline = time.monotonic() + WAIT
    while _shown_version(page) < least:
        if time.monotonic() > deadline:
            raise AssertionError(f"the page never reached version {least}; it shows {_shown_version(page)}")
        page.wait_for_timeout(10)


def _caught_up(room: Room, *names: str) -> int:
    """Wait until the named pages (by default the desks: Control's view changes with every action, where another
    device is sent a view only when its own changed) show the event's version now; that version."""
    version = room.version
    for name in names or ("Ann", "Bob"):
        _until_version(room.pages[name], version)
    return version


def _send_verb(desk: Page, verb: str, *values: str) -> None:
    """Fill a Control verb's generated form (a select, a text field with suggestions, or the reason) and send it;
    wait for the server's answer and check it was accepted."""
    show_panel(desk, "verbs-panel")
    desk.select_option("#verb", verb)
    fields = desk.locator(".verb-fields .field :is(input, select)")
    expect(fields).to_have_count(len(values))
    for index, value in enumerate(values):
        box = fields.nth(index)
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)
    desk.locator(".verb-form button[type=submit]").click()
    result = desk.locator("#verb-result")
    expect(result).to_have_attribute("data-kind", "ok", timeout=WAIT_MS)
    # The line says what the verb did in people's words; its notation is kept for scripts, never shown.
    said = ""
    assert not said.startswith("done:") and not SEAT_LABEL.search(said), said


def _advance(desk: Page, confirm: bool, says: str = "left on the clock") -> None:
    """Click Advance; with time left on the clock, or a ship that has not done what the step needed, the server
    asks first (saying `says`), and the desk confirms."""
    desk.click("#advance")
    if confirm:
        dialog = desk.locator("#confirm")
        expect(dialog).to_be_visible(timeout=WAIT_MS)
        expect(desk.locator("#confirm-text")).to_contain_text(says)
        desk.click("#confirm-yes")
    expect(desk.locator("#clock-result")).to_have_text("advanced", timeout=WAIT_MS)


def test_every_control_verb_gets_its_form_from_the_description_alone(room: Room) -> None:
    """Each verb of the forms description gets a field per argument: a select of its fixed words, a list the view
    fills, or a required reason; nothing on the page is written for one verb."""
    bob = room.pages["Bob"]
    show_panel(bob, "verbs-panel")
    for verb in control_forms():
        bob.select_option("#verb", verb["verb"])
        fields = bob.locator(".verb-fields .field :is(input, select)")
        expect(fields).to_have_count(len(verb["forms"][0]))
        expect(bob.locator("#verb-help")).to_have_text(verb["help"])
        for index, argument in enumerate(verb["forms"][0]):
            box = fields.nth(index)
            if "choices" in argument:
                options = box.locator("option").all_inner_texts()[1:]
                assert options == argument["choices"], (verb["verb"], argument)
            elif argument.get("list") == "ships":
                assert box.locator("option").count() == 1 + len(room.event.ships), verb["verb"]
            elif argument.get("text"):
                assert box.get_attribute("required") is not None and box.get_attribute("name") == argument["name"]
            label = bob.locator(f"label[for='{box.get_attribute('id')}']")
            expect(label).to_contain_text(argument["label"])  # what the field is, never its kind or pattern


def test_a_reason_with_quotes_and_backslashes_reaches_the_audit_log_as_written(room: Room) -> None:
    bob = room.pages["Bob"]
    reason = 'the captain said "hold" \\ twice'
    _send_verb(bob, "fleet-morale", "0", reason)
    audit = httpx.get(
        f"{room.server.base}/api/events/{EVENT}/audit",
        params={"kind": "control"},
        headers={"Authorization": f"Bearer {room.event.operators.find('Bob').token}"},
        timeout=WAIT,
    ).json()
    assert audit[-1]["reason"] == reason and audit[-1]["actor"] == "Bob"
    # A field that does not fit is named on the page in a sentence, and nothing is sent.
    before = room.version
    bob.select_option("#verb", "fleet-morale")
    bob.locator(".verb-fields input").first.fill("lots")
    bob.locator(".verb-fields input[name=reason]").fill("a typo")
    bob.locator(".verb-form button[type=submit]").click()
    expect(bob.locator("#verb-result")).to_have_text(
        'The change must be a whole number from -999 to 999, such as 2 or -1 (not "lots").'
    )
    assert room.version == before


def test_the_event_pages_hold_no_inline_script_or_style_and_load_modules_of_ours(room: Room) -> None:
    """The policy forbids inline script and style: each event page loads one module of ours and carries no handler
    or style attribute; every module it imports is served as JavaScript under the same strict policy."""
    base = room.server.base
    for page in ("control", "projector", "join"):
        answer = httpx.get(f"{base}/event/{EVENT}/{page}", timeout=WAIT)
        html = answer.text
        scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, flags=re.S | re.I)
        assert len(scripts) == 1, page
        attributes, body = scripts[0]
        assert re.search(r'\btype="module"', attributes) and not body.strip(), (page, attributes)
        assert not re.search(r"\son[a-z]+\s*=", html, flags=re.I), page
        assert not re.search(r"\sstyle\s*=|<style\b", html, flags=re.I), page
        assert "script-src 'self'" in answer.headers["content-security-policy"]
    seen: set[str] = set()
    waiting = ["/static/event-control.js", "/static/event-projector.js", "/static/event-seat.js"]
    while waiting:
        path = waiting.pop()
        if path in seen:
            continue
        seen.add(path)
        answer = httpx.get(base + path, timeout=WAIT)
        assert answer.status_code == 200, path
        assert "javascript" in answer.headers["content-type"], (path, answer.headers["content-type"])
        folder = path.rsplit("/", 1)[0]
        for name in re.findall(r'^import .* from "\./([\w/.-]+\.js)";', answer.text, flags=re.M):
            waiting.append(f"{folder}/{name}")
    assert "/static/js/live.js" in seen and "/static/js/forms.js" in seen


def test_an_event_runs_on_two_desks_the_projector_and_three_seats(room: Room) -> None:
    """The whole scenario, its steps in order on one event (one test, so that no test runner splits the steps
    between two workers, each with an event of its own)."""
    _every_page_joins_and_shows_its_own_view(room)
    _a_seat_plays_its_legal_actions_and_the_desk_sees_it(room)
    _control_runs_the_clock_and_advances_into_the_action_phase(room)
    _a_notice_is_raised_and_settled_from_the_other_desk(room)
    _a_wolf_attack_takes_over_the_projector_round_by_round(room)
    _a_seat_left_to_control_is_played_from_a_desk(room)
    _control_finishes_the_turn_with_the_news_and_the_projector_follows(room)
    _messages_go_between_a_desk_and_a_seat(room)
    _the_audit_log_filters_and_downloads_as_csv(room)
    _the_audit_tab_counts_every_row_and_names_people_as_they_were(room)
    _a_rewind_from_a_desk_discards_and_every_device_follows(room)
    _a_seats_device_reconnects_and_resumes(room)
    _a_moved_seats_old_device_says_so_and_stops(room)
    _each_desk_task_is_a_pane_that_fits_a_laptop_screen(room)
    _a_desk_that_loses_the_network_says_so_and_sends_nothing(room)
    _screenshots_and_no_page_logged_an_error(room)


def _every_page_joins_and_shows_its_own_view(room: Room) -> None:
    """Desks, projector and seats show the event; the token leaves the address bar; each sees what it may."""
    version = _caught_up(room)
    for label in SEATS:
        page = room.pages[label]
        _until_version(page, 0)
        expect(page.locator("#title")).to_have_attribute("data-label", label)
        assert "#token=" not in page.url, "the seat's token stays out of the address bar"
    ann, projector = room.pages["Ann"], room.pages["projector"]
    assert "#token=" not in ann.url
    expect(ann.locator("#operator")).to_contain_text("Operator Ann")
    expect(ann.locator("#phase")).to_have_text("Turn 1 of 12 · Start of turn")
    expect(projector.locator("#turn")).to_have_text("Turn 1 of 12")
    expect(projector.locator("#phase")).to_have_text("Start of turn")
    assert version >= 0
    # Ann's desk watches dione: the fleet's table shows its row alone until every ship is asked for; the ship
    # chosen in it has its panel beside it.
    show_panel(ann, "god-panel")
    expect(ann.locator("#jumps tbody tr")).to_have_count(1)
    expect(ann.locator("#panels .ship-panel h3")).to_have_text("Dione")
    ann.check("#show-all")
    expect(ann.locator("#jumps tbody tr")).to_have_count(11)
    ann.locator("#jumps").get_by_role("button", name="Icebreaker").click()
    expect(ann.locator("#panels .ship-panel h3")).to_have_text("Icebreaker")
    show_panel(room.pages["Bob"], "god-panel")
    expect(room.pages["Bob"].locator("#jumps tbody tr")).to_have_count(11)
    # A seat's device shows its own ship's panel; the projector shows no panel and no hand at all.
    expect(room.pages["dione/captain"].locator("#ship .ship-table h3")).to_have_text("Dione")
    expect(projector.locator(".ship-panel")).to_have_count(0)
    expect(projector.locator("#map .map-ship")).to_have_count(11)


def _a_seat_plays_its_legal_actions_and_the_desk_sees_it(room: Room) -> None:
    phone = room.pages["dione/captain"]
    phone.click('.tab[data-panel="supplies-panel"]')
    phone.locator('button.level[data-action="rations food low"]').click()
    done(phone, "rations food low")
    captain = f"Player {room.event.seat('dione/captain').index}, Captain of the Dione"
    expect(room.pages["Bob"].locator("#log")).to_contain_text(f"{captain}: rations food low", timeout=WAIT_MS)
    expect(phone.locator('button.level[data-action="rations food low"]')).to_have_attribute("aria-pressed", "true")
    # Another ship's device was sent nothing by that action (its view did not change), so it knows an older version
    # of the event: refused as stale, it is sent once more, since what it shows still stands.
    other = room.pages["aegis/commanding-officer"]
    behind = int(other.evaluate("document.body.dataset.version"))
    assert behind < room.version
    other.click('.tab[data-panel="supplies-panel"]')
    other.locator('button.level[data-action="rations water low"]').click()
    done(other, "rations water low")
    # A typed action the rules refuse is refused with the server's sentence and changes nothing.
    before = room.version
    phone.click('.tab[data-panel="more-panel"]')
    phone.fill("#free-action", "jump")
    phone.click("#free-form button[type=submit]")
    expect(phone.locator("#free-result")).to_have_attribute("data-kind", "error", timeout=WAIT_MS)
    assert room.version == before


def _control_runs_the_clock_and_advances_into_the_action_phase(room: Room) -> None:
    ann, bob, projector = room.pages["Ann"], room.pages["Bob"], room.pages["projector"]
    # The start of a turn is untimed, but no ship has crewed its jump drive: the desk is asked, and confirms.
    _advance(ann, confirm=True, says="No ship has crewed its jump drive: no ship can jump this turn.")
    expect(projector.locator("#phase")).to_have_text("Action Phase", timeout=WAIT_MS)
    expect(bob.locator("#phase")).to_contain_text("Action Phase", timeout=WAIT_MS)
    expect(projector.locator("#clock")).to_have_attribute("data-kind", "running", timeout=WAIT_MS)
    expect(room.pages["dione/captain"].locator("#clock")).to_have_attribute("data-kind", "running")
    # Extending needs a reason: refused on the page, nothing sent.
    ann.fill("#clock-minutes", "3")
    ann.click("#extend")
    expect(ann.locator("#clock-result")).to_contain_text("reason is required")
    ann.fill("#clock-reason", "a late start")
    ann.click("#extend")
    expect(ann.locator("#clock")).to_contain_text("20:", timeout=WAIT_MS)  # 18 minutes and 3 more, counting down
    # The warning in the last two minutes; a cut below zero is refused with the server's sentence. A reason belongs
    # to one change: the box is empty again after each.
    expect(ann.locator("#clock-reason")).to_have_value("")
    ann.fill("#clock-minutes", "20")
    ann.fill("#clock-reason", "the fleet is ready")
    ann.click("#shorten")
    expect(projector.locator("#clock")).to_have_attribute("data-kind", "warning", timeout=WAIT_MS)
    ann.fill("#clock-minutes", "5")
    ann.fill("#clock-reason", "too far")
    ann.click("#shorten")
    expect(ann.locator("#clock-result")).to_contain_text("a clock cannot go below zero", timeout=WAIT_MS)
    expect(ann.locator("#clock-result")).to_have_attribute("data-kind", "error")
    ann.fill("#clock-minutes", "10")
    ann.fill("#clock-reason", "one more ship")
    ann.click("#extend")
    expect(projector.locator("#clock")).to_have_attribute("data-kind", "running", timeout=WAIT_MS)
    bob.click("#pause")
    expect(projector.locator("#clock")).to_have_attribute("data-kind", "paused", timeout=WAIT_MS)
    expect(ann.locator("#pause")).to_have_text("Resume clock")
    ann.click("#pause")
    expect(projector.locator("#clock")).to_have_attribute("data-kind", "running", timeout=WAIT_MS)


def _a_notice_is_raised_and_settled_from_the_other_desk(room: Room) -> None:
    ann, bob = room.pages["Ann"], room.pages["Bob"]
    _send_verb(ann, "set", "dione.morale", "0", "a test of the notices")
    show_panel(bob, "notices-panel")
    notice = bob.locator("#notices .notice", has_text="anarchy")
    expect(notice).to_be_visible(timeout=WAIT_MS)
    expect(notice.locator(".hints")).to_contain_text("set")  # the verbs likely to settle it
    notice.locator("button[type=submit]").click()
    expect(notice.locator(".form-result")).to_contain_text("reason is required")
    notice.locator("input").fill("morale restored at the table")
    # Another notice arriving while Bob types keeps his reason: a notice's row redraws only when it changes.
    typed = bob.locator(f'#notices .notice[data-notice="{notice.get_attribute("data-notice")}"]')
    _send_verb(ann, "set", f"{sorted(room.event.ships)[1]}.morale", "0", "a second notice while Bob types")
    expect(bob.locator("#notices .notice", has_text="anarchy")).to_have_count(2, timeout=WAIT_MS)
    expect(typed.locator("input")).to_have_value("morale restored at the table")
    typed.locator("button[type=submit]").click()
    left = bob.locator("#notices .notice", has_text="anarchy")
    expect(left).to_have_count(1, timeout=WAIT_MS)
    left.locator("input").fill("the second settled too")
    left.locator("button[type=submit]").click()
    expect(bob.locator("#notices .notice", has_text="anarchy")).to_have_count(0, timeout=WAIT_MS)
    expect(ann.locator("#notices .notice", has_text="anarchy")).to_have_count(0, timeout=WAIT_MS)


def _a_wolf_attack_takes_over_the_projector_round_by_round(room: Room) -> None:
    ann, bob, projector = room.pages["Ann"], room.pages["Bob"], room.pages["projector"]
    expect(projector.locator("#attack")).to_be_hidden()
    _send_verb(ann, "attack", "the Wolves close in")
    expect(projector.locator("#attack")).to_be_visible(timeout=WAIT_MS)
    expect(projector.locator("#attack-round")).to_contain_text("Round 1")
    title = projector.locator("#attack-title")
    projector.emulate_media(reduced_motion="no-preference")  # the tests' devices ask for reduced motion (conftest)
    assert title.evaluate("e => getComputedStyle(e).animationName") == "alert-pulse"
    projector.emulate_media(reduced_motion="reduce")
    assert title.evaluate("e => getComputedStyle(e).animationName") == "none", "no pulsing under reduced motion"
    projector.emulate_media(reduced_motion="no-preference")
    _screenshot(projector, "event-projector-attack")
    show_panel(bob, "council-panel")
    expect(bob.locator("#attack")).to_contain_text("Round 1", timeout=WAIT_MS)
    _send_verb(bob, "wolf-round")
    expect(projector.locator("#attack-round")).to_contain_text("Round 2", timeout=WAIT_MS)
    _send_verb(ann, "end-attack", "the Wolves withdraw")
    expect(projector.locator("#attack")).to_be_hidden(timeout=WAIT_MS)
    expect(bob.locator("#battles")).to_contain_text("the Wolves withdraw", timeout=WAIT_MS)


def _a_seat_left_to_control_is_played_from_a_desk(room: Room) -> None:
    ann = room.pages["Ann"]
    show_panel(ann, "seats-panel")
    row = ann.locator("#roster tr", has_text="media/anchor")
    expect(row).to_contain_text("Control (play it here)")
    row.get_by_role("button", name="play").click()
    expect(ann.locator("#play-seat-title")).to_have_text("Playing the INC Anchor of the Media for Control")
    # The seat's own screens, in the words its phone would use: they offer exactly its legal actions, and none is
    # left to a list in notation.
    played = ann.locator("#play-seat")
    expect(played.locator("[data-screen='where']")).to_be_visible(timeout=WAIT_MS)
    live = room.server.app.state.events.live[EVENT]
    offered = sorted(ann.evaluate(OFFERED, "#play-seat"))
    assert offered == sorted(live.legal(room.event.seat("media/anchor").index)), offered
    expect(ann.locator("#play-seat-other")).to_be_hidden()
    played.screenshot(path=str(SCREENSHOTS / "desk-play-seat.png"))
    played.get_by_role("button", name="I am at the Dione's table").click()
    expect(ann.locator("#play-seat-result")).to_contain_text("goes to", timeout=WAIT_MS)
    # The log and the projector's news name the role (nobody holds the seat), not the seat's label.
    expect(ann.locator("#log")).to_contain_text("the INC Anchor of the Media goes to dione", timeout=WAIT_MS)
    news = room.pages["projector"].locator("#news")
    expect(news).to_contain_text("the INC Anchor of the Media goes to dione", timeout=WAIT_MS)
    expect(news).not_to_contain_text("media/anchor")


def _control_finishes_the_turn_with_the_news_and_the_projector_follows(room: Room) -> None:
    ann, bob, projector = room.pages["Ann"], room.pages["Bob"], room.pages["projector"]
    _advance(ann, confirm=True)  # the Action Phase has time left: the desk is asked and confirms
    expect(projector.locator("#phase")).to_have_text("Team Phase", timeout=WAIT_MS)
    _send_verb(bob, "news", "dione", "+1")
    # "advanced" was true until the event moved on: Ann's desk no longer says it.
    expect(ann.locator("#clock-result")).to_have_text("", timeout=WAIT_MS)
    # A classic Council has no Parliamentarian: the desk does not list the office as vacant.
    show_panel(bob, "council-panel")
    expect(bob.locator("#council")).to_contain_text("President")
    expect(bob.locator("#council")).not_to_contain_text("arliamentarian")
    _caught_up(room)
    _advance(bob, confirm=True)
    expect(projector.locator("#turn")).to_have_text("Turn 2 of 12", timeout=WAIT_MS)
    expect(projector.locator("#phase")).to_have_text("Start of turn")
    expect(projector.locator("#news")).to_contain_text("turn 2 begins")
    expect(room.pages["dione/council-member"].locator("#phase")).to_contain_text("Turn 2 of 12", timeout=WAIT_MS)


def _messages_go_between_a_desk_and_a_seat(room: Room) -> None:
    ann, phone = room.pages["Ann"], room.pages["dione/council-member"]
    show_panel(ann, "messages-panel")
    ann.select_option("#message-to", "team:dione")
    ann.fill("#message-text", "Dione: report to the map")
    ann.click("#message-form button[type=submit]")
    expect(phone.locator("#messages")).to_contain_text("Dione: report to the map", timeout=WAIT_MS)
    expect(room.pages["aegis/commanding-officer"].locator("#messages")).not_to_contain_text("report to the map")
    bob = room.pages["Bob"]
    show_panel(bob, "council-panel")
    unread = bob.locator(".tab[data-panel='messages-pane'] .count")
    expect(unread).to_have_text("")  # Bob has not been sent a message since he last looked
    show_panel(phone, "messages-panel")
    phone.fill("#message-text", "we need a ruling")
    phone.click("#message-form button[type=submit]")
    expect(ann.locator("#messages li.to-control")).to_contain_text("we need a ruling", timeout=WAIT_MS)
    # The desk names the person and their role, not the seat's label.
    member = room.event.seat("dione/council-member").index
    sender = ann.locator("#messages li.to-control .meta").first
    expect(sender).to_contain_text(f"Player {member}, Council Member of the Dione")
    expect(sender).not_to_contain_text("dione/council-member")
    # Replying takes two actions: Reply on the message, then Send.
    ann.locator("#messages li.to-control").first.get_by_role("button", name="Reply").click()
    ann.keyboard.type("a ruling: hold position")
    ann.click("#message-form button[type=submit]")
    expect(phone.locator("#messages")).to_contain_text("a ruling: hold position", timeout=WAIT_MS)
    expect(room.pages["dione/captain"].locator("#messages")).not_to_contain_text("a ruling: hold position")
    # A laptop's desk shows its tabs too: Bob, looking at the Council, sees a message waiting on his Messages tab;
    # looking at it clears the count.
    expect(unread).to_be_visible(timeout=WAIT_MS)
    expect(unread).to_have_text(re.compile(r"^1\b"))
    show_panel(bob, "messages-panel")
    expect(unread).to_have_text("")


def _the_audit_log_filters_and_downloads_as_csv(room: Room) -> None:
    bob = room.pages["Bob"]
    # Every change since Bob last looked at the audit log is counted on its tab (he never has).
    expect(bob.locator(".tab[data-panel='audit-pane'] .count")).to_have_text(re.compile(r"^[1-9][0-9]* new"))
    show_panel(bob, "audit-panel")
    bob.select_option("#audit-kind", "control")
    bob.click("#audit-form button[type=submit]")
    expect(bob.locator("#audit-result")).to_contain_text("entries", timeout=WAIT_MS)
    rows = bob.locator("#audit tbody tr")
    assert rows.count() >= 6
    assert all(kind == "control" for kind in rows.locator("td:nth-child(3)").all_inner_texts())
    expect(bob.locator("#audit tbody")).to_contain_text("settle 1")
    with bob.expect_download(timeout=WAIT_MS) as download:
        bob.click("#audit-csv")
    path = download.value.path()
    text = path.read_text(encoding="utf-8")
    assert text.startswith("time,actor_kind,actor,name,kind,ships,text,reason,version")
    assert "morale restored at the table" in text


def _the_audit_tab_counts_every_row_and_names_people_as_they_were(room: Room) -> None:
    """The audit tab counts the rows of the audit log itself: those of changes whose frames the desk is never sent
    (an operator added on the organiser's page), and those written while the desk was closed. Rows name people as
    they were when written, not as the seats are held now."""
    bob = room.pages["Bob"]
    count = bob.locator(".tab[data-panel='audit-pane'] .count")
    organiser = {"Authorization": f"Bearer {room.event.tokens.tokens[0]}"}
    api = f"{room.server.base}/api/events/{EVENT}"
    show_panel(bob, "audit-panel")
    expect(count).to_have_text("")
    show_panel(bob, "council-panel")
    added = httpx.post(
        f"{api}/operators", json={"name": "Cleo", "reason": "a third desk"}, headers=organiser, timeout=WAIT
    )
    assert added.status_code == 201, added.text
    expect(count).to_have_text(re.compile(r"^1\b"), timeout=WAIT_MS)
    # Bob's desk closes; meanwhile the council member's seat passes to someone else. Opened again, it counts that too.
    bob.close()
    member = room.event.seat("dione/council-member").index
    change = {"seat": "dione/council-member", "holder": "person", "name": "Wren", "reason": f"Player {member} left"}
    passed = httpx.post(f"{api}/seats", json=change, headers=organiser, timeout=WAIT)
    assert passed.status_code == 200, passed.text
    bob = room.open("Bob", f"/event/{EVENT}/control#token={room.event.operators.find('Bob').token}")
    count = bob.locator(".tab[data-panel='audit-pane'] .count")
    expect(count).to_have_text(re.compile(r"^2\b"), timeout=WAIT_MS)
    show_panel(bob, "audit-panel")
    expect(count).to_have_text("")
    expect(bob.locator("#audit-result")).to_contain_text("entries", timeout=WAIT_MS)
    # The message the council member sent before the seat passed to Wren is still theirs.
    sent = bob.locator("#audit tbody tr", has_text="we need a ruling")
    expect(sent.locator("td").nth(1)).to_have_text(f"Player {member}, Council Member of the Dione")
    # The row of the change itself names who held the seat when it was written: the one it passed from.
    moved = bob.locator("#audit tbody tr.audit-roster", has_text="Wren").first
    expect(moved.locator("td").nth(3)).to_have_text(f"seat Player {member}, Council Member of the Dione: to Wren")


def _a_rewind_from_a_desk_discards_and_every_device_follows(room: Room) -> None:
    bob, projector = room.pages["Bob"], room.pages["projector"]
    version = _caught_up(room)
    _send_verb(bob, "set", "pursuit", "7", "a wrong ruling")
    expect(projector.locator(".pursuit-value")).to_have_text("Pursuit 7", timeout=WAIT_MS)
    _caught_up(room)
    show_panel(bob, "rewind-panel")
    bob.click("#rewind-form button[type=submit]")
    expect(bob.locator("#rewind-result")).to_contain_text("choose a version")
    bob.fill("#rewind-version", str(version))
    bob.click("#rewind-form button[type=submit]")
    expect(bob.locator("#rewind-result")).to_contain_text("needs a reason")
    bob.click("#rewind-preview-button")
    expect(bob.locator("#rewind-preview")).to_contain_text(": Control: control set pursuit 7", timeout=WAIT_MS)
    assert room.version > version, "a preview changes nothing"
    bob.fill("#rewind-reason", "the pursuit was set by mistake")
    # A rewind asks first, naming what it discards; cancelled, nothing changes.
    bob.click("#rewind-form button[type=submit]")
    confirm(bob, "set pursuit 7", yes=False)
    assert room.version > version
    bob.click("#rewind-form button[type=submit]")
    confirm(bob, "set pursuit 7")
    expect(bob.locator("#discarded")).to_contain_text("set pursuit 7", timeout=WAIT_MS)
    expect(bob.locator("#verb-result")).to_have_text("")  # "done: control set pursuit 7" is no longer true
    expect(projector.locator(".pursuit-value")).not_to_have_text("Pursuit 7", timeout=WAIT_MS)
    assert room.version == version
    for name in ("Ann", "Bob", "projector"):
        assert _shown_version(room.pages[name]) == version


def _a_seats_device_reconnects_and_resumes(room: Room) -> None:
    phone = room.pages["dione/captain"]
    phone.reload()  # the token comes back from the tab's sessionStorage: the address no longer holds it
    expect(phone.locator("#title")).to_have_attribute("data-label", "dione/captain", timeout=WAIT_MS)
    _until_version(phone, 0)
    expect(phone.locator("#phase")).to_contain_text("Turn 2 of 12")
    phone.close()
    again = room.open("dione/captain", room.seat_link("dione/captain"), "phone")
    expect(again.locator("#title")).to_have_attribute("data-label", "dione/captain", timeout=WAIT_MS)
    expect(again.locator("#phase")).to_contain_text("Turn 2 of 12")
    expect(again.locator("#messages")).to_contain_text("report to the map")
    expect(again.locator("main [data-action] >> visible=true").first).to_be_visible(timeout=WAIT_MS)


def _a_moved_seats_old_device_says_so_and_stops(room: Room) -> None:
    label = "aegis/commanding-officer"
    phone = room.pages[label]
    answer = httpx.post(
        f"{room.server.base}/api/events/{EVENT}/seats",
        json={"seat": label, "holder": "move"},
        headers={"Authorization": f"Bearer {room.event.tokens.tokens[0]}"},
        timeout=WAIT,
    )
    assert answer.status_code == 200, answer.text
    expect(phone.locator("#banner")).to_contain_text("moved to another device", timeout=WAIT_MS)
    expect(phone.locator("#connection")).to_have_text("stopped")
    new_link = answer.json()["link"]
    moved = room.open("moved", new_link[new_link.index("/event/") :], "phone")
    expect(moved.locator("#title")).to_have_attribute("data-label", label, timeout=WAIT_MS)


DESK_PANES = ("now-pane", "fleet-pane", "council-pane", "messages-pane", "audit-pane", "roster-pane")
"""Control's tasks, a pane each: clock, notices and suggestions; the fleet; the Council and news; messages; the
audit log; the roster and operators."""
LAPTOPS = ((1366, 768), (1440, 900))
MEASURE = """() => ({page: document.scrollingElement.scrollHeight, screen: innerHeight,
  overflowing: [...document.querySelectorAll(".pane.active .panel")].filter((p) => p.scrollHeight > p.clientHeight + 1)
    .map((p) => `${p.id} ${p.scrollHeight}/${p.clientHeight}`)})"""
"""The page's height against the screen's, and the panels of the pane shown whose content runs past their box
(a long list scrolls in its own named region inside its panel; the panel itself fits)."""


def _each_desk_task_is_a_pane_that_fits_a_laptop_screen(room: Room) -> None:
    """At 1366x768 and 1440x900 each of Control's tasks is a tab of its own whose pane fits the screen: the page
    does not scroll, nor does any panel of the pane (its lists scroll in their own regions); on a phone the tabs
    show one pane at a time too. Each pane's picture at 1366x768 (and the first pane's at the other sizes) goes to
    test-artifacts/screenshots/desk-*.png."""
    desk = room.pages["Bob"]
    _caught_up(room, "Bob")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in (*LAPTOPS, SIZES["phone"]):
        desk.set_viewport_size({"width": width, "height": height})
        for pane in DESK_PANES:
            desk.locator(f".tab[data-panel='{pane}']").click()
            expect(desk.locator(f"#{pane}")).to_be_visible()
            assert desk.locator(".pane:visible").count() == 1, f"{pane} at {width}x{height} shares the screen"
            if (width, height) == LAPTOPS[0] or pane == DESK_PANES[0]:  # the pictures docs/event.md shows
                desk.screenshot(path=str(SCREENSHOTS / f"desk-{pane}-{width}x{height}.png"))
            if (width, height) in LAPTOPS:
                measured = desk.evaluate(MEASURE)
                assert measured["page"] <= height and measured["overflowing"] == [], (pane, width, height, measured)
    desk.set_viewport_size({"width": SIZES["laptop"][0], "height": SIZES["laptop"][1]})


def _a_desk_that_loses_the_network_says_so_and_sends_nothing(room: Room) -> None:
    """Offline, a desk's socket stays open but hears nothing: its heartbeat (a ping answered by a pong, every 1.5 s
    of quiet, 2.5 s to answer) says so by itself, so the badge turns within 5 s (before, 75 s); an action tried
    meanwhile is refused on the page, not kept to be sent later; back online it reconnects."""
    ann = room.pages["Ann"]
    version = _caught_up(room, "Ann")
    room.contexts["Ann"].set_offline(True)
    expect(ann.locator("#connection")).to_have_attribute("data-state", "disconnected", timeout=WAIT_MS)
    ann.click("#advance")
    expect(ann.locator("#clock-result")).to_contain_text("not connected", timeout=WAIT_MS)
    room.contexts["Ann"].set_offline(False)
    expect(ann.locator("#connection")).to_have_attribute("data-state", "connected", timeout=WAIT_MS)
    _until_version(ann, version)
    assert room.version == version, "nothing waited to be sent once the desk was back"
    # Chromium itself reports each reconnection tried while offline: expected here, and only here.
    complaints = room.complaints["Ann"]
    complaints[:] = [c for c in complaints if "ERR_INTERNET_DISCONNECTED" not in c]


def _screenshots_and_no_page_logged_an_error(room: Room) -> None:
    """Each page at phone, laptop and projector size; then no page's console reported an error all along."""
    _caught_up(room)
    for name, shot in (("Ann", "event-control"), ("projector", "event-projector"), ("dione/captain", "event-seat")):
        _screenshot(room.pages[name], shot)
    for name in ("Ann", "Bob", "projector", "dione/council-member", "moved"):
        unnamed = room.pages[name].evaluate(UNNAMED_CONTROLS)
        assert unnamed == [], f"{name}'s page has fields or buttons nobody can name: {unnamed}"
    desk = room.pages["Ann"]
    desk.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})
    for tab in desk.locator(".tab").all():
        tab.click()
        small = small_targets(desk)
        assert small == [], f"the desk's {tab.get_attribute('data-panel')} on a phone has controls under 44 px: {small}"
    desk.set_viewport_size({"width": SIZES["laptop"][0], "height": SIZES["laptop"][1]})
    # The desk on a phone here; the desk on a laptop (test_event_turn), the seat's page at both sizes
    # (test_event_seat) and the projector at its own (test_event_media) where those pages are worked.
    found = wcag_violations(desk, "phone")
    assert found == [], f"the desk on a phone breaks WCAG 2.1 AA: {found}"
    for name, found in room.complaints.items():
        assert found == [], f"{name}'s page reported errors: {found}"


UNNAMED_CONTROLS = """() => [...document.querySelectorAll("input, select, textarea, button")]
    .filter((e) => e.type !== "hidden")
    .filter((e) => e.tagName === "BUTTON" ? !e.textContent.trim() && !e.getAttribute("aria-label")
                                           : !(e.labels && e.labels.length) && !e.getAttribute("aria-label"))
    .map((e) => e.id || e.name || e.outerHTML.slice(0, 80))"""
"""A screen reader names a field by its label and a button by its text: the ones with neither."""


def _screenshot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    before = page.viewport_size
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"))
    if before is not None:
        page.set_viewport_size(before)
