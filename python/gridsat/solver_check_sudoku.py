"""``check_sudoku(solve_sudoku)``: a student's Sudoku solver judged by its answers on
puzzles with one solution, several, and none (a clash of givens in a row, a column or
a box, and a contradiction no two givens show). Each answer is checked in plain Python
(:func:`gridsat.course.sudoku_problems`); whether a puzzle has a solution comes from
gridsat's solver, whose answers are verified before they are returned.

Re-exported by :mod:`gridsat.teach`.
"""
from __future__ import annotations

import random
import time
from typing import Any, Callable, Iterator, List, Optional, Tuple

from . import course, sudoku
from .solver_check import Counterexample, SolverCheck, run, verdict

__all__ = ["check_sudoku", "sudoku_cases"]

Grid = List[List[int]]

# Puzzles with one solution: a classic newspaper 9×9 and a hard one (Inkala's, 2012).
_NINE = ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
         "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."]


def _grid(line: str, n: int) -> Grid:
    cells = [int(ch) if ch.isdigit() else 0 for ch in line]
    return [cells[r * n:(r + 1) * n] for r in range(n)]


def _unique(n: int, seed: int) -> List[Grid]:
    if n == 9:
        return [_grid(line, 9) for line in _NINE]
    made = sudoku.generate(size=n, seed=seed, count=2)
    return [_grid(g.givens, n) for g in made if len(g.givens) == n * n]


def _status(g: Grid) -> Tuple[str, Optional[Grid]]:
    r = sudoku.solve(g, count=2)
    return r.status, r.solution


def _fewer_givens(g: Grid, rng: random.Random) -> Optional[Grid]:
    """``g`` with givens taken away, one at a time, until it has several solutions."""
    g = [row[:] for row in g]
    cells = [(r, c) for r, row in enumerate(g) for c, v in enumerate(row) if v]
    rng.shuffle(cells)
    for r, c in cells:
        g[r][c] = 0
        if _status(g)[0] == "multiple":
            return g
    return None


def _clashes(n: int) -> Iterator[Tuple[str, Grid]]:
    """The empty grid with two equal givens in one row, one column, one box."""
    p, q = course.box_shape(n)
    for kind, cells in (("row", [(0, 0), (0, n - 1)]), ("column", [(0, 0), (n - 1, 0)]),
                        ("box", [(0, 0), (p - 1, q - 1)])):
        g = [[0] * n for _ in range(n)]
        for r, c in cells:
            g[r][c] = 1
        yield kind, g


def _hidden_contradiction(g: Grid, rng: random.Random) -> Optional[Grid]:
    """``g`` with one given changed to a value no house of it holds, so that no two
    givens clash, and no solution left."""
    n = len(g)
    cells = [(r, c) for r, row in enumerate(g) for c, v in enumerate(row) if v]
    rng.shuffle(cells)
    for r, c in cells[:12]:
        for v in range(1, n + 1):
            h = [row[:] for row in g]
            h[r][c] = v
            if v != g[r][c] and not course.house_problems(h) and _status(h)[0] == "unsat":
                return h
    return None


def sudoku_cases(n: int = 9, seed: int = 228) -> Iterator[Tuple[str, Grid, Optional[Grid]]]:
    """(what the case is, puzzle, a solution or ``None``), in this order: puzzles with
    one solution, with several (the empty grid, a puzzle with givens taken away), with a
    clash of givens (row, column, box) and with a hidden contradiction."""
    rng = random.Random(seed)
    unique = _unique(n, seed)
    for g in unique:
        yield "one solution", g, _status(g)[1]
    empty = [[0] * n for _ in range(n)]
    yield "several solutions (the empty grid)", empty, _status(empty)[1]
    fewer = _fewer_givens(unique[0], rng) if unique else None
    if fewer is not None:
        yield "several solutions", fewer, _status(fewer)[1]
    for kind, g in _clashes(n):
        yield f"no solution (two 1s in a {kind})", g, None
    hidden = _hidden_contradiction(unique[0], rng) if unique else None
    if hidden is not None:
        yield "no solution (no two givens clash)", hidden, None


def _judge(kind: str, puzzle: Grid, solution: Optional[Grid], got: Any) -> Optional[Counterexample]:
    """``None`` when ``got`` is a right answer: a valid solution keeping the givens when
    there is one (any of several), ``None`` when there is none."""
    def wrong(rule: str, family: str, picture: str = "") -> Counterexample:
        return Counterexample([row[:] for row in puzzle], None, course.short(got), rule,
                              family, picture, solution)

    if got is None:
        if solution is None:
            return None
        return wrong(f"returned None, but the puzzle ({kind}) has a solution", "no solution")
    problems = course.sudoku_problems(puzzle, got)
    picture = course.draw_sudoku(_rows(got)) if problems and problems[0][1] != "answer" else ""
    if solution is None:
        rule, family = problems[0] if problems else ("", "")
        return wrong(f"returned a grid for a puzzle with no solution ({kind}): {rule}",
                     family, picture)
    if problems:
        return wrong(problems[0][0], problems[0][1], picture)
    return None


def _rows(got: Any) -> Grid:
    return [[int(v) for v in row] for row in got]


def check_sudoku(solve_sudoku: Callable[[Grid], Any], *, size: int = 9, seed: int = 228,
                 time_limit: float = 10.0) -> SolverCheck:
    """Runs ``solve_sudoku(grid)`` (the course contract: ``grid`` rows of ints, 0 for an
    empty cell; returns a solution as rows of ints, any one of several, or ``None`` when
    there is none) on the cases of :func:`sudoku_cases` for ``size`` × ``size`` grids,
    in that order, and returns the first wrong answer with the rule it breaks ("row 3
    holds 5 twice", "r1c1 is given 5 but the answer has 3") and, when the puzzle has
    one, a solution."""
    deadline = time.monotonic() + time_limit
    tried = 0
    for kind, puzzle, solution in sudoku_cases(size, seed):
        if time.monotonic() > deadline:
            return verdict("solve_sudoku", tried, True, None)
        got, raised = run(solve_sudoku, ([row[:] for row in puzzle],))
        tried += 1
        found = (Counterexample([row[:] for row in puzzle], None, "nothing", raised, "answer",
                                "", solution)
                 if raised else _judge(kind, puzzle, solution, got))
        if found is not None:
            return verdict("solve_sudoku", tried, False, found)
    return verdict("solve_sudoku", tried, False, None)
