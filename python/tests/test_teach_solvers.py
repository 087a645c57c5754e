"""gridsat.teach.check_sokoban / check_sudoku: a student's solver judged by its answers.

The student solvers here are written for the test: a breadth-first Sokoban solver with
one bug switched on at a time (walls ignored, pulls allowed, stopping at the first box
on a goal, T ignored) and a PySAT Sudoku solver with one family of clauses left out.
Each counterexample is re-checked with conftest's replay, which shares no code with
gridsat.course.
"""
import subprocess
import sys
import textwrap
import time
from collections import deque

import pytest

import gridsat
from gridsat import teach
from conftest import DIRS, replay_course, valid_sudoku


def bfs_student(ignore_walls=False, allow_pulls=False, first_goal=False, ignore_t=False):
    """A course-style solve_sokoban(grid, T) by breadth-first search, with bugs."""
    def solve(grid, T):
        h, w = len(grid), max(len(row) for row in grid)
        walls, goals, boxes, player = set(), set(), set(), None
        for r, row in enumerate(grid):
            for c, ch in enumerate(row):
                {"#": walls, "G": goals, "B": boxes}.get(ch, set()).add((r, c))
                if ch == "P":
                    player = (r, c)

        def free(p):
            inside = 0 <= p[0] < h and 0 <= p[1] < w
            return inside and (ignore_walls or p not in walls)

        def done(bs):
            return bool(bs & goals) if first_goal else bs <= goals

        start = (player, frozenset(boxes))
        seen = {start: []}
        todo = deque([start])
        while todo:
            state = todo.popleft()
            (pr, pc), bs = state
            plan = seen[state]
            if done(bs):
                return plan
            if len(plan) >= T and not ignore_t:
                continue
            for m, (dr, dc) in DIRS.items():
                to = (pr + dr, pc + dc)
                if not free(to):
                    continue
                nexts = []
                if to in bs:
                    beyond = (to[0] + dr, to[1] + dc)
                    if free(beyond) and beyond not in bs:
                        nexts.append((to, (bs - {to}) | {beyond}))
                else:
                    nexts.append((to, bs))
                    behind = (pr - dr, pc - dc)
                    if allow_pulls and behind in bs:
                        nexts.append((to, (bs - {behind}) | {(pr, pc)}))
                for nxt in nexts:
                    if nxt not in seen:
                        seen[nxt] = plan + [m]
                        todo.append(nxt)
        return -1
    return solve


def gridsat_sokoban(grid, T):
    return gridsat.sokoban.solve_course(grid, T)


def assert_counterexample_is_real(found):
    """The level, T and returned plan really are wrong, by conftest's replay."""
    c = found.counterexample
    assert found.problem and c is not None
    if c.answer is not None:  # a right answer exists: it replays within T
        assert len(c.answer) <= c.T and replay_course(c.puzzle, c.answer)
    assert c.rule
    assert bool(c.picture) == (c.family in ("walls", "pushes", "goals"))
    assert "counterexample" in found.text and c.rule in found.text


@pytest.mark.parametrize("student", [gridsat_sokoban, bfs_student()], ids=["gridsat", "bfs"])
def test_right_sokoban_solvers_pass(student):
    got = teach.check_sokoban(student)
    assert not got.problem, got.text
    assert got.cases > 100 and not got.stopped


@pytest.mark.parametrize("bug,families", [
    ({"ignore_walls": True}, {"walls"}),
    ({"allow_pulls": True}, {"goals", "pushes", "walls"}),
    ({"first_goal": True}, {"goals"}),
    ({"ignore_t": True}, {"bound T"}),
])
def test_each_sokoban_bug_gives_a_real_counterexample_within_10_s(bug, families):
    t = time.monotonic()
    found = teach.check_sokoban(bfs_student(**bug))
    assert time.monotonic() - t < 10, found.text
    assert_counterexample_is_real(found)
    c = found.counterexample
    assert c.family in families, found.text
    if c.family == "bound T":
        plan = bfs_student()(c.puzzle, 10 ** 6)
        assert plan != -1 and len(plan) > c.T
    else:  # the student's plan does not solve the level (conftest replays it)
        moves = bfs_student(**bug)(c.puzzle, c.T)
        with pytest.raises(AssertionError):
            assert replay_course(c.puzzle, moves)


def test_a_solver_that_gives_up_is_shown_a_plan():
    found = teach.check_sokoban(lambda grid, T: -1)
    assert_counterexample_is_real(found)
    c = found.counterexample
    assert c.family == "no plan" and c.answer is not None
    # The smallest case: the course's one-push level.
    assert c.puzzle == [list("#####"), list("#PBG#"), list("#####")] and c.T == 1
    assert "returned -1, but a plan of 1 move (T = 1) exists: R" in c.rule


def test_the_smallest_counterexample_comes_first():
    # Wrong only on levels with two boxes: the first counterexample has two, and no
    # one-box level of its area or smaller was judged wrong.
    def two_box_bug(grid, T):
        boxes = sum(row.count("B") for row in grid)
        return -1 if boxes >= 2 else bfs_student()(grid, T)

    found = teach.check_sokoban(two_box_bug)
    c = found.counterexample
    assert c is not None and sum(row.count("B") for row in c.puzzle) == 2


def test_raising_and_junk_are_counterexamples():
    def boom(grid, T):
        raise KeyError("x")

    got = teach.check_sokoban(boom)
    assert got.problem and got.counterexample.rule == "raised KeyError: 'x'"
    got = teach.check_sokoban(lambda grid, T: None)
    assert "neither a list of moves nor -1" in got.counterexample.rule


def pysat_student(skip=None, keep_givens=True):
    """A course-style solve_sudoku(grid) with PySAT (100r+10c+d), a family left out."""
    from pysat.solvers import Solver

    def solve(grid):
        n, b = 9, 3
        v = lambda r, c, d: 100 * r + 10 * c + d  # noqa: E731
        houses = {"row": [[(r, c) for c in range(1, 10)] for r in range(1, 10)],
                  "column": [[(r, c) for r in range(1, 10)] for c in range(1, 10)],
                  "box": [[(br * b + i // b + 1, bc * b + i % b + 1) for i in range(n)]
                          for br in range(b) for bc in range(b)]}
        with Solver(name="g3") as s:
            for r in range(1, 10):
                for c in range(1, 10):
                    s.add_clause([v(r, c, d) for d in range(1, 10)])
                    if grid[r - 1][c - 1] and keep_givens:
                        s.add_clause([v(r, c, grid[r - 1][c - 1])])
            for kind, hs in houses.items():
                if kind == skip:
                    continue
                for cells in hs:
                    for d in range(1, 10):
                        for i in range(n):
                            for j in range(i + 1, n):
                                s.add_clause([-v(*cells[i], d), -v(*cells[j], d)])
            if not s.solve():
                return None
            model = {x for x in s.get_model() if x > 0}
            return [[next(d for d in range(1, 10) if v(r, c, d) in model) for c in range(1, 10)]
                    for r in range(1, 10)]
    return solve


def test_right_sudoku_solvers_pass():
    for student in (pysat_student(), lambda g: gridsat.sudoku.solve(g).solution):
        got = teach.check_sudoku(student)
        assert not got.problem, got.text
        assert got.cases == 8 and not got.stopped


@pytest.mark.parametrize("skip", ["row", "column", "box"])
def test_a_missing_house_family_is_named(skip):
    t = time.monotonic()
    found = teach.check_sudoku(pysat_student(skip=skip))
    assert time.monotonic() - t < 10
    c = found.counterexample
    assert c is not None and c.family == f"{skip} at-most-one", found.text
    assert f"{skip} " in c.rule and "twice" in c.rule
    got = pysat_student(skip=skip)(c.puzzle)
    assert not valid_sudoku(got, c.puzzle)


def test_ignored_givens_and_giving_up_are_named():
    found = teach.check_sudoku(pysat_student(keep_givens=False))
    c = found.counterexample
    assert c.family == "givens" and "is given" in c.rule, found.text
    assert valid_sudoku(c.answer, c.puzzle)
    found = teach.check_sudoku(lambda g: None)
    assert found.counterexample.family == "no solution"
    assert valid_sudoku(found.counterexample.answer, found.counterexample.puzzle)


def test_an_answer_to_an_unsolvable_puzzle_is_caught():
    # Right on solvable puzzles, but never says None: the unsolvable cases catch it.
    def never_none(g):
        return gridsat.sudoku.solve(g).solution or [[1] * 9 for _ in range(9)]

    found = teach.check_sudoku(never_none)
    c = found.counterexample
    assert c is not None and c.answer is None
    assert c.rule.startswith("returned a grid for a puzzle with no solution"), found.text


def test_the_module_checks_both_functions_of_a_file(tmp_path):
    f = tmp_path / "q2.py"
    f.write_text(textwrap.dedent("""
        def solve_sokoban(grid, T):
            return ["U"] * T if T else -1
    """))
    run = subprocess.run([sys.executable, "-m", "gridsat.teach", str(f)],
                         capture_output=True, text=True)
    assert run.returncode == 1, run.stdout + run.stderr
    assert run.stdout.startswith("solve_sokoban: counterexample")
    assert "before that move:" in run.stdout
    ok = tmp_path / "ok.py"
    ok.write_text("import gridsat\n"
                  "def solve_sokoban(grid, T):\n"
                  "    return gridsat.sokoban.solve_course(grid, T)\n")
    run = subprocess.run([sys.executable, "-m", "gridsat.teach", "--json", str(ok)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert '"check": "answers"' in run.stdout and '"problem": false' in run.stdout


def test_given_cases_are_judged_by_the_oracle_and_huge_ones_refused():
    one_push = (["#####", "#PBG#", "#####"], 1)
    found = teach.check_sokoban(lambda grid, T: -1, cases=[one_push])
    assert found.problem and found.counterexample.answer == ["R"]
    assert not teach.check_sokoban(bfs_student(), cases=[one_push, (one_push[0], 0)]).problem
    # Four boxes in an open 12×12 room, their goals far off: more states than the
    # breadth-first oracle may visit before it finds the plan.
    room = [list("#" * 14)] + [list("#" + "." * 12 + "#") for _ in range(12)] + [list("#" * 14)]
    for r, c in [(5, 5), (5, 8), (8, 5), (8, 8)]:
        room[r][c] = "B"
    for r, c in [(12, 2), (12, 4), (12, 9), (12, 11)]:
        room[r][c] = "G"
    room[1][1] = "P"
    room = ["".join(row) for row in room]
    with pytest.raises(ValueError, match="case 1: too large"):
        teach.check_sokoban(lambda grid, T: -1, cases=[(room, 100)])
