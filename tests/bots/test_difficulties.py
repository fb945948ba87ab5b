"""Bot difficulties: easy, normal and strong name one of each game's bots, wherever a bot is chosen; strong is the
bot no ladder of docs/bots.md places below another."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import wolfpack
from wolfpack.bots import DIFFICULTIES, bot_for, bot_names, default_bot_name, difficulty_bots, make_bot
from wolfpack.sim.simulate import SimulationError, resolve_bots

BOTS_DOC = Path(__file__).parents[2] / "docs" / "bots.md"
LADDER = re.compile(
    r"<!-- ladder (?P<name>[a-z-]+): written by.*?-->(?P<body>.*?)<!-- end of ladder (?P=name) -->", re.S
)
ROW = re.compile(r"^\| \d+ \| (?P<entrant>[a-z]+)(?: \d+)? \| \d+ \| \d+ \| (?P<rate>[0-9.]+) ", re.M)


def _ladders(game: str) -> list[dict[str, float]]:
    """Each ladder of `game` in docs/bots.md: every bot's best win rate among its entries."""
    found = []
    for match in LADDER.finditer(BOTS_DOC.read_text(encoding="utf-8")):
        if match["name"] == game or match["name"].startswith(f"{game}-"):
            rates: dict[str, float] = {}
            for row in ROW.finditer(match["body"]):
                rates[row["entrant"]] = max(rates.get(row["entrant"], 0.0), float(row["rate"]))
            found.append(rates)
    return found


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
def test_strong_is_a_bot_no_ladder_places_below_another(name: str) -> None:
    strong = difficulty_bots(wolfpack.load_game(name))["strong"]
    ladders = [rates for rates in _ladders(name) if strong in rates]
    assert ladders, f"no ladder of {name} in docs/bots.md enters its strong bot, {strong}"
    for rates in ladders:
        assert rates[strong] == max(rates.values()), f"{name}: {strong} is below another bot: {rates}"


def test_simulations_and_tournaments_take_difficulties_and_record_the_bots() -> None:
    game = wolfpack.load_game("spacewolves", players=3)
    assert resolve_bots(game, "strong,easy,normal") == ("search", "random", "heuristic")
    with pytest.raises(SimulationError, match="or a difficulty: easy, normal, strong"):
        resolve_bots(game, "hard")
    with pytest.raises(ValueError, match="no bot 'hard' for spacewolves"):
        make_bot(game, "hard")
