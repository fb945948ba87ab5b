"""Numba kernels for tests: compiled by one test worker at a time, so that the first fills numba's cache and the
others load it (a clean clone compiles each kernel once, not once per worker), and never during collection.

pytest-xdist's `xdist_group` would put such tests on one worker, but under pytest 9.2 `--dist loadgroup` groups
nothing (xdist 3.8 renames `item._nodeid`, which pytest 9.2 no longer reads), so a lock across processes does it.
A worker that waits here leaves its core to the others: with three workers on two cores nothing is lost.
"""

from __future__ import annotations

import fcntl
import importlib
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import wolfpack


@contextmanager
def one_worker_at_a_time(name: str) -> Iterator[None]:
    """Hold a lock named `name` that every test worker on this machine shares."""
    lock = Path(tempfile.gettempdir()) / f"wolfpack-numba-{name}.lock"
    with lock.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def hunt_batch() -> ModuleType:
    """Wolves on the Hunt's batch engine: importing it compiles its kernel (explicit signatures) or loads the cache."""
    with one_worker_at_a_time("hunt"):
        return importlib.import_module("wolfpack.games.hunt.batch")


def hunt_heuristic_batch() -> ModuleType:
    """The Hunt's batch engine with its heuristic hunters' kernel (batch_heuristic, which links the random one)."""
    engine = hunt_batch()
    with one_worker_at_a_time("hunt-heuristic"):
        importlib.import_module("wolfpack.games.hunt.batch_heuristic")
    return engine


def spacewolves_batch() -> ModuleType:
    """Spacewolves!'s batch engine, its kernel compiled (or loaded) by playing one game of each bot and a trace."""
    with one_worker_at_a_time("spacewolves"):
        from wolfpack.games.spacewolves import batch

        game = wolfpack.load_game("spacewolves", players=3, max_rounds=2)
        batch.ENGINE.play(game, ["random", "heuristic", "random"], [1])
        rows, generators = batch.new_games(3, 2, [1])
        batch.trace(rows[0], generators[:1], batch.bot_codes(3, ["random"] * 3))
        return batch


if __name__ == "__main__":
    # `make test` starts this beside the collection (Makefile, test-kernels): the kernels compiled before tests ask.
    hunt_heuristic_batch()
    spacewolves_batch()
