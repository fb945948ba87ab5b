"""Every role's screen, in real headless Chromium (issue 16, "done when"): for each role of both editions' fleets
(every ship's roles, the Star Alpha's, the Media, the wildcards and the Helvetii Diplomat), its page in the Action
Phase offers exactly the seat's legal actions, and only the screens its role uses. Every seat is loaded but the
hand-less roles of the regular ships past the first two (`REGULAR_SHIPS_CHECKED`), which show what theirs show."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from wolfpack.event.model import new_event
from wolfpack.event.settings import make_settings

from ..event.devices import EVENT_ID
from .accessibility import SIZES
from .players import WAIT_MS, Table, labels_shown, offered_is_legal, served


@pytest.fixture(scope="module", params=["classic", "infinite-domain"])
def fleet(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, browser: Browser
) -> Iterator[Table]:
    edition = str(request.param)
    event = new_event(make_settings(edition=edition), EVENT_ID)
    with served(tmp_path_factory, f"event-roles-{edition}", event, browser) as table:
        table.control_acts("control advance")  # the Action Phase, where most roles have most to do
        yield table


def _join(table: Table, page: Page, label: str) -> None:
    token = table.event.tokens.tokens[table.seat(label)]
    page.goto(f"{table.server.base}/event/{EVENT_ID}/join#token={token}")
    expect(page.locator("#title")).to_have_attribute("data-label", label, timeout=WAIT_MS)
    seat = table.event.seats[table.seat(label)]
    expect(page.locator("#title")).to_have_text(f"{seat.role_title} of the {seat.team_name}")  # nobody named holds it


REGULAR_SHIPS_CHECKED = 2
"""A regular ship's first officer, council member and chief engineer (no hand; the ship's screens are the captain's)
show what the same roles of every other regular ship show: their pages are loaded on this many ships."""


def _seats_to_check(table: Table) -> list[str]:
    """Every seat but the hand-less roles of the regular ships past the first few: each captain (its own cards, every
    station of its ship), every role of the first regular ships, the Aegis's, the Star Alpha's, the Media, the
    wildcards."""
    seats = [seat for seat in table.event.seats if seat.index]
    captained = [seat.team for seat in seats if seat.role_title == "Captain"]
    regular = [team for team in captained if sum(seat.team == team for seat in seats) == 4]  # a ship of four roles
    skipped = set(regular[REGULAR_SHIPS_CHECKED:])
    return [seat.label for seat in seats if seat.team not in skipped or seat.role_title == "Captain"]


def test_every_roles_page_offers_exactly_its_legal_actions(fleet: Table) -> None:
    context = fleet.browser.new_context(viewport={"width": SIZES["phone"][0], "height": SIZES["phone"][1]})
    page = context.new_page()
    fleet.watch("every role", page)
    labels = _seats_to_check(fleet)
    checked = 0
    for label in labels:
        _join(fleet, page, label)
        offered_is_legal(fleet, label, page)
        assert labels_shown(fleet, page) == [], f"{label}'s screens show seats' labels, not people"
        legal = fleet.legal(label)
        ship_screens = page.locator(".tab[data-panel='ship-panel']").is_visible()
        news_screen = page.locator(".tab[data-panel='news-panel']").is_visible()
        team = fleet.event.seats[fleet.seat(label)].team not in ("control", "media", "wildcard")
        assert ship_screens == team and news_screen == label.startswith("media/"), f"{label}'s screens"
        checked += bool(legal)
    assert checked > len(labels) // 2, "most seats have something to do in the Action Phase"
    fleet.no_page_complained()
    context.close()
