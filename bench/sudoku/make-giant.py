#!/usr/bin/env python3
"""Writes an N×N Sudoku (square boxes) with a fraction of its cells given, as N rows of
N integers (0 = blank): a valid solution (the band pattern, then symbols, rows within
bands, bands, columns within stacks and stacks shuffled, and transposed or not, all
seeded), of which a seeded random share of cells is kept.

    python3 bench/sudoku/make-giant.py N FRACTION SEED > out.txt
    python3 bench/sudoku/make-giant.py 100 0.05 1 > bench/sudoku/giant-100-5pct.txt

The same arguments write the same file on every platform (Python's random.Random with
an integer seed). FRACTION 0 writes the empty grid.
"""
import math
import random
import sys


def solution(n: int, rng: random.Random) -> list[list[int]]:
    p = math.isqrt(n)
    if p * p != n:
        sys.exit(f"make-giant: {n} is not a square (boxes are √N×√N)")
    base = [[(p * (r % p) + r // p + c) % n for c in range(n)] for r in range(n)]
    symbols = list(range(1, n + 1))
    rng.shuffle(symbols)

    def order() -> list[int]:
        bands = list(range(p))
        rng.shuffle(bands)
        out = []
        for b in bands:
            inner = list(range(p))
            rng.shuffle(inner)
            out.extend(b * p + i for i in inner)
        return out

    rows, cols = order(), order()
    grid = [[symbols[base[r][c]] for c in cols] for r in rows]
    if rng.random() < 0.5:
        grid = [list(col) for col in zip(*grid)]
    return grid


def main() -> None:
    if len(sys.argv) != 4:
        sys.exit("usage: make-giant.py N FRACTION SEED")
    n, fraction, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    if not 0.0 <= fraction <= 1.0:
        sys.exit(f"make-giant: FRACTION must be within 0..1, not {fraction}")
    rng = random.Random(seed)
    grid = solution(n, rng)
    cells = [(r, c) for r in range(n) for c in range(n)]
    keep = set(rng.sample(cells, round(fraction * n * n)))
    width = len(str(n))
    for r in range(n):
        row = (grid[r][c] if (r, c) in keep else 0 for c in range(n))
        print(" ".join(f"{v:>{width}}" for v in row))


if __name__ == "__main__":
    main()
