"""A whole turn of Den of Wolves in real headless Chromium (issue 16, item 9): Control's desk, the projector, two
ships with two roles each (the Dione's captain and council member, the Icebreaker's captain and first officer), the
President who chairs the Council, and the Media's anchor, each in a browser context of its own. One whole turn is
clicked through on their screens: a jump is declared and resolved, a bill passes, a Wolf Attack round is fought,
the news is published and its effect set; the projector shows each, and the next turn begins. Screenshots of every
role's screen go to test-artifacts/screenshots/turn-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from wolfpack.event.model import new_event
from wolfpack.event.settings import make_settings
from wolfpack.event.store import EventStore

from ..event.devices import EVENT_ID, Device
from .accessibility import SIZES, small_targets, wcag_violations
from .players import (
    WAIT_MS,
    Table,
    confirm,
    declare_jump,
    done,
    labels_shown,
    offered_is_legal,
    record_hand,
    served,
    settled,
    shot,
    show,
    show_panel,
    with_people,
)
from .test_event_pages import _advance, _send_verb
from .test_pages import SCREENSHOTS

PHONES = (
    "dione/captain",
    "dione/council-member",
    "icebreaker/captain",
    "icebreaker/first-officer",
    "star-alpha/president",
    "media/anchor",
)
LAW = 'Every ship keeps one "spare" shuttle ready for the sick'  # quotes and all, in her own words
STORY = "The Dione leaps ahead of the fleet"


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Table]:
    event = with_people(new_event(make_settings(edition="classic"), event_id=EVENT_ID).add_operator("Ann"), PHONES)
    with served(tmp_path_factory, "event-turn", event, browser, PHONES) as table:
        table.open_page("desk", f"/event/{EVENT_ID}/control#token={event.operators.find('Ann').token}", 1366, 768)
        table.open_page("projector", f"/event/{EVENT_ID}/projector", 1920, 1080)
        yield table


def test_a_whole_turn_is_played_on_every_roles_screen(room: Table) -> None:
    pages = room.pages
    desk, projector = pages["desk"], pages["projector"]
    captain, member = pages["dione/captain"], pages["dione/council-member"]
    ice_captain, ice_officer = pages["icebreaker/captain"], pages["icebreaker/first-officer"]
    president, anchor = pages["star-alpha/president"], pages["media/anchor"]
    expect(projector.locator("#turn")).to_have_text("Turn 1 of 12", timeout=WAIT_MS)

    # The start of the turn: the Dione crews its jump drive; Control advances into the Action Phase.
    settled(room, captain)
    captain.locator("[data-action='use jump-drive']").click()
    confirm(captain, "lets the ship jump that turn")
    done(captain, "use jump-drive")
    # The other ships' drives are idle: the desk is told which cannot jump this turn, and confirms.
    _advance(desk, confirm=True, says="The Icebreaker has not crewed its jump drive: it cannot jump this turn.")
    expect(projector.locator("#phase")).to_have_text("Action Phase", timeout=WAIT_MS)

    # A jump: Control deals the Dione a destination; its captain writes the coordinates and declares the jump.
    _send_verb(desk, "draw-destination", "dione", "the Dione's scanners found a system")
    declare_jump(room, captain)
    expect(projector.locator("#map .map-ship[data-ship='dione']")).to_contain_text("jump declared", timeout=WAIT_MS)

    # The Icebreaker's captain works a station while its first officer waits at the fleet map.
    settled(room, ice_captain)
    use = ice_captain.locator(".station [data-action^='use ']").first
    action = use.get_attribute("data-action")
    use.click()
    confirm(ice_captain, "What it does:")
    done(ice_captain, str(action))

    # The Council: the President brings a law and calls the vote; the Dione's member votes on her phone and the
    # President records the other members' hands; the law passes and the projector shows it.
    show(president, "council")
    president.select_option("#bill-kind", "law")
    president.fill("#bill-words", LAW)
    president.locator(".bill-form button[type=submit]").click()
    escaped = LAW.replace('"', '\\"')
    done(president, f'propose law "{escaped}"')
    expect(president.locator("#result")).to_contain_text("proposes a law, bill 1")  # what it did, from the log
    expect(president.locator(".bill-text")).to_have_text(LAW)
    president.get_by_role("button", name="Call the vote").click()
    done(president, "call-vote")
    show(member, "council")
    settled(room, member)
    member.get_by_role("button", name="Vote yea").click()
    done(member, "vote yea")
    # The chamber names each member: a person by name and role, an empty seat by its role, never by its label.
    hands = member.locator(".hands")
    president_name = f"Player {room.seat('star-alpha/president')}, President of the Star Alpha"
    expect(hands.locator("tr[data-voter='star-alpha/president'] th")).to_have_text(president_name)
    expect(hands.locator("tr[data-voter='dione/council-member'] th")).to_have_text(
        f"Player {room.seat('dione/council-member')}, Council Member of the Dione (you)"
    )
    expect(hands.locator("tr[data-voter='carmine/council-member'] th")).to_have_text(
        "the Council Member of the Carmine"
    )

    settled(room, president)
    for voter in [v for v in room.control.view["observation"]["council"]["voters"] if v != "dione/council-member"]:  # type: ignore[index]
        record_hand(president, voter, "yea")
    expect(projector.locator("#laws")).to_contain_text(LAW, timeout=WAIT_MS)
    # A Wolf Attack: the projector raises the alert; the Icebreaker's first officer flies its fighters to the
    # Wolves; Control plays the Wolves' round and ends the attack.
    _send_verb(desk, "attack", "the long-range sensors light up")
    expect(projector.locator("#attack")).to_be_visible(timeout=WAIT_MS)
    show(ice_officer, "fleet")
    settled(room, ice_officer)
    expect(ice_officer.locator(".attack-banner")).to_contain_text("Your fighters or batteries wait")
    deploy = ice_officer.locator("[data-action^='deploy icebreaker:u1 q']").first
    where = str(deploy.get_attribute("data-action"))
    deploy.click()
    done(ice_officer, where)
    shot(ice_officer, "turn-icebreaker-first-officer-attack")
    shot(projector, "turn-projector-attack")
    assert labels_shown(room, projector) == [], "the projector names people, not seats' labels"
    _send_verb(desk, "wolf-round")
    _send_verb(desk, "end-attack", "the Wolves break off")
    expect(projector.locator("#attack")).to_be_hidden(timeout=WAIT_MS)

    # Control resolves the jumps: the Dione leaves the map's quadrants for its destination.
    _send_verb(desk, "resolve-jumps")
    expect(projector.locator("#map .map-ship[data-ship='dione']")).not_to_contain_text("jump declared", timeout=WAIT_MS)

    # The Team Phase: the Media publish the news, Control sets its effect on the Dione, and the next turn begins.
    _advance(desk, confirm=True)
    expect(projector.locator("#phase")).to_have_text("Team Phase", timeout=WAIT_MS)
    settled(room, anchor)
    anchor.fill("#story", STORY)
    anchor.locator(".compose button[type=submit]").click()
    confirm(anchor, STORY)
    done(anchor, f'broadcast "{STORY}"')
    expect(projector.locator("#on-air .broadcast-text")).to_have_text(STORY, timeout=WAIT_MS)
    expect(desk.locator("#broadcasts")).to_contain_text(STORY)  # on air beside the desk's news verb
    anchor_name = f"Player {room.seat('media/anchor')}, INC Anchor of the Media"
    expect(projector.locator("#on-air .broadcast-meta")).to_contain_text(anchor_name)
    expect(projector.locator("#news")).to_contain_text(f"INC broadcast ({anchor_name})")
    assert labels_shown(room, projector) == [], "the projector's news names people, not seats' labels"
    assert labels_shown(room, desk, "#log") == [], "the desk's log names people, not seats' labels"
    _send_verb(desk, "news", "dione", "+1")
    for label in PHONES:
        offered_is_legal(room, label)
    for label in PHONES:
        assert labels_shown(room, pages[label]) == [], f"{label}'s screen shows seats' labels, not people"
        shot(pages[label], f"turn-{label.replace('/', '-')}")
    shot(desk, "turn-control-desk")
    shot(projector, "turn-projector")
    _advance(desk, confirm=True)
    expect(projector.locator("#turn")).to_have_text("Turn 2 of 12", timeout=WAIT_MS)
    expect(captain.locator("#phase")).to_contain_text("Turn 2 of 12", timeout=WAIT_MS)
    room.no_page_complained()


def test_a_text_too_long_is_refused_in_a_sentence_never_cut_and_a_reason_belongs_to_one_change(room: Table) -> None:
    """Found by a new Control team: the broadcast box cut pasted text at 200 characters without a word, and the
    clock's Reason box kept its text, so a resume was logged with the earlier extend's reason."""
    desk, anchor = room.pages["desk"], room.pages["media/anchor"]
    room.control.settle()  # wherever the event stands (this test may run alone), the desk advances into a timed phase
    _advance_as_asked(desk)
    expect(desk.locator("#clock")).not_to_have_attribute("data-kind", "untimed", timeout=WAIT_MS)
    desk.fill("#clock-reason", "late start")
    desk.click("#extend")
    expect(desk.locator("#clock-reason")).to_have_value("", timeout=WAIT_MS)
    desk.click("#pause")
    expect(desk.locator("#pause")).to_have_text("Resume clock", timeout=WAIT_MS)
    desk.click("#pause")
    expect(desk.locator("#pause")).to_have_text("Pause clock", timeout=WAIT_MS)
    store = EventStore(room.server.app.state.events.store.engine)
    clock_rows = [(e.text, e.reason) for e in store.audit(EVENT_ID, kind="clock")]
    assert clock_rows[-3:] == [("clock: extend 120 s", "late start"), ("clock: pause", ""), ("clock: resume", "")]

    # Every request id a page made is its own and cannot be guessed.
    ids = [rid for (_, rid) in room.server.app.state.events.live[EVENT_ID].requests]
    assert ids and all(re.fullmatch(r"r-[0-9a-f]{32}", rid) for rid in ids), ids

    while (
        room.control.settle() is not None and room.control.view and room.control.view["observation"]["step"] != "team"
    ):
        answer = room.control.act(0, "control advance", confirm=True)  # the news is the Team Phase's
        assert answer["type"] == "ack", answer
    settled(room, anchor)
    story = anchor.locator("#story")
    story.focus()
    anchor.keyboard.insert_text("w" * 250)  # as a paste arrives
    expect(story).to_have_value("w" * 250)
    expect(anchor.locator("#story-length")).to_have_text("250 of 200 characters")
    anchor.locator(".compose button[type=submit]").click()
    expect(anchor.locator("#story-result")).to_have_text(
        "A broadcast may be at most 200 characters (this one has 250)."
    )
    expect(anchor.locator("#confirm")).to_be_hidden()
    room.no_page_complained()


ROUTINE_MOST = 2
"""The most actions a routine task may take at Control's desk (issue 30)."""
JUMPERS = 3
"""How many ships jump blind, each to a point of its own: so many separated from the fleet at once."""


@dataclass
class Counted:
    """Control's actions at a page, counted: each click, and each field filled or choice made. The words of a reply
    are not counted: they are the reply itself, as a broadcast's are the Media's."""

    page: Page
    count: int = 0

    def click(self, target: str | Locator) -> None:
        (self.page.locator(target) if isinstance(target, str) else target).click()
        self.count += 1

    def fill(self, target: str | Locator, text: str) -> None:
        (self.page.locator(target) if isinstance(target, str) else target).fill(text)
        self.count += 1


def test_routine_tasks_take_at_most_two_actions_each(room: Table) -> None:
    """Issue 30: advance, resolve jumps that strand three ships, set a broadcast's effect, settle a notice, reply to
    a message, move a seat: each done as Control would, each in at most two actions (switching to the task's tab
    not counted). Before, resolving three separations took 7 actions and the news 4 a ship."""
    desk, anchor = room.pages["desk"], room.pages["media/anchor"]
    counts: dict[str, int] = {}
    _control_advances_to(room, "start")
    # The first ships but the Aegis whose drive can be crewed (the turns before may have left a riot on some).
    crewed = (ship for ship in room.event.ships if ship != "aegis" and _seat_for(room, ship, "use jump-drive"))
    jumpers = list(islice(crewed, JUMPERS))
    for ship in jumpers:
        _seat_acts(room, ship, "use jump-drive")
    expect(desk.locator("#phase")).to_contain_text("Start of turn", timeout=WAIT_MS)
    counts["advance"] = _advance_as_asked(desk)
    expect(desk.locator("#phase")).to_contain_text("Action Phase", timeout=WAIT_MS)
    for ship in jumpers:
        _seat_acts(room, ship, "jump")  # no coordinates written: each jumps blind, to a point of its own

    show_panel(desk, "notices-panel")
    resolve = Counted(desk)
    ships = room.control.view["observation"]["ships"]  # type: ignore[index]
    expect(desk.locator("#jumps-declared")).to_contain_text(ships[jumpers[-1]]["name"], timeout=WAIT_MS)
    before = {notice["id"] for notice in room.control.view["observation"]["notices"]}  # type: ignore[index]
    resolve.fill("#jumps-ruling", "fly alone until you find the fleet")
    _pictures(desk, "jumps-form", "desk-resolve-jumps")
    resolve.click("#jumps-form button[type=submit]")
    expect(desk.locator("#jumps-form")).to_be_hidden(timeout=WAIT_MS)
    counts["resolve jumps, three ships separated"] = resolve.count
    room.control.settle()
    # The ruling settles every separation; what is left is the fleet morale a ship leaving the fleet suggests
    # (Interpretation 80; a ship already apart, as the Dione after the turn before, leaves nothing), one notice per
    # ship for Control to confirm or settle like any other (or by a standing policy).
    now = room.control.view["observation"]["notices"]  # type: ignore[index]
    added = sorted((notice["kind"], notice["ship"]) for notice in now if notice["id"] not in before)
    assert added and added == sorted(("fleet-morale", ship) for ship in jumpers if ships[ship]["with_fleet"])
    for ship in jumpers:
        expect(desk.locator("#log")).to_contain_text(f"Control: {ship} is separated from the fleet")
    expect(desk.locator("#log")).to_contain_text('("fly alone until you find the fleet")')

    _control_advances_to(room, "team")
    settled(room, anchor)
    anchor.fill("#story", STORY)
    anchor.locator(".compose button[type=submit]").click()
    confirm(anchor, STORY)
    show_panel(desk, "news-panel")
    news = Counted(desk)
    news.click(desk.get_by_role("button", name="Every ship +1", exact=True))
    _pictures(desk, "news-effects", "desk-news-effects")
    assert wcag_violations(desk, "laptop") == []
    news.click("#news-apply")
    expect(desk.locator("#news-result")).to_contain_text("applied", timeout=WAIT_MS)
    counts["set a broadcast's news effects"] = news.count
    room.control.settle()
    assert room.control.view["observation"]["news"] == dict.fromkeys(ships, 1)  # type: ignore[index]

    room.control_acts('control set dione.morale 0 "a test of the notices"')
    show_panel(desk, "notices-panel")
    notice = desk.locator("#notices .notice", has_text="anarchy")
    settle = Counted(desk)
    settle.fill(notice.locator("input"), "morale restored at the table")
    settle.click(notice.locator("button[type=submit]"))
    expect(notice).to_have_count(0, timeout=WAIT_MS)
    counts["settle a notice"] = settle.count

    phone = room.pages["dione/captain"]
    show(phone, "messages")
    phone.fill("#message-text", "we need a ruling")
    phone.click("#message-form button[type=submit]")
    show_panel(desk, "inbox-panel")
    reply = Counted(desk)
    reply.click(
        desk.locator("#messages li.to-control", has_text="we need a ruling").get_by_role("button", name="Reply")
    )
    desk.keyboard.type("hold position")
    reply.click("#message-form button[type=submit]")
    expect(phone.locator("#messages")).to_contain_text("hold position", timeout=WAIT_MS)
    counts["reply to a message"] = reply.count

    # An operator's desk may not move a seat (its roster has no Move); the organiser's page does it.
    show_panel(desk, "seats-panel")
    expect(desk.locator("#roster tbody tr").first).to_be_visible()
    expect(desk.locator("#roster").get_by_role("button", name="Move")).to_have_count(0)
    organiser = room.open_page(
        "organiser", f"/event/{EVENT_ID}/organiser#token={room.event.tokens.tokens[0]}", 1366, 768
    )
    move = Counted(organiser)
    move.click(organiser.locator("#roster tbody tr", has_text="carmine/captain").get_by_role("button", name="Move"))
    expect(organiser.locator("#confirm-text")).to_contain_text(
        "The Captain of the Carmine: move this seat to a new device?", timeout=WAIT_MS
    )
    move.click("#confirm-yes")
    expect(organiser.locator("#roster-result")).to_contain_text(
        "The Captain of the Carmine: moved, the new link is under the row.", timeout=WAIT_MS
    )
    counts["move a seat"] = move.count

    assert max(counts.values()) <= ROUTINE_MOST, counts
    room.no_page_complained()


def _pictures(desk: Page, shown: str, name: str) -> None:
    """The desk with `shown` in sight at 1366x768 and on a phone (where its controls must take a finger), as
    test-artifacts/screenshots/NAME-WxH.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1366, 768), SIZES["phone"]):
        desk.set_viewport_size({"width": width, "height": height})
        desk.locator(f"#{shown}").scroll_into_view_if_needed()
        desk.screenshot(path=str(SCREENSHOTS / f"{name}-{width}x{height}.png"))
    assert small_targets(desk) == []
    desk.set_viewport_size({"width": 1366, "height": 768})


def _control_advances_to(room: Table, step: str) -> None:
    """Control's socket advances until the event is at `step` (a test may run alone, or after the others)."""
    while room.control.settle() is not None and room.control.view["observation"]["step"] != step:  # type: ignore[index]
        answer = room.control.act(0, "control advance", confirm=True)
        assert answer["type"] == "ack", answer


def _seat_for(room: Table, ship: str, action: str) -> str | None:
    """The first seat of the ship's team that may take `action` now, or None."""
    return next((s.label for s in room.event.seats if s.team == ship and action in room.legal(s.label)), None)


def _seat_acts(room: Table, ship: str, verb: str) -> None:
    """The first seat of the ship's team that may take the action `verb` takes it, from a device of its own."""
    label = _seat_for(room, ship, verb)
    assert label is not None, f"no seat of {ship} may {verb} now"
    device = Device(room.server.base, room.event.tokens.tokens[room.seat(label)])
    device.settle()
    answer = device.act(room.seat(label), verb)
    device.close()
    assert answer["type"] == "ack", answer


def _advance_as_asked(desk: Page) -> int:
    """Advance from the desk as Control would: the button, and the confirmation when the server asks for one (while
    the clock runs, or a ship has not done what the step needed); the actions it took. The step shown changing says
    it advanced: an earlier advance's "advanced" may still stand where nothing has happened since."""
    phase = desk.locator("#phase")
    moved = phase.filter(has_not_text=phase.inner_text())
    advance = Counted(desk)
    advance.click("#advance")
    asked = desk.locator("#confirm")
    expect(asked.or_(moved)).to_be_visible(timeout=WAIT_MS)
    if asked.is_visible():
        advance.click("#confirm-yes")
    expect(moved).to_be_visible(timeout=WAIT_MS)
    return advance.count
