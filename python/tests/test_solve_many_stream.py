"""solve_many reads its input lazily, a bounded number ahead, and stops its workers
when the loop is left (issue 22, finding 10)."""
import itertools
import pathlib
import time

import pytest

import gridsat
from conftest import valid_sudoku, read_line_puzzle

GOOD = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def solver_threads(prefix="gridsat-batch"):
    """The batch worker threads of this process (Linux names them in /proc):
    `gridsat-batch-N` are the workers of gridsat_sat::batch; `gridsat` counts the
    thread that drives them too."""
    tasks = pathlib.Path("/proc/self/task")
    if not tasks.exists():
        pytest.skip("needs Linux /proc to count threads")
    names = []
    for t in tasks.iterdir():
        try:
            names.append((t / "comm").read_text().strip())
        except OSError:
            pass
    return sum(1 for n in names if n.startswith(prefix))


def wait_for(cond, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def test_an_endless_generator_yields_its_first_results_promptly_with_bounded_lookahead():
    read = itertools.count()

    def endless():
        for i in read:
            yield GOOD

    t0 = time.monotonic()
    rs = gridsat.sudoku.solve_many(endless(), threads=2)
    first = [next(rs) for _ in range(10)]
    assert time.monotonic() - t0 < 5
    assert all(r.status == "unique" for r in first)
    assert all(valid_sudoku(r.solution, read_line_puzzle(GOOD)) for r in first)
    assert [r.to_json()["puzzle"] for r in first] == list(range(1, 11))
    consumed = next(read)
    assert consumed <= 10 + 256 * 2 + 1, f"read {consumed} puzzles ahead of 10 results"
    rs.close()
    with pytest.raises(TypeError, match="without len"):
        len(rs)


def test_breaking_out_of_the_loop_stops_the_workers():
    assert wait_for(lambda: solver_threads("gridsat") == 0, 2)

    def endless():
        while True:
            yield "." * 256  # each a long solve

    for r in gridsat.sudoku.solve_many(endless(), threads=2, count=1000, time_limit=30):
        assert r.status in ("multiple", "unknown")
        assert solver_threads() == 2
        break
    assert wait_for(lambda: solver_threads("gridsat") == 0, 1.5), "workers still running"


def test_results_keep_input_order_with_mixed_durations_and_errors():
    hard = "." * 256
    inputs = [hard, GOOD, 42, GOOD[:5] + "x" + GOOD[6:], GOOD]
    rs = gridsat.sudoku.solve_many(iter(inputs), threads=2, first=True)
    assert next(rs).status == "sat"
    assert next(rs).status == "sat"
    with pytest.raises(TypeError) as e:
        next(rs)
    assert e.value.puzzle == 3
    with pytest.raises(gridsat.ParseError) as e:
        next(rs)
    assert e.value.puzzle == 4 and e.value.column == 6
    assert next(rs).to_json()["puzzle"] == 5
    with pytest.raises(StopIteration):
        next(rs)


def test_an_error_of_the_input_itself_comes_in_its_place():
    def broken():
        yield GOOD
        raise OSError("disk gone")

    rs = gridsat.sudoku.solve_many(broken(), threads=1)
    assert next(rs).status == "unique"
    with pytest.raises(OSError, match="disk gone"):
        next(rs)
    with pytest.raises(StopIteration):
        next(rs)


def test_a_list_keeps_its_len_and_every_result():
    rs = gridsat.sudoku.solve_many([GOOD] * 300, threads=2)
    assert len(rs) == 300
    assert sum(1 for r in rs if r.status == "unique") == 300


@pytest.mark.parametrize("threads", [1, 2])
def test_failures_inside_long_runs_are_raised_at_their_own_positions(threads):
    # Results come from the workers a run at a time (up to 64 × threads): a puzzle
    # that fails inside a run must still be raised at its turn, the answers around it
    # handed back in order.
    bad = {7, 8, 40, 41, 42, 299, 300, 511}
    inputs = [GOOD[:5] + "x" + GOOD[6:] if i in bad else GOOD for i in range(512)]
    rs = gridsat.sudoku.solve_many(inputs, threads=threads, start=1000)
    for i in range(512):
        if i in bad:
            with pytest.raises(gridsat.ParseError) as e:
                next(rs)
            assert e.value.puzzle == i + 1
        else:
            assert next(rs).to_json()["puzzle"] == 1000 + i + 1
    with pytest.raises(StopIteration):
        next(rs)
