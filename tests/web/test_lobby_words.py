"""The lobby's words files (wolfpack.web.lobby): checked on load, errors naming the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from wolfpack.web.lobby import GameWords, WordsError, card, game_words, players_text, read_words, rules_page

GOOD = """
game = "wolf"
tagline = "A tagline."
description = "What the game is about."

[[rules]]
title = "The goal"
text = "Win **now**. <script>alert(1)</script>"
"""


def test_every_hosted_game_has_its_words_and_they_load() -> None:
    for name in ("spacewolves", "wolves-on-the-hunt", "wolf"):
        words = game_words(name)
        assert isinstance(words, GameWords) and words.game == name
        assert words.rules[0].title == "The goal" and words.rules[-1].title == "How it ends"


def test_a_game_nobody_wrote_words_for_still_gets_a_bare_card() -> None:
    assert game_words("den-of-wolves") is None
    assert card("den-of-wolves") == {
        "tagline": None,
        "description": None,
        "picture": None,
        "picture_text": "",
        "rules": None,
        "last_seat": None,
    }


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("game = ", ["not TOML"]),
        (GOOD.replace('tagline = "A tagline."', ""), ["tagline", "Field required"]),
        (GOOD + 'colour = "red"\n', ["colour", "Extra inputs"]),
        (GOOD.replace('game = "wolf"', 'game = "spacewolves"'), ["game", "'spacewolves'", "'wolf'"]),
        (GOOD.replace('game = "wolf"', 'game = "wolf"\npicture = "nope.svg"'), ["picture", "nope.svg"]),
        (GOOD.replace('game = "wolf"', 'game = "wolf"\npicture = "../x.svg"'), ["picture", "pattern"]),
    ],
)
def test_a_bad_words_file_is_refused_naming_the_file_and_the_field(tmp_path: Path, text: str, words: list[str]) -> None:
    source = tmp_path / "wolf.toml"
    source.write_text(text)
    with pytest.raises(WordsError) as refused:
        read_words(source, "wolf")  # type: ignore[arg-type]
    message = str(refused.value)
    assert str(source) in message and all(word in message for word in words), message


def test_a_rules_page_renders_markdown_but_never_raw_html(tmp_path: Path) -> None:
    source = tmp_path / "wolf.toml"
    source.write_text(GOOD)
    words = read_words(source, "wolf")  # type: ignore[arg-type]
    assert words.rules[0].text.startswith("Win")
    page = rules_page(words, "WOLF", players_text(2, 6))
    assert "Win <strong>now</strong>." in page and "2–6 players" in page
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_player_counts_read_as_people_say_them() -> None:
    assert [players_text(1, 4), players_text(2, 2), players_text(1, 1)] == ["1–4 players", "2 players", "1 player"]
