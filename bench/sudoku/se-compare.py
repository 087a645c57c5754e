#!/usr/bin/env python3
"""Side by side with Sudoku Explainer (issue 25): reads the TSV of se-rate.sh, rates the
same puzzles with gridsat (`sudoku rate --json`, `sudoku hint --json`), and prints the
agreement: ER within 0.2, Spearman's rank correlation overall and among SE >= 4, and
whether the first step is of the same technique family.

Usage: bench/sudoku/se-compare.py SE.tsv [GRIDSAT_BINARY] [--rows]
"""
import json
import subprocess
import sys


def family(name):
    """The technique family of an SE (or gridsat) technique name."""
    n = name.lower()
    table = [
        ("single", ["hidden single", "naked single", "full house"]),
        ("intersection", ["pointing", "claiming"]),
        ("subset", ["pair", "triplet", "triple", "quad"]),
        ("fish", ["x-wing", "swordfish", "jellyfish"]),
        ("single-digit", ["strong link", "turbot", "skyscraper", "kite"]),
        ("wing", ["xy-wing", "xyz-wing", "w-wing", "wxyz"]),
        ("uniqueness", ["unique", "bivalue universal", "bug"]),
        ("forcing", ["cell forcing", "region forcing", "dynamic", "nishio", "nested", "multiple"]),
        ("chain", ["chain", "cycle", "forcing"]),
    ]
    for fam, words in table:
        if any(w in n for w in words):
            return fam
    return n


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(a, b):
    if len(a) < 3:
        return float("nan")
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb)


def gridsat(binary, cmd, puzzles):
    text = "\n".join(puzzles) + "\n"
    out = subprocess.run([binary, "sudoku", cmd, "--json", "-"], input=text,
                         capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def main():
    tsv = sys.argv[1]
    binary = sys.argv[2] if len(sys.argv) > 2 and not sys.argv[2].startswith("--") else "target/release/gridsat"
    rows = [l.rstrip("\n").split("\t") for l in open(tsv)][1:]
    rows = [r for r in rows if len(r) >= 6]
    puzzles = [r[0] for r in rows]
    rated = gridsat(binary, "rate", puzzles)
    hints = gridsat(binary, "hint", puzzles)
    assert len(rated) == len(rows) == len(hints), (len(rated), len(rows), len(hints))
    done = [(r, g, h) for r, g, h in zip(rows, rated, hints)
            if r[4] not in ("timeout", "Beyond solver") and float(r[1]) > 0]
    se = [float(r[1]) for r, _, _ in done]
    ours = [g["se"]["er"] for _, g, _ in done]
    within = sum(abs(a - b) <= 0.2 + 1e-9 for a, b in zip(se, ours))
    hi = [(a, b) for a, b in zip(se, ours) if a >= 4.0]
    same = sum(family(r[5]) == (h.get("technique") or {}).get("family", "none") for r, _, h in done)
    print(f"puzzles: {len(rows)}, SE finished: {len(done)}")
    print(f"ER within ±0.2: {within}/{len(done)} = {100 * within / max(1, len(done)):.0f}%")
    print(f"Spearman overall: {spearman(se, ours):+.3f} ({len(se)} puzzles)")
    print(f"Spearman among SE >= 4: {spearman([a for a, _ in hi], [b for _, b in hi]):+.3f} ({len(hi)} puzzles)")
    print(f"first step of the same family: {same}/{len(done)}")
    if "--rows" in sys.argv:
        for (r, g, h) in done:
            print(f"{r[1]:>5} {g['se']['er']:>5}  {r[4]:<40} {g.get('hardest')}")


if __name__ == "__main__":
    main()
