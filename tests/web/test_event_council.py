"""The Council chamber on the players' phones, in real headless Chromium (issue 16, item 3), Infinite Domain: the
Parliamentarian brings a bill in her own words and calls the vote; a member votes on her phone while the chair
records the other members' raised hands; the tie goes to the Vice President's phone; the President vetoes after a
confirmation; the Council overrides by a supermajority; every phone's register shows the law. Each phone offers
exactly its seat's legal actions throughout; targets are 44 px and the chamber passes WCAG 2.1 AA.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from wolfpack.event.model import new_event
from wolfpack.event.settings import make_settings
from wolfpack.event.store import EventStore

from ..event.devices import EVENT_ID, Device
from ..server.live import ThreadedServer
from .accessibility import SIZES, small_targets, wcag_violations
from .conftest import CHROMIUM, CHROMIUM_ARGS
from .test_event_seat import WAIT_MS, Table, _confirm, _done, _offered_is_legal, _settled, _show
from .test_pages import SCREENSHOTS

CHAIR = "star-alpha/parliamentarian"
MEMBER = "dione/council-member"
PRESIDENT = "star-alpha/president"
VP = "star-alpha/vice-president"
PHONES = (CHAIR, MEMBER, PRESIDENT, VP)
LAW = "No ship hoards fuel while another runs dry"


@pytest.fixture(scope="module")
def chamber(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    database = f"sqlite:///{tmp_path_factory.mktemp('event-council')}/event.db"
    event = new_event(make_settings(edition="infinite-domain"), event_id=EVENT_ID)
    for seat in event.seats:
        if seat.team in ("star-alpha", "dione"):
            event = event.assign(str(seat.index), f"Player {seat.index}")
    store = EventStore.open(database)
    store.create(event)
    store.close()
    with ThreadedServer(database) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        control = Device(server.base, event.tokens.tokens[0])
        table = Table(server, event, browser, control)
        for label in PHONES:
            _show(table.open(label, *SIZES["phone"]), "council")
        yield table
        control.close()
        browser.close()


def _all_offer_their_legal_actions(table: Table) -> None:
    for label in PHONES:
        _offered_is_legal(table, label)


def _hand(chair: Page, member: str, ballot: str) -> None:
    chair.locator(f".hands tr[data-voter='{member}'] button[data-action='hands {member} {ballot}']").click()
    _done(chair, f"hands {member} {ballot}")


def test_a_bill_is_voted_vetoed_and_overridden_from_the_members_phones(chamber: Table) -> None:
    table = chamber
    chair, member, president, vp = (table.pages[label] for label in PHONES)
    table.control_acts("control advance")  # the Action Phase: the Council sits
    _settled(table, chair)
    _all_offer_their_legal_actions(table)
    expect(member.locator("#bill-kind")).to_have_count(0)  # only the chair brings bills
    chair.select_option("#bill-kind", "law")
    chair.locator(".bill-form button[type=submit]").click()
    expect(chair.locator("#bill-result")).to_have_text("write the bill's words first")
    chair.fill("#bill-words", LAW)
    chair.locator(".bill-form button[type=submit]").click()
    _done(chair, f'propose law "{LAW}"')
    expect(member.locator(".bill-text")).to_have_text(LAW)
    chair.get_by_role("button", name="Call the vote").click()
    _done(chair, "call-vote")
    # One member votes on her phone; the chair records the others' raised hands and her own vote: 3-3, one abstains.
    _settled(table, member)
    member.get_by_role("button", name="Vote yea").click()
    _done(member, "vote yea")
    _settled(table, chair)
    voters = table.control.view["observation"]["council"]["voters"]  # type: ignore[index]
    others = [v for v in voters if v not in (MEMBER, CHAIR)]
    for who, ballot in zip(others, ("yea", "yea", "nay", "nay", "nay"), strict=True):
        _hand(chair, who, ballot)
    expect(chair.locator(f".hands tr[data-voter='{MEMBER}'] button")).to_have_count(0)  # she voted herself
    _all_offer_their_legal_actions(table)
    chair.get_by_role("button", name="Vote abstain").click()
    _done(chair, "vote abstain")
    # The tie goes to the Vice President, on his phone: yea or nay only.
    _settled(table, vp)
    expect(vp.locator(".bill h3")).to_contain_text("tied")
    expect(vp.locator(".vote-row button")).to_have_count(2)
    _all_offer_their_legal_actions(table)
    vp.get_by_role("button", name="Vote yea").click()
    _done(vp, "vote yea")
    # The President vetoes, after a confirmation; the chair calls the override and the hands carry it.
    _settled(table, president)
    expect(president.locator(".bill h3")).to_contain_text("awaiting the President's signature")
    president.get_by_role("button", name="Veto the bill").click()
    _confirm(president, "override a veto by a supermajority")
    _done(president, "veto")
    _settled(table, chair)
    chair.get_by_role("button", name="Call the vote").click()
    _done(chair, "call-vote")
    expect(chair.locator(".bill")).to_contain_text("a vote to override the veto")
    for who in voters:
        _hand(chair, who, "yea")
    for phone in (chair, member, president, vp):
        expect(phone.locator(".register .laws li").first).to_contain_text(LAW, timeout=WAIT_MS)
    expect(chair.locator(".register .minutes")).to_contain_text("passed on the tie-break: 3 yea, 3 nay, 1 abstain")
    expect(chair.locator(".register .minutes")).to_contain_text("veto overridden: 7 yea, 0 nay, 0 abstain")
    _all_offer_their_legal_actions(table)


def test_the_chamber_is_large_enough_to_tap_and_passes_wcag(chamber: Table) -> None:
    member = chamber.pages[MEMBER]
    _settled(chamber, member)
    assert small_targets(member) == []
    found = wcag_violations(member, "phone")
    assert found == [], f"the Council chamber breaks WCAG 2.1 AA: {found}"
    # A call asks first: cancelled, nothing is sent.
    chamber.control.settle()
    before = chamber.control.version
    member.get_by_role("button", name="Call a vote of no confidence").click()
    _confirm(member, "one per game", yes=False)
    chamber.control.settle()
    assert chamber.control.version == before
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for label in (CHAIR, MEMBER):
        page = chamber.pages[label]
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SCREENSHOTS / f"seat-council-{label.replace('/', '-')}.png"), full_page=True)
    for label, complaints in chamber.complaints.items():
        assert complaints == [], f"{label}'s page reported errors: {complaints}"
