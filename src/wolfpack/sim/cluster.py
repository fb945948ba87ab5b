"""Running a simulation's chunks on a Dask distributed cluster (`wolfpack simulate --cluster tcp://HOST:8786`).

The cluster only plays chunks: `play_chunk(spec, chunk)` depends on nothing but the run and the games in it, and
this process writes every finished chunk, so a cluster run gives the same file as a local one and resumes (or is
resumed) exactly like one (docs/simulation.md, "On a Dask cluster").
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.metadata
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from wolfpack.sim.simulate import FORMAT, Executor, RunSpec, SimulationError, local_executor, play_chunk

ADDRESS = re.compile(r"tcp://(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.\-]*):(?P<port>\d{1,5})")
"""A scheduler address as `dask scheduler` prints it: tcp://HOST:PORT (an IPv6 host in brackets)."""

CONNECT_SECONDS = 10.0
"""Our default: how long to wait for the scheduler to answer, and then for a first worker, before refusing."""

CODE_SUFFIXES = (".py", ".toml")
"""The package files that decide a row: the code and the content packs (not pages, styles or caches)."""


def check_address(address: str) -> str:
    """Refuse a scheduler address that is not tcp://HOST:PORT with a port from 1 to 65535; return it unchanged."""
    match = ADDRESS.fullmatch(address)
    if match is None or not 1 <= int(match["port"]) <= 65535:
        raise SimulationError(
            f"--cluster {address!r}: give the scheduler's address as `dask scheduler` prints it, "
            "such as tcp://192.168.1.20:8786"
        )
    return address


def code_identity() -> dict[str, Any]:
    """This process's wolfpack: its version, the row format, and a digest of the code and content that make rows."""
    return dict(_code_identity())


@functools.cache
def _code_identity() -> dict[str, Any]:
    # made once per process: a worker names its code with every chunk, and the digest reads the whole package
    import wolfpack

    package = Path(wolfpack.__file__).parent
    digest = hashlib.sha256()
    files = sorted(p for p in package.rglob("*") if p.suffix in CODE_SUFFIXES and "__pycache__" not in p.parts)
    for path in files:
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return {"wolfpack": importlib.metadata.version("wolfpack"), "format": FORMAT, "code": digest.hexdigest()[:16]}


def check_workers(address: str, wanted: Mapping[str, Any], found: Mapping[str, Any]) -> None:
    """Refuse a cluster with no workers, or with a worker that cannot import wolfpack or has other code than here."""
    if not found:
        raise SimulationError(
            f"the Dask scheduler at {address} has no workers: start some with `dask worker {address}`"
        )
    for worker, identity in sorted(found.items()):
        if isinstance(identity, BaseException):
            raise SimulationError(
                f"the Dask worker {worker} cannot run wolfpack ({identity}): install the same wolfpack checkout or "
                "wheel on every machine (docs/simulation.md, On a Dask cluster)"
            )
        if identity != wanted:
            raise SimulationError(
                f"the Dask worker {worker} runs another wolfpack ({_describe(identity)}) than this one "
                f"({_describe(wanted)}), so its games could differ: install the same checkout or wheel on every machine"
            )


def play_named_chunk(spec: RunSpec, indices: Sequence[int]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """On a worker: its address, its `code_identity()` and the chunk's rows, so that a worker that joined after the
    run's check is checked too before its rows are kept."""
    from distributed import get_worker

    return get_worker().address, code_identity(), play_chunk(spec, indices)


def _describe(identity: Mapping[str, Any]) -> str:
    return f"version {identity.get('wolfpack')}, row format {identity.get('format')}, code {identity.get('code')}"


class ClusterLostError(RuntimeError):
    """The cluster stopped answering, or gave up on a chunk, in the middle of a run (the finished chunks are kept)."""


class DaskExecutor:
    """Plays the chunks on the workers of a running Dask scheduler; this process writes what they return."""

    def __init__(self, address: str, timeout: float | None = None) -> None:
        from distributed import Client

        self.address = check_address(address)
        seconds = timeout or CONNECT_SECONDS
        try:
            self.client = Client(self.address, timeout=seconds, set_as_default=False)
        except OSError:
            raise SimulationError(
                f"--cluster: no Dask scheduler answers at {self.address}: start one with `dask scheduler`"
            ) from None
        try:
            with contextlib.suppress(TimeoutError):
                # Workers started with the scheduler take a moment to join; check_workers refuses if none did.
                self.client.wait_for_workers(1, timeout=seconds)
            found = self.client.run(code_identity, on_error="return")
            self.identity = code_identity()
            check_workers(self.address, self.identity, found)
        except BaseException:
            self.close()
            raise
        threads = self.client.nthreads()
        self.workers = len(threads)
        self.jobs = sum(threads.values())
        """The cluster's worker threads when it was joined: chunks are planned for this many at once."""

    def describe(self) -> str:
        """Where the games are played, for the closing line."""
        return f"the Dask cluster at {self.address}, {self.workers} worker(s)"

    def run(self, spec: RunSpec, chunks: Sequence[Sequence[int]]) -> Iterator[list[dict[str, Any]]]:
        """Submit every chunk; yield each chunk's rows as it finishes; cancel what is left if stopped early."""
        from distributed import as_completed

        futures = {self.client.submit(play_named_chunk, spec, list(chunk), pure=False): chunk for chunk in chunks}
        try:
            for future in as_completed(futures, loop=self.client.loop):
                yield self._rows(future, futures[future])
        finally:
            # Ctrl-C, an error or a consumer that stops: nothing should keep playing on the cluster for nobody.
            if self.client.status == "running":
                self.client.cancel(list(futures))

    def _rows(self, future: Any, chunk: Sequence[int]) -> list[dict[str, Any]]:
        """A finished chunk's rows; a chunk the cluster lost or gave up on, or one a worker with other code played,
        becomes a ClusterLostError."""
        from concurrent.futures import CancelledError

        from distributed import KilledWorker

        try:
            worker, identity, rows = future.result()  # an error in a game is raised here whole: it is a bug
        except (CancelledError, OSError):
            # Cancelled by the client itself when the scheduler's connection dropped, or dropped while fetching.
            raise ClusterLostError(
                f"the Dask scheduler at {self.address} stopped answering in the middle of the run"
            ) from None
        except KilledWorker:
            raise ClusterLostError(
                f"the Dask cluster at {self.address} gave up on the games {chunk[0]} to {chunk[-1]}: the workers "
                "playing them died (its setting distributed.scheduler.allowed-failures says how often to retry)"
            ) from None
        if identity != self.identity:
            raise ClusterLostError(
                f"the Dask worker {worker} joined during the run with another wolfpack ({_describe(identity)}) than "
                f"this one ({_describe(self.identity)}), so its games {chunk[0]} to {chunk[-1]} were not kept: "
                "install the same checkout or wheel on every machine"
            )
        checked: list[dict[str, Any]] = rows
        return checked

    def close(self) -> None:
        """Leave the cluster (the scheduler and workers go on)."""
        self.client.close()

    def __enter__(self) -> DaskExecutor:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def open_executor(jobs: int, cluster: str | None) -> Executor:
    """The executor for `--jobs J` or `--cluster ADDRESS`; not both, since a cluster's workers are its jobs."""
    if cluster is None:
        return local_executor(jobs)
    if jobs != 1:
        raise SimulationError(f"--cluster and --jobs {jobs}: give one of them; on a cluster its workers are the jobs")
    return DaskExecutor(cluster)


__all__ = [
    "ClusterLostError",
    "DaskExecutor",
    "check_address",
    "check_workers",
    "code_identity",
    "open_executor",
    "play_named_chunk",
]
