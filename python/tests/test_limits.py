"""Memory checks before Python lists are built, and range checks on every number
(issue 22, finding 10): MemoryError or ValueError with a clear message, never a
PanicException or a silent wrap."""
import math
import subprocess
import sys
import textwrap

import pytest

import gridsat

GOOD = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def blank(n):
    return [[0] * n for _ in range(n)]


def test_a_64x64_formula_over_max_memory_is_refused_at_once():
    with pytest.raises(MemoryError, match=r"64×64 .* more than the memory budget of 256 MiB"):
        gridsat.sudoku.encode(blank(64), max_memory="256M")


def test_lists_over_max_memory_are_refused_before_they_are_built():
    # The formula (and a SAT solver's copy of it) is estimated at 107 MiB, its clauses as
    # Python lists at 122 MiB: the formula fits, its lists not.
    f = gridsat.sudoku.encode(blank(25), max_memory="112M")
    assert f.max_memory == 112 << 20 and f.nvars == 25 ** 3
    assert repr(f) == f"<gridsat.sudoku.Formula {25 ** 3} variables, 752500 clauses>"
    for what in ("clauses", "families"):
        with pytest.raises(MemoryError, match=rf"Formula.{what} .* more than the memory ceiling of 112 MiB"):
            getattr(f, what)
    small = gridsat.sudoku.encode(GOOD, max_memory="64M")
    assert len(small.clauses) > 0 and small.names[1] and small.families
    assert sum(len(c) for c in small.families.values()) == len(small.clauses)


def test_the_package_memory_ceiling_is_settable_and_restored():
    default = gridsat.max_memory()
    try:
        gridsat.set_max_memory("32M")
        assert gridsat.max_memory() == 32 << 20
        with pytest.raises(MemoryError, match="memory"):
            gridsat.sudoku.encode(blank(49))
        # The formula's solve reports, it does not raise:
        r = gridsat.sudoku.solve(blank(49), first=True, sparse="off")
        assert r.status == "unknown" and "memory" in r.reason
        # The sparse path needs no formula: a solution within the same 32 MiB.
        r = gridsat.sudoku.solve(blank(49), first=True)
        assert r.status == "sat" and len(r.solution) == 49
    finally:
        gridsat.set_max_memory(None)
    assert gridsat.max_memory() == default
    with pytest.raises(ValueError, match="max_memory"):
        gridsat.set_max_memory("lots")
    with pytest.raises(ValueError, match="max_memory"):
        gridsat.set_max_memory(0)


UNDER_ULIMIT = """
import resource, gridsat
vm = int(open("/proc/self/statm").read().split()[0]) * 4096
resource.setrlimit(resource.RLIMIT_AS, (vm + (440 << 20), resource.RLIM_INFINITY))
assert gridsat.max_memory() <= 440 << 20, gridsat.max_memory()
# A 34x34: the formula about 309 MiB fits in what the limit leaves (about 370 MiB), its
# clauses as Python lists (about 422 MiB) do not.
for size, what in ((64, "encode"), (34, "clauses")):
    try:
        f = gridsat.sudoku.encode([[0] * size] * size)
        f.clauses
        print(size, "built")
    except MemoryError as e:
        print(size, "MemoryError", e)
print(gridsat.sudoku.solve(GOOD).status)
"""


def test_under_ulimit_v_a_big_request_raises_memory_error_not_a_panic():
    script = f"GOOD = {GOOD!r}\n" + textwrap.dedent(UNDER_ULIMIT)
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert "Panic" not in p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("64 MemoryError") and "64×64" in lines[0]
    assert lines[1].startswith("34 MemoryError") and "Formula.clauses" in lines[1], lines[1]
    assert lines[2] == "unique"


@pytest.mark.parametrize("kw, name", [
    (dict(start=2**64 - 1), "start"),
    (dict(start=-1), "start"),
    (dict(threads=0), "threads"),
    (dict(threads=10**6), "threads"),
    (dict(count=0), "count"),
    (dict(count=2**64), "count"),
    (dict(time_limit=-1), "time_limit"),
    (dict(time_limit=math.nan), "time_limit"),
    (dict(time_limit=math.inf), "time_limit"),
    (dict(time_limit=1e300), "time_limit"),
])
def test_solve_many_numbers_out_of_range_are_value_errors(kw, name):
    with pytest.raises(ValueError, match=rf"^{name} must be .* from .* to "):
        gridsat.sudoku.solve_many([GOOD], **kw)


@pytest.mark.parametrize("call", [
    lambda: gridsat.sudoku.generate(seed=2**64),
    lambda: gridsat.sudoku.generate(seed=-1),
    lambda: gridsat.sudoku.generate(count=0),
    lambda: gridsat.sudoku.generate(size=2**70),
    lambda: gridsat.sudoku.generate(clues=-3),
    lambda: gridsat.sudoku.solve(GOOD, count=-1),
    lambda: gridsat.sudoku.solve(GOOD, time_limit=-0.5),
    lambda: gridsat.sudoku.hint(GOOD, time_limit=math.nan),
    lambda: gridsat.sokoban.solve("#####\n#@$.#\n#####\n", max_moves=-1),
    lambda: gridsat.sokoban.solve("#####\n#@$.#\n#####\n", max_pushes=2**64),
    lambda: gridsat.sokoban.solve("#####\n#@$.#\n#####\n", time_limit=math.inf),
    lambda: gridsat.sokoban.solve_course([list("#####"), list("#PBG#"), list("#####")], 2**64),
])
def test_every_number_is_range_checked(call):
    with pytest.raises(ValueError, match=r"must be .* from -?\d.* to "):
        call()


def test_non_numbers_are_type_errors_naming_the_argument():
    with pytest.raises(TypeError, match="^start is an int"):
        gridsat.sudoku.solve_many([GOOD], start="1")
    with pytest.raises(TypeError, match="^threads is an int"):
        gridsat.sudoku.solve_many([GOOD], threads=True)
    with pytest.raises(TypeError, match="^time_limit is a number of seconds"):
        gridsat.sudoku.solve(GOOD, time_limit="1")


def test_the_largest_numbers_in_range_work():
    r = next(gridsat.sudoku.solve_many([GOOD], start=2**63 - 1, threads=1))
    assert r.status == "unique" and r.to_json()["puzzle"] == 2**63
    g = gridsat.sudoku.generate(size=4, seed=2**64 - 1, time_limit=30)
    assert g[0].seed == 2**64 - 1
    assert gridsat.sudoku.solve(GOOD, time_limit=1e9).status == "unique"


def test_solutions_over_the_ceiling_are_refused_then_built_under_a_larger_one():
    try:
        # The solve fits in 28 MiB (the process itself counts about 24), the 30,000
        # solutions as Python lists (about 36 MiB) do not.
        gridsat.set_max_memory("28M")
        r = gridsat.sudoku.solve("." * 81, count=30000, time_limit=30)
        assert r.status == "multiple"
        with pytest.raises(MemoryError, match="the solutions as Python lists would need about"):
            r.solutions
    finally:
        gridsat.set_max_memory(None)
    assert len(r.solutions) == 30000 and len({str(s) for s in r.solutions}) == 30000
    assert all(sorted(row) == list(range(1, 10)) for s in r.solutions[:50] for row in s)
