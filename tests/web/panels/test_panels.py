"""The table page's panels and end summaries, read from observations: what each seat's panel says, that no panel
holds a secret, and the end in words for each game (who won, what decided it, every seat's standing)."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from wolfpack.web.panels import end_summary, seat_panels
from wolfpack.web.panels.common import results_by_best
from wolfpack.web.panels.hunt import wolf_name
from wolfpack.web.panels.wolf import hero_state

from ..boards.test_common import play, viewers

NAMES = ["Ann", "Bo", "Cy"]


def facts(panel: dict[str, Any]) -> dict[str, str]:
    return {item["label"]: item["value"] for item in panel["facts"]}


def last_observation(game: str, players: int, seed: int, seat: int | None) -> dict[str, Any]:
    """A copy of the end position's observation of a seeded game, to change by hand."""
    return copy.deepcopy(play(game, players, seed)[-1].observation(seat))


# ---- every game ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), [("spacewolves", 3), ("wolves-on-the-hunt", 2), ("wolf", 3)])
def test_there_is_a_panel_per_seat_and_only_the_viewers_is_marked_yours(game: str, players: int) -> None:
    state = play(game, players, 3)[5]
    for viewer in viewers(state):
        panels = seat_panels(game, state.observation(viewer), viewer)
        assert [panel["seat"] for panel in panels["seats"]] == list(range(players))
        assert [panel["you"] for panel in panels["seats"]] == [seat == viewer for seat in range(players)]
        for panel in panels["seats"]:
            assert panel["title"] and panel["facts"] and panel["mark"].startswith("<svg")
            assert 'aria-hidden="true"' in panel["mark"]  # the panel's words name the seat; the mark is a picture


def test_results_by_best_return() -> None:
    assert results_by_best([1.0, 0.0, 0.0]) == ["won", "lost", "lost"]
    assert results_by_best([0.5, 0.5, 0.0]) == ["shared", "shared", "lost"]
    assert results_by_best([0.0, 0.0]) == ["drawn", "drawn"]
    assert results_by_best([1 / 3] * 3, all_equal="shared") == ["shared"] * 3


def test_the_end_needs_a_name_for_every_seat() -> None:
    observation = play("spacewolves", 3, 1)[-1].observation(0)
    with pytest.raises(ValueError, match="3 returns for 2 seats"):
        end_summary("spacewolves", observation, [1.0, 0.0, 0.0], 0, NAMES[:2])


# ---- Spacewolves! ----------------------------------------------------------------------------------------------


def test_a_spacewolves_panel_counts_each_colours_spacemen_and_its_points() -> None:
    observation = copy.deepcopy(play("spacewolves", 3, 1)[0].observation(0))
    observation["earth"] = [
        {"value": 12, "colour": "red"},
        {"value": 11, "colour": "blue"},
        {"value": 9, "colour": "red"},
    ]
    observation["scores"] = {"red": 21, "yellow": 0, "blue": 11}
    observation["wolves"] = {"yellow": 2}
    observation["tiles"] = [{"position": 1, "tile": "3", "pieces": {"yellow": 1, "red": 1}, "safe": False}]
    panels = seat_panels("spacewolves", observation, 0)["seats"]
    assert [panel["title"] for panel in panels] == ["Red", "Yellow", "Blue"]
    assert facts(panels[0]) == {
        "Score": "21 points (12 + 9)",
        "On Earth": "2",
        "In space": "1",
        "Taken by the Spacewolves": "0",
    }
    assert facts(panels[1])["Taken by the Spacewolves"] == "2" and facts(panels[2])["Score"] == "11 points"
    assert ">R</text>" in panels[0]["mark"] and ">Y</text>" in panels[1]["mark"]  # the letter, as on the board


def test_the_spacewolves_end_names_the_best_earth_total_and_its_numbers() -> None:
    observation = last_observation("spacewolves", 3, 1, 1)
    observation["earth"] = [
        {"value": 12, "colour": "red"},
        {"value": 11, "colour": "blue"},
        {"value": 9, "colour": "red"},
    ]
    observation["scores"] = {"red": 21, "yellow": 0, "blue": 11}
    for row in observation["tiles"]:
        row["pieces"] = {}
    ending = end_summary("spacewolves", observation, [1.0, 0.0, 0.0], 1, NAMES)
    assert ending["headline"] == "You lost" and ending["outcome"] == "lost"
    assert ending["decided"] == "Red has the best Earth total: 21 points (12 + 9)."
    assert [line["text"] for line in ending["standings"]] == [
        "Ann (Red): 21 points (12 + 9), won",
        "Cy (Blue): 11 points, lost",
        "Bo (Yellow): 0 points, lost",
    ]
    assert end_summary("spacewolves", observation, [1.0, 0.0, 0.0], 0, NAMES)["headline"] == "You won"
    assert end_summary("spacewolves", observation, [1.0, 0.0, 0.0], None, NAMES)["headline"] == "Red wins"


def test_a_shared_spacewolves_win_and_the_round_limit_are_said() -> None:
    observation = last_observation("spacewolves", 3, 1, 0)
    observation["scores"] = {"red": 12, "yellow": 12, "blue": 0}
    observation["tiles"][0]["pieces"] = {"blue": 1}
    ending = end_summary("spacewolves", observation, [0.5, 0.5, 0.0], 0, NAMES)
    assert ending["headline"] == "You share the win"
    assert ending["decided"].startswith("Red and Yellow share the best Earth total: 12 points.")
    assert f"round limit (round {observation['max_rounds']})" in ending["decided"]


# ---- Wolves on the Hunt ----------------------------------------------------------------------------------------


def test_a_hunters_panel_gives_hearts_space_and_marks_and_the_village_is_shared() -> None:
    observation = copy.deepcopy(play("wolves-on-the-hunt", 2, 1)[20].observation(1))
    observation["hunters"][1]["hearts"], observation["hunters"][1]["dashed"] = 7, 2
    panels = seat_panels("wolves-on-the-hunt", observation, 1)
    second = panels["seats"][1]
    assert second["title"].startswith("Hunter 2") and ">2</text>" in second["mark"]  # counted from 1
    assert facts(second)["Hearts"] == "7 left, 2 more can be healed"
    observation["hunters"][1]["space"] = "NE-E"
    shown = facts(seat_panels("wolves-on-the-hunt", observation, 1)["seats"][1])
    assert shown["Space"] == "between North-East and East"  # the locations' names, as the log says it
    shared = {item["label"]: item["value"] for item in panels["shared"]}
    assert shared["Elders"] == str(observation["elders"]) and shared["Round"].startswith(f"{observation['round']} (")


def test_a_hunters_panel_holds_what_his_sheet_holds_and_the_decks_are_shared() -> None:
    """Issue 32, item 3: the board draws one sheet (the seat's own), so every hunter's panel says what his sheet
    holds (the rows written, his free and unlocked actions), and the shared facts say what the decks hold."""
    observation = copy.deepcopy(play("wolves-on-the-hunt", 2, 1)[20].observation(1))
    observation["hunters"][0]["rows"]["knife"] = [3, 5]
    observation["hunters"][0]["free"] = {"assist": 0, "modify": 1, "reroll": 2}
    observation["hunters"][0]["mains"] = {"samovar": 1}
    shown = facts(seat_panels("wolves-on-the-hunt", observation, 1)["seats"][0])
    assert shown["Rows written"].startswith("knife 3 5")
    assert shown["Free actions"] == "modify 1, reroll 2" and shown["Unlocked actions"] == "samovar 1"
    observation["decks"]["day"] = {"cards": ["day-01", "day-02"], "top": "SE"}
    shared = {item["label"]: item["value"] for item in seat_panels("wolves-on-the-hunt", observation, 1)["shared"]}
    assert shared["Day deck"] == "2 wolves, the next comes in at South-East"


@pytest.mark.parametrize(
    ("change", "decided"),
    [
        ({"result": "win"}, "The Pack Leader, {leader}, was killed."),
        ({"hearts": 0}, "Hunter 2 ({character}) had no heart left."),
        ({"elders": 0}, "The last elder of the village died."),
        ({}, "Round {round} ended with the Pack Leader still alive."),
    ],
)
def test_the_hunt_end_is_the_teams_and_says_what_decided_it(change: dict[str, Any], decided: str) -> None:
    observation = last_observation("wolves-on-the-hunt", 2, 1, 0)
    observation["result"] = change.get("result", "loss")
    observation["elders"] = change.get("elders", 1)
    for hunter in observation["hunters"]:
        hunter["hearts"] = 5
    if "hearts" in change:
        observation["hunters"][1]["hearts"] = change["hearts"]
    won = observation["result"] == "win"
    ending = end_summary("wolves-on-the-hunt", observation, [1.0, 1.0] if won else [0.0, 0.0], 0, NAMES[:2])
    character = str(observation["hunters"][1]["character"]).replace("-", " ").title()
    leader = wolf_name(observation, observation["leader"])
    assert ending["decided"] == decided.format(leader=leader, character=character, round=observation["round"])
    assert ending["headline"] == ("You won: the hunters won together" if won else "You lost: the hunters lost together")
    assert ending["standings"][0]["text"].startswith("Ann (Hunter 1, ")
    assert all(line["result"] == ("won" if won else "lost") for line in ending["standings"])


# ---- WOLF ------------------------------------------------------------------------------------------------------


def test_a_wolf_heros_line_says_where_he_stands_or_that_he_is_not_placed_yet() -> None:
    states = play("wolf", 2, 1)
    first = states[0].observation(0)
    assert first["heroes"]["jack"]["square"] is None
    assert hero_state(first, first["heroes"]["jack"]).startswith("human, not placed yet · ")
    placed = next(s.observation(0) for s in states if s.observation(0)["heroes"]["jack"]["square"])
    assert f"human, on {placed['heroes']['jack']['square']} · " in hero_state(placed, placed["heroes"]["jack"])


def test_a_wolf_panel_shows_a_wolf_cards_colour_only_where_the_viewers_observation_does() -> None:
    """Panels tell the cards as the viewer's observation shows them (issue 32 moved them there from the drawing): a
    colour the viewer has not seen on any hero is never written, even in the werewolf seat's panel, which sees every
    hero's wolf cards with three players. (The canary test in tests/web/boards/test_wolf.py checks every secret.)"""
    hidden_colours = 0
    for state in play("wolf", 3, 2)[::5]:
        for viewer in viewers(state):
            observation = state.observation(viewer)
            seen = {str(card).split(" ")[0] for hero in observation["heroes"].values() for card in hero["wolf_cards"]}
            shown = json.dumps(seat_panels("wolf", observation, viewer))
            for colour in ("black", "grey"):
                if colour not in seen:
                    assert not re.search(rf"\b{colour}\b", shown), (colour, viewer)
                    hidden_colours += 1
    assert hidden_colours > 10, "every viewer saw every colour: the test would prove nothing"


def test_a_wolf_panel_says_a_seats_side_only_where_its_observation_holds_it() -> None:
    state = play("wolf", 3, 2)[40]
    for viewer in (None, 0, 1):
        panels = seat_panels("wolf", state.observation(viewer), viewer)["seats"]
        sides = [any(note.startswith("plays for") for note in panel["notes"]) for panel in panels]
        assert sides == [seat == viewer for seat in range(2)] + [False]  # the pack's panel is the pack's side
    assert seat_panels("wolf", state.observation(2), 2)["seats"][2]["title"] == "The pack"


def test_the_wolf_end_names_the_winning_side_and_why() -> None:
    observation = last_observation("wolf", 3, 2, 0)
    returns = play("wolf", 3, 2)[-1].returns()
    ending = end_summary("wolf", observation, returns, 0, NAMES)
    side = "the heroes" if observation["winner"] == "heroes" else "the pack"
    assert ending["headline"] == f"You {'won' if returns[0] > 0 else 'lost'}: {side} won"
    assert ending["decided"].startswith(f"{side.capitalize()} won: ")
    assert ending["standings"][2]["text"].startswith("Cy (the pack): played for the pack, ")
    observation["winner"], observation["stock"] = "heroes", 0
    assert end_summary("wolf", observation, [1.0, 1.0, -1.0], 2, NAMES)["decided"].startswith(
        "The heroes won: the wolf cards ran out"
    )
    observation["winner"] = "wolves"
    assert end_summary("wolf", observation, [-1.0, -1.0, 1.0], 2, NAMES)["headline"] == "You won: the pack won"


def test_the_pack_leader_is_named_from_the_observations_catalog_once_drawn() -> None:
    positions = play("wolves-on-the-hunt", 2, 4)
    before = copy.deepcopy(positions[0].observation(0))
    before["leader"] = None
    assert {"label": "Pack Leader", "value": "not drawn yet"} in seat_panels("wolves-on-the-hunt", before, 0)["shared"]
    drawn = positions[-1].observation(0)
    name = drawn["catalog"]["wolves"][drawn["leader"]]["name"]
    shared = {item["label"]: item["value"] for item in seat_panels("wolves-on-the-hunt", drawn, 0)["shared"]}
    assert shared["Pack Leader"].startswith(f"{name} (")


def test_the_wolf_end_names_who_carried_the_virus_from_the_cards_the_end_shows() -> None:
    observation = last_observation("wolf", 3, 2, 0)
    for hero in observation["heroes"].values():
        hero["wolf_cards"] = ["grey"]
    observation["heroes"]["july"].update(alive=True, wolf_cards=["grey", "black"])
    observation["heroes"]["norbert"].update(alive=True, wolf_cards=["black (cured)"])
    observation["winner"] = "wolves"
    decided = end_summary("wolf", observation, [-1.0, -1.0, 1.0], None, NAMES)["decided"]
    assert decided == "The pack won: no hero free of the virus was left. Carrying the virus at the end: July."


# ---- the standings, every game ---------------------------------------------------------------------------------


def test_the_standings_are_ranked_by_result_and_tied_seats_share_a_rank() -> None:
    """Not seat order: the best first, numbered by rank ("1, 2, 2"), so a list never reads as a ranking it is not."""
    observation = last_observation("spacewolves", 3, 1, 1)
    observation["scores"] = {"red": 11, "yellow": 21, "blue": 11}
    for row in observation["tiles"]:
        row["pieces"] = {}
    standings = end_summary("spacewolves", observation, [0.0, 1.0, 0.0], 0, NAMES)["standings"]
    assert [(line["seat"], line["rank"]) for line in standings] == [(1, 1), (0, 2), (2, 2)]
    wolf = end_summary("wolf", last_observation("wolf", 3, 2, 0), [-1.0, 1.0, -1.0], 0, NAMES)["standings"]
    assert [(line["seat"], line["rank"]) for line in wolf] == [(1, 1), (0, 2), (2, 2)]
    hunt = end_summary("wolves-on-the-hunt", last_observation("wolves-on-the-hunt", 2, 1, 0), [0.0, 0.0], 0, NAMES[:2])
    assert [(line["seat"], line["rank"]) for line in hunt["standings"]] == [(0, 1), (1, 1)]  # they lose together


def test_a_spacewolves_game_where_nobody_scored_says_so_and_gives_nobody_a_win() -> None:
    observation = last_observation("spacewolves", 3, 1, 1)
    observation["scores"] = {"red": 0, "yellow": 0, "blue": 0}
    observation["earth"] = []
    for row in observation["tiles"]:
        row["pieces"] = {}
    for seat in (0, 1, None):
        ending = end_summary("spacewolves", observation, [0.0, 0.0, 0.0], seat, NAMES)
        assert ending["headline"] == "Nobody scored", ending["headline"]
        assert ending["decided"] == "Nobody scored: every colour ends on 0 points, so nobody wins."
        assert "share" not in json.dumps(ending).lower()
        assert {line["result"] for line in ending["standings"]} == {"drawn"}
