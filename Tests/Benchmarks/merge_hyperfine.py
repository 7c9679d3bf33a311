#!/usr/bin/env python3
"""Merges the JSON exports of several hyperfine runs of the same commands into one, as if the
runs had been one: all wall times pooled, median, mean and spread recomputed, user and system
times averaged over all runs.

    python3 Tests/Benchmarks/merge_hyperfine.py OUT.json ROUND1.json ROUND2.json ...

run.sh times each comparison in a few rounds (each round: every command, a few runs) so that a
load that comes and goes on a shared machine falls on all commands alike; hyperfine alone runs
all the runs of one command before the next. Standard library only.
"""

import json
import statistics
import sys


def main() -> None:
    out, inputs = sys.argv[1], sys.argv[2:]
    merged = {}
    order = []
    for path in inputs:
        try:
            with open(path) as handle:
                results = json.load(handle)["results"]
        except (OSError, ValueError, KeyError):
            continue
        for result in results:
            name = result["command"]
            if name not in merged:
                merged[name] = {"command": name, "times": [], "user_total": 0.0, "system_total": 0.0, "exit_codes": []}
                order.append(name)
            entry = merged[name]
            count = len(result.get("times") or [])
            entry["times"] += result.get("times") or []
            entry["exit_codes"] += result.get("exit_codes") or []
            entry["user_total"] += (result.get("user") or 0.0) * count
            entry["system_total"] += (result.get("system") or 0.0) * count
    results = []
    for name in order:
        entry = merged[name]
        times = entry["times"]
        if not times:
            continue
        results.append({
            "command": name,
            "mean": statistics.fmean(times),
            "stddev": statistics.stdev(times) if len(times) > 1 else 0.0,
            "median": statistics.median(times),
            "user": entry["user_total"] / len(times),
            "system": entry["system_total"] / len(times),
            "min": min(times),
            "max": max(times),
            "times": times,
            "exit_codes": entry["exit_codes"],
        })
    with open(out, "w") as handle:
        json.dump({"results": results, "rounds": len(inputs)}, handle, indent=1)


if __name__ == "__main__":
    main()
