"""Rulebook "Combat": each edition's tables for fleet fighters, weapon batteries (Infinite Domain) and on-foot
units, Wolf fighters' targets, boarding, boarders' damage, damaged and destroyed units, pilots wounded once the
attack ends, shuttle reinforcements and the bonuses (the Aegis' marines +2; Infinite Domain's Ready Room +1).

Tables (d6): fleet fighter, both editions: 1-2 the squadron is damaged, 3-4 one hit, 5-6 two hits. Weapon battery
(Infinite Domain): 1-2 nothing, 3-4 one, 5-6 two. On-foot, classic: 1-3 the unit is damaged and one hit, 4-5 one
hit, 6 two; Infinite Domain: 1-2 the unit is wounded, 3-4 one hit, 5-6 two. Boarder, classic: 1 nothing, 2-5 one
damage, 6 two; Infinite Domain: one damage, no roll. Positions as in test_wolf_attack.py: in q1 a Wolf's d6 reads
1 Star Alpha, 2-3 Dione, 4-5 empty (the Aegis), 6 the Aegis; the Aegis' fighters aegis:u1-u4 patrol q1-q4, its
marines are aegis:u5-u7; the Dione has fighter dione:u1 (q1), security dione:u2 and shuttle dione:s1; in Infinite
Domain the Javelin (q5) carries weapon batteries javelin:u5 and javelin:u6.
"""

from __future__ import annotations

import pytest

from wolfpack.games.den.state import DenState

from .helpers import act, battle, begin, both, chance, control, edit, next_turn, refused, to_step, verbs, wolf_round

AIR = {"classic": "aegis/fwco", "infinite-domain": "aegis/cag"}


def wolves(state: DenState) -> list[str]:
    """The Wolf units left, by id (none once the attack is over)."""
    return sorted(state.attack["wolves"]) if state.attack is not None else []


def attack_now(state: DenState, *wolves: str) -> DenState:
    """From the Action Phase: an attack in Fleet round 1 whose only Wolves are `wolves` (as `battle` writes them)."""
    control(state, 'control set pursuit 0 "calm"', 'control attack "test"')
    while state.is_chance_node():
        chance(state, "pick q1")
    state = edit(state, lambda p: p["attack"].update(wolves={}, next_wolf=1, boarded={}, arrived=0))
    for wolf in wolves:
        kind, where = wolf.split("@")
        control(state, f'control wolves {kind} 1 {where} "test"')
    return state


def damage(state: DenState) -> dict[str, int]:
    """Damage recorded against each ship during the attack."""
    assert state.attack is not None
    return dict(state.attack["damage"])


@both
@pytest.mark.parametrize(
    ("face", "left", "hurt"), [(1, 3, True), (2, 3, True), (3, 2, False), (4, 2, False), (5, 1, False), (6, 1, False)]
)
def test_the_fleet_fighter_table(edition: str, face: int, left: int, hurt: bool) -> None:
    state = battle(edition, "fighter@q1", "fighter@q1", "fighter@q1")
    act(state, AIR[edition], "strike aegis:u1 w1")
    chance(state, f"roll {face}")
    assert len(wolves(state)) == left
    assert state.units["aegis:u1"]["damaged"] == hurt
    assert (state.attack or {})["pilots"] == ({"aegis": 1} if hurt else {})


@both
def test_a_second_hit_falls_on_another_wolf_in_the_quadrant_boarders_first(edition: str) -> None:
    state = battle(edition, "fighter@q1", "fighter@q1", "boarding@q1", "fighter@q2")
    act(state, AIR[edition], "strike aegis:u1 w2")
    chance(state, "roll 6")
    assert wolves(state) == ["w1", "w4"]


@both
def test_a_fighter_strikes_only_in_its_own_quadrant_and_moves_instead(edition: str) -> None:
    state = battle(edition, "fighter@q2")
    assert refused(state, AIR[edition], "strike aegis:u1 w1").rule == "quadrant"
    act(state, AIR[edition], "deploy aegis:u1 q2")
    assert state.units["aegis:u1"]["quadrant"] == 2
    assert refused(state, AIR[edition], "strike aegis:u1 w1").rule == "acted"
    act(state, AIR[edition], "strike aegis:u2 w1")


@both
def test_fighters_are_ordered_from_the_map_by_those_who_command_there(edition: str) -> None:
    state = battle(edition, "fighter@q1")
    assert refused(state, "dione/captain", "strike dione:u1 w1").rule == "map"  # at the Dione's table
    assert refused(state, "dione/chief-engineer", "strike dione:u1 w1").rule == "map"  # no command at the map
    assert refused(state, "dione/first-officer", "strike aegis:u1 w1").rule == "unit"
    assert "strike dione:u1 w1" in verbs(state, "dione/first-officer", "strike")


@both
def test_fighters_patrol_freely_outside_attacks(edition: str) -> None:
    state = begin(edition, "action")
    act(state, "dione/first-officer", "deploy dione:u1 q3", "deploy dione:u1 aboard", "deploy dione:u1 q1")
    assert state.units["dione:u1"]["quadrant"] == 1
    assert refused(state, "dione/first-officer", "strike dione:u1 w1").rule == "no attack"


@both
@pytest.mark.parametrize(
    ("face", "ship"), [(1, "star-alpha"), (2, "dione"), (3, "dione"), (4, "aegis"), (5, "aegis"), (6, "aegis")]
)
def test_a_wolf_fighter_hits_the_ship_at_the_place_it_rolls(edition: str, face: int, ship: str) -> None:
    state = battle(edition, "fighter@q1")
    wolf_round(state, f"roll {face}")
    assert damage(state) == {ship: 1}


@both
def test_a_wolf_that_rolls_a_ship_gone_from_the_battle_misses(edition: str) -> None:
    state = battle(edition, "fighter@q1")
    state = edit(state, lambda p: p["attack"].update(ships=[s for s in p["attack"]["ships"] if s != "aegis"]))
    wolf_round(state, "roll 6")
    assert damage(state) == {}


@both
def test_a_raider_takes_three_hits_and_attacks_twice(edition: str) -> None:
    state = battle(edition, "raider@q1")
    act(state, AIR[edition], "strike aegis:u1 w1")
    chance(state, "roll 6")
    assert wolves(state) == ["w1"] and (state.attack or {})["wolves"]["w1"]["hits"] == 2
    wolf_round(state, "roll 2", "roll 1")
    assert damage(state) == {"dione": 1, "star-alpha": 1}


def test_classic_boarders_land_without_damage_and_roll_at_once() -> None:
    state = battle("classic", "boarding@q1")
    wolf_round(state, "roll 2", "roll 6")
    assert (state.attack or {})["wolves"]["w1"]["ship"] == "dione"
    assert damage(state) == {"dione": 2}


def test_infinite_domain_boarders_deal_one_damage_as_they_land() -> None:
    state = battle("infinite-domain", "boarding@q1")
    wolf_round(state, "roll 2")
    assert (state.attack or {})["wolves"]["w1"]["ship"] == "dione"
    assert damage(state) == {"dione": 1}
    assert not state.is_chance_node()


@pytest.mark.parametrize(("face", "dealt"), [(1, 0), (2, 1), (5, 1), (6, 2)])
def test_the_classic_boarder_table(face: int, dealt: int) -> None:
    state = battle("classic", "boarding@dione")
    wolf_round(state, f"roll {face}")
    assert damage(state) == ({"dione": dealt} if dealt else {})


def test_infinite_domain_boarders_deal_one_damage_each_wolf_round_without_a_roll() -> None:
    state = battle("infinite-domain", "boarding@dione", "boarding@dione")
    control(state, "control wolf-round")
    assert damage(state) == {"dione": 2}
    control(state, "control wolf-round")
    assert damage(state) == {"dione": 4}


@both
def test_boarding_squadrons_board_only_in_the_first_wolf_round(edition: str) -> None:
    state = battle(edition, "fighter@q3")
    wolf_round(state, "roll 6")
    control(state, 'control wolves boarding 1 q1 "late arrivals"')
    control(state, "control wolf-round")
    assert [event["kind"] for event in state.pending] == ["wolf-target"]  # w1's target; w2 does not board
    chance(state, "roll 6")
    assert (state.attack or {})["wolves"]["w2"]["quadrant"] == 1


def test_classic_boarding_squadrons_pick_separate_ships() -> None:
    state = battle("classic", "boarding@q1", "boarding@q1")
    control(state, "control wolf-round")
    chance(state, "roll 2", "roll 6")  # w1 boards the Dione and rolls its damage
    chance(state, "roll 3")  # w2 picks the Dione too: it rolls again
    assert state.pending[0] == {"kind": "board-target", "wolf": "w2"}
    chance(state, "roll 1", "roll 1")
    assert (state.attack or {})["wolves"]["w2"]["ship"] == "star-alpha"


def test_infinite_domain_boarding_squadrons_may_pick_the_same_ship() -> None:
    state = battle("infinite-domain", "boarding@q1", "boarding@q1")
    wolf_round(state, "roll 2", "roll 3")
    assert {w["ship"] for w in (state.attack or {})["wolves"].values()} == {"dione"}


@pytest.mark.parametrize(("face", "left", "hurt"), [(1, 1, True), (3, 1, True), (4, 1, False), (6, 0, False)])
def test_the_classic_on_foot_table(face: int, left: int, hurt: bool) -> None:
    state = battle("classic", "boarding@dione", "boarding@dione")
    act(state, "dione/first-officer", "fight dione:u2")
    chance(state, f"roll {face}")
    assert len(wolves(state)) == left
    assert state.units["dione:u2"]["damaged"] == hurt


@pytest.mark.parametrize(("face", "left", "hurt"), [(1, 2, True), (2, 2, True), (3, 1, False), (5, 0, False)])
def test_the_infinite_domain_on_foot_table(face: int, left: int, hurt: bool) -> None:
    state = battle("infinite-domain", "boarding@dione", "boarding@dione")
    act(state, "dione/first-officer", "fight dione:u2")
    chance(state, f"roll {face}")
    assert len(wolves(state)) == left
    assert state.units["dione:u2"]["damaged"] == hurt


@both
def test_the_aegis_marines_add_two(edition: str) -> None:
    state = battle(edition, "boarding@aegis", "boarding@aegis")
    act(state, "aegis/xo", "fight aegis:u5")
    chance(state, "roll 4")  # 6 with the bonus: two hits
    assert wolves(state) == []


@both
def test_on_foot_units_fight_only_boarders_aboard_their_ship(edition: str) -> None:
    state = battle(edition, "boarding@icebreaker")
    assert refused(state, "dione/first-officer", "fight dione:u2").rule == "no boarders"


def test_infinite_domain_units_in_reserve_do_not_fight() -> None:
    state = act(begin("infinite-domain", "action"), "dione/first-officer", "post dione:u2 reserve")
    state = attack_now(state, "boarding@dione")
    assert refused(state, "dione/first-officer", "fight dione:u2").rule == "battle stations"


def test_classic_has_no_posts() -> None:
    state = begin("classic", "action")
    assert refused(state, "dione/first-officer", "post dione:u2 reserve").rule == "edition"


def test_the_ready_room_adds_one_to_the_first_roll_only_for_a_unit_there_as_the_turn_began() -> None:
    state = act(begin("infinite-domain", "action"), "dione/first-officer", "post dione:u2 ready-room")
    assert state.units["dione:u2"]["ready"] is False  # placed this turn: no bonus yet
    to_step(state, "team")
    next_turn(state)
    to_step(state, "action")
    assert state.units["dione:u2"]["ready"] is True
    state = attack_now(state, "boarding@dione", "boarding@dione", "boarding@dione")
    act(state, "dione/first-officer", "fight dione:u2")
    assert state.pending[0]["bonus"] == 1
    chance(state, "roll 4")  # 5: two hits
    assert len(wolves(state)) == 1
    control(state, "control wolf-round")
    act(state, "dione/first-officer", "fight dione:u2")
    assert state.pending[0]["bonus"] == 0


def test_infinite_domain_batteries_fire_at_their_ships_quadrant() -> None:
    state = battle("infinite-domain", "fighter@q5", "fighter@q1")
    assert refused(state, "javelin/xo", "fire javelin:u5 w2").rule == "quadrant"
    act(state, "javelin/xo", "fire javelin:u5 w1")
    chance(state, "roll 3")
    assert wolves(state) == ["w2"]
    assert refused(state, "javelin/xo", "fire javelin:u5 w2").rule == "acted"


@pytest.mark.parametrize(("face", "left"), [(2, 1), (3, 0)])
def test_the_battery_table_and_the_aegis_reaching_every_quadrant(face: int, left: int) -> None:
    state = control(begin("infinite-domain", "action"), 'control add-unit aegis battery "refit"')
    state = attack_now(state, "fighter@q4")
    act(state, "aegis/xo", "fire aegis:u8 w1")
    chance(state, f"roll {face}")
    assert len(wolves(state)) == left
    assert state.units["aegis:u8"]["damaged"] is False


def test_classic_batteries_have_no_table() -> None:
    state = control(begin("classic", "action"), 'control add-unit aegis battery "refit"')
    control(state, 'control attack "test"')
    while state.is_chance_node():
        chance(state, "pick q1")
    assert refused(state, "aegis/xo", "fire aegis:u8 w1").rule == "edition"


@both
def test_a_damaged_unit_fights_on_and_is_destroyed_by_a_second_damage(edition: str) -> None:
    state = battle(edition, "fighter@q1", "fighter@q1")
    act(state, AIR[edition], "strike aegis:u1 w1")
    chance(state, "roll 1")
    wolf_round(state, "roll 6", "roll 6")
    act(state, AIR[edition], "strike aegis:u1 w1")
    chance(state, "roll 2")
    assert "aegis:u1" not in state.units
    assert (state.attack or {})["pilots"] == {"aegis": 2}


@both
def test_pilots_are_wounded_in_the_hangar_once_the_attack_ends(edition: str) -> None:
    state = battle(edition, "fighter@q1", "fighter@q1")
    pilots = sorted(c for c, crew in state.crew.items() if crew["ship"] == "dione" and crew["station"] == "fighter-bay")
    act(state, "dione/first-officer", "strike dione:u1 w1")
    chance(state, "roll 1")
    assert not any(state.crew[c]["wounded"] for c in pilots)  # not until the attack is over
    control(state, 'control end-attack "they flee"')
    assert state.crew[pilots[0]]["wounded"] is True


@both
def test_a_lost_fighter_with_no_pilot_in_the_hangar_tells_control(edition: str) -> None:
    state = battle(edition, "fighter@q1")
    state = edit(state, lambda p: p["attack"].update(pilots={"carmine": 1}))
    control(state, 'control end-attack "they flee"')
    assert any("carmine lost a fighter" in n["text"] for n in state.notices)


def test_classic_reinforcements_ride_from_the_first_round_and_fight_two_rounds_later() -> None:
    state = battle("classic", "boarding@icebreaker", "fighter@q4")
    act(state, "dione/first-officer", "reinforce dione:u2 dione:s1 icebreaker")
    assert state.units["dione:u2"]["ship"] == "icebreaker" and state.shuttles["dione:s1"]["at"] == "icebreaker"
    wolf_round(state, "roll 6", "roll 1")
    assert refused(state, "dione/first-officer", "fight dione:u2").rule == "reinforcing"
    wolf_round(state, "roll 6", "roll 1")
    act(state, "dione/first-officer", "fight dione:u2")


def test_infinite_domain_reinforcements_wait_for_the_second_round_and_fight_in_the_next() -> None:
    state = battle("infinite-domain", "boarding@icebreaker", "fighter@q4")
    assert refused(state, "dione/first-officer", "reinforce dione:u2 dione:s1 icebreaker").rule == "round"
    wolf_round(state, "roll 6")
    act(state, "dione/first-officer", "reinforce dione:u2 dione:s1 icebreaker")
    assert refused(state, "dione/first-officer", "fight dione:u2").rule in ("acted", "reinforcing")
    wolf_round(state, "roll 6")
    act(state, "dione/first-officer", "fight dione:u2")


@both
def test_a_reinforcement_needs_its_own_docked_shuttle(edition: str) -> None:
    state = battle(edition, "boarding@icebreaker", "fighter@q4")
    state = edit(state, lambda p: p["attack"].update(round=2))
    assert refused(state, "dione/first-officer", "reinforce dione:u2 aegis:s1 icebreaker").rule == "shuttle"
    assert refused(state, "dione/first-officer", "reinforce dione:u2 dione:s1 dione").rule == "target"


@both
def test_a_ship_control_moves_in_a_battle_is_targeted_where_it_now_stands(edition: str) -> None:
    state = battle(edition, "fighter@q3")
    control(state, 'control move star-alpha q3 "it runs for cover"')
    wolf_round(state, "roll 1")  # q3's places in the pack's order: the Star Alpha (1), Quellon (2-3), Endeavour (4)
    assert damage(state) == {"star-alpha": 1}
