"""An event's settings (src/wolfpack/event/settings.py): defaults, every bad value refused naming its field, and the
organiser's content pack checked by loading the Den game with it."""

from __future__ import annotations

import re
import shutil
from importlib import resources
from pathlib import Path

import pytest

import wolfpack
from wolfpack.event.errors import EventError
from wolfpack.event.settings import EventSettings, event_defaults, make_settings


def test_defaults_are_the_rulebooks_timetable_and_the_games_turns() -> None:
    settings = make_settings()
    assert (settings.action_minutes, settings.team_minutes, settings.turn_minutes) == (18, 12, 30)
    assert settings.turns == wolfpack.load_game("den-of-wolves").options.turns  # type: ignore[attr-defined]
    assert (settings.edition, settings.content, settings.quadrants, settings.base_url) == ("classic", None, None, None)


def test_every_number_in_the_defaults_file_says_where_it_comes_from() -> None:
    text = resources.files("wolfpack.event").joinpath("defaults.toml").read_text(encoding="utf-8")
    numbers = [line for line in text.splitlines() if re.match(r"^\w+ = \d", line)]
    assert len(numbers) == 5
    for line in numbers:
        assert re.search(r"# (both rulebooks, Sequence of Action|our default)", line), line
    assert event_defaults().limits.longest_phase_minutes == 120


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"turns": 0}, "turns must be at least 1 (you gave 0)"),
        ({"turns": 41}, "turns must be at most 40 (you gave 41)"),
        ({"turns": "many"}, "turns must be a whole number (you gave many)"),
        ({"edition": "third"}, "edition must be classic or infinite-domain (you gave third)"),
        ({"quadrants": 5}, "classic allows 4 quadrants"),
        ({"edition": "infinite-domain", "quadrants": 7}, "quadrants must be at most 6 (you gave 7)"),
        ({"action_minutes": 0}, "action_minutes must be 1 to 120 minutes, a phase's length (you gave 0)"),
        ({"team_minutes": 121}, "team_minutes must be 1 to 120 minutes, a phase's length (you gave 121)"),
        ({"warning_seconds": -1}, "warning_seconds must be 0 to 7200 seconds before a phase's end (you gave -1)"),
        ({"base_url": "ftp://venue"}, "base_url: the address 'ftp://venue' must look like https://host"),
        ({"base_url": "http://venue/?x=1"}, "base_url: the address 'http://venue/?x=1' must look like"),
        ({"base_url": "http://0.0.0.0:8000"}, "base_url: 0.0.0.0 is no address another device can open"),
        ({"base_url": "http://[::]:8000"}, "base_url: :: is no address another device can open"),
        ({"colour": "red"}, "colour: there is no such setting"),
        ({"content": "/nowhere/pack"}, "content: /nowhere/pack: no such file or directory"),
    ],
)
def test_a_bad_setting_is_refused_with_a_sentence_naming_the_field(values: dict[str, object], message: str) -> None:
    with pytest.raises(EventError) as refused:
        make_settings(**values)
    assert str(refused.value).startswith(message), str(refused.value)


def test_a_broken_content_pack_gives_the_games_own_error_naming_file_and_field(tmp_path: Path) -> None:
    (tmp_path / "fleet.toml").write_text('[[ships]]\nid = "x"\n', encoding="utf-8")
    with pytest.raises(EventError) as refused:
        make_settings(content=str(tmp_path))
    text = str(refused.value)
    assert text.startswith("content: ")
    assert f"{tmp_path}/fleet.toml:1: ships[0]" in text
    assert "name: required, but missing" in text


def test_an_organisers_pack_is_loaded_and_kept_as_an_absolute_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    source = resources.files("wolfpack.games.den.data.infinite_domain").joinpath("tables.toml")
    with resources.as_file(source) as tables:
        shutil.copy(tables, pack / "tables.toml")
    monkeypatch.chdir(tmp_path)
    settings = make_settings(edition="infinite-domain", content="pack", quadrants=6)
    assert settings.content == str(pack)
    assert settings.game().options.content == str(pack)  # type: ignore[attr-defined]
    assert settings.game().num_players() == wolfpack.load_game("den-of-wolves", edition="infinite-domain").num_players()


def test_the_base_url_loses_its_trailing_slash() -> None:
    assert make_settings(base_url="http://10.0.0.5:8000/").base_url == "http://10.0.0.5:8000"


def test_settings_are_frozen() -> None:
    settings = make_settings()
    with pytest.raises(ValueError, match="frozen"):
        settings.turns = 3  # type: ignore[misc]
    assert isinstance(settings, EventSettings)
