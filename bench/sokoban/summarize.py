#!/usr/bin/env python3
"""Summarises benchmark CSVs written by run.py as Markdown table rows.

usage: bench/sokoban/summarize.py LABEL=FILE.csv [LABEL=FILE.csv ...]
"""
import csv, statistics, sys


def main():
    print("| run | levels | solved | proven optimal | median s (proven) | total s | total CPU s | agree with known optimum | mismatches |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for arg in sys.argv[1:]:
        label, path = arg.split("=", 1)
        rows = list(csv.DictReader(open(path)))
        solved = [r for r in rows if r["status"] == "solved"]
        opt = [r for r in rows if r["optimal"] != "no"]
        secs = [float(r["seconds"]) for r in opt]
        total = sum(float(r["seconds"]) for r in rows)
        agree = 0
        for r in opt:
            col = "known_optimal_" + r["optimal"]
            if r.get(col, "-") not in ("-", "") and int(r[col]) == int(r[r["optimal"]]):
                agree += 1
        bad = sum(1 for r in rows if r.get("check"))
        med = "%.2f" % statistics.median(secs) if secs else "-"
        cpu = [r.get("cpu_seconds") or "" for r in rows]
        cpu = "%.0f" % sum(float(c) for c in cpu) if all(cpu) else "-"
        print("| %s | %d | %d | %d | %s | %.0f | %s | %d | %d |" % (
            label, len(rows), len(solved), len(opt), med, total, cpu, agree, bad))
    for arg in sys.argv[1:]:
        label, path = arg.split("=", 1)
        rows = list(csv.DictReader(open(path)))
        missing = [r["level"] for r in rows if r["optimal"] == "no"]
        if missing:
            print("\n%s: not proven optimal within the limit: %s" % (label, ", ".join(missing)))


if __name__ == "__main__":
    main()
