"""`wolfpack simulate --cluster`: a real Dask scheduler and workers on loopback write the same file as a local run."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from distributed import Client
from typer.testing import CliRunner, Result

from wolfpack.cli import EXIT_ABANDONED, EXIT_USAGE, app
from wolfpack.sim import cluster as cluster_module
from wolfpack.sim.cluster import ClusterLostError, DaskExecutor, check_address, check_workers, code_identity
from wolfpack.sim.simulate import (
    FORMAT,
    InlineExecutor,
    RunSpec,
    SimulationError,
    make_spec,
    plan_chunks,
    play_chunk,
    simulate,
)

STARTUP_SECONDS = 90.0
"""How long a scheduler or worker may take to come up on a loaded 2-core machine before the test gives up."""

BLOCK_WOLFPACK = """\
import sys


class _NoWolfpack:
    def find_spec(self, name, path=None, target=None):
        if name == "wolfpack" or name.startswith("wolfpack."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, _NoWolfpack())
"""
"""A worker preload that makes wolfpack unimportable: a machine where it was never installed."""


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def rows(path: Path) -> list[dict[str, Any]]:
    return pq.read_table(path).to_pylist()


def wait_until(condition: Any, what: str, deadline: float) -> Any:
    """Poll `condition()` until it gives something truthy; fail naming `what` if the deadline passes first."""
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


@dataclass
class LoopbackCluster:
    """A `dask scheduler` and its `dask worker` processes on 127.0.0.1, each in its own process group."""

    directory: Path
    address: str = ""
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)
    client: Client | None = None

    def start(self, command: str, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        log = (self.directory / f"{command}-{len(self.processes)}.log").open("wb")
        process = subprocess.Popen(
            [sys.executable, "-m", f"distributed.cli.dask_{command}", *args],
            cwd=self.directory,
            env={**os.environ, **(env or {})},
            stdout=log,
            stderr=subprocess.STDOUT,
            # Its own process group, so the nanny and its worker die together; but the same session, so that Linux's
            # autogroup scheduling gives it no more CPU than this test process (it would starve the client).
            process_group=0,
        )
        self.processes.append(process)
        return process

    def start_scheduler(self, env: dict[str, str] | None = None) -> None:
        scheduler_file = self.directory / "scheduler.json"
        where = ("--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(scheduler_file))
        self.start("scheduler", *where, env=env)

        def address() -> str:
            try:
                return str(json.loads(scheduler_file.read_text())["address"])
            except (OSError, ValueError, KeyError):
                return ""  # not written yet, or written half

        self.address = wait_until(address, "the scheduler file", time.monotonic() + STARTUP_SECONDS)
        self.client = Client(self.address, timeout=STARTUP_SECONDS, set_as_default=False)

    def workers(self) -> set[str]:
        assert self.client is not None
        return set(self.client.nthreads())

    def add_workers(self, count: int, *args: str) -> tuple[list[subprocess.Popen[bytes]], set[str]]:
        """Start `count` more single-threaded workers and wait until the scheduler has them all; return them."""
        assert self.client is not None
        before = self.workers()
        flags = ("--nthreads", "1", "--nworkers", "1", "--host", "127.0.0.1", "--no-dashboard")
        where = ("--local-directory", str(self.directory))
        started = [self.start("worker", self.address, *flags, *where, *args) for _ in range(count)]
        self.client.wait_for_workers(len(before) + count, timeout=STARTUP_SECONDS)
        return started, self.workers() - before

    def remove_worker(self, process: subprocess.Popen[bytes], address: str) -> None:
        """Kill a worker's process group and wait until the scheduler has let it go."""
        kill(process)
        wait_until(lambda: address not in self.workers(), f"the scheduler to drop {address}", time.monotonic() + 60)

    def stop(self) -> None:
        if self.client is not None:
            self.client.close()
        for process in reversed(self.processes):
            kill(process)


class KillWhenBusy(threading.Thread):
    """Kills a worker's process group the moment the scheduler shows it playing a chunk, so that chunk is lost."""

    def __init__(self, client: Client, worker_groups: dict[str, int]) -> None:
        super().__init__(daemon=True)
        self.client = client
        self.worker_groups = worker_groups
        """The workers that may be killed: address -> process group."""
        self.lost: list[str] = []

    def run(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while not self.lost and time.monotonic() < deadline:
            processing = self.client.processing(list(self.worker_groups))
            for worker, keys in processing.items():
                if keys and not self.lost:
                    self.lost.extend(keys)
                    os.killpg(self.worker_groups[worker], signal.SIGKILL)
            time.sleep(0.01)  # polls for the condition (a busy worker); nothing waits on the clock


def kill(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL a process group started by LoopbackCluster.start, and reap its leader."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoopbackCluster]:
    """A scheduler and two single-threaded workers on loopback, on ports the OS picks (safe under xdist)."""
    running = LoopbackCluster(tmp_path_factory.mktemp("dask"))
    try:
        running.start_scheduler()
        running.add_workers(2)
        yield running
    finally:
        running.stop()


def local_file(run_spec: RunSpec, games: int, out: Path) -> Path:
    simulate(run_spec, games=games, out=out, executor=InlineExecutor())
    return out


@pytest.mark.parametrize(
    ("game", "options", "bots"),
    [("spacewolves", {"players": 4}, "heuristic"), ("wolves-on-the-hunt", {"difficulty": "hard"}, "heuristic")],
)
def test_a_cluster_run_writes_the_same_file_as_a_local_run(
    cluster: LoopbackCluster, tmp_path: Path, game: str, options: dict[str, Any], bots: str
) -> None:
    run_spec = make_spec(game, options, bots, seed=5)
    local = local_file(run_spec, 12, tmp_path / "local.parquet")
    with DaskExecutor(cluster.address) as executor:
        assert (executor.workers, executor.jobs) == (2, 2)
        summary = simulate(run_spec, games=12, out=tmp_path / "cluster.parquet", executor=executor)
    assert (summary.played, summary.kept) == (12, 0)
    assert [row["index"] for row in rows(summary.out)] == list(range(12))
    assert rows(summary.out) == rows(local)
    assert summary.out.read_bytes() == local.read_bytes()
    assert len({json.dumps(row["returns"]) + str(row["actions"]) for row in rows(local)}) > 1  # the games differ


def test_the_command_plays_on_the_cluster_and_names_it(cluster: LoopbackCluster, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    args = ("spacewolves", "--players", "3", "--bots", "random", "--games", "10", "--seed", "2")
    result = run("simulate", *args, "--cluster", cluster.address, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "10 played in" in result.output
    assert f"on the Dask cluster at {cluster.address}, 2 worker(s)" in result.output
    local = local_file(make_spec("spacewolves", {"players": 3}, "random", seed=2), 10, tmp_path / "local.parquet")
    assert out.read_bytes() == local.read_bytes()
    assert not (tmp_path / "r.parquet.parts").exists()


def test_a_run_interrupted_locally_is_finished_on_the_cluster(cluster: LoopbackCluster, tmp_path: Path) -> None:
    # The chunk files are written by the client, so a run started anywhere resumes on a cluster (and back).
    args = ("spacewolves", "--players", "3", "--bots", "random", "--seed", "6", "--out", str(tmp_path / "r.parquet"))
    assert run("simulate", *args, "--games", "5").exit_code == 0
    result = run("simulate", *args, "--games", "11", "--cluster", cluster.address)
    assert result.exit_code == 0, result.output
    assert "5 kept from before" in result.output
    local = local_file(make_spec("spacewolves", {"players": 3}, "random", seed=6), 11, tmp_path / "local.parquet")
    assert rows(tmp_path / "r.parquet") == rows(local)


def test_a_worker_killed_mid_run_has_its_games_replayed_elsewhere_and_the_file_is_the_same(
    cluster: LoopbackCluster, tmp_path: Path
) -> None:
    run_spec = make_spec("spacewolves", {"players": 4}, "heuristic", seed=8)
    local = local_file(run_spec, 24, tmp_path / "local.parquet")
    [doomed], [doomed_address] = cluster.add_workers(1)
    assert cluster.client is not None
    killer = KillWhenBusy(cluster.client, {doomed_address: doomed.pid})
    try:
        with DaskExecutor(cluster.address) as executor:
            assert executor.workers == 3
            killer.start()
            summary = simulate(run_spec, 24, tmp_path / "cluster.parquet", executor)
        killer.join()
    finally:
        cluster.remove_worker(doomed, doomed_address)
    assert killer.lost, "the killed worker was playing nothing, so nothing was replayed"
    assert summary.played == 24
    assert summary.out.read_bytes() == local.read_bytes()


def test_a_run_stopped_early_cancels_the_games_left_on_the_cluster(cluster: LoopbackCluster) -> None:
    run_spec = make_spec("spacewolves", {"players": 4}, "heuristic", seed=9)
    with DaskExecutor(cluster.address) as executor:
        chunks = plan_chunks(list(range(40)), executor.jobs)
        playing = executor.run(run_spec, chunks)
        assert len(next(playing)) == len(chunks[0])
        assert len(executor.client.futures) == len(chunks)  # the rest still wanted: submitted, queued or playing
        playing.close()  # what Ctrl-C or an error in the consumer does to the generator
        assert executor.client.futures == {}
        idle = lambda: all(not keys for keys in executor.client.processing().values())  # noqa: E731
        wait_until(idle, "the workers to drop the cancelled games", time.monotonic() + 30)


def test_a_cluster_that_fails_mid_run_ends_it_in_a_sentence_and_the_finished_games_are_kept(tmp_path: Path) -> None:
    # A cluster of its own, whose scheduler gives up on a chunk at the first death of a worker playing it.
    own = LoopbackCluster(tmp_path / "own")
    own.directory.mkdir()
    run_spec = make_spec("spacewolves", {"players": 4}, "heuristic", seed=10)
    out = tmp_path / "r.parquet"
    try:
        own.start_scheduler(env={"DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"})
        with pytest.raises(SimulationError, match=f"the Dask scheduler at {own.address} has no workers"):
            DaskExecutor(own.address, timeout=0.5)
        own.add_workers(2)
        with DaskExecutor(own.address) as executor, pytest.raises(ClusterLostError, match="gave up on the games"):
            worker_pids: dict[str, int] = executor.client.run(os.getpid)
            killer = KillWhenBusy(executor.client, {worker: os.getpgid(pid) for worker, pid in worker_pids.items()})
            killer.start()
            simulate(run_spec, 24, out, executor)
        killer.join()
        assert killer.lost
        scheduler = own.processes[0]
        with DaskExecutor(own.address) as executor, pytest.raises(ClusterLostError, match="stopped answering"):
            simulate(run_spec, 24, out, executor, on_done=lambda count: kill(scheduler))
    finally:
        own.stop()
    summary = simulate(run_spec, 24, out, InlineExecutor())
    assert 0 < summary.kept < 24  # what both broken runs finished was kept
    assert out.read_bytes() == local_file(run_spec, 24, tmp_path / "local.parquet").read_bytes()


class LosesTheCluster:
    """An executor whose cluster goes away after the first chunk."""

    jobs = 1

    def run(self, run_spec: RunSpec, chunks: Sequence[Sequence[int]]) -> Iterator[list[dict[str, Any]]]:
        yield play_chunk(run_spec, chunks[0])
        raise ClusterLostError("the Dask scheduler at tcp://127.0.0.1:8786 stopped answering in the middle of the run")


def test_the_command_says_when_the_cluster_is_lost_and_keeps_the_finished_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster_module, "open_executor", lambda jobs, cluster: LosesTheCluster())
    out = tmp_path / "r.parquet"
    args = ("spacewolves", "--players", "3", "--bots", "random", "--games", "12", "--out", str(out))
    result = run("simulate", *args, "--cluster", "tcp://127.0.0.1:8786")
    assert result.exit_code == EXIT_ABANDONED
    assert "stopped answering in the middle of the run; the finished games are kept in" in result.output
    assert "the same command goes on" in result.output
    assert len(list((tmp_path / "r.parquet.parts").glob("*.parquet"))) == 1
    assert not out.exists()


def test_a_worker_without_wolfpack_is_refused_by_name(cluster: LoopbackCluster, tmp_path: Path) -> None:
    preload = cluster.directory / "no_wolfpack.py"
    preload.write_text(BLOCK_WOLFPACK)
    [bare], [bare_address] = cluster.add_workers(1, "--preload", str(preload))
    try:
        with pytest.raises(SimulationError) as refused:
            DaskExecutor(cluster.address)
    finally:
        cluster.remove_worker(bare, bare_address)
    assert f"the Dask worker {bare_address} cannot run wolfpack" in str(refused.value)
    assert "No module named 'wolfpack'" in str(refused.value)
    assert "install the same wolfpack checkout or wheel on every machine" in str(refused.value)


def test_a_worker_with_other_wolfpack_code_is_refused_naming_both() -> None:
    here = code_identity()
    assert here["format"] == FORMAT
    assert len(here["code"]) == 16
    other = {**here, "code": "0123456789abcdef"}
    with pytest.raises(SimulationError, match=r"runs another wolfpack \(version .*, code 0123456789abcdef\)"):
        check_workers("tcp://127.0.0.1:8786", here, {"tcp://127.0.0.1:40001": here, "tcp://127.0.0.1:40002": other})
    with pytest.raises(SimulationError, match="row format 2"):
        check_workers("tcp://127.0.0.1:8786", here, {"tcp://127.0.0.1:40001": {**here, "format": 2}})
    check_workers("tcp://127.0.0.1:8786", here, {"tcp://127.0.0.1:40001": dict(here)})  # the same: accepted


OTHER_CODE = """\
import wolfpack.sim.cluster as cluster

cluster.code_identity = lambda: {**cluster._code_identity(), "code": "0123456789abcdef"}  # may be run twice
"""
"""A worker preload that makes the worker name other code than the client's: a machine with another checkout."""


def test_a_worker_with_other_code_that_joins_mid_run_has_its_games_refused(tmp_path: Path) -> None:
    late = LoopbackCluster(tmp_path)
    preload = tmp_path / "other_code.py"
    preload.write_text(OTHER_CODE)
    out = tmp_path / "r.parquet"
    run_spec = make_spec("spacewolves", {"players": 3}, "random", seed=3)
    try:
        late.start_scheduler()
        [good], [good_address] = late.add_workers(1)
        with DaskExecutor(late.address) as executor:  # checked with the good worker alone: accepted
            late.add_workers(1, "--preload", str(preload))
            late.remove_worker(good, good_address)  # every chunk now lands on the newcomer
            with pytest.raises(ClusterLostError) as refused:
                simulate(run_spec, games=6, out=out, executor=executor)
    finally:
        late.stop()
    assert "joined during the run with another wolfpack (version" in str(refused.value)
    assert "code 0123456789abcdef" in str(refused.value) and "were not kept" in str(refused.value)
    assert not out.exists()
    assert not list((tmp_path / "r.parquet.parts").glob("*.parquet"))  # none of its rows were written


def test_a_scheduler_without_workers_is_refused() -> None:
    with pytest.raises(SimulationError, match=r"has no workers: start some with `dask worker tcp://h:8786`"):
        check_workers("tcp://h:8786", code_identity(), {})


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_address_where_nothing_listens_is_refused_in_a_sentence_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 0.5)
    address = f"tcp://127.0.0.1:{free_port()}"
    result = run("simulate", "spacewolves", "--cluster", address, "--out", str(tmp_path / "r.parquet"))
    assert result.exit_code == EXIT_USAGE
    assert f"no Dask scheduler answers at {address}: start one with `dask scheduler`" in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("address", ["tcp//x", "", "tcp://", "tcp://host", "http://host:8786", "tcp://h:99999"])
def test_a_malformed_address_is_refused_with_exit_2_and_writes_nothing(tmp_path: Path, address: str) -> None:
    result = run("simulate", "spacewolves", "--cluster", address, "--out", str(tmp_path / "r.parquet"))
    assert result.exit_code == EXIT_USAGE
    assert f"--cluster {address!r}: give the scheduler's address" in result.output
    assert list(tmp_path.iterdir()) == []


def test_well_formed_addresses_are_taken() -> None:
    for address in ("tcp://127.0.0.1:8786", "tcp://head-node.lab:8786", "tcp://[::1]:8786"):
        assert check_address(address) == address


def test_cluster_and_several_jobs_are_refused_together(tmp_path: Path) -> None:
    args = ("--cluster", "tcp://127.0.0.1:8786", "--jobs", "2", "--out", str(tmp_path / "r.parquet"))
    result = run("simulate", "spacewolves", *args)
    assert result.exit_code == EXIT_USAGE
    assert "--cluster and --jobs 2: give one of them" in result.output
    assert list(tmp_path.iterdir()) == []
