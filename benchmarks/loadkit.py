"""What the load tests share: the server as a child process, the watch on both processes, the figures' arithmetic.

`benchmarks/loadtest.py` (tables) and `benchmarks/loadtest_event.py` (a live Den of Wolves event) both import it:

- `run_with_server` is a load test's `main`: a temporary directory, `wolfpack serve` on a free loopback port, the
  signals (Ctrl-C, SIGTERM, a hard timeout that kills the server even if the event loop hangs), the report, the
  JSON figures and the exit status;
- `ProcessWatch` reads the server's and this process's memory and CPU;
- `percentile`, `slope_per_minute`, `memory_figures` and `machine_figures` turn what was recorded into figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import json
import os
import platform
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import psutil  # type: ignore[import-untyped, unused-ignore]  # no types-psutil in the dev extra

SERVER_STOP_SECONDS = 15.0
"""Grace given to the server after SIGINT before it is killed."""

EXIT_OK, EXIT_SERVER_DIED, EXIT_TIMEOUT, EXIT_INTERRUPTED = 0, 1, 3, 130


class SetupError(Exception):
    """The run could not start (server not up, nothing to play, clients not joined)."""


# ---- figures ---------------------------------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values (NaN when empty)."""
    if not values:
        return float("nan")
    rank = max(0, min(len(values) - 1, int(q / 100.0 * len(values) + 0.999999) - 1))
    return values[rank]


def ms(values: Sequence[float], q: float) -> float:
    """A percentile of sorted seconds, in milliseconds rounded to 0.01."""
    return round(percentile(values, q) * 1000, 2)


def latency_figures(seconds: Sequence[float]) -> dict[str, Any]:
    """Count, p50, p90, p99, max and mean (ms) of latencies in seconds, in any order."""
    ordered = sorted(seconds)
    return {
        "count": len(ordered),
        "p50": ms(ordered, 50),
        "p90": ms(ordered, 90),
        "p99": ms(ordered, 99),
        "max": ms(ordered, 100),
        "mean": round(sum(ordered) / len(ordered) * 1000, 2) if ordered else float("nan"),
    }


def slope_per_minute(points: Sequence[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, value) points, in value per minute (NaN with fewer than 2 points)."""
    if len(points) < 2:
        return float("nan")
    n = len(points)
    mx = sum(p[0] for p in points) / n
    my = sum(p[1] for p in points) / n
    sxx = sum((p[0] - mx) ** 2 for p in points)
    if sxx == 0:
        return float("nan")
    sxy = sum((p[0] - mx) * (p[1] - my) for p in points)
    return sxy / sxx * 60.0


def memory_figures(points: Sequence[tuple[float, float]], seconds: float) -> dict[str, Any]:
    """The server's RSS over the window from (seconds since start, MB) points: start, end, max, slopes, samples."""
    half = [p for p in points if p[0] >= seconds / 2]
    return {
        "start": round(points[0][1], 1) if points else None,
        "end": round(points[-1][1], 1) if points else None,
        "max": round(max(p[1] for p in points), 1) if points else None,
        "slope_mb_per_min": round(slope_per_minute(points), 3),
        "slope_second_half_mb_per_min": round(slope_per_minute(half), 3),
        "samples": [[round(t, 1), round(mb, 2)] for t, mb in points],
    }


def machine_figures(load_start: Sequence[float], load_end: Sequence[float]) -> dict[str, Any]:
    """The machine: its CPUs, Python, and its load average at both ends of the window."""
    return {
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "loadavg_start": [round(x, 2) for x in load_start],
        "loadavg_end": [round(x, 2) for x in load_end],
    }


def cpu_percent(used: tuple[float, float], seconds: float) -> dict[str, float | None]:
    """CPU seconds (server, client) used over `seconds`, as a percentage of one core."""
    if seconds <= 0:
        return {"server": None, "client": None}
    return {"server": round(used[0] / seconds * 100, 1), "client": round(used[1] / seconds * 100, 1)}


def format_load(values: Sequence[float]) -> str:
    """A load average as `top` shows it."""
    return " ".join(f"{v:.2f}" for v in values)


# ---- watching both processes -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """One look at both processes."""

    server_rss: int
    client_rss: int
    server_cpu: float
    client_cpu: float
    load1: float
    helpers_rss: int = 0
    """The server's child processes (the view process, the resource tracker)."""
    helpers_cpu: float = 0.0


class ProcessWatch:
    """The server's and this process's memory and CPU time."""

    def __init__(self, server_pid: int) -> None:
        self.server = psutil.Process(server_pid)
        self.client = psutil.Process()

    def cpu_seconds(self) -> tuple[float, float]:
        """CPU seconds used so far by the server (all threads) and by this process."""
        try:
            times = self.server.cpu_times()
            server_cpu = times.user + times.system
        except psutil.Error:
            server_cpu = float("nan")
        client = self.client.cpu_times()
        return server_cpu, client.user + client.system

    def read(self) -> Reading | None:
        """Both processes now (None if the server is gone)."""
        try:
            server_rss = self.server.memory_info().rss
        except psutil.Error:
            return None
        server_cpu, client_cpu = self.cpu_seconds()
        helpers_cpu, helpers_rss = self.helpers()
        client_rss, load1 = self.client.memory_info().rss, os.getloadavg()[0]
        return Reading(server_rss, client_rss, server_cpu, client_cpu, load1, helpers_rss, helpers_cpu)

    def helpers(self) -> tuple[float, int]:
        """CPU seconds and RSS of the server's child processes now (a view process, its resource tracker)."""
        cpu, rss = 0.0, 0
        try:
            children = self.server.children(recursive=True)
        except psutil.Error:
            return cpu, rss
        for child in children:
            with contextlib.suppress(psutil.Error):
                times = child.cpu_times()
                cpu += times.user + times.system
                rss += child.memory_info().rss
        return cpu, rss


# ---- the server process ----------------------------------------------------------------------------------------


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _die_with_parent() -> None:
    """In the child, before exec: ask Linux to SIGTERM it if this process dies (even by SIGKILL)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def server_command(port: int, database: str, extra: Sequence[str] = (), profile: Path | None = None) -> list[str]:
    """`wolfpack serve` on loopback at `port` with `database`, plus `extra` options; under cProfile writing its
    stats to `profile` when given (the event loop's thread only: the database thread is not profiled)."""
    script = Path(sys.executable).with_name("wolfpack")
    if profile is not None:
        command = [sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "wolfpack"]
    elif script.exists():
        command = [str(script)]
    else:
        command = [sys.executable, "-m", "wolfpack"]
    return [*command, "serve", "--host", "127.0.0.1", "--port", str(port), "--database", database, *extra]


def start_server(
    port: int, database: str, log: Path, extra: Sequence[str] = (), profile: Path | None = None
) -> subprocess.Popen[bytes]:
    """`wolfpack serve` on loopback, in its own session (Ctrl-C reaches only us; we stop it ourselves)."""
    with log.open("wb") as out:
        return subprocess.Popen(
            server_command(port, database, extra, profile),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_die_with_parent if sys.platform == "linux" else None,
        )


def stop_server(server: subprocess.Popen[bytes]) -> int | None:
    """SIGINT (uvicorn's graceful stop), then SIGKILL after SERVER_STOP_SECONDS; the exit status."""
    if server.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            server.send_signal(signal.SIGINT)
        try:
            server.wait(SERVER_STOP_SECONDS)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    return server.returncode


def log_tail(log: Path, lines: int = 20) -> str:
    """The last lines the server wrote."""
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


# ---- a load test's main ----------------------------------------------------------------------------------------

Run = Callable[[subprocess.Popen[bytes], str, Path], Coroutine[Any, Any, dict[str, Any]]]
"""A load test's run: given the server, its base URL and the temporary directory, its figures."""


def run_with_server(
    args: argparse.Namespace,
    name: str,
    run: Run,
    report: Callable[[dict[str, Any]], str],
    *,
    prepare: Callable[[str, Path], None] | None = None,
    server_options: Sequence[str] = (),
    profile: Path | None = None,
) -> int:
    """Start the server on a fresh SQLite database (after `prepare(database, directory)`), run, always stop it,
    print the report and write `args.json`; the exit status. `profile`: the server runs under cProfile.

    `args` needs `timeout` (seconds), `json` and `keep_log` (paths or None)."""
    with tempfile.TemporaryDirectory(prefix=f"wolfpack-{name}-") as tmp:
        directory = Path(tmp)
        log = directory / "server.log"
        database = f"sqlite:///{directory / f'{name}.db'}"
        if prepare is not None:
            try:
                prepare(database, directory)
            except SetupError as exc:
                print(f"{name}: set-up failed: {exc}", file=sys.stderr)
                return EXIT_TIMEOUT
        port = free_port()
        server = start_server(port, database, log, server_options, profile)

        def last_resort(signum: int, _frame: FrameType | None) -> None:
            # The event loop did not give up in time: kill the server and leave at once.
            with contextlib.suppress(ProcessLookupError):
                server.kill()
            sys.stderr.write(f"{name}: hard timeout passed, server killed\n")
            os._exit(EXIT_TIMEOUT)

        def terminated(signum: int, _frame: FrameType | None) -> None:
            raise KeyboardInterrupt

        signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started with SIGINT ignored (`cmd &`)
        signal.signal(signal.SIGALRM, last_resort)
        signal.signal(signal.SIGTERM, terminated)
        signal.alarm(int(args.timeout) + 30)
        status = EXIT_OK
        figures: dict[str, Any] | None = None
        try:
            print(f"server pid {server.pid} on 127.0.0.1:{port}, database in {tmp}", flush=True)
            figures = asyncio.run(_bounded(run(server, f"http://127.0.0.1:{port}", directory), args.timeout))
            if figures["server_died"]:
                status = EXIT_SERVER_DIED
        except SetupError as exc:
            print(f"{name}: set-up failed: {exc}", file=sys.stderr)
            status = EXIT_SERVER_DIED if server.poll() is not None else EXIT_TIMEOUT
        except TimeoutError:
            print(f"{name}: hard timeout of {args.timeout:g} s passed", file=sys.stderr)
            status = EXIT_TIMEOUT
        except KeyboardInterrupt:
            print(f"{name}: interrupted", file=sys.stderr)
            status = EXIT_INTERRUPTED
        finally:
            died = server.poll() is not None
            code = stop_server(server)
            signal.alarm(0)
            if died:
                print(f"{name}: the server died (exit status {code}); its last lines:", file=sys.stderr)
                print(log_tail(log), file=sys.stderr)
                status = EXIT_SERVER_DIED
            if args.keep_log is not None:
                with contextlib.suppress(OSError):
                    args.keep_log.write_bytes(log.read_bytes())
        if figures is not None:
            print(report(figures))
            if args.json is not None:
                args.json.parent.mkdir(parents=True, exist_ok=True)
                args.json.write_text(json.dumps(figures, indent=2) + "\n")
                print(f"figures written to {args.json}")
    return status


async def _bounded(run: Coroutine[Any, Any, dict[str, Any]], seconds: float) -> dict[str, Any]:
    async with asyncio.timeout(seconds):
        return await run
