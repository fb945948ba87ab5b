"""Numba kernels imported by tests: compiled by one test worker at a time, so that the first fills numba's cache and
the others load it (a clean clone compiles each kernel once, not once per worker).

pytest-xdist's `xdist_group` would put such tests on one worker, but under pytest 9.2 `--dist loadgroup` groups
nothing (xdist 3.8 renames `item._nodeid`, which pytest 9.2 no longer reads), so a lock across processes does it.
A worker that waits here leaves its core to the others: with three workers on two cores nothing is lost.
"""

from __future__ import annotations

import fcntl
import importlib
import tempfile
from pathlib import Path
from types import ModuleType


def import_compiled(module: str) -> ModuleType:
    """Import `module` (whose import compiles or loads a numba kernel) holding a lock that every test worker shares."""
    lock = Path(tempfile.gettempdir()) / f"wolfpack-numba-{module}.lock"
    with lock.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            return importlib.import_module(module)
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
