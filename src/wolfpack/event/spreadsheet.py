"""CSV that a spreadsheet opens safely: a cell a spreadsheet would read as a formula is written as text.

OWASP's rule against CSV injection: a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
leading apostrophe, which a spreadsheet shows as text and never runs (a player's reason `=HYPERLINK(...)` stays
words). Every CSV the project writes goes through `csv_text`; `read_cell` takes the apostrophe off again, so what
we write reads back as it was.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet takes as the start of a formula (OWASP, CSV injection)."""
TEXT_MARK = "'"


def safe_cell(value: object) -> str:
    """A cell's text, marked as text if a spreadsheet would otherwise run it as a formula."""
    text = str(value)
    return TEXT_MARK + text if text.startswith(FORMULA_STARTS) else text


def read_cell(text: str) -> str:
    """A cell as `safe_cell` wrote it, back to its own text."""
    marked = text.startswith(TEXT_MARK) and text[1:].startswith(FORMULA_STARTS)
    return text[1:] if marked else text


def csv_text(header: Iterable[str], rows: Iterable[Iterable[object]], *, lineterminator: str = "\r\n") -> str:
    """A header line, then a row each, every cell safe to open in a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator=lineterminator)
    writer.writerow([safe_cell(cell) for cell in header])
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return out.getvalue()
