"""What the bench's tests share."""

from __future__ import annotations

from typing import Any


def check_walk(report: dict[str, Any], rates: dict[str, list[float]]) -> None:
    """Each target walked its own rates in order, one step per point, and stopped at the first
    whose median p99 passed 50 ms (or had an error): its capacity is the step before. Which step
    that is depends on the machine, so only the walk is checked, not where it stopped."""
    found = report["capacity"]
    for target, steps in rates.items():
        walked = [
            p["rate"] if target == "peanutclub" else p.get("relay_rate", p["rate"])
            for p in report["points"]
            if target in p["median"]
        ]
        assert walked == steps[: len(walked)] and walked
        medians = [p["median"][target] for p in report["points"] if target in p["median"]]
        over = [m["p99_ms"] is None or m["p99_ms"] > 50 or m["errors"] > 0 for m in medians]
        assert not any(over[:-1])  # no step after one that passed the limit
        if over[-1]:
            assert found[target]["passed_at_rate"] == walked[-1]
            last = walked[-2] if len(walked) > 1 else None
        else:
            assert found[target]["passed_at_rate"] is None and walked == steps
            last = walked[-1]
        assert found[target]["last_rate_under_limit"] == last
        if last is not None:
            assert found[target]["deliveries_per_s"] > 0
