"""Rulebook "Morale Tracks": after the news each ship rolls a d6, less 1 per damage taken this turn (per 3 for the
Aegis) and per Wolf boarder, plus the food and the water ration modifiers (two separate ones) and the news; the
band table moves the track up to two levels either way; the track stops at 0 and its top; 0 is anarchy; fleet
morale moves every ship's track."""

from __future__ import annotations

import pytest

from wolfpack import IllegalActionError
from wolfpack.games.den.state import DenState

from .helpers import act, begin, both, control, log, next_turn, notices, refused, resolve, start, to_step


def morale_line(state: DenState, ship: str, roll: int = 3) -> str:
    """Broadcast from the Team Phase with every morale d6 showing `roll`; the ship's morale log line."""
    control(state, "control advance")
    resolve(state, morale=f"roll {roll}")
    label = f"{ship}/captain" if ship != "aegis" else "aegis/xo"
    return next(line for line in log(state, label) if line.startswith(f"{ship} morale roll"))


@both
@pytest.mark.parametrize(
    ("total", "change"),
    [(13, 2), (12, 1), (7, 1), (6, 0), (1, 0), (0, -1), (-3, -1), (-4, -2)],
)
def test_the_band_table_moves_the_track_at_its_edges(edition: str, total: int, change: int) -> None:
    state = begin(edition, "team")
    control(state, f"control news dione {total - 1:+d}")
    line = morale_line(state, "dione", roll=1)
    assert line == f"dione morale roll 1{total - 1:+d} = {total}: {change:+d} level(s)"
    assert state.ships["dione"]["morale"] == 6 + change


@both
@pytest.mark.parametrize(("damage", "modifier"), [(1, -1), (2, -2), (4, -4)])
def test_each_damage_taken_this_turn_costs_one(edition: str, damage: int, modifier: int) -> None:
    state = control(begin(edition, "team"), f'control set dione.damage {damage} "hits"')
    assert morale_line(state, "dione") == f"dione morale roll 3{modifier:+d} = {3 + modifier}: " + (
        "+0 level(s)" if 3 + modifier >= 1 else "-1 level(s)"
    )


@both
@pytest.mark.parametrize(("damage", "modifier"), [(2, 0), (3, -1), (5, -1), (6, -2)])
def test_the_aegis_loses_one_per_three_damage(edition: str, damage: int, modifier: int) -> None:
    state = control(begin(edition, "team"), f'control set aegis.damage {damage} "hits"')
    assert morale_line(state, "aegis").startswith(f"aegis morale roll 3{modifier:+d} = {3 + modifier}:")


@both
def test_each_wolf_boarder_costs_one(edition: str) -> None:
    state = control(begin(edition, "team"), 'control set dione.boarders 2 "boarded"')
    assert morale_line(state, "dione") == "dione morale roll 3-2 = 1: +0 level(s)"


@both
@pytest.mark.parametrize(
    ("level", "modifier"),
    [("luxurious", 4), ("increased", 2), ("normal", 0), ("low", -1), ("minimum", -2), ("critical", -4), ("none", -6)],
)
def test_each_ration_level_has_its_modifier(edition: str, level: str, modifier: int) -> None:
    state = control(begin(edition, "team"), 'control set dione.food 30 "stores"')
    if level != "normal":
        act(state, "dione/chief-engineer", f"rations food {level}")
    assert morale_line(state, "dione").startswith(f"dione morale roll 3{modifier:+d} = ")
    assert state.ships["dione"]["supplied"] == {"food": level, "water": "normal"}


@both
def test_food_and_water_are_two_separate_modifiers(edition: str) -> None:
    # The rulebook's example: low food and critical water rations give -5 together.
    state = act(begin(edition, "team"), "dione/chief-engineer", "rations food low", "rations water critical")
    assert morale_line(state, "dione") == "dione morale roll 3-5 = -2: -1 level(s)"
    food, water = start(edition, "dione", "food"), start(edition, "dione", "water")
    assert (state.ships["dione"]["hold"]["food"], state.ships["dione"]["hold"]["water"]) == (food - 7, water - 1)


@both
def test_a_hold_that_cannot_pay_supplies_the_best_level_it_can(edition: str) -> None:
    # Luxurious food costs the Dione 12, increased 10: a hold of 10 pays for increased.
    state = control(begin(edition, "team"), 'control set dione.food 10 "a lean hold"')
    act(state, "dione/chief-engineer", "rations food luxurious")
    assert morale_line(state, "dione").startswith("dione morale roll 3+2 = 5:")
    assert state.ships["dione"]["supplied"]["food"] == "increased"
    assert state.ships["dione"]["hold"]["food"] == 0
    assert "dione could only supply increased food rations" in log(state, "dione/captain")


@both
def test_an_empty_hold_supplies_no_rations(edition: str) -> None:
    state = control(begin(edition, "team"), 'control set dione.water 0 "leak"')
    assert morale_line(state, "dione") == "dione morale roll 3-6 = -3: -1 level(s)"
    assert state.ships["dione"]["supplied"]["water"] == "none"


@both
def test_the_news_modifier_adds_to_the_roll(edition: str) -> None:
    state = control(begin(edition, "team"), "control news dione +2", "control news dione -1")
    assert morale_line(state, "dione") == "dione morale roll 3+1 = 4: +0 level(s)"
    assert "Control: news dione +2" in log(state, "dione/captain")
    assert "Control: news dione +2" not in log(state, "icebreaker/captain")


@both
def test_the_news_comes_only_in_the_team_phase(edition: str) -> None:
    state = begin(edition, "action")
    before = state.to_json()
    assert not state.is_legal("control news dione +1", 0)
    with pytest.raises(IllegalActionError) as error:
        state.apply_action("control news dione +1", 0)
    assert error.value.rule == "phase"
    assert state.to_json() == before


@both
def test_the_modifiers_last_one_turn(edition: str) -> None:
    state = control(begin(edition, "team"), 'control set dione.damage 2 "hits"', 'control set dione.boarders 1 "x"')
    control(state, "control news dione +2")
    morale_line(state, "dione")
    assert {k: state.ships["dione"][k] for k in ("damage", "boarders", "news")} == {
        "damage": 0,
        "boarders": 0,
        "news": 0,
    }


@both
def test_the_track_stops_at_its_top(edition: str) -> None:
    state = control(begin(edition, "team"), 'control set dione.morale 9 "cheer"', "control news dione +10")
    assert morale_line(state, "dione").endswith("+2 level(s)")
    assert state.ships["dione"]["morale"] == 10


@both
def test_reaching_zero_is_anarchy_and_control_is_told_once(edition: str) -> None:
    state = control(begin(edition, "team"), 'control set dione.morale 1 "gloom"', "control news dione -10")
    morale_line(state, "dione")
    assert state.ships["dione"]["morale"] == 0 and state.ships["dione"]["anarchy"]
    assert notices(state) == ["dione has fallen into anarchy (morale 0)"]
    assert state.observation(None)["ships"]["dione"]["anarchy"] is True
    # The track stops at 0, and a second fall tells Control nothing new.
    control(state, 'control fleet-morale -1 "losses"')
    assert state.ships["dione"]["morale"] == 0 and notices(state) == ["dione has fallen into anarchy (morale 0)"]


@both
def test_anarchy_ends_when_the_track_rises(edition: str) -> None:
    state = control(begin(edition, "action"), 'control set dione.morale 0 "riots"')
    assert state.ships["dione"]["anarchy"]
    control(state, 'control fleet-morale 1 "good news"')
    assert state.ships["dione"]["morale"] == 1 and not state.ships["dione"]["anarchy"]


@both
def test_fleet_morale_moves_every_track_by_its_amount(edition: str) -> None:
    state = begin(edition, "action")
    before = {sid: ship["morale"] for sid, ship in state.ships.items()}
    control(state, 'control fleet-morale -2 "a ship is lost"')
    assert {sid: ship["morale"] for sid, ship in state.ships.items()} == {sid: m - 2 for sid, m in before.items()}
    assert 'Control: fleet-morale -2 ("a ship is lost")' in log(state, None)


@both
def test_only_control_moves_a_track_outside_the_roll(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "dione/captain", 'control set dione.morale 9 "cheer"').rule == "control"


@both
def test_a_ships_new_morale_is_its_own_teams_news(edition: str) -> None:
    state = next_turn(to_step(begin(edition, "action"), "team"))
    mine = [line for line in log(state, "dione/captain") if line.startswith("dione's morale is now")]
    assert len(mine) == 1
    assert not any("morale is now" in line for line in log(state, None))
    assert not any(line.startswith("dione's morale") for line in log(state, "icebreaker/captain"))


def _roll_lift(state: DenState, ship: str, station: str) -> int:
    """What using the station adds to this turn's morale roll, as its ship's panel says."""
    panel = next(s for s in state.content.ships[ship].stations if s.id == station)
    return sum(effect.amount for effect in panel.effects if effect.op == "morale-roll")


@both
def test_a_recreation_station_adds_its_modifier_to_this_turns_roll_not_a_level(edition: str) -> None:
    """The recreation station is a station effect on the roll (Interpretations 76): using it leaves the track where
    it is and adds its modifier to the morale d6 of the broadcast that follows."""
    state = begin(edition, "action")
    lift = _roll_lift(state, "dione", "promenade")
    assert lift > 0
    before = state.ships["dione"]["morale"]
    act(state, "dione/chief-engineer", "use promenade")
    assert state.ships["dione"]["morale"] == before
    to_step(state, "team")
    assert morale_line(state, "dione", roll=1) == (
        f"dione morale roll 1{lift:+d} = {1 + lift}: {1 if 1 + lift >= 7 else 0:+d} level(s)"
    )


@both
def test_a_station_modifier_lasts_only_its_turn(edition: str) -> None:
    state = begin(edition, "action")
    act(state, "dione/chief-engineer", "use promenade")
    state = next_turn(to_step(state, "team"))
    assert state.ships["dione"]["morale_roll"] == 0
    to_step(state, "team")
    morale_line(state, "dione", roll=3)
    assert [line for line in log(state, "dione/captain") if line.startswith("dione morale roll")][-1] == (
        "dione morale roll 3+0 = 3: +0 level(s)"
    )
