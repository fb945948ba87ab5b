"""A whole turn of Den of Wolves in real headless Chromium (issue 16, item 9): Control's desk, the projector, two
ships with two roles each (the Dione's captain and council member, the Icebreaker's captain and first officer), the
President who chairs the Council, and the Media's anchor, each in a browser context of its own. One whole turn is
clicked through on their screens: a jump is declared and resolved, a bill passes, a Wolf Attack round is fought,
the news is published and its effect set; the projector shows each, and the next turn begins. Screenshots of every
role's screen go to test-artifacts/screenshots/turn-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from wolfpack.event.model import new_event
from wolfpack.event.settings import make_settings

from ..event.devices import EVENT_ID
from .players import (
    WAIT_MS,
    Table,
    confirm,
    declare_jump,
    done,
    offered_is_legal,
    record_hand,
    served,
    settled,
    shot,
    show,
    with_people,
)
from .test_event_pages import _advance, _send_verb

PHONES = (
    "dione/captain",
    "dione/council-member",
    "icebreaker/captain",
    "icebreaker/first-officer",
    "star-alpha/president",
    "media/anchor",
)
LAW = "Every ship keeps one shuttle ready for the sick"
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
    _advance(desk, confirm=False)
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
    done(president, f'propose law "{LAW}"')
    president.get_by_role("button", name="Call the vote").click()
    done(president, "call-vote")
    show(member, "council")
    settled(room, member)
    member.get_by_role("button", name="Vote yea").click()
    done(member, "vote yea")
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
    _send_verb(desk, "news", "dione", "+1")
    for label in PHONES:
        offered_is_legal(room, label)
    for label in PHONES:
        shot(pages[label], f"turn-{label.replace('/', '-')}")
    shot(desk, "turn-control-desk")
    shot(projector, "turn-projector")
    _advance(desk, confirm=True)
    expect(projector.locator("#turn")).to_have_text("Turn 2 of 12", timeout=WAIT_MS)
    expect(captain.locator("#phase")).to_contain_text("Turn 2 of 12", timeout=WAIT_MS)
    room.no_page_complained()
