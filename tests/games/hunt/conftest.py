"""Fixtures of the Wolves on the Hunt tests: the heuristic hunters' batch kernel, compiled by one worker at a time."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

from tests.compiled import one_worker_at_a_time


@pytest.fixture(scope="session")
def hunt_heuristic_batch(hunt_batch: ModuleType) -> ModuleType:
    """The batch engine with its heuristic kernel (batch_heuristic) compiled or loaded, once across the workers.

    The random kernel comes first (`hunt_batch`): the heuristic one links it. Same lock pattern as tests/compiled.py.
    """
    with one_worker_at_a_time("hunt-heuristic"):
        importlib.import_module("wolfpack.games.hunt.batch_heuristic")
    return hunt_batch
