"""Errors are Python exceptions with positions; limits and Ctrl-C are honoured."""
import os
import signal
import threading
import time

import pytest

import gridsat
from conftest import load_slack


def test_parse_errors_carry_line_and_column():
    bad = "53..7....\n6..195...\n.98....6x\n" + "\n".join(["........."] * 6)
    with pytest.raises(gridsat.ParseError) as e:
        gridsat.sudoku.solve(bad)
    err = e.value
    assert isinstance(err, ValueError)
    assert err.line == 3 and err.column == 9
    assert "x" in err.message
    with pytest.raises(gridsat.ParseError) as e:
        gridsat.sokoban.parse("#####\n#@$x#\n#####\n")
    assert e.value.line == 2 and e.value.column == 4


def test_bad_options_are_value_or_type_errors():
    with pytest.raises(ValueError):
        gridsat.sudoku.solve("." * 81, encoding="nonsense")
    with pytest.raises(ValueError):
        gridsat.sudoku.solve("." * 81, count=0)
    with pytest.raises(TypeError):
        gridsat.sudoku.solve(42)
    with pytest.raises(ValueError):
        gridsat.sokoban.solve("#####\n#@$.#\n#####\n", optimize="fast")


def hard_level():
    # Many boxes in an open room: far more than a second of search for move-optimality.
    rows = ["##########"] + ["#" + "." * 8 + "#" for _ in range(7)] + ["##########"]
    rows = [list(r) for r in rows]
    for (r, c) in [(2, 2), (2, 4), (2, 6), (4, 3), (4, 5), (6, 2), (6, 6)]:
        rows[r][c] = "B"
    for (r, c) in [(1, 1), (1, 8), (7, 1), (7, 8), (3, 8), (5, 1), (4, 8)]:
        rows[r][c] = "G"
    rows[4][1] = "P"
    return "\n".join(" ".join(r) for r in rows)


def test_time_limit_is_honoured_within_a_second():
    t0 = time.monotonic()
    p = gridsat.sokoban.solve("500\n" + hard_level(), optimize="moves", time_limit=1)
    assert time.monotonic() - t0 < 2.5 + load_slack()
    assert p.status in ("unknown", "solved")
    if p.status == "solved":
        assert p.optimal is None


def sigint_after(delay):
    """Sends Ctrl-C to this process after `delay` seconds, from another thread. Ctrl-C is
    made Python's KeyboardInterrupt first, whatever an earlier test or library installed;
    the solves interrupted also carry a time limit, so that a missed signal fails the test
    (no KeyboardInterrupt) instead of hanging the suite."""
    signal.signal(signal.SIGINT, signal.default_int_handler)

    def interrupt():
        time.sleep(delay)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt).start()


def test_ctrl_c_stops_a_long_solve_within_a_second():
    sigint_after(0.5)
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        gridsat.sokoban.solve("500\n" + hard_level(), optimize="moves", time_limit=60)
    assert time.monotonic() - t0 < 2.0 + load_slack()


def test_ctrl_c_stops_solve_many_within_a_second():
    puzzles = ["." * 81] * 5000 + ["1" * 81]
    sigint_after(0.3)
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        for _ in gridsat.sudoku.solve_many(puzzles, count=1000, time_limit=60):
            pass
    assert time.monotonic() - t0 < 2.0 + load_slack()


def test_a_sudoku_time_limit_is_honoured_within_a_second():
    t0 = time.monotonic()
    r = gridsat.sudoku.solve("." * 256, count=1_000_000, time_limit=0.5)
    assert time.monotonic() - t0 < 1.5 + load_slack()
    assert r.status == "unknown" and r.reason
    assert len(r.solutions) >= 1  # the solutions found before the limit, each verified


def test_ctrl_c_stops_a_long_sudoku_solve_within_a_second():
    sigint_after(0.3)
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        gridsat.sudoku.solve("." * 256, count=1_000_000, time_limit=60)
    assert time.monotonic() - t0 < 1.5 + load_slack()


def test_a_bad_puzzle_in_a_batch_says_which_and_where():
    good = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    results = gridsat.sudoku.solve_many([good, good[:40] + "x" + good[41:], good], threads=2)
    assert next(results).status == "unique"
    with pytest.raises(gridsat.ParseError) as e:
        next(results)
    assert e.value.puzzle == 2 and e.value.line == 1 and e.value.column == 41
    assert next(results).status == "unique"  # the batch goes on after a caught error
    with pytest.raises(StopIteration):
        next(results)


def test_sokoban_parse_errors_name_the_file_and_level():
    with pytest.raises(gridsat.ParseError) as e:
        gridsat.sokoban.parse("; one\n#####\n#@$.#\n#####\n\n; two\n####\n#@x#\n####\n", file="my.xsb")
    assert e.value.file == "my.xsb" and e.value.line == 8 and e.value.column == 3
    assert isinstance(e.value, ValueError)


def test_errors_are_the_documented_classes():
    assert issubclass(gridsat.ParseError, ValueError)
    assert issubclass(gridsat.InternalError, RuntimeError)
    with pytest.raises(ValueError):
        gridsat.sudoku.solve("." * 81, box="2x2")
    with pytest.raises(ValueError):
        gridsat.sudoku.solve("." * 81, first=True, count=5)
    with pytest.raises(TypeError):
        gridsat.sudoku.solve([[1, 2], ["a", 0]])
    with pytest.raises(ValueError):
        gridsat.sudoku.solve_many(["." * 81], threads=0)
    with pytest.raises(ValueError):
        gridsat.sokoban.solve_course([list("#####"), list("#PBG#"), list("#####")], -1)
