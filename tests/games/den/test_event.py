"""The headless event (src/wolfpack/games/den/event.py): Control's workload per turn, with standing policies."""

from __future__ import annotations

import io
import json

import wolfpack
from wolfpack.games.den.bots import USUAL_POLICIES
from wolfpack.games.den.event import describe_turn, event_bots, run_event


def test_each_turn_counts_controls_actions_and_a_policy_bot_sets_its_policies_first() -> None:
    game = wolfpack.load_game("den-of-wolves", edition="classic", turns=2)
    record = io.StringIO()
    event = run_event(game, 5, bots=event_bots(game, 5, policies=USUAL_POLICIES), record=record)
    actions = [json.loads(line) for line in record.getvalue().splitlines()[1:] if '"action"' in line]
    control = [entry["action"] for entry in actions if entry["player"] == 0]
    assert sum(summary["control_actions"] for summary in event.turns) == len(control)
    assert control[: len(USUAL_POLICIES)] == [
        f'control policy {kind} "{ruling}"' for kind, ruling in USUAL_POLICIES.items()
    ]
    assert event.state.observation(0)["policies"] == dict(USUAL_POLICIES)
    assert f"Control acted {event.turns[0]['control_actions']} times" in describe_turn(event.turns[0])
