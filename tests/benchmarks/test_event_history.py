"""`benchmarks/event_history.py` in short: every row of the report, its rows, commits and snapshots the event's."""

from __future__ import annotations

import io
import re
from types import ModuleType

import pytest

from wolfpack.event.settings import make_settings
from wolfpack.games.den.event import run_event

from .scripts import benchmark_script

EVERY = 50
NUMBER = r"([\d,.]+)"


@pytest.fixture(scope="module")
def event_history() -> ModuleType:
    return benchmark_script("event_history")


def test_the_report_has_every_row_and_counts_the_history_of_the_event_played(
    event_history: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    event_history.main(["--editions", "classic", "--turns", "1", "--every", str(EVERY), "--cold", "1"])
    printed = capsys.readouterr().out
    record = io.StringIO()
    event = run_event(make_settings(edition="classic", turns=1).game(), 1, record=record)
    versions = len(event.state.history())  # every seat action and chance outcome is a row
    commits = event.actions + 1  # one a seat action with the chance it called for, and one for the setup's chance
    head = re.search(rf"^classic, snapshot every {EVERY}: (\d+) rows in (\d+) commits; (\d+) snapshots,", printed, re.M)
    assert head is not None and head.groups() == (str(versions), str(commits), str(versions // EVERY))
    rows = {
        "append": rf"append +median +{NUMBER} ms +p99 +{NUMBER} ms +max +{NUMBER} ms",
        "restore": rf"restore +median +{NUMBER} ms +max +{NUMBER} ms \(load the event \+ snapshot \+ \d+ rows\)",
        "rewind": rf"rewind +{NUMBER} ms \(snapshot \+ \d+ rows; \d+ rows discarded\)",
        "export": rf"export +{NUMBER} ms, {NUMBER} KiB",
        "backup": rf"backup +{NUMBER} ms, {NUMBER} KiB",
        "cold": rf"cold restart \(new process, latest state\): median {NUMBER} s, max {NUMBER} s",
    }
    for name, pattern in rows.items():
        row = re.search(rf"^  {pattern}$", printed, re.M)
        assert row is not None, name
        assert all(float(number.replace(",", "")) >= 0 for number in row.groups())
    export = re.search(rf"^  export .*, {NUMBER} KiB$", printed, re.M)
    assert export is not None and export[1] == f"{len(record.getvalue().encode()) / 1024:,.0f}"  # the event's record
