"""A saved state plays on exactly as the state it was saved from: `to_json` keeps every mapping's order, because a
game's rules may go through a mapping in order (Den of Wolves resolves jumps ship by ship in the fleet's order)."""

from __future__ import annotations

import io
import json

import pytest

import wolfpack
from wolfpack.engine.records import replay_lines
from wolfpack.games.den.event import run_event


@pytest.mark.parametrize("edition", ["classic", "infinite-domain"])
def test_a_den_state_saved_and_loaded_plays_on_as_the_live_one(edition: str) -> None:
    game = wolfpack.load_game("den-of-wolves", edition=edition, turns=2)
    out = io.StringIO()
    run_event(game, 3, record=out)
    lines = out.getvalue().splitlines()
    actions = [json.loads(line) for line in lines[1:] if "action" in json.loads(line)]
    diverged = []
    for cut in range(10, len(actions), max(1, len(actions) // 12)):
        live = replay_lines(lines[: cut + 1])
        loaded = game.state_from_json(live.to_json())
        try:
            for entry in actions[cut:]:
                player = None if entry["player"] == "chance" else entry["player"]
                for state in (live, loaded):
                    state.apply_action(state.parse_action(entry["action"], player), player)
        except wolfpack.WolfpackError:
            diverged.append(cut)  # the loaded state refused what the live one took
            continue
        if loaded.log(0) != live.log(0) or loaded.to_json() != live.to_json():
            diverged.append(cut)
    assert not diverged, f"states saved at these plies played on differently: {diverged}"


def test_to_json_keeps_the_order_of_a_states_mappings() -> None:
    state = wolfpack.load_game("den-of-wolves").new_initial_state()
    saved = json.loads(state.to_json())
    ships = list(saved["position"]["ships"]) if "position" in saved else list(saved["ships"])
    assert ships == list(state.ships), "the fleet in its own order, not sorted"  # type: ignore[attr-defined]
