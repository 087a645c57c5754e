"""Sudoku of any size (4×4 … 64×64 and beyond, any box shape, any alphabet) and its
variants, solved by SAT, every solution checked by an independent checker.

A puzzle is a string in any format the ``gridsat`` command line reads (a line of 81
characters, a grid, a variant file, JSON, a list text), a list of lists of ints with
``0`` for a blank (the course format), or anything with ``.tolist()`` (a numpy array).

>>> from gridsat import sudoku
>>> r = sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> r.status, r.solution[0]
('unique', [5, 3, 4, 6, 7, 8, 9, 1, 2])
"""
from __future__ import annotations

import json as _json
import os as _os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from . import _native
from .errors import InternalError, ParseError

__all__ = [
    "Result", "Results", "Formula", "Report", "Generated", "Check",
    "solve", "solve_many", "encode", "generate", "rate", "hint", "candidates",
    "explain", "propagate", "check",
]

Grid = List[List[int]]


def _text(puzzle: Any) -> str:
    """The puzzle as text the library reads."""
    if isinstance(puzzle, str):
        return puzzle
    if isinstance(puzzle, (bytes, bytearray)):
        return bytes(puzzle).decode("utf-8")
    if isinstance(puzzle, _os.PathLike):
        raise TypeError("a puzzle is its text: pass open(path).read(), not a path")
    if hasattr(puzzle, "tolist"):
        puzzle = puzzle.tolist()
    if isinstance(puzzle, (list, tuple)) and puzzle and all(isinstance(r, (list, tuple)) for r in puzzle):
        rows = []
        for r in puzzle:
            row = []
            for v in r:
                if isinstance(v, bool) or not isinstance(v, int):
                    raise TypeError(f"a grid holds ints (0 = blank), not {type(v).__name__}")
                row.append(v)
            rows.append(row)
        return _json.dumps(rows)
    raise TypeError(
        "a puzzle is a str, a list of lists of ints (0 = blank) or an array with .tolist(), "
        f"not {type(puzzle).__name__}"
    )


def _box(box: Any) -> Optional[str]:
    if box is None or isinstance(box, str):
        return box
    if isinstance(box, (tuple, list)) and len(box) == 2:
        return f"{int(box[0])}x{int(box[1])}"
    raise TypeError("box is 'PxQ' or a pair (P, Q)")


def _options(**kw: Any) -> Dict[str, Any]:
    """The request members that are set (None and False are the library's defaults)."""
    out = {k: v for k, v in kw.items() if v is not None and v is not False}
    if "box" in out:
        out["box"] = _box(out["box"])
    if "time_limit" in out:
        if isinstance(out["time_limit"], bool) or not isinstance(out["time_limit"], (int, float)):
            raise TypeError("time_limit is a number of seconds")
        out["time_limit"] = float(out["time_limit"])
    return out


def _request(puzzle: Any, **kw: Any) -> str:
    o = _options(**kw)
    o["puzzle"] = _text(puzzle)
    return _json.dumps(o)


def _count(first: bool, count: Optional[int]) -> Optional[int]:
    # `first` is count 1; the default count (2) gives way to it.
    return None if first and count == 2 else count


def _rows(flat: Sequence[int], n: int) -> Grid:
    return [list(flat[i * n:(i + 1) * n]) for i in range(n)]


def _side(flat: Sequence[int]) -> int:
    return int(round(len(flat) ** 0.5))


class Result:
    """What a solve came to.

    * ``status``: ``"unique"`` (one solution, proven), ``"multiple"`` (at least two),
      ``"unsat"`` (none, proven), ``"sat"`` (a solution; uniqueness not asked, see
      ``first``), ``"unknown"`` (stopped by the time limit or an interrupt).
    * ``solution``: the first solution as a list of rows of ints (no 0), or ``None``.
    * ``solutions``: every solution found (up to ``count``).
    * ``conflict``: for ``unsat``, givens that cannot all hold (``["r1c3=5", "r1c7=5"]``).
    * ``reason``: why (``"same row"``), or what stopped the solve.
    * ``stats``: ``vars``, ``clauses``, ``solver_calls``, ``time_ms``.

    ``to_json()`` is the object ``gridsat sudoku solve --json`` prints.
    """

    __slots__ = ("status", "_text", "_obj", "_flats", "_solutions")

    def __init__(self, status: str, text: str, flats: List[List[int]]) -> None:
        self.status: str = status
        self._text = text
        self._obj: Optional[Dict[str, Any]] = None
        self._flats = flats
        self._solutions: Optional[List[Grid]] = None

    @property
    def _json(self) -> Dict[str, Any]:
        if self._obj is None:
            self._obj = _json.loads(self._text)
        return self._obj

    @property
    def solutions(self) -> List[Grid]:
        if self._solutions is None:
            self._solutions = [_rows(f, _side(f)) for f in self._flats]
        return self._solutions

    @property
    def solution(self) -> Optional[Grid]:
        return self.solutions[0] if self._flats else None

    @property
    def conflict(self) -> Optional[List[str]]:
        return self._json.get("conflict")

    @property
    def reason(self) -> Optional[str]:
        return self._json.get("reason")

    @property
    def stats(self) -> Dict[str, Any]:
        return dict(self._json.get("stats", {}))

    def to_json(self) -> Dict[str, Any]:
        """The ``--json`` object of the command line (a fresh copy)."""
        return _json.loads(self._text)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        a, b = self.to_json(), other.to_json()
        for o in (a, b):
            o.get("stats", {}).pop("time_ms", None)
        return a == b

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<gridsat.sudoku.Result {self.status}, {len(self._flats)} solution(s)>"


def _result(native: Any) -> Result:
    return Result(*native)


def solve(puzzle: Any, *, box: Any = None, symbols: Optional[str] = None,
          rules: Optional[str] = None, count: int = 2, first: bool = False,
          time_limit: Optional[float] = None, solver: str = "auto",
          encoding: Optional[str] = None, amo: Optional[str] = None,
          presolve: Optional[str] = None, cages: Optional[str] = None) -> Result:
    """Solves ``puzzle`` and proves its verdict.

    ``count`` bounds how many solutions are looked for (2 proves uniqueness);
    ``first=True`` stops at the first (status ``"sat"``). ``box`` is ``"PxQ"`` or
    ``(P, Q)``; ``symbols`` the alphabet; ``rules`` variant rules added to the
    puzzle's (``"diagonals,anti-knight"``); ``encoding`` (``minimal``, ``efficient``,
    ``extended``, ``reduced``), ``amo``, ``presolve``, ``cages`` and ``solver`` are the
    command line's choices. ``time_limit`` in seconds (status ``"unknown"`` when it
    runs out); Ctrl-C raises ``KeyboardInterrupt`` within a second.

    Raises :class:`gridsat.ParseError` for unreadable text, ``ValueError``/``TypeError``
    for bad options, :class:`gridsat.InternalError` when gridsat fails.
    """
    req = _request(puzzle, box=box, symbols=symbols, rules=rules, count=_count(first, count),
                   first=first, time_limit=time_limit, solver=solver, encoding=encoding,
                   amo=amo, presolve=presolve, cages=cages)
    return _result(_native.sudoku_solve(req))


class Results:
    """The results of :func:`solve_many`, in input order, computed ahead on worker
    threads. ``len()`` is the number of puzzles; ``close()`` stops the workers."""

    def __init__(self, native: Any) -> None:
        self._native = native

    def __iter__(self) -> "Results":
        return self

    def __next__(self) -> Result:
        return Result(*next(self._native))

    def __len__(self) -> int:
        return len(self._native)

    def close(self) -> None:
        self._native.close()

    def __enter__(self) -> "Results":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def solve_many(puzzles: Iterable[Any], *, threads: Optional[int] = None, start: int = 0,
               box: Any = None,
               symbols: Optional[str] = None, rules: Optional[str] = None, count: int = 2,
               first: bool = False, time_limit: Optional[float] = None, solver: str = "auto",
               encoding: Optional[str] = None, amo: Optional[str] = None,
               presolve: Optional[str] = None, cages: Optional[str] = None) -> Results:
    """Solves every puzzle of ``puzzles`` (an iterable of puzzles, each as
    :func:`solve` takes it) on ``threads`` worker threads (default: every core), each
    keeping a warm solver, with the GIL released. Returns an iterator of
    :class:`Result` in input order; results are computed ahead of the iteration.

    ``time_limit`` is for the whole batch (puzzles it stops report ``"unknown"``).
    Ctrl-C while iterating raises ``KeyboardInterrupt`` and stops the workers. A puzzle
    that cannot be read raises :class:`gridsat.ParseError` when the iteration reaches
    it (its ``puzzle`` attribute is the 1-based position). The JSON objects number the
    puzzles from ``start + 1`` (the command line numbers a file's puzzles from 1).
    """
    texts = [_text(p) for p in puzzles]
    if threads is None:
        threads = _os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError("threads is a positive int")
    if isinstance(start, bool) or not isinstance(start, int) or start < 0:
        raise ValueError("start is an int, 0 or more")
    opts = _options(box=box, symbols=symbols, rules=rules, count=_count(first, count),
                    first=first, time_limit=time_limit, solver=solver, encoding=encoding,
                    amo=amo, presolve=presolve, cages=cages)
    return Results(_native.sudoku_solve_many(texts, _json.dumps(opts), threads, start))


class Formula:
    """The CNF formula of one puzzle (from :func:`encode`).

    * ``clauses``: list of clauses, each a list of DIMACS literals (ints).
    * ``nvars``: the number of variables.
    * ``names``: variable number -> what it means (``"r3c7=5"``: row 3, column 7 holds 5).
    * ``families``: family name (``"cell at least one"``, ``"row at most one"``, …) -> its clauses.
    * ``to_dimacs()``: the DIMACS text ``gridsat sudoku encode`` writes.
    * ``decode(model)``: the grid of a model, verified.
    * ``to_pysat()``: a ``pysat.formula.CNF``.

    >>> from pysat.solvers import Solver                      # doctest: +SKIP
    >>> f = gridsat.sudoku.encode(puzzle)                     # doctest: +SKIP
    >>> with Solver(name="glucose3", bootstrap_with=f.clauses) as s:   # doctest: +SKIP
    ...     s.solve(); grid = f.decode(s.get_model())
    """

    def __init__(self, native: Any) -> None:
        self._native = native
        self._clauses: Optional[List[List[int]]] = None
        self._names: Optional[Dict[int, str]] = None
        self._families: Optional[Dict[str, List[List[int]]]] = None

    @property
    def nvars(self) -> int:
        return self._native.nvars

    @property
    def clauses(self) -> List[List[int]]:
        if self._clauses is None:
            self._clauses = self._native.clauses()
        return self._clauses

    @property
    def names(self) -> Dict[int, str]:
        if self._names is None:
            self._names = {i + 1: s for i, s in enumerate(self._native.names())}
        return self._names

    @property
    def families(self) -> Dict[str, List[List[int]]]:
        if self._families is None:
            cs = self.clauses
            self._families = {name: [cs[i] for i in idx] for name, idx in self._native.families()}
        return self._families

    def to_dimacs(self) -> str:
        """The formula as DIMACS text, with a header and a ``c var N meaning`` line per variable."""
        return self._native.to_dimacs()

    def decode(self, model: Iterable[int]) -> Grid:
        """The grid a model stands for. ``model`` is a list of DIMACS literals (PySAT's
        ``get_model()``; variables left out are false). Raises ``ValueError`` when the
        model falsifies a clause, :class:`gridsat.InternalError` when the grid it gives
        fails the independent checker."""
        flat = self._native.decode([int(l) for l in model])
        return _rows(flat, self._native.side)

    def to_pysat(self) -> Any:
        """A ``pysat.formula.CNF`` of the clauses (needs ``pip install python-sat``)."""
        try:
            from pysat.formula import CNF
        except ImportError as e:
            raise ImportError(
                "Formula.to_pysat() needs PySAT: pip install python-sat (or gridsat[pysat])"
            ) from e
        cnf = CNF(from_clauses=self.clauses)
        cnf.nv = max(cnf.nv, self.nvars)
        return cnf

    def __repr__(self) -> str:
        return f"<gridsat.sudoku.Formula {self.nvars} variables, {len(self.clauses)} clauses>"


def encode(puzzle: Any, *, encoding: str = "extended", amo: str = "pairwise",
           readable_ids: bool = False, box: Any = None, symbols: Optional[str] = None,
           rules: Optional[str] = None, cages: Optional[str] = None,
           presolve: Optional[str] = None) -> Formula:
    """The formula of ``puzzle`` with its givens as unit clauses, as
    ``gridsat sudoku encode`` writes it. ``encoding``: ``minimal``, ``efficient``,
    ``extended`` or ``reduced``; ``amo``: ``pairwise``, ``sequential``, ``commander``,
    ``product`` or ``bimander``; ``readable_ids``: 9×9 variables numbered
    100·row + 10·column + digit."""
    req = _request(puzzle, encoding=encoding, amo=amo, readable_ids=readable_ids, box=box,
                   symbols=symbols, rules=rules, cages=cages, presolve=presolve)
    return Formula(_native.sudoku_encode(req))


class Report:
    """The answer to a question (``hint``, ``candidates``, ``explain``, ``rate``,
    ``propagate``): the members of the command line's ``--json`` object are attributes
    (``r.status``, ``r.difficulty``, …), ``text`` is what the command line prints,
    ``to_json()`` the object."""

    def __init__(self, obj: Dict[str, Any], text: str) -> None:
        self._json = obj
        self._text = text

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["_json"][name]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def text(self) -> str:
        if "text" in self._json:
            return self._json["text"]
        return self._text

    def to_json(self) -> Dict[str, Any]:
        return _json.loads(_json.dumps(self._json))

    def __repr__(self) -> str:
        return f"<gridsat.sudoku.Report {self._text.strip()[:60]!r}>"


def _ask(question: str, puzzle: Any, **kw: Any) -> Report:
    text, out = _native.sudoku_ask(question, _request(puzzle, **kw))
    return Report(_json.loads(text), out)


def hint(puzzle: Any, *, box: Any = None, symbols: Optional[str] = None,
         rules: Optional[str] = None, time_limit: Optional[float] = None,
         solver: str = "auto") -> Report:
    """The next step for a player of ``puzzle`` (givens and entries so far), with its
    reason: ``status``, ``cell``, ``value``, ``rule``, ``text`` (as ``gridsat sudoku hint --json``)."""
    return _ask("hint", puzzle, box=box, symbols=symbols, rules=rules, time_limit=time_limit,
                solver=solver)


def candidates(puzzle: Any, *, reasoning: Optional[str] = None, box: Any = None,
               symbols: Optional[str] = None, rules: Optional[str] = None,
               time_limit: Optional[float] = None) -> Report:
    """The pencil marks ``reasoning`` (``givens``, ``singles``, ``probing``) leaves:
    ``empty`` and ``cells`` (each with its ``candidates``)."""
    return _ask("candidates", puzzle, reasoning=reasoning, box=box, symbols=symbols,
                rules=rules, time_limit=time_limit)


def explain(puzzle: Any, *, box: Any = None, symbols: Optional[str] = None,
            rules: Optional[str] = None, time_limit: Optional[float] = None,
            solver: str = "auto") -> Report:
    """The whole solution as reasoning steps: ``status``, ``steps``, ``end``."""
    return _ask("explain", puzzle, box=box, symbols=symbols, rules=rules,
                time_limit=time_limit, solver=solver)


def rate(puzzle: Any, *, box: Any = None, symbols: Optional[str] = None,
         rules: Optional[str] = None, time_limit: Optional[float] = None,
         solver: str = "auto") -> Report:
    """The difficulty of a puzzle with one solution: ``difficulty`` (``easy``,
    ``medium``, ``hard``, ``extreme``) and the effort behind it."""
    return _ask("rate", puzzle, box=box, symbols=symbols, rules=rules, time_limit=time_limit,
                solver=solver)


def propagate(puzzle: Any, *, box: Any = None, symbols: Optional[str] = None,
              rules: Optional[str] = None, time_limit: Optional[float] = None) -> Report:
    """Unit propagation from the filled cells, one literal at a time, each with the
    clause that forced it."""
    return _ask("propagate", puzzle, box=box, symbols=symbols, rules=rules,
                time_limit=time_limit)


class Generated:
    """One generated puzzle: ``givens`` (its text, line format), ``solution`` (rows of
    ints), ``clues``, ``difficulty``, ``seed``; ``to_json()`` is ``generate --json``'s
    object."""

    def __init__(self, obj: Dict[str, Any], solution: Optional[Grid]) -> None:
        self._json = obj
        self.solution = solution

    @property
    def givens(self) -> str:
        return self._json.get("givens") or self._json.get("grid") or ""

    @property
    def status(self) -> str:
        return self._json.get("status", "generated")

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["_json"][name]
        except KeyError:
            raise AttributeError(name) from None

    def to_json(self) -> Dict[str, Any]:
        return _json.loads(_json.dumps(self._json))

    def __repr__(self) -> str:
        return f"<gridsat.sudoku.Generated {self.givens[:40]!r}>"


def generate(*, size: Optional[int] = None, box: Any = None, symbols: Optional[str] = None,
             rules: Optional[str] = None, difficulty: Optional[str] = None,
             symmetry: Optional[str] = None, clues: Optional[int] = None, seed: int = 1,
             count: int = 1, jigsaw: bool = False, killer: bool = False,
             solver: Optional[str] = None, time_limit: Optional[float] = None) -> List[Generated]:
    """Generates ``count`` puzzles with one solution each (proven), as
    ``gridsat sudoku generate`` does: the same ``seed`` makes the same puzzles. Fewer
    than ``count`` when the time limit runs out (the last then has status ``unknown``)."""
    o = _options(size=size, box=box, symbols=symbols, rules=rules, difficulty=difficulty,
                 symmetry=symmetry, clues=clues, seed=seed, count=count, jigsaw=jigsaw,
                 killer=killer, solver=solver, time_limit=time_limit)
    out = []
    for text in _native.sudoku_generate(_json.dumps(o)):
        obj = _json.loads(text)
        sol = None
        if "solution" in obj:
            sol = _parse_solution(obj, box=box, symbols=symbols)
        out.append(Generated(obj, sol))
    return out


def _parse_solution(obj: Dict[str, Any], box: Any, symbols: Optional[str]) -> Optional[Grid]:
    # The generator proved the solution; read it back with the library's own reader.
    # (A full grid is its own only solution under classic rules; jigsaw regions are not
    # boxes, so such solutions stay None.)
    r = solve(obj["solution"], box=box, symbols=symbols, first=True)
    return r.solution


class Check:
    """Whether a filled grid solves a puzzle: ``valid`` and, when not, ``reason``."""

    __slots__ = ("valid", "reason")

    def __init__(self, reason: Optional[str]) -> None:
        self.valid = reason is None
        self.reason = reason

    def __bool__(self) -> bool:
        return self.valid

    def __repr__(self) -> str:
        return "<gridsat.sudoku.Check valid>" if self.valid else f"<gridsat.sudoku.Check invalid: {self.reason}>"


def check(puzzle: Any, solution: Any, *, box: Any = None, symbols: Optional[str] = None,
          rules: Optional[str] = None) -> Check:
    """Checks ``solution`` (any puzzle form, filled) against ``puzzle`` with gridsat's
    independent checker: every house holds each symbol once, the givens are kept, the
    variant rules hold."""
    reason = _native.sudoku_check(_request(puzzle, box=box, symbols=symbols, rules=rules),
                                  _text(solution))
    return Check(reason)
