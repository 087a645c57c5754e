"""Checking a student's Sudoku encoding: a counterexample and the rule it breaks.

* :func:`check_encoding` -- clauses (lists of DIMACS literals, or a PySAT ``CNF``) and
  a variable mapping (an expression such as ``"100*r+10*c+d"`` or a callable
  ``var(r, c, d)``, with r, c, d counted from ``base``) checked for soundness (every
  model is a valid grid), completeness (every valid grid is a model) and redundancy.
* :func:`capture` -- runs a student's ``solve_sudoku(grid)`` unchanged, records the
  clauses it gives PySAT, and checks them with the grid's givens.
* :func:`check_sudoku` and :func:`check_sokoban` -- a student's ``solve_sudoku(grid)``
  or ``solve_sokoban(grid, T)`` judged by its answers on small cases, smallest first:
  the first wrong answer, drawn, with the rule it breaks.
* ``python -m gridsat.teach q1.py`` -- the same from the shell: exit 0 when no problem
  is found, 1 when a counterexample is printed, 2 for bad input.
"""
from __future__ import annotations

import argparse
import inspect
import json
import runpy
import sys
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

from . import _native
from .solver_check import Counterexample, SolverCheck, check_sokoban
from .solver_check_sudoku import check_sudoku

__all__ = [
    "FamilyVerdict", "Clause", "Completeness", "Redundancy", "Size", "EncodingCheck",
    "Captured", "check_encoding", "capture", "infer_mapping", "main",
    "Counterexample", "SolverCheck", "check_sokoban", "check_sudoku",
]

Mapping = Union[str, Callable[[int, int, int], int]]


@dataclass(frozen=True)
class FamilyVerdict:
    """One reference family (``"row at most one"``): ``verdict`` is ``"kept"`` (proved),
    ``"broken"`` (``rule`` says how, ``cells`` the symbols of each cell of the model,
    row by row) or ``"unknown"`` (stopped)."""

    family: str
    verdict: str
    rule: Optional[str] = None
    cells: Optional[List[List[int]]] = None


@dataclass(frozen=True)
class Clause:
    """A student clause: its 1-based index and its literals by name (``¬r1c1=5``)."""

    index: int
    text: str


@dataclass(frozen=True)
class Completeness:
    """``verdict``: ``"proved"``, ``"sampled"`` (auxiliary variables: ``grids`` valid
    grids tried, no counterexample), ``"forbidden"`` (``grid`` is a valid grid the
    clauses forbid; ``falsified`` the clauses it breaks; ``core`` placements that are
    enough with auxiliary variables) or ``"unknown"``."""

    verdict: str
    grids: int = 0
    grid: Optional[str] = None
    falsified: List[Clause] = field(default_factory=list)
    core: List[str] = field(default_factory=list)


@dataclass(frozen=True)
class Redundancy:
    """Clauses implied by the others through unit propagation (``examined`` of them
    looked at)."""

    implied: List[Clause]
    examined: int


@dataclass(frozen=True)
class Size:
    """The student's formula beside gridsat's encodings (``reference``: clause counts
    of ``minimal``, ``efficient``, ``extended``)."""

    clauses: int
    literals: int
    auxiliary: int
    reference: Dict[str, int]


@dataclass(frozen=True)
class EncodingCheck:
    """What :func:`check_encoding` found. ``problem`` is true when a counterexample was
    found; ``text`` is the command line's report and ``json`` its ``--json`` object."""

    n: int
    mapping: str
    problem: bool
    sound: bool
    families: List[FamilyVerdict]
    complete: Completeness
    redundant: Optional[Redundancy]
    size: Size
    text: str
    json: Dict[str, Any]

    @property
    def broken(self) -> List[FamilyVerdict]:
        """The families some model breaks, first the one the report draws."""
        return [f for f in self.families if f.verdict == "broken"]


def _clauses(obj: Dict[str, Any]) -> Clause:
    return Clause(int(obj["clause"]), str(obj["text"]))


def _result(data: Dict[str, Any], text: str) -> EncodingCheck:
    c = data["complete"]
    complete = Completeness(
        str(c["verdict"]), int(c.get("grids", 0)), c.get("grid"),
        [_clauses(x) for x in c.get("falsified", [])], [str(x) for x in c.get("core", [])])
    r = data.get("redundant")
    redundant = None if r is None else Redundancy(
        [_clauses(x) for x in r["implied"]], int(r["examined"]))
    s = data["size"]
    return EncodingCheck(
        n=int(data["n"]), mapping=str(data["mapping"]), problem=bool(data["problem"]),
        sound=bool(data["sound"]),
        families=[FamilyVerdict(str(f["family"]), str(f["verdict"]), f.get("rule"), f.get("cells"))
                  for f in data["families"]],
        complete=complete, redundant=redundant,
        size=Size(int(s["clauses"]), int(s["literals"]), int(s["auxiliary"]),
                  {str(k): int(v) for k, v in s["reference"].items()}),
        text=text, json=data)


def _as_lists(clauses: Any) -> List[List[int]]:
    if hasattr(clauses, "clauses"):  # a PySAT CNF
        clauses = clauses.clauses
    return [[int(lit) for lit in clause] for clause in clauses]


def check_encoding(clauses: Any, var: Mapping = "100*r+10*c+d", size: int = 9, base: int = 1,
                   puzzle: Optional[str] = None, samples: int = 100, seed: int = 1,
                   redundancy: bool = True,
                   time_limit: Optional[float] = None) -> EncodingCheck:
    """Checks ``clauses`` (lists of nonzero DIMACS literals, or a PySAT ``CNF``) as an
    encoding of ``size``×``size`` Sudoku, where ``var`` gives the variable of "cell
    (r, c) holds d" with r, c, d counted from ``base`` (an expression over r, c, d, n,
    or a callable). With ``puzzle`` (puzzle text, e.g. an 81-character line) the
    clauses must allow exactly the puzzle's solutions."""
    lists = _as_lists(clauses)
    if isinstance(var, str):
        out = _native.teach_check(lists, size, ids=var, base=base, puzzle=puzzle,
                                  samples=samples, seed=seed, redundancy=redundancy,
                                  time_limit=time_limit)
    else:
        b = 1 if base else 0
        table = [int(var(r + b, c + b, d + b))
                 for r in range(size) for c in range(size) for d in range(size)]
        out = _native.teach_check(lists, size, table=table, puzzle=puzzle, samples=samples,
                                  seed=seed, redundancy=redundancy, time_limit=time_limit)
    data, text = out
    return _result(json.loads(data), text)


# The mappings infer_mapping tries, in order: the course's 100i+10j+k (1-based), then
# the dense numbering 81r+9c+d+1 (0-based), for 9×9 grids.
_GUESSES = [("100*r+10*c+d", 1), ("n*n*r+n*c+d+1", 0)]


def infer_mapping(clauses: Sequence[Sequence[int]], size: int = 9) -> Optional[tuple[str, int]]:
    """The (expression, base) of the first guess under which every variable of
    ``clauses`` is a cell variable, or ``None`` (auxiliary variables, or another
    numbering: then give ``var=``)."""
    used = {abs(lit) for clause in clauses for lit in clause}
    for expr, base in _GUESSES:
        if expr.startswith("100") and size > 9:
            continue
        n = size
        cells = set()
        for r in range(base, n + base):
            for c in range(base, n + base):
                for d in range(base, n + base):
                    cells.add(eval(expr, {}, {"r": r, "c": c, "d": d, "n": n}))
        if used and used <= cells:
            return expr, base
    return None


@dataclass
class Captured:
    """The clauses a student's function gave PySAT, what it returned, and their check
    (``None`` when no mapping could be inferred)."""

    clauses: List[List[int]]
    returned: Any
    check: Optional[EncodingCheck]


class _Recorder:
    """Patches PySAT's solvers so that every clause they are given is also recorded."""

    def __init__(self) -> None:
        self.clauses: List[List[int]] = []
        self.depth = 0
        self.saved: List[tuple[Any, str, Any]] = []

    def _wrap(self, original: Callable[..., Any], kind: str) -> Callable[..., Any]:
        rec = self

        def wrapper(solver: Any, *args: Any, **kwargs: Any) -> Any:
            if rec.depth == 0:
                if kind == "clause" and args:
                    rec.clauses.append([int(x) for x in args[0]])
                elif kind == "formula" and args:
                    rec.clauses.extend(_as_lists(args[0]))
                elif kind == "init":
                    try:
                        bound = inspect.signature(original).bind(solver, *args, **kwargs)
                        boot = bound.arguments.get("bootstrap_with")
                    except TypeError:
                        boot = None
                    if boot is not None:
                        rec.clauses.extend(_as_lists(boot))
            rec.depth += 1
            try:
                return original(solver, *args, **kwargs)
            finally:
                rec.depth -= 1
        return wrapper

    def __enter__(self) -> "_Recorder":
        import pysat.solvers as solvers
        kinds = {"add_clause": "clause", "append_formula": "formula", "__init__": "init"}
        for obj in vars(solvers).values():
            if isinstance(obj, type) and obj.__module__ == solvers.__name__:
                for name, kind in kinds.items():
                    if name in vars(obj):
                        self.saved.append((obj, name, vars(obj)[name]))
                        setattr(obj, name, self._wrap(vars(obj)[name], kind))
        return self

    def __exit__(self, *exc: object) -> None:
        for obj, name, original in reversed(self.saved):
            setattr(obj, name, original)
        self.saved.clear()


def _puzzle_text(grid: Sequence[Sequence[int]]) -> str:
    return "".join(str(v) if 0 < v < 10 else "." for row in grid for v in row) \
        if len(grid) <= 9 else json.dumps([list(row) for row in grid])


def capture(solve_sudoku: Callable[[Any], Any], grid: Sequence[Sequence[int]],
            var: Optional[Mapping] = None, base: int = 1, samples: int = 100,
            time_limit: Optional[float] = None) -> Captured:
    """Runs ``solve_sudoku(grid)`` with PySAT's solvers recording every clause they are
    given (``Solver(bootstrap_with=...)``, ``add_clause``, ``append_formula``), then
    checks the clauses with the grid's givens. The mapping is ``var`` (with ``base``),
    or inferred (the course's ``100*r+10*c+d`` from 1 when it fits)."""
    with _Recorder() as rec:
        returned = solve_sudoku([list(row) for row in grid])
    clauses = rec.clauses
    size = len(grid)
    if var is None:
        guess = infer_mapping(clauses, size)
        if guess is None:
            return Captured(clauses, returned, None)
        var, base = guess
    check = check_encoding(clauses, var=var, size=size, base=base,
                           puzzle=_puzzle_text(grid), samples=samples, time_limit=time_limit)
    return Captured(clauses, returned, check)


# A classic 9×9 puzzle with one solution, for `python -m gridsat.teach q1.py`.
_EXAMPLE = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


def _grid_of(line: str) -> List[List[int]]:
    cells = [int(ch) if ch.isdigit() else 0 for ch in line.strip()]
    n = int(round(len(cells) ** 0.5))
    if n * n != len(cells) or n == 0:
        raise ValueError(f"a puzzle line has a square number of cells, not {len(cells)}")
    return [cells[r * n:(r + 1) * n] for r in range(n)]


def _arguments(argv: Optional[List[str]]) -> Union[argparse.Namespace, int]:
    ap = argparse.ArgumentParser(prog="python -m gridsat.teach", description=main.__doc__)
    ap.add_argument("file", help="a Python file defining solve_sudoku(grid) and/or "
                    "solve_sokoban(grid, T)")
    ap.add_argument("--puzzle", help="a puzzle line (81 characters, . or 0 for empty)")
    ap.add_argument("--ids", help="the variable of (r, c, d), e.g. '100*r+10*c+d'")
    ap.add_argument("--base", type=int, choices=[0, 1], default=1,
                    help="whether r, c, d count from 1 (default) or 0")
    ap.add_argument("--check", choices=["clauses", "answers", "both"], default="both",
                    help="for solve_sudoku: the clauses it gives PySAT, its answers on "
                    "generated puzzles, or both (default); solve_sokoban is judged by its answers")
    ap.add_argument("--time-limit", type=float, default=10.0,
                    help="seconds for each check of answers (default 10)")
    ap.add_argument("--json", action="store_true", help="print JSON objects, one per line")
    try:
        return ap.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0


def _check_clauses(args: argparse.Namespace, solve: Callable[[Any], Any], strict: bool) -> int:
    """The clause check of ``solve_sudoku``: its exit code. Without ``strict`` a mapping
    that cannot be inferred is a note, not an error (its answers are checked too)."""
    try:
        grid = _grid_of(args.puzzle or _EXAMPLE)
        got = capture(solve, grid, var=args.ids, base=args.base)
    except ValueError as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        return 2
    if got.check is None:
        print(f"{args.file}: {len(got.clauses)} clauses recorded, but their variables do not fit "
              "100*r+10*c+d: give the mapping with --ids EXPR (and --base)", file=sys.stderr)
        return 2 if strict else 0
    print(json.dumps(got.check.json) if args.json else got.check.text)
    return 1 if got.check.problem else 0


def _print_answers(check: SolverCheck, as_json: bool) -> int:
    if as_json:
        print(json.dumps({"check": "answers", **asdict(check)}))
    else:
        print(check.text)
    return 1 if check.problem else 0


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m gridsat.teach FILE.py``: checks the file's ``solve_sudoku`` (the
    clauses it gives PySAT on a puzzle, and its answers on puzzles with one, several and
    no solutions) and its ``solve_sokoban`` (its answers on small levels, smallest
    first). Exit 0 when no problem is found, 1 when a counterexample is printed, 2 for
    bad input."""
    args = _arguments(argv)
    if isinstance(args, int):
        return args
    try:
        space = runpy.run_path(args.file, run_name="student")
    except (OSError, SyntaxError) as e:
        print(f"{args.file}: cannot load: {e}", file=sys.stderr)
        return 2
    sudoku_fn, sokoban_fn = space.get("solve_sudoku"), space.get("solve_sokoban")
    if not callable(sudoku_fn) and not callable(sokoban_fn):
        print(f"{args.file}: defines neither solve_sudoku(grid) nor solve_sokoban(grid, T)",
              file=sys.stderr)
        return 2
    codes = []
    if callable(sudoku_fn) and args.check != "answers":
        codes.append(_check_clauses(args, sudoku_fn, strict=args.check == "clauses"))
    if callable(sudoku_fn) and args.check != "clauses":
        codes.append(_print_answers(check_sudoku(sudoku_fn, time_limit=args.time_limit),
                                    args.json))
    if callable(sokoban_fn):
        codes.append(_print_answers(check_sokoban(sokoban_fn, time_limit=args.time_limit),
                                    args.json))
    return 2 if 2 in codes else max(codes)


if __name__ == "__main__":
    sys.exit(main())
