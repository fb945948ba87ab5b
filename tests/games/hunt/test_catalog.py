"""Wolves on the Hunt observations name their cards from the content pack (issue 17, "Cards and wolves by name"): each
wolf in play has its name and health beside its id, and a catalog gives every wolf card the view shows (in play, the
Pack Leader, the discards, a card being placed), every character dealt and the eight locations, with their numbers
and what they do. The names add nothing to the ids: the observation is made from its id view and the pack alone."""

from __future__ import annotations

import copy
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

import wolfpack
from wolfpack import SIMULTANEOUS
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.games.hunt.catalog import named
from wolfpack.games.hunt.notation import id_view
from wolfpack.games.hunt.state import HuntState

from ...rules.hunt.helpers import GAME, PACK, hunt_registered, load, new_game, position, put_wolf

__all__ = ["hunt_registered"]


def stripped(observation: dict[str, Any]) -> dict[str, Any]:
    """An observation without the names the catalog adds: what the id view was before issue 17."""
    view = copy.deepcopy(observation)
    view.pop("catalog")
    for wolf in view["wolves"].values():
        wolf.pop("name")
        wolf.pop("health")
    return view


def wolf_ids_outside_the_decks(view: dict[str, Any], known: set[str]) -> set[str]:
    """Every wolf card id a view shows anywhere but in its decks' lists (found by walking the whole view)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and value in known:
            found.add(value)

    walk({key: value for key, value in view.items() if key != "decks"})
    return found


def check_names_add_nothing(state: HuntState) -> None:
    """For every seat and the public view: the observation less its names is the id view, the catalog's wolves are
    exactly the cards the id view shows outside the decks, and the observation is made from the id view alone."""
    known = {wolf.id for deck in ("day", "night", "leader") for wolf in state.content.deck(deck)}
    public = state.observation()
    for viewer in (None, *range(state.players)):
        observation = state.observation(viewer)
        assert observation == public  # perfect information: every seat sees the same
        ids = id_view(state)
        assert stripped(observation) == ids
        assert set(observation["catalog"]["wolves"]) == wolf_ids_outside_the_decks(ids, known)
        assert named(copy.deepcopy(ids), state.content) == observation
        json.dumps(observation)


# ---- what the names are ------------------------------------------------------------------------------------------


def test_a_wolf_in_play_carries_its_name_and_health_beside_its_id() -> None:
    data = position()
    put_wolf(data, "E", "day-11", damage=1)
    wolf = load(data).observation()["wolves"]["E"]
    assert wolf == {"id": "day-11", "damage": 1, "outwit": False, "name": "Straw Thief", "health": 2}


def test_the_catalog_says_what_a_card_in_play_does_with_its_numbers() -> None:
    data = position()
    put_wolf(data, "E", "day-11")
    put_wolf(data, "N", "day-12")
    wolves = load(data).observation()["catalog"]["wolves"]
    straw = wolves["day-11"]
    assert (straw["name"], straw["deck"], straw["health"], straw["damage"]) == ("Straw Thief", "day", 2, 1)
    assert straw["bonus"] == {
        "kind": "enhance",
        "stat": "traps",
        "text": "The killer moves one step up the traps track.",
    }
    assert straw["ability"] == {
        "kind": "capture",
        "name": "Capture",
        "timing": "ongoing",
        "die": "yellow",
        "text": "While in play: takes the yellow die out of the pool and holds it until the wolf dies or is outwitted.",
    }
    assert wolves["day-12"]["ability"]["immune_to"] == "traps"
    assert wolves["day-12"]["ability"]["text"] == "While in play: trap attacks do it no damage."


def test_a_wolf_without_an_ability_says_so_and_its_bonus_gives_the_rules_number() -> None:
    data = position()
    put_wolf(data, "E", "day-16")  # Ridge Scout: heal player, no ability
    entry = load(data).observation()["catalog"]["wolves"]["day-16"]
    assert entry["ability"] is None
    assert entry["bonus"] == {"kind": "heal_player", "text": "The killer outlines 2 dashed hearts."}


def test_the_pack_leader_and_the_discards_are_named_but_not_the_decks() -> None:
    data = position()
    data["decks"]["day"]["cards"].remove("day-03")
    data["discard"]["day"] = ["day-03"]
    view = load(data).observation()
    catalog = view["catalog"]["wolves"]
    assert set(catalog) == {"leader-4", "day-03"}
    assert catalog["leader-4"]["name"] == "Old Cunning" and catalog["leader-4"]["deck"] == "leader"
    assert catalog["day-03"]["deck"] == "day"
    assert not set(catalog) & {card for deck in view["decks"].values() for card in deck["cards"]}


def test_a_drawn_card_waiting_for_its_place_is_named() -> None:
    data = position()
    data["decks"]["day"]["cards"].remove("day-05")
    data["tasks"] = [["back", "day", "day-05"]]
    state = load(data)
    assert state.is_chance_node()
    assert state.observation()["catalog"]["wolves"]["day-05"]["name"] == "Mud Lurker"


def test_the_characters_dealt_are_named_with_their_power_and_its_number() -> None:
    view = load(position(players=2)).observation()
    characters = view["catalog"]["characters"]
    assert set(characters) == {"joanna", "jack"}
    assert characters["jack"]["name"] == "Jack"
    power = characters["jack"]["power"]
    assert (power["kind"], power["name"], power["amount"]) == ("charge", "Charge", 3)
    assert power["text"].startswith("Move up to 3 move points")


def test_no_character_is_named_before_one_is_dealt() -> None:
    state = new_game(2).new_initial_state()
    assert state.observation()["catalog"]["characters"] == {}


def test_the_eight_locations_are_named() -> None:
    locations = load(position()).observation()["catalog"]["locations"]
    assert list(locations) == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert locations["NE"] == "North-East"


def test_names_come_from_an_organisers_pack(tmp_path: Path) -> None:
    shutil.copy(PACK / "wolves.toml", tmp_path / "wolves.toml")
    text = (tmp_path / "wolves.toml").read_text()
    (tmp_path / "wolves.toml").write_text(text.replace('name = "Straw Thief"', 'name = "Hay Bandit"'))
    data = position()
    put_wolf(data, "E", "day-11")
    view = wolfpack.load_game(GAME, players=1, content=str(tmp_path)).state_from_position(data).observation()
    assert view["wolves"]["E"]["name"] == "Hay Bandit"
    assert view["catalog"]["wolves"]["day-11"]["name"] == "Hay Bandit"


# ---- the names add nothing to the ids ----------------------------------------------------------------------------


def random_game(players: int, seed: int) -> list[HuntState]:
    """Every tenth position of a random game, to its end."""
    state = new_game(players).new_initial_state()
    assert isinstance(state, HuntState)
    rng = random.Random(seed)
    positions = []
    step = 0
    while not state.is_terminal():
        if step % 10 == 0:
            positions.append(state.clone())
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            seat = state.current_player()
            seat = state.waiting_for()[0] if seat == SIMULTANEOUS else seat
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        step += 1
    return [*positions, state]


@pytest.mark.parametrize("players", (1, 2, 4))
def test_names_add_nothing_to_the_ids_for_any_seat_along_random_games(players: int) -> None:
    named_cards = set()
    for seed in range(5):
        for state in random_game(players, seed):
            check_names_add_nothing(state)
            named_cards |= set(state.observation()["catalog"]["wolves"])
    assert len(named_cards) > 3  # wolves came into play, and were named
