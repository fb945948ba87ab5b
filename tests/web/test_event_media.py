"""The Media desk in real headless Chromium (issue 16, item 4): the anchor's phone opens on the news desk (no ship's
screens), offers exactly its legal actions, refuses an empty story, publishes a broadcast after a last look, and
the projector and a captain's phone put it up; the feed shows the room's public record. Targets and WCAG too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from ..event.devices import EVENT_ID, stored_event
from .accessibility import small_targets, wcag_violations
from .players import WAIT_MS, Table, confirm, done, labels_shown, offered_is_legal, served, settled, shot, show

ANCHOR = "media/anchor"
CAPTAIN = "dione/captain"
STORY = 'Water rationing on the Dione: "we will manage", says its captain'


@pytest.fixture(scope="module")
def newsroom(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Table]:
    database = f"sqlite:///{tmp_path_factory.mktemp('event-media-store')}/event.db"
    with served(tmp_path_factory, "event-media", stored_event(database), browser, (ANCHOR, CAPTAIN)) as table:
        table.open_page("projector", f"/event/{EVENT_ID}/projector", 1920, 1080)
        yield table


def test_the_media_publish_a_broadcast_that_the_room_sees(newsroom: Table) -> None:
    """One scenario on one event (so that no test runner splits its steps between workers with events of their
    own): the broadcast, then the desk's targets, accessibility and screenshots."""
    _a_broadcast_is_published(newsroom)
    _the_news_desk_is_large_enough_to_tap_and_passes_wcag(newsroom)


def _a_broadcast_is_published(newsroom: Table) -> None:
    anchor, captain, projector = newsroom.pages[ANCHOR], newsroom.pages[CAPTAIN], newsroom.pages["projector"]
    settled(newsroom, anchor)
    expect(anchor.locator("#news-panel")).to_be_visible()
    for screen in ("ship", "supplies", "jump"):
        expect(anchor.locator(f".tab[data-panel='{screen}-panel']")).to_be_hidden()
    expect(captain.locator(".tab[data-panel='news-panel']")).to_be_hidden()
    offered_is_legal(newsroom, ANCHOR)
    expect(anchor.locator(".feed")).to_contain_text("turn 1 begins")
    anchor.locator(".compose button[type=submit]").click()
    expect(anchor.locator("#story-result")).to_have_text("write the story first")
    anchor.fill("#story", STORY)
    anchor.locator(".compose button[type=submit]").click()
    confirm(anchor, STORY)
    escaped = STORY.replace('"', '\\"')
    done(anchor, f'broadcast "{escaped}"')
    expect(projector.locator("#on-air .broadcast-text")).to_have_text(STORY, timeout=WAIT_MS)
    expect(projector.locator("#on-air .broadcast-meta")).to_have_text("INC · the INC Anchor of the Media · turn 1")
    assert labels_shown(newsroom, projector) == [], "the projector names people, not seats' labels"
    assert labels_shown(newsroom, anchor) == [], "the news desk and its feed name people, not seats' labels"
    show(captain, "fleet")
    expect(captain.locator("#on-air .broadcast-text")).to_have_text(STORY, timeout=WAIT_MS)
    expect(anchor.locator(".news-desk .broadcasts li").first).to_contain_text(STORY)
    expect(anchor.locator(".feed li").first).to_contain_text("INC broadcast")


def _the_news_desk_is_large_enough_to_tap_and_passes_wcag(newsroom: Table) -> None:
    anchor = newsroom.pages[ANCHOR]
    assert small_targets(anchor) == []
    found = wcag_violations(anchor, "phone")
    assert found == [], f"the news desk breaks WCAG 2.1 AA: {found}"
    found = wcag_violations(newsroom.pages["projector"], "projector")
    assert found == [], f"the projector with a broadcast breaks WCAG 2.1 AA: {found}"
    shot(anchor, "seat-media-desk")
    shot(newsroom.pages["projector"], "event-projector-broadcast")
    newsroom.no_page_complained()
