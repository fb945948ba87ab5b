"""The public guide to a Den of Wolves pack that the players' screens explain (tests mirror games/den/guide.py)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

import wolfpack
from wolfpack.games.den.content import Effect
from wolfpack.games.den.game import DenGame
from wolfpack.games.den.guide import effect_words, guide


def den(edition: str, **options: str) -> DenGame:
    game = wolfpack.load_game("den-of-wolves", edition=edition, **options)
    assert isinstance(game, DenGame)
    return game


def test_effects_are_put_in_words() -> None:
    assert effect_words(Effect(op="gain", resource="food", amount=2)) == "gain 2 food"
    assert effect_words(Effect(op="morale", amount=-1)) == "morale -1"
    assert effect_words(Effect(op="freeform", text="Control says what the sweep sees")) == (
        "Control says what the sweep sees"
    )
    assert effect_words(Effect(op="train", training="pilot")) == "train a crew as pilot"


@pytest.mark.parametrize("edition", ["classic", "infinite-domain"])
def test_the_guide_explains_every_station_card_and_table_of_the_pack(edition: str) -> None:
    content = den(edition).content
    explained = guide(content)
    for ship in content.fleet.ships:
        shown = explained["ships"][ship.id]
        assert list(shown["stations"]) == [station.id for station in ship.stations]
        for station in ship.stations:
            words = shown["stations"][station.id]
            assert words["capacity"] == station.capacity and words["crew"] == station.crew
            assert len(words["does"]) == max(1, len(station.effects)) and all(words["does"])
        assert shown["morale"]["riot_on"] == list(ship.morale.riot_on)
        assert shown["rations"]["food"]["normal"] == ship.food.normal
        assert shown["rations"]["water"]["none"] == 0
        assert set(shown["damage"]) == {card.id for card in content.damage.decks[ship.id]}
    assert set(explained["cards"]) == {card.id for card in content.cards.cards}
    assert explained["tables"]["ration_modifiers"] == dict(content.tables.tables.ration_modifiers)
    combat = content.combat.combat
    assert explained["combat"]["wolves"] == {kind.id: {"name": kind.name, "hits": kind.hits} for kind in combat.wolves}
    assert [band["low"] for band in explained["combat"]["fighter"]] == [band.low for band in combat.fighter]
    json.dumps(explained)  # the server sends it as it is


@pytest.mark.parametrize("edition", ["classic", "infinite-domain"])
def test_the_guide_tells_no_destination(edition: str) -> None:
    """A team learns a destination only by drawing it: no card's name or coordinates are in the guide."""
    content = den(edition).content
    text = json.dumps(guide(content))
    for card in content.destinations.destinations:
        assert card.coordinates not in text and f'"{card.name}"' not in text


def test_an_organisers_pack_is_explained_as_it_plays(tmp_path: Path) -> None:
    text = resources.files("wolfpack.games.den.data.classic").joinpath("fleet.toml").read_text("utf-8")
    assert text.count('name = "Fore Hydroponics"') == 1
    (tmp_path / "fleet.toml").write_text(text.replace('name = "Fore Hydroponics"', 'name = "Fore Gardens"'), "utf-8")
    stations = guide(den("classic", content=str(tmp_path)).content)["ships"]["dione"]["stations"]
    assert stations["fore-farms"]["name"] == "Fore Gardens"
