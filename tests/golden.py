"""Golden playthroughs for any game: a whole seeded game between bots, as its JSON-lines record.

A change to the rules that alters any such game shows up as a diff against the committed record. When the change
is intended, regenerate with `WOLFPACK_UPDATE_GOLDEN=1 .venv/bin/pytest -k golden` and review the diff in git.
"""

from __future__ import annotations

import difflib
import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wolfpack.engine.bot import Bot
from wolfpack.engine.game import Game
from wolfpack.engine.play import bot_decision
from wolfpack.engine.records import Match


def play_golden(game: Game[Any], seed: int, bots: Sequence[Bot]) -> str:
    """The record of a game seeded `seed` with `bots[seat]` in each seat."""
    out = io.StringIO()
    match = Match(game, seed, record=out)
    state = match.state
    while not state.is_terminal():
        if state.is_chance_node():
            match.roll()
        else:
            seat, action = bot_decision(state, bots, start=len(state.history()))
            match.apply(action, seat if state.is_simultaneous_node() else None)
    return out.getvalue()


def golden_diff(path: Path, fresh: str) -> str:
    """The unified diff of a committed golden record against a fresh run (rewritten first when updating)."""
    if os.environ.get("WOLFPACK_UPDATE_GOLDEN"):
        path.write_text(fresh, encoding="utf-8")
    committed = path.read_text(encoding="utf-8")
    return "".join(difflib.unified_diff(committed.splitlines(True), fresh.splitlines(True), "committed", "fresh"))
