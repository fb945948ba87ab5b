"""The default packs' calibration (issue 18 item 6; docs/games/den-of-wolves.md, "Calibration").

The full statistical targets, over 200 bot-played events per edition, are `slow` (`make strength`); the normal suite
keeps short deterministic versions that check what a broken pack or bot would break: the holds feed every ship
normal rations through the first turns, the fleet jumps and no ship collapses early, the pinned meal policies do
what they say, and the intervals are computed right."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import wolfpack
from wolfpack.engine.bot import seat_seed
from wolfpack.engine.records import Match
from wolfpack.games.den.bots import TeamBot
from wolfpack.games.den.event import Event, event_bots, play_turns, run_event
from wolfpack.sim.den_calibration import (
    RICHES_SHIP,
    combat_measures,
    combat_runs,
    event_measures,
    median_interval,
    rate,
    riches,
    riches_measures,
    top_third,
)
from wolfpack.sim.simulate import local_executor, make_spec, simulate

EDITIONS = ("classic", "infinite-domain")
STARVING = {"none"}


# ---- the measures ------------------------------------------------------------------------------------------------


def test_a_median_comes_with_its_order_statistic_interval() -> None:
    assert median_interval(list(range(1, 13))) == (6.5, 3.0, 10.0)
    assert median_interval([4] * 50) == (4.0, 4.0, 4.0)


def test_a_rate_comes_with_its_wilson_interval() -> None:
    assert rate(3, 12) == {"n": 12, "share": 0.25, "low": 0.089, "high": 0.532}
    assert rate(0, 0) == {"n": 0}


def test_the_top_third_of_the_pursuit_track() -> None:
    assert top_third(12) == [9, 10, 11, 12]
    assert top_third(9) == [7, 8, 9]


# ---- short deterministic versions of the targets -----------------------------------------------------------------


def test_three_calibrated_classic_events_feed_every_ship_keep_it_above_zero_and_jump() -> None:
    """Three seeded 12-turn classic events: no ship runs out of food or water (no rations) in the first six
    turns (the holds are sized for it: with the first design's they ran dry by turn 5), no ship stands at 0 at the
    end of turn 6, and the fleet jumps in every event. Each is played only as far as these need: six turns, and
    on until the fleet's first jump."""
    game = wolfpack.load_game("den-of-wolves", edition="classic", turns=12)
    for seed in (1, 2, 3):
        turns: list[Any] = []
        for turn in play_turns(Match(game, seed), event_bots(game, seed), Event(game.new_initial_state())):
            turns.append(turn)
            if len(turns) >= 6 and any(t["fleet_jumped"] for t in turns):
                break
        for turn in turns[:6]:
            for sid, ship in turn["ships"].items():
                assert not {ship["supplied"]["food"], ship["supplied"]["water"]} & STARVING, (seed, turn["turn"], sid)
        assert min(ship["morale"] for ship in turns[5]["ships"].values()) > 0, seed
        assert any(turn["fleet_jumped"] for turn in turns), seed


def test_the_pinned_meal_policies_do_what_they_say() -> None:
    """One four-turn event played twice: the ship on rations never uses its recreation station, the ship on
    recreation uses it and is never fed above normal; the comparison pairs their final morale."""
    game = wolfpack.load_game("den-of-wolves", edition="classic", turns=4)
    seats = [seat for seat, info in enumerate(game.seats) if info.ship == RICHES_SHIP]  # type: ignore[attr-defined]
    played = {}
    for meals in ("rations", "recreation"):
        bots = event_bots(game, 2)
        for seat in seats:
            bots[seat] = TeamBot(seat_seed(2, seat), meals=meals)
        played[meals] = run_event(game, 2, bots)
    used = {meals: [line for line in event.state.log(0) if "use promenade" in line] for meals, event in played.items()}
    assert not used["rations"] and used["recreation"]
    fed = [turn["ships"][RICHES_SHIP]["supplied"] for turn in played["recreation"].turns]
    assert all(meal in ("normal", "low", "minimum", "critical", "none") for levels in fed for meal in levels.values())
    finals = tuple(event.turns[-1]["ships"][RICHES_SHIP]["morale"] for event in played.values())
    assert riches("classic", games=1, seed=2, turns=4) == [finals]


def test_a_few_top_third_attacks_are_measured_for_the_targets(tmp_path: Path) -> None:
    games = combat_runs("classic", attacks=2, seed=1, directory=tmp_path)
    measures = combat_measures(games)
    assert measures["pursuit"] == [9, 10, 11, 12]
    assert measures["damaged"]["n"] == 8
    damaged = sum(attack["damage"] > 0 for log in games["attack_log"] for attack in log)
    assert measures["damaged"]["share"] == round(damaged / 8, 3)
    assert measures["fled_or_damaged"]["share"] >= measures["damaged"]["share"]
    kept = {path.name for path in tmp_path.iterdir()}
    assert kept == {f"combat-classic-pursuit{level}-seed1.parquet" for level in (9, 10, 11, 12)}


@functools.cache
def four_hundred_attacks(edition: str) -> dict[str, Any]:
    """Target 3 over 100 combat-scenario games at each top-third level of the default pack (seed 1)."""
    with tempfile.TemporaryDirectory() as directory:
        return combat_measures(combat_runs(edition, attacks=100, seed=1, directory=Path(directory), jobs=2))


# ---- the statistical targets (make strength) ----------------------------------------------------------------------


@functools.cache
def two_hundred_events(edition: str) -> dict[str, Any]:
    """The measures of 200 seeded 12-turn events of the default pack (seed 1, as in the Calibration table)."""
    with tempfile.TemporaryDirectory() as directory:
        out = Path(directory) / "den.parquet"
        spec = make_spec("den-of-wolves", {"edition": edition, "turns": 12}, None, seed=1)
        simulate(spec, 200, out, local_executor(2))
        return event_measures(pd.read_parquet(out))


@pytest.mark.slow
@pytest.mark.timeout(3600)  # a safety net for a busy machine, not a performance assertion
@pytest.mark.parametrize("edition", EDITIONS)
def test_two_hundred_events_end_with_morale_in_the_middle_third(edition: str) -> None:
    median, _, _ = two_hundred_events(edition)["median_final_morale"]
    assert 10 / 3 <= median <= 20 / 3  # the middle third of a track running 0 to 10


@pytest.mark.slow
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("edition", EDITIONS)
def test_in_the_median_of_two_hundred_events_at_most_one_ship_ends_at_zero(edition: str) -> None:
    assert two_hundred_events(edition)["ships_at_zero"][0] <= 1


@pytest.mark.slow
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("edition", EDITIONS)
def test_top_third_attacks_in_two_hundred_events_hurt_and_are_sometimes_not_won(edition: str) -> None:
    measures = two_hundred_events(edition)
    assert measures["top_third_damaged"]["share"] >= 0.25
    assert measures["top_third_not_won"]["share"] > 0


@pytest.mark.slow
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("edition", EDITIONS)
def test_at_the_top_third_of_the_pursuit_attacks_hurt_or_drive_the_fleet_away(edition: str) -> None:
    assert four_hundred_attacks(edition)["fled_or_damaged"]["low"] >= 0.25


@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_a_fresh_classic_fleet_is_sometimes_not_able_to_beat_top_third_wolves_in_six_rounds() -> None:
    assert four_hundred_attacks("classic")["not_won"]["share"] > 0


@pytest.mark.slow
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_ship_fed_richer_rations_ends_higher_than_one_on_recreation(edition: str) -> None:
    measures = riches_measures(riches(edition, games=30, seed=1))
    assert measures["mean_difference"] > 0
    assert measures["sign_test_p"] is not None and measures["sign_test_p"] < 0.05


def test_the_riches_ship_has_a_recreation_station_in_both_editions() -> None:
    for edition in EDITIONS:
        game = wolfpack.load_game("den-of-wolves", edition=edition)
        kinds = {station.kind for station in game.content.ships[RICHES_SHIP].stations}  # type: ignore[attr-defined]
        assert "recreation" in kinds
