#!/usr/bin/env python3
"""Two runs of bench/sokoban/classic.sh side by side (same levels): the levels both
prove push-optimal, the median and sum of their seconds in each run, levels whose push
counts differ, and the levels that changed most.

usage: bench/sokoban/compare_tsv.py A.tsv B.tsv
"""
import statistics
import sys


def load(path):
    out = {}
    for line in open(path):
        if line.startswith("#") or line.startswith("level"):
            continue
        f = line.rstrip("\n").split("\t")
        out[int(f[0])] = (f[1], f[2], float(f[4]), f[6])
    return out


def main():
    a, b = load(sys.argv[1]), load(sys.argv[2])
    both = [k for k in a if a[k][3] == "pushes" and b.get(k, ("",) * 4)[3] == "pushes"]
    ta, tb = [a[k][2] for k in both], [b[k][2] for k in both]
    print("%d proven by both; median s %.3f vs %.3f; sum s %.1f vs %.1f"
          % (len(both), statistics.median(ta), statistics.median(tb), sum(ta), sum(tb)))
    print("push counts differ:", [k for k in both if a[k][1] != b[k][1]])
    by = sorted(both, key=lambda k: a[k][2] - b[k][2])
    print("most faster in A:", [(k, a[k][2], b[k][2]) for k in by[:5]])
    print("most slower in A:", [(k, a[k][2], b[k][2]) for k in by[-5:]])


if __name__ == "__main__":
    main()
