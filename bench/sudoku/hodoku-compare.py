#!/usr/bin/env python3
"""Side by side with HoDoKu (issue 25): reads the TSV of hodoku-rate.sh, rates the same
puzzles with gridsat (`sudoku rate --json`: its `hodoku` member), and prints how often
the level is the same, the confusion of levels, and Spearman's rank correlation of the
scores.

Usage: bench/sudoku/hodoku-compare.py HODOKU.tsv [GRIDSAT_BINARY] [--rows]
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module

spearman = import_module("se-compare").spearman
LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    tsv, binary = args[0], args[1] if len(args) > 1 else "target/release/gridsat"
    rows = [l.rstrip("\n").split("\t") for l in open(tsv)][1:]
    rows = [r for r in rows if len(r) >= 3]
    text = "\n".join(r[0] for r in rows) + "\n"
    out = subprocess.run([binary, "sudoku", "rate", "--json", "-"], input=text,
                         capture_output=True, text=True, check=False).stdout
    ours = [json.loads(l)["hodoku"] for l in out.splitlines() if l.startswith("{")]
    assert len(ours) == len(rows), (len(ours), len(rows))
    same = sum(r[1] == g["level"] for r, g in zip(rows, ours))
    print(f"level equal: {same} / {len(rows)} = {100 * same / len(rows):.0f}%")
    print("HoDoKu \\ gridsat  " + " ".join(f"{l:>8}" for l in LEVELS))
    for a in LEVELS:
        counts = [sum(r[1] == a and g["level"] == b for r, g in zip(rows, ours)) for b in LEVELS]
        print(f"{a:>16}  " + " ".join(f"{c:>8}" for c in counts))
    rho = spearman([int(r[2]) for r in rows], [g["score"] for g in ours])
    print(f"Spearman of scores: {rho:+.3f} ({len(rows)} puzzles)")
    both = [(int(r[2]), g["score"]) for r, g in zip(rows, ours) if g["complete"]]
    rho = spearman([a for a, _ in both], [b for _, b in both])
    print(f"Spearman of scores where gridsat's path is complete: {rho:+.3f} ({len(both)} puzzles)")
    scored = [(int(r[2]), g["score"]) for r, g in zip(rows, ours)
              if g["complete"] and r[1] != "extreme"]
    rho = spearman([a for a, _ in scored], [b for _, b in scored])
    print(f"  ... and HoDoKu's level below extreme: {rho:+.3f} ({len(scored)} puzzles)")
    if "--rows" in sys.argv:
        for r, g in zip(rows, ours):
            mark = "" if r[1] == g["level"] else "  <--"
            print(f"{r[0]}\t{r[1]} {r[2]}\t{g['level']} {g['score']} {g['hardest']}{mark}")


if __name__ == "__main__":
    main()
