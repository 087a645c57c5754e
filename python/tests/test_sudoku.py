"""gridsat.sudoku against an independent checker written in the tests."""
import json
import subprocess

import pytest

import gridsat
from conftest import EXAMPLES, cli_binary, read_line_puzzle, shared, valid_sudoku

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
TWO = EXAMPLES / "sudoku" / "broken" / "two-solutions.txt"
UNSAT = EXAMPLES / "sudoku" / "broken" / "contradiction.txt"


def test_a_string_puzzle_is_solved_and_proven_unique():
    r = gridsat.sudoku.solve(EASY)
    assert r.status == "unique"
    assert valid_sudoku(r.solution, read_line_puzzle(EASY))
    assert r.solutions == [r.solution]
    assert r.conflict is None and r.reason is None
    assert r.stats["solver_calls"] >= 0


def test_the_course_format_list_of_lists_works_and_has_no_zeros():
    grid = read_line_puzzle(EASY)
    r = gridsat.sudoku.solve(grid)
    assert r.status == "unique"
    assert all(v != 0 for row in r.solution for v in row)
    assert valid_sudoku(r.solution, grid)


def test_anything_with_tolist_is_accepted():
    class FakeArray:
        def __init__(self, rows):
            self.rows = rows

        def tolist(self):
            return self.rows

    grid = read_line_puzzle(EASY)
    assert gridsat.sudoku.solve(FakeArray(grid)).solution == gridsat.sudoku.solve(grid).solution
    np = pytest.importorskip("numpy")
    assert gridsat.sudoku.solve(np.array(grid)).status == "unique"


def test_multiple_and_unsat_verdicts_carry_their_evidence():
    r = gridsat.sudoku.solve(TWO.read_text(), count=3)
    assert r.status == "multiple"
    assert len(r.solutions) == 2
    givens = read_line_puzzle(TWO.read_text().splitlines()[-1])
    for s in r.solutions:
        assert valid_sudoku(s, givens)
    assert r.solutions[0] != r.solutions[1]
    u = gridsat.sudoku.solve(UNSAT.read_text())
    assert u.status == "unsat"
    assert u.solution is None and u.solutions == []
    assert u.conflict == ["r1c3=5", "r1c7=5"]
    assert u.reason == "same row"


def test_first_stops_at_a_solution():
    r = gridsat.sudoku.solve(TWO.read_text(), first=True)
    assert r.status == "sat"
    assert len(r.solutions) == 1


def test_other_sizes_boxes_and_alphabets():
    four = gridsat.sudoku.solve((EXAMPLES / "sudoku" / "4x4.txt").read_text())
    assert four.status == "unique" and valid_sudoku(four.solution, [[0] * 4] * 4)
    six = gridsat.sudoku.solve((EXAMPLES / "sudoku" / "6x6.txt").read_text(), box="2x3")
    assert six.status == "unique" and valid_sudoku(six.solution, [[0] * 6] * 6, box=(2, 3))
    shapes = gridsat.sudoku.solve((EXAMPLES / "sudoku" / "shapes" / "4x4-shapes.txt").read_text(), symbols="▲●■★")
    assert shapes.status == "unique"
    assert shapes.to_json()["solution"] and set(shapes.to_json()["solution"]) == set("▲●■★")


def _cli_json(args):
    out = subprocess.run([str(cli_binary()), *args, "--json"], capture_output=True, text=True)
    assert out.stdout, out.stderr
    return [json.loads(l) for l in out.stdout.splitlines() if l.strip()]


def _without_time(obj):
    obj.pop("file", None)
    for key in ("time_ms", "seconds"):
        obj.get("stats", {}).pop(key, None)
    return obj


def test_to_json_is_the_cli_json_object():
    for path in [EXAMPLES / "sudoku" / "4x4.txt", TWO, UNSAT, EXAMPLES / "sudoku" / "16x16.txt"]:
        want = _cli_json(["sudoku", "solve", str(path)])[0]
        got = gridsat.sudoku.solve(path.read_text()).to_json()
        assert _without_time(got) == _without_time(want)
    want = _cli_json(["sudoku", "rate", str(EXAMPLES / "sudoku" / "4x4.txt")])[0]
    got = gridsat.sudoku.rate((EXAMPLES / "sudoku" / "4x4.txt").read_text()).to_json()
    assert got == want


def test_solve_many_json_equals_the_cli_on_a_file_of_puzzles():
    path = EXAMPLES / "sudoku" / "9x9.txt"
    want = [_without_time(o) for o in _cli_json(["sudoku", "solve", str(path)])]
    lines = [l.split()[0] for l in path.read_text().split("\n") if l.strip() and not l.startswith("#")]
    got = [_without_time(r.to_json()) for r in gridsat.sudoku.solve_many(lines, threads=2)]
    assert got == want


def test_solve_many_keeps_order_and_equals_solve():
    lines = (EXAMPLES / "sudoku" / "9x9.txt").read_text().split("\n")
    puzzles = [l.split()[0] for l in lines if l.strip() and not l.startswith("#")]
    many = list(gridsat.sudoku.solve_many(puzzles, threads=2))
    one = [gridsat.sudoku.solve(p) for p in puzzles]
    assert [r.solution for r in many] == [r.solution for r in one]
    assert [r.status for r in many] == [r.status for r in one]


def test_solve_many_on_17_clue_puzzles():
    path = shared("sudoku/9x9/17clue-49158.txt")
    lines = path.read_text().split()[:2000]
    results = list(gridsat.sudoku.solve_many(lines))
    assert len(results) == 2000
    for line, r in zip(lines[:200], results[:200]):
        assert r.status == "unique"
        assert valid_sudoku(r.solution, read_line_puzzle(line))


def test_toolkit_functions_take_the_cli_options():
    g = gridsat.sudoku.generate(size=9, seed=5, count=2, symmetry="rot180")
    assert len(g) == 2
    for p in g:
        r = gridsat.sudoku.solve(p.givens)
        assert r.status == "unique" and r.solution == p.solution
    rating = gridsat.sudoku.rate(EASY)
    assert rating.difficulty in ("easy", "medium", "hard", "extreme")
    h = gridsat.sudoku.hint(EASY)
    assert h.cell and h.value and h.text
    c = gridsat.sudoku.candidates(EASY)
    assert c.empty == 51 and all(cell["candidates"] for cell in c.cells)
    e = gridsat.sudoku.explain(EASY)
    assert e.status == "unique" and e.end.startswith("solved")
    ok = gridsat.sudoku.check(EASY, gridsat.sudoku.solve(EASY).solution)
    assert ok.valid
    bad = [row[:] for row in gridsat.sudoku.solve(EASY).solution]
    bad[0][0], bad[0][1] = bad[0][1], bad[0][0]
    no = gridsat.sudoku.check(EASY, bad)
    assert not no.valid and no.reason
