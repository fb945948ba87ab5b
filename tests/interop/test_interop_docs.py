"""docs/interop.md's feature tables say what the code lays out: each game's segments, lengths and meanings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import wolfpack
from wolfpack.engine.encoding import action_space

DOC = Path(__file__).parents[2] / "docs" / "interop.md"
TABLES = {
    "Spacewolves!": "spacewolves",
    "Wolves on the Hunt": "wolves-on-the-hunt",
    "WOLF": "wolf",
    "Den of Wolves (classic)": "den-of-wolves",
}


def _table(heading: str) -> list[tuple[str, int, str]]:
    """The rows of the table under `### heading`."""
    section = DOC.read_text().split(f"### {heading}\n", 1)[1].split("\n#", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \| (\d+) \| (.+) \|$", section, flags=re.MULTILINE)
    return [(name, int(length), meaning) for name, length, meaning in rows]


@pytest.mark.parametrize("heading", sorted(TABLES))
def test_the_documented_layout_is_the_code_s(heading: str) -> None:
    layout = action_space(wolfpack.load_game(TABLES[heading])).layout
    assert _table(heading) == list(layout.segments)
