#!/usr/bin/env python3
"""Median wall time of `gridsat sudoku rate --json` per puzzle (issue 25 target: <= 50 ms
on top1465), one process per puzzle, and the same for an empty run (process start and
parse: a solved grid) to subtract by eye.

Usage: bench/sudoku/se-speed.py [PUZZLES] [N] [GRIDSAT_BINARY]
"""
import statistics
import subprocess
import sys
import time

path = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/sudoku/9x9/top1465.txt"
n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
binary = sys.argv[3] if len(sys.argv) > 3 else "target/release/gridsat"
puzzles = [l.strip() for l in open(path) if l.strip()][:n]


def run(p):
    t = time.perf_counter()
    subprocess.run([binary, "sudoku", "rate", "--json", "-"], input=p + "\n",
                   capture_output=True, text=True, check=False)
    return (time.perf_counter() - t) * 1000


solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
base = statistics.median(run(solved) for _ in range(20))
times = [run(p) for p in puzzles]
print(f"{len(times)} puzzles of {path}: rate median {statistics.median(times):.1f} ms, "
      f"p90 {sorted(times)[int(0.9 * len(times))]:.1f} ms, max {max(times):.0f} ms; "
      f"a solved grid (process start) {base:.1f} ms")
