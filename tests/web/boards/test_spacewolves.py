"""The Spacewolves! board for web pages: the column of tiles with every spaceman, the dice, the turn and the buttons."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from typing import Any

import pytest

import wolfpack
from wolfpack.engine.game import State
from wolfpack.web.boards import action_choices, board_svg, turn_text

from .test_common import HOSTILE, acting, all_text, assert_covers, legal, parse, play, rename, viewers, with_class

NAME = "spacewolves"
GAMES = [(3, 1), (4, 2)]
"""(players, seed) of the seeded games the tests walk through."""


def positions() -> list[State[Any]]:
    return [state for players, seed in GAMES for state in play(NAME, players, seed)]


@cache
def public_board(players: int, seed: int, index: int) -> ET.Element:
    """The public drawing of one position of one of GAMES, parsed (drawn once, read by several tests)."""
    state = play(NAME, players, seed)[index]
    return parse(board_svg(NAME, state.observation(None), None))


def public_boards() -> list[tuple[dict[str, Any], ET.Element]]:
    """(public observation, its drawing) at every position of GAMES."""
    return [
        (state.observation(None), public_board(players, seed, index))
        for players, seed in GAMES
        for index, state in enumerate(play(NAME, players, seed))
    ]


def from_position(players: int, position: str) -> State[Any]:
    game = wolfpack.load_game(NAME, players=players)
    return game.state_from_position(position)


def test_board_parses_at_every_position_for_every_seat_and_the_public_view() -> None:
    assert len(public_boards()) > 100  # the public view, parsed at every position
    drawn = 0
    for index, state in enumerate(positions()):
        for seat in viewers(state)[1:] if index % 4 == 0 else []:
            parse(board_svg(NAME, state.observation(seat), seat))
            drawn += 1
    assert drawn > 250


def test_every_spaceman_is_drawn_once_where_the_observation_puts_it() -> None:
    for observation, root in public_boards():
        expected: Counter[tuple[str, str]] = Counter()
        for tile in observation["tiles"]:
            for colour, count in tile["pieces"].items():
                expected[(colour, str(tile["position"]))] += count
        for arrival in observation["earth"]:
            expected[(arrival["colour"], "earth")] += 1
        for colour, count in observation["wolves"].items():
            expected[(colour, "wolves")] += count
        drawn = Counter((p.get("data-player") or "", p.get("data-square") or "") for p in with_class(root, "piece"))
        assert drawn == +expected
        assert sum(drawn.values()) == 3 * len(observation["players"])


def test_pieces_carry_their_seat_class_and_colour() -> None:
    state = from_position(4, "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbbggg/4/5/6 - - 1 r spaceman r own 35 - 0")
    root = parse(board_svg(NAME, state.observation(None), None))
    greens = [p for p in with_class(root, "piece") if p.get("data-player") == "green"]
    assert len(greens) == 3
    assert all("p3" in (p.get("class") or "").split() and p.get("fill") == "#009E73" for p in greens)
    letters = [t.text for t in with_class(root, "letter")]
    assert letters.count("G") == 3 + 1 and letters.count("R") == 3 + 1  # the tile's discs and the scores' key


def test_earth_shows_each_arrival_on_its_number_and_the_scores_add_up() -> None:
    state = from_position(3, "1/2r/3/A/4/5/6/W/1/2/3/Sryybb/4/5/6 ryb - 4 r spaceman r own 25 - 0")
    state.apply_action(state.parse_action("r14+5"))
    root = parse(board_svg(NAME, state.observation(None), None))
    on_earth = [p.get("data-player") for p in with_class(root, "piece") if p.get("data-square") == "earth"]
    assert on_earth == ["red", "yellow", "blue", "red"]
    assert "red 21" in all_text(root) and "yellow 11" in all_text(root)


def test_the_dice_are_drawn_as_faces_with_the_observed_values() -> None:
    seen_dice = 0
    for observation, root in public_boards():
        dice = with_class(root, "die")
        assert [int(d.get("data-value") or 0) for d in dice] == observation["dice"]
        for face in dice:
            assert len(with_class(face, "pip")) == int(face.get("data-value") or 0)
        seen_dice += len(dice)
    assert seen_dice > 50


def test_safe_tiles_are_marked() -> None:
    state = from_position(3, "1/2/3/A/4/5/6/W/1/2/3/Sryybb/4/5rr/6 y b 4 r wolf b roll - - 0")
    observation = state.observation(None)
    root = parse(board_svg(NAME, observation, None))
    safe = {t.get("data-square") for t in with_class(root, "safe")}
    assert safe == {str(t["position"]) for t in observation["tiles"] if t["safe"]}
    assert {"4", "2"} <= safe  # the Space Station's crowd of five, and two reds


def test_turn_text_names_the_colour_deciding_and_the_phase() -> None:
    phases = {"spaceman": "Spaceman Phase", "control": "Mission Control", "wolf": "Spacewolf! Phase"}
    for state in positions():
        observation = state.observation(None)
        sentence = turn_text(NAME, observation, None)
        assert sentence and "\n" not in sentence
        if observation["phase"] in phases:
            deciding = observation["warps"][0] if observation["step"] == "warp" else observation["actor"]
            assert deciding.capitalize() in sentence
            assert phases[observation["phase"]] in sentence
            seat = observation["players"].index(deciding)
            assert turn_text(NAME, state.observation(seat), seat).startswith("Your turn: ")
        elif observation["phase"] == "over":
            assert sentence.startswith("Game over")


def test_the_game_over_sentence_says_nobody_scored_rather_than_a_shared_win_at_0_points() -> None:
    over = next(state.observation(None) for state in positions() if state.observation(None)["phase"] == "over")
    over["scores"] = dict.fromkeys(over["players"], 0)
    assert turn_text(NAME, over, None) == "Game over: nobody scored."
    over["scores"][over["players"][1]] = 7
    assert turn_text(NAME, over, None) == f"Game over: {over['players'][1].capitalize()} wins with 7 points."
    over["scores"][over["players"][1]] = 1
    assert turn_text(NAME, over, None) == f"Game over: {over['players'][1].capitalize()} wins with 1 point."


def test_turn_text_says_what_the_dice_are_for() -> None:
    state = from_position(4, "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbbggg/4/5/6 - - 1 y spaceman y roll - - 0")
    assert turn_text(NAME, state.observation(None), None) == "Yellow rolls the dice (Spaceman Phase)."
    state.apply_action(state.parse_action("roll 35"))
    assert turn_text(NAME, state.observation(1), 1) == (
        "Your turn: Yellow moves one of their own spacemen with a 3 or 5 (Spaceman Phase)."
    )


def test_the_end_names_the_winner() -> None:
    state = from_position(3, "1/2/3/A/4/5/6/W/1/2/3/S/4/5/6 rrbbbyyr y 7 r over - end - - 0")
    assert turn_text(NAME, state.observation(None), None) == "Game over: Red wins with 28 points."


def test_action_choices_cover_every_legal_action_once() -> None:
    checked = 0
    for state in positions():
        for seat in acting(state):
            actions = legal(state, seat)
            assert_covers(action_choices(NAME, state.observation(seat), actions), actions)
            checked += 1
    assert checked > 100


def test_moves_are_grouped_by_spaceman() -> None:
    state = from_position(4, "1/2/3/A/4/5/6/W/1/2/3/Srrryyybbbggg/4/5/6 - - 1 y spaceman y own 35 - 0")
    choices = action_choices(NAME, state.observation(1), legal(state, 1))
    assert choices == [
        {
            "group": "Yellow spaceman on the Space Station (space 4)",
            "actions": [
                {"action": "y4+3", "label": "Up 3 to tile 1 (space 7)", "picks": ["man-y4", "tile-7"]},
                {"action": "y4-3", "label": "Down 3 to tile 6 (space 1)", "picks": ["man-y4", "tile-1"]},
                {"action": "y4+5", "label": "Up 5 to tile 6 (space 9)", "picks": ["man-y4", "tile-9"]},
            ],
        }
    ]


def test_a_spaceman_is_named_by_the_tile_face_the_board_shows_big() -> None:
    """Issue 17, finding 3: the red spaceman on space 2 stands on the tile printed "5", and his moves say so."""
    state = from_position(3, "1/2/3/A/4/5/6/W/1/2/3/Syyybbb/4/5r/6rr - - 1 r spaceman r own 35 - 0")
    observation = state.observation(0)
    faces = {row["position"]: row["tile"] for row in observation["tiles"]}
    assert faces[2] == "5"
    groups = {group["group"]: group for group in action_choices(NAME, observation, legal(state, 0))}
    assert "Red spaceman on tile 5 (space 2)" in groups
    assert "Red spaceman on tile 6 (space 1)" in groups
    labels = [entry["label"] for entry in groups["Red spaceman on tile 5 (space 2)"]["actions"]]
    assert "Up 3 to tile 3 (space 5)" in labels  # space 5 holds the tile printed "3"
    root = parse(board_svg(NAME, observation, 0))
    named = {e.get("data-pick"): e.get("data-label") for e in root.iter() if e.get("data-pick")}
    assert named["man-r2"] == "Red spaceman on tile 5 (space 2)"
    assert named["tile-5"] == "tile 3 (space 5)"


def test_every_move_picks_its_spaceman_then_the_tile_the_rules_land_him_on() -> None:
    """The second click of a move is where the game really puts the spaceman (played on a copy and looked at)."""
    checked = 0
    for state in positions():
        for seat in acting(state):
            observation = state.observation(seat)
            for entry in (
                e for group in action_choices(NAME, observation, legal(state, seat)) for e in group["actions"]
            ):
                move = re.fullmatch(r"([a-z])(\d+)[+-]\d", entry["action"])
                if move is None:
                    continue
                after = state.clone()
                after.apply_action(after.parse_action(entry["action"]))
                landed = _arrivals(observation, after.observation(seat), entry["action"][0])
                if landed is None:
                    continue  # the move ended the phase and the Space Shift moved everyone: nothing to compare
                assert entry["picks"] == [f"man-{move[1]}{move[2]}", landed]
                checked += 1
    assert checked > 200


def _arrivals(before: dict[str, Any], after: dict[str, Any], letter: str) -> str | None:
    """The pick key of the one place that gained a spaceman of colour `letter`, or None if the move was not alone."""
    if (before["round"], before["phase"]) != (after["round"], after["phase"]):
        return None
    colour = next(name for name in before["players"] if name.startswith(letter))

    def places(observation: dict[str, Any]) -> Counter[str]:
        found: Counter[str] = Counter({"earth": sum(1 for a in observation["earth"] if a["colour"] == colour)})
        for row in observation["tiles"]:
            found[f"tile-{row['position']}"] += int(row["pieces"].get(colour, 0))
        return found

    gained = [key for key, count in (places(after) - places(before)).items() if count]
    return gained[0] if len(gained) == 1 else None


def test_doubles_and_warps_get_their_own_groups() -> None:
    observation = {"step": "doubles"}
    assert action_choices(NAME, observation, ["swap", "pass"]) == [
        {
            "group": "Doubles",
            "actions": [{"action": "swap", "label": "Swap the two tiles"}, {"action": "pass", "label": "Pass"}],
        }
    ]
    groups = action_choices(NAME, {"step": "warp"}, ["warp b7", "warp", "pass", "odd"])
    assert [group["group"] for group in groups] == ["Tandem Warp", "Other"]
    assert [entry["label"] for entry in groups[0]["actions"]] == [
        "Warp with the blue spaceman on 7",
        "Warp alone",
        "Do not warp",
    ]


@pytest.mark.parametrize("colour", ["red", "yellow"])
def test_names_from_the_observation_are_escaped(colour: str) -> None:
    state = play(NAME, 3, 1)[len(play(NAME, 3, 1)) // 2]
    observation = rename(state.observation(0), colour, HOSTILE)
    svg = board_svg(NAME, observation, 0)
    assert "<script" not in svg
    assert "<script>alert('x')</script>&" in all_text(parse(svg))
    assert turn_text(NAME, observation, 0)
