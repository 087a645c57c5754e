"""The Sudoku certificate format as docs/guide/certificates.md defines it, checked
without gridsat: the standard formula is rebuilt here in plain Python from that page
(variable (r·N + c)·N + v, at-least-one and pairwise at-most-one per cell and per
house and symbol, the givens, the exclusion of the solution over the open cells) and
each proof is replayed by PyPI's `dratify` in its pure-Python engine."""
from itertools import combinations

import pytest

from gridsat import sudoku
from conftest import EXAMPLES

dratify = pytest.importorskip("dratify", reason="PyPI's dratify is not installed")

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
# The hardest puzzle of the famous file with a wrong first given (no repeat): no solution.
UNSAT = "1.......8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"


def manifest(d):
    """The manifest's entries as dicts of key → value."""
    blocks = (d / "manifest.txt").read_text().split("\n\n")
    out = []
    for b in blocks:
        lines = [x for x in b.splitlines() if x and not x.startswith("#")]
        if lines:
            out.append(dict(x.split(" ", 1) for x in lines))
    return out


def grid(text, n):
    return [0 if ch in ".0" else int(ch) for ch in text.strip()][: n * n]


def standard_formula(entry, d):
    """The formula `formula standard` names, from the page's definition."""
    p, q = map(int, entry["box"].split("x"))
    n = p * q
    givens = grid((d / entry["puzzle"]).read_text(), n)
    var = lambda r, c, v: (r * n + c) * n + v  # noqa: E731
    groups = [[var(r, c, v) for v in range(1, n + 1)] for r in range(n) for c in range(n)]
    for v in range(1, n + 1):
        groups += [[var(r, c, v) for c in range(n)] for r in range(n)]
        groups += [[var(r, c, v) for r in range(n)] for c in range(n)]
        for b in range(n):
            r0, c0 = b // (n // q) * p, b % (n // q) * q
            groups.append([var(r0 + k // q, c0 + k % q, v) for k in range(n)])
    clauses = []
    for g in groups:
        clauses.append(g)
        clauses += [[-a, -b] for a, b in combinations(g, 2)]
    clauses += [[var(i // n, i % n, v)] for i, v in enumerate(givens) if v]
    if entry["claim"] == "unique":
        s = grid((d / entry["solution"]).read_text().splitlines()[0], n)
        clauses.append([-var(i // n, i % n, s[i]) for i in range(n * n) if not givens[i]])
    text = f"p cnf {n ** 3} {len(clauses)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)
    return dratify.parse_dimacs(text)


@pytest.mark.parametrize("puzzle", [HARD, EASY, UNSAT])
def test_every_proof_refutes_the_formula_the_page_defines(tmp_path, puzzle):
    d = tmp_path / "cert"
    sudoku.solve(puzzle, certify=d)
    (entry,) = manifest(d)
    assert entry["formula"] == "standard" and "cnf" not in entry
    proof = (d / entry["proof"]).read_text()
    result = dratify.check_proof(standard_formula(entry, d), proof, engine="python")
    assert result.ok, result
    if puzzle == HARD:
        assert len(proof.splitlines()) > 1, "a real proof, not propagation alone"
        # Without its exclusion clause the formula is satisfiable: the proof must fail.
        entry = dict(entry, claim="sat")
        assert not dratify.check_proof(standard_formula(entry, d), proof, engine="python").ok


@pytest.mark.parametrize("name, status", [("4x4", "unique"), ("6x6", "unique"), ("4x4-unsat", "unsat")])
def test_a_four_by_four_and_a_six_by_six_follow_the_same_definition(tmp_path, name, status):
    # The bundled 4×4 and 6×6 (2×3 boxes: the box numbering of the definition), and a
    # 4×4 with two 1s in its first column.
    if name == "4x4-unsat":
        puzzle = "1...1..........."
    else:
        puzzle = (EXAMPLES / "sudoku" / f"{name}.txt").read_text()
    d = tmp_path / "cert"
    assert sudoku.solve(puzzle, certify=d).status == status
    (entry,) = manifest(d)
    proof = (d / entry["proof"]).read_text()
    assert dratify.check_proof(standard_formula(entry, d), proof, engine="python").ok
