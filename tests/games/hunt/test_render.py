"""The text picture of a Wolves on the Hunt observation."""

from __future__ import annotations

import random

import wolfpack
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.games.hunt.game import HuntGame


def dealt_state(seed: int = 3) -> object:
    game = wolfpack.load_game("wolves-on-the-hunt", players=2)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(sample_chance_outcome(state, rng))
    return state


def test_render_names_every_location_hunter_and_die_from_the_content_pack() -> None:
    state = dealt_state()
    game = state.game  # type: ignore[attr-defined]
    assert isinstance(game, HuntGame)
    obs = state.observation()  # type: ignore[attr-defined]
    text = game.render(obs)
    lines = text.splitlines()
    assert lines[0].startswith(f"Round 1 ({obs['round_kind']})")
    for location in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"):
        assert any(line.split()[:1] == [location] for line in lines), location
    for location, wolf in obs["wolves"].items():
        card = game.content.wolf(wolf["id"])
        assert any(line.split()[:1] == [location] and card.name in line for line in lines)
    for seat, hunter in enumerate(obs["hunters"]):
        name = game.content.character(hunter["character"]).name
        assert any(line.startswith(f"  Hunter {seat + 1}: {name} at {hunter['space']}") for line in lines)
    pool = [f"{colour} {value}" for colour, (value, where) in obs["dice"].items() if where == "pool"]
    dice_line = next(line for line in lines if line.startswith("Dice: "))
    assert all(die in dice_line for die in pool)
    assert "Pack Leader: " + game.content.wolf(obs["leader"]).name in text
