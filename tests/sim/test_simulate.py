"""`wolfpack simulate`: one Parquet row per seeded game, the same whatever the jobs, resumable, bad input refused."""

from __future__ import annotations

import doctest
import importlib
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner, Result

import wolfpack
from wolfpack.bots import make_bot
from wolfpack.cli import EXIT_USAGE, app
from wolfpack.sim.arena import bot_seed, game_seed, play_out
from wolfpack.sim.measures import hunt_ending, wolf_ending
from wolfpack.sim.simulate import (
    InlineExecutor,
    ProcessExecutor,
    RunSpec,
    SimulationError,
    make_spec,
    plan_chunks,
    play_chunk,
    simulate,
    winners,
)

SPACEWOLVES = ("spacewolves", "--players", "3", "--bots", "random")
"""Three random Spacewolves! players: the fastest games there are."""


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def spec(seed: int = 3, bots: str = "random") -> RunSpec:
    return make_spec("spacewolves", {"players": 3}, bots, seed=seed)


def rows(path: Path) -> list[dict[str, Any]]:
    return pq.read_table(path).to_pylist()


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file under a directory with its bytes: to show that a refused command changed nothing."""
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


class StopAfter:
    """An executor that plays the first `chunks` chunks in this process, then is interrupted like Ctrl-C."""

    jobs = 1

    def __init__(self, chunks: int) -> None:
        self.chunks = chunks

    def run(self, run_spec: RunSpec, chunks: Sequence[Sequence[int]]) -> Iterator[list[dict[str, Any]]]:
        for chunk in chunks[: self.chunks]:
            yield play_chunk(run_spec, chunk)
        raise KeyboardInterrupt


def test_docstring_examples_run() -> None:
    result = doctest.testmod(importlib.import_module("wolfpack.sim.simulate"))
    assert result.attempted > 0
    assert result.failed == 0


def test_a_row_is_the_arena_game_of_that_index(tmp_path: Path) -> None:
    # Game i of a run is game i of arena(seed): chance from game_seed, each seat's bot from bot_seed.
    simulate(spec(seed=11), games=3, out=tmp_path / "r.parquet", executor=InlineExecutor())
    game = wolfpack.load_game("spacewolves", players=3)
    for row in rows(tmp_path / "r.parquet"):
        index = row["index"]
        bots = [make_bot(game, "random", bot_seed(11, index, seat)) for seat in range(3)]
        played = play_out(game, bots, game_seed(11, index))
        assert row["game_seed"] == game_seed(11, index)
        assert row["returns"] == played.state.returns()
        assert row["actions"] == len(played.state.history())
        assert row["decisions"] == played.decisions < row["actions"]


def test_jobs_1_and_jobs_2_write_the_same_rows(tmp_path: Path) -> None:
    simulate(spec(), games=16, out=tmp_path / "one.parquet", executor=InlineExecutor())
    simulate(spec(), games=16, out=tmp_path / "two.parquet", executor=ProcessExecutor(2))
    one, two = rows(tmp_path / "one.parquet"), rows(tmp_path / "two.parquet")
    assert [row["index"] for row in one] == list(range(16))
    assert one == two
    assert len({json.dumps(row["returns"]) + str(row["actions"]) for row in one}) > 1  # the games differ


def test_an_interrupted_run_keeps_its_chunks_and_the_same_command_finishes_it(tmp_path: Path) -> None:
    whole, broken = tmp_path / "whole.parquet", tmp_path / "broken.parquet"
    simulate(spec(), games=12, out=whole, executor=InlineExecutor())
    assert len(plan_chunks(list(range(12)), jobs=1)) > 1
    with pytest.raises(KeyboardInterrupt):
        simulate(spec(), games=12, out=broken, executor=StopAfter(1))
    assert not broken.exists()
    kept = [row for part in sorted((tmp_path / "broken.parquet.parts").glob("*.parquet")) for row in rows(part)]
    assert 0 < len(kept) < 12
    summary = simulate(spec(), games=12, out=broken, executor=InlineExecutor())
    assert (summary.kept, summary.played) == (len(kept), 12 - len(kept))
    assert rows(broken) == rows(whole)
    assert not (tmp_path / "broken.parquet.parts").exists()


def test_a_run_of_part_of_the_games_then_the_whole_equals_one_run(tmp_path: Path) -> None:
    run("simulate", *SPACEWOLVES, "--games", "10", "--seed", "4", "--out", str(tmp_path / "whole.parquet"))
    first = run("simulate", *SPACEWOLVES, "--games", "4", "--seed", "4", "--out", str(tmp_path / "grown.parquet"))
    assert first.exit_code == 0, first.output
    second = run("simulate", *SPACEWOLVES, "--games", "10", "--seed", "4", "--out", str(tmp_path / "grown.parquet"))
    assert second.exit_code == 0, second.output
    assert "4 kept from before" in second.output
    assert rows(tmp_path / "grown.parquet") == rows(tmp_path / "whole.parquet")


@pytest.mark.parametrize(
    ("changed", "named"),
    [
        (("--seed", "5", "--bots", "random"), "seed 4 there, 5 now"),
        (("--seed", "4", "--bots", "heuristic"), "bots"),
        (("--seed", "4", "--bots", "random", "--option", "max_rounds=7"), "options"),
    ],
)
def test_a_resume_of_another_run_is_refused_and_changes_nothing(
    tmp_path: Path, changed: tuple[str, ...], named: str
) -> None:
    out = tmp_path / "r.parquet"
    with pytest.raises(KeyboardInterrupt):
        simulate(spec(seed=4), games=12, out=out, executor=StopAfter(1))
    before = snapshot(tmp_path)
    result = run("simulate", "spacewolves", "--players", "3", "--games", "12", "--out", str(out), *changed)
    assert result.exit_code == EXIT_USAGE
    assert "another run" in result.output
    assert named in result.output
    assert snapshot(tmp_path) == before


def test_a_finished_file_of_more_games_is_not_cut_down(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate(spec(), games=5, out=out, executor=InlineExecutor())
    before = snapshot(tmp_path)
    with pytest.raises(SimulationError, match="already holds 5 games"):
        simulate(spec(), games=3, out=out, executor=InlineExecutor())
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("nosuchgame",), "unknown game 'nosuchgame'"),
        (("spacewolves", "--bots", "clever"), "no bot 'clever'"),
        (("spacewolves", "--bots", "random,random"), "4 seats, but 2 bots"),
        (("spacewolves", "--option", "colour=red"), "unknown option 'colour'"),
        (("spacewolves", "--games", "0"), "--games 0"),
        (("spacewolves", "--jobs", "0"), "--jobs 0"),
        (("den-of-wolves", "-o", "scenario=skirmish", "-o", "pursuit=3"), "option 'scenario' = 'skirmish'"),
        (("den-of-wolves", "-o", "scenario=combat"), "scenario=combat needs pursuit=N"),
        (("den-of-wolves", "-o", "scenario=combat", "-o", "pursuit=99"), "the pursuit track runs 0 to 12"),
        (("den-of-wolves", "-o", "scenario=combat", "-o", "pursuit=3", "-o", "attack_rounds=0"), "'attack_rounds' = 0"),
        (("den-of-wolves", "-o", "scenario=combat", "-o", "pursuit=3", "-o", "content=/nowhere"), "/nowhere"),
    ],
)
def test_bad_input_is_refused_with_exit_2_and_writes_nothing(tmp_path: Path, args: tuple[str, ...], named: str) -> None:
    result = run("simulate", *args, "--out", str(tmp_path / "r.parquet"))
    assert result.exit_code == EXIT_USAGE
    assert named in result.output
    assert list(tmp_path.iterdir()) == []


def test_an_output_that_cannot_be_written_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a directory")
    (tmp_path / "a-dir").mkdir()
    (tmp_path / "notes.parquet").write_text("someone's notes")
    before = snapshot(tmp_path)
    cases = [
        (tmp_path / "a-file" / "r.parquet", "does not exist"),
        (tmp_path / "a-dir", "is a directory"),
        (tmp_path / "notes.parquet", "not a results file"),
    ]
    for out, named in cases:
        result = run("simulate", *SPACEWOLVES, "--games", "2", "--out", str(out))
        assert result.exit_code == EXIT_USAGE, out
        assert named in result.output
    assert snapshot(tmp_path) == before


def test_the_command_writes_the_file_and_says_so_without_a_progress_bar_off_a_terminal(tmp_path: Path) -> None:
    result = run("simulate", *SPACEWOLVES, "--games", "3", "--out", str(tmp_path / "r.parquet"))
    assert result.exit_code == 0, result.output
    assert "3 games of spacewolves" in result.output
    assert "games/s" in result.output
    assert "━" not in result.output  # rich's bar is drawn only on a terminal
    assert pq.read_metadata(tmp_path / "r.parquet").num_rows == 3


COMMON_TYPES = {
    "game": pa.string(),
    "index": pa.int64(),
    "seed": pa.int64(),
    "game_seed": pa.uint64(),
    "options": pa.string(),
    "players": pa.int32(),
    "bots": pa.list_(pa.string()),
    "returns": pa.list_(pa.float64()),
    "winners": pa.list_(pa.int32()),
    "outcome": pa.string(),
    "actions": pa.int64(),
    "decisions": pa.int64(),
    "rounds": pa.int64(),
}


@pytest.mark.parametrize(
    ("game", "options", "measures"),
    [
        ("spacewolves", {"players": 3}, {"first_seat": pa.int32(), "scores": pa.list_(pa.int64())}),
        (
            "wolves-on-the-hunt",
            {"difficulty": "easy"},
            {"difficulty": pa.string(), "elders_left": pa.int32(), "ending": pa.string()},
        ),
        ("wolf", {"players": 3}, {"side_won": pa.string(), "contaminations": pa.int32(), "hero_deaths": pa.int32()}),
    ],
)
def test_each_game_writes_its_measures_with_their_types(
    tmp_path: Path, game: str, options: dict[str, Any], measures: dict[str, pa.DataType]
) -> None:
    out = tmp_path / "r.parquet"
    simulate(make_spec(game, options, "random", seed=2), games=2, out=out, executor=InlineExecutor())
    table = pq.read_table(out)
    assert {name: table.schema.field(name).type for name in COMMON_TYPES} == COMMON_TYPES
    assert {name: table.schema.field(name).type for name in measures} == measures
    row = table.to_pylist()[0]
    assert json.loads(row["options"]) == wolfpack.load_game(game, **options).options_dict()
    assert row["outcome"]
    assert row["rounds"] >= 1


def test_spacewolves_measures_give_seat_order_and_scores(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate(make_spec("spacewolves", {"players": 3}, "heuristic", seed=1), games=1, out=out, executor=InlineExecutor())
    row = rows(out)[0]
    assert row["turn_places"][row["first_seat"]] == 0
    assert sorted(row["turn_places"]) == [0, 1, 2]
    best = max(row["scores"])
    assert row["winners"] == [seat for seat, score in enumerate(row["scores"]) if score == best]
    assert row["outcome"] == "+".join(c for c, s in zip(row["colours"], row["scores"], strict=True) if s == best)


def test_hunt_measures_name_how_the_hunt_ended(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate(make_spec("wolves-on-the-hunt", {"difficulty": "hard"}, "random", 6), 3, out, InlineExecutor())
    for row in rows(out):
        assert row["difficulty"] == "hard"
        assert row["outcome"] in ("win", "loss")
        assert (row["ending"] == "pack leader killed") == (row["outcome"] == "win")
        if row["ending"] == "the last elder":
            assert row["elders_left"] == 0


def test_hunt_ending_reads_the_final_view() -> None:
    hunters = [{"hearts": 3}, {"hearts": 5}]
    assert hunt_ending({"result": "win", "hunters": hunters, "elders": 0}) == "pack leader killed"
    assert hunt_ending({"result": "loss", "hunters": [{"hearts": 0}], "elders": 1}) == "a hunter's last heart"
    assert hunt_ending({"result": "loss", "hunters": hunters, "elders": 0}) == "the last elder"
    assert hunt_ending({"result": "loss", "hunters": hunters, "elders": 2}) == "the last round ended"


def test_wolf_ending_is_the_reason_on_the_winners_line() -> None:
    log = ["Jack moves", "The wolves win: no uncontaminated hero is left", "Jack shows his wolf cards: black"]
    assert wolf_ending(log, "wolves") == "no uncontaminated hero is left"
    assert wolf_ending(log, "heroes") == ""


def test_winners_are_the_best_seats_and_nobody_when_all_tie() -> None:
    assert winners([0.0, 1.0, 0.0]) == [1]
    assert winners([1.0, 1.0, -1.0]) == [0, 1]
    assert winners([0.0, 0.0]) == []


def test_den_of_wolves_rows_hold_every_ship_every_turn(tmp_path: Path) -> None:
    out = tmp_path / "den.parquet"
    run_spec = make_spec("den-of-wolves", {"turns": 2}, "heuristic", seed=1)
    assert run_spec.bots[0] == "control"  # one name for all: Control keeps its own bot
    assert set(run_spec.bots[1:]) == {"heuristic"}
    simulate(run_spec, games=1, out=out, executor=InlineExecutor())
    table = pq.read_table(out)
    assert table.schema.field("ship_turns").type.value_type.field("morale").type == pa.int32()
    row = table.to_pylist()[0]
    ships = {entry["ship"] for entry in row["ship_turns"]}
    assert len(ships) > 1
    assert len(row["ship_turns"]) == 2 * len(ships)
    assert [turn["turn"] for turn in row["fleet_turns"]] == [1, 2]
    assert row["rounds"] == 2
    last = [entry["morale"] for entry in row["ship_turns"] if entry["turn"] == 2]
    assert row["ships_at_zero"] == sum(m == 0 for m in last)
    assert row["attacks"] == len(row["attack_log"])
    assert row["fleet_jumps"] == sum(turn["fleet_jumped"] for turn in row["fleet_turns"])


def test_the_den_combat_scenario_is_simulated_one_attack_a_row_the_same_seed_the_same_file(tmp_path: Path) -> None:
    """`wolfpack combat` retired: its attacks are now rows of `simulate` with the combat scenario's options."""
    args = ("simulate", "den-of-wolves", "-o", "scenario=combat", "-o", "pursuit=10", "--games", "3", "--seed", "2")
    for name in ("a", "b"):
        result = run(*args, "--out", str(tmp_path / f"{name}.parquet"))
        assert result.exit_code == 0, result.output
    first = pq.read_table(tmp_path / "a.parquet")
    assert first.equals(pq.read_table(tmp_path / "b.parquet"))
    assert (tmp_path / "a.parquet").read_bytes() == (tmp_path / "b.parquet").read_bytes()
    for row in first.to_pylist():
        assert json.loads(row["options"])["scenario"] == "combat"
        assert (row["outcome"], row["rounds"], row["attacks"]) == ("event over", 1, 1)
        (attack,) = row["attack_log"]
        assert (attack["turn"], attack["pursuit"]) == (1, 10)
        assert attack["rounds"] <= 6 and attack["destroyed"] <= attack["arrived"]


# ---- --engine batch ---------------------------------------------------------------------------------------------

BATCH = (*SPACEWOLVES, "--engine", "batch")
NUMBA = pytest.mark.usefixtures("spacewolves_batch")
"""The tests that call the compiled kernel: compiled once across the test workers, at test time (tests/compiled.py)."""


@NUMBA
def test_a_batch_run_writes_the_scalar_columns_and_analyze_reads_either(tmp_path: Path) -> None:
    scalar, batched = tmp_path / "scalar.parquet", tmp_path / "batch.parquet"
    assert run("simulate", *SPACEWOLVES, "--games", "6", "--out", str(scalar)).exit_code == 0
    result = run("simulate", *BATCH, "--games", "100", "--out", str(batched))
    assert result.exit_code == 0, result.output
    assert pq.read_schema(batched).remove_metadata() == pq.read_schema(scalar).remove_metadata()
    games = rows(batched)
    assert [game["index"] for game in games] == list(range(100))
    for game in games:
        assert game["game_seed"] == game_seed(1, game["index"])
        assert 0 < game["decisions"] < game["actions"]
        assert sum(game["returns"]) == pytest.approx(1.0)
        assert game["winners"] == winners(game["returns"])
        best = max(game["scores"])
        assert game["outcome"] == "+".join(c for c, s in zip(game["colours"], game["scores"], strict=True) if s == best)
        assert game["turn_places"][game["first_seat"]] == 0
    assert len({game["actions"] for game in games}) > 20
    both = run("analyze", str(scalar), str(batched))
    assert both.exit_code == 0, both.output
    assert "106 games" in both.output


@NUMBA
def test_a_batch_run_in_parts_equals_one_run(tmp_path: Path) -> None:
    whole, grown = tmp_path / "whole.parquet", tmp_path / "grown.parquet"
    assert run("simulate", *BATCH, "--games", "40", "--out", str(whole)).exit_code == 0
    assert run("simulate", *BATCH, "--games", "15", "--out", str(grown)).exit_code == 0
    assert "15 kept from before" in run("simulate", *BATCH, "--games", "40", "--out", str(grown)).output
    assert rows(grown) == rows(whole)


@NUMBA
@pytest.mark.parametrize(("first", "then"), [(BATCH, SPACEWOLVES), (SPACEWOLVES, BATCH)])
def test_a_run_is_not_resumed_with_the_other_engine(
    tmp_path: Path, first: tuple[str, ...], then: tuple[str, ...]
) -> None:
    out = tmp_path / "r.parquet"
    assert run("simulate", *first, "--games", "3", "--out", str(out)).exit_code == 0
    before = snapshot(tmp_path)
    result = run("simulate", *then, "--games", "5", "--out", str(out))
    assert result.exit_code == EXIT_USAGE
    assert "another run (engine" in result.output
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("wolf", "--engine", "batch"), "--engine batch: wolf has no batch engine"),
        (("spacewolves", "--engine", "turbo"), "--engine turbo: the engines are scalar, batch"),
    ],
)
def test_an_engine_that_cannot_play_the_run_is_refused(tmp_path: Path, args: tuple[str, ...], named: str) -> None:
    result = run("simulate", *args, "--out", str(tmp_path / "r.parquet"))
    assert result.exit_code == EXIT_USAGE
    assert named in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_bot_the_batch_engine_cannot_play_is_refused_naming_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wolfpack.games.spacewolves.batch import ENGINE

    monkeypatch.setattr(ENGINE, "bots", ("random",))
    result = run("simulate", "spacewolves", "--bots", "heuristic", "--engine", "batch", "--out", str(tmp_path / "r"))
    assert result.exit_code == EXIT_USAGE
    assert "spacewolves's batch engine has no bot 'heuristic'; it plays random" in result.output
    assert list(tmp_path.iterdir()) == []


@NUMBA
def test_a_file_from_before_engines_resumes_as_a_scalar_run(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate(spec(), games=3, out=out, executor=InlineExecutor())
    table = pq.read_table(out)
    identity = json.loads(table.schema.metadata[b"wolfpack.simulate"])
    del identity["engine"]
    pq.write_table(table.replace_schema_metadata({b"wolfpack.simulate": json.dumps(identity).encode()}), out)
    assert simulate(spec(), games=5, out=out, executor=InlineExecutor()).kept == 3
    with pytest.raises(SimulationError, match='engine "scalar" there, "batch" now'):
        simulate(
            make_spec("spacewolves", {"players": 3}, "random", 3, "batch"), games=6, out=out, executor=InlineExecutor()
        )
