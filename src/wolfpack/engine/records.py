"""Game records: JSON lines holding the game, its options, the seed and every action in notation.

Line 1 is the header, then one line per action (chance outcomes included), then, once the game is over, the
result. A record is written as the game goes, so an interrupted game leaves a readable record of what happened.

    {"format": "wolfpack-record", "version": 1, "game": "spacewolves", "options": {...}, "seed": 7}
    {"ply": 1, "player": "chance", "action": "first y"}
    {"ply": 2, "player": "chance", "action": "roll 35"}
    {"ply": 3, "player": 1, "action": "y4+5"}
    ...
    {"result": {"returns": [0.0, 1.0, 0.0]}}
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.constants import CHANCE, SIMULTANEOUS, player_label
from wolfpack.engine.errors import RecordError, WolfpackError
from wolfpack.engine.game import Game, State
from wolfpack.engine.registry import load_game

FORMAT = "wolfpack-record"
VERSION = 1


@dataclass
class Match:
    """A game being played from a seed: chance is sampled from `random.Random(seed)`, every action recorded."""

    game: Game[Any]
    seed: int
    record: IO[str] | None = None
    state: State[Any] = field(init=False)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.state = self.game.new_initial_state()
        self.rng = random.Random(self.seed)
        self._write(
            {
                "format": FORMAT,
                "version": VERSION,
                "game": self.game.name,
                "options": self.game.options_dict(),
                "seed": self.seed,
            }
        )

    def apply(self, action: Any, player: int | None = None) -> str:
        """Apply a legal action (for `player`, needed at simultaneous nodes), record it, and return its notation."""
        acting = self.state.current_player() if player is None else player
        notation = self.state.action_to_string(action)
        self.state.apply_action(action, player)
        self._write({"ply": self.state.history_length(), "player": _player_field(acting), "action": notation})
        if self.state.is_terminal():
            self._write({"result": {"returns": self.state.returns()}})
        return notation

    def roll(self) -> str:
        """Sample and apply the pending chance outcome; return its notation."""
        return self.apply(sample_chance_outcome(self.state, self.rng))

    def _write(self, entry: dict[str, Any]) -> None:
        if self.record is not None:
            self.record.write(json.dumps(entry, sort_keys=True) + "\n")
            self.record.flush()


def _player_field(player: int) -> int | str:
    return "chance" if player == CHANCE else player


def replay_record(path: str | Path) -> State[Any]:
    """Re-apply a record and return the final state; RecordError names the first line that does not replay."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise RecordError(f"{path}: cannot read the record: {exc.strerror or exc}") from exc
    return replay_lines(lines, source=str(path))


def replay_lines(lines: list[str], source: str = "record") -> State[Any]:
    """Replay the lines of a record (see `replay_record`)."""
    replay = Replay(lines, source)
    for _ in replay.actions():
        pass
    return replay.state


class Replay:
    """A record being replayed, an action at a time, for a reader that looks at the state between actions (an
    after-action report). RecordError names the first line that does not replay."""

    def __init__(self, lines: list[str], source: str = "record") -> None:
        if not lines:
            raise RecordError(f"{source}: the record is empty")
        header = _entry(lines[0], 1, source)
        if header.get("format") != FORMAT:
            raise RecordError(f'{source}:1: not a wolfpack record (no "format": "{FORMAT}")')
        if header.get("version") != VERSION:
            raise RecordError(f"{source}:1: record version {header.get('version')!r}; this wolfpack reads {VERSION}")
        options = header.get("options", {})
        if not isinstance(options, dict):
            raise RecordError(f'{source}:1: "options" must be an object')
        try:
            game = load_game(str(header.get("game")), **options)
        except WolfpackError as exc:
            raise RecordError(f"{source}:1: {exc}") from exc
        self.header = header
        self.state = game.new_initial_state()
        self._lines = lines
        self._source = source

    def actions(self) -> Iterator[tuple[int, str]]:
        """Each action as (who takes it, a seat or CHANCE; its notation), yielded just before it is applied to
        `state`; the record's result is checked at the end."""
        source, state = self._source, self.state
        ended = False
        for number, line in enumerate(self._lines[1:], start=2):
            if not line.strip():
                continue
            entry = _entry(line, number, source)
            if ended:
                raise RecordError(f"{source}:{number}: nothing may follow the result")
            if "result" in entry:
                _check_result(state, entry["result"], number, source)
                ended = True
                continue
            text = entry.get("action")
            player = entry.get("player") if state.current_player() == SIMULTANEOUS else state.current_player()
            if isinstance(text, str) and isinstance(player, int) and not isinstance(player, bool):
                yield player, text
            _replay_action(state, entry, number, source)


def _replay_action(state: State[Any], entry: dict[str, Any], number: int, source: str) -> None:
    text = entry.get("action")
    if not isinstance(text, str):
        raise RecordError(f'{source}:{number}: an action line needs "action" in notation')
    ply = state.history_length() + 1
    if "ply" in entry and entry["ply"] != ply:
        raise RecordError(f"{source}:{number}: the record says ply {entry['ply']!r}, but this is ply {ply}")
    current = state.current_player()
    player: int | None = None
    if current == SIMULTANEOUS:
        player = entry.get("player")
        if not isinstance(player, int) or isinstance(player, bool):
            raise RecordError(f"{source}:{number}: at a simultaneous node the record must name the seat that acts")
    elif "player" in entry and entry["player"] != _player_field(current):
        raise RecordError(
            f"{source}:{number}: the record says {entry['player']!r} acts, but {player_label(current)} acts here"
        )
    try:
        state.apply_action(state.parse_action(text, player), player)
    except (WolfpackError, ValueError) as exc:
        raise RecordError(f"{source}:{number}: {exc}") from exc


def _check_result(state: State[Any], result: Any, number: int, source: str) -> None:
    if not state.is_terminal():
        raise RecordError(f"{source}:{number}: the record gives a result but the game is not over")
    returns = result.get("returns") if isinstance(result, dict) else None
    if returns != state.returns():
        raise RecordError(f"{source}:{number}: the record's returns {returns!r} differ from {state.returns()!r}")


def _entry(line: str, number: int, source: str) -> dict[str, Any]:
    try:
        entry = json.loads(line)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source}:{number}: not JSON: {exc.msg}") from exc
    if not isinstance(entry, dict):
        raise RecordError(f"{source}:{number}: each line must be a JSON object")
    return entry
