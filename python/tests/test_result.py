"""gridsat.sudoku.Result, built by the native side (issue 28): the members the Python
class had, each built when first asked for, equality without the time, pickling; and
solve_many's hand-over of runs of results around the puzzles that fail."""
import json
import pickle

import pytest

import gridsat
from gridsat import sudoku
from conftest import EXAMPLES, read_line_puzzle, valid_sudoku

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
UNSAT = EXAMPLES / "sudoku" / "broken" / "contradiction.txt"
BAD = EASY[:5] + "x" + EASY[6:]


def test_a_result_is_the_documented_class_with_its_members():
    r = sudoku.solve(EASY)
    assert type(r) is sudoku.Result and isinstance(r, sudoku.Result)
    assert sudoku.Result.__module__ == "gridsat.sudoku" and sudoku.Result.__name__ == "Result"
    assert "``status``" in sudoku.Result.__doc__
    assert r.status == "unique" and valid_sudoku(r.solution, read_line_puzzle(EASY))
    assert r.solutions == [r.solution]
    # Built once: the same lists every time (as the Python class cached them).
    assert r.solutions is r.solutions and r.solution is r.solutions[0]
    assert r.conflict is None and r.reason is None
    obj = r.to_json()
    assert obj["status"] == "unique" and obj["stats"] == r.stats
    # stats and to_json() are fresh copies.
    r.stats["vars"] = -1
    obj["status"] = "changed"
    assert r.stats["vars"] != -1 and r.to_json()["status"] == "unique"
    assert repr(r) == "<gridsat.sudoku.Result unique, 1 solution(s)>"


def test_an_unsat_result_has_no_solution_and_its_conflict():
    u = sudoku.solve(UNSAT.read_text())
    assert u.status == "unsat" and u.solution is None and u.solutions == []
    assert u.conflict and all("=" in c for c in u.conflict)
    assert u.to_json()["conflict"] == u.conflict


def test_results_are_equal_when_their_objects_are_time_aside():
    a, b = sudoku.solve(EASY), sudoku.solve(EASY)
    a_obj, b_obj = a.to_json(), b.to_json()
    for o in (a_obj, b_obj):
        del o["stats"]["time_ms"], o["stats"]["seconds"]
    assert a_obj == b_obj
    assert a == b and not (a != b)
    other = sudoku.solve(EASY, first=True)
    assert other != a and not (other == a)
    assert (a == 5) is False and (a != 5) is True
    assert a.__eq__(5) is NotImplemented
    with pytest.raises(TypeError):
        hash(a)


def test_a_result_pickles_whole():
    for r in (sudoku.solve(EASY), sudoku.solve(UNSAT.read_text()),
              sudoku.solve("." * 16, count=3)):
        back = pickle.loads(pickle.dumps(r))
        assert type(back) is sudoku.Result
        assert back.to_json() == r.to_json()  # the time too
        assert back.status == r.status and back.solutions == r.solutions
        assert back == r


def test_the_constructor_checks_what_it_is_given():
    values = bytes(2 * 81)
    r = sudoku.Result("sat", json.dumps({"status": "sat"}), values, 1)
    assert r.status == "sat" and r.solution == [[0] * 9 for _ in range(9)]
    with pytest.raises(ValueError, match="status"):
        sudoku.Result("solved", "{}", b"", 0)
    with pytest.raises(ValueError):
        sudoku.Result("sat", "{}", b"\x00", 1)
    with pytest.raises(ValueError):
        sudoku.Result("unsat", "{}", b"\x00\x00", 0)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("kind", [list, tuple])
def test_a_sequence_with_bad_items_inside_long_runs_keeps_every_position(threads, kind):
    # A list or tuple is read by slices; a slice holding what is no str is read item by
    # item (bytes and grids converted, the rest raised at their turn), and the workers'
    # failures (BAD) come at theirs too, within runs of up to 64 × threads results.
    odd = {0: 42, 5: EASY.encode(), 6: read_line_puzzle(EASY), 300: None, 301: BAD,
           511: 3.5, 512: BAD, 700: EASY.encode()}
    inputs = kind(odd.get(i, EASY) for i in range(701))
    rs = sudoku.solve_many(inputs, threads=threads, start=10)
    assert len(rs) == 701
    for i in range(701):
        item = inputs[i]
        if item is BAD:
            with pytest.raises(gridsat.ParseError) as e:
                next(rs)
            assert e.value.puzzle == i + 1
        elif not isinstance(item, (str, bytes, list)):
            with pytest.raises(TypeError) as e:
                next(rs)
            assert e.value.puzzle == i + 1
        else:
            r = next(rs)
            assert r.status == "unique" and r.to_json()["puzzle"] == 10 + i + 1
    with pytest.raises(StopIteration):
        next(rs)
    with pytest.raises(StopIteration):
        next(rs)


def test_an_empty_list_and_a_closed_batch_end_at_once():
    assert list(sudoku.solve_many([], threads=2)) == []
    rs = sudoku.solve_many([EASY] * 1000, threads=2)
    assert next(rs).status == "unique"
    rs.close()
    with pytest.raises(StopIteration):
        next(rs)
