"""The generic loader: every way a content file can be wrong gives a ContentError naming file, entry, field, line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import Field, model_validator

from wolfpack.content import (
    ContentError,
    ContentModel,
    ContentProblem,
    Entry,
    Items,
    TomlText,
    check_known,
    check_unique,
    load_pack,
    load_toml_model,
    load_toml_resource,
)
from wolfpack.content.errors import MAX_LISTED_PROBLEMS
from wolfpack.engine.errors import WolfpackError


class Card(Entry):
    """A toy card."""

    id: str
    name: str
    health: int = Field(ge=1, le=9)
    tags: Items[str] = ()


class Deck(ContentModel):
    """A toy deck file."""

    cards: Items[Card]

    @model_validator(mode="after")
    def _unique(self) -> Deck:
        check_unique(self.cards, lambda card: card.id, "cards", "id")
        return self


class Places(ContentModel):
    """A toy second file of a pack."""

    places: Items[str]


class Pack(ContentModel):
    """A toy pack of two files whose cards must be named after places."""

    deck: Deck
    places: Places

    @model_validator(mode="after")
    def _names_are_places(self) -> Pack:
        for index, card in enumerate(self.deck.cards):
            check_known(card.name, self.places.places, ("deck", "cards", index, "name"), "place")
        return self


GOOD = """\
# toy deck
[[cards]]
id = "a"
name = "North"
health = 2
source = "our default"

[[cards]]
id = "b"
name = "South"
health = 3
tags = ["x"]
source = "rulebook: Setup"
"""


def write(tmp_path: Path, text: str, name: str = "deck.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_for(tmp_path: Path, text: str) -> ContentError:
    path = write(tmp_path, text)
    with pytest.raises(ContentError) as caught:
        load_toml_model(path, Deck)
    return caught.value


def test_good_file_loads(tmp_path: Path) -> None:
    deck = load_toml_model(write(tmp_path, GOOD), Deck)
    assert [card.id for card in deck.cards] == ["a", "b"]
    assert deck.cards[1].tags == ("x",)


def test_content_error_is_a_wolfpack_error() -> None:
    assert issubclass(ContentError, WolfpackError)
    assert issubclass(ContentError, ValueError)


@pytest.mark.parametrize(
    ("old", "new", "entry", "field", "line", "message"),
    [
        ("health = 3", "health = 0", 'cards[1] (id "b", name "South")', "health", 11, "must be at least 1 (got 0)"),
        ("health = 3", "health = 10", 'cards[1] (id "b", name "South")', "health", 11, "must be at most 9 (got 10)"),
        ("health = 3", 'health = "3"', "cards[1]", "health", 11, 'must be a whole number (got "3")'),
        ("health = 3", "health = 3.0", "cards[1]", "health", 11, "must be a whole number (got 3.0)"),
        ("health = 3", "health = true", "cards[1]", "health", 11, "must be a whole number (got true)"),
        ("health = 3\n", "", "cards[1]", "health", 8, "required, but missing"),
        ("health = 3", "health = 3\nhelth = 4", "cards[1]", "helth", 12, 'did you mean "health"?'),
        ('tags = ["x"]', 'tags = "x"', "cards[1]", "tags", 12, 'must be an array [...] (got "x")'),
        ('tags = ["x"]', 'tags = [\n  "x",\n  7,\n]', "cards[1]", "tags[1]", 14, "must be text in quotes (got 7)"),
        ('id = "b"', 'id = "a"', 'cards[1] (id "a", name "South")', "id", 9, 'duplicate id "a" (also cards[0])'),
        (
            '"rulebook: Setup"',
            '"somewhere"',
            "cards[1]",
            "source",
            13,
            'must be "our default" or "rulebook: <section>"',
        ),
        ('"rulebook: Setup"', '"rulebook: "', "cards[1]", "source", 13, '(got "rulebook: ")'),
        ('source = "our default"\n', "", 'cards[0] (id "a", name "North")', "source", 2, "required, but missing"),
    ],
)
def test_each_problem_names_file_entry_field_and_line(
    tmp_path: Path, old: str, new: str, entry: str, field: str, line: int, message: str
) -> None:
    # Break the second card when the text to replace is in it, else the first.
    head, _, tail = GOOD.rpartition("[[cards]]")
    text = head + "[[cards]]" + tail.replace(old, new, 1) if old in tail else GOOD.replace(old, new, 1)
    error = error_for(tmp_path, text)
    assert error.file == str(tmp_path / "deck.toml")
    assert error.entry is not None and error.entry.startswith(entry)
    assert error.field == field
    assert error.line == line
    assert message in str(error)
    assert str(error).startswith(f"{tmp_path / 'deck.toml'}:{line}: {error.entry}: {field}: ")


def test_unknown_top_level_table(tmp_path: Path) -> None:
    error = error_for(tmp_path, GOOD + "\n[extra]\nx = 1\n")
    assert (error.entry, error.field, error.line) == (None, "extra", 15)
    assert "unknown field (allowed: cards)" in str(error)


def test_wrong_shape_of_whole_array(tmp_path: Path) -> None:
    error = error_for(tmp_path, 'cards = "none"\n')
    assert (error.field, error.line) == ("cards", 1)


def test_toml_syntax_error_gives_tomllib_line(tmp_path: Path) -> None:
    error = error_for(tmp_path, GOOD.replace("health = 3", "health = "))
    assert error.line == 11
    assert "not valid TOML" in str(error)
    assert str(error).startswith(f"{tmp_path / 'deck.toml'}:11: ")


def test_toml_syntax_error_at_end_of_document(tmp_path: Path) -> None:
    error = error_for(tmp_path, 'a = "open')
    assert error.line == 1
    assert "not valid TOML" in str(error)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"nothing\.toml: cannot read: No such file"):
        load_toml_model(tmp_path / "nothing.toml", Deck)


def test_directory_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read"):
        load_toml_model(tmp_path, Deck)


def test_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_bytes(b'name = "\xff"\n')
    with pytest.raises(ContentError, match="not UTF-8"):
        load_toml_model(path, Deck)


def test_every_problem_is_listed(tmp_path: Path) -> None:
    error = error_for(tmp_path, GOOD.replace("health = 2", "health = 0").replace("health = 3", "health = -1"))
    assert [(p.entry or "")[:8] for p in error.problems] == ["cards[0]", "cards[1]"]
    assert str(error).startswith("2 problems in ")
    assert f"{tmp_path / 'deck.toml'}:5:" in str(error)
    assert f"{tmp_path / 'deck.toml'}:11:" in str(error)


def test_long_lists_of_problems_are_cut_short() -> None:
    problems = [ContentProblem("f.toml", f"problem {i}") for i in range(MAX_LISTED_PROBLEMS + 5)]
    text = str(ContentError(problems))
    assert "... and 5 more" in text
    assert "problem 19" in text and "problem 20" not in text


def test_content_error_needs_a_problem() -> None:
    with pytest.raises(ValueError, match="at least one problem"):
        ContentError([])


def test_resource_loads_from_the_package() -> None:
    from wolfpack.games.hunt.content import ComponentsFile

    components = load_toml_resource("wolfpack.games.hunt.data", "components.toml", ComponentsFile)
    assert components.cards.day_wolves == 16


def test_missing_resource() -> None:
    with pytest.raises(ContentError, match=r"wolfpack/games/hunt/data/nothing\.toml: cannot read packaged file"):
        load_toml_resource("wolfpack.games.hunt.data", "nothing.toml", Deck)


PLACES = 'places = ["North", "South"]\n'


def test_pack_loads_each_file_then_checks_across_files() -> None:
    pack = load_pack(Pack, {"deck": TomlText("deck.toml", GOOD), "places": TomlText("places.toml", PLACES)})
    assert pack.places.places == ("North", "South")


def test_pack_cross_file_problem_names_the_file_that_refers() -> None:
    sources = {"deck": TomlText("deck.toml", GOOD.replace('"South"', '"East"')), "places": TomlText("p.toml", PLACES)}
    with pytest.raises(ContentError) as caught:
        load_pack(Pack, sources)
    error = caught.value
    assert (error.file, error.field, error.line) == ("deck.toml", "name", 10)
    assert error.entry == 'cards[1] (id "b", name "East")'
    assert 'unknown place "East" (known: "North", "South")' in str(error)


def test_pack_reports_problems_of_every_file_together() -> None:
    sources = {"deck": TomlText("deck.toml", "cards = 1\n"), "places": TomlText("places.toml", "places = [\n")}
    with pytest.raises(ContentError) as caught:
        load_pack(Pack, sources)
    assert {problem.file for problem in caught.value.problems} == {"deck.toml", "places.toml"}


def test_pack_fields_must_be_models() -> None:
    class Bad(ContentModel):
        deck: int

    with pytest.raises(TypeError, match="one per file"):
        load_pack(Bad, {"deck": TomlText("deck.toml", "")})
