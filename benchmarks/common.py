"""Timing helpers shared by the benchmarks (the only place allowed to read the real clock)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_time(fn: Callable[[], object], repeats: int = 5) -> float:
    """Median wall time of `fn()` in seconds over `repeats` runs (after one warm-up)."""
    fn()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (0..100) of `values` (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def row(name, unit, median, goal, ok, peer_name=None, peer_median=None, ratio=None) -> dict:
    """One result row in the shape `benchmarks/__main__.py` writes."""
    return {
        "name": name,
        "unit": unit,
        "median": median,
        "peer_name": peer_name,
        "peer_median": peer_median,
        "ratio": ratio,
        "goal": goal,
        "ok": ok,
    }
