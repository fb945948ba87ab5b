"""The combat-only scenario (option `scenario=combat`, scenario.py): the options checked, one Wolf Attack at the
chosen pursuit as turn 1's Action Phase opens, the Wolves withdrawing after `attack_rounds` Fleet rounds, the event
over with the attack, and the game as any other engine game (clone, save, replay, the same seed the same game).

What `wolfpack combat` (the script this scenario replaced) checked is here too: stronger Wolves at a higher track,
the fleet jumping together out of attacks it is losing."""

from __future__ import annotations

import io
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import wolfpack
from wolfpack.engine.errors import GameOptionError
from wolfpack.engine.records import replay_lines
from wolfpack.games.den.bots import ControlBot
from wolfpack.games.den.event import run_event
from wolfpack.games.den.rules import CONTROL

from ...rules.den.helpers import begin, both, chance, control, resolve

COMBAT = {"scenario": "combat"}


def scenario_game(edition: str = "classic", **options: Any) -> Any:
    """A combat-scenario game of this edition."""
    return wolfpack.load_game("den-of-wolves", edition=edition, **COMBAT, **options)


# ---- the options --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"scenario": "skirmish", "pursuit": 3}, "option 'scenario' = 'skirmish': Input should be 'event' or 'combat'"),
        ({"scenario": "combat"}, "scenario=combat needs pursuit=N"),
        ({"scenario": "combat", "pursuit": 13}, "option pursuit = 13: the pursuit track runs 0 to 12"),
        ({"scenario": "combat", "pursuit": -1}, "option 'pursuit' = -1: Input should be greater than or equal to 0"),
        ({"scenario": "combat", "pursuit": 3, "attack_rounds": 0}, "option 'attack_rounds' = 0"),
        ({"scenario": "combat", "pursuit": "high"}, "option 'pursuit' = 'high'"),
        ({"pursuit": 3}, "pursuit belongs to scenario=combat, not scenario=event"),
        ({"attack_rounds": 6}, "attack_rounds belongs to scenario=combat, not scenario=event"),
        (
            {"scenario": "event", "pursuit": 3, "attack_rounds": 2},
            "pursuit and attack_rounds belong to scenario=combat",
        ),
    ],
)
def test_bad_scenario_options_are_refused_naming_what_is_wrong(options: dict[str, Any], message: str) -> None:
    with pytest.raises(GameOptionError) as refused:
        wolfpack.load_game("den-of-wolves", **options)
    assert message in str(refused.value)


def test_an_events_options_leave_the_scenario_out_and_a_combat_games_spell_it_out() -> None:
    """Records and results files of events keep the options they had before the scenario existed."""
    event = wolfpack.load_game("den-of-wolves")
    assert set(event.options_dict()) == {"edition", "content", "turns", "quadrants", "phase_actions", "table_dice"}
    options = scenario_game(pursuit=7).options_dict()
    assert (options["scenario"], options["pursuit"], options["attack_rounds"]) == ("combat", 7, 6)
    assert wolfpack.load_game("den-of-wolves", **options).options_dict() == options


# ---- the rules of the scenario ------------------------------------------------------------------------------------


@both
def test_the_attack_comes_at_the_scenarios_pursuit_as_the_action_phase_opens(edition: str) -> None:
    state = begin(edition, "start", **COMBAT, pursuit=10)
    assert state.attack is None and state.pursuit != 10  # the start of the turn is played as in any event
    control(state, "control advance")
    assert state.step == "action" and state.attack is not None
    assert (state.pursuit, state.attack["pursuit"], state.attack["withdraw"]) == (10, 10, 6)
    assert state.is_chance_node() and state.pending[0]["kind"] == "wolf-place"  # before anybody acts
    assert "combat scenario: the pursuit track is set to 10" in state.log(None)


@both
def test_the_wolves_withdraw_when_control_ends_the_last_fleet_round(edition: str) -> None:
    state = resolve(begin(edition, "action", **COMBAT, pursuit=0, attack_rounds=2))
    assert state.attack is not None and (state.attack["round"], state.attack["side"]) == (1, "fleet")
    control(state, "control wolf-round")  # round 1 of 2: the Wolves act
    assert state.attack is not None and state.attack["side"] == "wolf"
    resolve(state)
    assert state.attack is not None and (state.attack["round"], state.attack["side"]) == (2, "fleet")
    control(state, "control wolf-round")  # the last round: they withdraw instead
    assert state.attack is None
    assert state.battles[-1]["why"] == "the Wolves withdraw after Fleet round 2"
    assert state.battles[-1]["rounds"] == 2 and state.battles[-1]["left"] > 0


def test_an_events_attack_has_no_last_round_of_its_own() -> None:
    state = resolve(control(begin("classic", "action"), 'control attack "test"'))
    assert state.attack is not None and "withdraw" not in state.attack
    control(state, "control wolf-round")
    assert state.attack is not None and state.attack["side"] == "wolf"


@both
def test_the_event_is_over_once_the_attack_has_ended_and_its_damage_is_drawn(edition: str) -> None:
    state = resolve(begin(edition, "action", **COMBAT, pursuit=0, attack_rounds=2))
    resolve(control(state, "control wolf-round"))  # every Wolf's die a 1: the first place's ship takes the damage
    assert state.attack is not None and state.attack["damage"]
    control(state, "control wolf-round")
    assert state.attack is None and state.is_chance_node() and state.pending[0]["kind"] == "damage"
    assert not state.is_terminal()
    resolve(state)
    assert state.is_terminal() and state.step == "over"
    assert state.returns() == [0.0] * state.num_players()
    assert state.legal_actions(CONTROL) == []
    assert state.log(None)[-1] == "the combat scenario is over"


@both
def test_a_combat_game_clones_saves_and_replays(edition: str) -> None:
    game = scenario_game(edition, pursuit=9)
    record = io.StringIO()
    event = run_event(game, seed=3, record=record)
    assert event.state.is_terminal()
    replayed = replay_lines(record.getvalue().splitlines())
    assert replayed.history() == event.state.history()
    assert replayed.observation(CONTROL) == event.state.observation(CONTROL)
    # Mid-attack: a saved state and a clone carry the attack (its last round included) and go on alike.
    middle = resolve(begin(edition, "action", **COMBAT, pursuit=0))
    copies = [middle.game.state_from_json(middle.to_json()), middle.clone(), middle]
    assert all(copy.observation(CONTROL)["attack"]["withdraw"] == 6 for copy in copies)
    for copy in copies:
        resolve(control(copy, "control wolf-round"))
    assert copies[0].observation(CONTROL) == copies[1].observation(CONTROL) == copies[2].observation(CONTROL)


# ---- played by the bots -------------------------------------------------------------------------------------------


@both
def test_the_same_seed_plays_the_same_combat_game(edition: str) -> None:
    game = scenario_game(edition, pursuit=4)
    first, again = run_event(game, seed=3), run_event(game, seed=3)
    assert first.state.history() == again.state.history()
    assert first.state.is_terminal()
    battles = first.turns[-1]["battles"]
    assert [(battle["turn"], battle["pursuit"]) for battle in battles] == [(1, 4)]
    assert [turn["turn"] for turn in first.turns] == [1]


def test_a_higher_track_brings_more_wolves_and_more_damage() -> None:
    battles = {
        level: [run_event(scenario_game(pursuit=level), seed).turns[-1]["battles"][0] for seed in range(1, 7)]
        for level in (0, 12)
    }
    assert {battle["arrived"] for battle in battles[0]} == {3}
    assert min(battle["arrived"] for battle in battles[12]) >= 9
    damage = {level: sum(sum(b["damage"].values()) for b in found) for level, found in battles.items()}
    assert damage[0] < damage[12]


def test_the_wolves_withdraw_after_the_rounds_allowed_in_bot_play() -> None:
    game = scenario_game(pursuit=12, attack_rounds=1)
    battles = [run_event(game, seed).turns[-1]["battles"][0] for seed in range(1, 6)]
    assert all(battle["rounds"] == 1 for battle in battles)
    withdrawn = [battle for battle in battles if battle["left"]]
    assert withdrawn and all(battle["why"] == "the Wolves withdraw after Fleet round 1" for battle in withdrawn)


@pytest.mark.parametrize(
    ("options", "expected"),
    [({}, "control end-attack"), ({**COMBAT, "pursuit": 0, "attack_rounds": 9}, "control wolf-round")],
    ids=["event", "combat"],
)
def test_the_control_bot_leaves_the_scenarios_last_round_to_its_rule(options: dict[str, Any], expected: str) -> None:
    """The Control bot ends an event's attack after its own 6 rounds; the scenario's may last longer."""
    state = resolve(begin("classic", "action", **options))
    if state.attack is None:
        state = resolve(control(state, 'control attack "test"'))
    while state.attack is not None and state.attack["round"] < 6:
        resolve(control(state, "control wolf-round"))
    assert state.attack is not None and (state.attack["round"], state.attack["side"]) == (6, "fleet")
    assert str(ControlBot(1).step(state, CONTROL)).startswith(expected)


def test_the_fleet_jumps_out_of_attacks_it_is_losing(tmp_path: Path) -> None:
    """Wolves far stronger than the pack's: the start of the turn crews the drives and tells every ship the Aegis'
    rally point, so the fleet can jump away together from the second Fleet round."""
    combat = resources.files("wolfpack.games.den.data.classic").joinpath("combat.toml").read_text(encoding="utf-8")
    strong = "{ low = 11, high = 12, units = { fighter = 16, boarding = 3 }, large = { raider = 1 }, large_on = 4 }"
    combat, count = re.subn(r"\{ low = 11, high = 12, .*\}", strong, combat)
    assert count == 1
    (tmp_path / "combat.toml").write_text(combat, encoding="utf-8")
    game = scenario_game(pursuit=12, content=str(tmp_path))
    events = [run_event(game, seed) for seed in range(1, 6)]
    fled = [event.turns[-1]["jumped"] for event in events if event.turns[-1]["jumped"]]
    assert len(fled) >= 3
    assert all(ships == sorted(game.content.ships) for ships in fled)  # the whole fleet, never a ship alone
    assert all(event.turns[-1]["battles"][0]["rounds"] >= 2 for event in events)  # not before Fleet round 2


def test_chance_outcomes_are_chosen_in_a_scenario_as_in_any_game() -> None:
    """The Wolves' placements are chance events a test (or a bot) may choose."""
    state = begin("classic", "action", **COMBAT, pursuit=0)
    placed = []
    while state.is_chance_node() and state.pending[0]["kind"] == "wolf-place":
        chance(state, "pick q2")
        placed.append("q2")
    assert state.attack is not None
    assert {wolf["quadrant"] for wolf in state.attack["wolves"].values()} == {2}
    assert len(placed) == state.attack["arrived"] == 3
