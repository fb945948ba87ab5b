"""The Spacewolves! scalar engine in run.py's random-playout loop: this tree against a git ref, and per-call costs.

    .venv/bin/python benchmarks/spacewolves_scalar.py                        # this tree against issue33c-base
    .venv/bin/python benchmarks/spacewolves_scalar.py --ref main --rounds 8  # against another ref, more rounds
    .venv/bin/python benchmarks/spacewolves_scalar.py --instructions         # callgrind: instructions per step

Speed: the ref's src/ is exported with `git archive` to a temporary directory; then each round runs one process on
this tree and one on the ref (alternating which goes first), each timing run.py's `playout` loop over whole random
games for `--seconds` of its own processor time (less disturbed by a busy machine than wall time), pinned to one
core. Each round's ratio compares two runs made seconds apart, so a busy
machine weighs on both alike; the median ratio over the rounds is the figure.

Instructions (needs valgrind): callgrind counts the instructions of the same loop over a fixed set of seeded games
(the same games on both trees when the rules are the same), only while the games run (`--toggle-collect` on the
`sum` that adds up their steps: not start-up, imports or a first game that specialises the bytecode), divided by the
steps. Then, per call of the loop, the loop is run again with that one call made twice where it is made (only calls
that change nothing; the driver's sampling with a spare generator): the extra instructions per step, against the
same loop with no call made twice, are that call's cost per step; what is left of a step is mostly apply_action.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

BEFORE = "ef2df56eb0743766cd5b6447ecdd7286e012279a"
"""issue33c-base: the tree before the second pass on the Spacewolves! step (a commit, so a deleted branch loses
nothing)."""
CALLS = (
    "none",
    "is_terminal",
    "is_chance_node",
    "is_simultaneous_node",
    "chance_outcomes",
    "legal_actions",
    "sample_outcome",
    "rng.choice",
)
"""What --instructions makes twice per step where the loop makes it once, one run each ("none": no call twice). The
driver's own sampling (`sample_outcome`, `rng.choice`) is made again with a spare generator, so the games are the
same."""


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def playout_twice(call: str) -> Callable[[Any, random.Random], int]:
    """run.py's `playout`, with the call `call` made a second time at each step where the loop makes it."""
    from wolfpack.engine.chance import sample_outcome

    terminal, chance, simultaneous, outcomes, legal, sample, choice = (name == call for name in CALLS[1:])
    spare = random.Random(1)

    def playout(state: Any, rng: random.Random) -> int:
        steps = 0
        while not state.is_terminal():
            if terminal:
                state.is_terminal()
            if chance:
                state.is_chance_node()
            if state.is_chance_node():
                if outcomes:
                    state.chance_outcomes()
                if sample:
                    sample_outcome(state.chance_outcomes(), spare)
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            else:
                if simultaneous:
                    state.is_simultaneous_node()
                state.is_simultaneous_node()
                if legal:
                    state.legal_actions()
                if choice:
                    spare.choice(state.legal_actions())
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return playout


def worker(mode: str, value: float, call: str) -> None:
    """In a child process: the steps (and seconds) of random playouts, as JSON, by the wolfpack first on the path."""
    from run import pin_to_one_core, playout

    import wolfpack

    pin_to_one_core()
    game = wolfpack.load_game("spacewolves")
    loop = playout if call == "run.py" else playout_twice(call)
    rng = random.Random(0)
    games = steps = 0
    if mode == "seconds":
        # Processor time, not wall time: on a shared machine a process waiting for a core loses wall time, not this.
        deadline = time.process_time() + 0.3  # warm-up
        while time.process_time() < deadline:
            loop(game.new_initial_state(), rng)
        start = time.process_time()
        while time.process_time() - start < value:
            steps += loop(game.new_initial_state(), rng)
            games += 1
        seconds = time.process_time() - start
    else:
        loop(game.new_initial_state(), random.Random(-1))  # first calls specialise the bytecode: not counted
        # Callgrind counts only inside `sum` (--toggle-collect=builtin_sum): the games, not start-up and imports.
        games = int(value)
        steps = sum(map(lambda _: loop(game.new_initial_state(), rng), range(games)))
        seconds = 0.0
    print(json.dumps({"games": games, "steps": steps, "seconds": seconds, "source": wolfpack.__file__}))


def export_ref(ref: str, into: Path) -> Path:
    """The ref's src/ written under `into` (git archive), for a child process's PYTHONPATH."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into / "src"


def child(src: Path, mode: str, value: float, call: str = "none", prefix: Sequence[str] = ()) -> dict[str, Any]:
    """Run `worker` in a fresh process with `src` first on the path; its JSON, plus callgrind's total if asked."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    command = [*prefix, sys.executable, __file__, "--worker", mode, str(value), call]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if not result["source"].startswith(str(src)):
        raise RuntimeError(f"the child imported wolfpack from {result['source']}, not from {src}")
    match = re.search(r"Collected : (\d+)", done.stderr)
    if prefix and match is None:
        raise RuntimeError(f"no instruction count from callgrind:\n{done.stderr}")
    result["instructions"] = int(match.group(1)) if match else 0
    return result


def compare_speed(ours: Path, theirs: Path, ref: str, rounds: int, seconds: float) -> None:
    """Alternating rounds of this tree and the ref; each round's steps/s ratio, and their median."""
    print(f"Spacewolves! (4p) random playouts, this tree against {ref}, {seconds:g} s each, {rounds} rounds")
    ratios = []
    for number in range(rounds):
        sides = [("this tree", ours), (ref, theirs)]
        runs = {}
        for label, src in sides if number % 2 == 0 else reversed(sides):
            result = child(src, "seconds", seconds)
            runs[label] = result["steps"] / result["seconds"]
        ratios.append(runs["this tree"] / runs[ref])
        print(
            f"  round {number + 1}: this tree {runs['this tree']:>9,.0f} steps/s, {ref} {runs[ref]:>9,.0f} steps/s,"
            f" ratio {ratios[-1]:.3f}  ({load()})"
        )
    spread = f"range {min(ratios):.3f}-{max(ratios):.3f}"
    print(f"median ratio this tree / {ref}: {statistics.median(ratios):.3f} ({spread})")


def count_instructions(ours: Path, theirs: Path, ref: str, games: int) -> None:
    """Callgrind's instructions per step of this tree and the ref, and per protocol call of the loop."""
    prefix = [
        "valgrind",
        "--tool=callgrind",
        "--collect-atstart=no",
        "--toggle-collect=builtin_sum",
        "--callgrind-out-file=/dev/null",
    ]
    print(f"Instructions per step (callgrind; {games} seeded games; {load()})", flush=True)
    for label, src in (("this tree", ours), (ref, theirs)):
        whole = child(src, "games", games, "run.py", prefix)
        print(f"  {label}: {whole['instructions'] / whole['steps']:,.0f} per step in run.py's loop", flush=True)
        print(f"    ({whole['steps']:,} steps, {whole['instructions']:,} instructions)", flush=True)
        costs = {}
        for call in CALLS:
            run = child(src, "games", games, call, prefix)
            costs[call] = run["instructions"] / run["steps"]
        base = costs["none"]
        parts = ", ".join(f"{call} {costs[call] - base:,.0f}" for call in CALLS[1:])
        print(f"    one more call per step adds: {parts}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparison (or, with --worker, one child's measurement)."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in[:1] == ["--worker"]:
        worker(args_in[1], float(args_in[2]), args_in[3])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--ref", default=BEFORE, help=f"git ref to measure against (default {BEFORE[:7]})")
    parser.add_argument("--rounds", type=int, default=6, help="rounds, alternating the order (default 6)")
    parser.add_argument("--seconds", type=float, default=1.5, help="timed seconds per side and round (default 1.5)")
    parser.add_argument("--instructions", action="store_true", help="instead: callgrind's instructions per step")
    parser.add_argument("--games", type=int, default=80, help="seeded games for --instructions (default 80)")
    args = parser.parse_args(args_in)
    with tempfile.TemporaryDirectory() as tmp:
        theirs = export_ref(args.ref, Path(tmp))
        ours = ROOT / "src"
        label = "issue33c-base" if args.ref == BEFORE else args.ref
        if args.instructions:
            count_instructions(ours, theirs, label, args.games)
        else:
            compare_speed(ours, theirs, label, args.rounds, args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
