"""Many seeded games between bots, one row per game, written as Parquet in chunks that survive an interruption.

    >>> import tempfile, pathlib, pyarrow.parquet as pq
    >>> from wolfpack.sim.simulate import InlineExecutor, make_spec, simulate
    >>> spec = make_spec("spacewolves", {"players": 3}, "random", seed=1)
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "sw.parquet"
    >>> simulate(spec, games=4, out=out, executor=InlineExecutor()).played
    4
    >>> pq.read_table(out).column("index").to_pylist()
    [0, 1, 2, 3]

Game `i` of a run with seed `s` is game `i` of `wolfpack.sim.arena(..., seed=s)`: chance from
`random.Random(game_seed(s, i))`, the bot in seat `k` seeded `bot_seed(s, i, k)`. So a row depends only on the
game, its options, the bots, the seed and its index: not on how many games, jobs or chunks the run had, nor on the
executor. The run's identity (`RunSpec.identity`) is kept beside the chunks and in the finished file, and a resume
that does not match it is refused before anything is touched (docs/simulation.md).

With `engine="batch"` a chunk is one batch of the game's batch engine (`wolfpack.engine.batch`): game `i` is then
played from `game_seed(s, i)` alone by that engine, a different stream of the same game, and the rows have the same
columns. The engine belongs to the run's identity, so a run is never resumed with the other engine.
"""

from __future__ import annotations

import functools
import json
import math
import os
import shutil
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Protocol

import pyarrow as pa
import pyarrow.parquet as pq

from wolfpack.bots import DIFFICULTIES, bot_for, bot_names, default_bot_name, make_bot
from wolfpack.engine.batch import ENGINES, BatchPlayed, batch_engine
from wolfpack.engine.errors import WolfpackError
from wolfpack.engine.game import Game
from wolfpack.engine.registry import load_game
from wolfpack.sim.arena import bot_seed, game_seed, seating
from wolfpack.sim.measures import GameProfile, profile_of

FORMAT = 1
"""The row schema's version: a file or chunk directory written with another is not resumed."""

METADATA_KEY = b"wolfpack.simulate"
"""The Parquet metadata key under which a results file keeps its run's identity (JSON)."""

MAX_CHUNK = 25
"""Our default: at most this many games per chunk, so an interruption loses little and progress moves often."""
MAX_BATCH_CHUNK = 10_000
"""Our default for `--engine batch`: at most this many games per chunk (one batch; a second or so of play)."""

COMMON_FIELDS: tuple[pa.Field, ...] = (
    pa.field("game", pa.string()),
    pa.field("index", pa.int64()),
    pa.field("seed", pa.int64()),
    pa.field("game_seed", pa.uint64()),
    pa.field("options", pa.string()),
    pa.field("players", pa.int32()),
    pa.field("bots", pa.list_(pa.string())),
    pa.field("returns", pa.list_(pa.float64())),
    pa.field("winners", pa.list_(pa.int32())),
    pa.field("outcome", pa.string()),
    pa.field("actions", pa.int64()),
    pa.field("decisions", pa.int64()),
    pa.field("rounds", pa.int64()),
)
"""The columns every game's rows have (docs/simulation.md, "A row"); the game's own measures follow them."""


ENTRANTS_FIELD = pa.field("entrants", pa.list_(pa.int32()))
"""A tournament's rows also say which entrant sat in each seat (its position in the run's list of entrants)."""


class SimulationError(ValueError):
    """Bad input to a simulation (game, option, bot, seed, output, resume): one sentence naming what was wrong."""


@dataclass(frozen=True)
class RunSpec:
    """What a run plays: the game with its full options, a bot name per seat, and the arena seed."""

    game: str
    options_json: str
    """The game's options as `Game.options_dict()` gives them, as sorted JSON."""
    bots: tuple[str, ...]
    seed: int
    engine: str = "scalar"
    """Which engine plays the games: "scalar" (the game's State) or "batch" (its batch engine)."""
    entrants: tuple[str, ...] = ()
    """A tournament's bots, seated game by game (`wolfpack.sim.arena.seating`); empty: `bots` play every game."""

    def bots_of(self, index: int) -> tuple[str, ...]:
        """The bot in each seat of game `index`."""
        if not self.entrants:
            return self.bots
        return tuple(self.entrants[entrant] for entrant in self.seated(index))

    def seated(self, index: int) -> tuple[int, ...]:
        """The entrant in each seat of game `index` of a tournament."""
        return seating(len(self.entrants), len(self.bots), index)

    @property
    def options(self) -> dict[str, Any]:
        """The options as a dict, ready for `load_game`."""
        return dict(json.loads(self.options_json))

    def identity(self) -> dict[str, Any]:
        """What must match for chunks of a run to belong together (not the number of games, jobs or chunks)."""
        identity = {"format": FORMAT, "game": self.game, "options": self.options}
        identity = {**identity, "bots": list(self.bots), "seed": self.seed, "engine": self.engine}
        # Only a tournament names its entrants, so the files of other runs keep the identity they were written with.
        return {**identity, "entrants": list(self.entrants)} if self.entrants else identity


@dataclass(frozen=True)
class RunSummary:
    """What a `simulate` call did: games played now, games kept from an earlier run, and where the rows are."""

    out: Path
    games: int
    played: int
    kept: int


def open_sim_game(name: str, options: Mapping[str, Any]) -> Game[Any]:
    """Load a game for simulation; an unknown game or a bad option becomes a SimulationError with the engine's text."""
    try:
        return load_game(name, **options)
    except WolfpackError as exc:
        raise SimulationError(str(exc)) from None


def resolve_bots(game: Game[Any], bots: str | None, seat_zero_bot: str | None = None) -> tuple[str, ...]:
    """A bot name per seat from `--bots`: one name (or difficulty) for every seat, or a comma-separated one per seat."""
    seats = game.num_players()
    names = [bot_for(game, name.strip()) for name in (bots or default_bot_name(game)).split(",")]
    known = bot_names(game)
    for name in names:
        if name not in known:
            raise SimulationError(
                f"--bots: {game.name} has no bot {name!r}; its bots are {', '.join(known)}, "
                f"or a difficulty: {', '.join(DIFFICULTIES)}"
            )
    if len(names) == 1:
        # One name for all: a seat that needs its own kind of bot (Den of Wolves' Control) keeps it.
        per_seat = names * seats
        if seat_zero_bot is not None:
            per_seat[0] = seat_zero_bot
        return tuple(per_seat)
    if len(names) != seats:
        raise SimulationError(f"--bots: {game.name} here has {seats} seats, but {len(names)} bots were named")
    return tuple(names)


def make_spec(
    game_name: str, options: Mapping[str, Any], bots: str | None, seed: int, engine: str = "scalar"
) -> RunSpec:
    """Check a run's game, options, bots and engine and fix them as a RunSpec (every option spelled out)."""
    if engine not in ENGINES:
        raise SimulationError(f"--engine {engine}: the engines are {', '.join(ENGINES)}")
    game = open_sim_game(game_name, options)
    profile = profile_of(game.name)
    seat_bots = resolve_bots(game, bots, profile.seat_zero_bot)
    if engine == "batch":
        try:
            batch_engine(game, seat_bots)
        except WolfpackError as exc:
            raise SimulationError(f"--engine batch: {exc}") from None
    options_json = json.dumps(game.options_dict(), sort_keys=True)
    return RunSpec(game=game.name, options_json=options_json, bots=seat_bots, seed=seed, engine=engine)


def row_schema(spec: RunSpec) -> pa.Schema:
    """The Parquet schema of a run's rows: the common columns, the game's measures, and the run's identity."""
    fields = [*COMMON_FIELDS, *profile_of(spec.game).fields]
    if spec.entrants:
        fields.append(ENTRANTS_FIELD)
    return pa.schema(fields, metadata={METADATA_KEY: json.dumps(spec.identity(), sort_keys=True).encode()})


def winners(returns: Sequence[float]) -> list[int]:
    """The seats with the best return, or none when every seat has the same return (shared result, no winner)."""
    best = max(returns)
    if min(returns) == best:
        return []
    return [seat for seat, value in enumerate(returns) if value == best]


@functools.lru_cache(maxsize=4)
def _loaded(game_name: str, options_json: str) -> Game[Any]:
    # Loading a game parses its content pack: once per worker process, not once per game.
    return load_game(game_name, **json.loads(options_json))


def play_row(spec: RunSpec, index: int) -> dict[str, Any]:
    """Play game `index` of the run and return its row."""
    game = _loaded(spec.game, spec.options_json)
    profile: GameProfile = profile_of(spec.game)
    bots = [make_bot(game, name, bot_seed(spec.seed, index, seat)) for seat, name in enumerate(spec.bots_of(index))]
    chance_seed = game_seed(spec.seed, index)
    played = profile.play(game, bots, chance_seed)
    returns = [float(value) for value in played.state.returns()]
    length = (played.state.history_length(), played.decisions)
    return make_row(spec, index, returns, length, profile.read(played, game))


def make_row(
    spec: RunSpec, index: int, returns: list[float], length: tuple[int, int], measures: Mapping[str, Any]
) -> dict[str, Any]:
    """The row of game `index`: the common columns, then the game's measures; `length` is (actions, decisions)."""
    row = {
        "game": spec.game,
        "index": index,
        "seed": spec.seed,
        "game_seed": game_seed(spec.seed, index),
        "options": spec.options_json,
        "players": len(spec.bots),
        "bots": list(spec.bots_of(index)),
        "returns": returns,
        "winners": winners(returns),
        "actions": length[0],
        "decisions": length[1],
        **measures,
    }
    return {**row, "entrants": list(spec.seated(index))} if spec.entrants else row


def batch_rows(spec: RunSpec, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Play the games `indices` of the run as one batch of the game's batch engine and return their rows."""
    game = _loaded(spec.game, spec.options_json)
    seeds = [game_seed(spec.seed, index) for index in indices]
    played: BatchPlayed = batch_engine(game, spec.bots).play(game, spec.bots, seeds)
    return [
        make_row(
            spec,
            index,
            [float(value) for value in played.returns[k]],
            (int(played.actions[k]), int(played.decisions[k])),
            {name: column[k] for name, column in played.measures.items()},
        )
        for k, index in enumerate(indices)
    ]


def play_chunk(spec: RunSpec, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Play the games `indices` of the run and return their rows (the unit of work an executor runs)."""
    if spec.engine == "batch":
        return batch_rows(spec, indices)
    return [play_row(spec, index) for index in indices]


def chunk_limit(spec: RunSpec) -> int:
    """The most games one chunk of the run holds: a few for the scalar engine, one large batch for the batch one."""
    return MAX_BATCH_CHUNK if spec.engine == "batch" else MAX_CHUNK


def plan_chunks(indices: Sequence[int], jobs: int, most: int = MAX_CHUNK) -> list[list[int]]:
    """Split the games still to play into chunks: about four per worker, at most `most` games each."""
    if not indices:
        return []
    size = max(1, min(most, math.ceil(len(indices) / (4 * jobs))))
    return [list(indices[start : start + size]) for start in range(0, len(indices), size)]


# ---- executors -------------------------------------------------------------------------------------------------


class Executor(Protocol):
    """Runs chunks of a run and yields their rows as each chunk finishes (in any order)."""

    jobs: int

    def run(self, spec: RunSpec, chunks: Sequence[Sequence[int]]) -> Iterator[list[dict[str, Any]]]:
        """Play every chunk; yield each chunk's rows when it is done."""
        ...


class InlineExecutor:
    """Plays the chunks one after another in this process (`--jobs 1`)."""

    jobs = 1

    def run(self, spec: RunSpec, chunks: Sequence[Sequence[int]]) -> Iterator[list[dict[str, Any]]]:
        """Play every chunk here, in order."""
        for chunk in chunks:
            yield play_chunk(spec, chunk)


class ProcessExecutor:
    """Plays the chunks on `jobs` local worker processes (started fresh: nothing of this process is inherited)."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs

    def run(self, spec: RunSpec, chunks: Sequence[Sequence[int]]) -> Iterator[list[dict[str, Any]]]:
        """Play the chunks on the workers; yield each chunk's rows as it finishes."""
        pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=get_context("spawn"))
        try:
            pending: set[Future[list[dict[str, Any]]]] = {pool.submit(play_chunk, spec, chunk) for chunk in chunks}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def local_executor(jobs: int) -> Executor:
    """The executor for `--jobs J`: in this process for 1, worker processes otherwise."""
    if jobs < 1:
        raise SimulationError(f"--jobs {jobs}: give at least 1 worker")
    return InlineExecutor() if jobs == 1 else ProcessExecutor(jobs)


# ---- results on disk -------------------------------------------------------------------------------------------


def parts_dir(out: Path) -> Path:
    """Where a run keeps its finished chunks until the whole file is written: `OUT.parts/` beside OUT."""
    return out.with_name(out.name + ".parts")


def file_identity(path: Path) -> dict[str, Any] | None:
    """The run identity a results file (or chunk) was written with, or None if it has none."""
    metadata = pq.read_schema(path).metadata or {}
    raw = metadata.get(METADATA_KEY)
    # Files written before runs had engines were all played by the scalar engine.
    return None if raw is None else {"engine": "scalar", **json.loads(raw)}


def check_out(out: Path, spec: RunSpec, games: int) -> None:
    """Refuse a run that cannot go there (no games, an output that cannot be written or holds another run)."""
    if games < 1:
        raise SimulationError(f"--games {games}: play at least one game")
    parent = out.parent if str(out.parent) else Path(".")
    if out.is_dir():
        raise SimulationError(f"--out {out}: it is a directory; give a file name such as {out / 'results.parquet'}")
    if not parent.is_dir():
        raise SimulationError(f"--out {out}: the directory {parent} does not exist")
    if not os.access(parent, os.W_OK):
        raise SimulationError(f"--out {out}: the directory {parent} is not writable")
    wanted = spec.identity()
    for path in _existing(out):
        try:
            found = file_identity(path)
        except (OSError, pa.ArrowException):
            found = None
        if found is None:
            raise SimulationError(f"--out {out}: {path} is not a results file of `wolfpack simulate`; move it away")
        if found != wanted:
            raise SimulationError(
                f"--out {out}: it holds games of another run ({_difference(found, wanted)}); "
                "run the same command to resume it, or choose another --out"
            )
    if out.exists() and pq.read_metadata(out).num_rows > games:
        held = pq.read_metadata(out).num_rows
        raise SimulationError(f"--out {out}: it already holds {held} games; ask for --games {held} or more")


def _existing(out: Path) -> list[Path]:
    paths = sorted(parts_dir(out).glob("*.parquet")) if parts_dir(out).is_dir() else []
    return ([out] if out.exists() else []) + paths


def _difference(found: Mapping[str, Any], wanted: Mapping[str, Any]) -> str:
    keys = [key for key in {**found, **wanted} if found.get(key) != wanted.get(key)]
    return "; ".join(f"{key} {json.dumps(found.get(key))} there, {json.dumps(wanted.get(key))} now" for key in keys)


def done_indices(out: Path) -> set[int]:
    """The games already played for this output: rows of the file and of the chunks beside it."""
    done: set[int] = set()
    for path in _existing(out):
        done.update(pq.read_table(path, columns=["index"]).column("index").to_pylist())
    return done


def write_part(out: Path, spec: RunSpec, rows: Sequence[Mapping[str, Any]]) -> Path:
    """Write one finished chunk as its own Parquet file (whole or not at all: written aside, then renamed)."""
    directory = parts_dir(out)
    directory.mkdir(exist_ok=True)
    first, last = min(row["index"] for row in rows), max(row["index"] for row in rows)
    path = directory / f"part-{first:09d}-{last:09d}.parquet"
    _write_atomic(pa.Table.from_pylist(list(rows), schema=row_schema(spec)), path)
    return path


def finish(out: Path, spec: RunSpec, games: int) -> None:
    """Gather the file and its chunks into OUT, one row per game in index order, and remove the chunks."""
    tables = [pq.read_table(path, schema=row_schema(spec)) for path in _existing(out)]
    table = pa.concat_tables(tables).sort_by("index")
    indices = table.column("index").to_pylist()
    if indices != list(range(games)):
        raise SimulationError(f"--out {out}: the chunks hold games {_ranges(indices)}, not 0 to {games - 1}")
    _write_atomic(table.replace_schema_metadata(row_schema(spec).metadata), out)
    shutil.rmtree(parts_dir(out), ignore_errors=True)


def _ranges(indices: Iterable[int]) -> str:
    values = sorted(set(indices))
    return f"{values[0]} to {values[-1]} ({len(values)} games)" if values else "none"


def _write_atomic(table: pa.Table, path: Path) -> None:
    aside = path.with_name(path.name + ".writing")
    pq.write_table(table, aside)
    os.replace(aside, path)


# ---- the run ---------------------------------------------------------------------------------------------------


def simulate(
    spec: RunSpec,
    games: int,
    out: Path,
    executor: Executor,
    on_done: Callable[[int], None] | None = None,
) -> RunSummary:
    """Play games 0 to `games - 1` of `spec` not already in `out` (or its chunks), then write `out` whole.

    `on_done(n)` hears each finished chunk's size. An interruption (KeyboardInterrupt) keeps every finished chunk
    in `OUT.parts/`; the same call again plays only the rest."""
    check_out(out, spec, games)
    done = done_indices(out)
    todo = [index for index in range(games) if index not in done]
    for rows in executor.run(spec, plan_chunks(todo, executor.jobs, chunk_limit(spec))):
        write_part(out, spec, rows)
        if on_done is not None:
            on_done(len(rows))
    finish(out, spec, games)
    return RunSummary(out=out, games=games, played=len(todo), kept=games - len(todo))


__all__ = [
    "COMMON_FIELDS",
    "FORMAT",
    "Executor",
    "InlineExecutor",
    "ProcessExecutor",
    "RunSpec",
    "RunSummary",
    "SimulationError",
    "batch_rows",
    "check_out",
    "done_indices",
    "local_executor",
    "make_spec",
    "play_chunk",
    "play_row",
    "resolve_bots",
    "row_schema",
    "simulate",
    "winners",
]
