"""The package's types as a user's type checker sees them (issue 23).

mypy is run on small programs that use the *installed* package, so these tests prove
what a user gets: the annotations of gridsat's own ``.py`` files (no ``.pyi`` hides
them any more) and ``_native.pyi`` for the compiled module. ``stubtest`` compares
``_native.pyi`` with the compiled module itself. Skipped when mypy is not installed
(``pip install mypy``)."""
import pathlib
import subprocess
import sys
import textwrap

import pytest

mypy_api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install mypy)")

ROOT = pathlib.Path(__file__).resolve().parents[2]
ALLOWLIST = ROOT / "python" / "tests" / "stubtest-allowlist.txt"

LINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def run_mypy(tmp_path, source):
    """mypy --strict on `source` (a module of its own, outside the repository so that
    the installed package is the one found): (exit status, output lines)."""
    prog = tmp_path / "prog.py"
    prog.write_text(textwrap.dedent(source))
    config = tmp_path / "mypy.ini"  # not the repository's pyproject.toml
    config.write_text("[mypy]\n")
    out, err, status = mypy_api.run([
        "--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
        "--config-file", str(config), str(prog),
    ])
    assert not err, err
    return status, out.splitlines()


def revealed(lines):
    """The revealed types, in order."""
    return [l.split('Revealed type is "', 1)[1].rstrip('"') for l in lines if "Revealed type is" in l]


def test_mypy_sees_the_annotations_of_the_py_files(tmp_path):
    status, lines = run_mypy(tmp_path, f"""
        import gridsat
        from gridsat import sokoban, sudoku

        r = sudoku.solve("{LINE}")
        reveal_type(r.status)
        reveal_type(r.solution)
        reveal_type(sudoku.encode("{LINE}").clauses)
        reveal_type(sokoban.solve("#######\\n#@ $ .#\\n#######\\n").moves)
        reveal_type(sokoban.solve_course([["#"]], 3))
        reveal_type(gridsat.Cancel().cancelled)
        reveal_type(gridsat.max_memory())
    """)
    assert revealed(lines) == [
        "Literal['unique'] | Literal['multiple'] | Literal['unsat'] | Literal['sat'] | Literal['unknown']",
        "list[list[int]] | None",
        "list[list[int]]",
        "str | None",
        "list[str] | int",
        "bool",
        "int",
    ], lines
    assert status == 0, lines


def test_mypy_flags_wrong_calls(tmp_path):
    status, lines = run_mypy(tmp_path, f"""
        from gridsat import sokoban, sudoku

        sudoku.solve("{LINE}", count="2")
        sudoku.solve(42)
        sokoban.parse(b"#@$.#")
        n: str = sudoku.solve("{LINE}").stats
    """)
    errors = [l for l in lines if ": error:" in l]
    assert status == 1
    for line_no, code in ((4, "arg-type"), (5, "arg-type"), (6, "arg-type"), (7, "assignment")):
        assert any(f"prog.py:{line_no}:" in e and f"[{code}]" in e for e in errors), (line_no, lines)
    assert len(errors) == 4, lines


def test_a_correct_program_checks_clean(tmp_path):
    status, lines = run_mypy(tmp_path, f"""
        from typing import List, Optional

        import gridsat
        from gridsat import sokoban, sudoku

        def first_rows(puzzles: List[str]) -> List[Optional[List[int]]]:
            token = gridsat.Cancel()
            with sudoku.solve_many(puzzles, threads=1, cancel=token) as results:
                return [r.solution[0] if r.solution else None for r in results]

        def pushes(text: str) -> Optional[int]:
            level = sokoban.parse(text)[0]
            plan = sokoban.solve(level, optimize="moves", time_limit=5.0)
            return plan.pushes if sokoban.verify(level, plan) else None

        grid = sudoku.encode("{LINE}").decode([1, -2])
        print(first_rows(["{LINE}"]), pushes("#####\\n#@$.#\\n#####\\n"), len(grid))
    """)
    assert status == 0, lines


def test_stubtest_finds_native_pyi_true_to_the_compiled_module():
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "gridsat._native", "--allowlist", str(ALLOWLIST)],
        capture_output=True, text=True, timeout=300, cwd=ROOT / "python" / "tests",
    )
    assert run.returncode == 0, run.stdout + run.stderr
