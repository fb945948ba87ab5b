"""wolfpack's server against boardgame.io's, on the same game with the same players (issue 34, item 8).

Tic-tac-toe on both: on wolfpack the example plugin (examples/wolfpack-tictactoe, pip-installed into a temporary
folder), on boardgame.io our own port of it (benchmarks/bgio/tictactoe.js) on boardgame.io's Server with its
socket.io transport, matches in memory. One load driver (benchmarks/bgio/driver.js, Node) plays both: `--tables`
games at once, two seats each and a connection per seat, one move every 1/`--rate` seconds, a finished game
replaced by a new one. Reported side by side from one run, each server measured alone on this machine's loopback:
the latency from a move's submit to both seats holding it (p50, p99, max), the server process's CPU (share of one
core over the measured window) and memory (RSS), and the driver's CPU. wolfpack runs twice by default: seats that
ask for the drawn board (`render`, as the table page does) and seats that do not (raw views, as a boardgame.io
client gets).

    python benchmarks/server_vs_bgio.py                                  # 10 tables, 40 moves/s, 20 s each
    python benchmarks/server_vs_bgio.py --tables 50 --rate 200 --seconds 30 --json var/bgio.json

boardgame.io is installed by npm into benchmarks/bgio/node_modules (`npm ci`, from its package-lock.json) the first
time this runs, never into the repository's runtime. docs/benchmarks-bgio.md has the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped, unused-ignore]  # no types-psutil in the dev extra
from loadkit import format_load, free_port, latency_figures, log_tail, start_server, stop_server

ROOT = Path(__file__).resolve().parents[1]
BGIO = ROOT / "benchmarks" / "bgio"
EXAMPLE = ROOT / "examples" / "wolfpack-tictactoe"
TARGETS = ("wolfpack", "wolfpack-raw", "bgio")
TITLES = {"wolfpack": "wolfpack (render)", "wolfpack-raw": "wolfpack (raw)", "bgio": "boardgame.io 0.50.2"}
UP_SECONDS = 60.0
"""A safety net for a server to start answering, not a timing figure."""
SAMPLE_SECONDS = 0.25
"""How often the server's memory is read during the measured window."""
STRAGGLERS_SECONDS = 30.0
"""A safety net for the driver to finish after its window (it waits 2 s for moves in flight)."""


class BenchError(Exception):
    """The benchmark could not run (npm, a server, the driver); the message says which."""


@dataclass
class Watch:
    """A process's CPU time and the most memory it and its children used, read in a thread of this process."""

    pid: int
    rss: list[float] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def cpu_seconds(self) -> float:
        """CPU seconds used so far by the process and its children (a server's helpers)."""
        process = psutil.Process(self.pid)
        total = sum(process.cpu_times()[:2])
        for child in process.children(recursive=True):
            total += sum(child.cpu_times()[:2])
        return float(total)

    def rss_mb(self) -> float:
        """The memory the process and its children hold now, in MB."""
        process = psutil.Process(self.pid)
        return float(sum(p.memory_info().rss for p in [process, *process.children(recursive=True)]) / 1e6)

    def sample(self) -> None:
        """Read the memory every SAMPLE_SECONDS until stopped."""
        while not self.stop.is_set():
            self.rss.append(self.rss_mb())
            self.stop.wait(SAMPLE_SECONDS)


def npm_install() -> None:
    """boardgame.io and its dependencies into benchmarks/bgio/node_modules, from the lock file, once."""
    if (BGIO / "node_modules" / ".package-lock.json").is_file():
        return
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        raise BenchError("node and npm are needed (Node 20 or later) to run boardgame.io")
    print("installing boardgame.io into benchmarks/bgio/node_modules (npm ci)", flush=True)
    done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=BGIO, capture_output=True, text=True)
    if done.returncode != 0:
        raise BenchError(f"npm ci failed in {BGIO}: {done.stderr.strip()[-2000:]}")


def install_example(target: Path) -> Path:
    """The tic-tac-toe plugin installed into `target` with pip (no network), for the wolfpack server's path."""
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index"]
    done = subprocess.run([*command, "--target", str(target), str(EXAMPLE)], capture_output=True, text=True)
    if done.returncode != 0:
        raise BenchError(f"pip could not install {EXAMPLE}: {done.stderr.strip()[-2000:]}")
    return target


def start(target: str, port: int, directory: Path, database_dir: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The server for `target` on loopback at `port` (wolfpack's database in `database_dir`), and the address its
    driver calls once it answers."""
    log = directory / f"{target}.log"
    if target == "bgio":
        with log.open("wb") as out:
            server = subprocess.Popen(
                ["node", "server.js", str(port)], cwd=BGIO, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        ready = f"http://127.0.0.1:{port}/games"
    else:
        # Tables open as fast as the driver asks: a game ends every few moves and the next one opens.
        limits = ["--table-burst", "1000000", "--tables-per-minute", "1000000"]
        server = start_server(port, f"sqlite:///{database_dir / f'{target}.db'}", log, limits)
        ready = f"http://127.0.0.1:{port}/api/games"
    deadline = time.monotonic() + UP_SECONDS
    while True:
        if server.poll() is not None:
            raise BenchError(f"the {target} server stopped at start:\n{log_tail(log)}")
        try:
            if httpx.get(ready, timeout=2).status_code == 200:
                return server, f"http://127.0.0.1:{port}"
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            stop_server(server)
            raise BenchError(f"the {target} server did not answer in {UP_SECONDS:g} s:\n{log_tail(log)}")
        time.sleep(0.2)


def measure(target: str, args: argparse.Namespace, directory: Path) -> dict[str, Any]:
    """One server under the driver's load: its figures."""
    server, base = start(target, free_port(), directory, args.database_dir or directory)
    try:
        options = {
            "target": "bgio" if target == "bgio" else "wolfpack",
            "base": base,
            "tables": args.tables,
            "rate": args.rate,
            "seconds": args.seconds,
            "warmup": args.warmup,
            "seed": args.seed,
            "render": target == "wolfpack",
        }
        return drive(server.pid, options, directory / f"{target}-driver.log")
    finally:
        stop_server(server)


def drive(server_pid: int, options: dict[str, Any], log: Path) -> dict[str, Any]:
    """Run the driver against the server `server_pid`, reading both processes over its measured window (what the
    driver says of problems goes to `log`)."""
    server = Watch(server_pid)
    command = ["node", "driver.js", json.dumps(options)]
    with log.open("w") as said:
        driver = subprocess.Popen(command, cwd=BGIO, stdout=subprocess.PIPE, stderr=said, text=True)
    client = Watch(driver.pid)
    sampler = threading.Thread(target=server.sample, daemon=True)
    marks: dict[str, tuple[float, float, float]] = {}
    done: dict[str, Any] | None = None
    assert driver.stdout is not None
    for line in driver.stdout:
        event = json.loads(line)
        if event["event"] in ("measuring", "stopped"):
            marks[event["event"]] = (time.monotonic(), server.cpu_seconds(), client.cpu_seconds())
            if event["event"] == "measuring":
                sampler.start()
                load_start = os.getloadavg()
            else:
                server.stop.set()
                load_end = os.getloadavg()
        elif event["event"] == "done":
            done = event
    try:
        driver.wait(STRAGGLERS_SECONDS)
    except subprocess.TimeoutExpired:
        driver.kill()
    errors = log.read_text()
    if done is None or set(marks) != {"measuring", "stopped"}:
        raise BenchError(f"the driver ({options['target']}) stopped early: {errors.strip()[-2000:]}")
    (start, server_start, client_start), (end, server_end, client_end) = marks["measuring"], marks["stopped"]
    window = end - start
    return {
        "latency_ms": latency_figures([ms / 1000 for ms in done["latencies"]]),
        "moves": {key: done[key] for key in ("sent", "completed", "unfinished", "skipped", "games", "errors")},
        "window_seconds": round(window, 2),
        "server_cpu_percent": round((server_end - server_start) / window * 100, 1),
        "driver_cpu_percent": round((client_end - client_start) / window * 100, 1),
        "server_rss_mb": {
            "start": round(server.rss[0], 1),
            "max": round(max(server.rss), 1),
            "end": round(server.rss[-1], 1),
        },
        "load": {"start": format_load(load_start), "end": format_load(load_end)},
        "driver_errors": errors.strip().splitlines()[-5:],
    }


def report(results: dict[str, dict[str, Any]], args: argparse.Namespace) -> str:
    """The figures side by side, one column per server."""
    rows: list[tuple[str, Any]] = [
        ("latency p50 (ms)", lambda r: r["latency_ms"]["p50"]),
        ("latency p99 (ms)", lambda r: r["latency_ms"]["p99"]),
        ("latency max (ms)", lambda r: r["latency_ms"]["max"]),
        ("moves measured", lambda r: r["latency_ms"]["count"]),
        ("moves sent / unfinished", lambda r: f"{r['moves']['sent']} / {r['moves']['unfinished']}"),
        ("ticks with no table ready", lambda r: r["moves"]["skipped"]),
        ("games finished", lambda r: r["moves"]["games"]),
        ("errors (refused moves, failed opens)", lambda r: r["moves"]["errors"]),
        ("server CPU (% of a core)", lambda r: r["server_cpu_percent"]),
        ("server RSS start / max (MB)", lambda r: f"{r['server_rss_mb']['start']} / {r['server_rss_mb']['max']}"),
        ("driver CPU (% of a core)", lambda r: r["driver_cpu_percent"]),
        ("load average at start", lambda r: r["load"]["start"]),
    ]
    names = list(results)
    width = max(len(TITLES[name]) for name in names) + 2
    lines = [
        f"tic-tac-toe: {args.tables} tables ({2 * args.tables} clients), {args.rate:g} moves/s for {args.seconds:g} s "
        f"after {args.warmup:g} s of warm-up, loopback, {os.cpu_count()} CPUs; wolfpack's database in "
        f"{args.database_dir or 'a temporary folder'}",
        f"{'':38}" + "".join(f"{TITLES[name]:>{width}}" for name in names),
    ]
    for label, read in rows:
        lines.append(f"{label:38}" + "".join(f"{read(results[name])!s:>{width}}" for name in names))
    for name in names:
        for problem in results[name]["driver_errors"]:
            lines.append(f"{TITLES[name]}: driver said: {problem}")
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=10, help="games in play at once (two clients each)")
    parser.add_argument("--rate", type=float, default=40.0, help="moves per second, over all tables")
    parser.add_argument("--seconds", type=float, default=20.0, help="the measured window, per server")
    parser.add_argument("--warmup", type=float, default=3.0, help="play before the window, not measured")
    parser.add_argument("--seed", type=int, default=1, help="the driver's choice of squares")
    parser.add_argument("--targets", default=",".join(TARGETS), help=f"which servers, in order: {', '.join(TARGETS)}")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument(
        "--database-dir",
        type=Path,
        help="where wolfpack's SQLite file goes (default: a temporary folder); /dev/shm shows the share of its fsync",
    )
    args = parser.parse_args(argv)
    targets = [name.strip() for name in args.targets.split(",") if name.strip()]
    unknown = [name for name in targets if name not in TARGETS]
    if unknown or not targets:
        parser.error(f"--targets: unknown {', '.join(unknown) or '(none given)'}; choose from {', '.join(TARGETS)}")
    if args.tables < 1 or args.rate <= 0 or args.seconds <= 0 or args.warmup < 0:
        parser.error("--tables must be at least 1, --rate and --seconds positive, --warmup not negative")
    args.targets = targets
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run every target back to back and print the figures side by side (exit status 1 if one could not run)."""
    args = parse_args(argv)
    try:
        npm_install()
        with tempfile.TemporaryDirectory(prefix="wolfpack-bgio-") as tmp:
            directory = Path(tmp)
            site = install_example(directory / "site")
            os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
            results = {}
            for target in args.targets:
                print(f"{TITLES[target]}: {args.warmup:g} s warm-up, {args.seconds:g} s measured", flush=True)
                results[target] = measure(target, args, directory)
    except BenchError as exc:
        print(f"server_vs_bgio: {exc}", file=sys.stderr)
        return 1
    print(report(results, args))
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        shown = {key: str(value) if isinstance(value, Path) else value for key, value in vars(args).items()}
        args.json.write_text(json.dumps({"args": shown, "results": results}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
