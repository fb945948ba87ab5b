"""WOLF's observations name what a seat sees from the content pack (issue 17, "Cards and wolves by name"): heroes,
werewolf units and their powers, and a catalog of the object cards and wolf cards the seat sees by id, with the
numbers a player needs. The names add nothing to the ids: a card masked as "?" is named nowhere, and a seat's whole
observation is a function of its id view alone (checked for every seat along random and busy games, with
transformed heroes and secret contamination), and the heuristic bot's view is a part of it."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from tests.rules.wolf.helpers import (
    give_objects,
    hero_turn,
    load,
    new_game,
    play,
    position,
    put,
    setup,
    taken_over_july,
)
from tests.rules.wolf.test_hidden_information import busy_choice, melee, taken_over_melee
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.games.wolf.catalog import named
from wolfpack.games.wolf.state import WolfState
from wolfpack.games.wolf.views import HIDDEN, bot_view, id_view

ADDED_TO_HEROES = ("name", "power")
ADDED_TO_UNITS = ("name", "powers")


def stripped(observation: dict[str, Any]) -> dict[str, Any]:
    """An observation without the names the catalog adds: what the id view was before issue 17."""
    view = copy.deepcopy(observation)
    view.pop("catalog")
    for hero in view["heroes"].values():
        for key in ADDED_TO_HEROES:
            hero.pop(key)
    for unit in view["wolves"].values():
        for key in ADDED_TO_UNITS:
            unit.pop(key)
    return view


def shown_ids(view: dict[str, Any]) -> tuple[set[str], set[str]]:
    """The object cards and the wolf-card colours an id view shows (masked cards show nothing)."""
    objects = {card for hero in view["heroes"].values() for card in hero["objects"]}
    objects |= {card for pile in view["piles"] for card in pile["cards"]} | set(view["discard"])
    objects |= {view["pending"]["card"]} if "card" in view["pending"] else set()
    colours = {card.split()[0] for hero in view["heroes"].values() for card in hero["wolf_cards"]}
    return objects - {HIDDEN}, colours - {HIDDEN}


def check_names_add_nothing(state: WolfState) -> int:
    """For every seat and the public view: the observation less its names is the id view, the catalog holds exactly
    the cards the id view shows, and the whole observation is made from the id view and the pack alone. Returns how
    many object cards were named to one seat while masked to another (the cases the check is about)."""
    catalogs = []
    for viewer in (None, *range(state.players)):
        observation = state.observation(viewer)
        ids = id_view(state, viewer)
        assert stripped(observation) == ids
        bots_part = bot_view(state, viewer)  # what the heuristic bot reads: a part of the id view, no more
        assert bots_part == {key: ids[key] for key in bots_part}
        assert bot_view(state, viewer, piles=False) == {key: ids[key] for key in bots_part if key != "piles"}
        objects, colours = shown_ids(ids)
        assert set(observation["catalog"]["objects"]) == objects
        assert set(observation["catalog"]["wolf_cards"]) == colours
        assert named(copy.deepcopy(ids), state.content) == observation
        json.dumps(observation)
        catalogs.append(set(observation["catalog"]["objects"]))
    return len(set.union(*catalogs) - set.intersection(*catalogs))


# ---- what the names are ------------------------------------------------------------------------------------------


def test_heroes_and_werewolf_units_carry_their_names_and_powers() -> None:
    view = setup(6).observation(0)
    assert view["heroes"]["jack"]["name"] == "Jack Ventura" and view["heroes"]["jack"]["power"] == "force"
    assert view["heroes"]["zord"]["name"] == "Doctor Zord" and view["heroes"]["zord"]["power"] == "teleportation"
    assert view["wolves"]["boss"] == {**view["wolves"]["boss"], "name": "Boss", "powers": ["force", "teleportation"]}
    assert view["wolves"]["she-wolf-2"]["name"] == "She-wolf 2" and view["wolves"]["she-wolf-2"]["powers"] == [
        "invisibility"
    ]
    assert view["wolves"]["werewolf-4"]["name"] == "Werewolf 4" and view["wolves"]["werewolf-4"]["powers"] == []


def test_the_catalog_gives_every_power_in_play_its_roll_and_numbers() -> None:
    powers = setup(6).observation(None)["catalog"]["powers"]
    assert set(powers) == {"force", "speed", "teleportation", "invisibility", "vision"}
    assert powers["vision"]["succeeds_on"] == 2 and powers["vision"]["radius"] == 5
    assert powers["speed"] == {**powers["speed"], "name": "Speed", "bonus": 1}
    assert "succeeds_on" not in powers["speed"]  # permanent: no roll
    assert powers["teleportation"]["move_dice"] == 1
    assert "5 squares" in powers["vision"]["text"] and "2 or less" in powers["force"]["text"]


def test_a_held_weapon_is_named_with_its_dice_and_scores_by_distance_for_its_holders_seat_only() -> None:
    data = position()
    give_objects(data, "jack", "shotgun", "sabre")
    state = load(data)
    objects = state.observation(0)["catalog"]["objects"]
    shotgun = objects["shotgun"]
    assert shotgun["name"] == "Shotgun" and shotgun["kind"] == "weapon"
    assert shotgun["shot"]["dice"] == 2 and not shotgun["shot"]["hand_to_hand"]
    assert shotgun["shot"]["scores"] == [
        {"from": 1, "to": 1, "needs": 3},
        {"from": 2, "to": 3, "needs": 5},
        {"from": 4, "to": 6, "needs": 8},
        {"from": 7, "to": 10, "needs": 11},
    ]
    assert objects["sabre"]["shot"]["hand_to_hand"] and objects["sabre"]["shot"]["scores"] == [
        {"from": 1, "to": 1, "needs": 5}
    ]
    for seat in (1, 2, 3, 4, 5, None):
        view = state.observation(seat)
        assert view["catalog"]["objects"] == {}
        assert "Shotgun" not in json.dumps(view) and "Sabre" not in json.dumps(view)


def test_the_far_band_has_no_upper_distance() -> None:
    data = position()
    give_objects(data, "jack", "crossbow")
    scores = load(data).observation(0)["catalog"]["objects"]["crossbow"]["shot"]["scores"]
    assert scores[-1] == {"from": 11, "to": None, "needs": 10}


def test_objects_without_a_shot_carry_their_radius_or_dice_and_what_they_do() -> None:
    data = position()
    give_objects(data, "jack", "flytox", "superglasses", "rollers", "drawing-pin")
    objects = load(data).observation(0)["catalog"]["objects"]
    assert objects["flytox"]["radius"] == 2 and "2 squares" in objects["flytox"]["text"]
    assert objects["superglasses"]["radius"] == 5 and "5 squares" in objects["superglasses"]["text"]
    assert objects["rollers"]["move_dice"] == 1 and "one die" in objects["rollers"]["text"]
    assert objects["drawing-pin"]["name"] == "Drawing Pin" and "shot" not in objects["drawing-pin"]


def test_a_card_offered_in_a_trade_is_named_for_the_two_trading_seats_only() -> None:
    data = position()
    put(data, "jack", "h11")
    put(data, "miss-q", "i11")
    give_objects(data, "jack", "shotgun")
    hero_turn(data, "jack")
    state = play(load(data), "give shotgun miss-q")
    assert state.step == "consent"
    for seat in (0, 1):
        assert state.observation(seat)["catalog"]["objects"]["shotgun"]["name"] == "Shotgun"
    for seat in (2, 3, 4, 5, None):
        assert "shotgun" not in state.observation(seat)["catalog"]["objects"]


def test_a_wolf_card_is_named_only_for_the_seats_that_see_it() -> None:
    state = setup(6, {"july": "black"})
    assert state.observation(2)["catalog"]["wolf_cards"]["black"]["contaminates"] is True
    for seat in (0, 1, 3, 4, 5, None):
        view = state.observation(seat)
        assert "black" not in view["catalog"]["wolf_cards"] and "Black wolf card" not in json.dumps(view)
    assert state.observation(0)["catalog"]["wolf_cards"] == {
        "grey": {"name": "Grey wolf card", "contaminates": False, "text": "A scratch: it does nothing."}
    }


def test_a_transformed_heros_objects_stay_unnamed_for_the_werewolf_seat() -> None:
    """Rulebook 10: the werewolf seat playing taken-over July and Norbert never saw their objects, so it gets no
    names for them; July's home seat saw her sabre and keeps its name."""
    players = 3
    state = load(taken_over_july(players))
    assert state.observation(players - 1)["catalog"]["objects"] == {}
    assert state.observation(state.heroes["july"]["home"])["catalog"]["objects"]["sabre"]["name"] == "Sabre"
    assert check_names_add_nothing(state) == 2  # the sabre and the shotgun, each named for its hero's home seat only


# ---- the names add nothing to the ids ----------------------------------------------------------------------------


def test_a_seat_whose_id_view_is_the_same_gets_the_same_names() -> None:
    """Two positions that differ only in a secret (Jack's object, which seat 1 has not seen) look the same to seat 1,
    names included; Jack's own seat tells them apart."""
    views = []
    for card in ("antidote", "silver-bullet"):
        data = position()
        give_objects(data, "jack", card)
        state = load(data)
        views.append((state.observation(1), state.observation(0)))
    assert views[0][0] == views[1][0]
    assert views[0][1]["catalog"]["objects"].keys() == {"antidote"}
    assert views[1][1]["catalog"]["objects"].keys() == {"silver-bullet"}


@pytest.mark.parametrize("players", (2, 3, 6))
def test_names_add_nothing_to_the_ids_for_any_seat_along_busy_games(players: int) -> None:
    """Busy games (a contaminated hero, every hero holding objects) and games with two heroes taken over, every
    seat at every few steps."""
    checked = 0
    for seed, start in enumerate((melee(players, 1), taken_over_melee(players, 2))):
        state, rng, step = start, random.Random(seed), 0
        while not state.is_terminal() and step < 120:
            if step % 3 == 0:
                checked += check_names_add_nothing(state)
            state.apply_action(sample_chance_outcome(state, rng) if state.is_chance_node() else busy_choice(state, rng))
            step += 1
        checked += check_names_add_nothing(state)
    assert checked > 20  # names reached some seats and not others, many times over


@pytest.mark.parametrize("seed", range(2))
def test_names_add_nothing_to_the_ids_for_any_seat_along_a_whole_random_game(seed: int) -> None:
    state = new_game(4, max_rounds=3).new_initial_state()
    rng = random.Random(seed)
    secret_names = 0
    while not state.is_terminal():
        secret_names += check_names_add_nothing(state)
        state.apply_action(sample_chance_outcome(state, rng) if state.is_chance_node() else busy_choice(state, rng))
    check_names_add_nothing(state)
    assert secret_names > 0
    # at the end every wolf card is shown, so every seat's catalog names them
    assert all(state.observation(seat)["catalog"]["wolf_cards"] for seat in (None, *range(4)))


# ---- made once, never copied, never corrupted (issue 33) -----------------------------------------------------------


def _armed() -> WolfState:
    data = position()
    give_objects(data, "jack", "shotgun", "sabre", "flytox")
    return load(data)


def test_a_caller_changing_its_observations_catalog_changes_no_other_observation() -> None:
    state = _armed()
    first = state.observation(0)
    untouched = copy.deepcopy(first)
    first["catalog"]["objects"]["shotgun"]["shot"]["scores"][0]["needs"] = 12
    first["catalog"]["objects"]["sabre"]["name"] = "Butter knife"
    first["catalog"]["powers"].clear()
    del first["catalog"]["wolf_cards"]
    assert state.observation(0) == untouched
    assert state.shared_observation(0) == untouched


def test_the_shared_observations_catalog_refuses_every_change_and_stays_whole() -> None:
    state = _armed()
    shared = state.shared_observation(0)
    catalog = shared["catalog"]
    shotgun = catalog["objects"]["shotgun"]
    changes = [
        lambda: shotgun.__setitem__("name", "Pea shooter"),
        lambda: shotgun["shot"]["scores"][0].update(needs=12),
        lambda: shotgun["shot"]["scores"].append({"from": 99}),
        lambda: shotgun["shot"]["scores"].pop(),
        lambda: catalog["powers"].pop("force"),
        lambda: catalog.clear(),
    ]
    for change in changes:
        with pytest.raises(TypeError):
            change()
    assert shared == state.observation(0)
    assert json.loads(json.dumps(shared)) == shared  # still JSON as it was
    own = copy.deepcopy(shared)  # a copy is the copier's own, to change at will
    own["catalog"]["objects"]["shotgun"]["name"] = "Pea shooter"
    assert state.shared_observation(0)["catalog"]["objects"]["shotgun"]["name"] == "Shotgun"


def test_observations_never_deep_copy_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """The catalog is made once per pack and cards shown: views showing the same cards share it, and no observation
    deep-copies it (issue 33: the copies were 8% of a play-out's time)."""
    state = _armed()
    state.observation(0)  # the catalog of these cards, made once

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("an observation deep-copied something")

    monkeypatch.setattr(copy, "deepcopy", refuse)
    for viewer in (None, *range(state.players)):
        assert state.observation(viewer)["catalog"] == state.shared_observation(viewer)["catalog"]
    assert state.shared_observation(0)["catalog"] is state.shared_observation(0)["catalog"]
    assert state.shared_observation(1)["catalog"] is state.shared_observation(2)["catalog"]  # the same cards shown
