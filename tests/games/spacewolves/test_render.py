"""The text picture of a Spacewolves! observation."""

from __future__ import annotations

import wolfpack
from wolfpack.games.spacewolves.render import render

GAME = wolfpack.load_game("spacewolves", players=3)


def test_board_lists_earth_tiles_and_wolves_top_to_bottom() -> None:
    state = GAME.state_from_position("1/2/3/A/4/5r/6/W/1/2/3/Sryyybbb/4/5/6 r - 2 y spaceman y roll - - 0")  # type: ignore[attr-defined]
    lines = render(state.observation()).splitlines()
    assert lines[0] == "Round 2  phase spaceman  step roll"
    assert lines[1] == "  EARTH   12:R"
    assert lines[2].split() == ["15", "1"]
    assert lines[2 + 15 - 4].split() == ["4", "Space", "Station", "RYYYBBB"]
    assert lines[17] == "  SPACEWOLVES  -"
    assert "red 12" in lines[18]
    assert lines[19] == "To roll: yellow"


def test_dice_are_shown_while_they_can_be_used() -> None:
    state = GAME.state_from_position("1/2/3/A/4/5r/6/W/1/2/3/Sryyybbb/4/5/6 r - 2 y spaceman y roll - - 0")  # type: ignore[attr-defined]
    state.apply_action(state.parse_action("roll 35"))
    assert render(state.observation()).splitlines()[-1] == "To move: yellow (dice: 3 5)"
