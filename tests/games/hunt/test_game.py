"""The Wolves on the Hunt game object: registration, options, and an organiser's content pack."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

import pytest

import wolfpack
from wolfpack.content import ContentError
from wolfpack.games.hunt.game import HuntGame

GAME = "wolves-on-the-hunt"


def test_game_is_registered_under_its_name() -> None:
    assert GAME in wolfpack.game_names()
    assert isinstance(wolfpack.load_game(GAME), HuntGame)


@pytest.mark.parametrize(("option", "value"), [("players", 5), ("players", 0), ("difficulty", "nightmare")])
def test_bad_options_name_what_is_allowed(option: str, value: object) -> None:
    with pytest.raises(wolfpack.GameOptionError, match=option):
        wolfpack.load_game(GAME, **{option: value})


def organiser_sheet(tmp_path: Path, hearts: int) -> Path:
    """An organiser's directory holding only a sheet.toml with `hearts` starting hearts."""
    default = importlib.resources.files("wolfpack.games.hunt.data").joinpath("sheet.toml").read_text("utf-8")
    lines = default.splitlines()
    header = lines.index("[hearts]")
    start = next(i for i in range(header, len(lines)) if lines[i].startswith("start ="))
    lines[start] = f"start = {hearts}"
    (tmp_path / "sheet.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tmp_path


def test_content_option_plays_the_organisers_pack(tmp_path: Path) -> None:
    pack = organiser_sheet(tmp_path, hearts=11)
    game = wolfpack.load_game(GAME, players=1, content=str(pack))
    assert isinstance(game, HuntGame)
    assert game.content.sheet.hearts.start == 11
    assert game.options_dict()["content"] == str(pack)
    state = game.new_initial_state()
    assert state.observation()["hunters"][0]["hearts"] == 11
    default = wolfpack.load_game(GAME, players=1)
    assert default.content.sheet.hearts.start != 11  # type: ignore[attr-defined]


def test_broken_organiser_pack_is_refused_when_the_game_loads(tmp_path: Path) -> None:
    pack = organiser_sheet(tmp_path, hearts=0)
    with pytest.raises(ContentError, match=r"sheet\.toml:\d+: hearts: start"):
        wolfpack.load_game(GAME, content=str(pack))


def test_missing_organiser_pack_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError):
        wolfpack.load_game(GAME, content=str(tmp_path / "nowhere"))
