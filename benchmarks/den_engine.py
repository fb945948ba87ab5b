"""Den of Wolves' engine: the workloads that fill `make test` (whole bot events, the conformance check), timed
against the tree before the speed-up, and a fingerprint proving both trees give the same results.

    .venv/bin/python benchmarks/den_engine.py                   # ours and before, alternating, 3 rounds
    .venv/bin/python benchmarks/den_engine.py --rounds 1 --turns 2
    .venv/bin/python benchmarks/den_engine.py --fingerprint     # same digest on both trees, or exit 1

Workloads: `event` plays a whole headless event with the game's bots (seed 7) in each edition, as
tests/games/den/test_bots.py does; `conformance` runs `wolfpack.testing.check_game` on Den's three option sets as
tests/test_testing.py does. "Before" is the tree at `BEFORE`: its `src/` is extracted with `git archive` into a
temporary directory, and each round runs one fresh process per side, alternating, so that both see the same load.
Seconds are each worker's CPU time (`time.process_time`), which a busy machine disturbs less than the wall clock.

The fingerprint is a digest of everything a seat or a record can tell: every seat's legal actions after every
action of a bot event and of a random walk (Control's actions and random chance included), why a few actions
offered to other seats are illegal for each seat, every viewer's observation, log and view version, and the final
saved state.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "af6868195d8e5665e5facf2352fe2a629f5efdee"
"""The commit whose Den engine is "before" (main when the speed-up began)."""
EDITIONS = ("classic", "infinite-domain")
CONFORMANCE_OPTIONS: list[dict[str, Any]] = [
    *({"edition": edition, "turns": 2, "phase_actions": 30} for edition in EDITIONS),
    {"edition": "classic", "scenario": "combat", "pursuit": 12, "phase_actions": 30},
]
"""The option sets of tests/test_testing.py's Den conformance check."""


# ---- the workloads (they use only what the tree before offers, so they run on both) --------------------------


def event_workload(turns: int) -> None:
    """A whole bot event in each edition."""
    import wolfpack
    from wolfpack.games.den.event import event_bots, run_event

    for edition in EDITIONS:
        game = wolfpack.load_game("den-of-wolves", edition=edition, turns=turns)
        run_event(game, 7, event_bots(game, 7))


def conformance_workload(turns: int) -> None:
    """The conformance check on Den's option sets, one playout each (`turns` is not used: the test's are kept)."""
    from wolfpack.testing import check_game

    for options in CONFORMANCE_OPTIONS:
        check_game("den-of-wolves", playouts=1, seed=3, **options)


WORKLOADS = {"event": event_workload, "conformance": conformance_workload}


# ---- the fingerprint -----------------------------------------------------------------------------------------


class Digest:
    """A running sha256 of JSON-encoded items."""

    def __init__(self) -> None:
        self.hash = hashlib.sha256()
        self.items = 0

    def add(self, *item: Any) -> None:
        self.hash.update(json.dumps(item, sort_keys=True).encode())
        self.items += 1


def every_view(digest: Digest, state: Any) -> None:
    """Every viewer's observation, log and view version."""
    for viewer in [None, *range(state.num_players())]:
        digest.add(viewer, state.view_version(viewer), state.observation(viewer), state.log(viewer))


def every_seat(digest: Digest, state: Any, rng: random.Random) -> None:
    """Every seat's legal actions, and why a few actions offered to other seats are illegal for it."""
    if state.is_terminal() or state.is_chance_node():
        return
    offered = {seat: state.legal_actions(seat) for seat in range(state.num_players())}
    pool = sorted({action for actions in offered.values() for action in actions})
    for seat, actions in offered.items():
        digest.add(seat, actions)
        for probe in rng.sample(pool, min(4, len(pool))):
            if probe not in actions:
                try:
                    state.apply_action(probe, seat)
                except Exception as exc:  # an illegal action leaves the state as it was
                    digest.add(seat, probe, type(exc).__name__, str(exc))
                else:
                    digest.add(seat, probe, "accepted")  # an open set's unlisted action: the walk goes on from it


def fingerprint_event(digest: Digest, edition: str, turns: int) -> None:
    """A bot event: the acting seat's legal actions and view after each action, every view at each turn's end."""
    import wolfpack
    from wolfpack.engine.records import Match
    from wolfpack.games.den.event import Event, event_bots, play_turns

    game = wolfpack.load_game("den-of-wolves", edition=edition, turns=turns)
    match = Match(game, 7)
    state = match.state

    def heard(seat: int, notation: str) -> None:
        legal = [] if state.is_terminal() or state.is_chance_node() else state.legal_actions(seat)
        digest.add(seat, notation, legal, state.view_version(seat), state.observation(seat), state.log(seat))

    for summary in play_turns(match, event_bots(game, 7), Event(state), heard):
        digest.add(summary)
        every_view(digest, state)
    digest.add(state.to_json())


def fingerprint_walk(digest: Digest, edition: str, steps: int, seed: int) -> None:
    """Random seats playing random legal actions (Control's too) and random chance outcomes."""
    import wolfpack

    state = wolfpack.load_game("den-of-wolves", edition=edition, turns=3, phase_actions=40).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        every_seat(digest, state, rng)
        every_view(digest, state)
        if state.is_chance_node():
            outcomes = [outcome for outcome, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
            continue
        seats = [seat for seat in range(state.num_players()) if state.legal_actions(seat)]
        seat = rng.choice(seats)
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        clone = state.clone()
        digest.add(clone.to_json() == state.to_json())
    digest.add(state.to_json())


def fingerprint(turns: int, steps: int) -> dict[str, Any]:
    """The digest of the bot events and the random walks in both editions."""
    digest = Digest()
    for edition in EDITIONS:
        fingerprint_event(digest, edition, turns)
        for seed in (1, 2):
            fingerprint_walk(digest, edition, steps, seed)
    return {"digest": digest.hash.hexdigest(), "items": digest.items}


# ---- the two trees -------------------------------------------------------------------------------------------


def before_tree(directory: Path) -> Path:
    """The `src/` of `BEFORE`, extracted into `directory`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", BEFORE, "src"], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(directory)], input=archive.stdout, check=True)
    return directory / "src"


def run_worker(src: Path, args: list[str]) -> dict[str, Any]:
    """Run this script's worker with `src` first on the path; its JSON answer."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--worker", *args],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def worker(options: argparse.Namespace) -> None:
    """In a fresh process: the fingerprint, or each workload's CPU seconds (after a short warm-up)."""
    import wolfpack

    where = str(Path(wolfpack.__file__).resolve().parent)
    if options.fingerprint:
        print(json.dumps({"src": where, **fingerprint(options.turns, options.steps)}))
        return
    import wolfpack.games.den.game  # imported before timing, as a test process has it

    seconds = {}
    for name in options.workloads:
        start = time.process_time()
        WORKLOADS[name](options.turns)
        seconds[name] = time.process_time() - start
    print(json.dumps({"src": where, "seconds": seconds}))


def main(argv: list[str] | None = None) -> int:
    """Time ours against before (or compare their fingerprints) and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--turns", type=int, default=12, help="turns of each bot event (default 12, as the test)")
    parser.add_argument("--steps", type=int, default=120, help="steps of each random walk in --fingerprint")
    parser.add_argument("--workloads", nargs="+", default=list(WORKLOADS), choices=list(WORKLOADS))
    parser.add_argument("--only", choices=("ours", "before"), help="one side only")
    parser.add_argument("--fingerprint", action="store_true", help="compare the two trees' results, not their time")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.worker:
        worker(options)
        return 0
    passed = ["--turns", str(options.turns), "--steps", str(options.steps), "--workloads", *options.workloads]
    if options.fingerprint:
        passed.append("--fingerprint")
    with tempfile.TemporaryDirectory() as directory:
        sides = {"ours": ROOT / "src", "before": before_tree(Path(directory))}
        if options.only:
            sides = {options.only: sides[options.only]}
        print(f"load average before: {os.getloadavg()[0]:.2f}")
        if options.fingerprint:
            answers = {side: run_worker(src, passed) for side, src in sides.items()}
            for side, answer in answers.items():
                print(f"{side:7s} {answer['digest']} ({answer['items']} items)")
            same = len({answer["digest"] for answer in answers.values()}) == 1
            print("same results" if same else "DIFFERENT RESULTS")
            return 0 if same else 1
        times: dict[str, dict[str, list[float]]] = {side: {name: [] for name in options.workloads} for side in sides}
        for round_number in range(options.rounds):
            order = list(sides) if round_number % 2 == 0 else list(reversed(sides))
            for side in order:
                for name, seconds in run_worker(sides[side], passed)["seconds"].items():
                    times[side][name].append(seconds)
        print(f"load average after: {os.getloadavg()[0]:.2f}")
        for name in options.workloads:
            medians = {side: statistics.median(times[side][name]) for side in sides}
            line = "  ".join(f"{side} {medians[side]:.2f} s" for side in sides)
            ratio = f"  before/ours {medians['before'] / medians['ours']:.2f}x" if len(sides) == 2 else ""
            print(f"{name:12s} {line}{ratio}  (median CPU seconds of {options.rounds} rounds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
