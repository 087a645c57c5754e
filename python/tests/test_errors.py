"""Errors are Python exceptions with positions; limits and Ctrl-C are honoured."""
import os
import signal
import threading
import time

import pytest

import gridsat


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
    assert time.monotonic() - t0 < 2.5
    assert p.status in ("unknown", "solved")
    if p.status == "solved":
        assert p.optimal is None


def test_ctrl_c_stops_a_long_solve_within_a_second():
    def interrupt():
        time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt).start()
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        gridsat.sokoban.solve("500\n" + hard_level(), optimize="moves")
    assert time.monotonic() - t0 < 2.0


def test_ctrl_c_stops_solve_many_within_a_second():
    puzzles = ["." * 81] * 5000 + ["1" * 81]
    def interrupt():
        time.sleep(0.3)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt).start()
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        for _ in gridsat.sudoku.solve_many(puzzles, count=1000):
            pass
    assert time.monotonic() - t0 < 2.0
