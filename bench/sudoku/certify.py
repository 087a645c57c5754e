#!/usr/bin/env python3
"""The cost of Sudoku certificates on a whole file, side by side in one run.

    bench/sudoku/certify.py GRIDSAT FILE [--runs N]

Runs, N times alternating (default 3): `sudoku solve --threads 1 FILE` (plain),
`sudoku solve --threads 1 --certify DIR FILE` and `check-certificate DIR`, each one
process for the whole file, timed (wall seconds, peak memory); the folders are
removed at the end (see below), so start it a minute after the last run that deleted
many files. Prints the medians and the certificates' figures: proofs (median, max,
total bytes), how many formulas unit propagation refutes alone, the lemma counts, and
the folder's size.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time


def timed(cmd):
    t0 = time.monotonic()
    p = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, capture_output=True, text=True)
    wall = time.monotonic() - t0
    kib = int(p.stderr.strip().splitlines()[-1])
    return p.returncode, wall, kib, p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gridsat")
    ap.add_argument("file")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    g = a.gridsat
    times = {"plain": [], "certify": [], "check": []}
    peak = {"plain": 0, "certify": 0, "check": 0}
    # The folders are removed only at the end, a run's folder in a parent of its own: on
    # ext4, creating files among inodes deleted in the last half minute or so is many
    # times slower (the allocator skips "recently deleted" inodes one by one), which
    # would charge one run's clean-up to the next run's certificate.
    parent = tempfile.mkdtemp(prefix="gridsat-sudoku-cert-")
    try:
        for k in range(a.runs):
            d = os.path.join(parent, f"run-{k}")
            os.mkdir(d)
            for what, cmd in [
                ("plain", [g, "sudoku", "solve", "--threads", "1", a.file]),
                ("certify", [g, "sudoku", "solve", "--threads", "1", "--certify", d, a.file]),
                ("check", [g, "check-certificate", d]),
            ]:
                rc, wall, kib, out = timed(cmd)
                if what == "check" and rc != 0:
                    raise SystemExit(f"check failed: {out[-500:]}")
                times[what].append(wall)
                peak[what] = max(peak[what], kib)
                if what == "check":
                    report = out
            proofs = [os.path.getsize(os.path.join(d, f)) for f in os.listdir(d) if f.endswith(".drat")]
            folder = sum(os.path.getsize(os.path.join(d, f)) for f in os.listdir(d))
    finally:
        shutil.rmtree(parent, ignore_errors=True)
    lemmas = [int(x) for x in re.findall(r"proof checked \((\d+) lemmas\)", report)]
    by_up = report.count("unit propagation alone")
    entries = len(re.findall(r"^puzzle \d+:", report, re.M))
    print(f"file {a.file}: {entries} entries, {a.runs} runs alternating")
    for what in times:
        ts = times[what]
        print(f"  {what}: median {statistics.median(ts):.2f} s (min {min(ts):.2f}, max {max(ts):.2f}), "
              f"{1000 * statistics.median(ts) / max(entries, 1):.1f} ms/puzzle, peak {peak[what] // 1024} MiB")
    print(f"  proofs: {len(proofs)} files, median {statistics.median(proofs) / 1024:.1f} KiB, "
          f"max {max(proofs) / 1024:.1f} KiB, total {sum(proofs) / 2**20:.1f} MiB")
    if lemmas:
        print(f"  {by_up} of {entries} refuted by unit propagation alone; the other {len(lemmas)}: "
              f"median {statistics.median(lemmas):.0f} lemmas, max {max(lemmas)}")
    print(f"  folder: {folder / 2**20:.0f} MiB")


if __name__ == "__main__":
    main()
