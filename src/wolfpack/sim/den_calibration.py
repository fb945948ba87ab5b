"""Den of Wolves calibration: issue 18's four targets for the default packs, measured with 95% intervals.

    >>> from wolfpack.sim.den_calibration import median_interval, rate
    >>> median_interval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    (6.5, 3.0, 10.0)
    >>> rate(3, 12)
    {'n': 12, 'share': 0.25, 'low': 0.089, 'high': 0.532}

- `event_measures(games)`: from the rows of `wolfpack simulate den-of-wolves` (a pandas DataFrame read from its
  Parquet file): the median over events of each event's median final morale (target: in the middle third of the
  track), the median number of ships at 0 (target: at most one), and, of the attacks at the top third of the
  pursuit track, the share that damaged a ship (each damage is a card laid on a station) and the share the fleet
  did not finish in the rounds Control allowed;
- `combat_runs(edition, attacks, seed, directory)` plays the combat scenario (`scenario=combat`, a fresh fleet in
  turn 1's Action Phase) `attacks` times at every level of the top third of the pursuit track with `wolfpack
  simulate`, and `combat_measures(games)` reads its rows: the share of attacks a ship jumped out of, that damaged a
  ship, either (target: at least one in four), and that the fleet did not win in 6 rounds, Wolves being left or the
  fleet having fled them (target: sometimes);
- `riches(edition, games, seed)`: the controlled comparison of rations against recreation (target: rations end
  higher). A bot-played event rarely shows both cases on one ship, so each seed's event is played twice with the
  same bots and the same chance, once with the team of `RICHES_SHIP` (a ship with a recreation station in both
  editions) on the "rations" policy (no recreation; each turn the most generous rations the hold
  can pay while keeping normal rations for the turns left, as the team bot always sets them) and once on
  "recreation" (the station whenever the hold allows, rations no better than normal); every other seat plays as
  usual (`TeamBot.meals`). Each pair is that ship's final morale under the two policies.

Intervals: Wilson for rates (scipy's binomtest), the distribution-free order-statistic interval for medians.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import pandas as pd
from scipy import stats

import wolfpack
from wolfpack.engine.bot import seat_seed
from wolfpack.games.den.bots import TeamBot
from wolfpack.games.den.event import event_bots, run_event
from wolfpack.sim.analyze import attack_rates
from wolfpack.sim.simulate import local_executor, make_spec, simulate

RICHES_SHIP: Final = "dione"
"""The ship whose rations are pinned: it has a recreation station in both editions' packs."""
ROUNDS: Final = 6
"""Fleet rounds before the Wolves withdraw, as the Control bot plays it (issue 18: "not beaten in 6 rounds")."""


def median_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """The median and its distribution-free interval from order statistics (binomial ranks)."""
    ordered = sorted(values)
    n = len(ordered)
    low = int(stats.binom.ppf((1 - level) / 2, n, 0.5))
    high = int(stats.binom.ppf(1 - (1 - level) / 2, n, 0.5))
    return float(statistics.median(ordered)), float(ordered[max(0, low - 1)]), float(ordered[min(n - 1, high)])


def rate(hits: int, n: int) -> dict[str, Any]:
    """A share with its 95% Wilson interval."""
    if n == 0:
        return {"n": 0}
    ci = stats.binomtest(hits, n).proportion_ci(method="wilson")
    return {"n": n, "share": round(hits / n, 3), "low": round(float(ci.low), 3), "high": round(float(ci.high), 3)}


def top_third(top: int) -> list[int]:
    """The pursuit levels of the top third of a track running 0 to `top`."""
    return [level for level in range(top + 1) if level > 2 * top / 3]


def event_measures(games: pd.DataFrame, top: int = 12) -> dict[str, Any]:
    """Targets 1 and 3 from the rows of a simulate run (`top`: the pursuit track's top)."""
    attacks = pd.json_normalize(games.explode("attack_log")["attack_log"].dropna().tolist())
    high = attacks[attacks.pursuit.isin(top_third(top))] if len(attacks) else attacks
    damaged = int((high.damage > 0).sum()) if len(high) else 0
    unfinished = int((high.destroyed < high.arrived).sum()) if len(high) else 0
    return {
        "games": len(games),
        "median_final_morale": median_interval(games.median_final_morale.tolist()),
        "ships_at_zero": median_interval(games.ships_at_zero.tolist()),
        "attacks": len(attacks),
        "top_third_damaged": rate(damaged, len(high)),
        "top_third_not_won": rate(unfinished, len(high)),
        "fleet_jumps_mean": round(float(games.fleet_jumps.mean()), 2),
        "ships_separated_mean": round(float(games.ships_separated.mean()), 2),
    }


def combat_runs(
    edition: str, attacks: int, seed: int, directory: Path, content: str | None = None, jobs: int = 1
) -> pd.DataFrame:
    """The rows of `attacks` combat-scenario games at each level of the top third of the pursuit track (`content`:
    an organiser's pack, else the edition's), one `wolfpack simulate` run of seed `seed` a level, kept in
    `directory` (a run already there is resumed, not played again)."""
    game = wolfpack.load_game("den-of-wolves", edition=edition, content=content)
    runs = []
    for pursuit in top_third(game.content.tables.tables.pursuit_top):  # type: ignore[attr-defined]
        options = {"edition": edition, "content": content, "scenario": "combat", "pursuit": pursuit}
        out = directory / f"combat-{edition}-pursuit{pursuit}-seed{seed}.parquet"
        simulate(
            make_spec("den-of-wolves", {**options, "attack_rounds": ROUNDS}, None, seed),
            attacks,
            out,
            local_executor(jobs),
        )
        runs.append(pd.read_parquet(out))
    return pd.concat(runs, ignore_index=True)


def combat_measures(games: pd.DataFrame) -> dict[str, Any]:
    """Target 3 from the rows of combat-scenario runs (`combat_runs`): how often an attack drove ships away, damaged
    a ship, either, and was not won (Wolves left, or the fleet fled them)."""
    rates = attack_rates(games).set_index("measure")
    names = {
        "fled": "ships jumped in its turn",
        "damaged": "damaged a ship",
        "fled_or_damaged": "damaged a ship or ships jumped",
        "not_won": "not won (Wolves left, or ships jumped)",
    }
    levels = sorted({int(attack["pursuit"]) for log in games["attack_log"] for attack in log})
    return {
        "pursuit": levels,
        **{key: rate(int(rates.loc[name, "wins"]), int(rates.loc[name, "n"])) for key, name in names.items()},
    }


def riches(edition: str, games: int, seed: int, turns: int = 12, content: str | None = None) -> list[tuple[int, int]]:
    """Per event (seeds `seed`, `seed + 1`, ...), the final morale of `RICHES_SHIP` fed richer rations and on
    recreation, the rest of the event alike (`content`: an organiser's pack, else the edition's)."""
    game = wolfpack.load_game("den-of-wolves", edition=edition, turns=turns, content=content)
    seats = [seat for seat, info in enumerate(game.seats) if info.ship == RICHES_SHIP]  # type: ignore[attr-defined]
    pairs = []
    for event_seed in range(seed, seed + games):
        finals = []
        for meals in ("rations", "recreation"):
            bots = event_bots(game, event_seed)
            for seat in seats:
                bots[seat] = TeamBot(seat_seed(event_seed, seat), meals=meals)
            event = run_event(game, event_seed, bots)
            finals.append(int(event.turns[-1]["ships"][RICHES_SHIP]["morale"]))
        pairs.append((finals[0], finals[1]))
    return pairs


def riches_measures(pairs: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """Target 2 from `riches` pairs: each policy's median final morale, the paired difference and a sign test."""
    differences = [rations - recreation for rations, recreation in pairs]
    better = sum(d > 0 for d in differences)
    worse = sum(d < 0 for d in differences)
    return {
        "games": len(pairs),
        "rations": median_interval([a for a, _ in pairs]),
        "recreation": median_interval([b for _, b in pairs]),
        "mean_difference": round(statistics.fmean(differences), 2),
        "difference": median_interval(differences),
        "better_worse_level": (better, worse, len(pairs) - better - worse),
        "sign_test_p": round(float(stats.binomtest(better, better + worse).pvalue), 4) if better + worse else None,
    }


__all__ = [
    "RICHES_SHIP",
    "ROUNDS",
    "combat_measures",
    "combat_runs",
    "event_measures",
    "median_interval",
    "rate",
    "riches",
    "riches_measures",
    "top_third",
]
