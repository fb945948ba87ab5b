"""The Council chamber on the players' phones, in real headless Chromium (issue 16, item 3), Infinite Domain: the
Parliamentarian brings a bill in her own words and calls the vote; a member votes on her phone while the chair
records the other members' raised hands; the tie goes to the Vice President's phone; the President vetoes after a
confirmation; the Council overrides by a supermajority; every phone's register shows the law. Each phone offers
exactly its seat's legal actions throughout; targets are 44 px and the chamber passes WCAG 2.1 AA.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from wolfpack.event.model import new_event
from wolfpack.event.settings import make_settings

from ..event.devices import EVENT_ID
from .accessibility import small_targets, wcag_violations
from .players import (
    WAIT_MS,
    Table,
    confirm,
    done,
    offered_is_legal,
    record_hand,
    served,
    settled,
    shot,
    show,
    with_people,
)

CHAIR = "star-alpha/parliamentarian"
MEMBER = "dione/council-member"
PRESIDENT = "star-alpha/president"
VP = "star-alpha/vice-president"
PHONES = (CHAIR, MEMBER, PRESIDENT, VP)
LAW = "No ship hoards fuel while another runs dry"


@pytest.fixture(scope="module")
def chamber(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Table]:
    event = with_people(new_event(make_settings(edition="infinite-domain"), event_id=EVENT_ID), PHONES)
    with served(tmp_path_factory, "event-council", event, browser, PHONES) as table:
        for label in PHONES:
            show(table.pages[label], "council")
        yield table


def _all_offer_their_legal_actions(table: Table) -> None:
    for label in PHONES:
        offered_is_legal(table, label)


def test_a_bill_is_voted_vetoed_and_overridden_from_the_members_phones(chamber: Table) -> None:
    """One scenario on one event (so that no test runner splits its steps between workers with events of their
    own): the bill's course, then the chamber's targets, accessibility and screenshots."""
    _a_bill_is_voted_vetoed_and_overridden(chamber)
    _the_chamber_is_large_enough_to_tap_and_passes_wcag(chamber)


def _a_bill_is_voted_vetoed_and_overridden(table: Table) -> None:
    chair, member, president, vp = (table.pages[label] for label in PHONES)
    table.control_acts("control advance")  # the Action Phase: the Council sits
    settled(table, chair)
    _all_offer_their_legal_actions(table)
    expect(member.locator("#bill-kind")).to_have_count(0)  # only the chair brings bills
    chair.select_option("#bill-kind", "law")
    chair.locator(".bill-form button[type=submit]").click()
    expect(chair.locator("#bill-words-result")).to_have_text("write the bill's words first")
    chair.fill("#bill-words", LAW)
    # An update while she writes (Control moves the pursuit track) keeps her words.
    table.control_acts('control set pursuit 5 "the Wolves close in"')
    expect(chair.locator("#pursuit")).to_contain_text("Pursuit 5", timeout=WAIT_MS)
    expect(chair.locator("#bill-words")).to_have_value(LAW)
    chair.locator(".bill-form button[type=submit]").click()
    done(chair, f'propose law "{LAW}"')
    expect(member.locator(".bill-text")).to_have_text(LAW)
    chair.get_by_role("button", name="Call the vote").click()
    done(chair, "call-vote")
    # One member votes on her phone; the chair records the others' raised hands and her own vote: 3-3, one abstains.
    settled(table, member)
    member.get_by_role("button", name="Vote yea").click()
    done(member, "vote yea")
    settled(table, chair)
    voters = table.control.view["observation"]["council"]["voters"]  # type: ignore[index]
    others = [v for v in voters if v not in (MEMBER, CHAIR)]
    for who, ballot in zip(others, ("yea", "yea", "nay", "nay", "nay"), strict=True):
        record_hand(chair, who, ballot)
    expect(chair.locator(f".hands tr[data-voter='{MEMBER}'] button")).to_have_count(0)  # she voted herself
    _all_offer_their_legal_actions(table)
    chair.get_by_role("button", name="Vote abstain").click()
    done(chair, "vote abstain")
    # The tie goes to the Vice President, on his phone: yea or nay only.
    settled(table, vp)
    expect(vp.locator(".bill h3")).to_contain_text("tied")
    expect(vp.locator(".vote-row button")).to_have_count(2)
    _all_offer_their_legal_actions(table)
    vp.get_by_role("button", name="Vote yea").click()
    done(vp, "vote yea")
    # The President vetoes, after a confirmation; the chair calls the override and the hands carry it.
    settled(table, president)
    expect(president.locator(".bill h3")).to_contain_text("awaiting the President's signature")
    president.get_by_role("button", name="Veto the bill").click()
    confirm(president, "override a veto by a supermajority")
    done(president, "veto")
    settled(table, chair)
    chair.get_by_role("button", name="Call the vote").click()
    done(chair, "call-vote")
    expect(chair.locator(".bill")).to_contain_text("a vote to override the veto")
    for who in voters:
        record_hand(chair, who, "yea")
    for phone in (chair, member, president, vp):
        expect(phone.locator(".register .laws li").first).to_contain_text(LAW, timeout=WAIT_MS)
    expect(chair.locator(".register .minutes")).to_contain_text("passed on the tie-break: 3 yea, 3 nay, 1 abstain")
    expect(chair.locator(".register .minutes")).to_contain_text("veto overridden: 7 yea, 0 nay, 0 abstain")
    _all_offer_their_legal_actions(table)


def _the_chamber_is_large_enough_to_tap_and_passes_wcag(chamber: Table) -> None:
    member = chamber.pages[MEMBER]
    settled(chamber, member)
    assert small_targets(member) == []
    found = wcag_violations(member, "phone")
    assert found == [], f"the Council chamber breaks WCAG 2.1 AA: {found}"
    # A call asks first: cancelled, nothing is sent.
    before = chamber.version()
    member.get_by_role("button", name="Call a vote of no confidence").click()
    confirm(member, "one per game", yes=False)
    assert chamber.version() == before
    for label in (CHAIR, MEMBER):
        shot(chamber.pages[label], f"seat-council-{label.replace('/', '-')}")
    chamber.no_page_complained()
