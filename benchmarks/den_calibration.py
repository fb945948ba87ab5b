"""Den of Wolves pack calibration: issue 18's four targets measured with 95% intervals
(`wolfpack.sim.den_calibration`; docs/games/den-of-wolves.md, "Content design", "Calibration").

    nice -n 10 .venv/bin/wolfpack simulate den-of-wolves --edition classic --turns 12 --games 200 --jobs 2 \\
        --seed 1 --out /tmp/den/classic.parquet
    .venv/bin/python benchmarks/den_calibration.py events /tmp/den/classic.parquet
    nice -n 10 .venv/bin/python benchmarks/den_calibration.py combat --edition classic --attacks 100 --jobs 2
    .venv/bin/python benchmarks/den_calibration.py riches --edition classic --games 60

`--content DIR` measures an organiser's pack (or a candidate step) instead of the default one: give the same
directory to `wolfpack simulate -o content=DIR`. `combat` plays the combat scenario with `wolfpack simulate` at each
level of the top third of the pursuit track (`--attacks` games a level), keeping the results files in `--keep DIR`
(default: a temporary directory) where the same command resumes them. `riches --turns N` plays events of N turns
instead of 12 (a quick look, or a test).
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from wolfpack.sim import den_calibration as calibration


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Measure the Den of Wolves calibration targets.")
    parser.add_argument("what", choices=("events", "combat", "riches"))
    parser.add_argument("file", nargs="?", help="a `wolfpack simulate den-of-wolves` Parquet file (events)")
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--content", default=None, help="an organiser's pack directory (combat)")
    parser.add_argument("--attacks", type=int, default=100, help="attacks per pursuit level (combat)")
    parser.add_argument("--games", type=int, default=60, help="paired events (riches)")
    parser.add_argument("--turns", type=int, default=12, help="turns of each event (riches; default 12)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (combat)")
    parser.add_argument("--keep", default=None, help="a directory for the combat runs' results files (combat)")
    args = parser.parse_args(argv)
    if args.what == "events":
        if args.file is None:
            parser.error("events needs the simulate file")
        result = calibration.event_measures(pd.read_parquet(args.file))
    elif args.what == "combat":
        with tempfile.TemporaryDirectory() as scratch:
            directory = Path(args.keep or scratch)
            games = calibration.combat_runs(args.edition, args.attacks, args.seed, directory, args.content, args.jobs)
            result = calibration.combat_measures(games)
    else:
        pairs = calibration.riches(args.edition, args.games, args.seed, args.turns, args.content)
        result = calibration.riches_measures(pairs)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
