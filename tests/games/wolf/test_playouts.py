"""WOLF's play-outs from the fixed positions of benchmarks/wolf_playouts.py reach the ends recorded before issue 33's
speed work: the same actions, the same final position, the same number of steps (positions/fingerprints.json)."""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest

from ...benchmarks.scripts import benchmark_script

PLAYOUTS = benchmark_script("wolf_playouts")
POSITIONS: list[dict[str, Any]] = PLAYOUTS.load_positions()
FINGERPRINTS: dict[str, list[dict[str, Any]]] = json.loads(PLAYOUTS.FINGERPRINTS.read_text())


def test_every_position_has_recorded_ends() -> None:
    assert sorted(FINGERPRINTS) == sorted(entry["name"] for entry in POSITIONS)
    assert {entry["options"]["players"] for entry in POSITIONS} == {2, 3, 4, 5, 6}


@pytest.mark.parametrize("entry", POSITIONS, ids=[entry["name"] for entry in POSITIONS])
def test_a_seeded_playout_reaches_the_recorded_end(entry: dict[str, Any]) -> None:
    script: ModuleType = PLAYOUTS
    final, steps = script.play_out(entry, 0)
    assert final.is_terminal()
    assert script.fingerprint(final, steps) == FINGERPRINTS[entry["name"]][0]
