"""The order `make test` hands files to its workers (tests/longest_first.py): longest first, unknown files before
every recorded one, each file's tests together and in their own order."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from . import longest_first

ROOT = longest_first.ROOT


def _item(path: str, name: str) -> Any:
    """A stand-in for a collected test: `reorder` reads only its path."""
    return SimpleNamespace(path=ROOT / path, name=name)


def test_the_longest_files_go_first_and_keep_their_tests_in_order() -> None:
    items = [
        _item("tests/a.py", "a1"),
        _item("tests/a.py", "a2"),
        _item("tests/b.py", "b1"),
        _item("tests/new.py", "n1"),
        _item("tests/c.py", "c1"),
        _item("tests/c.py", "c2"),
    ]
    longest_first.reorder(items, {"tests/a.py": 1.0, "tests/b.py": 30.0, "tests/c.py": 5.0})
    assert [item.name for item in items] == ["n1", "b1", "c1", "c2", "a1", "a2"]


def test_a_junit_report_is_read_as_seconds_per_file(tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    report.write_text(
        "<testsuites><testsuite>"
        '<testcase classname="tests.test_longest_first" name="x" time="1.25"/>'
        '<testcase classname="tests.test_longest_first" name="y" time="0.5"/>'
        '<testcase classname="tests.web.test_pages" name="z" time="3"/>'
        '<testcase classname="elsewhere.module" name="w" time="9"/>'
        "</testsuite></testsuites>"
    )
    assert longest_first.durations_of(report) == {"tests/test_longest_first.py": 1.8, "tests/web/test_pages.py": 3.0}


def test_the_recorded_durations_cover_most_test_files() -> None:
    """A few new or renamed files only go first; if most are unrecorded the order is the collection's again, and
    `make test-durations` should be run."""
    files = [path.relative_to(ROOT).as_posix() for path in (ROOT / "tests").rglob("test_*.py")]
    recorded = longest_first.recorded()
    unrecorded = [name for name in files if name not in recorded]
    assert len(unrecorded) <= len(files) // 10, f"{len(unrecorded)} test files have no recorded length: {unrecorded}"
