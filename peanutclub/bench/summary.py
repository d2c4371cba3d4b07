"""The games' benchmarks summed up against their goals: `python -m peanutclub.bench.summary DIR`.

`scripts/bench-games` writes one report per configuration into DIR (`peanutclub bench --json`,
`python -m peanutclub.bench.inprocess --json`); this reads whichever of them are there and prints
each goal beside its figure (medians of the runs, the relay's from the same run). A goal is
reported, never asserted: the exit status says only whether any run had an error.

- `peanuts-200x4.json`: Peanuts!, 200 rooms x 4 at 1 move/s per seat: p99 < 15 ms, a move's
  patch < 300 bytes and the same bytes for every seat (a difference is an error,
  `patch_mismatch`).
- `peanuts-capacity.json`: the largest load at p99 < 50 ms, in deliveries per second, at least
  half the relay's.
- `nur-peanuts-500x4.json`: Nur Peanuts!, 500 rooms x 4, a turn every 2 s per room: p99 < 15 ms.
- `inprocess-GAME.json`: the server's own work per delivered frame, per game.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

#: (report, the p99 goal in ms)
POINTS = (("peanuts-200x4.json", 15.0), ("nur-peanuts-500x4.json", 15.0))
PATCH_GOAL_BYTES = 300
CAPACITY_GOAL = 0.5
INPROCESS_GAMES = ("peanut-club", "peanuts", "nur-peanuts")


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f} ms"


def errors_of(report: dict[str, Any]) -> Counter[str]:
    """Every error of every run, by code."""
    codes: Counter[str] = Counter()
    for point in report["points"]:
        for runs in point["runs"].values():
            for run in runs:
                codes.update(run.get("error_codes", {}))
    return codes


def header(report: dict[str, Any]) -> str:
    machine = report["machine"]
    load = machine["load_average_at_start"]
    return (
        f"  started {report['started']}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
        f"{report['settings']['runs']} run(s) of {report['settings']['duration']:g} s"
    )


def point_lines(report: dict[str, Any], goal_ms: float) -> list[str]:
    lines = [header(report)]
    for point in report["points"]:
        ours, relay = point["median"].get("peanutclub"), point["median"].get("relay")
        if ours is not None:
            p99 = ours["p99_ms"]
            lines.append(
                f"  ours:  p50 {ms(ours['p50_ms'])}, p99 {ms(p99)} (goal < {goal_ms:g} ms: "
                f"{verdict(p99 is not None and p99 < goal_ms)}); "
                f"{ours['deliveries_per_s']:,.0f} deliveries/s, "
                f"{ours['server_us_per_delivery'] or 0:.1f} us of the core per delivery, "
                f"{ours['server_cpu_pct'] or 0:.0f}% of it; load lag p99 "
                f"{ours['load_lag_p99_ms']:.1f} ms; refusals {ours['refusals']}"
            )
            kinds = ours.get("patch_bytes_by_kind") or {}
            if kinds:
                each = ", ".join(
                    f"{k} p50 {v['p50']:.0f} / max {v['max']:.0f}" for k, v in kinds.items()
                )
                lines.append(f"  patches (bytes): {each}")
        if relay is not None:
            lines.append(
                f"  relay: p50 {ms(relay['p50_ms'])}, p99 {ms(relay['p99_ms'])}; "
                f"{relay['deliveries_per_s']:,.0f} deliveries/s, "
                f"{relay['server_us_per_delivery'] or 0:.1f} us per delivery"
            )
    return lines


def patch_lines(report: dict[str, Any]) -> list[str]:
    """A card's move: its patch under 300 bytes, the same bytes for every seat."""
    mismatches = errors_of(report).get("patch_mismatch", 0)
    largest = None
    for point in report["points"]:
        moved = (
            (point["median"].get("peanutclub") or {}).get("patch_bytes_by_kind", {}).get("moved")
        )
        if moved is not None:
            largest = max(largest or 0, moved["max"])
    if largest is None:
        return ["  a move's patch: none measured"]
    return [
        f"  a move's patch: at most {largest} bytes (goal < {PATCH_GOAL_BYTES}: "
        f"{verdict(largest < PATCH_GOAL_BYTES)}); patches that differed between seats: "
        f"{mismatches} ({verdict(mismatches == 0)})"
    ]


def capacity_lines(report: dict[str, Any]) -> list[str]:
    found = report.get("capacity", {})
    unit = report["settings"].get("rate_unit", "per room")
    lines = [header(report)]
    for target in ("peanutclub", "relay"):
        f = found.get(target)
        if f is None:
            continue
        rate = f["last_rate_under_limit"]
        if rate is None:
            lines.append(f"  {target}: over 50 ms at every rate tried")
            continue
        passed = f["passed_at_rate"]
        edge = (
            f"passed 50 ms at {passed:g}"
            if passed is not None
            else "a lower bound: under 50 ms at every rate tried"
        )
        lines.append(
            f"  {target}: {rate:g} {unit} at {f['rooms']} rooms: "
            f"{f['deliveries_per_s']:,.0f} deliveries/s, p99 {ms(f['p99_ms'])}, "
            f"{f['us_per_delivery'] or 0:.1f} us per delivery ({edge})"
        )
    ratio = found.get("ratio")
    if ratio is not None:
        met = verdict(ratio >= CAPACITY_GOAL)
        lines.append(f"  ours / relay: {ratio:.2f} (goal >= {CAPACITY_GOAL}: {met})")
    return lines


def inprocess_lines(folder: Path) -> list[str]:
    lines = []
    for game in INPROCESS_GAMES:
        path = folder / f"inprocess-{game}.json"
        if not path.exists():
            continue
        r = json.loads(path.read_text())
        lines.append(
            f"  {game}: {r['us_per_frame']:.2f} us per delivered frame (best of {r['reps']}), "
            f"{r['frames']} frames of {r['bytes_per_frame']:.0f} bytes on average, "
            f"error frames {r['errors']}"
        )
    return lines


def summarize(folder: Path) -> tuple[list[str], int]:
    """The summary's lines, and the errors of every run found."""
    lines: list[str] = []
    errors = 0
    for name, goal in POINTS:
        path = folder / name
        if not path.exists():
            continue
        report = json.loads(path.read_text())
        errors += report["errors"]
        for point in report["points"]:
            lines.append(
                f"{report['settings']['game']}: {point['rooms']} rooms x {point['seats']} at "
                f"{point['rate']:g} {point['rate_unit']} (medians of the runs, beside the relay):"
            )
        lines += point_lines(report, goal)
        if name.startswith("peanuts"):
            lines += patch_lines(report)
        lines.append(f"  errors: {report['errors']} {dict(errors_of(report)) or ''}".rstrip())
    path = folder / "peanuts-capacity.json"
    if path.exists():
        report = json.loads(path.read_text())
        errors += report["errors"]
        lines.append(
            f"{report['settings']['game']} capacity (the largest rate at p99 < 50 ms, ours and "
            "the relay's, in turn):"
        )
        lines += capacity_lines(report)
    measured = inprocess_lines(folder)
    if measured:
        lines.append("The server's own work (in-process replay, memory store):")
        lines += measured
    return lines, errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m peanutclub.bench.summary",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("folder", type=Path, help="where scripts/bench-games wrote its reports")
    args = parser.parse_args(argv)
    lines, errors = summarize(args.folder)
    print("\n".join(lines) if lines else f"no report in {args.folder}")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
