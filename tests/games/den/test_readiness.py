"""What each ship has not done that the step Control's advance would end needed (readiness.py), as Control's view
lists it."""

from __future__ import annotations

from tests.rules.den.helpers import act, begin, both, control, edit, resolve
from wolfpack.games.den.readiness import before_advance
from wolfpack.games.den.rules import CONTROL
from wolfpack.games.den.state import DenState


def crew_every_drive_but(state: DenState, *idle: str) -> DenState:
    """The position with every ship's jump drive crewed except those of `idle`."""

    def crew(position: dict[str, object]) -> None:
        ships = position["ships"]
        assert isinstance(ships, dict)
        for sid, ship in ships.items():
            ship["drive_ready"] = sid not in idle

    return edit(state, crew)


@both
def test_at_the_start_every_ship_without_a_crewed_drive_is_named(edition: str) -> None:
    state = crew_every_drive_but(begin(edition, "start"), "dione", "carmine")
    idle = [sid for sid in state.ships if sid in ("dione", "carmine")]  # in the fleet's order
    names = {"dione": "Dione", "carmine": "Carmine"}
    assert before_advance(state) == [
        f"The {names[sid]} has not crewed its jump drive: it cannot jump this turn." for sid in idle
    ]
    assert before_advance(crew_every_drive_but(state)) == []


@both
def test_at_the_start_with_no_drive_crewed_one_line_says_no_ship_can_jump(edition: str) -> None:
    state = begin(edition, "start")
    assert before_advance(state) == ["No ship has crewed its jump drive: no ship can jump this turn."]


@both
def test_a_crewed_drive_is_no_longer_named(edition: str) -> None:
    state = act(begin(edition, "start"), "dione/chief-engineer", "use jump-drive")
    assert not any("Dione" in line for line in before_advance(state))
    assert any("Carmine" in line for line in before_advance(state))


@both
def test_in_the_action_phase_a_ship_ready_to_jump_that_has_not_declared_is_named(edition: str) -> None:
    state = act(begin(edition, "start"), "dione/chief-engineer", "use jump-drive")
    control(state, "control advance")
    assert before_advance(state) == [
        "The Dione crewed its jump drive but has not declared a jump: it will not jump this turn.",
        "No ship has jumped this turn: the pursuit track rises and the fleet stays where it is.",
    ]
    act(state, "dione/captain", "jump")
    control(state, "control resolve-jumps")
    resolve(state)
    assert before_advance(state) == []


@both
def test_in_the_action_phase_a_ship_whose_crewed_drive_stopped_working_is_not_named(edition: str) -> None:
    state = act(begin(edition, "start"), "dione/chief-engineer", "use jump-drive")
    control(state, "control advance", 'control riot dione.jump-drive "unrest"')
    assert before_advance(state) == [
        "No ship has jumped this turn: the pursuit track rises and the fleet stays where it is.",
    ]
    control(state, 'control clear-riot dione.jump-drive "calmed"')
    assert before_advance(state)[0].startswith("The Dione crewed its jump drive")


@both
def test_in_the_team_phase_rations_the_hold_cannot_pay_are_named_with_what_it_would_supply(edition: str) -> None:
    # Luxurious food costs the Dione 12, increased 10: a hold of 10 pays for increased.
    state = control(begin(edition, "team"), 'control set dione.food 10 "a lean hold"')
    assert before_advance(state) == []
    act(state, "dione/chief-engineer", "rations food luxurious")
    assert before_advance(state) == [
        "The Dione has not set food rations its hold can pay: luxurious is set, the hold holds 10, so it would "
        "supply increased."
    ]


@both
def test_only_control_sees_the_list_and_a_pending_roll_empties_it(edition: str) -> None:
    state = begin(edition, "start")
    assert state.observation(CONTROL)["before_advance"] == before_advance(state) != []
    assert "before_advance" not in state.observation(None)
    assert "before_advance" not in state.observation(1)
    control(state, "control advance", "control advance", "control advance")  # the broadcast: its rolls pend
    assert state.is_chance_node() and before_advance(state) == []
