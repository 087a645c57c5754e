"""Shared fixtures: paths, an independent Sudoku checker and a Sokoban simulator.

The checker and the simulator are written here, from the rules, so that the tests
do not trust any code of gridsat's to tell a right answer from a wrong one."""
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SHARED = ROOT.parent / "shared" / "data"


def cli_binary():
    """The gridsat command line to compare with: $GRIDSAT if set, else the newest of this
    checkout's release and debug builds (an older one may predate the package), or a
    visible skip when neither `cargo build --release` nor `cargo build` has been run."""
    if os.environ.get("GRIDSAT"):
        return pathlib.Path(os.environ["GRIDSAT"])
    built = [ROOT / "target" / k / "gridsat" for k in ("release", "debug")]
    built = [b for b in built if b.exists()]
    if built:
        return max(built, key=lambda b: b.stat().st_mtime)
    pytest.skip("the gridsat command line is not built here (cargo build)")


def load_slack():
    """Seconds a "within a second" check may add when the machine is overloaded: the
    load average per core above 1, at most 2 s (the Rust tests' common::load_slack).
    A limit is honoured by the code within a second; a scheduler running more threads
    than cores can delay the thread that notices it."""
    try:
        with open("/proc/loadavg") as f:
            load = float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0
    slack = min(2.0, max(0.0, load / (os.cpu_count() or 1) - 1.0))
    if slack > 0:
        print(f"load average {load:.1f} on {os.cpu_count()} cores: allowing {slack:.2f} s more")
    return slack


def shared(rel):
    """A file of ../shared/data, or a visible skip when the folder is absent."""
    p = SHARED / rel
    if not p.exists():
        pytest.skip(f"../shared/data/{rel} is not here (the shared data folder beside the repository)")
    return p


def valid_sudoku(grid, givens, box=None):
    """True when `grid` (list of lists of ints 1..n) is a solution of `givens`
    (0 = blank): every row, column and box holds 1..n once and the givens are kept."""
    n = len(grid)
    if box is None:
        p = int(n ** 0.5)
        while n % p:
            p -= 1
        box = (p, n // p)
    rows, cols = box
    want = set(range(1, n + 1))
    if any(len(r) != n or set(r) != want for r in grid):
        return False
    if any({grid[r][c] for r in range(n)} != want for c in range(n)):
        return False
    for br in range(0, n, rows):
        for bc in range(0, n, cols):
            cells = {grid[r][c] for r in range(br, br + rows) for c in range(bc, bc + cols)}
            if cells != want:
                return False
    return all(g == 0 or g == grid[r][c] for r, row in enumerate(givens) for c, g in enumerate(row))


def read_line_puzzle(line):
    """A 9×9 line puzzle as a list of lists (0 = blank)."""
    s = line.strip()[:81]
    cells = [0 if ch in ".0" else int(ch) for ch in s]
    return [cells[i * 9:(i + 1) * 9] for i in range(9)]


DIRS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def replay_course(grid, moves):
    """Replays U/D/L/R moves on a course-format grid (# . P B G); returns True when
    every box ends on a goal. Raises AssertionError on an illegal move."""
    walls, goals, boxes, player = set(), set(), set(), None
    h = len(grid)
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == "#":
                walls.add((r, c))
            if ch == "G":
                goals.add((r, c))
            if ch == "B":
                boxes.add((r, c))
            if ch == "P":
                player = (r, c)
    w = max(len(row) for row in grid)

    def blocked(p):
        r, c = p
        return p in walls or not (0 <= r < h and 0 <= c < w)

    for m in moves:
        dr, dc = DIRS[m]
        to = (player[0] + dr, player[1] + dc)
        assert not blocked(to), f"move {m} walks into a wall"
        if to in boxes:
            beyond = (to[0] + dr, to[1] + dc)
            assert not blocked(beyond) and beyond not in boxes, f"move {m} pushes a blocked box"
            boxes.remove(to)
            boxes.add(beyond)
        player = to
    return boxes <= goals
