"""The bench's conductor: servers in child processes, load in other processes, figures out.

One measured point is: start the server (ours or the relay; or use `--url`), start the load
processes, open every room and join every seat, read the server's memory (the connections are idle
then), start the games, then measure for `duration` seconds: every bid's time to the last seat of
its room, every frame delivered, the CPU the server and the load processes used. Where the machine
has two cores or more the server is pinned to the first and the load to the others, so neither
takes the other's core.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from peanutclub.bench import load, table
from peanutclub.games import DEFAULT_GAME

#: Our server's limits, opened up for one load client address holding thousands of connections.
LIMITS = {
    "PEANUTCLUB_MAX_CONNECTIONS_PER_ADDRESS": "1000000",
    "PEANUTCLUB_MAX_ROOMS_PER_ADDRESS": "1000000",
    "PEANUTCLUB_MAX_ROOMS": "1000000",
}
TARGETS = ("peanutclub", "relay")
#: What the load clients play against each target.
MODES = {"peanutclub": "game", "relay": "relay"}
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
#: Figures reported per run and per point (the median of the runs for a point).
FIGURES = (
    "p50_ms",
    "p99_ms",
    "max_ms",
    "bids_per_s",
    "deliveries_per_s",
    "server_cpu_pct",
    "server_us_per_delivery",
    "server_rss_mb",
    "kb_per_connection",
    "load_cpu_pct",
    "load_lag_p99_ms",
    "patch_bytes_p50",
    "patch_bytes_max",
    "errors",
    "refusals",
    "load_average",
)


@dataclass
class Options:
    workers: int = 2
    duration: float = 15.0
    grace: float = 3.0
    warmup: float = 5.0
    #: Seconds over which the rooms start (None: `load.start_spread`'s default).
    spread: float | None = None
    pin: bool = True
    url: str | None = None
    relay_url: str | None = None
    server_pid: int | None = None
    store: str = "sqlite"
    #: The game the rooms play.
    game: str = DEFAULT_GAME
    #: Players per room (None: the game's bench's own number, `load.seats_of`).
    seats: int | None = None

    @property
    def room_seats(self) -> int:
        return load.seats_of(self.game) if self.seats is None else self.seats


@dataclass
class Target:
    host: str
    port: int
    pid: int | None


# ---------------------------------------------------------------------- processes and /proc


def cpu_seconds(pid: int | None) -> float | None:
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def rss_kb(pid: int | None) -> int | None:
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def core_plan(pin: bool) -> tuple[list[int] | None, list[int] | None]:
    """(server cores, load cores): split when there are two or more, else no pinning."""
    if not pin or not hasattr(os, "sched_getaffinity"):
        return None, None
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        return None, None
    return cores[:1], cores[1:]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_healthy(base: str, process: subprocess.Popen[bytes] | None) -> None:
    for _ in range(400):
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server at {base} exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"the server at {base} did not come up")


@contextlib.contextmanager
def server(kind: str, options: Options, cores: list[int] | None) -> Iterator[Target]:
    """A fresh server for one run (or the one at `--url` / `--relay-url`)."""
    url = options.url if kind == "peanutclub" else options.relay_url
    if url is not None:
        parts = urllib.parse.urlsplit(url)
        pid = options.server_pid if kind == "peanutclub" else None
        yield Target(parts.hostname or "127.0.0.1", parts.port or 80, pid)
        return
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="peanutclub-bench-") as tmp:
        if kind == "peanutclub":
            command = [sys.executable, "-m", "peanutclub", "serve", "--dev", "--port", str(port)]
            if options.store == "sqlite":
                command += ["--db", os.path.join(tmp, "bench.db")]
            else:
                command += ["--memory"]
        else:
            command = [sys.executable, "-m", "peanutclub.bench.relay", "--port", str(port)]
        process = subprocess.Popen(
            command,
            env={**os.environ, **LIMITS},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            if cores:
                os.sched_setaffinity(process.pid, cores)
            wait_healthy(f"http://127.0.0.1:{port}", process)
            yield Target("127.0.0.1", port, process.pid)
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# ---------------------------------------------------------------------- one run


def percentile(ordered: list[float], fraction: float) -> float:
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def run_once(kind: str, rooms: int, rate: float, options: Options) -> dict[str, Any]:
    """One measured run of `rooms` rooms at `rate` (the game's unit: bids per second per room,
    moves per second per seat, ...) against `kind`."""
    server_cores, load_cores = core_plan(options.pin)
    context = multiprocessing.get_context("spawn")
    with server(kind, options, server_cores) as target:
        rss_before = rss_kb(target.pid)
        mode = MODES[kind]
        seats = options.room_seats
        spread = load.start_spread(mode, rate, options.spread, options.warmup, options.game, seats)
        workers = max(1, min(options.workers, rooms))
        shares = [rooms // workers + (i < rooms % workers) for i in range(workers)]
        processes, pipes = [], []
        for number, share in enumerate(shares):
            parent, child = context.Pipe()
            plan = table.Plan(
                host=target.host,
                port=target.port,
                mode=mode,
                rooms=share,
                rate=rate,
                duration=options.duration,
                grace=options.grace,
                warmup=options.warmup,
                spread=spread,
                worker=number,
                cpus=load_cores,
                seed=int(time.time() * 1000) % 1_000_000,
                game=options.game,
                seats=seats,
            )
            process = context.Process(target=load.main, args=(plan, child), daemon=True)
            process.start()
            processes.append(process)
            pipes.append(parent)
        try:
            connections = sum(expect(pipe, "ready", 300) for pipe in pipes)
            time.sleep(0.5)
            rss_idle = rss_kb(target.pid)
            for pipe in pipes:
                pipe.send("play")
            time.sleep(spread + options.warmup)
            server_cpu = cpu_seconds(target.pid)
            load_cpu = [cpu_seconds(p.pid) or 0.0 for p in processes]
            started = time.perf_counter()
            time.sleep(options.duration)
            elapsed = time.perf_counter() - started
            server_cpu_after = cpu_seconds(target.pid)
            load_cpu_after = [cpu_seconds(p.pid) or 0.0 for p in processes]
            rss_busy = rss_kb(target.pid)
            results = [expect(pipe, "done", options.grace + 60) for pipe in pipes]
        finally:
            for process in processes:
                process.join(5)
                if process.is_alive():
                    process.kill()
    return figures_of(
        results,
        elapsed=elapsed,
        connections=connections,
        server_cpu=None
        if server_cpu is None or server_cpu_after is None
        else server_cpu_after - server_cpu,
        load_cpu=sum(load_cpu_after) - sum(load_cpu),
        rss=(rss_before, rss_idle, rss_busy),
        spread=spread,
    )


def expect(pipe: Any, what: str, timeout: float) -> Any:
    if not pipe.poll(timeout):
        raise RuntimeError(f"a load process did not report {what!r} within {timeout:.0f} s")
    try:
        kind, value = pipe.recv()
    except EOFError:
        raise RuntimeError(f"a load process died before {what!r}") from None
    if kind != what:
        raise RuntimeError(f"a load process said {kind!r}, expected {what!r}")
    return value


def figures_of(
    results: list[dict[str, Any]],
    *,
    elapsed: float,
    connections: int,
    server_cpu: float | None,
    load_cpu: float,
    rss: tuple[int | None, int | None, int | None],
    spread: float,
) -> dict[str, Any]:
    ms = sorted(v * 1000 for r in results for v in r["latencies"])
    by_kind: dict[str, list[int]] = {}
    for r in results:
        for kind, sizes in r["patch_bytes"].items():
            by_kind.setdefault(kind, []).extend(sizes)
    patch_bytes = sorted(n for sizes in by_kind.values() for n in sizes)
    deliveries = sum(r["deliveries"] for r in results)
    refusals: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    for r in results:
        refusals.update(r["refusals"])
        errors.update(r["errors"])
    before, idle, busy = rss
    per_connection = None
    if before is not None and idle is not None and connections:
        per_connection = (idle - before) / connections
    return {
        "p50_ms": statistics.median(ms) if ms else None,
        "p99_ms": percentile(ms, 0.99) if ms else None,
        "max_ms": ms[-1] if ms else None,
        "bids_timed": len(ms),
        "bids_per_s": sum(r["bids"] for r in results) / elapsed,
        "deliveries_per_s": deliveries / elapsed,
        "server_cpu_pct": None if server_cpu is None else 100 * server_cpu / elapsed,
        "server_us_per_delivery": (
            None if server_cpu is None or not deliveries else 1e6 * server_cpu / deliveries
        ),
        "server_rss_mb": None if busy is None else busy / 1024,
        "kb_per_connection": per_connection,
        "connections": connections,
        "load_processes": len(results),
        "load_cpu_pct": 100 * load_cpu / elapsed,
        "load_lag_p99_ms": 1000 * max(r["lag_p99"] for r in results),
        "patches": len(patch_bytes),
        "patch_bytes_p50": statistics.median(patch_bytes) if patch_bytes else None,
        "patch_bytes_max": patch_bytes[-1] if patch_bytes else None,
        "patch_bytes_by_kind": {
            kind: {"patches": len(sizes), "p50": statistics.median(sizes), "max": max(sizes)}
            for kind, sizes in sorted(by_kind.items())
        },
        "games": sum(r["games"] for r in results),
        "errors": sum(errors.values()),
        "error_codes": dict(errors),
        "refusals": sum(refusals.values()),
        "refusal_codes": dict(refusals),
        "load_average": os.getloadavg()[0],
        "seconds": elapsed,
        "start_spread_s": spread,
    }


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure's median over the runs (errors and refusals: their sum, never hidden; the
    largest patch: the largest of all)."""
    merged: dict[str, Any] = {}
    for name in FIGURES:
        values = [r[name] for r in runs if r.get(name) is not None]
        if name in ("errors", "refusals"):
            merged[name] = sum(values)
        elif name == "patch_bytes_max":
            merged[name] = max(values) if values else None
        else:
            merged[name] = statistics.median(values) if values else None
    kinds = {kind for r in runs for kind in r.get("patch_bytes_by_kind", {})}
    merged["patch_bytes_by_kind"] = {
        kind: {
            "p50": statistics.median(r["patch_bytes_by_kind"][kind]["p50"] for r in shown),
            "max": max(r["patch_bytes_by_kind"][kind]["max"] for r in shown),
        }
        for kind in sorted(kinds)
        for shown in [[r for r in runs if kind in r.get("patch_bytes_by_kind", {})]]
    }
    merged["connections"] = runs[0]["connections"]
    merged["start_spread_s"] = runs[0]["start_spread_s"]
    merged["runs"] = len(runs)
    return merged


RATIO_FIGURES = (
    "p50_ms",
    "p99_ms",
    "max_ms",
    "deliveries_per_s",
    "server_cpu_pct",
    "server_us_per_delivery",
    "kb_per_connection",
)


def ratios(ours: dict[str, Any], base: dict[str, Any]) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    for name in RATIO_FIGURES:
        a, b = ours.get(name), base.get(name)
        out[name] = None if a is None or not b else a / b
    return out
