"""make bench: run every benchmark, write BENCHMARKS.md and benchmarks/results.json.

Each benchmark module has `run(quick=False) -> list[dict]`; a row is
{"name", "unit", "median", "peer_name", "peer_median", "ratio", "goal", "ok"?}. Peers and floors
are measured in the same run on the same machine, so ratios stay comparable between machines.
`python -m benchmarks --quick` runs shorter versions (used by a smoke test).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

MODULES = [
    "bench_engine",
    "bench_journal",
    "bench_lighting",
    "bench_reader",
    "bench_camera",
    "bench_ui",
    "bench_app",
    "bench_process",
    "bench_web",
]
ROOT = Path(__file__).resolve().parent.parent


def machine() -> dict:
    """What this machine is, for the report."""
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "system": f"{platform.system()} {platform.release()}",
        "cpu": cpu,
        "cores": os.cpu_count(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def fmt(value) -> str:
    """A number for the table."""
    if value is None:
        return "-"
    if isinstance(value, str):
        return value
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.3g}"


def report(rows: list[dict], info: dict, failures: list[str]) -> str:
    """BENCHMARKS.md text."""
    out = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`python -m benchmarks`). Medians of repeated runs; peers and floors are",
        "measured in the same run on the same machine. Goals come from the issues; a ratio is ours / peer.",
        "",
        f"Machine: {info['cpu'] or info['machine']}, {info['cores']} cores, {info['system']}, "
        f"Python {info['python']} ({info['implementation']}), {info['date']}.",
        "",
        "| figure | ours (median) | unit | peer / floor (same run) | peer median | ratio | goal | met |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        ok = r.get("ok")
        out.append(
            f"| {r['name']} | {fmt(r.get('median'))} | {r.get('unit', '')} | {r.get('peer_name') or '-'} | "
            f"{fmt(r.get('peer_median'))} | {fmt(r.get('ratio'))} | {r.get('goal') or '-'} | "
            f"{'yes' if ok else ('no' if ok is False else '-')} |"
        )
    if failures:
        out += ["", "Benchmarks that could not run:", ""] + [f"- {f}" for f in failures]
    return "\n".join(out) + "\n"


def _run_isolated(name: str, quick: bool) -> list[dict]:
    """Run one benchmark module in a fresh interpreter and return its rows.

    Each module gets its own process so that one benchmark's heap (the UI benchmark builds
    hundreds of MB of surfaces) never slows another's timing through garbage collection.
    """
    code = (
        f"import json, sys; from benchmarks import {name} as m; "
        f"rows = m.run(quick={quick}); sys.stdout.write('ROWS ' + json.dumps(rows) + '\\n')"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    sys.stderr.write(proc.stderr)
    line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("ROWS ")), None)
    if proc.returncode != 0 or line is None:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"exit {proc.returncode}: {last}")
    return json.loads(line[5:])


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and write the report."""
    ap = argparse.ArgumentParser(prog="python -m benchmarks")
    ap.add_argument("--quick", action="store_true", help="short runs (smoke test)")
    ap.add_argument("--only", nargs="*", help="module names to run")
    ap.add_argument("--out", default=str(ROOT), help="folder for BENCHMARKS.md and benchmarks/results.json")
    args = ap.parse_args(argv)
    rows: list[dict] = []
    failures: list[str] = []
    for name in args.only or MODULES:
        if importlib.util.find_spec(f"benchmarks.{name}") is None:
            continue
        print(f"running {name} ...", file=sys.stderr, flush=True)
        try:
            got = _run_isolated(name, args.quick)
        except RuntimeError as exc:  # a broken benchmark is reported, the others still run
            failures.append(f"{name}: {exc}")
            continue
        for r in got:
            r.setdefault("module", name)
            print(
                f"  {r['name']}: {fmt(r.get('median'))} {r.get('unit', '')}  goal {r.get('goal') or '-'}",
                file=sys.stderr,
            )
        rows.extend(got)
    info = machine()
    out = Path(args.out)
    (out / "benchmarks").mkdir(parents=True, exist_ok=True)
    (out / "benchmarks" / "results.json").write_text(
        json.dumps({"machine": info, "results": rows, "failures": failures}, indent=2) + "\n"
    )
    text = report(rows, info, failures)
    (out / "BENCHMARKS.md").write_text(text)
    print(text)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
