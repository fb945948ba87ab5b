"""The board presenters' shared contract (dispatch, fallback, the SVG document, escaping), and helpers the game
tests share: seeded games played by bots, and readers of the drawn SVG."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

import wolfpack
from wolfpack.bots import make_bot
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.constants import SIMULTANEOUS
from wolfpack.engine.game import State
from wolfpack.engine.play import bot_decision
from wolfpack.web.boards import PRESENTERS, action_choices, board_svg, turn_text
from wolfpack.web.boards.svg import card, die, el, esc, text

SVG = "{http://www.w3.org/2000/svg}"

# ---------------------------------------------------------------- helpers for the game tests


@cache
def play(game_name: str, players: int, seed: int, bot: str = "random") -> tuple[State[Any], ...]:
    """Every position of one seeded game played by `bot` in every seat (chance sampled), the end included."""
    game = wolfpack.load_game(game_name, players=players)
    bots = [make_bot(game, bot, seed * 100 + seat) for seat in range(players)]
    rng = random.Random(seed)
    state = game.new_initial_state()
    positions = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            seat, action = bot_decision(state, bots)
            if state.is_simultaneous_node():
                state.apply_action(action, seat)
            else:
                state.apply_action(action)
        positions.append(state.clone())
    return tuple(positions)


def viewers(state: State[Any]) -> list[int | None]:
    """The public view and every seat."""
    return [None, *range(state.num_players())]


def acting(state: State[Any]) -> list[int]:
    """The seats with legal actions now (several at a simultaneous node)."""
    current = state.current_player()
    if current >= 0:
        return [current]
    if current == SIMULTANEOUS:
        return [seat for seat in range(state.num_players()) if state.legal_actions(seat)]
    return []


def legal(state: State[Any], seat: int) -> list[str]:
    """The seat's legal actions in notation, as the server sends them."""
    return [state.action_to_string(action) for action in state.legal_actions(seat)]


def parse(svg: str) -> ET.Element:
    """The drawing parsed as XML (fails the test if it is not), checked to be one scalable <svg>."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("width") == "100%" and root.get("height") is None
    assert len((root.get("viewBox") or "").split()) == 4
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Every element whose class list holds `name`."""
    return [element for element in root.iter() if name in (element.get("class") or "").split()]


def tag(element: ET.Element) -> str:
    """The element's tag without the SVG namespace."""
    return element.tag.removeprefix(SVG)


def all_text(root: ET.Element) -> str:
    """Every text the drawing shows (titles included), unescaped."""
    return " ".join(root.itertext())


def assert_covers(choices: list[dict[str, Any]], legal_actions: Sequence[str]) -> None:
    """Every legal string appears exactly once, as given, in a named group with a label; nothing else appears."""
    shown = [entry["action"] for group in choices for entry in group["actions"]]
    assert sorted(shown) == sorted(set(legal_actions))
    assert len(shown) == len(set(shown))
    for group in choices:
        assert isinstance(group["group"], str) and group["group"]
        assert group["actions"]
        assert all(isinstance(entry["label"], str) and entry["label"] for entry in group["actions"])


def rename(value: Any, old: str, new: str) -> Any:
    """A copy of an observation with every string (key or value) equal to `old` replaced by `new`."""
    if isinstance(value, dict):
        return {rename(key, old, new): rename(item, old, new) for key, item in value.items()}
    if isinstance(value, list):
        return [rename(item, old, new) for item in value]
    return new if value == old else value


HOSTILE = "<script>alert('x')</script>&\x07\ud800"
"""A name that would break out of the markup if it were not escaped (with two characters XML forbids)."""


# ---------------------------------------------------------------- dispatch and fallback


def test_every_presented_game_is_a_registered_game() -> None:
    assert set(PRESENTERS) <= set(wolfpack.game_names())
    assert {"spacewolves", "wolves-on-the-hunt", "wolf"} <= set(PRESENTERS)


def test_an_unknown_game_gets_a_listing_of_the_observation_keys() -> None:
    observation = {"alpha": 1, "to_act": 2, HOSTILE: "x"}
    root = parse(board_svg("no-such-game", observation, 0))
    shown = all_text(root)
    assert "alpha" in shown and "to_act" in shown and "<script>alert('x')</script>&" in shown
    assert turn_text("no-such-game", observation, 2) == "Your turn."
    assert turn_text("no-such-game", observation, 0) == "Seat 3 to act."
    assert turn_text("no-such-game", {}, None)
    choices = action_choices("no-such-game", observation, ["a b", "c"])
    assert choices == [
        {"group": "Actions", "actions": [{"action": "a b", "label": "a b"}, {"action": "c", "label": "c"}]}
    ]


def test_an_unknown_game_with_an_empty_observation_still_draws() -> None:
    root = parse(board_svg("no-such-game", {}, None))
    assert "empty" in all_text(root)


@pytest.mark.parametrize("game", ["spacewolves", "wolves-on-the-hunt", "wolf", "no-such-game"])
def test_a_repeated_legal_string_gives_one_button(game: str) -> None:
    state = wolfpack.load_game(game if game in PRESENTERS else "spacewolves", players=3).new_initial_state()
    choices = action_choices(game, state.observation(None), ["x", "x", "y"])
    assert_covers(choices, ["x", "y"])


# ---------------------------------------------------------------- the SVG builders


def test_escaping_leaves_no_markup_and_no_character_xml_forbids() -> None:
    assert esc(HOSTILE) == "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;&amp;"
    assert esc(7) == "7" and esc("plain words") == "plain words"
    drawing = el("svg", text(1, 2, HOSTILE, data_name=HOSTILE), xmlns="http://www.w3.org/2000/svg")
    assert "<script" not in drawing
    root = ET.fromstring(drawing)
    assert root[0].text == "<script>alert('x')</script>&"
    assert root[0].get("data-name") == "<script>alert('x')</script>&"


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_a_die_shows_as_many_pips_as_its_value(value: int) -> None:
    face = ET.fromstring(die(0, 0, 30, value))
    assert face.get("data-value") == str(value)
    assert len([e for e in face if e.get("class") == "pip"]) == value


def test_a_die_without_a_face_value_shows_its_text() -> None:
    face = ET.fromstring(die(0, 0, 30, 0))
    assert face.get("data-value") == "0" and "0" in "".join(face.itertext())


def test_a_hidden_card_is_a_back_and_a_seen_card_shows_its_face() -> None:
    back = ET.fromstring(card(0, 0, 20, 30, "?", cls="object"))
    face = ET.fromstring(card(0, 0, 20, 30, "shotgun", cls="object"))
    assert (back.get("class") or "").split() == ["card", "hidden", "object"]
    assert "shotgun" not in "".join(back.itertext())
    assert (face.get("class") or "").split() == ["card", "face", "object"]
    assert "shotgun" in "".join(face.itertext())


# ---------------------------------------------------------------- boards you click


def pick_keys(root: ET.Element) -> set[str]:
    """The keys of every element the drawing marks as clickable."""
    return {element.get("data-pick") or "" for element in root.iter() if element.get("data-pick")}


def grid_holds(root: ET.Element, key: str) -> bool:
    """Whether `key` names a cell of a grid the drawing declares (its cells are drawn by the page when lit)."""
    for grid in (e for e in root.iter() if e.get("data-grid-prefix")):
        prefix, columns = grid.get("data-grid-prefix") or "", grid.get("data-grid-columns") or ""
        name = key.removeprefix(prefix)
        if key.startswith(prefix) and name[:1] in columns and name[1:].isdigit():
            return True
    return False


PICK_GAMES = [("spacewolves", 3, 1, "random"), ("wolves-on-the-hunt", 2, 3, "random"), ("wolf", 2, 5, "random")]


@pytest.mark.parametrize(("game", "players", "seed", "bot"), PICK_GAMES, ids=[g[0] for g in PICK_GAMES])
def test_every_pick_names_an_element_of_the_seats_own_board(game: str, players: int, seed: int, bot: str) -> None:
    """Each key an action asks to click is on the board the seat is shown (an element, or a declared grid's cell),
    and every marked element has a name in words."""
    checked = 0
    every = 5 if game == "wolf" else 1  # a WOLF drawing is the largest
    for index, state in enumerate(play(game, players, seed, bot)):
        if index % every:
            continue
        for seat in acting(state):
            observation = state.observation(seat)
            root = parse(board_svg(game, observation, seat))
            keys = pick_keys(root)
            assert all(e.get("data-label") for e in root.iter() if e.get("data-pick"))
            for group in action_choices(game, observation, legal(state, seat)):
                for entry in group["actions"]:
                    for key in entry.get("picks", []):
                        assert key in keys or grid_holds(root, key), (entry, key)
                        checked += 1
    assert checked > 20


def test_a_group_of_set_choices_is_drawn_as_toggles_with_each_action_once() -> None:
    """Actions carrying toggles make a group of kind "toggles" whose items are every key they use, labelled."""
    presenter = PRESENTERS["wolves-on-the-hunt"]
    observation = play("wolves-on-the-hunt", 2, 3)[0].observation(0)
    groups = action_choices("wolves-on-the-hunt", observation, ["reroll red4 blue2", "reroll red4", "pass"])
    assert groups[0] == {
        "group": "Use a die",
        "kind": "toggles",
        "items": [{"key": "die-red", "label": "red 4"}, {"key": "die-blue", "label": "blue 2"}],
        "actions": [
            {
                "action": "reroll red4 blue2",
                "label": "Reroll the red 4 and the blue 2",
                "picks": ["die-red", "die-blue"],
                "toggles": ["die-red", "die-blue"],
                "confirm": "Reroll them",
            },
            {
                "action": "reroll red4",
                "label": "Reroll the red 4",
                "picks": ["die-red"],
                "toggles": ["die-red"],
                "confirm": "Reroll them",
            },
        ],
    }
    assert "kind" not in groups[1] and presenter.details(observation, "pass") == {"picks": ["pass"]}
