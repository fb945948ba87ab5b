"""Printable sheets (src/wolfpack/event/sheets.py): a page per table, a slip per seat with its link and QR code; no
script and nothing fetched from elsewhere."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from wolfpack.event.errors import EventError
from wolfpack.event.model import Event
from wolfpack.event.sheets import qr_svg, sheet_pages, write_sheets

SLIP = re.compile(r'<li class="slip" id="seat-(\d+)">(.*?)</li>', re.S)


class Resources(HTMLParser):
    """Every tag and every attribute that could make a browser run or fetch something."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.fetching: list[tuple[str, str, str | None]] = []
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "srcset", "data", "poster", "action", "xlink:href") or name.startswith("on"):
                self.fetching.append((tag, name, value))
            if name == "href":
                self.hrefs.append(value or "")


def _slips(page: str) -> dict[int, str]:
    return {int(seat): body for seat, body in SLIP.findall(page)}


def test_there_is_a_page_per_table_and_an_index_linking_them(infinite: Event) -> None:
    pages = sheet_pages(infinite)
    ships = list(infinite.game.new_initial_state().observation(None)["ships"])
    expected = ["control", *(f"ship-{ship}" for ship in ships), "council", "media", "wildcards"]
    assert list(pages) == [*(f"{name}.html" for name in expected), "index.html"]
    index = Resources()
    index.feed(pages["index.html"])
    assert index.hrefs == [f"{name}.html" for name in expected]


def test_pages_run_no_script_and_fetch_nothing(classic: Event) -> None:
    event = classic.assign("dione/captain", "Ann")
    for name, page in sheet_pages(event).items():
        parsed = Resources()
        parsed.feed(page)
        assert "script" not in parsed.tags and "link" not in parsed.tags and "img" not in parsed.tags, name
        assert parsed.fetching == [], name
        assert "url(" not in page and "@import" not in page, name
        assert all(href.endswith(".html") and "/" not in href for href in parsed.hrefs), name
        assert "@page { size: A4;" in page


def test_each_slip_shows_its_role_person_and_link_and_its_qr_code_is_that_link(classic: Event) -> None:
    event = classic.assign("dione/captain", "Ann").assign("dione/council-member", "Ann")
    page = sheet_pages(event)["ship-dione.html"]
    slips = _slips(page)
    assert sorted(slips) == [9, 10, 11, 12]
    for seat, body in slips.items():
        link = event.link(seat)
        assert f'<div class="link">{html.escape(link)}</div>' in body
        assert qr_svg(link) in body  # the code printed beside a seat is its own link's
        assert f"<title>{html.escape(link)}</title>" in body
    assert '<div class="role">Captain</div>' in slips[9] and '<div class="person">Ann</div>' in slips[9]
    assert "Also plays Dione Council Member" in slips[9]
    assert "Sits at the Council too" in slips[11]
    assert '<span class="blank"></span>' in slips[10]  # an open seat leaves a line for a name


def test_a_seat_left_to_a_bot_or_control_has_no_code_to_scan(classic: Event) -> None:
    event = classic.leave_to_bot("dione/chief-engineer").leave_to_control("dione/first-officer")
    slips = _slips(sheet_pages(event)["ship-dione.html"])
    for seat, who in [(12, "a bot (heuristic)"), (10, "Control")]:
        assert f"Played by {who}" in slips[seat]
        assert "<svg" not in slips[seat] and event.tokens.tokens[seat] not in slips[seat]


def test_controls_own_seat_has_its_code_controls_people_join_with_it(classic: Event) -> None:
    (slip,) = _slips(sheet_pages(classic)["control.html"]).values()
    assert qr_svg(classic.link(0)) in slip
    assert '<div class="person">Control</div>' in slip


def test_a_council_seat_is_on_its_ships_sheet_and_the_councils_with_the_same_link(classic: Event) -> None:
    pages = sheet_pages(classic)
    seat = classic.seat("dione/council-member").index
    council = _slips(pages["council.html"])
    assert _slips(pages["ship-dione.html"])[seat].count(classic.link(seat)) == 2  # the text and the code's title
    assert council[seat].count(classic.link(seat)) == 2
    assert '<div class="role">Dione: Council Member</div>' in council[seat]


def test_names_are_printed_as_text_never_as_markup(classic: Event) -> None:
    event = classic.assign("dione/captain", "<script>alert(1)</script> & Co")
    page = sheet_pages(event)["ship-dione.html"]
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co" in page
    assert "<script>" not in page


def test_without_a_base_url_no_sheet_is_written(tmp_path: Path, classic: Event) -> None:
    assert classic.with_settings(base_url=None).settings.base_url is not None  # None leaves a setting as it was
    settings = classic.settings.model_copy(update={"base_url": None})
    bare = Event(classic.id, classic.created, settings, classic.roster, classic.tokens)
    with pytest.raises(EventError, match="no base URL yet"):
        write_sheets(bare, tmp_path / "sheets")
    assert not (tmp_path / "sheets").exists()


def test_sheets_are_written_as_files_index_last(tmp_path: Path, classic: Event) -> None:
    written = write_sheets(classic, tmp_path / "out")
    assert [path.name for path in written][-1] == "index.html"
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == sorted(path.name for path in written)
    assert (tmp_path / "out" / "control.html").read_text(encoding="utf-8").count(classic.tokens.tokens[0]) == 2


def test_a_directory_that_cannot_be_written_is_refused_naming_it(tmp_path: Path, classic: Event) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    with pytest.raises(EventError, match=f"--out {blocker}/sheets: cannot write the sheets there"):
        write_sheets(classic, blocker / "sheets")


def test_laid_out_for_print_on_a4_two_slips_share_each_row(tmp_path: Path, infinite: Event, browser: Browser) -> None:
    """In a real browser, laid out for print on A4: a row holds two slips, each code 36 mm wide."""
    written = write_sheets(infinite, tmp_path / "sheets")
    council = next(path for path in written if path.name == "council.html")
    context = browser.new_context(viewport={"width": 703, "height": 1032})  # A4 less 12 mm margins, at 96 dpi
    try:
        page = context.new_page()
        page.emulate_media(media="print")
        page.goto(council.as_uri())
        boxes = [slip.bounding_box() for slip in page.locator("li.slip").all()]
        codes = [code.bounding_box() for code in page.locator("li.slip svg").all()]
    finally:
        context.close()
    assert len(boxes) == len(codes) == 10
    tops = [round(box["y"]) for box in boxes if box is not None]
    assert tops[0::2] == tops[1::2]  # side by side
    assert all(a < b for a, b in zip(tops[0::2], tops[2::2], strict=False))  # row under row
    assert all(code is not None and 130 <= code["width"] <= 140 for code in codes)  # 36 mm at 96 dpi
