"""Boards you click, in real Chromium (issue 17): each game played by clicking the board, not the buttons, at phone
and laptop size against bots; at every click the lit elements are exactly the legal continuations the server
computes for the seat; Hunt's dice are listed once and its turn is played on the board; WOLF zooms until a square
takes a finger; axe on the boards with their targets lit. Screenshots go to test-artifacts/screenshots/boards-*.png.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from wolfpack.web.boards import action_choices, board_svg, hunt, turn_text
from wolfpack.web.panels import seat_panels

from ..server.live import ThreadedServer, create_table
from .accessibility import small_picks, small_targets, wcag_violations
from .boards.test_common import legal, play
from .boards.test_hunt import board_clicks
from .console import console_errors

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}
WAIT_S = 20.0
"""A safety net for things that should happen at once, not a timing assertion."""

DRAWN = """() => { const svg = document.querySelector("#board svg"); const scale = svg.getScreenCTM().a;
  return { scale, bottom: svg.getBoundingClientRect().top + svg.viewBox.baseVal.height * scale }; }"""
"""How large the board's drawing is drawn (CSS px per unit) and where its foot is on the screen."""
MOUSE_SCALE = 0.6
"""The least scale of Hunt's drawing on a laptop: its 17-unit text is 10 px, its 72-unit targets 43 px."""

GAMES = [
    ("spacewolves", {"players": 3}, 8),
    ("wolves-on-the-hunt", {"players": 2}, 6),
    ("wolf", {"players": 2, "max_rounds": 2}, 12),
]
"""(game, options, board moves to make): a long enough stretch of each game, one person against bots, on a phone."""
LAPTOP_MOVES = 4
"""Board moves made on a laptop: the same picks as on a phone, laid out otherwise; a few show they work there too."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedServer]:
    with ThreadedServer(f"sqlite:///{tmp_path_factory.mktemp('boards')}/boards.db") as live:
        yield live


def _shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"boards-{name}.png"), full_page=True)


def _wait(page: Page, condition: Any, what: str) -> Any:
    """Wait for `condition()` to be truthy (the page's events run between looks), failing with `what`."""
    deadline = time.monotonic() + WAIT_S
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        page.wait_for_timeout(10)  # lets the page's and the socket's events run between two looks


def _settled(page: Page, server: ThreadedServer, table_id: str) -> int:
    """Wait until the page shows the table's current version, with nothing of ours pending."""

    def shown() -> bool:
        version = server.hall.get(table_id).version
        # The board is wired once js/picks.js has loaded (a module the page imports while the first frames arrive).
        wired = page.evaluate("document.querySelector('#board').dataset.selection !== undefined")
        shows = page.evaluate("Number(document.body.dataset.version)") == version
        return bool(wired and shows and not page.evaluate("pending"))

    _wait(page, shown, "the page showing the table's version")
    return int(server.hall.get(table_id).version)


def _past(page: Page, server: ThreadedServer, table_id: str, version: int, what: str) -> None:
    """Wait until the table has moved on from `version`."""
    _wait(page, lambda: server.hall.get(table_id).version > version, what)


def _expected(server: ThreadedServer, table_id: str, seat: int) -> list[dict[str, Any]]:
    """The choices the server computes for the seat now, from its own state."""
    table = server.hall.get(table_id)
    state = table.state
    if table.over or seat not in state.waiting_for():
        return []
    legal = [state.action_to_string(a) for a in state.legal_actions(seat)]
    return action_choices(table.game.name, state.observation(seat), legal)


def _in_step(page: Page, choices: list[dict[str, Any]]) -> bool:
    """Whether the page shows the position the server's state is in now (chance may have moved it on already: the
    state runs ahead of the version while the server settles chance and sends the next frame)."""
    legal = sorted(entry["action"] for group in choices for entry in group["actions"])
    return bool(sorted(page.evaluate("frame.legal")) == legal)


def _lit(page: Page) -> set[str]:
    keys = page.locator("#board .pick-lit").evaluate_all("nodes => nodes.map((n) => n.dataset.pick)")
    return set(keys)


def _continuations(choices: list[dict[str, Any]], prefix: list[str]) -> set[str]:
    """The next keys of every action whose picks begin with `prefix`, from the server's choices."""
    return {
        entry["picks"][len(prefix)]
        for group in choices
        for entry in group["actions"]
        if entry.get("picks", [])[: len(prefix)] == prefix and len(entry.get("picks", [])) > len(prefix)
    }


def _click_key(page: Page, key: str) -> None:
    """Click the lit element of `key` where a finger would: the middle of its box, whatever is drawn on top."""
    # Forced: no check of what receives the click (a die or a label may be drawn over the piece), but the element is
    # found again if a redraw replaced it on the way (under load a redraw could land between finding and clicking).
    # Scrolled to the middle of the screen first, as a finger would: on a phone the dock of moves, held at the foot
    # of the screen, may cover the board's lowest row until the board is scrolled up.
    target = page.locator(f'#board [data-pick="{key}"]').first
    target.evaluate("(element) => element.scrollIntoView({ block: 'center' })")
    target.click(force=True)


def _press(page: Page, action: str) -> None:
    """Press the button of `action` in the list of moves, opening the list first where a phone folds it."""
    listed = page.locator("#moves-toggle[aria-expanded='false']")
    if listed.is_visible():
        listed.click()
    page.locator(f'#actions button[data-action="{action}"]').click()


def _sent(page: Page) -> list[str]:
    """Every message the page's sockets send from now on (listen before the page opens its socket)."""
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    return sent


def _show(page: Page, game: str, state: Any, seat: int) -> tuple[dict[str, Any], list[str]]:
    """Show the page a position as the server would draw it for `seat` (at a table where no other seat moves): board,
    moves and panels alike, so the screenshot is of one position."""
    observation, actions = state.observation(seat), legal(state, seat)
    shown = {
        **page.evaluate("frame"),
        "snapshot": True,
        "observation": observation,
        "legal": actions,
        "to_act": [seat],
        "board": board_svg(game, observation, seat),
        "turn": turn_text(game, observation, seat),
        "choices": action_choices(game, observation, actions),
        "panels": seat_panels(game, observation, seat),
    }
    page.evaluate("shown => receive(shown)", shown)
    return observation, actions


def _until_clickable(page: Page, server: ThreadedServer, table_id: str) -> set[str]:
    """Wait (pressing a button when the person's only moves are buttons) until something on the board is lit."""

    def lit_now() -> set[str]:
        version = _settled(page, server, table_id)
        choices = _expected(server, table_id, 0)
        if server.hall.get(table_id).version != version or not _in_step(page, choices):
            return set()
        if choices and not _continuations(choices, []):
            page.locator("#actions button.action:enabled").first.click()
            _past(page, server, table_id, version, "the button's move")
            return set()
        return _lit(page) if choices else set()

    return set(_wait(page, lit_now, "something to click on the board"))


def _play_by_the_board(
    page: Page, sent: list[str], server: ThreadedServer, table_id: str, moves: int, seed: int
) -> dict[str, int]:
    """Make `moves` moves by clicking the board (a button only when no legal action can be clicked on the board),
    checking at every click that the lit elements are exactly the server's legal continuations."""
    rng = random.Random(seed)
    counts = {"board": 0, "buttons": 0, "lit_checks": 0, "choosers": 0, "two_clicks": 0, "small_picks": 0}
    phone = (page.viewport_size or {}).get("width", 0) < 500

    def finger_sized(when: str) -> None:
        """On a phone, every lit element takes a finger and is whole (counted; asserted on at once with its name)."""
        if phone:
            found = small_picks(page)
            assert found == [], f"{when}: the board offers things a finger could miss or that are cut off: {found}"
            counts["small_picks"] += 1

    while counts["board"] < moves:
        version = _settled(page, server, table_id)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        choices = _expected(server, table_id, 0)
        if server.hall.get(table_id).version != version or not _in_step(page, choices):
            page.wait_for_timeout(10)
            continue  # chance or a bot moved while we looked: look again
        if not choices:
            _past(page, server, table_id, version, "the bots' moves")
            continue
        clickable = [entry for group in choices for entry in group["actions"] if entry.get("picks")]
        assert _lit(page) == _continuations(choices, []), "before any click"
        counts["lit_checks"] += 1
        finger_sized(f"move {counts['board']}, before any click")
        if not clickable:
            buttons = page.locator("#actions button.action:enabled")
            buttons.nth(rng.randrange(buttons.count())).click()
            counts["buttons"] += 1
        else:
            chosen = rng.choice(clickable)
            before = len(sent)
            for index, key in enumerate(chosen["picks"]):
                _click_key(page, key)
                if index < len(chosen["picks"]) - 1:
                    assert page.locator("#board").get_attribute("data-selection") == " ".join(
                        chosen["picks"][: index + 1]
                    )
                    assert _lit(page) == _continuations(choices, chosen["picks"][: index + 1]) - set(
                        chosen["picks"][: index + 1]
                    )
                    counts["lit_checks"] += 1
                    finger_sized(f"move {counts['board']}, after {index + 1} clicks")
            if page.locator(".pick-chooser").count():
                page.locator(f'.pick-chooser button[data-action="{chosen["action"]}"]').click()
                counts["choosers"] += 1
            _wait(page, lambda before=before: len(sent) > before, "the board's click sending the action")
            assert json.loads(sent[-1])["action"] == chosen["action"]
            counts["board"] += 1
            counts["two_clicks"] += len(chosen["picks"]) > 1
        _past(page, server, table_id, version, "the move reaching the table")
    return counts


@pytest.mark.parametrize(("game", "options", "moves"), GAMES, ids=[g for g, _, _ in GAMES])
def test_a_person_plays_each_game_by_clicking_the_board(
    server: ThreadedServer, browser: Browser, game: str, options: dict[str, Any], moves: int
) -> None:
    """One person against bots, at phone size then laptop size: every move they can make on the board is made there,
    the lit elements are exactly the legal continuations at every click, and the page reports no error."""
    for size, viewport in SIZES.items():
        table = create_table(server.base, game, options, humans=1, seed=7)
        page = browser.new_context(viewport=viewport).new_page()
        complaints = console_errors(page)
        sent = _sent(page)
        page.goto(server.base + table["seats"][0]["link"])
        expect(page.locator("#board svg")).to_be_visible(timeout=WAIT_S * 1000)
        stretch = moves if size == "phone" else min(moves, LAPTOP_MOVES)
        counts = _play_by_the_board(page, sent, server, table["id"], stretch, seed=len(game) + len(size))
        if game == "wolves-on-the-hunt" and size == "laptop":
            # Issue 32, item 3: on a laptop the drawing takes the arrangement (js/arrange.js: the dice and the sheet
            # under the ring, or beside it) that draws it largest in the board's column, whole on the first screen,
            # its text readable, and what is lit still takes a finger.
            _until_clickable(page, server, table["id"])
            drawn = page.evaluate(DRAWN)
            assert drawn["scale"] >= MOUSE_SCALE and drawn["bottom"] <= SIZES["laptop"]["height"], drawn
            assert small_picks(page) == []
            page.locator("#board").screenshot(path=str(SCREENSHOTS / "boards-hunt-wide-laptop.png"))
        _shot(page, f"{game}-{size}")
        played = counts["board"] or page.evaluate("document.body.dataset.status") == "over"
        assert played and counts["board"] >= min(moves, 3), counts
        if size == "phone":  # the picks' logic, the same at every size, played out over the phone's longer stretch
            assert counts["lit_checks"] > counts["board"], counts
            assert counts["small_picks"] == counts["lit_checks"], counts
            assert game == "wolves-on-the-hunt" or counts["two_clicks"] >= 2, counts  # a piece, then where it goes
        assert complaints == [], complaints
        page.context.close()


def test_escape_and_a_second_click_cancel_a_selection(server: ThreadedServer, browser: Browser) -> None:
    """Selecting a spaceman lights the tiles his dice reach; clicking him again, or Escape, puts the board back."""
    table = create_table(server.base, "spacewolves", {"players": 3}, humans=1, seed=3)
    page = browser.new_context(viewport=SIZES["laptop"]).new_page()
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator("#board svg")).to_be_visible(timeout=WAIT_S * 1000)

    def two_step() -> list[dict[str, Any]]:
        _settled(page, server, table["id"])
        choices = _expected(server, table["id"], 0)
        return [e for g in choices for e in g["actions"] if len(e.get("picks", [])) == 2]

    found = _wait(page, two_step, "the person's first move of a spaceman")
    choices = _expected(server, table["id"], 0)
    unit = found[0]["picks"][0]
    _click_key(page, unit)
    assert _lit(page) == _continuations(choices, [unit]) and _lit(page)
    expect(page.locator(f'#board [data-pick="{unit}"]').first).to_have_attribute("aria-pressed", "true")
    _click_key(page, unit)
    expect(page.locator("#board")).to_have_attribute("data-selection", "")
    assert _lit(page) == _continuations(choices, [])
    _click_key(page, unit)
    expect(page.locator("#board")).to_have_attribute("data-selection", unit)
    page.keyboard.press("Escape")
    expect(page.locator("#board")).to_have_attribute("data-selection", "")
    assert _lit(page) == _continuations(choices, [])
    # The keyboard alone: Tab reaches a lit spaceman, Enter selects him, Enter on a lit tile plays the move.
    page.locator(f'#board [data-pick="{unit}"][tabindex="0"]').focus()
    page.keyboard.press("Enter")
    assert page.locator("#board").get_attribute("data-selection") == unit
    target = found[0]["picks"][1]
    page.locator(f'#board [data-pick="{target}"][tabindex="0"]').focus()
    version = server.hall.get(table["id"]).version
    page.keyboard.press("Enter")
    if page.locator(".pick-chooser").count():
        page.locator(".pick-chooser button.pick-choice").first.press("Enter")
    _wait(page, lambda: server.hall.get(table["id"]).version > version, "the keyboard's move reaching the table")


def _hunt_position(seat: int, wanted: str, seed: int = 1) -> Any:
    """A position of a seeded Hunt game where `seat` may make an action beginning with `wanted`."""
    for state in play("wolves-on-the-hunt", 2, seed, "heuristic"):
        if not state.is_chance_node() and any(action.startswith(wanted) for action in legal(state, seat)):
            return state
    raise AssertionError(f"no position where seat {seat} may {wanted}")


def _board_plays(page: Page, sent: list[str], keys: list[str], action: str) -> None:
    """Clicking `keys` on the board (and the chooser's button for `action` if one opens) sends `action`."""
    before = len(sent)
    for key in keys:
        _click_key(page, key)
    if page.locator(".pick-chooser").count():
        page.locator(f'.pick-chooser button[data-action="{action}"]').click()
    _wait(page, lambda: len(sent) > before, f"the board's clicks sending {action}")
    assert json.loads(sent[-1])["action"] == action


def test_the_hunt_turn_is_played_on_the_board_and_each_die_listed_once_on_a_phone(
    server: ThreadedServer, browser: Browser
) -> None:
    """Issue 17, finding 3: with six dice in the pool the list of moves was 81 buttons and 3,550 px tall on a phone
    (63 of them rerolls). Issue 32, item 5: the dice were listed three times, and writing the die, a wolf's target
    or a shot were buttons only. Now each die is listed once (pressing two and "Reroll them" sends that reroll),
    the list fits one phone screen, and a row of the sheet, a wolf and the village are clicked on the board; the
    prompt says "on the board" with something lit there. A trap is laid and a power used by clicking the board."""
    state = next(s for s in play("wolves-on-the-hunt", 2, 3) if len(legal(s, 0)) == 81)
    table = create_table(server.base, "wolves-on-the-hunt", {"players": 2}, humans=2, seed=1)
    page = browser.new_context(viewport=SIZES["phone"]).new_page()
    complaints = console_errors(page)
    sent = _sent(page)
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator("#board svg")).to_be_visible(timeout=WAIT_S * 1000)
    _settled(page, server, table["id"])
    observation, actions = _show(page, "wolves-on-the-hunt", state, 0)
    page.locator("#moves-toggle[aria-expanded='false']").click()  # a phone folds the list while the board offers moves
    for fold in page.locator("#actions details.action-group").all():
        fold.locator(":scope > summary").click()  # every family of moves open: the longest the list can be
    buttons = page.locator("#actions button").count()
    height = (page.locator("#actions").bounding_box() or {"height": 0.0})["height"]
    _shot(page, "hunt-reroll-phone")
    pool = [colour for colour, (_, where) in observation["dice"].items() if where == "pool"]
    assert buttons <= len(pool) + 4 + 2, f"{buttons} buttons, {height:.0f} px tall"  # each die once, 4 confirms
    assert height <= SIZES["phone"]["height"], f"the list of moves is {height:.0f} px tall on a phone"
    assert small_targets(page) == []
    dice = page.locator('.toggles[data-group="Use a die"]')
    confirm = dice.locator("button.confirm", has_text="Reroll them")
    expect(confirm).to_be_disabled()
    for colour in pool[:2]:
        dice.locator(f'button.toggle[data-key="die-{colour}"]').click()
        expect(dice.locator(f'button.toggle[data-key="die-{colour}"]')).to_have_attribute("aria-pressed", "true")
    wanted = next(
        a for a in actions if a.startswith("reroll") and sorted(w[:-1] for w in a.split()[1:]) == sorted(pool[:2])
    )
    before = len(sent)
    confirm.click()
    _wait(page, lambda: len(sent) > before, "the reroll being sent")
    assert json.loads(sent[-1])["action"] == wanted
    for wanted_verb, name in (("write", "write"), ("rifle", "shot"), ("target", "target")):
        shown = _hunt_position(0, wanted_verb)
        _, actions = _show(page, "wolves-on-the-hunt", shown, 0)
        expect(page.locator("#prompt")).to_contain_text("on the board")
        assert _lit(page) and small_picks(page) == []
        page.locator("#board").screenshot(path=str(SCREENSHOTS / f"boards-hunt-{name}-phone.png"))
        action = next(a for a in actions if a.startswith(wanted_verb))
        words = action.split()
        keys = {
            "write": [f"row-{words[-1]}"],
            "rifle": [f"wolf-{words[-1]}"],
            "target": ["village" if words[1] == "elder" else words[-1]],
        }[wanted_verb]
        if words[1].startswith("hunter"):
            keys = [f"hunter-{int(words[1][len('hunter') :]) + 1}"]
        _board_plays(page, sent, keys, action)
    # Issue 32, item 5's rest: a trap is laid by clicking where it goes, the chooser saying what it is worth, and a
    # power is used by clicking what it acts on; what is sent is the move whose label the person chose (seed 3's
    # seat 0 lays traps and plays Jack, whose Charge moves him and knifes a wolf: two clicks).
    for wanted_verb in ("trap", "power"):
        shown = _hunt_position(0, wanted_verb, seed=3)
        observation, actions = _show(page, "wolves-on-the-hunt", shown, 0)
        action = next(a for a in actions if a.startswith(wanted_verb))
        _, label = hunt.describe(observation, action)
        character = observation["hunters"][0]["character"]
        kind = (
            wanted_verb if wanted_verb == "trap" else observation["catalog"]["characters"][character]["power"]["kind"]
        )
        before = len(sent)
        for index, key in enumerate(board_clicks(observation, kind, action.split()[1:])):
            _click_key(page, key)
            if index == 0:  # what the first click selects and lights (a trap's values are asked at once)
                assert small_picks(page) == []
                page.locator("#board").screenshot(path=str(SCREENSHOTS / f"boards-hunt-{wanted_verb}-phone.png"))
        if page.locator(".pick-chooser").count():
            page.locator(".pick-chooser").get_by_role("button", name=label, exact=True).first.click()
        _wait(page, lambda before=before: len(sent) > before, f"the board's clicks sending {label!r}")
        played = json.loads(sent[-1])["action"]
        assert played in actions and hunt.describe(observation, played)[1] == label, (played, label)
    # The shown positions are not the table's: the server refuses their moves, and the page says so.
    assert all("not" in c.lower() or "illegal" in c.lower() for c in complaints), complaints


def test_the_wolf_board_opens_zoomed_on_a_phone_with_its_coordinates_in_view(
    server: ThreadedServer, browser: Browser
) -> None:
    """Issue 32, item 4: on a phone the map opens zoomed until a square takes a finger (44 px), scrolled to what can
    be clicked; scrolled down and across, the column letters stay along the frame's top and the row numbers along its
    left; a mouse drag pans; Fit shows the whole grid in the phone's width; axe finds nothing with targets lit."""
    table = create_table(server.base, "wolf", {"players": 2, "max_rounds": 2}, humans=1, seed=5)
    page = browser.new_context(viewport=SIZES["phone"]).new_page()
    complaints = console_errors(page)
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator("#board svg")).to_be_visible(timeout=WAIT_S * 1000)
    _until_clickable(page, server, table["id"])  # the person's turn: nothing redraws the board while we look

    def square_px() -> float:
        size = page.evaluate(
            "() => { const svg = document.querySelector('#board svg');"
            " return [svg.getBoundingClientRect().width, svg.viewBox.baseVal.width]; }"
        )
        return float(size[0]) / float(size[1]) * 18  # CELL, the grid's square in drawing units

    board = page.locator("#board")
    first = square_px()
    assert first >= 44, f"a square is {first:.1f} px on a phone at first"
    assert small_picks(page) == []
    page.evaluate("() => document.querySelector('#board').scrollIntoView()")  # the frame's top at the screen's
    frame = board.bounding_box()
    assert frame is not None
    lit = page.locator("#board .pick-lit").evaluate_all("nodes => nodes.map((n) => n.getBoundingClientRect().toJSON())")
    inside = [b for b in lit if b["left"] >= frame["x"] - 1 and b["right"] <= frame["x"] + frame["width"] + 1]
    assert inside and all(b["top"] < frame["y"] + frame["height"] for b in inside), "nothing lit is in the frame"
    _shot(page, "wolf-zoomed-phone")

    def rulers() -> tuple[float, float]:
        """How far the letters' band is from the frame's top, and the numbers' band from its left, in px."""
        top = page.locator("#board .ruler.columns rect").bounding_box() or {"y": 1e9}
        left = page.locator("#board .ruler.rows rect").bounding_box() or {"x": 1e9}
        shown = board.bounding_box() or {"x": 0, "y": 0}
        return top["y"] - shown["y"], left["x"] - shown["x"]

    board.evaluate("b => { b.scrollTop = b.scrollHeight / 2; b.scrollLeft = b.scrollWidth / 2; }")
    expect(page.locator("#board .ruler.columns")).not_to_have_attribute("transform", "translate(0 0.00)")
    down, across = rulers()
    assert abs(down) <= 2 and abs(across) <= 2, (down, across)
    _shot(page, "wolf-scrolled-phone")
    left, most = board.evaluate("b => [b.scrollLeft, b.scrollWidth - b.clientWidth]")
    assert most > 2 * SIZES["phone"]["width"]
    box = board.bounding_box()
    assert box is not None
    way = -120 if left < most / 2 else 120  # drag towards the side with room to go
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 100)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + way, box["y"] + 100, steps=5)
    page.mouse.up()
    assert board.evaluate("b => b.scrollLeft") == pytest.approx(left - way, abs=2)
    page.get_by_role("button", name="Fit the board to the screen's width").click()
    expect(page.locator(".zoom-level")).to_have_text("100%")
    svg_box = page.locator("#board svg").bounding_box()
    assert svg_box is not None and svg_box["x"] >= 0 and svg_box["x"] + svg_box["width"] <= SIZES["phone"]["width"]
    assert square_px() < 44
    assert small_targets(page) == []
    for size in ("phone", "laptop"):
        found = wcag_violations(page, size)
        assert found == [], f"the WOLF board at {size} size breaks WCAG 2.1 AA: {found}"
    assert complaints == []


@pytest.mark.parametrize("game", ["spacewolves", "wolves-on-the-hunt"])
def test_axe_finds_nothing_on_a_board_with_its_targets_lit_and_one_selected(
    server: ThreadedServer, browser: Browser, game: str
) -> None:
    """The clickable elements are buttons with names while lit, and the selected one is pressed: WCAG 2.1 A and AA."""
    options = {"players": 3} if game == "spacewolves" else {"players": 2}
    table = create_table(server.base, game, options, humans=1, seed=2)
    page = browser.new_context(viewport=SIZES["phone"]).new_page()
    page.goto(server.base + table["seats"][0]["link"])
    expect(page.locator("#board svg")).to_be_visible(timeout=WAIT_S * 1000)

    lit = _until_clickable(page, server, table["id"])
    for element in page.locator("#board .pick-lit").all()[:3]:
        assert element.get_attribute("role") == "button" and element.get_attribute("aria-label")
    first = sorted(lit)[0]
    two_step = [e for g in _expected(server, table["id"], 0) for e in g["actions"] if e.get("picks", [])[:1] == [first]]
    if any(len(e["picks"]) > 1 for e in two_step):
        _click_key(page, first)
    for size in ("phone", "laptop"):
        found = wcag_violations(page, size)
        assert found == [], f"the {game} board at {size} size breaks WCAG 2.1 AA: {found}"


def test_a_wolf_heros_lit_targets_show_the_odds_of_each_attack(server: ThreadedServer, browser: Browser) -> None:
    """Jack, holding a shotgun, selected: the she-wolf beside him is lit with the shotgun's and bare hands' odds
    written on it and in its name; clicking her opens the chooser (two attacks end there), which sends the shot."""
    from tests.rules.wolf.helpers import load
    from tests.rules.wolf.test_weapons import shooter

    state = load(shooter("shotgun", wolf="d18"))
    seat = state.current_player()
    table = create_table(server.base, "wolf", {"players": 6}, humans=6, seed=1)
    page = browser.new_context(viewport=SIZES["laptop"]).new_page()
    sent = _sent(page)
    page.goto(server.base + table["seats"][seat]["link"])
    expect(page.locator("#board svg")).to_be_visible(timeout=WAIT_S * 1000)
    _settled(page, server, table["id"])
    _, actions = _show(page, "wolf", state, seat)
    assert {"fire shotgun d18", "bare d18"} <= set(actions)
    # On a laptop the map opens whole, in no frame of its own to scroll (issue 32, item 3).
    expect(page.locator(".zoom-level")).to_have_text("100%")
    assert page.locator("#board").evaluate("b => b.scrollHeight <= b.clientHeight + 1 && getComputedStyle(b).overflowY")
    assert page.locator("#board").evaluate("b => getComputedStyle(b).overflowY") == "visible"
    _click_key(page, "unit-jack")
    target = page.locator('#board [data-pick="sq-d18"]')
    expect(target).to_have_class("pick-cell pick-lit")
    hints = page.locator("#board .pick-hint").evaluate_all("nodes => nodes.map((node) => node.textContent)")
    assert "97% / 17%" in hints or "17% / 97%" in hints, hints  # shotgun adjacent: 3 or more on 2d6; bare hands: a 1
    assert "97%" in (target.get_attribute("aria-label") or "")
    target.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "boards-wolf-odds-laptop.png"))
    _click_key(page, "sq-d18")
    chooser = page.locator(".pick-chooser")
    expect(chooser).to_be_visible()
    expect(chooser.locator("button.pick-choice")).to_have_count(2)
    before = len(sent)
    chooser.locator('button[data-action="fire shotgun d18"]').click()
    _wait(page, lambda: len(sent) > before, "the shot being sent")
    assert json.loads(sent[-1])["action"] == "fire shotgun d18"


def _heroes_play_until_the_pack_acts(server: ThreadedServer, table_id: str) -> list[str]:
    """Play the heroes' seat (0) of a two-seat WOLF table from the test, simply (the first start square, stay, end),
    until play waits for the pack's seat or the game ends; the steps the table stopped at on the way."""
    stops = []
    table = server.hall.get(table_id)
    while not table.over and 1 not in table.state.waiting_for():
        stops.append(table.state.step)
        legal = [table.state.action_to_string(a) for a in table.state.legal_actions(0)]
        action = next((a for a in ("stay", "end") if a in legal), legal[0])
        server.call(table.submit(0, action, table.version, None))
    stops.append(table.state.step)
    return stops


def test_the_werewolf_seat_plays_its_turn_on_a_phone_without_the_takeover_question(
    server: ThreadedServer, browser: Browser
) -> None:
    """Issue 32, item 8, on a phone: the pack's moves are one folded family under the map, not eight; the standing
    answer ("Leave everyone until I change it") stops the question at every later turn's start, which the pack's panel
    says; a unit is moved on the map and one button ends the pack's turn for the units left; "Ask me again" brings
    the question back."""
    table = create_table(server.base, "wolf", {"players": 2, "max_rounds": 2}, humans=2, seed=5)
    page = browser.new_context(viewport=SIZES["phone"]).new_page()
    complaints = console_errors(page)
    page.goto(server.base + table["seats"][1]["link"])
    expect(page.locator("#board svg")).to_be_visible(timeout=WAIT_S * 1000)
    stops = _heroes_play_until_the_pack_acts(server, table["id"])
    state = server.hall.get(table["id"]).state
    while state.step != "takeover":  # the setup: the pack places its units on the map
        placing = _settled(page, server, table["id"])
        _click_key(page, sorted(_lit(page))[0])
        _past(page, server, table["id"], placing, "the unit placed")
        stops += _heroes_play_until_the_pack_acts(server, table["id"])
    _settled(page, server, table["id"])
    expect(page.locator("#actions")).to_contain_text("Leave everyone until I change it")
    _press(page, "leave-always")
    _wait(page, lambda: state.step != "takeover", "the standing answer reaching the table")
    stops = _heroes_play_until_the_pack_acts(server, table["id"])
    assert "takeover" not in stops and state.step == "pack", stops  # five heroes' turns began without the question
    version = _settled(page, server, table["id"])
    expect(page.locator("#my-panel")).to_contain_text("you leave every hero be until you change it")
    families = page.locator("#actions .action-group").evaluate_all("nodes => nodes.map((n) => n.dataset.group)")
    assert [f for f in families if f.startswith("Move")] == ["Move a unit"], families
    assert small_picks(page) == []
    _shot(page, "wolf-pack-phone")
    unit = sorted(_lit(page))[0]
    choices = _expected(server, table["id"], 1)
    square = sorted(_continuations(choices, [unit]))[0]
    _click_key(page, unit)
    _click_key(page, square)
    _past(page, server, table["id"], version, "the unit's move")
    _settled(page, server, table["id"])
    assert state.step == "pack-action"
    _press(page, "end")  # "End the pack's turn: the units left stay"
    _wait(page, lambda: state.turn != "pack", "the pack's turn ending for the units left")
    assert len(state.acted) == 0 and state.step != "takeover"
    # At the pack's next turn, "Ask me again" brings the question back from the next turn's start.
    stops = _heroes_play_until_the_pack_acts(server, table["id"])
    assert "takeover" not in stops and state.step == "pack"
    _settled(page, server, table["id"])
    _press(page, "ask-again")
    _wait(page, lambda: not state.leave_always, "the question asked again")
    _settled(page, server, table["id"])
    _press(page, "end")
    _wait(page, lambda: state.turn != "pack", "the pack's turn ending")
    assert state.step == "takeover" or state.is_terminal()
    assert complaints == []
