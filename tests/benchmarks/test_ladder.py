"""`benchmarks/ladder.py` in short (`make ladder` writes each game's ladder into docs/bots.md; `make bench` plays them
long): one round of the Spacewolves! ladder, its table written into a copy of the page, the other ladders left."""

from __future__ import annotations

import shutil
from pathlib import Path

from .scripts import benchmark_script

ladder = benchmark_script("ladder")


def test_a_short_ladder_is_written_between_its_markers_and_the_others_stay(tmp_path: Path) -> None:
    page = tmp_path / "bots.md"
    shutil.copy(ladder.DOCS, page)
    args = ["--games", "spacewolves", "--rounds", "1", "--jobs", "1", "--out", str(tmp_path), "--write-docs"]
    assert ladder.main([*args, "--docs", str(page)]) == 0
    written = page.read_text()
    start, end = ladder.markers("spacewolves")
    table = written.split(start)[1].split(end)[0]
    rows = [line for line in table.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [row.split(" | ")[1] for row in rows].count("heuristic 1") == 1 and len(rows) == 4, table
    assert "12 games, seed 34" in table
    # Everything outside the Spacewolves! ladder is the page as it was.
    original = ladder.DOCS.read_text()
    outside = original.split(start)[0] + original.split(end)[1]
    assert written.split(start)[0] + written.split(end)[1] == outside
    # The games are kept: a second run reads them and writes the same table.
    assert ladder.main([*args, "--docs", str(page)]) == 0
    assert page.read_text() == written


def test_the_page_has_a_place_for_every_ladder() -> None:
    text = ladder.DOCS.read_text()
    for entry in ladder.LADDERS:
        start, end = ladder.markers(entry.key)
        assert start in text and end in text and text.index(start) < text.index(end), entry.game
