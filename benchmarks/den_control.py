"""Control's workload in a headless Den of Wolves event, with and without standing policies (docs/event.md,
"Standing policies").

    .venv/bin/python benchmarks/den_control.py                          # classic, 12 turns, seeds 1-3
    .venv/bin/python benchmarks/den_control.py --edition infinite-domain --turns 6 --seeds 2

Each seed's event is played twice with the game's bots in every seat (`wolfpack.games.den.event.run_event`): once
as Control's bot plays today, settling every notice itself, and once with the usual standing policies
(`USUAL_POLICIES` in games/den/bots.py) set before anything else. The report gives, per turn, Control's actions
summed over the seeds each way, and the notices settled by a policy (which cost Control no action). The bots'
choices differ once a policy changes what Control does, so the two events part ways: compare the totals, not
turn by turn.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

import wolfpack
from wolfpack.games.den.bots import USUAL_POLICIES
from wolfpack.games.den.event import Event, event_bots, run_event


def play(edition: str, turns: int, seed: int, policies: Mapping[str, str] | None) -> Event:
    """One seeded event, Control's bot setting `policies` first (none: as it plays today)."""
    game = wolfpack.load_game("den-of-wolves", edition=edition, turns=turns)
    return run_event(game, seed, bots=event_bots(game, seed, policies=policies))


def settled_by_policy(event: Event) -> int:
    """The notices a standing policy settled in the event (each a line in Control's log)."""
    return sum(" by the standing policy on " in line for line in event.state.log(0))


def report(edition: str, turns: int, seeds: Sequence[int]) -> list[str]:
    """The report's lines: Control's actions per turn without and with the usual policies, and the totals."""
    without = [play(edition, turns, seed, None) for seed in seeds]
    with_policies = [play(edition, turns, seed, USUAL_POLICIES) for seed in seeds]
    lines = [
        f"{edition}, {turns} turns, seeds {', '.join(map(str, seeds))}: Control's actions per turn (summed over seeds)",
        f"  {'turn':>4}  {'no policies':>11}  {'policies':>8}",
    ]
    for turn in range(1, turns + 1):
        counts = [
            sum(summary["control_actions"] for event in events for summary in event.turns if summary["turn"] == turn)
            for events in (without, with_policies)
        ]
        lines.append(f"  {turn:>4}  {counts[0]:>11}  {counts[1]:>8}")
    totals = [sum(s["control_actions"] for event in events for s in event.turns) for events in (without, with_policies)]
    opened = [sum(event.state.notices_opened for event in events) for events in (without, with_policies)]
    lines.append(f"  {'all':>4}  {totals[0]:>11}  {totals[1]:>8}")
    lines.append(
        f"  notices opened: {opened[0]} without policies, {opened[1]} with; settled by a policy: "
        f"{sum(settled_by_policy(event) for event in with_policies)} (setting the {len(USUAL_POLICIES)} policies "
        f"cost {len(USUAL_POLICIES) * len(seeds)} actions in turn 1)"
    )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="classic", choices=("classic", "infinite-domain"))
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--seeds", type=int, default=3, help="seeds 1..N")
    args = parser.parse_args(argv)
    print("\n".join(report(args.edition, args.turns, range(1, args.seeds + 1))))


if __name__ == "__main__":
    main()
