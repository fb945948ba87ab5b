"""The test files in the order that ends `make test` soonest: the longest first.

`make test` hands whole files to its three workers (`--dist loadfile`), each taking the next file as it runs low, in
collection order. With the longest files first that is the longest-processing-time rule, so the run does not end with
one worker still in a 30-second browser scenario while the others wait. A file's length comes from `durations.json`,
recorded from a whole run by `make test-durations`: a stale figure only makes the order a little worse, never a test
wrong. A file not yet recorded goes first, since nothing says it is short.

    python -m tests.longest_first JUNIT.xml   # write durations.json from a run's JUnit report
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence
from pathlib import Path

import pytest

DURATIONS = Path(__file__).with_name("durations.json")
ROOT = Path(__file__).parent.parent


def recorded() -> dict[str, float]:
    """Seconds each test file took in the recorded run, by its path from the repository's root."""
    if not DURATIONS.exists():
        return {}
    return {str(name): float(seconds) for name, seconds in json.loads(DURATIONS.read_text()).items()}


def reorder(items: list[pytest.Item], seconds: dict[str, float]) -> None:
    """Put the files longest first, keeping each file's tests together and in their own order."""
    unknown = float("inf")

    def length(item: pytest.Item) -> float:
        return -seconds.get(item.path.relative_to(ROOT).as_posix(), unknown)

    items.sort(key=length)


def file_of(classname: str) -> str | None:
    """The test file a JUnit class name (`tests.web.test_pages` or `tests.x.test_y.TestZ`) names."""
    parts = classname.split(".")
    while parts:
        path = ROOT.joinpath(*parts).with_suffix(".py")
        if path.is_file():
            return path.relative_to(ROOT).as_posix()
        parts.pop()
    return None


def durations_of(junit: Path) -> dict[str, float]:
    """Seconds each test file took (setup, call and teardown of all its tests) in a JUnit report."""
    seconds: dict[str, float] = {}
    for case in ElementTree.parse(junit).iter("testcase"):
        name = file_of(case.get("classname", ""))
        if name is not None:
            seconds[name] = seconds.get(name, 0.0) + float(case.get("time", "0"))
    return dict(sorted((name, round(total, 1)) for name, total in seconds.items()))


def main(argv: Sequence[str] | None = None) -> int:
    """Write durations.json from the JUnit report named on the command line."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m tests.longest_first JUNIT.xml", file=sys.stderr)
        return 2
    seconds = durations_of(Path(args[0]))
    if not seconds:
        print(f"{args[0]} names no test of this repository", file=sys.stderr)
        return 1
    DURATIONS.write_text(json.dumps(seconds, indent=1) + "\n")
    print(f"{DURATIONS.relative_to(ROOT)}: {len(seconds)} files, {sum(seconds.values()):.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
