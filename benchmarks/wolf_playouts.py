"""WOLF's full play-outs: fixed mid-game positions played to the end with the heuristic bot in every seat, timed.

    .venv/bin/python benchmarks/wolf_playouts.py                       # ours and the tree before issue 33, alternating
    .venv/bin/python benchmarks/wolf_playouts.py --only ours --rounds 1  # ours alone, once
    .venv/bin/python benchmarks/wolf_playouts.py --profile 3-pack      # cProfile of one position's play-outs
    .venv/bin/python benchmarks/wolf_playouts.py --instructions --playouts 1   # instructions, Valgrind (6 min)

The positions are recorded in tests/games/wolf/positions/playouts.json (`--record` writes them anew, from seeded
games through the engine's own position notation): for each player count, one in a hero's turn and one in the
pack's, after the setup, with a hero already contaminated. Play-out `k` of a position samples chance from
`random.Random(playout_seed(k))` and seeds the bot of seat `s` with `bot_seed(k, s)`; a step is one applied action,
chance outcomes included. `--record-fingerprints` writes what the first play-outs end in (the test
tests/games/wolf/test_playouts.py checks that a faster engine or bot still reaches the same ends).

"Before" is the tree at `BEFORE` (issue 33's base; `--before REV` names another commit or branch): the script
extracts its `src/` with `git archive` into a temporary directory and runs itself there in a subprocess
(`--worker`), alternating with ours, each round in a fresh process per side; the report gives the median over rounds
of each side's seconds per play-out and the ratio. Seconds are the worker's CPU time (`time.process_time`: one
thread), which a busy machine disturbs less than the
clock on the wall. `--instructions` counts instead, with Valgrind's callgrind, the instructions each side's play-outs
execute (only inside them: imports and the warm-up play-out are not counted; `PYTHONHASHSEED=0`, so a count repeats
to within a few hundred instructions), which the load does not move.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import hashlib
import io
import json
import operator
import os
import pstats
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "tests" / "games" / "wolf" / "positions" / "playouts.json"
FINGERPRINTS = ROOT / "tests" / "games" / "wolf" / "positions" / "fingerprints.json"
BEFORE = "5d2970ad35d6362e53481b1667a8f2ab20bdd7c3"
"""The commit whose engine and bots are "before" (issue33-base)."""
RECORD_SEED = 33
"""The arena seed of the games the positions are taken from."""
FIRST_ROUND, LAST_ROUND = 3, 8
"""The rounds (of the default 20) a recorded position may be in: after the setup, before the end game."""
FINGERPRINTED_PLAYOUTS = 2
"""Play-outs per position whose ends `--record-fingerprints` records."""
WARM_UP = 1_000_000
"""The untimed play-out each timing process plays first (of the first position, on seeds no timed play-out uses)."""


# ---- seeds and the play-out loop (kept to what the tree before issue 33 offers, so that it runs on both) ----------


def playout_seed(k: int) -> int:
    """The chance seed of play-out `k`."""
    return 1_000_003 * k + 17


def bot_seed(k: int, seat: int) -> int:
    """The seed of seat `seat`'s heuristic bot in play-out `k`."""
    return 7_919 * k + 104_729 * (seat + 1)


def load_positions(path: Path = POSITIONS) -> list[dict[str, Any]]:
    """The recorded positions: each a name, the game's options and a position in WOLF's notation."""
    data: list[dict[str, Any]] = json.loads(path.read_text())
    return data


def start_state(entry: dict[str, Any]) -> Any:
    """A fresh state at a recorded position."""
    from wolfpack.engine.registry import load_game

    return load_game("wolf", **entry["options"]).state_from_position(entry["position"])


def baseline_heuristic(seed: int) -> Any:
    """The heuristic bot as issue 33's base played it, in whichever tree runs this: issue 34 gave it the rule of
    taking a contaminated hero over at once (`Weights.take_over_at_once`), which would change what the play-outs
    play; off, both trees play the same games, so their times compare the same work."""
    from dataclasses import fields

    from wolfpack.games.wolf.bots import HeuristicBot, Weights

    if "take_over_at_once" in {field.name for field in fields(Weights)}:
        return HeuristicBot(seed, weights=Weights(take_over_at_once=False))
    return HeuristicBot(seed)


def play_out(entry: dict[str, Any], k: int) -> tuple[Any, int]:
    """Play-out `k` of a position to the end: the final state and its steps (chance outcomes included)."""
    from wolfpack.engine.chance import sample_chance_outcome

    state = start_state(entry)
    rng = random.Random(playout_seed(k))
    bots = [baseline_heuristic(bot_seed(k, seat)) for seat in range(state.num_players())]
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action(bots[state.current_player()].step(state))
        steps += 1
    return state, steps


def fingerprint(state: Any, steps: int) -> dict[str, Any]:
    """What a play-out ended in: its steps, the winner, and digests of its actions and of its final position."""
    actions = "\n".join(state.history()).encode()
    position = json.dumps(state.to_dict()["position"], sort_keys=True).encode()
    return {
        "steps": steps,
        "winner": state.winner,
        "round": state.round,
        "actions": hashlib.sha256(actions).hexdigest()[:16],
        "position": hashlib.sha256(position).hexdigest()[:16],
    }


def time_positions(positions: Sequence[dict[str, Any]], playouts: int, first: int) -> dict[str, dict[str, float]]:
    """For each position: seconds and steps of play-outs `first` .. `first + playouts - 1`."""
    results: dict[str, dict[str, float]] = {}
    if positions:  # imports, the content pack and the caches that last a process, outside the timing
        play_out(positions[0], WARM_UP)
    for entry in positions:
        steps = 0
        began = time.process_time()
        for k in range(first, first + playouts):
            steps += play_out(entry, k)[1]
        results[entry["name"]] = {"seconds": time.process_time() - began, "steps": steps, "playouts": playouts}
    return results


def count_positions(positions: Sequence[dict[str, Any]], playouts: int, first: int) -> int:
    """The steps of play-outs `first` .. `first + playouts - 1` of every position, played inside `functools.reduce`:
    the C function `--instructions` counts in (the play-outs never call it themselves)."""
    if positions:
        play_out(positions[0], WARM_UP)
    games = (play_out(entry, k)[1] for entry in positions for k in range(first, first + playouts))
    steps: int = functools.reduce(operator.add, games, 0)
    return steps


def count_side(src: Path | None, playouts: int, first: int, names: Sequence[str]) -> tuple[int, int]:
    """One side's play-outs under Valgrind's callgrind, counted inside `count_positions` only: (instructions, steps)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    env = dict(os.environ, PYTHONHASHSEED="0")
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(src), *filter(None, [env.get("PYTHONPATH")])])
    with tempfile.TemporaryDirectory() as tmp:
        command = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce"]
        command += [f"--callgrind-out-file={Path(tmp) / 'out'}", sys.executable, str(Path(__file__).resolve())]
        command += ["--worker", "--count", "--playouts", str(playouts), "--first", str(first), "--positions", *names]
        done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if collected is None:
        raise RuntimeError(f"callgrind said nothing countable:\n{done.stderr[-2000:]}")
    return int(collected.group(1)), int(json.loads(done.stdout.splitlines()[-1])["steps"])


def time_search(positions: Sequence[dict[str, Any]], playouts: int, first: int) -> dict[str, dict[str, float]]:
    """For each position: the search bot's decisions (default settings) on the werewolf seat, the heuristic on the
    others, played to the end: how many, how many it searched, and the CPU seconds of each kind."""
    from wolfpack.engine.chance import sample_chance_outcome
    from wolfpack.games.wolf.bots import SearchBot

    results: dict[str, dict[str, float]] = {}
    for entry in positions:
        tally = {"decisions": 0.0, "searched": 0.0, "seconds": 0.0, "search_seconds": 0.0}
        for k in range(first, first + playouts):
            state = start_state(entry)
            rng = random.Random(playout_seed(k))
            players = state.num_players()
            bots: list[Any] = [baseline_heuristic(bot_seed(k, seat)) for seat in range(players)]
            searcher = bots[players - 1] = SearchBot(bot_seed(k, players - 1))
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_chance_outcome(state, rng))
                    continue
                seat = state.current_player()
                if seat != players - 1:
                    state.apply_action(bots[seat].step(state))
                    continue
                searches, began = searcher.searches, time.process_time()
                action = searcher.step(state)
                spent = time.process_time() - began
                tally["decisions"] += 1
                tally["seconds"] += spent
                if searcher.searches > searches:
                    tally["searched"] += 1
                    tally["search_seconds"] += spent
                state.apply_action(action)
        results[entry["name"]] = tally
    return results


def search_report(sides: dict[str, list[dict[str, dict[str, float]]]]) -> list[str]:
    """Per side: the search bot's mean seconds per decision and per searched decision (median over rounds)."""
    lines = [f"{'side':<8}{'decisions':>10}{'searched':>10}{'s/decision':>12}{'s/searched':>12}"]
    for side, rounds in sides.items():
        totals = [
            {key: sum(r[key] for r in result.values()) for key in next(iter(result.values()))} for result in rounds
        ]
        per = statistics.median(t["seconds"] / t["decisions"] for t in totals)
        per_search = statistics.median(t["search_seconds"] / max(t["searched"], 1) for t in totals)
        last = totals[-1]
        lines.append(f"{side:<8}{last['decisions']:>10.0f}{last['searched']:>10.0f}{per:>12.4f}{per_search:>12.3f}")
    return lines


# ---- recording ------------------------------------------------------------------------------------------------------


def contaminated(state: Any) -> bool:
    """Whether some living hero holds an uncured black wolf card."""
    return any(hero["alive"] and state.contaminated(hero_id) for hero_id, hero in state.heroes.items())


def find_positions(players: int) -> list[dict[str, Any]]:
    """A hero's-turn and a pack's-turn position of seeded heuristic games of `players`, contamination in play."""
    from wolfpack.engine.chance import sample_chance_outcome
    from wolfpack.engine.registry import load_game
    from wolfpack.sim.arena import bot_seed as arena_bot_seed
    from wolfpack.sim.arena import game_seed

    wanted = {"hero": "move", "pack": "pack"}
    found: dict[str, dict[str, Any]] = {}
    game = load_game("wolf", players=players)
    for index in range(50):
        state = game.new_initial_state()
        rng = random.Random(game_seed(RECORD_SEED, 100 * players + index))
        bots = [baseline_heuristic(arena_bot_seed(RECORD_SEED, 100 * players + index, s)) for s in range(players)]
        while not state.is_terminal() and len(found) < len(wanted):
            for label, step in wanted.items():
                mid_game = FIRST_ROUND <= state.round <= LAST_ROUND
                if label not in found and state.step == step and mid_game and contaminated(state):
                    found[label] = {
                        "name": f"{players}-{label}",
                        "options": {"players": players},
                        "source": f"arena seed {RECORD_SEED}, game {100 * players + index}, step "
                        f"{state.history_length()} (round {state.round})",
                        "position": state.to_dict()["position"],
                    }
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, rng))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        if len(found) == len(wanted):
            return [found[label] for label in wanted]
        found.clear()  # both from one game, so that each player count's pair is of one story
    raise RuntimeError(f"no seeded game of {players} players reached both positions")


def record_positions() -> None:
    """Write the fixed positions."""
    positions = [entry for players in (2, 3, 4, 5, 6) for entry in find_positions(players)]
    POSITIONS.parent.mkdir(parents=True, exist_ok=True)
    POSITIONS.write_text(json.dumps(positions, indent=1) + "\n")
    print(f"wrote {len(positions)} positions to {POSITIONS.relative_to(ROOT)}")


def record_fingerprints() -> None:
    """Write the ends of each position's first play-outs."""
    prints = {
        entry["name"]: [fingerprint(*play_out(entry, k)) for k in range(FINGERPRINTED_PLAYOUTS)]
        for entry in load_positions()
    }
    FINGERPRINTS.write_text(json.dumps(prints, indent=1) + "\n")
    print(f"wrote the ends of {FINGERPRINTED_PLAYOUTS} play-outs per position to {FINGERPRINTS.relative_to(ROOT)}")


# ---- before and after ---------------------------------------------------------------------------------------------


def extract_before(into: Path, before: str = BEFORE) -> Path:
    """The `src/` of the tree at `before` (a commit or branch), extracted under `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", before, "src"], capture_output=True)
    if archive.returncode != 0:
        raise SystemExit(
            f"cannot read the tree before ({before[:10]}): {archive.stderr.decode().strip()}; "
            "time ours alone with --only ours"
        )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into / "src"


def run_side(
    src: Path | None, playouts: int, first: int, names: Sequence[str], search: bool = False
) -> dict[str, dict[str, float]]:
    """One side's timings, measured in a fresh process that imports wolfpack from `src` (None: ours)."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(src), *filter(None, [env.get("PYTHONPATH")])])
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", "--playouts", str(playouts)]
    command += ["--first", str(first), *(["--search"] if search else []), "--positions", *names]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    result = json.loads(done.stdout.splitlines()[-1])
    expected = (src or ROOT / "src").resolve()
    if not Path(result["source"]).is_relative_to(expected):  # the side must run the tree it is meant to
        raise RuntimeError(f"the worker imported wolfpack from {result['source']}, not from {expected}")
    timings: dict[str, dict[str, float]] = result["timings"]
    return timings


def report(sides: dict[str, list[dict[str, dict[str, float]]]], names: Sequence[str]) -> list[str]:
    """The table: per position and overall, each side's median seconds per play-out and steps/s, and the ratio."""
    lines = [f"{'position':<10}" + "".join(f"{side + ' s/play-out':>20}{side + ' steps/s':>16}" for side in sides)]
    if len(sides) == 2:
        lines[0] += f"{'speed-up':>10}"
    medians: dict[str, dict[str, tuple[float, float]]] = {side: {} for side in sides}
    for name in [*names, "overall"]:
        line = f"{name:<10}"
        for side, rounds in sides.items():
            per_round = []
            for result in rounds:
                picked = [result[name]] if name != "overall" else list(result.values())
                seconds = sum(r["seconds"] for r in picked)
                per_round.append(
                    (seconds / sum(r["playouts"] for r in picked), sum(r["steps"] for r in picked) / seconds)
                )
            per_playout = statistics.median(p for p, _ in per_round)
            rate = statistics.median(s for _, s in per_round)
            medians[side][name] = (per_playout, rate)
            line += f"{per_playout:>20.4f}{rate:>16,.0f}"
        if len(sides) == 2:
            before, after = (medians[side][name][0] for side in sides)
            line += f"{before / after:>9.2f}x"
        lines.append(line)
    return lines


def instructions(
    chosen: Sequence[dict[str, Any]], names: Sequence[str], playouts: int, first: int, before: str = BEFORE
) -> int:
    """Count both sides' instructions (callgrind), the two at once, and print them with their ratio."""
    from concurrent.futures import ThreadPoolExecutor

    print(f"WOLF play-outs, instructions (callgrind): {len(chosen)} positions x {playouts} play-outs")
    with tempfile.TemporaryDirectory() as tmp:
        before_src = extract_before(Path(tmp), before)
        with ThreadPoolExecutor(2) as pool:
            sides = dict(
                zip(
                    ("before", "ours"),
                    pool.map(lambda src: count_side(src, playouts, first, names), [before_src, None]),
                    strict=True,
                )
            )
    for side, (count, steps) in sides.items():
        print(f"{side:<8}{count:>16,} instructions{steps:>8,} steps{count / steps:>12,.0f} a step")
    print(f"ratio before / ours: {sides['before'][0] / sides['ours'][0]:.2f}x")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Time the play-outs (ours and before, alternating), or record positions or fingerprints, or profile."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--playouts", type=int, default=4, help="play-outs per position and round (default 4)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3); medians are reported")
    parser.add_argument("--only", choices=("ours", "before"), help="time one side only")
    parser.add_argument("--positions", nargs="*", help="names of the positions to play (default all)")
    parser.add_argument("--first", type=int, default=0, help="the first play-out's number (default 0)")
    parser.add_argument("--record", action="store_true", help="record the positions anew")
    parser.add_argument("--record-fingerprints", action="store_true", help="record the play-outs' ends")
    parser.add_argument("--profile", metavar="POSITION", help="cProfile ours on one position's play-outs")
    parser.add_argument(
        "--search", action="store_true", help="time the search bot's decisions on the werewolf seat instead"
    )
    parser.add_argument(
        "--instructions", action="store_true", help="count each side's instructions with valgrind instead of timing"
    )
    parser.add_argument(
        "--before", default=BEFORE, help="the commit or branch to compare with (default: issue 33's base)"
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.record:
        record_positions()
        return 0
    if args.record_fingerprints:
        record_fingerprints()
        return 0
    positions = load_positions()
    names = args.positions or [entry["name"] for entry in positions]
    unknown = sorted(set(names) - {entry["name"] for entry in positions})
    if unknown:
        parser.error(f"no recorded position named {', '.join(unknown)} (known: {[e['name'] for e in positions]})")
    chosen = [entry for entry in positions if entry["name"] in names]
    if args.worker and args.count:
        print(json.dumps({"steps": count_positions(chosen, args.playouts, args.first)}))
        return 0
    if args.worker:
        import wolfpack

        timings = (time_search if args.search else time_positions)(chosen, args.playouts, args.first)
        print(json.dumps({"source": str(Path(wolfpack.__file__).resolve()), "timings": timings}))
        return 0
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(time_positions, [e for e in positions if e["name"] == args.profile], args.playouts, args.first)
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(40)
        print(out.getvalue())
        return 0
    if args.instructions:
        return instructions(chosen, names, args.playouts, args.first, args.before)
    print(
        f"WOLF play-outs: {len(chosen)} positions x {args.playouts} play-outs, {args.rounds} rounds, "
        f"{'the search bot on the werewolf seat' if args.search else 'heuristic bots in every seat'}; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    sides: dict[str, list[dict[str, dict[str, float]]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        before_src = extract_before(Path(tmp), args.before) if args.only != "ours" else None
        order = [side for side in ("before", "ours") if args.only in (None, side)]
        for _ in range(args.rounds):
            for side in order:
                src = before_src if side == "before" else None
                sides.setdefault(side, []).append(run_side(src, args.playouts, args.first, names, args.search))
    for line in search_report(sides) if args.search else report(sides, names):
        print(line)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
