"""A designer's view of Wolf Attacks: many attacks at one pursuit level against one fleet, and what they cost.

    >>> import wolfpack
    >>> from wolfpack.games.den.combat_sim import simulate
    >>> report = simulate(wolfpack.load_game("den-of-wolves"), pursuit=4, attacks=3, seed=1)
    >>> len(report.battles)
    3

Each attack starts from the same position: turn 1's Action Phase of a fresh event (the fleet as the pack lays it
out, or as an organiser's `content` pack does, the team bots having played the start of the turn: drives crewed,
the Aegis' rally destination told to every ship), with the pursuit track set to the level asked. The team bots
fight every Fleet round (`bots.combat_action`), and jump the fleet out of a battle they are losing; Control resolves
declared jumps, ends each Fleet round when the seats are done, and ends the attack after `rounds` Fleet rounds if
the fleet has not destroyed every Wolf by then (the Wolves withdraw). The dice come from `random.Random(seed)`, so a
seed gives the same report.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.game import Game
from wolfpack.games.den.bots import TeamBot
from wolfpack.games.den.event import BOT_SEED_STRIDE
from wolfpack.games.den.notation import quote
from wolfpack.games.den.rules import CONTROL
from wolfpack.games.den.state import DenState


@dataclass
class CombatReport:
    """The outcome of each simulated attack (`state.battles` entries) and the settings that made them."""

    edition: str
    pursuit: int
    rounds: int
    seed: int
    battles: list[dict[str, Any]]
    fled: list[list[str]]
    """Per attack, the ships that jumped out of it."""


def simulate(game: Game[Any], pursuit: int, attacks: int, seed: int, rounds: int = 6) -> CombatReport:
    """Fight `attacks` Wolf Attacks at `pursuit` against the game's fleet; the dice from `seed`."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, DenState)
    top = state.content.tables.tables.pursuit_top
    if not 0 <= pursuit <= top:
        raise ValueError(f"the pursuit track runs 0 to {top}")
    bots = {seat: TeamBot(seed * BOT_SEED_STRIDE + seat) for seat in _team_seats(state)}
    start = _action_phase(state, rng, bots)
    battles, fled = [], []
    for _ in range(attacks):
        fight = start.clone()
        assert isinstance(fight, DenState)
        _fight(fight, pursuit, rounds, rng, bots)
        battles.append(fight.battles[-1])
        fled.append(sorted(sid for sid, ship in fight.ships.items() if ship["jumped"]))
    return CombatReport(start.rules.edition, pursuit, rounds, seed, battles, fled)


def _action_phase(state: DenState, rng: random.Random, bots: Mapping[int, TeamBot]) -> DenState:
    """Turn 1's Action Phase, the team bots having played the start of the turn."""
    _roll(state, rng)
    while state.step != "action":
        _play(state, rng, bots)
        state.apply_action("control advance", CONTROL)
        _roll(state, rng)
    return state


def _team_seats(state: DenState) -> list[int]:
    """The seats of the ships' teams: their units fight and their commanders may jump."""
    return [seat for seat, info in enumerate(state.seats) if info.kind == "team"]


def _play(state: DenState, rng: random.Random, bots: Mapping[int, TeamBot]) -> None:
    """Ask every seat in turn while any acts (as the event does), stopping when an attack ends."""
    fighting = state.attack is not None
    acted = True
    while acted and (state.attack is not None) == fighting:
        acted = False
        for seat, bot in bots.items():
            action = bot.step(state, seat)
            if action is not None:
                state.apply_action(action, seat)
                _roll(state, rng)
                acted = True
            if fighting and state.attack is None:
                return


def _roll(state: DenState, rng: random.Random) -> None:
    """Sample every pending chance event."""
    while state.is_chance_node():
        state.apply_action(sample_chance_outcome(state, rng))


def _fight(state: DenState, pursuit: int, rounds: int, rng: random.Random, bots: Mapping[int, TeamBot]) -> None:
    reason = quote("simulation")
    state.apply_action(f"control set pursuit {pursuit} {reason}", CONTROL)
    state.apply_action(f"control attack {reason}", CONTROL)
    _roll(state, rng)
    while state.attack is not None:
        _play(state, rng, bots)
        if state.attack is None:
            return
        if any(ship["jump"] is not None for ship in state.ships.values()):
            state.apply_action("control resolve-jumps", CONTROL)
            _roll(state, rng)
            continue
        if state.attack["round"] >= rounds:
            state.apply_action(f"control end-attack {quote('the Wolves withdraw')}", CONTROL)
        else:
            state.apply_action("control wolf-round", CONTROL)
        _roll(state, rng)


def describe(report: CombatReport) -> str:
    """The report as text: how attacks ended, then distributions of damage, boarders and fleet losses."""
    battles = report.battles
    count = len(battles)
    lines = [
        f"{count} Wolf Attacks, {report.edition}, pursuit {report.pursuit}, at most {report.rounds} Fleet rounds"
        f" (seed {report.seed})"
    ]
    if not count:
        return lines[0]
    beaten = sum(1 for b in battles if b["left"] == 0)
    lines.append(f"  the fleet destroyed every Wolf in {beaten} ({100 * beaten / count:.0f}%)")
    fled = sum(1 for ships in report.fled if ships)
    lines.append(f"  ships jumped out of {fled} ({100 * fled / count:.0f}%)")
    lines.append("  " + _spread("Wolves that came", [b["arrived"] for b in battles]))
    lines.append("  " + _spread("Fleet rounds", [b["rounds"] for b in battles]))
    totals = [sum(b["damage"].values()) for b in battles]
    lines.append("  " + _spread("damage to the fleet", totals))
    lines.append("    " + _histogram(totals))
    lines.append("  " + _spread("boarders", [sum(b["boarded"].values()) for b in battles]))
    lines.append("  " + _spread("fleet units damaged", [len(b["hurt"]) for b in battles]))
    lines.append("  " + _spread("fleet units destroyed", [len(b["lost"]) for b in battles]))
    per_ship: Counter[str] = Counter()
    hit: Counter[str] = Counter()
    for battle in battles:
        per_ship.update(battle["damage"])
        hit.update(battle["damage"].keys())
    lines.append("  damage per ship (mean per attack; share of attacks that hit it):")
    for ship, total in per_ship.most_common():
        lines.append(f"    {ship:<12} {total / count:5.2f}  {100 * hit[ship] / count:3.0f}%")
    lost: Counter[str] = Counter(unit.split(":")[0] for b in battles for unit in b["lost"])
    if lost:
        lines.append("  units destroyed per ship: " + ", ".join(f"{s} {n}" for s, n in lost.most_common()))
    return "\n".join(lines)


def _spread(name: str, values: Sequence[int]) -> str:
    """Mean, median, the 90th percentile and the range of a count."""
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"{name}: mean {statistics.fmean(ordered):.2f}, median {statistics.median(ordered):g}, 90th percentile "
        f"{p90}, range {ordered[0]}-{ordered[-1]}"
    )


def _histogram(values: Sequence[int]) -> str:
    """How many attacks dealt each total."""
    counts = Counter(values)
    return "  ".join(f"{total}: {counts[total]}" for total in range(min(values), max(values) + 1))
