"""Bot difficulties: easy, normal and strong name one of each game's bots, wherever a bot is chosen; strong is the
bot at the top of every ladder of docs/bots.md that enters it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import wolfpack
from wolfpack.bots import (
    DIFFICULTIES,
    bot_choice_title,
    bot_for,
    bot_names,
    default_bot_name,
    difficulty_bots,
    make_bot,
)
from wolfpack.sim.simulate import SimulationError, resolve_bots

BOTS_DOC = Path(__file__).parents[2] / "docs" / "bots.md"
LADDER = re.compile(
    r"<!-- ladder (?P<name>[a-z-]+): written by.*?-->(?P<body>.*?)<!-- end of ladder (?P=name) -->", re.S
)
ROW = re.compile(r"^\| \d+ \| (?P<entrant>[a-z]+)(?: \d+)? \| ", re.M)


def _ladders(game: str) -> list[list[str]]:
    """Each ladder of `game` in docs/bots.md: its entrants' bots, best first (the ladder's own order)."""
    return [
        [row["entrant"] for row in ROW.finditer(match["body"])]
        for match in LADDER.finditer(BOTS_DOC.read_text(encoding="utf-8"))
        if match["name"] == game or match["name"].startswith(f"{game}-")
    ]


@pytest.mark.parametrize("name", wolfpack.game_names())
def test_each_difficulty_names_one_of_the_games_bots(name: str) -> None:
    game = wolfpack.load_game(name)
    levels = difficulty_bots(game)
    assert list(levels) == list(DIFFICULTIES)
    assert levels["easy"] == "random" and levels["normal"] == default_bot_name(game)
    assert set(levels.values()) <= set(bot_names(game))
    for level, bot in levels.items():
        assert bot_for(game, level) == bot
        assert type(make_bot(game, level, 1)) is type(make_bot(game, bot, 1))
    assert bot_for(game, "random") == "random"  # a bot's own name stands for itself


@pytest.mark.parametrize("name", ["spacewolves", "wolf", "wolves-on-the-hunt"])
def test_strong_is_the_bot_at_the_top_of_every_ladder_that_enters_it(name: str) -> None:
    strong = difficulty_bots(wolfpack.load_game(name))["strong"]
    ladders = [order for order in _ladders(name) if strong in order]
    assert ladders, f"no ladder of {name} in docs/bots.md enters its strong bot, {strong}"
    for order in ladders:
        assert order[0] == strong, f"{name}: {strong} is not at the top of a ladder: {order}"


def test_simulations_and_tournaments_take_difficulties_and_record_the_bots() -> None:
    game = wolfpack.load_game("spacewolves", players=3)
    assert resolve_bots(game, "strong,easy,normal") == ("search", "random", "heuristic")
    with pytest.raises(SimulationError, match="or a difficulty: easy, normal, strong"):
        resolve_bots(game, "hard")
    with pytest.raises(ValueError, match="no bot 'hard' for spacewolves"):
        make_bot(game, "hard")


def test_the_lobby_offers_each_bot_with_the_difficulties_it_stands_for() -> None:
    spacewolves, wolf = wolfpack.load_game("spacewolves"), wolfpack.load_game("wolf")
    assert bot_choice_title(spacewolves, "search") == "Search bot (strong)"
    assert bot_choice_title(spacewolves, "heuristic") == "Heuristic bot (normal)"
    assert bot_choice_title(wolf, "heuristic") == "Heuristic bot (normal, strong)"
    assert bot_choice_title(wolf, "search") == "Search bot"  # no difficulty seats it
