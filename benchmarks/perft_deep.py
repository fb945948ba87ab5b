"""Deep perft: the recorded positions of tests/engine/perft/ counted deeper than `make test` does, against the deeper
counts recorded beside them (`scripts/perft-record --deep`), with the time each count takes.

    .venv/bin/python benchmarks/perft_deep.py                  # every recorded position (what `make bench` runs)
    .venv/bin/python benchmarks/perft_deep.py --games spacewolves

A speed change that alters move generation or chance in a way the shallow counts of `make test` miss fails here: the
script prints each count beside its record and exits 1 on any difference. See docs/engine.md, "Perft".
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import wolfpack
from wolfpack.engine.perft import perft

RECORDS = Path(__file__).resolve().parents[1] / "tests" / "engine" / "perft"


def main(argv: Sequence[str] | None = None) -> int:
    """Count every recorded position to its deep depth; 0 when every count matches its record, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", nargs="*", help="only these games (default: every recorded one)")
    args = parser.parse_args(argv)
    differences = 0
    print("Deep perft of the recorded positions (histories counted, their record, seconds, histories/s):")
    for path in sorted(RECORDS.glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        if args.games and record["game"] not in args.games:
            continue
        game = wolfpack.load_game(record["game"], **record["options"])
        for position in record["positions"]:
            deep = position.get("deep")
            if deep is None:
                continue
            state = game.state_from_json(position["state"])
            start = time.perf_counter()
            count = perft(state, deep["depth"])
            seconds = time.perf_counter() - start
            same = count == deep["perft"]
            differences += not same
            label = f"{record['game']} {position.get('label', position['step'])}, depth {deep['depth']}"
            print(
                f"  {label:<42} {count:>12,} {'=' if same else '!='} {deep['perft']:>12,}"
                f"  {seconds:7.2f} s  {count / seconds:>10,.0f}/s"
            )
    print("every deep count as recorded" if not differences else f"{differences} deep counts DIFFER from the record")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
