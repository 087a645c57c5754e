"""A course-style harness passes with the three-line adapter of issue 15."""
import gridsat
from conftest import EXAMPLES, read_line_puzzle, replay_course, valid_sudoku


def solve_sudoku(g):
    return gridsat.sudoku.solve(g).solution


def solve_sokoban(g, T):
    return gridsat.sokoban.solve_course(g, T)


def test_harness_sudoku():
    lines = (EXAMPLES / "sudoku" / "9x9.txt").read_text().splitlines()
    for line in (l.split()[0] for l in lines if l.strip() and not l.startswith("#")):
        grid = read_line_puzzle(line)
        out = solve_sudoku(grid)
        assert valid_sudoku(out, grid)
    # A grid with no solution: the course expects None.
    bad = read_line_puzzle("11" + "." * 79)
    assert solve_sudoku(bad) is None


def test_harness_sokoban():
    cases = [
        ([list("#####"), list("#PBG#"), list("#####")], 1, 1),
        ([list("#####"), list("#PBG#"), list("#####")], 0, -1),
        ([list("######"), list("#P.BG#"), list("######")], 2, 2),
        ([list("######"), list("#P.BG#"), list("######")], 1, -1),
    ]
    for grid, t, want in cases:
        got = solve_sokoban(grid, t)
        if want == -1:
            assert got == -1
        else:
            assert len(got) == want and replay_course(grid, got)


def test_course_moves_are_fewest():
    grid = [list("#######"), list("#P....#"), list("#.B.B.#"), list("#..#..#"), list("#G...G#"), list("#######")]
    best = solve_sokoban(grid, 60)
    assert best != -1 and replay_course(grid, best)
    # One move fewer than the plan found has no plan: it was the fewest.
    assert solve_sokoban(grid, len(best) - 1) == -1
