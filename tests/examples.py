"""The example packages under examples/, installed for a test as a user would install them: with pip, into a
folder of the test's own (put it on the path to use it), without the network."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).parents[1] / "examples"


def install_example(name: str, target: Path) -> Path:
    """examples/<name> installed into `target` (no network: no index, no build isolation, no dependencies).

    It is built from a clean copy beside `target`: setuptools writes build/ and egg-info into the folder it builds,
    and a leftover build/ from an earlier run makes the next build fail ("File exists")."""
    leftovers = shutil.ignore_patterns("build", "*.egg-info", "__pycache__")  # of a build made in the folder itself
    source = shutil.copytree(EXAMPLES / name, target.parent / f"{target.name}-source-{name}", ignore=leftovers)
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index"]
    subprocess.run([*command, "--target", str(target), str(source)], check=True, capture_output=True)
    return target
