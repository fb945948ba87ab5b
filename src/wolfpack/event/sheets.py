"""Printable sheets: one HTML page per table of the venue (Control, each ship, the Council, Media, wildcards), a slip
per seat with its role, its person and its join link as text and as a QR code.

Each page stands alone: its CSS inline, its QR codes inline SVG (segno), no script and nothing fetched, because a
venue often has no internet. The slips have dashed borders to be cut apart and handed out; print on A4.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path

import segno

from wolfpack.event.errors import EventError
from wolfpack.event.model import Event
from wolfpack.event.roster import PERSON
from wolfpack.event.seats import CONTROL_SEAT, SeatInfo, Sheet, sheets

QR_ERROR_LEVEL = "m"
"""Our default: QR error correction M (15%) survives a crease or a smudge and keeps a seat's code small."""

QR_SIZE_MM = 36
"""Our default: a QR code about the size a phone reads from arm's length."""

SLIP_STYLE = f"""
ol.slips {{ list-style: none; padding: 0; margin: 0; }}
li.slip {{ display: inline-flex; vertical-align: top; width: calc(50% - 2.5mm); margin: 0 0 4mm; gap: 3mm;
  border: 0.4mm dashed #444; padding: 3mm; break-inside: avoid; page-break-inside: avoid; }}
li.slip:nth-child(odd) {{ margin-right: 4mm; }}
li.slip svg {{ width: {QR_SIZE_MM}mm; height: {QR_SIZE_MM}mm; flex: none; shape-rendering: crispEdges; }}
.role {{ font-weight: bold; font-size: 12pt; }}
.seat, .link {{ font-family: ui-monospace, monospace; font-size: 7.5pt; overflow-wrap: anywhere; }}
.person {{ font-size: 12pt; margin: 1mm 0; }}
.blank {{ display: inline-block; min-width: 40mm; border-bottom: 0.3mm solid #000; }}
.note {{ font-size: 9pt; }}
"""
"""The slips' styles, shared by the sheets and the printed kit's join section."""

STYLE = f"""
@page {{ size: A4; margin: 12mm; }}
* {{ box-sizing: border-box; }}
body {{ font-family: system-ui, sans-serif; font-size: 11pt; color: #000; background: #fff; margin: 0; }}
main {{ max-width: 186mm; margin: 0 auto; padding: 6mm 0; }}
h1 {{ font-size: 20pt; margin: 0 0 1mm; }}
p.about {{ margin: 0 0 4mm; }}
{SLIP_STYLE}
@media screen {{ body {{ background: #eee; }} main {{ background: #fff; padding: 8mm; }} }}
"""


def sheet_pages(event: Event) -> dict[str, str]:
    """Every sheet of the event as a page, by file name (control.html, ship-dione.html, ...), and index.html."""
    listed = sheets(event.seats)
    pages = {f"{sheet.id}.html": render_sheet(event, sheet) for sheet in listed}
    pages["index.html"] = render_index(event, listed)
    return pages


def write_sheets(event: Event, directory: Path) -> list[Path]:
    """Write every sheet into `directory` (made if need be); the files written, index.html last."""
    pages = sheet_pages(event)  # every link is built before anything is written: no base URL, no files
    try:
        directory.mkdir(parents=True, exist_ok=True)
        written = []
        for name, page in pages.items():
            path = directory / name
            path.write_text(page, encoding="utf-8")
            written.append(path)
    except OSError as exc:
        raise EventError(f"--out {directory}: cannot write the sheets there: {exc.strerror or exc}") from None
    return written


ABOUT = (
    "Find your role, scan its code with your phone's camera (or type the link) and keep it to yourself: "
    "whoever opens a link plays that seat. If you change phones, ask Control to move your seat."
)


def render_sheet(event: Event, sheet: Sheet) -> str:
    """One table's sheet: a slip per seat."""
    return _page(event, sheet.title, _slips(event, sheet))


def join_section(event: Event) -> str:
    """Every table's slips as sections of a longer document (the printed kit), each table on a page of its own."""
    parts = []
    for sheet in sheets(event.seats):
        heading = f"<h2>Join slips: {html.escape(sheet.title)}</h2>"
        parts.append(f'<section class="join">{heading}{_slips(event, sheet, f"{sheet.id}-")}</section>')
    return "".join(parts)


def _slips(event: Event, sheet: Sheet, prefix: str = "") -> str:
    """The sheet's slips; `prefix` keeps their ids apart where several sheets share a document (a seat at the
    Council has a slip on its ship's sheet and on the Council's)."""
    slips = "".join(_slip(event, seat, sheet, prefix) for seat in sheet.seats)  # no space between two slips of a row
    return f'<p class="about">{html.escape(ABOUT)}</p>\n<ol class="slips">{slips}</ol>'


def render_index(event: Event, listed: Iterable[Sheet]) -> str:
    """The list of sheets, each a relative link to its file."""
    items = "\n".join(
        f'<li><a href="{html.escape(sheet.id)}.html">{html.escape(sheet.title)}</a> ({len(sheet.seats)} seats)</li>'
        for sheet in listed
    )
    unassigned = len(event.roster.unassigned())
    note = f"{unassigned} seats have nobody yet: their slips leave a line for a name." if unassigned else ""
    return _page(event, "Sheets", f'<p class="about">{html.escape(note)}</p>\n<ul>\n{items}\n</ul>')


def _page(event: Event, title: str, body: str) -> str:
    heading = f"{title} — {event.game.info.long_name}, event {event.id}"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(heading)}</title>\n<style>{STYLE}</style>\n</head>\n"
        f"<body>\n<main>\n<h1>{html.escape(title)}</h1>\n"
        f'<p class="about">{html.escape(event.game.info.long_name)}, event {html.escape(event.id)}</p>\n'
        f"{body}\n</main>\n</body>\n</html>\n"
    )


def _slip(event: Event, seat: SeatInfo, sheet: Sheet, prefix: str = "") -> str:
    """A seat's slip: role, seat label, person, where else they play, and the join link with its QR code.

    A seat left to a bot or to Control gets no code (nobody should join it by mistake), except Control's own seat:
    its link is how Control's people join."""
    holder = event.roster.holders[seat.index]
    title = seat.role_title if sheet.id == seat.sheet else f"{seat.team_name}: {seat.role_title}"
    lines = [
        f'<div class="role">{html.escape(title)}</div>',
        f'<div class="seat">seat {seat.index} · {html.escape(seat.label)}</div>',
    ]
    if holder is not None and holder.kind != PERSON and seat.index != CONTROL_SEAT:
        lines.append(f'<div class="person">Played by {html.escape(holder.describe())}</div>')
        lines.append('<div class="note">Control can hand this seat to a person.</div>')
        return _slip_item(seat, lines, "", prefix)
    person = '<span class="blank"></span>' if holder is None else html.escape(holder.describe())
    lines.append(f'<div class="person">{person}</div>')
    lines.extend(_also(event, seat, sheet))
    link = event.link(seat.index)
    lines.append(f'<div class="link">{html.escape(link)}</div>')
    return _slip_item(seat, lines, qr_svg(link), prefix)


def _also(event: Event, seat: SeatInfo, sheet: Sheet) -> list[str]:
    """Notes on where else the seat's person plays: other seats (merged roles), the Council."""
    notes = []
    holder = event.roster.holders[seat.index]
    if holder is not None:
        others = [event.seats[i] for i in event.roster.seats_of(holder.name) if i != seat.index]
        if others:
            names = ", ".join(f"{other.team_name} {other.role_title}" for other in others)
            notes.append(f"Also plays {names} (a slip each).")
    if seat.council and sheet.id == seat.sheet:
        notes.append("Sits at the Council too: the same link works there.")
    return [f'<div class="note">{html.escape(note)}</div>' for note in notes]


def _slip_item(seat: SeatInfo, lines: list[str], svg: str, prefix: str = "") -> str:
    text = "\n".join(lines)
    return f'<li class="slip" id="{prefix}seat-{seat.index}">{svg}<div>\n{text}\n</div></li>'


def qr_svg(link: str) -> str:
    """The link as a QR code in inline SVG, sized by the page's CSS."""
    code = segno.make(link, error=QR_ERROR_LEVEL, micro=False)
    return str(code.svg_inline(scale=1, border=4, omitsize=True, title=link))
