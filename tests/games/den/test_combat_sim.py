"""The designer's view of Wolf Attacks (`wolfpack combat`): many attacks at one pursuit level, the same seed giving
the same report, stronger Wolves costing more, and the text report."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

import wolfpack
from wolfpack.games.den.combat_sim import describe, simulate


@pytest.mark.parametrize("edition", ["classic", "infinite-domain"])
def test_the_same_seed_gives_the_same_report(edition: str) -> None:
    game = wolfpack.load_game("den-of-wolves", edition=edition)
    first = simulate(game, pursuit=4, attacks=6, seed=3)
    assert first == simulate(game, pursuit=4, attacks=6, seed=3)
    assert len(first.battles) == 6
    assert all(battle["pursuit"] == 4 for battle in first.battles)


def test_a_higher_track_brings_more_wolves_and_more_damage() -> None:
    game = wolfpack.load_game("den-of-wolves")
    low = simulate(game, pursuit=0, attacks=30, seed=1)
    high = simulate(game, pursuit=12, attacks=30, seed=1)
    assert {b["arrived"] for b in low.battles} == {3}
    assert min(b["arrived"] for b in high.battles) >= 9
    damage = [sum(sum(b["damage"].values()) for b in report.battles) for report in (low, high)]
    assert damage[0] < damage[1]


def test_the_wolves_withdraw_after_the_rounds_allowed() -> None:
    game = wolfpack.load_game("den-of-wolves")
    report = simulate(game, pursuit=12, attacks=10, seed=2, rounds=1)
    assert all(b["rounds"] == 1 for b in report.battles)
    withdrawn = [b for b in report.battles if b["left"]]
    assert withdrawn and all(b["why"] == "Control: the Wolves withdraw" for b in withdrawn)


def test_the_report_reads_as_text() -> None:
    report = simulate(wolfpack.load_game("den-of-wolves"), pursuit=7, attacks=5, seed=1)
    text = describe(report)
    assert text.startswith("5 Wolf Attacks, classic, pursuit 7, at most 6 Fleet rounds (seed 1)")
    parts = (
        "the fleet destroyed every Wolf in",
        "ships jumped out of",
        "damage to the fleet: mean",
        "fleet units destroyed",
    )
    for part in (*parts, "aegis"):
        assert part in text


def test_a_pursuit_off_the_track_is_refused() -> None:
    with pytest.raises(ValueError, match="the pursuit track runs 0 to 12"):
        simulate(wolfpack.load_game("den-of-wolves"), pursuit=13, attacks=1, seed=1)


def test_the_fleet_jumps_out_of_attacks_it_is_losing(tmp_path: Path) -> None:
    """Wolves far stronger than the pack's: the start of the turn crews the drives and tells every ship the Aegis'
    rally point, so the fleet can jump away together from the second Fleet round."""
    combat = resources.files("wolfpack.games.den.data.classic").joinpath("combat.toml").read_text(encoding="utf-8")
    strong = "{ low = 11, high = 12, units = { fighter = 16, boarding = 3 }, large = { raider = 1 }, large_on = 4 }"
    combat, count = re.subn(r"\{ low = 11, high = 12, .*\}", strong, combat)
    assert count == 1
    (tmp_path / "combat.toml").write_text(combat, encoding="utf-8")
    game = wolfpack.load_game("den-of-wolves", content=str(tmp_path))
    report = simulate(game, pursuit=12, attacks=5, seed=1)
    fled = [ships for ships in report.fled if ships]
    assert len(fled) >= 3
    assert all(ships == sorted(game.content.ships) for ships in fled)  # the whole fleet, never a ship alone
    assert all(battle["rounds"] >= 2 for battle in report.battles)  # not before the second Fleet round
    assert f"ships jumped out of {len(fled)} ({20 * len(fled)}%)" in describe(report)
