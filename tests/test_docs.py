"""Examples in the docs and docstrings run as doctests, so they cannot drift from the code."""

from __future__ import annotations

import doctest
import importlib
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
