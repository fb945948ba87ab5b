"""The players' screens of a Den of Wolves event in real headless Chromium (issue 16, item 1): the Dione's captain
and first officer on phones, its chief engineer on the table's tablet, Control driving the event over its socket.
Each screen offers exactly the seat's legal actions; a station's use, a repair, a card and a jump show what they
do before they are confirmed; a crew counter moves in two taps; rations show their cost and the morale outlook;
the jump sheet checks its five digits; the first officer commands while the captain is in the brig; walking is
one tap. Every screen names people ("Player 9, Captain of the Dione"), never by their seat's label, and a long name
fits the phone. Touch targets, WCAG 2.1 AA, screenshots of every screen (test-artifacts/screenshots/seat-*.png).

One scenario test whose steps go on, in order, from where the last left the event.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, expect

from ..event.devices import EVENT_ID, stored_event
from ..server.live import WAIT
from .accessibility import small_targets, wcag_violations
from .players import (
    WAIT_MS,
    Table,
    confirm,
    declare_jump,
    done,
    labels_shown,
    offered_is_legal,
    served,
    settled,
    shot,
    show,
)

PHONES = ("dione/captain", "dione/first-officer")
TABLET = "dione/chief-engineer"
TABLET_SIZE = (1280, 800)
TABS = ("ship", "supplies", "jump", "cards", "fleet", "people", "council", "messages", "log", "more")
LONG_NAME = "Maximiliana Ottilie Brandstätt"
"""A 30-character name: it must not break a phone's layout."""


def person(table: Table, label: str) -> str:
    """The name stored_event gives the person in a seat of the Dione's or the Aegis's team."""
    return f"Player {table.seat(label)}"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Table]:
    database = f"sqlite:///{tmp_path_factory.mktemp('event-seat-store')}/event.db"
    with served(tmp_path_factory, "event-seat", stored_event(database), browser, PHONES) as table:
        table.open(TABLET, *TABLET_SIZE)
        yield table


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


def _every_screen_offers_exactly_its_seats_legal_actions(table: Table) -> None:
    for label in (*PHONES, TABLET):
        expect(table.pages[label].locator("#title")).to_have_attribute("data-label", label, timeout=WAIT_MS)
        offered_is_legal(table, label)
    captain = table.pages["dione/captain"]
    # Each page names its person and role, not the seat's label.
    expect(captain.locator("#title")).to_have_text(person(table, "dione/captain"))
    expect(captain.locator("#role")).to_have_text("Captain of the Dione")
    # The stations are named and explained from the pack's guide.
    expect(captain.locator(".station[data-station='fore-farms'] h4")).to_have_text("Fore Hydroponics")
    expect(captain.locator(".station[data-station='fore-farms'] .does")).to_contain_text("gain 2 food")
    expect(captain.locator("#command")).to_have_text("You command the ship")
    expect(table.pages["dione/first-officer"].locator("#command")).to_have_text(
        f"Commanding the ship: {person(table, 'dione/captain')}, Captain of the Dione"
    )
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
    show(captain, "ship")
    before = table.version()
    use = captain.locator("[data-action='use jump-drive']")
    use.click()
    confirm(captain, "lets the ship jump that turn", yes=False)
    assert table.version() == before, "a cancelled use sends nothing"
    use.click()
    confirm(captain, "A use takes 1 crew, pilot")
    done(captain, "use jump-drive")
    expect(captain.locator(".station[data-station='jump-drive'] .crew-row")).to_contain_text("used")


def _a_crew_counter_moves_in_two_taps(table: Table) -> None:
    engineer = table.pages[TABLET]
    settled(table, engineer)
    moves = [a for a in table.legal(TABLET) if a.startswith("crew dione:c3 ")]
    assert moves, "c3 may move somewhere at the turn's start"
    engineer.locator("[data-crew='dione:c3']").click()
    expect(engineer.locator("[data-crew='dione:c3']")).to_have_attribute("aria-pressed", "true")
    expect(engineer.locator(".station.target")).to_have_count(len(moves))
    target = moves[0].split()[2]
    engineer.locator(f".station[data-station='{target}'] .station-actions button", has_text="here").click()
    done(engineer, moves[0])
    expect(engineer.locator(f".station[data-station='{target}'] .crew-row")).to_contain_text("c3")
    expect(engineer.locator(".station.target")).to_have_count(0)


def _rations_show_their_cost_and_the_morale_outlook(table: Table) -> None:
    table.control_acts("control advance")  # into the Action Phase
    captain = table.pages["dione/captain"]
    settled(table, captain)
    show(captain, "supplies")
    low = captain.locator("button.level[data-action='rations food low']")
    expect(low).to_contain_text("morale roll -1")
    expect(captain.locator(".outlook")).to_contain_text("Rations add +0")
    low.click()
    # The answer is what happened, in people's words (the line the action added to the ship's log).
    assert (
        done(captain, "rations food low") == f"{person(table, 'dione/captain')}, Captain of the Dione: rations food low"
    )
    expect(low).to_have_attribute("aria-pressed", "true")
    expect(captain.locator(".outlook")).to_contain_text("Rations add -1 to the morale roll (food low, water normal)")


def _the_jump_sheet_checks_its_digits_and_declares_the_jump(table: Table) -> None:
    captain = table.pages["dione/captain"]
    show(captain, "jump")
    before = table.version()
    captain.fill("#coords-input", "12a")
    captain.locator(".coords-form button[type=submit]").click()
    expect(captain.locator("#coords-hint")).to_have_text("coordinates are five digits")
    captain.fill("#coords-input", "99999")
    captain.locator(".coords-form button[type=submit]").click()
    expect(captain.locator("#result")).to_have_attribute("data-kind", "error", timeout=WAIT_MS)
    expect(captain.locator("#result")).to_contain_text("has not learnt the coordinates 99999")
    assert table.version() == before, "refused coordinates change nothing"
    table.control_acts('control draw-destination dione "the scanners found a system"')
    declare_jump(table, captain)
    show(captain, "fleet")
    expect(captain.locator(".map-ship[data-ship='dione']")).to_contain_text("jump declared")


def _a_card_is_played_from_its_holders_phone_only(table: Table) -> None:
    captain, officer = table.pages["dione/captain"], table.pages["dione/first-officer"]
    show(captain, "cards")
    hand = table.control.view["observation"]["hands"]["dione/captain"]  # type: ignore[index]
    expect(captain.locator("#hand li.card")).to_have_count(len(hand))
    show(officer, "cards")
    expect(captain.locator("#hand")).to_contain_text("Council Hospitality")
    expect(officer.locator("#hand")).to_have_text("No action card in your hand.")
    captain.locator("[data-action='play council-hospitality']").click()  # a one-use card: it leaves the hand
    confirm(captain, "What it does:")
    done(captain, "play council-hospitality")
    expect(captain.locator("#hand li.card")).to_have_count(len(hand) - 1)


def _the_first_officer_commands_while_the_captain_is_in_the_brig(table: Table) -> None:
    captain, officer = table.pages["dione/captain"], table.pages["dione/first-officer"]
    table.control_acts('control brig dione/captain "mutiny on the promenade"')
    settled(table, officer)
    expect(officer.locator("#command")).to_have_text("You command the ship")
    show(officer, "fleet")
    expect(officer.locator(".fleet-controls")).to_contain_text("Move the ship")
    settled(table, captain)
    expect(captain.locator("#command")).to_have_text(
        f"Commanding the ship: {person(table, 'dione/first-officer')}, First Officer of the Dione"
    )
    expect(captain.locator(".fleet-controls")).to_have_count(0)
    show(captain, "people")
    expect(captain.locator(".where-now")).to_contain_text("brig")
    everyone = captain.locator(".people")
    expect(everyone.locator("li[data-label='dione/captain']")).to_contain_text(
        f"{person(table, 'dione/captain')}, Captain of the Dione · the ICSS Aegis's table, brig"
    )
    expect(everyone.locator("li[data-label='icebreaker/captain']")).to_contain_text("the Captain of the Icebreaker")
    for label in PHONES:
        offered_is_legal(table, label)


def _walking_to_another_table_is_one_tap(table: Table) -> None:
    officer = table.pages["dione/first-officer"]
    show(officer, "people")
    officer.get_by_role("button", name="I am at the ICSS Aegis's table").click()
    done(officer, "goto aegis")
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
        show(officer, tab)
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
    captain = table.pages["dione/captain"]
    show(captain, "log")
    expect(captain.locator("#log")).to_contain_text(
        f"{person(table, 'dione/captain')}, Captain of the Dione: use jump-drive"
    )
    # The organiser gives the seat to someone with a long name: the phone names them at once, and it fits.
    answer = httpx.post(
        f"{table.server.base}/api/events/{EVENT_ID}/seats",
        json={"seat": "dione/captain", "holder": "person", "name": LONG_NAME},
        headers={"Authorization": f"Bearer {table.event.tokens.tokens[0]}"},
        timeout=WAIT,
    )
    assert answer.status_code == 200, answer.text
    expect(captain.locator("#title")).to_have_text(LONG_NAME, timeout=WAIT_MS)
    expect(captain.locator("#log")).to_contain_text(f"{LONG_NAME}, Captain of the Dione: use jump-drive")
    for tab in TABS:
        show(captain, tab)
        assert labels_shown(table, captain) == [], f"the {tab} screen shows seats' labels, not people"
        wider = captain.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wider <= 0, f"the {tab} screen is {wider} px wider than the phone with a long name"
        shot(captain, f"seat-phone-{tab}")
    shot(table.pages[TABLET], "seat-tablet")
    table.no_page_complained()
