"""A Wolf Attack on the players' screens, in real headless Chromium (issue 16, item 5): every seat's screen raises
the alert; the first officer, who reports to the fleet map, flies the Dione's fighters to the Wolves and strikes one
after the odds are shown; boarders land on the Dione and its captain sends its security troops against them from
the table; the alert ends with the attack. Each phone offers exactly its seat's legal actions throughout."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from ..event.devices import stored_event
from .accessibility import wcag_violations
from .players import (
    WAIT_MS,
    Table,
    choices_read_whole,
    confirm,
    done,
    never_scrolls_sideways,
    offered_is_legal,
    served,
    settled,
    shot,
    show,
)

OFFICER = "dione/first-officer"
CAPTAIN = "dione/captain"
ADMIRAL = "aegis/commanding-officer"
WIDER_THAN_THEIR_CARD = """() => [...document.querySelectorAll(".quadrant .badge")].filter((badge) =>
  badge.getBoundingClientRect().right > badge.closest(".quadrant").getBoundingClientRect().right + 0.5)
  .map((badge) => badge.textContent)"""


@pytest.fixture(scope="module")
def battle(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Table]:
    database = f"sqlite:///{tmp_path_factory.mktemp('event-attack-store')}/event.db"
    with served(
        tmp_path_factory, "event-attack", stored_event(database), browser, (OFFICER, CAPTAIN, ADMIRAL)
    ) as table:
        for label in (OFFICER, CAPTAIN, ADMIRAL):
            show(table.pages[label], "fleet")
        yield table


def _wolves(table: Table) -> dict[str, dict[str, object]]:
    table.control.settle()
    return dict(table.control.view["observation"]["attack"]["wolves"])  # type: ignore[index]


def test_a_wolf_attack_is_fought_from_the_phones(battle: Table) -> None:
    officer, captain = battle.pages[OFFICER], battle.pages[CAPTAIN]
    battle.control_acts("control advance")
    battle.control_acts('control attack "the sensors light up"')
    for page in (officer, captain):
        expect(page.locator(".attack-banner")).to_contain_text(
            "Wolf Attack · round 1 · the fleet's turn", timeout=WAIT_MS
        )
    expect(officer.locator(".attack-banner")).to_contain_text("Your fighters or batteries wait on the Fleet screen")
    expect(captain.locator(".attack-banner")).to_contain_text("Stay at your table")
    for label in (OFFICER, CAPTAIN, ADMIRAL):
        offered_is_legal(battle, label)
    # The Aegis's commander reinforces another ship in two choices, a unit and then where it goes, not by one of
    # dozens of buttons (one per unit, shuttle and ship).
    admiral = battle.pages[ADMIRAL]
    reinforce = admiral.locator(".control-group", has_text="Reinforce")
    expect(reinforce.locator("button")).to_have_count(1)
    reinforcements = sorted(a for a in battle.legal(ADMIRAL) if a.startswith("reinforce "))
    assert len(reinforcements) > 10, reinforcements
    _, unit, shuttle, ship = reinforcements[-1].split()
    choices_read_whole(reinforce, "the Aegis's reinforcements on a phone")
    reinforce.get_by_label("unit to send").select_option(value=unit)
    reinforce.get_by_label("where it goes").select_option(value=f"{shuttle} {ship}")
    reinforce.get_by_role("button", name="Reinforce").click()
    done(admiral, reinforcements[-1])
    # The first officer flies the Dione's fighters to another quadrant; Control sends a Wolf fighter there (the
    # attack's own Wolves land where the unseeded dice put them, so the test makes sure of one target).
    deploy = sorted(a for a in battle.legal(OFFICER) if a.startswith("deploy dione:u1 q"))[0]
    officer.locator(f"[data-action='{deploy}']").click()
    done(officer, deploy)
    quadrant = int(deploy[-1])
    before = set(_wolves(battle))
    battle.control_acts(f'control wolves fighter 1 q{quadrant} "a straggler"')
    target_id = next(wid for wid in _wolves(battle) if wid not in before)
    battle.control_acts("control wolf-round")
    settled(battle, officer)
    expect(officer.locator(".attack-banner")).to_contain_text("round 2 · the fleet's turn")
    offered_is_legal(battle, OFFICER)
    strike = officer.locator(f"[data-action='strike dione:u1 {target_id}']")
    expect(strike).to_contain_text("Wolf fighter squadron (1 hit to destroy)")
    strike.click()
    confirm(officer, "The d6: 1-2: no hit, the unit is hurt; 3-4: 1 hit; 5+: 2 hits.")
    said = done(officer, f"strike dione:u1 {target_id}")
    assert re.search(r"Dione's u1 rolls .*hit\(s\)", said), said  # the answer is the roll and its hits, in words
    # A swarm in a quadrant of the map's right-hand column: its badge ("3 Wolf fighters (w6, w7, w8)") wraps inside
    # its card; the phone never scrolls sideways.
    battle.control_acts('control wolves fighter 3 q3 "the swarm arrives"')
    swarm = officer.locator(".quadrant[data-place='3'] .map-wolves")
    expect(swarm).to_contain_text(re.compile(r"[3-9] Wolf fighters"), timeout=WAIT_MS)
    never_scrolls_sideways(officer, "the first officer's phone with a swarm on the fleet map")
    wide = officer.evaluate(WIDER_THAN_THEIR_CARD)
    assert wide == [], f"badges run out of their quadrant's card: {wide}"
    # Boarders land on the Dione: its captain sends the security troops against them from the table.
    battle.control_acts('control wolves boarding 1 dione "a boarding craft latches on"')
    # The Wolves' round may have landed boarders of its own (the event's dice are not seeded): count them all.
    aboard = sum(1 for wolf in _wolves(battle).values() if wolf["ship"] == "dione")
    boarders = f"{aboard} boarder{'s' if aboard > 1 else ''} aboard your ship"
    expect(captain.locator(".attack-banner")).to_contain_text(boarders, timeout=WAIT_MS)
    never_scrolls_sideways(captain, "the captain's phone with boarders aboard")
    settled(battle, captain)
    offered_is_legal(battle, CAPTAIN)
    captain.locator("[data-action='fight dione:u2']").click()
    confirm(captain, "The d6: 1-3: 1 hit, the unit is hurt; 4-5: 1 hit; 6+: 2 hits.")
    done(captain, "fight dione:u2")
    found = wcag_violations(captain, "phone")
    assert found == [], f"the captain's screen in an attack breaks WCAG 2.1 AA: {found}"
    for label, page in ((OFFICER, officer), (CAPTAIN, captain), (ADMIRAL, admiral)):
        shot(page, f"seat-attack-{label.replace('/', '-')}")
    battle.control_acts('control end-attack "the Wolves withdraw"')
    for page in (officer, captain):
        expect(page.locator(".attack-banner")).to_have_count(0, timeout=WAIT_MS)
    battle.no_page_complained()
