"""Den of Wolves as a registered game: options, seats, the map's size, Control's open set of actions."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import wolfpack
from wolfpack import GameOptionError, IllegalActionError, InvalidActionError
from wolfpack.engine.constants import CHANCE, SIMULTANEOUS
from wolfpack.games.den.game import DenGame
from wolfpack.games.den.state import DenState
from wolfpack.games.den.views import EventLog

EDITIONS = ("classic", "infinite-domain")


def started(edition: str, **options: object) -> DenState:
    """A new event past the Aegis' first draw: the start of turn 1, every seat free to act."""
    state = wolfpack.load_game("den-of-wolves", edition=edition, **options).new_initial_state()
    assert isinstance(state, DenState)
    state.apply_action(state.legal_actions()[0])
    return state


def test_registered_under_its_name() -> None:
    game = wolfpack.load_game("den-of-wolves")
    assert isinstance(game, DenGame)
    assert game.options_dict()["edition"] == "classic"


@pytest.mark.parametrize(("edition", "seats"), [("classic", 41), ("infinite-domain", 52)])
def test_seats_are_control_then_every_role_then_media(edition: str, seats: int) -> None:
    game = wolfpack.load_game("den-of-wolves", edition=edition)
    assert isinstance(game, DenGame)
    labels = [seat.label for seat in game.seats]
    assert len(labels) == seats == game.info.num_players
    assert labels[0] == "control"
    assert labels[1].startswith("aegis/")
    assert "dione/captain" in labels
    assert labels[-1].startswith("wildcard/" if edition == "infinite-domain" else "media/")
    assert len(set(labels)) == len(labels)


def test_classic_map_has_four_quadrants_only() -> None:
    with pytest.raises(GameOptionError, match="classic allows 4 quadrants"):
        wolfpack.load_game("den-of-wolves", edition="classic", quadrants=6)


@pytest.mark.parametrize("quadrants", [4, 5, 6])
def test_infinite_domain_places_the_fleet_on_a_smaller_map(quadrants: int) -> None:
    state = started("infinite-domain", quadrants=quadrants)
    spaces: dict[int, int] = {}
    for sid, ship in state.ships.items():
        size = state.content.ships[sid].size
        if not state.content.ships[sid].centre:
            assert 1 <= ship["quadrant"] <= quadrants
            spaces[ship["quadrant"]] = spaces.get(ship["quadrant"], 0) + size
    assert max(spaces.values()) <= state.content.tables.tables.quadrant_spaces


def test_a_fleet_that_does_not_fit_the_map_is_refused(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    source = Path(wolfpack.__file__).parent / "games" / "den" / "data" / "infinite_domain" / "tables.toml"
    pack.mkdir()
    shutil.copy(source, pack / "tables.toml")
    text = (pack / "tables.toml").read_text()
    (pack / "tables.toml").write_text(text.replace("quadrant_spaces = 5", "quadrant_spaces = 4"))
    with pytest.raises(GameOptionError, match="does not fit on a map of 4 quadrants"):
        wolfpack.load_game("den-of-wolves", edition="infinite-domain", quadrants=4, content=str(pack))


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_event_is_simultaneous_and_waits_only_for_control(edition: str) -> None:
    state = wolfpack.load_game("den-of-wolves", edition=edition).new_initial_state()
    assert state.current_player() == CHANCE
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == SIMULTANEOUS
    assert state.waiting_for() == [0]
    assert "control advance" in state.legal_actions(0)
    assert state.legal_actions(1)  # the Aegis' commander may act, but play does not wait for them


@pytest.mark.parametrize("edition", EDITIONS)
def test_control_accepts_unlisted_well_formed_actions_and_refuses_others(edition: str) -> None:
    state = started(edition)
    action = 'control set dione.food 9 "a relief convoy"'
    assert action not in state.legal_actions(0)
    assert state.is_legal(action, 0)
    assert state.parse_action(action, 0) == action
    state.apply_action(action, 0)
    assert state.ships["dione"]["hold"]["food"] == 9
    assert 'Control: set dione.food 9 ("a relief convoy")' in state.log(0)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="pursuit track runs 0 to"):
        state.apply_action('control set pursuit 99 "too far"', 0)
    with pytest.raises(InvalidActionError, match="needs the number, the value and the reason"):
        state.apply_action("control set pursuit 3", 0)
    with pytest.raises(IllegalActionError, match="only Control"):
        state.apply_action('control set pursuit 3 "mine"', 1)
    assert state.to_json() == before


def test_a_team_seat_cannot_take_controls_open_actions() -> None:
    state = started("classic")
    assert not state.is_legal('control end "bored"', 2)
    assert state.is_legal('control end "the venue closes"', 0)


def test_a_full_step_leaves_control_to_resolve_jumps_then_advance() -> None:
    state = started("classic", phase_actions=10)
    state.ships["dione"]["jump"] = "void-1-dione"
    state.step_actions = 10
    full = state.game.state_from_position(state.to_dict()["position"])
    assert full.legal_actions(0) == ["control resolve-jumps"]
    assert all(full.legal_actions(seat) == [] for seat in range(1, full.num_players()))
    with pytest.raises(IllegalActionError, match="phase limit"):
        full.apply_action('control set pursuit 2 "late"', 0)
    full.apply_action("control resolve-jumps", 0)
    assert "control advance" in full.legal_actions(0)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_log_is_kept_out_of_the_position_and_saved_beside_it(edition: str) -> None:
    state = started(edition)
    state.apply_action("control advance", 0)
    state.apply_action('control set dione.fuel 3 "a leak"', 0)
    saved = state.to_dict()
    assert "events" not in saved["position"], "the position does not grow with the log"
    assert EventLog.from_saved(saved["log"]) == state.events
    assert ["dione", 'Control: set dione.fuel 3 ("a leak")'] in list(state.events)
    restored = state.game.state_from_json(state.to_json())
    assert restored == state and restored.log(0) == state.log(0) and restored.log(None) == state.log(None)


def test_a_save_from_before_the_log_was_kept_apart_loads_with_its_log() -> None:
    state = started("classic")
    state.apply_action('control set dione.fuel 3 "a leak"', 0)
    saved = state.to_dict()
    older = {**saved, "position": {**saved["position"], "events": [list(line) for line in state.events]}}
    del older["log"]
    assert state.game.state_from_json(older) == state


@pytest.mark.parametrize("log", [{"dione": "x"}, [["dione"]], [["dione", 3]], "a line"])
def test_a_saved_log_that_is_not_audience_and_text_pairs_is_refused(log: object) -> None:
    saved = started("classic").to_dict()
    with pytest.raises(wolfpack.InvalidStateError, match="the saved log must be a list of"):
        wolfpack.load_game("den-of-wolves", edition="classic").state_from_json({**saved, "log": log})


def test_a_copys_log_goes_its_own_way() -> None:
    state = started("classic")
    copy = state.clone()
    copy.apply_action('control set dione.fuel 3 "a leak"', 0)
    assert len(copy.events) == len(state.events) + 1 and copy.events[: len(state.events)] == state.events
    state.apply_action('control set dione.fuel 2 "another leak"', 0)
    assert copy.events[-1][1] != state.events[-1][1] and copy.log(0) != state.log(0)
