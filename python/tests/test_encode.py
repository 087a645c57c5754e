"""gridsat.sudoku.encode: the formula a student can hand to PySAT."""
import pytest

import gridsat
from conftest import read_line_puzzle, valid_sudoku

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_the_formula_is_open_and_named():
    f = gridsat.sudoku.encode(EASY)
    assert f.nvars == 729
    assert f.names[1] == "r1c1=1" and f.names[729] == "r9c9=9"
    assert sum(len(c) for c in f.families.values()) == len(f.clauses)
    assert "cell at least one" in f.families and "row at most one" in f.families
    assert all(all(l != 0 and abs(l) <= f.nvars for l in c) for c in f.clauses)
    text = f.to_dimacs()
    assert text.splitlines()[0].startswith("c") and f"p cnf {f.nvars} {len(f.clauses)}" in text


def test_readable_ids_use_the_textbook_numbering():
    f = gridsat.sudoku.encode(EASY, readable_ids=True)
    assert f.names[111] == "r1c1=1" and f.names[999] == "r9c9=9"


def test_encodings_and_amo_choices_change_the_counts():
    sizes = {e: len(gridsat.sudoku.encode(EASY, encoding=e).clauses) for e in ("minimal", "efficient", "extended")}
    assert sizes["minimal"] < sizes["efficient"] < sizes["extended"]
    seq = gridsat.sudoku.encode(EASY, amo="sequential")
    assert seq.nvars > 729


def test_decode_verifies_the_model():
    f = gridsat.sudoku.encode(EASY)
    with pytest.raises(ValueError):
        f.decode([-v for v in range(1, f.nvars + 1)])


def test_round_trip_through_pysat_glucose3():
    solvers = pytest.importorskip("pysat.solvers")
    f = gridsat.sudoku.encode(EASY)
    with solvers.Solver(name="glucose3", bootstrap_with=f.clauses) as s:
        assert s.solve()
        grid = f.decode(s.get_model())
    assert valid_sudoku(grid, read_line_puzzle(EASY))
    cnf = f.to_pysat()
    assert cnf.nv == f.nvars and len(cnf.clauses) == len(f.clauses)


def test_every_encoding_round_trips_through_pysat():
    solvers = pytest.importorskip("pysat.solvers")
    givens = read_line_puzzle(EASY)
    for encoding in ("minimal", "efficient", "extended", "reduced"):
        for amo in ("pairwise", "sequential", "commander"):
            f = gridsat.sudoku.encode(givens, encoding=encoding, amo=amo)
            with solvers.Solver(name="glucose3", bootstrap_with=f.clauses) as s:
                assert s.solve()
                assert valid_sudoku(f.decode(s.get_model()), givens)


def test_readable_ids_decode_and_other_sizes():
    solvers = pytest.importorskip("pysat.solvers")
    f = gridsat.sudoku.encode(EASY, readable_ids=True)
    with solvers.Solver(name="glucose3", bootstrap_with=f.clauses) as s:
        assert s.solve()
        grid = f.decode(s.get_model())
    assert valid_sudoku(grid, read_line_puzzle(EASY))
    four = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]
    f = gridsat.sudoku.encode(four)
    with solvers.Solver(name="glucose3", bootstrap_with=f.clauses) as s:
        assert s.solve()
        assert valid_sudoku(f.decode(s.get_model()), four)


def test_a_model_of_another_puzzle_is_refused():
    solvers = pytest.importorskip("pysat.solvers")
    other = gridsat.sudoku.encode("." * 81)
    with solvers.Solver(name="glucose3", bootstrap_with=other.clauses) as s:
        assert s.solve()
        model = s.get_model()
    with pytest.raises(ValueError, match="falsifies"):
        gridsat.sudoku.encode(EASY).decode(model)


def test_to_pysat_says_what_to_install_without_python_sat(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_pysat(name, *a, **k):
        if name.startswith("pysat"):
            raise ImportError("no pysat here")
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_pysat)
    with pytest.raises(ImportError, match="pip install python-sat"):
        gridsat.sudoku.encode(EASY).to_pysat()


def test_the_dimacs_text_reads_back_as_the_same_clauses():
    f = gridsat.sudoku.encode(EASY)
    lines = [l for l in f.to_dimacs().splitlines() if l and not l.startswith(("c", "p"))]
    clauses = [[int(x) for x in l.split()[:-1]] for l in lines]
    assert clauses == f.clauses
