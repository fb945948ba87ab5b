"""The TOML line locator: tomllib keeps no positions, so errors find their line by walking the text."""

from __future__ import annotations

import tomllib

import pytest

from wolfpack.content import locate_line, toml_positions

PACK = """\
# a comment with [[brackets]] and key = value in it
title = "x"            # line 2
[table]                # line 3
inner = 1
dotted.key = 2         # line 5
"quoted key" = 3

[[cards]]              # line 8: cards[0]
id = "a"
health = 2
[[cards]]              # line 11: cards[1]
id = "b"
ability = { kind = "capture", die = "red" }
text = \"\"\"
[[cards]]
not = "a table"
\"\"\"
health = 3             # line 18

[cards.extra]          # line 20: a sub-table of cards[1]
value = 1

[[rows]]               # line 23: rows[0]
boxes = [
  {},                  # line 25: boxes[0]
  { free = "health" }, # line 26: boxes[1]
  [1, 2], 'literal'    # line 27: boxes[2] and boxes[3]
]
[[rows.marks]]         # line 29: rows[0].marks[0]
n = 1
[[rows]]               # line 31: rows[1]
[[rows.marks]]         # line 32: rows[1].marks[0]
n = 2
"""


def test_sample_is_valid_toml() -> None:
    assert tomllib.loads(PACK)["cards"][1]["health"] == 3


@pytest.mark.parametrize(
    ("loc", "line"),
    [
        (("title",), 2),
        (("table",), 3),
        (("table", "inner"), 4),
        (("table", "dotted", "key"), 5),
        (("table", "quoted key"), 6),
        (("cards",), 8),
        (("cards", 0), 8),
        (("cards", 0, "health"), 10),
        (("cards", 1), 11),
        (("cards", 1, "ability", "die"), 13),
        (("cards", 1, "health"), 18),
        (("cards", 1, "extra", "value"), 21),
        (("rows", 0, "boxes", 0), 25),
        (("rows", 0, "boxes", 1, "free"), 26),
        (("rows", 0, "boxes", 2, 1), 27),
        (("rows", 0, "boxes", 3), 27),
        (("rows", 0, "marks", 0, "n"), 30),
        (("rows", 1, "marks", 0), 32),
        (("rows", 1, "marks", 0, "n"), 33),
    ],
)
def test_finds_the_line_of_each_path(loc: tuple[str | int, ...], line: int) -> None:
    assert locate_line(PACK, loc) == line


def test_a_path_not_written_falls_back_to_its_nearest_written_parent() -> None:
    # A missing field is reported at the entry that lacks it.
    assert locate_line(PACK, ("cards", 0, "damage")) == 8
    assert locate_line(PACK, ("cards", 1, "ability", "timing")) == 13


def test_unknown_first_part_gives_none() -> None:
    assert locate_line(PACK, ("nothing", 0, "here")) is None
    assert locate_line(PACK, ()) is None


def test_multiline_string_content_is_not_read_as_tables() -> None:
    positions = toml_positions(PACK)
    assert ("cards", 2) not in positions
    assert ("cards", 1, "not") not in positions


@pytest.mark.parametrize(
    "text",
    ["[unclosed\nkey = 1", "key = [1, 2\n", 'key = "unterminated\nother = 1', "= 1", "[[a]]\nb = {c = }", "\0"],
)
def test_malformed_text_never_raises(text: str) -> None:
    toml_positions(text)


def test_positions_before_malformed_text_are_kept() -> None:
    assert locate_line("a = 1\nb = 2\n[broken\nc = 3", ("b",)) == 2


def test_escaped_quotes_in_strings_and_keys() -> None:
    text = 'a = "say \\"hi\\" = x"\n"k\\"q" = 1\n[t]\nb = 2\n'
    assert tomllib.loads(text)['k"q'] == 1
    assert locate_line(text, ('k"q',)) == 2
    assert locate_line(text, ("t", "b")) == 4
