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
from wolfpack.web.panels import seat_panels

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
    stack = next(s for s in with_class(root, "stack") if s.get("data-player") == "green")
    assert stack.get("data-pick") == "man-g4" and stack.get("data-count") == "3"
    assert [t.text for t in with_class(stack, "letter")] == ["G", "×3"]  # the top disc's letter, and the count


def test_the_spacemen_of_a_colour_on_a_tile_are_one_stack_to_click_a_finger_wide() -> None:
    """Issue 32, item 4: spacemen were 18.6 px discs, one per spaceman, and the eleventh on the Space Station ran off
    the drawing. Now each colour on a tile is one stack (one pick: they are the same move) with a tap area of 44 CSS
    px or more once the drawing is 341 px wide (a phone, less the page's margins and a scrollbar) and when it is
    shrunk into a laptop's 800x620 box, inside the drawing, and apart from every other stack."""
    stacks_seen = 0
    for observation, root in public_boards()[::7]:
        _, _, width, height = (float(v) for v in (root.get("viewBox") or "").split())
        least = 44 / min(341 / width, 800 / width, 620 / height)
        boxes = []
        for tile in observation["tiles"]:
            for colour, count in tile["pieces"].items():
                key = f"man-{colour[0]}{tile['position']}"
                stacks = [e for e in root.iter() if e.get("data-pick") == key]
                assert len(stacks) == 1, key
                assert stacks[0].get("data-count") == str(count)
                assert len(with_class(stacks[0], "piece")) == count
                hit = with_class(stacks[0], "hit")[0]
                x, y, w, h = (float(hit.get(k) or 0) for k in ("x", "y", "width", "height"))
                assert w >= least and h >= least, (key, w, h, least)
                assert x >= 0 and x + w <= width and y >= 0 and y + h <= height, key
                boxes.append((x, y, x + w, y + h))
        for i, (left, top, right, bottom) in enumerate(boxes):
            for other in boxes[i + 1 :]:
                assert right <= other[0] or other[2] <= left or bottom <= other[1] or other[3] <= top
        stacks_seen += len(boxes)
    assert stacks_seen > 100


def test_the_track_snakes_from_the_spacewolves_through_each_tile_in_turn_to_earth() -> None:
    """Issue 32, item 3: the tiles were one column, 2,124 px of page on a laptop; now they snake over three columns,
    each position's tile beside the next one's, from the Spacewolves to Earth, and the drawing is no more than twice
    as tall as wide."""
    state = from_position(3, "1/2/3/A/4/5/6/W/1/2/3/Sryyybbb/4/5r/6r - - 1 r spaceman r own 35 - 0")
    root = parse(board_svg(NAME, state.observation(None), None))
    _, _, width, height = (float(v) for v in (root.get("viewBox") or "").split())
    assert height <= 2 * width

    def box(element: Any) -> tuple[float, float, float, float]:
        rect = next(e for e in element.iter() if e.tag.endswith("rect"))
        x, y, w, h = (float(rect.get(k) or 0) for k in ("x", "y", "width", "height"))
        return x, y, x + w, y + h

    cells = {int(t.get("data-square") or 0): box(t) for t in with_class(root, "tile")}
    cells[0] = box(with_class(root, "wolves-tile")[0])
    cells[16] = box(with_class(root, "earth-cell")[0])
    assert sorted(cells) == list(range(17))
    gap = 8  # the track shows between two cards

    def beside(one: tuple[float, ...], two: tuple[float, ...]) -> bool:
        across = abs(one[2] - two[0]) <= gap or abs(two[2] - one[0]) <= gap
        above = abs(one[3] - two[1]) <= gap or abs(two[3] - one[1]) <= gap
        overlap_x = min(one[2], two[2]) > max(one[0], two[0])
        overlap_y = min(one[3], two[3]) > max(one[1], two[1])
        return (across and overlap_y) or (above and overlap_x)

    assert all(beside(cells[p], cells[p + 1]) for p in range(16))
    assert cells[16][1] < cells[15][3] and cells[0][1] > cells[1][1] - 1  # Earth at the top, the Spacewolves below


def test_every_spaceman_is_a_piece_the_page_can_slide() -> None:
    """Issue 32, item 1: each spaceman, on a tile, on Earth or taken, is one data-piece group named by its colour
    (they are interchangeable), so the page pairs the one that left a place with the one that arrived."""
    for observation, root in public_boards()[::5]:
        pieces = [e for e in root.iter() if e.get("data-piece")]
        assert len(pieces) == 3 * len(observation["players"])
        for piece in pieces:
            inside = with_class(piece, "piece")
            assert len(inside) == 1 and inside[0].get("data-player") == piece.get("data-piece")


def test_the_track_numbers_its_places_so_a_piece_slides_through_the_tiles_it_passes() -> None:
    """Issue 32, item 1: the Spacewolves (0), the tiles by position (1 to 15) and Earth (16) carry data-path-step, each
    once, and every spaceman stands inside the place the observation puts him."""
    for observation, root in public_boards()[::5]:
        steps = [int(e.get("data-path-step") or -1) for e in root.iter() if e.get("data-path-step") is not None]
        assert sorted(steps) == list(range(17))
        for place in (e for e in root.iter() if e.get("data-path-step") not in (None, "0", "16")):
            on_tile = next(t for t in observation["tiles"] if str(t["position"]) == place.get("data-path-step"))
            pieces = [e for e in place.iter() if e.get("data-piece")]
            assert Counter(e.get("data-piece") for e in pieces) == Counter(
                {str(colour): int(count) for colour, count in on_tile["pieces"].items() if int(count)}
            )


def test_earth_shows_each_arrival_on_its_number_and_the_panels_add_up_the_scores() -> None:
    state = from_position(3, "1/2r/3/A/4/5/6/W/1/2/3/Sryybb/4/5/6 ryb - 4 r spaceman r own 25 - 0")
    state.apply_action(state.parse_action("r14+5"))
    observation = state.observation(None)
    root = parse(board_svg(NAME, observation, None))
    on_earth = [p.get("data-player") for p in with_class(root, "piece") if p.get("data-square") == "earth"]
    assert on_earth == ["red", "yellow", "blue", "red"]
    marks = [t.text for t in with_class(with_class(root, "earth-cell")[0], "letter")]
    assert marks == ["R12", "Y11", "B10", "R9"]
    facts = {p["title"]: p["facts"] for p in seat_panels(NAME, observation, None)["seats"]}
    assert {"label": "Score", "value": "21 points (12 + 9)"} in facts["Red"]


def test_the_dice_are_the_banners_faces_and_the_board_draws_none() -> None:
    """The board leaves the dice to the banner (and the scores to the panels), so that it fits a laptop's screen."""
    seen_dice = 0
    for observation, root in public_boards():
        assert with_class(root, "die") == [] and with_class(root, "scores") == []
        banner = seat_panels(NAME, observation, None)["dice"]
        if not observation["dice"]:
            assert banner is None
            continue
        dice = with_class(ET.fromstring(banner), "die")
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


def test_a_safe_tile_is_solid_green_and_says_so_and_only_a_dashed_outline_means_click() -> None:
    """Issue 32, item 12: safety is a solid green border, a band and the word SAFE, never a dash; the legend says
    what a dashed outline means (the page draws it on what you may click)."""
    state = from_position(3, "1/2/3/A/4/5/6/W/1/2/3/Sryybb/4/5rr/6 y b 4 r wolf b roll - - 0")
    root = parse(board_svg(NAME, state.observation(None), None))
    for tile in with_class(root, "tile"):
        rect = with_class(tile, "tile-rect")[0]
        marks = [t.text for t in with_class(tile, "safe-mark")]
        if "safe" in (tile.get("class") or "").split():
            assert (rect.get("stroke"), rect.get("stroke-width"), marks) == ("#009e73", "3", ["SAFE"])
            assert with_class(tile, "safe-band")
        else:
            assert rect.get("stroke") != "#009e73" and marks == []
    assert not [e for e in root.iter() if e.get("stroke-dasharray")]
    assert "Dashed outline: you can click it." in all_text(with_class(root, "legend")[0])


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
