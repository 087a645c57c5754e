#!/usr/bin/env python3
"""The cost of Sokoban certificates, side by side, one level at a time.

    bench/sokoban/certify.py GRIDSAT FILE OUT.csv [--levels A-B] [--time-limit S] [--external CMD]

For each level: `sokoban solve` (the plain solve), `sokoban solve --certify DIR` (solve
plus the certificate, under the same time limit) and `check-certificate DIR` (no limit
but a 600 s timeout), each timed as a separate process with /usr/bin/time (wall seconds
and peak memory). One CSV row per level: the optimum, the certificate's clauses, proof
bytes and lemmas, and the three times. A level whose certificate was not written within
the limit has an empty `clauses` column and the reason in `note`.
"""

import argparse
import os
import csv
import re
import shutil
import subprocess
import tempfile
import time


def timed(cmd, timeout):
    """Runs cmd; returns (exit code, wall seconds, peak KiB, stdout, stderr)."""
    t0 = time.monotonic()
    try:
        p = subprocess.run(
            ["/usr/bin/time", "-f", "%M"] + cmd,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - t0, None, "", "timeout"
    wall = time.monotonic() - t0
    lines = p.stderr.strip().splitlines()
    kib = int(lines[-1]) if lines and lines[-1].isdigit() else None
    lines = [l for l in lines[:-1] if not l.startswith("Command exited with")]
    return p.returncode, wall, kib, p.stdout, "\n".join(lines)


def level_row(gridsat, file, level, limit, external=None):
    row = {"level": level}
    rc, wall, _, out, _ = timed(
        [gridsat, "sokoban", "solve", file, "-l", str(level), "--time-limit", str(limit)],
        limit + 30,
    )
    row["solve_s"] = f"{wall:.3f}"
    m = re.search(r"(\d+) pushes, push-optimal", out)
    row["optimal_pushes"] = m.group(1) if m else ""
    d = tempfile.mkdtemp(prefix="gridsat-cert-")
    try:
        cmd = [gridsat, "sokoban", "solve", file, "-l", str(level), "--time-limit", str(limit)]
        rc, wall, kib, out, err = timed(cmd + ["--certify", d], limit + 30)
        row["certify_s"] = f"{wall:.3f}"
        row["certify_kib"] = kib or ""
        m = re.search(r"certified optimal (\d+) \((\d+) clauses, proof (\d+) bytes, ([\d.]+) s\)", err)
        if not m:
            row["note"] = (err.strip().splitlines() or ["?"])[-1][:120]
            return row
        row["clauses"], row["proof_bytes"], row["proof_s"] = m.group(2), m.group(3), m.group(4)
        rc, wall, kib, out, err = timed([gridsat, "check-certificate", d], 600)
        row["check_s"] = f"{wall:.3f}"
        row["check_kib"] = kib or ""
        m = re.search(r"proof checked \((\d+) lemmas\)", out)
        row["lemmas"] = m.group(1) if m else ("0 (unit propagation)" if "unit propagation" in out else "")
        row["checked"] = "yes" if rc == 0 else f"NO (exit {rc}): {err.strip()[:100]}"
        if external:
            cnf, drat = (os.path.join(d, f"level-{level}.{x}") for x in ("cnf", "drat"))
            if os.path.exists(drat):
                rc, wall, _, out, err = timed(external + [cnf, drat], 1800)
                verified = rc is not None and "s VERIFIED" in out
                row["external"] = f"{'VERIFIED' if verified else 'NOT VERIFIED'} {wall:.1f} s"
            else:
                row["external"] = "no proof (0 pushes)"
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return row


FIELDS = [
    "level", "optimal_pushes", "solve_s", "certify_s", "proof_s", "clauses", "proof_bytes",
    "lemmas", "check_s", "certify_kib", "check_kib", "checked", "external", "note",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gridsat")
    ap.add_argument("file")
    ap.add_argument("out")
    ap.add_argument("--levels", default="1-155", help="ranges and numbers, comma-separated")
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--external", help="an independent DRAT checker run as CMD CNF PROOF "
                    "on every certificate (e.g. drat-trim built outside the repository); "
                    "its verdict ('s VERIFIED' on stdout) goes in the column external")
    a = ap.parse_args()
    external = a.external.split() if a.external else None
    levels = []
    for part in a.levels.split(","):
        lo, _, hi = part.partition("-")
        levels.extend(range(int(lo), int(hi or lo) + 1))
    with open(a.out, "w", newline="") as f:
        w = csv.DictWriter(f, FIELDS)
        w.writeheader()
        for level in levels:
            row = level_row(a.gridsat, a.file, level, a.time_limit, external)
            w.writerow(row)
            f.flush()
            print(row, flush=True)


if __name__ == "__main__":
    main()
