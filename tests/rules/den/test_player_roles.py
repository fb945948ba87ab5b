"""Rulebook "Player Roles" (command of a ship): the captain commands (the President on the Star Alpha, the
Commanding Officer or Admiral on the Aegis); the first officer (the Aegis' XO) takes over while the captain is out
of action (in the brig, wounded, or in a sickbay) or absent (at another ship's table), and with both out command
passes down the team's roles in the pack's order to the first one present (at the ship's table or the fleet map).
Whoever commands now jumps, declares an emergency, moves and swaps the ship on the map, gives crew leave to board a
shuttle and may approach the fleet map (The Fleet Map, FTL Travel, Resources and Units, Player Locations).

Roles of the default packs, in order: the Dione's captain, first-officer, council-member, chief-engineer (the same
four on the Carmine, whose first officer has no map access of their own); the Endeavour's captain and
chief-scientist; the Aegis' commander, then its XO."""

from __future__ import annotations

from typing import Any

from wolfpack.games.den import rules
from wolfpack.games.den.state import DenState

from .helpers import AEGIS_COMMANDER, act, begin, both, control, edit, refused, seat, to_step, verbs

COMMAND_VERBS = ("jump", "move", "swap", "board")


def drives_ready(state: DenState, *ships: str) -> DenState:
    """A fresh state in which these ships' drives were crewed this turn."""

    def change(position: dict[str, Any]) -> None:
        for ship in ships:
            position["ships"][ship]["drive_ready"] = True

    return edit(state, change)


def commanding(state: DenState, label: str) -> list[str]:
    """The command verbs the seat may use now (one listed action of each is enough)."""
    return sorted({action.split()[0] for action in state.legal_actions(seat(state, label))} & set(COMMAND_VERBS))


@both
def test_the_first_officer_commands_while_the_captain_is_in_the_brig(edition: str) -> None:
    state = drives_ready(begin(edition, "action"), "dione")
    assert commanding(state, "dione/first-officer") == []
    control(state, 'control brig dione/captain "suspected of being a Wolf"')
    assert commanding(state, "dione/first-officer") == ["board", "jump", "move", "swap"]
    act(state, "dione/first-officer", "move q3", "board dione:s1 dione:c3", "jump")
    assert state.ships["dione"]["quadrant"] == 3 and state.ships["dione"]["jump"] is not None
    assert state.crew["dione:c3"]["shuttle"] == "dione:s1"
    assert rules.commander_of(state, "dione") == seat(state, "dione/first-officer")


@both
def test_the_first_officer_declares_the_emergency_jump_of_a_jailed_captain(edition: str) -> None:
    state = edit(begin(edition, "start"), lambda p: p["ships"]["dione"].update(at="void-0-dione", quadrant=None))
    state = edit(state, lambda p: p["ships"]["dione"]["hold"].update(fuel=1))  # short of fuel for any jump
    control(state, 'control brig dione/captain "mutiny"')
    act(state, "dione/first-officer", "emergency")
    assert state.ships["dione"]["emergency"]


@both
def test_the_first_officer_commands_while_the_captain_is_wounded_or_in_a_sickbay(edition: str) -> None:
    state = control(begin(edition, "action"), 'control wound-player dione/captain "shot in a corridor"')
    act(state, "dione/first-officer", "move q3")
    act(state, "dione/captain", "sickbay asclepius")
    act(state, "dione/first-officer", "move q1")
    assert refused(state, "dione/captain", "move q3").rule == "commander"
    assert state.ships["dione"]["quadrant"] == 1


@both
def test_command_returns_to_a_released_captain_back_aboard(edition: str) -> None:
    state = control(begin(edition, "action"), 'control brig dione/captain "questioning"')
    control(state, 'control release dione/captain "cleared"')
    # Released at the Aegis' table, the captain is still away from the Dione.
    assert refused(state, "dione/captain", "move q3").rule == "commander"
    act(state, "dione/captain", "goto dione")
    assert refused(state, "dione/first-officer", "move q3").rule == "commander"
    act(state, "dione/captain", "move q3")


@both
def test_a_captain_at_another_ships_table_is_absent_and_the_first_officer_commands(edition: str) -> None:
    state = drives_ready(begin(edition, "action"), "dione")
    act(state, "dione/captain", "goto carmine")
    error = refused(state, "dione/captain", "jump")
    assert error.rule == "commander"
    assert commanding(state, "dione/captain") == []
    assert state.observation(None)["ships"]["dione"]["commander"] == "dione/first-officer"
    act(state, "dione/first-officer", "jump")
    assert state.ships["dione"]["jump"] is not None
    act(state, "dione/captain", "goto dione")
    assert rules.commander_of(state, "dione") == seat(state, "dione/captain")


@both
def test_a_captain_at_the_fleet_map_still_commands(edition: str) -> None:
    state = act(drives_ready(begin(edition, "action"), "dione"), "dione/captain", "goto map")
    assert commanding(state, "dione/first-officer") == []
    act(state, "dione/captain", "move q3", "jump")
    assert state.ships["dione"]["quadrant"] == 3 and state.ships["dione"]["jump"] is not None


@both
def test_command_passes_to_the_first_of_the_team_still_aboard(edition: str) -> None:
    state = act(begin(edition, "action"), "dione/captain", "goto carmine")
    act(state, "dione/first-officer", "goto icebreaker")
    assert rules.commander_of(state, "dione") == seat(state, "dione/council-member")
    act(state, "dione/council-member", "move q3")
    assert refused(state, "dione/first-officer", "move q1").rule == "commander"


@both
def test_with_the_whole_team_away_the_captain_keeps_command(edition: str) -> None:
    state = begin(edition, "action")
    for role in ("captain", "first-officer", "council-member", "chief-engineer"):
        act(state, f"dione/{role}", "goto carmine")
    assert rules.commander_of(state, "dione") == seat(state, "dione/captain")
    act(state, "dione/captain", "move q3")
    assert state.ships["dione"]["quadrant"] == 3


@both
def test_with_captain_and_first_officer_out_command_passes_down_the_team(edition: str) -> None:
    state = control(
        begin(edition, "action"),
        'control brig dione/captain "treason"',
        'control wound-player dione/first-officer "an accident"',
    )
    assert refused(state, "dione/chief-engineer", "move q3").rule == "commander"
    act(state, "dione/council-member", "move q3")
    assert state.ships["dione"]["quadrant"] == 3


@both
def test_a_ship_without_a_first_officer_passes_command_to_its_specialist(edition: str) -> None:
    state = control(begin(edition, "action"), 'control brig endeavour/captain "espionage"')
    quadrant = 1 + state.ships["endeavour"]["quadrant"] % state.quadrant_count
    act(state, "endeavour/chief-scientist", f"move q{quadrant}")
    assert state.ships["endeavour"]["quadrant"] == quadrant


@both
def test_a_team_with_nobody_able_has_no_commander(edition: str) -> None:
    state = control(
        begin(edition, "action"),
        'control brig endeavour/captain "espionage"',
        'control brig endeavour/chief-scientist "espionage"',
    )
    assert rules.commander_of(state, "endeavour") is None


@both
def test_the_aegis_xo_commands_when_the_admiral_is_out(edition: str) -> None:
    state = drives_ready(begin(edition, "action"), "aegis")
    control(state, f'control wound-player {AEGIS_COMMANDER[edition]} "a bomb on the bridge"')
    act(state, "aegis/xo", "jump")
    assert state.ships["aegis"]["jump"] is not None


@both
def test_two_acting_commanders_swap_their_ships(edition: str) -> None:
    state = control(
        begin(edition, "action"),
        'control brig dione/captain "x"',
        'control wound-player icebreaker/captain "y"',
    )
    act(state, "dione/first-officer", "swap icebreaker")
    act(state, "icebreaker/first-officer", "swap dione")
    assert (state.ships["dione"]["quadrant"], state.ships["icebreaker"]["quadrant"]) == (2, 1)


@both
def test_an_acting_commander_may_approach_the_fleet_map(edition: str) -> None:
    state = begin(edition, "action")
    assert refused(state, "carmine/first-officer", "goto map").rule == "map"
    control(state, 'control brig carmine/captain "sedition"')
    assert "goto map" in verbs(state, "carmine/first-officer", "goto")
    act(state, "carmine/first-officer", "goto map")
    assert state.people[str(seat(state, "carmine/first-officer"))]["at"] == "map"


@both
def test_the_commander_of_every_ship_is_public(edition: str) -> None:
    state = control(begin(edition, "action"), 'control brig dione/captain "treason"')
    for label in (None, "icebreaker/captain", "control"):
        view = state.observation(None if label is None else seat(state, label))
        assert view["ships"]["dione"]["commander"] == "dione/first-officer"
        assert view["ships"]["icebreaker"]["commander"] == "icebreaker/captain"
    to_step(state, "team")
    assert state.observation(None)["ships"]["dione"]["commander"] == "dione/first-officer"
