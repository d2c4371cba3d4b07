"""`peanutclub bench` (also `peanutclub loadtest`): the load benchmark, with its baseline.

    peanutclub bench                                  # R = 50, 200, 500 x 2 and 10 bids/s, 3 runs
    peanutclub bench --rooms 200 --rates 10 --runs 1  # one point, one run
    peanutclub bench --capacity 20,40,80 --capacity-rooms 200   # where p99 passes 50 ms
    peanutclub bench --capacity 10,12 --relay-capacity 30,35    # each at its own rates, in turn
    peanutclub bench --url http://host:8000 --server-pid 1234   # a running server (--dev)
    peanutclub bench --game peanuts                   # 200 rooms x 4 racers, 1 move/s per seat
    peanutclub bench --game nur-peanuts               # 500 rooms x 4, a turn every 2 s per room

The rooms, rates and seats per room default to the game's (its class's `tools.bench`: `rooms`,
`rates`, `players`); what a rate counts is the game's too (`rate_unit`).

Each point runs our server and the relay in turn, `--runs` times, and reports the median of the
runs for each figure, and our figures divided by the relay's.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from peanutclub.bench import load, runner
from peanutclub.games import DEFAULT_GAME, GAMES, find_game

P99_LIMIT_MS = 50.0


def numbers(text: str) -> list[float]:
    return [float(part) for part in text.split(",") if part.strip()]


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "bench",
        aliases=["loadtest"],
        help="load benchmark: rooms of players over WebSockets, against a bare relay too",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=tuple(GAMES),
        help=f"the game the rooms play (default {DEFAULT_GAME}); its class's bench "
        "declaration says what the clients send",
    )
    parser.add_argument(
        "--rooms", help="room counts, comma-separated (default: the game's; Peanut Club 50,200,500)"
    )
    parser.add_argument(
        "--rates",
        help="ticks per second, comma-separated, in the game's unit: Peanut Club bids/s per room "
        "(default 2,10), Peanuts! moves/s per seat (1), Nur Peanuts! turns/s per room (0.5)",
    )
    parser.add_argument(
        "--seats",
        type=int,
        help="players per room (default: the game's: 6 for Peanut Club, 4 for Peanuts! and "
        "Nur Peanuts!)",
    )
    parser.add_argument("--runs", type=int, default=3, help="runs per point (the median is shown)")
    parser.add_argument("--duration", type=float, default=15.0, help="seconds measured per run")
    parser.add_argument(
        "--warmup",
        type=float,
        default=5.0,
        help="seconds of play after the last room started, before measuring",
    )
    parser.add_argument(
        "--spread",
        type=float,
        help="the rooms start at random moments over this many seconds, so that the tables are "
        "at every point of a game when measured (default: one game's length at the rate, "
        "the game's ticks per game / rate; the relay: half the warm-up); 0: all at once",
    )
    parser.add_argument("--grace", type=float, default=3.0, help="seconds for bids in flight")
    parser.add_argument("--workers", type=int, default=2, help="load processes")
    parser.add_argument("--no-baseline", action="store_true", help="skip the relay")
    parser.add_argument("--relay-only", action="store_true", help="measure only the relay")
    parser.add_argument("--no-pin", action="store_true", help="do not pin to cores")
    parser.add_argument(
        "--store",
        choices=("sqlite", "memory"),
        default="sqlite",
        help="our server's store: a fresh SQLite file per run (default), or memory only",
    )
    parser.add_argument(
        "--capacity",
        metavar="RATES",
        help="instead of the sweep: raise the rate per room through RATES until p99 > 50 ms",
    )
    parser.add_argument(
        "--relay-capacity",
        metavar="RATES",
        help="with --capacity: the relay's own rates, step by step beside ours (its edge lies "
        "much higher), run by run in turn with ours so that both see the same machine",
    )
    parser.add_argument("--capacity-rooms", type=int, default=200)
    parser.add_argument("--url", help="our server, already running with --dev (default: start one)")
    parser.add_argument("--server-pid", type=int, help="its process id, for CPU and memory")
    parser.add_argument("--relay-url", help="the relay, already running (default: start one)")
    parser.add_argument("--json", type=Path, help="also write the whole report to this file")
    parser.set_defaults(func=main)


def options_from(args: argparse.Namespace) -> runner.Options:
    return runner.Options(
        workers=args.workers,
        duration=args.duration,
        grace=args.grace,
        warmup=args.warmup,
        spread=args.spread,
        pin=not args.no_pin,
        url=args.url,
        relay_url=args.relay_url,
        server_pid=args.server_pid,
        store=args.store,
        game=args.game,
        seats=args.seats,
    )


def fmt(value: Any, digits: int = 1) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:,.{digits}f}"
    return str(value)


def describe(label: str, f: dict[str, Any]) -> str:
    patches = ""
    if f.get("patch_bytes_p50") is not None:
        patches = f"; patch p50 {f['patch_bytes_p50']:.0f} B, max {f['patch_bytes_max']:.0f} B"
        kinds = f.get("patch_bytes_by_kind", {})
        if len(kinds) > 1:
            each = ", ".join(f"{k} {v['p50']:.0f}/{v['max']:.0f}" for k, v in kinds.items())
            patches += f" ({each} B p50/max)"
    return (
        f"{label}: p50 {fmt(f['p50_ms'], 2)} ms, p99 {fmt(f['p99_ms'], 2)} ms, "
        f"max {fmt(f['max_ms'], 1)} ms; {fmt(f['bids_per_s'], 0)} moves/s, "
        f"{fmt(f['deliveries_per_s'], 0)} deliveries/s{patches}; "
        f"server CPU {fmt(f['server_cpu_pct'])}% "
        f"({fmt(f['server_us_per_delivery'])} us/delivery), RSS {fmt(f['server_rss_mb'])} MB, "
        f"{fmt(f['kb_per_connection'])} KB/connection; load CPU {fmt(f['load_cpu_pct'])}% "
        f"(lag p99 {fmt(f['load_lag_p99_ms'])} ms); errors {f['errors']}, "
        f"refusals {f['refusals']}; load average {fmt(f['load_average'], 2)}"
    )


def measure_point(
    rooms: int, rate_of: dict[str, float], args: argparse.Namespace
) -> dict[str, Any]:
    """Each target of `rate_of` at its rate per room, `--runs` times, in turn."""
    options = options_from(args)
    targets = tuple(rate_of)
    runs: dict[str, list[dict[str, Any]]] = {t: [] for t in targets}
    seats = options.room_seats
    spread_of = {
        t: load.start_spread(
            runner.MODES[t], rate_of[t], args.spread, args.warmup, args.game, seats
        )
        for t in targets
    }
    spreads = ", ".join(f"{t} {s:g} s" for t, s in spread_of.items())
    shown_rates = " / ".join(sorted({f"{r:g}" for r in rate_of.values()}, key=float))
    print(
        f"== {rooms} rooms x {seats}, {shown_rates} {load.rate_unit(args.game)} "
        f"(rooms start over: {spreads})",
        flush=True,
    )
    for number in range(1, args.runs + 1):
        for target in targets:  # alternate, so both see the same machine
            figures = runner.run_once(target, rooms, rate_of[target], options)
            runs[target].append(figures)
            print(f"  run {number} {target:10} " + describe("", figures)[2:], flush=True)
    rate = rate_of.get("peanutclub", rate_of.get("relay", 0.0))
    point: dict[str, Any] = {
        "rooms": rooms,
        "seats": seats,
        "rate": rate,
        "rate_unit": load.rate_unit(args.game),
        "runs": runs,
        "median": {},
    }
    for target in targets:
        point["median"][target] = runner.median_of(runs[target])
        print(describe(f"  median {target}", point["median"][target]), flush=True)
    if rate_of.get("relay", rate) != rate:
        point["relay_rate"] = rate_of["relay"]
    if len(targets) == 2 and rate_of["peanutclub"] == rate_of["relay"]:
        point["ratios"] = runner.ratios(point["median"]["peanutclub"], point["median"]["relay"])
        shown = ", ".join(f"{k} x{fmt(v, 2)}" for k, v in point["ratios"].items())
        print(f"  ours / relay: {shown}", flush=True)
    return point


def capacity_steps(
    targets: tuple[str, ...], rates: list[float], relay_rates: list[float] | None
) -> list[dict[str, float]]:
    """The rate of each target at each step of the capacity search: the same for all, or, with
    the relay's own list, ours and the relay's side by side (a list that ends stops its walk)."""
    if relay_rates is None:
        return [{t: rate for t in targets} for rate in rates]
    lists = {t: relay_rates if t == "relay" else rates for t in targets}
    steps = max(len(v) for v in lists.values())
    return [{t: v[k] for t, v in lists.items() if k < len(v)} for k in range(steps)]


def capacity(args: argparse.Namespace, targets: tuple[str, ...]) -> dict[str, Any]:
    """Per target: raise the rate until the median p99 passes 50 ms; the last rate under it is
    the capacity, in deliveries per second. Both targets walk together, run by run in turn."""
    relay_rates = numbers(args.relay_capacity) if args.relay_capacity else None
    best: dict[str, dict[str, Any] | None] = {t: None for t in targets}
    passed_at: dict[str, float | None] = {t: None for t in targets}
    points: list[dict[str, Any]] = []
    for step in capacity_steps(targets, numbers(args.capacity), relay_rates):
        walking = tuple(t for t in targets if t in step and passed_at[t] is None)
        if not walking:
            continue
        point = measure_point(args.capacity_rooms, {t: step[t] for t in walking}, args)
        points.append(point)
        for target in walking:
            figures = point["median"][target]
            p99 = figures["p99_ms"]
            if p99 is None or p99 > P99_LIMIT_MS or figures["errors"]:
                passed_at[target] = step[target]
            else:
                best[target] = {"rate": step[target], **figures}
    found: dict[str, Any] = {}
    for target in targets:
        top = best[target]
        found[target] = {
            "rooms": args.capacity_rooms,
            "last_rate_under_limit": None if top is None else top["rate"],
            "deliveries_per_s": None if top is None else top["deliveries_per_s"],
            "p99_ms": None if top is None else top["p99_ms"],
            "us_per_delivery": None if top is None else top["server_us_per_delivery"],
            "passed_at_rate": passed_at[target],
        }
        print(f"capacity {target}: {found[target]}", flush=True)
    if len(targets) == 2 and all(found[t]["deliveries_per_s"] for t in targets):
        found["ratio"] = (
            found["peanutclub"]["deliveries_per_s"] / found["relay"]["deliveries_per_s"]
        )
        print(f"capacity ours / relay: x{found['ratio']:.2f}", flush=True)
    return {"capacity": found, "points": points}


def main(args: argparse.Namespace) -> int:
    load.require_bench(args.game)
    bench = load.strategy(args.game)
    if args.rooms is None:
        args.rooms = bench.rooms
    if args.rates is None:
        args.rates = bench.rates
    if args.seats is not None and args.seats != load.seats_of(args.game):
        if not load.seats_chosen(args.game):
            raise SystemExit(
                f"{args.game}: the bench's tables have {load.seats_of(args.game)} seats"
            )
        players = find_game(args.game).players
        if args.seats not in players:
            raise SystemExit(
                f"{args.game}: --seats {args.seats}: the game seats "
                f"{players.start} to {players.stop - 1} players"
            )
    targets: tuple[str, ...] = runner.TARGETS
    if args.no_baseline or args.relay_only:
        targets = ("relay",) if args.relay_only else ("peanutclub",)
    server_cores, load_cores = runner.core_plan(not args.no_pin)
    report: dict[str, Any] = {
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "server_cores": server_cores,
            "load_cores": load_cores,
            "python": sys.version.split()[0],
            "load_average_at_start": list(os.getloadavg()),
        },
        "settings": {
            "runs": args.runs,
            "duration": args.duration,
            "workers": args.workers,
            "targets": list(targets),
            "store": args.store,
            "game": args.game,
            "seats": options_from(args).room_seats,
            "rate_unit": load.rate_unit(args.game),
        },
    }
    print(
        f"bench: {args.runs} run(s) of {args.duration:g} s per point; server on cores "
        f"{server_cores}, {args.workers} load processes on cores {load_cores}; "
        f"load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    if args.capacity:
        report.update(capacity(args, targets))
    else:
        report["points"] = [
            measure_point(int(rooms), dict.fromkeys(targets, rate), args)
            for rooms in numbers(args.rooms)
            for rate in numbers(args.rates)
        ]
    errors = sum(
        point["median"][t]["errors"] for point in report["points"] for t in point["median"]
    )
    report["errors"] = errors
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(f"errors in all: {errors}", flush=True)
    return 1 if errors else 0
