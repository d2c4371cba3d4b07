"""Several processes sharing rooms through Redis, measured (not asserted):
`python tests/scaleout/bench_scaleout.py` (needs redis-server on the PATH).

* `latency`: three `peanutclub serve --redis --dev` processes; every room is opened on the first
  (which owns it) and its six seats are spread over the three. Bid-to-receipt p50/p99 for seats on
  the owner and for seats on the other processes (whose frames go through Redis both ways).
* `throughput`: 1, 2 and 3 processes under the same offered load (rooms x bids per second); each
  process owns an equal share of the rooms, whose seats are spread over all the processes. The
  bids that reached their whole room per second, and the whole-room p50/p99.

Each figure is the median of the runs (three by default). A fresh redis-server per run.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from peanutclub.bench import load, table

LIMITS = {"PEANUTCLUB_MAX_ROOMS_PER_ADDRESS": "100000", "PEANUTCLUB_MAX_ROOMS": "100000"}


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{url} did not answer")


class Cluster:
    def __init__(self, processes: int, tmp: Path) -> None:
        self.redis_port = free_port()
        self.ports = [free_port() for _ in range(processes)]
        redis_server = shutil.which("redis-server")
        assert redis_server, "redis-server is missing"
        self.procs = [
            subprocess.Popen(
                [redis_server, "--port", str(self.redis_port), "--save", "", "--appendonly", "no"],
                stdout=subprocess.DEVNULL,
            )
        ]
        time.sleep(0.3)
        env = {**os.environ, **LIMITS}
        url = f"redis://127.0.0.1:{self.redis_port}/0"
        for port in self.ports:
            with (tmp / f"node-{port}.log").open("ab") as out:
                self.procs.append(
                    subprocess.Popen(
                        [
                            sys.executable,
                            "-m",
                            "peanutclub",
                            "serve",
                            "--dev",
                            "--port",
                            str(port),
                            "--redis",
                            url,
                        ],
                        env=env,
                        stdout=out,
                        stderr=subprocess.STDOUT,
                    )
                )
        for port in self.ports:
            wait_http(f"http://127.0.0.1:{port}/healthz")

    def close(self) -> None:
        for proc in reversed(self.procs):
            proc.terminate()
            proc.wait(10)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[int(fraction * (len(ordered) - 1))] * 1000 if ordered else float("nan")


def load_run(owners: list[int], ports: list[int], rooms: int, rate: float, duration: float) -> Any:
    """One load process per owner port, `rooms` rooms in all; returns their merged results."""
    workers = []
    for i, port in enumerate(owners):
        plan = table.Plan(
            host="127.0.0.1",
            port=port,
            mode="game",
            rooms=rooms // len(owners),
            rate=rate,
            duration=duration,
            warmup=1.5,
            spread=1.5,
            worker=i,
            seed=int(time.time()),
            ports=ports,
        )
        ours, theirs = multiprocessing.Pipe()
        process = multiprocessing.Process(target=load.main, args=(plan, theirs))
        process.start()
        workers.append((process, ours))
    for _, pipe in workers:
        assert pipe.poll(60) and pipe.recv()[0] == "ready"
    for _, pipe in workers:
        pipe.send("play")
    results = []
    for process, pipe in workers:
        assert pipe.poll(duration + 60)
        results.append(pipe.recv()[1])
        process.join(10)
    merged: dict[str, Any] = {"latencies": [], "near": [], "far": [], "errors": {}}
    for r in results:
        for key in ("latencies", "near", "far"):
            merged[key] += r[key]
        for code, n in r["errors"].items():
            merged["errors"][code] = merged["errors"].get(code, 0) + n
    return merged


def measure_latency(rooms: int, rate: float, duration: float, tmp: Path) -> dict[str, float]:
    cluster = Cluster(3, tmp)
    try:
        r = load_run(cluster.ports[:1], cluster.ports, rooms, rate, duration)
    finally:
        cluster.close()
    return {
        "owner_p50": percentile(r["near"], 0.5),
        "owner_p99": percentile(r["near"], 0.99),
        "other_p50": percentile(r["far"], 0.5),
        "other_p99": percentile(r["far"], 0.99),
        "errors": sum(r["errors"].values()),
    }


def measure_throughput(
    processes: int, rooms: int, rate: float, duration: float, tmp: Path
) -> dict[str, float]:
    cluster = Cluster(processes, tmp)
    try:
        r = load_run(cluster.ports, cluster.ports, rooms, rate, duration)
    finally:
        cluster.close()
    return {
        "bids_per_s": len(r["latencies"]) / duration,
        "p50": percentile(r["latencies"], 0.5),
        "p99": percentile(r["latencies"], 0.99),
        "errors": sum(r["errors"].values()),
    }


def median(runs: list[dict[str, float]]) -> dict[str, float]:
    return {k: statistics.median(run[k] for run in runs) for k in runs[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--duration", type=float, default=10.0)
    parser.add_argument("--latency-rooms", type=int, default=30)
    parser.add_argument("--latency-rate", type=float, default=2.0)
    parser.add_argument("--rooms", type=int, default=60)
    parser.add_argument("--rate", type=float, default=10.0)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="peanutclub-scaleout-"))
    report: dict[str, Any] = {}
    runs = [
        measure_latency(args.latency_rooms, args.latency_rate, args.duration, tmp)
        for _ in range(args.runs)
    ]
    report["latency"] = {"runs": runs, "median": median(runs)}
    print(json.dumps({"latency": report["latency"]["median"]}), flush=True)
    for processes in (1, 2, 3):
        runs = [
            measure_throughput(processes, args.rooms, args.rate, args.duration, tmp)
            for _ in range(args.runs)
        ]
        report[f"throughput_{processes}"] = {"runs": runs, "median": median(runs)}
        print(json.dumps({f"throughput_{processes}": median(runs)}), flush=True)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
