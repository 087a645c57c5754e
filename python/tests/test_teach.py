"""gridsat.teach: a student's clauses checked, with counterexamples that name the rule.

The broken encodings are generated here (a course-style encoder with one slip at a
time); every counterexample is checked again by this file's own rules."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import List

import pytest

from gridsat import teach


def var(r: int, c: int, d: int) -> int:
    return 100 * r + 10 * c + d


def course(n: int = 4, skip: str = "") -> List[List[int]]:
    box = int(n ** 0.5)
    out: List[List[int]] = []
    cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    for r, c in cells:
        out.append([var(r, c, d) for d in range(1, n + 1)])
    houses = []
    if skip != "rows":
        houses += [[(r, c) for c in range(1, n + 1)] for r in range(1, n + 1)]
    houses += [[(r, c) for r in range(1, n + 1)] for c in range(1, n + 1)]
    if skip != "boxes":
        for b in range(n):
            top, left = box * (b // box) + 1, box * (b % box) + 1
            houses.append([(top + k // box, left + k % box) for k in range(n)])
    for h in houses:
        for d in range(1, n + 1):
            for i in range(n):
                for j in range(i + 1, n):
                    out.append([-var(*h[i], d), -var(*h[j], d)])
    return out


def test_a_correct_encoding_passes() -> None:
    got = teach.check_encoding(course(), var="100*r+10*c+d", size=4)
    assert not got.problem and got.sound
    assert got.complete.verdict == "proved"


@pytest.mark.parametrize("skip,family", [("rows", "row at most one"),
                                         ("boxes", "box at most one")])
def test_a_forgotten_family_is_named_with_a_valid_counterexample(skip: str, family: str) -> None:
    got = teach.check_encoding(course(skip=skip), var=var, size=4)
    assert got.problem and not got.sound
    first = got.broken[0]
    assert first.family == family
    assert first.cells is not None and all(len(c) == 1 for c in first.cells)
    grid = [c[0] for c in first.cells]
    if skip == "rows":
        assert any(len(set(grid[4 * r:4 * r + 4])) < 4 for r in range(4))
    else:
        boxes = [[grid[4 * (2 * (b // 2) + k // 2) + 2 * (b % 2) + k % 2] for k in range(4)]
                 for b in range(4)]
        assert any(len(set(b)) < 4 for b in boxes)


def test_capture_records_pysat_clauses_and_checks_them() -> None:
    pysat = pytest.importorskip("pysat.solvers")

    def solve_sudoku(grid: List[List[int]]) -> List[List[int]]:
        clauses = course(skip="boxes")
        for r in range(4):
            for c in range(4):
                if grid[r][c]:
                    clauses.append([var(r + 1, c + 1, grid[r][c])])
        with pysat.Solver(name="g3", bootstrap_with=clauses[:5]) as s:
            for cl in clauses[5:]:
                s.add_clause(cl)
            assert s.solve()
        return grid

    # With givens whose only row/column solution is a valid grid, the formula has no
    # wrong model (checked by brute force while writing this test): the missing box
    # rules show on an empty grid.
    got = teach.capture(solve_sudoku, [[0] * 4 for _ in range(4)])
    assert len(got.clauses) == len(course(skip="boxes"))
    assert got.check is not None and got.check.problem
    assert any(f.verdict == "broken" and f.family.startswith("box")
               for f in got.check.families)


def test_python_m_gridsat_teach_exit_codes(tmp_path: Path) -> None:
    pytest.importorskip("pysat.solvers")
    good = tmp_path / "q1.py"
    good.write_text(textwrap.dedent("""
        from pysat.solvers import Solver
        def solve_sudoku(grid):
            s = Solver(name="g3")
            v = lambda r, c, d: 100 * r + 10 * c + d
            for r in range(1, 10):
                for c in range(1, 10):
                    s.add_clause([v(r, c, d) for d in range(1, 10)])
                    if grid[r - 1][c - 1]:
                        s.add_clause([v(r, c, grid[r - 1][c - 1])])
            for d in range(1, 10):
                for k in range(1, 10):
                    for i in range(1, 10):
                        for j in range(i + 1, 10):
                            s.add_clause([-v(k, i, d), -v(k, j, d)])
                            s.add_clause([-v(i, k, d), -v(j, k, d)])
            s.solve()
            return grid
    """))
    run = subprocess.run([sys.executable, "-m", "gridsat.teach", str(good)],
                         capture_output=True, text=True)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "box at most one: BROKEN" in run.stdout
    missing = subprocess.run([sys.executable, "-m", "gridsat.teach", str(tmp_path / "no.py")],
                             capture_output=True, text=True)
    assert missing.returncode == 2
