"""Each game's bot ladder: a seeded `wolfpack tournament` per game, its table written into docs/bots.md.

    .venv/bin/python benchmarks/ladder.py                 # play every ladder, print the tables (make bench)
    .venv/bin/python benchmarks/ladder.py --write-docs    # ... and put them in docs/bots.md (make ladder)
    .venv/bin/python benchmarks/ladder.py --rounds 1 --games spacewolves   # a short one

A ladder's games are kept in var/ladder/<code>/<game>.parquet (`--out`; <code> is the digest of wolfpack's code and
content, `wolfpack.sim.cluster.code_identity`): a run that stops goes on where it stopped, and a finished one is read
again, not replayed, until the code changes (a changed bot or rule plays its ladder anew).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from wolfpack.sim.arena import round_length
from wolfpack.sim.cluster import code_identity
from wolfpack.sim.simulate import local_executor, simulate
from wolfpack.sim.tournament import ladder, make_tournament_spec

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "bots.md"


@dataclass(frozen=True)
class Ladder:
    """One game's tournament: its options, its entrants, and how many full rounds of the seating it plays."""

    key: str
    """The ladder's name (`--games`, its place in docs/bots.md)."""
    game: str
    title: str
    options: dict[str, Any]
    entrants: str
    rounds: int
    seed: int = 34


LADDERS = (
    # Our default: two entries of each bot, so that each game seats a mix and two equal bots show the noise.
    Ladder(
        "spacewolves",
        "spacewolves",
        "Spacewolves! (3 players)",
        {"players": 3},
        "heuristic,heuristic,random,random",
        100,
    ),
    # The search bot takes about 2.5 s of one core a game: three entrants in three seats, every game all of them.
    Ladder(
        "spacewolves-search",
        "spacewolves",
        "Spacewolves!: the search bot (3 players)",
        {"players": 3},
        "search,heuristic,heuristic",
        60,
    ),
    Ladder("wolf", "wolf", "WOLF (2 players)", {"players": 2}, "search,heuristic,random", 100),
    Ladder(
        "wolves-on-the-hunt",
        "wolves-on-the-hunt",
        "Wolves on the Hunt (2 hunters, easy)",
        {"players": 2, "difficulty": "easy"},
        "heuristic,heuristic,random,random",
        50,
    ),
    # The search bot costs about 2 s of one core a game (its play-outs in the batch engine); at normal difficulty,
    # where its margin over the heuristic is twice easy's (docs/bots.md).
    Ladder(
        "wolves-on-the-hunt-search",
        "wolves-on-the-hunt",
        "Wolves on the Hunt: the search bot (2 hunters, normal)",
        {"players": 2, "difficulty": "normal"},
        "search,search,heuristic,heuristic",
        20,
    ),
)
"""Our default: the ladders docs/bots.md shows. Den of Wolves has none: its 41 seats share one result, with Control
in seat 0, so a ladder of seat bots would need 41 entrants (docs/bots.md, "Ladders")."""


def play(entry: Ladder, out_dir: Path, rounds: int | None, jobs: int) -> tuple[pd.DataFrame, int, float]:
    """Play (or finish, or read again) one ladder's tournament; its table, games and seconds spent now."""
    spec = make_tournament_spec(entry.game, entry.options, entry.entrants, entry.seed)
    games = round_length(len(spec.entrants), len(spec.bots)) * (entry.rounds if rounds is None else rounds)
    # Kept per version of the code: games that an older bot or rule played are never read again as today's.
    out = out_dir / code_identity()["code"] / f"{entry.key}.parquet"
    out.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    simulate(spec, games, out, local_executor(jobs))
    return ladder(out), games, time.perf_counter() - started


def markdown(entry: Ladder, table: pd.DataFrame, games: int) -> str:
    """A ladder as a Markdown section: a line saying what was played, then the table."""
    lines = [
        f"### {entry.title}",
        "",
        f"{games} games, seed {entry.seed}, entrants `{entry.entrants}`"
        f" (`wolfpack tournament {entry.game} --bots {entry.entrants}"
        + "".join(f" -o {key}={value}" for key, value in entry.options.items())
        + f" --games {games} --seed {entry.seed}`).",
        "",
        "| # | entrant | games | wins | win rate (95%) | mean return | rating mu (mu +- 2 sigma) | ordinal |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for place, row in enumerate(table.to_dict("records"), start=1):
        lines.append(
            f"| {place} | {row['entrant']} | {row['games']} | {row['wins']} "
            f"| {row['win_rate']:.2f} ({row['win_low']:.2f}-{row['win_high']:.2f}) | {row['mean_return']:.3f} "
            f"| {row['mu']:.1f} ({row['low']:.1f} to {row['high']:.1f}) | {row['ordinal']:.1f} |"
        )
    return "\n".join(lines) + "\n"


def markers(game: str) -> tuple[str, str]:
    """The comments between which docs/bots.md holds a game's ladder."""
    return f"<!-- ladder {game}: written by benchmarks/ladder.py --write-docs -->", f"<!-- end of ladder {game} -->"


def write_docs(path: Path, sections: dict[str, str]) -> None:
    """Put each game's ladder between its markers in `path`, replacing what was there (the others stay)."""
    text = path.read_text()
    for game, section in sections.items():
        start, end = markers(game)
        if start not in text or end not in text:
            raise SystemExit(f"{path} has no place for the {game} ladder (the lines {start} ... {end})")
        before, rest = text.split(start, 1)
        text = before + start + "\n\n" + section + "\n" + end + rest.split(end, 1)[1]
    path.write_text(text)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the ladders named (default: all), print each table, and write them into docs/bots.md if asked."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", choices=[entry.key for entry in LADDERS], help="only these ladders")
    parser.add_argument("--rounds", type=int, help="full rounds of the seating per ladder (default: each one's own)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="worker processes")
    parser.add_argument("--out", type=Path, default=ROOT / "var" / "ladder", help="folder for the games' files")
    parser.add_argument("--write-docs", action="store_true", help="put the tables in docs/bots.md")
    parser.add_argument("--docs", type=Path, default=DOCS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    sections = {}
    for entry in LADDERS:
        if args.games and entry.key not in args.games:
            continue
        table, games, seconds = play(entry, args.out, args.rounds, args.jobs)
        section = markdown(entry, table, games)
        print(section)
        print(f"({seconds:.1f} s)\n", flush=True)
        sections[entry.key] = section
    if args.write_docs:
        write_docs(args.docs, sections)
        print(f"written into {args.docs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
