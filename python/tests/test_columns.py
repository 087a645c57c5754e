"""solve_columns: the answers of solve_many as two NumPy arrays, every solution valid."""
import pytest

import gridsat
from conftest import EXAMPLES, read_line_puzzle, shared, valid_sudoku

np = pytest.importorskip("numpy")

# Unique, with several solutions (one given), and with no solution (two 1s in a row).
UNIQUE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
MULTIPLE = "1" + "." * 80
UNSAT = "11" + "." * 79


def test_columns_agree_with_solve_many_and_every_solution_is_valid():
    lines = [UNIQUE, MULTIPLE, UNSAT, UNIQUE]
    cols = gridsat.sudoku.solve_columns(lines, threads=2)
    want = [r.status for r in gridsat.sudoku.solve_many(lines, threads=1)]
    assert cols.statuses() == want == ["unique", "multiple", "unsat", "unique"]
    assert cols.status.dtype == np.uint8 and cols.solution.dtype == np.uint16
    assert cols.solution.shape == (4, 81) and len(cols) == 4
    assert cols.counts() == {"unique": 2, "multiple": 1, "unsat": 1}
    for k in (0, 1, 3):
        assert valid_sudoku(cols.grid(k), read_line_puzzle(lines[k]))
    assert cols.grid(2) is None and not cols.solution[2].any()
    assert cols.grid(0) == gridsat.sudoku.solve(UNIQUE).solution


def test_a_file_of_the_17_clue_puzzles():
    lines = shared("sudoku/9x9/17clue-49158.txt").read_text().split()[:2000]
    cols = gridsat.sudoku.solve_columns(lines, threads=2)
    assert cols.counts() == {"unique": 2000}
    for k in range(0, 2000, 97):
        assert valid_sudoku(cols.grid(k), read_line_puzzle(lines[k]))


def test_grids_of_two_sizes_are_padded_and_options_apply():
    small = (EXAMPLES / "sudoku" / "4x4.txt").read_text()
    cols = gridsat.sudoku.solve_columns([small, UNIQUE], threads=1)
    assert cols.solution.shape == (2, 81)
    assert len(cols.grid(0)) == 4 and not cols.solution[0, 16:].any()
    # first=True: a solution, uniqueness not asked.
    cols = gridsat.sudoku.solve_columns([MULTIPLE], first=True)
    assert cols.statuses() == ["sat"]


def test_concat_joins_batches_in_order():
    a = gridsat.sudoku.solve_columns([UNSAT, UNIQUE])
    b = gridsat.sudoku.solve_columns([(EXAMPLES / "sudoku" / "4x4.txt").read_text()])
    from gridsat._columns import concat

    c = concat([a, b])
    assert c.statuses() == ["unsat", "unique", "unique"]
    assert c.solution.shape == (3, 81)
    assert len(c.grid(2)) == 4
    assert len(concat([])) == 0


def test_a_bad_puzzle_raises_with_its_position():
    with pytest.raises(gridsat.ParseError) as e:
        gridsat.sudoku.solve_columns([UNIQUE, "not a sudoku"])
    assert e.value.puzzle == 2
    with pytest.raises(TypeError) as e:
        gridsat.sudoku.solve_columns([UNIQUE, 3])
    assert e.value.puzzle == 2
    with pytest.raises(ValueError):
        gridsat.sudoku.solve_columns([UNIQUE], threads=0)


def test_a_cancelled_batch_raises():
    token = gridsat.Cancel()
    token.cancel()
    lines = [UNIQUE] * 200
    with pytest.raises(gridsat.Cancelled):
        gridsat.sudoku.solve_columns(lines, cancel=token)


def test_columns_travel_through_dask():
    distributed = pytest.importorskip("distributed")
    lines = shared("sudoku/9x9/17clue-49158.txt").read_text().split()[:3000]
    want = gridsat.sudoku.solve_columns(lines, threads=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster):
        bag = gridsat.dask.puzzle_bag(lines)
        assert bag.npartitions == 8  # four per worker thread
        got = gridsat.dask.solve_columns(bag).compute()
    assert got.statuses() == want.statuses()
    assert (got.solution == want.solution).all()
