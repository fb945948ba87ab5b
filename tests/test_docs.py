"""Examples in the docs and docstrings run as doctests, so they cannot drift from the code."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [
    "README.md",
    "docs/engine.md",
    "docs/games/spacewolves.md",
    "docs/bots.md",
    "docs/benchmarks.md",
    "docs/terminal.md",
    "docs/content.md",
    "docs/games/wolves-on-the-hunt.md",
    "docs/games/wolf.md",
    "docs/games/den-of-wolves.md",
    "docs/research.md",
]
MODULES = ["wolfpack", "wolfpack.testing"]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_document_examples_run(document: str) -> None:
    result = doctest.testfile(str(ROOT / document), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples_run(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0


GAME_DOCS = {
    "docs/games/spacewolves.md": ["tests/rules/spacewolves", "tests/games/spacewolves"],
    "docs/games/wolves-on-the-hunt.md": ["tests/rules/hunt", "tests/games/hunt"],
    "docs/games/wolf.md": ["tests/rules/wolf", "tests/games/wolf"],
    "docs/games/den-of-wolves.md": ["tests/rules/den", "tests/games/den", "tests/sim"],
}
"""Each game's document and the test folders its interpretations and rules-coverage table refer to."""
TEST_REFERENCE = re.compile(r"\b(test_\w+\.py)::(test_\w+)")


@pytest.mark.parametrize("document", sorted(GAME_DOCS))
def test_every_test_a_game_document_names_exists(document: str) -> None:
    """A rules-coverage table that names a renamed or deleted test would claim coverage that is not there."""
    text = (ROOT / document).read_text()
    references = set(TEST_REFERENCE.findall(text))
    assert len(references) >= 50  # the coverage table is there and is read
    missing = []
    for module, name in sorted(references):
        files = [ROOT / folder / module for folder in GAME_DOCS[document]]
        sources = [f.read_text() for f in files if f.exists()]
        if not any(re.search(rf"^def {name}\(", source, re.M) for source in sources):
            missing.append(f"{module}::{name}")
    assert not missing, f"{document} names tests that do not exist: {missing}"
