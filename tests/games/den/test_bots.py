"""Den of Wolves bots and the headless event: legal play from what each seat sees, Control always acting, whole
events in both editions, the same seed giving the same event (and a record that replays it), and a fleet that the
team bot keeps better fed and calmer than teams that do nothing."""

from __future__ import annotations

import io
import random
import re
import statistics
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import wolfpack
from tests.rules.den import helpers as play
from wolfpack.bots import bot_names, make_bot
from wolfpack.engine.bot import Bot
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import State
from wolfpack.engine.play import bot_decision
from wolfpack.engine.records import Match, replay_lines
from wolfpack.games.den import bots as den_bots
from wolfpack.games.den.bots import ControlBot, TeamBot, thrifty_levels
from wolfpack.games.den.content import RATION_LEVELS, Effect, load_den_content
from wolfpack.games.den.event import Event, event_bots, headless, play_event, play_turns, run_event
from wolfpack.games.den.game import DenGame
from wolfpack.games.den.rules import CONTROL
from wolfpack.games.den.state import DenState
from wolfpack.games.den.views import build_part

EDITIONS = ("classic", "infinite-domain")


def _game(edition: str, turns: int) -> DenGame:
    game = wolfpack.load_game("den-of-wolves", edition=edition, turns=turns)
    assert isinstance(game, DenGame)
    return game


def _started(edition: str, turns: int = 3) -> DenState:
    """The start of turn 1, past the Aegis' first draw."""
    state = _game(edition, turns).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    return state


def _seat(state: DenState, label: str) -> int:
    return next(i for i, seat in enumerate(state.seats) if seat.label == label)


class Checked(Bot):
    """Wraps a bot: every action it picks must be legal for the seat, and the state must be left as it was."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(0)
        self.inner = inner
        self.actions = 0

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        before = state.history_length()
        action = self.inner.step(state, player)
        assert state.history_length() == before
        if action is not None:
            assert player is not None
            legal = state.legal_actions(player)
            # Control may take well-formed actions it was not offered (its set is open): those are checked by
            # apply_action, which raises on anything illegal.
            assert action in legal or (player == CONTROL and action.startswith("control award ")), action
            self.actions += 1
        return action


class Idle(Bot):
    """A team that does nothing at all (the baseline)."""

    def step(self, state: State[Any], player: int | None = None) -> Any | None:
        return None


# ---- the bots -------------------------------------------------------------------------------------------------


def test_the_bots_are_registered() -> None:
    game = _game("classic", 2)
    assert {"heuristic", "control"} <= set(bot_names(game))
    assert isinstance(make_bot(game, "heuristic", 1), TeamBot)
    assert isinstance(make_bot(game, "control", 1), ControlBot)


def test_control_resolves_a_declared_jump_and_settles_notices_before_advancing() -> None:
    state = _started("classic")
    control = ControlBot(3)
    control.attack_rate = 0.0  # no Wolf Attack in the way
    assert control.step(state, CONTROL) == "control advance"
    assert control.step(state, 1) is None  # it plays Control only
    admiral = _seat(state, "aegis/commanding-officer")
    state.apply_action("use jump-drive", admiral)
    state.apply_action(control.step(state), CONTROL)
    assert state.step == "action"
    code = state.observation(admiral)["destinations"][0]["coordinates"]
    state.apply_action(f"coords {code}", admiral)
    state.apply_action("jump", admiral)
    state.apply_action("use scanner", admiral)  # a freeform effect: Control is told
    assert state.notices
    assert control.step(state, CONTROL) == "control resolve-jumps"
    state.apply_action("control resolve-jumps", CONTROL)
    # The scan, and the Aegis jumped alone: it is separated from the fleet, and fleet morale is suggested.
    assert [notice["kind"] for notice in state.notices] == ["freeform-effect", "separated", "fleet-morale"]
    while state.notices:
        action = control.step(state, CONTROL)
        assert isinstance(action, str)
        assert action.startswith(f"control settle {state.notices[0]['id']} ")
        state.apply_action(action, CONTROL)
    assert control.step(state, CONTROL) == "control advance"


def test_control_resumes_a_paused_event() -> None:
    state = _started("infinite-domain")
    state.apply_action('control pause "a break"', CONTROL)
    assert ControlBot(1).step(state, CONTROL) == "control resume"
    assert TeamBot(1).step(state, 1) is None


def test_the_team_bot_plays_control_when_seated_there() -> None:
    state = _started("classic")
    assert TeamBot(5).step(state, CONTROL) == "control advance"
    assert TeamBot(5).step(state) is None  # no seat named at a simultaneous node: nothing to do


def test_media_pass_and_a_team_crews_its_drive_at_the_start() -> None:
    state = _started("classic")
    anchor = _seat(state, "media/anchor")
    assert TeamBot(1).step(state, anchor) is None
    # Dione's panel work is done by the first teammate at the table, not the captain.
    captain, first_officer = _seat(state, "dione/captain"), _seat(state, "dione/first-officer")
    assert TeamBot(1).step(state, captain) is None
    assert TeamBot(1).step(state, first_officer) == "use jump-drive"


def test_the_fleet_jumps_together_when_the_pursuit_runs_high() -> None:
    game = _game("classic", 1)
    match = Match(game, seed=4)
    match.roll()
    match.apply('control set pursuit 7 "the Wolves close in"', CONTROL)
    event = play_event(match, {seat: Checked(bot) for seat, bot in event_bots(game, 4).items()})
    (turn,) = event.turns
    assert turn["fleet_jumped"]
    assert turn["jumped"] == sorted(game.content.ships)
    assert turn["separated"] == []
    assert turn["pursuit"] < 7 + 1


def test_a_ship_cut_off_from_the_fleet_jumps_back_to_where_the_fleet_is() -> None:
    """The fleet jumps without the Carmine (no fuel); at the next turn's start the Aegis tells every ship a new rally
    point, and the Carmine, given fuel, writes the coordinates where the fleet arrived, not the rally point's."""
    game = _game("classic", 3)
    match = Match(game, seed=4)
    match.roll()
    match.apply('control set pursuit 7 "the Wolves close in"', CONTROL)
    match.apply('control set carmine.fuel 0 "a leak"', CONTROL)
    event = Event(match.state)
    turn = next(play_turns(match, event_bots(game, 4), event))
    assert turn["fleet_jumped"] and turn["separated"] == ["carmine"]
    state = match.state
    arrived = next(line for line in state.log(0) if line.startswith("the fleet arrives at "))
    fleet = arrived.split("(")[1].split(")")[0]
    state.apply_action('control set carmine.fuel 5 "repaired"', CONTROL)
    admiral, captain = _seat(state, "aegis/commanding-officer"), _seat(state, "carmine/captain")
    rally = TeamBot(1).step(state, admiral)
    assert rally is not None and rally.startswith("share ")
    while rally is not None and rally.startswith("share "):
        state.apply_action(rally, admiral)
        rally = TeamBot(1).step(state, admiral)
    told = state.log(captain)[-1]
    assert "tells carmine the coordinates" in told and fleet not in told
    assert TeamBot(1).step(state, captain) == f"coords {fleet}"


def test_a_first_officer_jumps_the_ship_of_a_jailed_captain_with_the_fleet() -> None:
    game = _game("classic", 1)
    match = Match(game, seed=4)
    match.roll()
    match.apply('control set pursuit 7 "the Wolves close in"', CONTROL)
    match.apply('control brig dione/captain "suspected of being a Wolf"', CONTROL)
    event = play_event(match, {seat: Checked(bot) for seat, bot in event_bots(game, 4).items()})
    (turn,) = event.turns
    # Only the commander holds up the jump indicator, and the captain sits in the brig: the first officer did.
    assert turn["fleet_jumped"] and "dione" in turn["jumped"]
    assert turn["separated"] == []


# ---- Wolf Attacks ------------------------------------------------------------------------------------------------


def _battle(edition: str, *wolves: str) -> DenState:
    """Fleet round 1 of an attack in turn 1's Action Phase whose only Wolves are `wolves` (`kind@place`)."""
    state = _started(edition)
    state.apply_action("control advance", CONTROL)
    return _battle_from(state, *wolves)


def _battle_from(state: DenState, *wolves: str) -> DenState:
    """Fleet round 1 of an attack started in the Action Phase of `state`, whose only Wolves are `wolves`."""
    state.apply_action('control set pursuit 0 "calm"', CONTROL)
    state.apply_action('control attack "test"', CONTROL)
    while state.is_chance_node():
        state.apply_action("pick q3")
    position = state.to_dict()["position"]
    position["attack"].update(wolves={}, next_wolf=1, boarded={}, arrived=0)
    fresh = state.game.state_from_position(position)
    assert isinstance(fresh, DenState)
    for wolf in wolves:
        kind, where = wolf.split("@")
        fresh.apply_action(f'control wolves {kind} 1 {where} "test"', CONTROL)
    return fresh


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_fighter_strikes_the_boarding_squadron_first_and_an_idle_one_flies_to_the_wolves(edition: str) -> None:
    state = _battle(edition, "fighter@q1", "boarding@q1", "fighter@q2", "fighter@q2", "fighter@q2")
    pilot = _seat(state, "aegis/fwco" if edition == "classic" else "aegis/cag")
    assert TeamBot(1).step(state, pilot) == "strike aegis:u1 w2"
    state.apply_action("strike aegis:u1 w2", pilot)
    state.apply_action("roll 1")
    assert TeamBot(1).step(state, pilot) == "strike aegis:u2 w3"
    state.apply_action("strike aegis:u2 w3", pilot)
    state.apply_action("roll 1")
    assert TeamBot(1).step(state, pilot) == "deploy aegis:u3 q2"  # nothing in q3: to the busiest quadrant


@pytest.mark.parametrize("edition", EDITIONS)
def test_on_foot_units_fight_boarders_and_idle_ones_reinforce_the_ship_in_need(edition: str) -> None:
    state = _battle(edition, "boarding@icebreaker", "boarding@icebreaker", "fighter@q4")
    position = state.to_dict()["position"]
    position["attack"]["round"] = 2  # Infinite Domain's shuttles fly from the second Fleet round
    state = state.game.state_from_position(position)
    assert TeamBot(1).step(state, _seat(state, "icebreaker/first-officer")) == "fight icebreaker:u2"
    first_officer = _seat(state, "dione/first-officer")
    assert TeamBot(1).step(state, first_officer) == "deploy dione:u1 q4"  # its fighter to the Wolf first
    state.apply_action("deploy dione:u1 q4", first_officer)
    assert TeamBot(1).step(state, first_officer) == "reinforce dione:u2 dione:s1 icebreaker"
    assert TeamBot(1).step(state, _seat(state, "carmine/captain")) is None  # no shuttle, no fighters


COMMANDER = {"classic": "aegis/commanding-officer", "infinite-domain": "aegis/admiral"}


def _rallied_battle(edition: str, *wolves: str) -> DenState:
    """Fleet round 2 of an attack at pursuit 0 joined by `wolves` (`kind@place`), after a start of the turn played
    by the team bots (every drive crewed, the Aegis' rally destination told to every ship)."""
    state = _started(edition)
    bots = {seat: TeamBot(seat) for seat, info in enumerate(state.seats) if info.kind == "team"}
    acted = True
    while acted:
        acted = False
        for seat, bot in bots.items():
            action = bot.step(state, seat)
            if action is not None:
                state.apply_action(action, seat)
                acted = True
    assert all(ship["drive_ready"] for ship in state.ships.values())
    state.apply_action("control advance", CONTROL)
    state.apply_action('control set pursuit 0 "calm"', CONTROL)
    state.apply_action('control attack "test"', CONTROL)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    for wolf in wolves:
        kind, where = wolf.split("@")
        state.apply_action(f'control wolves {kind} 1 {where} "test"', CONTROL)
    state.apply_action("control wolf-round", CONTROL)  # ships jump from the second Fleet round
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.attack is not None and state.attack["round"] == 2
    return state


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_fleet_jumps_together_out_of_a_losing_battle(edition: str) -> None:
    # Twelve Wolf fighters need more hits than the fleet's fighters (and batteries) can strike in a round.
    state = _rallied_battle(edition, *["fighter@q1"] * 12)
    admiral = _seat(state, COMMANDER[edition])
    rally = state.observation(admiral)["destinations"][0]["coordinates"]
    assert TeamBot(1).step(state, admiral) == f"coords {rally}"
    state.apply_action(f"coords {rally}", admiral)
    assert TeamBot(1).step(state, admiral) == "jump"
    captain = _seat(state, "carmine/captain")
    assert TeamBot(1).step(state, captain) is None  # no ship flees alone: it waits for the Aegis
    state.apply_action("jump", admiral)
    assert TeamBot(1).step(state, captain) == f"coords {rally}"
    state.apply_action(f"coords {rally}", captain)
    assert TeamBot(1).step(state, captain) == "jump"


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_fleet_fights_on_in_a_battle_it_can_win(edition: str) -> None:
    state = _rallied_battle(edition)  # pursuit 0's few Wolves
    admiral = _seat(state, COMMANDER[edition])
    assert "jump" in state.legal_actions(admiral)
    action = TeamBot(1).step(state, admiral)
    assert action is None or action.split()[0] not in ("jump", "coords")


def test_control_fights_an_attack_round_by_round_and_ends_a_long_one() -> None:
    state = _battle("classic", "fighter@q3")
    control = ControlBot(1)
    assert control.step(state, CONTROL) == "control wolf-round"
    position = state.to_dict()["position"]
    position["attack"]["round"] = control.attack_rounds
    late = state.game.state_from_position(position)
    assert control.step(late, CONTROL) == 'control end-attack "the Wolves withdraw"'


def test_control_starts_an_attack_in_about_its_share_of_action_phases() -> None:
    started = 0
    for seed in range(200):
        state = _started("classic")
        state.apply_action("control advance", CONTROL)
        control = ControlBot(seed)
        first = control.step(state, CONTROL)
        assert first is not None
        if first.startswith("control attack "):
            started += 1
        else:
            assert first == "control advance"
            assert control.step(state, CONTROL) == "control advance"  # decided once a phase
    assert 0.3 * 200 <= started <= 0.5 * 200


def test_thrifty_rations_skip_levels_that_cost_more_morale_per_food_saved() -> None:
    tables = load_den_content("classic").tables.tables
    aegis_water = {"luxurious": 9, "increased": 7, "normal": 6, "low": 5, "minimum": 3, "critical": 1, "none": 0}
    assert thrifty_levels(aegis_water, tables.ration_modifiers) == ["normal", "minimum", "critical", "none"]
    flat: dict[str, int] = {level: 0 for level in RATION_LEVELS}
    assert thrifty_levels(flat, tables.ration_modifiers) == ["normal"]


RECREATION = re.compile(
    r'effects = \[\{ op = "lose", resource = "food", amount = \d+ \}, '
    r'\{ op = "lose", resource = "water", amount = \d+ \}, \{ op = "morale(?:-roll)?", amount = \d+ \}\]'
)


def _promenade(tmp_path: Path, food: int, water: int) -> tuple[DenState, int]:
    """The Dione in the Action Phase of a one-turn classic event whose recreation costs `food` and `water`, with a
    hold for exactly normal rations (8 food, 6 water): the seat that works its panel."""
    fleet = resources.files("wolfpack.games.den.data.classic").joinpath("fleet.toml").read_text(encoding="utf-8")
    priced = (
        f'effects = [{{ op = "lose", resource = "food", amount = {food} }}, '
        f'{{ op = "lose", resource = "water", amount = {water} }}, {{ op = "morale", amount = 1 }}]'
    )
    fleet, count = RECREATION.subn(priced, fleet)
    assert count == 2  # the Dione's promenade and the Halcyon's
    (tmp_path / "fleet.toml").write_text(fleet, encoding="utf-8")
    game = wolfpack.load_game("den-of-wolves", edition="classic", turns=1, content=str(tmp_path))
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    state.apply_action("control advance", CONTROL)
    position = state.to_dict()["position"]
    position["ships"]["dione"]["hold"].update(food=8, water=6)
    position["ships"]["dione"]["morale"] = 4
    fresh = game.state_from_position(position)
    assert isinstance(fresh, DenState)
    return fresh, _seat(fresh, "dione/first-officer")


def test_recreation_is_used_when_it_buys_more_morale_per_counter_than_richer_rations(tmp_path: Path) -> None:
    # 1 food and 1 water for a level (0.5 a counter) beats raising the water ration to increased (+2 on the roll
    # for 1 water: a third of a level on average).
    state, worker = _promenade(tmp_path, 1, 1)
    assert den_bots.ration_gain(den_bots.seat_view(state, worker)) == pytest.approx(1 / 3)
    assert den_bots._recreation(den_bots.seat_view(state, worker)) == "use promenade"


def test_richer_rations_are_chosen_over_recreation_that_buys_less_morale_per_counter(tmp_path: Path) -> None:
    # 3 food and 3 water for a level (a sixth of a level a counter): richer rations buy more.
    state, worker = _promenade(tmp_path, 3, 3)
    me = den_bots.seat_view(state, worker)
    assert den_bots._recreation(me) is None
    assert den_bots._recreation(me, "recreation") == "use promenade"  # the pinned policy still uses it
    assert den_bots._recreation(den_bots.seat_view(state, worker), "rations") is None


def test_recreation_that_adds_to_the_roll_is_worth_the_rolls_mean_move(tmp_path: Path) -> None:
    # At normal rations (+0), +2 on the d6 lifts faces 5 and 6 into the 7-12 band: a third of a level on average
    # (Calibration, step 10), against a sure level for a `morale` effect.
    state, worker = _promenade(tmp_path, 3, 3)
    me = den_bots.seat_view(state, worker)
    assert den_bots.morale_bought(me, (Effect(op="morale-roll", amount=2),)) == pytest.approx(1 / 3)
    assert den_bots.morale_bought(me, (Effect(op="morale", amount=1),)) == 1


def test_a_team_counts_on_no_food_from_a_farm_held_by_a_riot(tmp_path: Path) -> None:
    state, worker = _promenade(tmp_path, 1, 1)
    calm = den_bots.seat_view(state, worker).production
    position = state.to_dict()["position"]
    position["ships"]["dione"]["stations"]["fore-farms"]["riot"] = "active"
    rioting = state.game.state_from_position(position)
    held = den_bots.seat_view(rioting, worker).production
    farm = next(s for s in state.content.ships["dione"].stations if s.id == "fore-farms")
    made = sum(e.amount for e in farm.effects if e.op == "gain") * 2 // farm.crew  # two crew on the fore farms
    assert held["food"] == calm["food"] - made


def test_a_team_bot_refuses_a_meal_policy_it_does_not_know() -> None:
    with pytest.raises(ValueError, match="meals must be one of team, rations, recreation, not 'feast'"):
        TeamBot(1, meals="feast")


# ---- whole events -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_whole_event_runs_with_legal_actions_only_holds_sessions_and_attacks_and_replays_exactly(
    edition: str,
) -> None:
    """Twelve turns: every action legal, Council sessions that pass a law and Wolf Attacks fought, and the record
    replays the event exactly."""
    game = _game(edition, 12)
    bots = {seat: Checked(bot) for seat, bot in event_bots(game, 7).items()}
    record = io.StringIO()
    event = run_event(game, 7, bots, record=record)
    state = event.state
    assert state.is_terminal()
    assert [turn["turn"] for turn in event.turns] == list(range(1, 13))
    assert event.actions == sum(bot.actions for bot in bots.values())
    assert bots[CONTROL].actions >= 3 * 12  # Control moved every step on
    ships = set(game.content.ships)
    for turn in event.turns:
        assert set(turn["ships"]) == ships
        assert set(turn["separated"]) <= ships and set(turn["jumped"]) <= ships
        for ship in turn["ships"].values():
            assert 0 <= ship["morale"] <= 10
            assert min(ship["hold"].values()) >= 0
            assert {"riots", "anarchy", "supplied", "jumped", "with_fleet"} <= set(ship)
    assert any(turn["fleet_jumped"] for turn in event.turns)
    battles = [battle for turn in event.turns for battle in turn["battles"]]
    votes = [vote for turn in event.turns for vote in turn["votes"]]
    assert len(battles) >= 2 and all(battle["arrived"] > 0 for battle in battles)
    assert any(vote["passed"] and vote["kind"] == "law" for vote in votes)
    assert event.turns[-1]["laws"] >= 1
    replayed = replay_lines(record.getvalue().splitlines())
    assert replayed.to_json() == state.to_json()


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_full_step_leaves_only_control_to_move_on(edition: str) -> None:
    """With room for 30 actions a step (as the conformance suite plays), the bots stop when the step is full."""
    game = wolfpack.load_game("den-of-wolves", edition=edition, turns=2, phase_actions=30)
    bots = {seat: Checked(bot) for seat, bot in event_bots(game, 2).items()}
    event = run_event(game, 2, bots)
    assert event.state.is_terminal()
    assert len(event.turns) == 2


def test_the_bots_play_legally_under_the_generic_driver() -> None:
    """`wolfpack.engine.play.bot_decision` asks the seats in its own order (the terminal's): still legal, and the
    team bot in seat 0 plays Control."""
    game = _game("classic", 1)
    bots = {seat: Checked(make_bot(game, "heuristic", 1000 + seat)) for seat in range(game.num_players())}
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        seat, action = bot_decision(state, bots, start=state.history_length())
        state.apply_action(action, seat)
    assert bots[CONTROL].actions >= 3


def test_a_bot_step_leaves_every_view_part_as_it_was_built() -> None:
    """The bots read their views without a copy (`den_bots.seen`): no step may change a part of this moment's views,
    which the other seats' views share."""
    game = _game("infinite-domain", 1)
    match = Match(game, 3)
    state = match.state
    assert isinstance(state, DenState)

    class Watched(Bot):
        def __init__(self, inner: Bot) -> None:
            super().__init__(0)
            self.inner = inner

        def step(self, state: State[Any], player: int | None = None) -> Any | None:
            action = self.inner.step(state, player)
            assert isinstance(state, DenState)
            for key, part in state.cache.get("view parts", {}).items():
                assert part == build_part(state, key), f"{key} changed by seat {player}'s step"
            return action

    play_event(match, {seat: Watched(bot) for seat, bot in event_bots(game, 3).items()})
    assert state.is_terminal()


def test_the_same_seed_plays_the_same_event_and_its_record_replays_it() -> None:
    game = _game("infinite-domain", 3)
    record = io.StringIO()
    first = run_event(game, 5, record=record)
    second = run_event(game, 5)
    assert first.state.history() == second.state.history()
    assert first.turns == second.turns
    replayed = replay_lines(record.getvalue().splitlines())
    assert replayed.history() == first.state.history()
    assert replayed.to_json() == first.state.to_json()
    assert run_event(game, 6).state.history() != first.state.history()


def test_headless_play_tells_each_turn_and_writes_a_record_that_replays() -> None:
    game = _game("classic", 2)
    record = io.StringIO()
    texts = list(headless(game, 9, record))
    assert len(texts) == 3
    assert texts[0].startswith("turn 1: pursuit ")
    assert texts[1].startswith("turn 2: pursuit ")
    assert all(f"  {ship} " in texts[0] for ship in game.content.ships)
    assert texts[2].startswith("the event is over: ")
    replayed = replay_lines(record.getvalue().splitlines())
    assert replayed.is_terminal()
    assert replayed.history() == run_event(game, 9).state.history()


def _fleet(event: Event) -> dict[str, float]:
    last = event.turns[-1]["ships"].values()
    fed = [
        sum(
            ship["supplied"][meal] in RATION_LEVELS[:3] for ship in turn["ships"].values() for meal in ("food", "water")
        )
        for turn in event.turns
    ]
    return {
        "morale": statistics.mean(ship["morale"] for ship in last),
        "stores": statistics.mean(ship["hold"]["food"] + ship["hold"]["water"] for ship in last),
        "riots": sum(len(ship["riots"]) for ship in last),
        "fed": statistics.mean(fed),
    }


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_team_bot_keeps_the_fleet_fed_and_calm_better_than_doing_nothing(edition: str) -> None:
    """Six-turn events on two seeds: the team bot against teams that do nothing (the same Control bot). With
    nobody working the stations the holds run down, rations fail, riots spread and morale falls. (The margins are
    wide: morale 9.8 against 1.0, riots 0.5 against 37-38 a ship; a third seed moved none of them.)"""
    game = _game(edition, 6)
    played, idle = [], []
    for seed in range(2):
        played.append(_fleet(run_event(game, seed)))
        bots = {seat: bot if seat == CONTROL else Idle() for seat, bot in event_bots(game, seed).items()}
        idle.append(_fleet(run_event(game, seed, bots)))
    mean = {key: statistics.mean(run[key] for run in played) for key in played[0]}
    baseline = {key: statistics.mean(run[key] for run in idle) for key in idle[0]}
    assert mean["morale"] >= baseline["morale"] + 3
    assert mean["stores"] > baseline["stores"]
    assert mean["riots"] < baseline["riots"] / 2
    assert mean["fed"] > baseline["fed"]  # (ship, meal) pairs supplied normal rations or better, per turn


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_cut_off_ship_short_of_fuel_writes_its_sheet_then_declares_the_emergency_the_rules_allow(
    edition: str,
) -> None:
    """The emergency is legal only while the hold lacks the fuel for the sheet's jump (Interpretations 19): the bot
    asks the rules, so it writes the coordinates first when a blank sheet's short hop is within its means."""
    aegis = play.AEGIS_COMMANDER[edition]
    state = play.act(play.begin(edition, "start"), "dione/chief-engineer", "use jump-drive")
    play.act(play.to_step(state, "action"), "dione/captain", "jump")  # blind and alone: the Dione is cut off
    play.control(state, "control resolve-jumps", 'control draw-destination aegis "a scout returns"')
    play.chance(state, "draw garden-world")  # medium: 4 fuel for the Dione
    play.act(state, aegis, "share garden-world dione")
    play.next_turn(play.to_step(state, "team"))
    play.control(state, "control set dione.fuel 3 \"a short hop's 2, not the medium jump's 4\"")
    captain = play.seat(state, "dione/captain")
    assert state.step == "start" and "emergency" not in state.legal_actions(captain)
    bot = TeamBot(1)
    assert bot.step(state, captain) == "coords 42293"
    state.apply_action("coords 42293", captain)
    assert bot.step(state, captain) == "emergency"
