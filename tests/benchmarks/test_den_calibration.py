"""`benchmarks/den_calibration.py` in short: each subcommand's measures, counted again from the games it read."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from types import ModuleType
from typing import Any

import pandas as pd
import pytest

import wolfpack
from wolfpack.engine.bot import seat_seed
from wolfpack.games.den.bots import TeamBot
from wolfpack.games.den.event import event_bots, run_event
from wolfpack.sim.den_calibration import RICHES_SHIP
from wolfpack.sim.simulate import local_executor, make_spec, simulate

from .scripts import benchmark_script

RATES = ("fled", "damaged", "fled_or_damaged", "not_won")


@pytest.fixture(scope="module")
def den_calibration() -> ModuleType:
    return benchmark_script("den_calibration")


def measured(den_calibration: ModuleType, argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    den_calibration.main(argv)
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


def test_events_reports_every_measure_of_the_simulated_games(
    den_calibration: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "den.parquet"
    simulate(make_spec("den-of-wolves", {"edition": "classic", "turns": 2}, None, seed=1), 2, out, local_executor(1))
    games = pd.read_parquet(out)
    result = measured(den_calibration, ["events", str(out)], capsys)
    assert set(result) == {
        "games",
        "median_final_morale",
        "ships_at_zero",
        "attacks",
        "top_third_damaged",
        "top_third_not_won",
        "fleet_jumps_mean",
        "ships_separated_mean",
    }
    assert result["games"] == len(games) == 2
    attacks = [attack for log in games.attack_log for attack in log]
    assert result["attacks"] == len(attacks) > 0
    high = [attack for attack in attacks if attack["pursuit"] >= 9]  # the top third of a track running 0 to 12
    assert result["top_third_damaged"]["n"] == result["top_third_not_won"]["n"] == len(high)
    median, low, high_end = result["median_final_morale"]
    assert median == statistics.median(games.median_final_morale) and low <= median <= high_end
    assert result["fleet_jumps_mean"] == round(statistics.fmean(games.fleet_jumps), 2)


def test_events_without_a_file_or_with_a_missing_one_says_so(
    den_calibration: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        den_calibration.main(["events"])
    assert "events needs the simulate file" in capsys.readouterr().err
    with pytest.raises(FileNotFoundError, match=r"missing\.parquet"):
        den_calibration.main(["events", str(tmp_path / "missing.parquet")])


def test_combat_rates_every_top_third_attack_it_kept(
    den_calibration: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = measured(den_calibration, ["combat", "--attacks", "1", "--keep", str(tmp_path)], capsys)
    assert set(result) == {"pursuit", *RATES}
    assert result["pursuit"] == [9, 10, 11, 12]
    kept = sorted(tmp_path.glob("combat-classic-pursuit*-seed1.parquet"))
    attacks = [attack for path in kept for log in pd.read_parquet(path).attack_log for attack in log]
    assert len(kept) == 4 and len(attacks) == 4
    for name in RATES:
        assert result[name]["n"] == len(attacks) and 0 <= result[name]["low"] <= result[name]["high"] <= 1
    damaged = sum(attack["damage"] > 0 for attack in attacks)
    assert result["damaged"]["share"] == round(damaged / len(attacks), 3)


def test_riches_pairs_the_ships_final_morale_on_rations_and_on_recreation(
    den_calibration: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    result = measured(den_calibration, ["riches", "--games", "1", "--turns", "1", "--seed", "1"], capsys)
    game = wolfpack.load_game("den-of-wolves", edition="classic", turns=1)
    seats = [seat for seat, info in enumerate(game.seats) if info.ship == RICHES_SHIP]  # type: ignore[attr-defined]
    finals = []
    for meals in ("rations", "recreation"):
        bots = event_bots(game, 1)
        for seat in seats:
            bots[seat] = TeamBot(seat_seed(1, seat), meals=meals)
        finals.append(run_event(game, 1, bots).turns[-1]["ships"][RICHES_SHIP]["morale"])
    rations, recreation = finals
    assert result["games"] == 1
    assert result["rations"] == [rations] * 3 and result["recreation"] == [recreation] * 3
    assert result["mean_difference"] == rations - recreation
    assert result["difference"] == [rations - recreation] * 3
    assert sum(result["better_worse_level"]) == 1
    assert "sign_test_p" in result
