#!/usr/bin/env python3
"""The cost of Sokoban certificates, side by side, one level at a time.

    bench/sokoban/certify.py GRIDSAT FILE OUT.csv [--levels A-B] [--time-limit S] [--external CMD]
                             [--optimize pushes|moves|pushes,moves] [--jobs N]
                             [--certify-limit S] [--skip-unproven] [--certify-with KIND]

For each level: `sokoban solve` (the plain solve), `sokoban solve --certify DIR` (solve
plus the certificate, under the same time limit) and `check-certificate DIR` (no limit
but a 600 s timeout), each timed as a separate process with /usr/bin/time (wall seconds
and peak memory). One CSV row per level: the optimum, the certificate's clauses, proof
bytes and lemmas, and the three times. A level whose certificate was not written within
the limit has an empty `clauses` column and the reason in `note`. `--optimize` is passed
to both solves (a `pushes,moves` certificate has two entries: the columns add them up);
`--jobs N` runs N levels at once (one per core), rows still in level order;
`--certify-limit S` gives the certifying run its own limit (the target "certified within
60 s more" is `--time-limit 60 --certify-limit 120`), `--skip-unproven` skips it for a
level the plain solve did not prove optimal; `--certify-with auto|drat|closure` says what
backs a push optimum (the column `positions` counts a push-state closure's positions;
`external` checks DRAT proofs only).
"""

import argparse
import concurrent.futures
import glob
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


def level_row(gridsat, file, level, limit, external=None, optimize="pushes", certify_limit=None,
              skip_unproven=False, certify_with="auto"):
    row = {"level": level}
    cmd = [gridsat, "sokoban", "solve", file, "-l", str(level), "--time-limit", str(limit),
           "--optimize", optimize]
    rc, wall, _, out, _ = timed(cmd, limit + 30)
    row["solve_s"] = f"{wall:.3f}"
    m = re.search(r"(\d+) pushes, push-optimal", out)
    row["optimal_pushes"] = m.group(1) if m else ""
    m = re.search(r"(\d+) moves, (\d+) pushes, (push-optimal .*then )?move-optimal", out)
    row["optimal_moves"] = m.group(1) if m else ""
    proven = row["optimal_moves" if "moves" in optimize else "optimal_pushes"]
    if skip_unproven and not proven:
        row["note"] = f"not proven optimal within {limit:g} s: not certified"
        return row
    climit = certify_limit or limit
    cmd[cmd.index("--time-limit") + 1] = str(climit)
    d = tempfile.mkdtemp(prefix="gridsat-cert-")
    try:
        rc, wall, kib, out, err = timed(cmd + ["--certify", d, "--certify-with", certify_with],
                                        climit + 30)
        row["certify_s"] = f"{wall:.3f}"
        row["certify_kib"] = kib or ""
        m = re.search(r"certified optimal[^(]* \((\d+) clauses, proof (\d+) bytes"
                      r"(?:, push-state closure of (\d+) positions)?, ([\d.]+) s\)", err)
        if not m:
            row["note"] = (err.strip().splitlines() or ["?"])[-1][:120]
            return row
        row["clauses"], row["proof_bytes"], row["proof_s"] = m.group(1), m.group(2), m.group(4)
        row["positions"] = m.group(3) or ""
        rc, wall, kib, out, err = timed([gridsat, "check-certificate", d], 600)
        row["check_s"] = f"{wall:.3f}"
        row["check_kib"] = kib or ""
        lemmas = [int(x) for x in re.findall(r"proof checked \((\d+) lemmas\)", out)]
        row["lemmas"] = sum(lemmas) if lemmas else ("0 (unit propagation)" if "unit propagation" in out else "")
        row["checked"] = "yes" if rc == 0 else f"NO (exit {rc}): {err.strip()[:100]}"
        if external:
            verdicts = []
            for drat in sorted(glob.glob(os.path.join(d, f"level-{level}*.drat"))):
                cnf = drat[: -len(".drat")] + ".cnf"
                rc, wall, _, out, err = timed(external + [cnf, drat], 1800)
                verified = rc is not None and "s VERIFIED" in out
                verdicts.append(f"{'VERIFIED' if verified else 'NOT VERIFIED'} {wall:.1f} s")
            if not verdicts and row["positions"]:
                verdicts.append("push-state closure: no DRAT proof")
            row["external"] = "; ".join(verdicts) or "no proof (a plan of cost 0)"
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return row


FIELDS = [
    "level", "optimal_pushes", "optimal_moves", "solve_s", "certify_s", "proof_s", "clauses", "proof_bytes",
    "lemmas", "positions", "check_s", "certify_kib", "check_kib", "checked", "external", "note",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gridsat")
    ap.add_argument("file")
    ap.add_argument("out")
    ap.add_argument("--levels", default="1-155", help="ranges and numbers, comma-separated")
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--optimize", default="pushes", choices=["pushes", "moves", "pushes,moves"])
    ap.add_argument("--jobs", type=int, default=1, help="levels at once (one per core)")
    ap.add_argument("--certify-limit", type=float, help="the time limit of the certifying run "
                    "(solve and certificate together; default --time-limit)")
    ap.add_argument("--skip-unproven", action="store_true", help="no certifying run for a "
                    "level the plain solve did not prove optimal")
    ap.add_argument("--external", help="an independent DRAT checker run as CMD CNF PROOF "
                    "on every certificate (e.g. drat-trim built outside the repository); "
                    "its verdict ('s VERIFIED' on stdout) goes in the column external")
    ap.add_argument("--certify-with", default="auto", choices=["auto", "drat", "closure"],
                    help="what backs a push optimum (sokoban solve --certify-with)")
    a = ap.parse_args()
    external = a.external.split() if a.external else None
    levels = []
    for part in a.levels.split(","):
        lo, _, hi = part.partition("-")
        levels.extend(range(int(lo), int(hi or lo) + 1))
    with open(a.out, "w", newline="") as f:
        w = csv.DictWriter(f, FIELDS)
        w.writeheader()
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            rows = pool.map(
                lambda level: level_row(a.gridsat, a.file, level, a.time_limit, external,
                                        a.optimize, a.certify_limit, a.skip_unproven,
                                        a.certify_with),
                levels,
            )
            for row in rows:
                w.writerow(row)
                f.flush()
                print(row, flush=True)


if __name__ == "__main__":
    main()
