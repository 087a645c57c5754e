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
from array import array as _array
from collections import deque as _deque
from typing import (Any, Deque, Dict, Iterable, Iterator, List, Literal, Optional, Protocol,
                    Sequence, Tuple, Union, cast)

from . import _native
from . import interrupt as _interrupt
from . import limits as _limits
from .certificates import Folder, folder as _folder
from .errors import InternalError, ParseError

__all__ = [
    "Result", "Results", "Columns", "Formula", "Report", "Generated", "Check",
    "solve", "solve_many", "solve_columns", "encode", "generate", "rate", "hint", "candidates",
    "explain", "propagate", "check",
]

Grid = List[List[int]]
Status = Literal["unique", "multiple", "unsat", "sat", "unknown"]


class _HasToList(Protocol):
    """Anything with ``.tolist()``, such as a numpy array."""

    def tolist(self) -> Any: ...


# What every function taking a puzzle accepts (see the module's docstring).
Puzzle = Union[str, bytes, Sequence[Sequence[int]], _HasToList]
# ``"PxQ"`` or a pair ``(P, Q)``; None for the puzzle's own (or the square) box.
Box = Union[str, Tuple[int, int], None]


def _text(puzzle: Puzzle) -> str:
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


# The range of each integer option (the library's types: usize, u64).
_RANGES = {"count": (1, _limits.I64), "size": (1, 2**32), "clues": (0, _limits.I64),
           "seed": (0, _limits.U64), "max_attempts": (1, 100_000)}


def _options(**kw: Any) -> Dict[str, Any]:
    """The request members that are set (None and False are the library's defaults),
    each number checked against its range."""
    out = {k: v for k, v in kw.items() if v is not None and v is not False}
    if "box" in out:
        out["box"] = _box(out["box"])
    if "time_limit" in out:
        out["time_limit"] = _limits.seconds("time_limit", out["time_limit"])
    for k, (lo, hi) in _RANGES.items():
        if k in out:
            out[k] = _limits.integer(k, out[k], lo, hi)
    return out


def _request(puzzle: Puzzle, **kw: Any) -> str:
    o = _options(**kw)
    o["puzzle"] = _text(puzzle)
    return _json.dumps(o)


def _count(first: bool, count: Optional[int]) -> Optional[int]:
    # `first` is count 1; the default count (2) gives way to it.
    return None if first and count == 2 else count


def _rows(flat: Sequence[int], n: int) -> Grid:
    return [list(flat[i * n:(i + 1) * n]) for i in range(n)]


def _side(cells: int) -> int:
    return int(round(cells ** 0.5))


# CPython's sizes: a list (56 bytes and 8 per item), an int (32; 0..256 are shared), a
# str (about 50 and its length), a dict entry (about 40 with its share of the table).
_LIST, _PTR, _INT = 56, 8, 32


def _grids(data: bytes, count: int) -> List[Grid]:
    """The solutions of native ``u16`` values, after a memory check."""
    values = _array("H")
    values.frombytes(data)
    if not count:
        return []
    cells = len(values) // count
    n = _side(cells)
    big = _INT if n > 256 else 0
    _limits.admit("the solutions as Python lists",
                  count * (_LIST + _PTR + n * (_LIST + _PTR)) + len(values) * (_PTR + big))
    return [_rows(values[k * cells:(k + 1) * cells], n) for k in range(count)]


# What a solve came to (its docstring tells): built by the native side (issue 28:
# ``solve_many`` makes one per puzzle, and a Python class cost more per result than the
# rest of the hand-over). The JSON object and the solutions' lists are built when first
# asked for; ``solutions`` through :func:`_grids`.
Result = _native.Result


def solve(puzzle: Puzzle, *, box: Box = None, symbols: Optional[str] = None,
          rules: Optional[str] = None, count: int = 2, first: bool = False,
          time_limit: Optional[float] = None, solver: str = "auto",
          encoding: Optional[str] = None, amo: Optional[str] = None,
          presolve: Optional[str] = None, cages: Optional[str] = None,
          sparse: Optional[str] = None, cancel: Optional[_interrupt.Cancel] = None,
          certify: Optional[Folder] = None) -> Result:
    """Solves ``puzzle`` and proves its verdict.

    ``count`` bounds how many solutions are looked for (2 proves uniqueness);
    ``first=True`` stops at the first (status ``"sat"``). ``box`` is ``"PxQ"`` or
    ``(P, Q)``; ``symbols`` the alphabet; ``rules`` variant rules added to the
    puzzle's (``"diagonals,anti-knight"``); ``encoding`` (``minimal``, ``efficient``,
    ``extended``, ``reduced``), ``amo``, ``presolve``, ``cages``, ``sparse`` (``auto``,
    ``off``, ``always``: whether empty and nearly empty giants are solved by search with no
    formula first) and ``solver`` are the command line's choices. ``time_limit`` in seconds (status ``"unknown"`` when it
    runs out); Ctrl-C raises ``KeyboardInterrupt`` within a second (in a worker
    thread, :class:`gridsat.Cancelled`), and so does ``cancel.cancel()`` for a
    :class:`gridsat.Cancel` token given as ``cancel``.

    Raises :class:`gridsat.ParseError` for unreadable text, ``ValueError``/``TypeError``
    for bad options, ``MemoryError`` when the formula or the solutions would exceed the
    memory ceiling (:func:`gridsat.set_max_memory`), :class:`gridsat.InternalError` when
    gridsat fails.

    ``certify=DIR`` (a str or ``os.PathLike``; a new or empty folder, created if
    needed) writes the verdict's certificate there, the files ``gridsat sudoku solve
    --certify DIR`` writes (entry ``puzzle-1``; classic rules only, ``ValueError`` for a
    variant; ``FileExistsError`` for a folder that holds files, ``TimeoutError`` when the
    time limit stops the proof). Check it with :func:`gridsat.check_certificate`.
    """
    path = _folder(certify)
    req = _request(puzzle, box=box, symbols=symbols, rules=rules, count=_count(first, count),
                   first=first, time_limit=time_limit, solver=solver, encoding=encoding,
                   amo=amo, presolve=presolve, cages=cages, sparse=sparse)
    return _native.sudoku_solve(req, _interrupt.token(cancel), path)


# How far ``solve_many`` reads ahead of the iteration, per thread, and the run of
# puzzles fed (and of results taken) at once: the worker threads always have puzzles
# queued, and neither side wakes the other per puzzle (issue 28).
_AHEAD = 256
_RUN = 64


class _Failed:
    """The exception of a puzzle, raised at its turn in the iteration."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        self.error = error


class Results:
    """The results of :func:`solve_many`, in input order. The puzzles are read from
    the input a run at a time (at most ``256 × threads`` ahead of the iteration) and
    solved on worker threads meanwhile. ``len()`` is the number of puzzles when the
    input has one; ``close()`` (or leaving a ``with`` block, or dropping the iterator)
    stops the workers."""

    def __init__(self, native: _native.SolveMany, puzzles: Iterable[Puzzle], threads: int) -> None:
        self._native = native
        self._len = len(puzzles) if hasattr(puzzles, "__len__") else None  # type: ignore[arg-type]
        # A list or a tuple is read a run at a time by slicing, anything else one by one.
        self._seq: Optional[Sequence[Any]] = None
        self._input: Optional[Iterator[Any]] = None
        if type(puzzles) is list or type(puzzles) is tuple:
            self._seq = puzzles
        else:
            self._input = iter(puzzles)
        self._reading = True
        self._ahead = _AHEAD * threads
        self._run = _RUN * threads
        # Refill once this few are pending: the input is read a run at a time.
        self._low = self._ahead - self._run
        # The puzzles read and not yet handed back, in order: a count of puzzles the
        # workers have, or the exception a puzzle's conversion (or the input) raised.
        self._pending: Deque[Union[int, BaseException]] = _deque()
        self._npending = 0
        # What is handed back next, in order: the workers' results and exceptions.
        self._ready: Deque[Union[Result, _Failed]] = _deque()
        self._position = 0
        self._fill()

    def _fill(self) -> None:
        """Reads puzzles until ``256 × threads`` are pending or the input ends, and
        feeds them to the workers at once."""
        want = self._ahead - self._npending
        if not self._reading or want <= 0:
            return
        if self._seq is not None:
            start = self._position
            items = self._seq[start:start + want]
            ended = len(items) < want
            if items and len(set(map(type, items))) == 1 and type(items[0]) is str:
                self._position += len(items)
                self._fed(len(items))
                self._native.feed(items, list(range(start, self._position)))
            else:
                self._read(iter(items), want)
        else:
            assert self._input is not None
            ended = self._read(self._input, want)
        if ended:
            self._reading = False
            self._seq = self._input = None
            self._native.finish()

    def _fed(self, n: int) -> None:
        """``n`` more puzzles pending with the workers."""
        pending = self._pending
        if pending and type(pending[-1]) is int:
            pending[-1] += n
        else:
            pending.append(n)
        self._npending += n

    def _failed(self, error: BaseException) -> None:
        self._pending.append(error)
        self._npending += 1

    def _read(self, items: Iterator[Any], want: int) -> bool:
        """Reads up to ``want`` puzzles of ``items`` one by one, converting each; true
        when the input ended (or raised)."""
        texts: List[str] = []
        positions: List[int] = []
        ended = False
        for _ in range(want):
            try:
                puzzle = next(items)
            except StopIteration:
                ended = True
                break
            except Exception as e:  # the input's own error, raised in its place
                self._failed(e)
                ended = True
                break
            pos = self._position
            self._position += 1
            try:
                text = puzzle if type(puzzle) is str else _text(puzzle)
            except (TypeError, ValueError) as e:  # not a puzzle, or bytes not UTF-8
                e.puzzle = pos + 1  # type: ignore[union-attr]
                self._failed(e)
                continue
            texts.append(text)
            positions.append(pos)
            self._fed(1)
        if texts:
            self._native.feed(texts, positions)
        return ended

    def _take(self) -> None:
        """Moves the next run of results (or the next exception) to ``_ready``;
        raises the exception of a puzzle the workers failed on, at its turn, and
        ``StopIteration`` at the end."""
        if self._npending <= self._low:
            self._fill()
        pending = self._pending
        if not pending:
            raise StopIteration
        head = pending[0]
        if not isinstance(head, int):
            pending.popleft()
            self._npending -= 1
            self._ready.append(_Failed(head))
            return
        try:
            got = self._native.take(min(head, self._run))
        except BaseException:
            self._handed(1)
            raise
        if not got:
            raise InternalError("solve_many: the workers handed back no result")
        self._merge(got)

    def _handed(self, n: int) -> None:
        """The first ``n`` puzzles pending (with the workers) are handed back."""
        head = self._pending[0]
        assert isinstance(head, int) and head >= n
        if head == n:
            self._pending.popleft()
        else:
            self._pending[0] = head - n
        self._npending -= n

    def _merge(self, got: List[Result]) -> None:
        """Queues the workers' results ``got``, with the exceptions of the puzzles
        among them that were never fed, in input order."""
        pending, ready = self._pending, self._ready
        i = 0
        while i < len(got):
            head = pending[0]
            if not isinstance(head, int):
                pending.popleft()
                self._npending -= 1
                ready.append(_Failed(head))
                continue
            k = min(head, len(got) - i)
            ready.extend(got if k == len(got) else got[i:i + k])
            self._handed(k)
            i += k

    def __iter__(self) -> "Results":
        return self

    def __next__(self) -> Result:
        ready = self._ready
        if not ready:
            self._take()
        r = ready.popleft()
        if type(r) is _Failed:
            raise r.error
        return r  # type: ignore[return-value]

    def __len__(self) -> int:
        if self._len is None:
            raise TypeError("the puzzles of this solve_many came from an iterable without len()")
        return self._len

    def close(self) -> None:
        self._reading = False
        self._seq = self._input = None
        self._pending.clear()
        self._npending = 0
        self._ready.clear()
        self._native.close()

    def __enter__(self) -> "Results":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def solve_many(puzzles: Iterable[Puzzle], *, threads: Optional[int] = None, start: int = 0,
               box: Box = None,
               symbols: Optional[str] = None, rules: Optional[str] = None, count: int = 2,
               first: bool = False, time_limit: Optional[float] = None, solver: str = "auto",
               encoding: Optional[str] = None, amo: Optional[str] = None,
               presolve: Optional[str] = None, cages: Optional[str] = None,
               sparse: Optional[str] = None, cancel: Optional[_interrupt.Cancel] = None,
               certify: Optional[Folder] = None) -> Results:
    """Solves every puzzle of ``puzzles`` (an iterable of puzzles, each as
    :func:`solve` takes it, endless if need be) on ``threads`` worker threads (default:
    every core, at most 1024), each keeping a warm solver, with the GIL released.
    Returns an iterator of :class:`Result` in input order. The input is read lazily, at
    most ``256 × threads`` puzzles ahead of the iteration, so the first results come at
    once; breaking out of the loop (or ``close()``) stops the workers.

    ``time_limit`` is for the whole batch (puzzles it stops report ``"unknown"``).
    Ctrl-C while iterating raises ``KeyboardInterrupt`` and stops the workers, and so
    do ``cancel.cancel()`` and :func:`gridsat.cancel_all` (:class:`gridsat.Cancelled`).
    A puzzle that cannot be read raises :class:`gridsat.ParseError` (or ``TypeError``)
    when the iteration reaches it (its ``puzzle`` attribute is the 1-based position).
    The JSON objects number the puzzles from ``start + 1`` (the command line numbers a
    file's puzzles from 1).

    ``certify=DIR`` writes each verdict's certificate into that new or empty folder, as
    :func:`solve` does, the entries named ``puzzle-N`` after the JSON objects' numbers;
    ``manifest.txt`` lists them in input order as the results are produced. A
    certificate that cannot be written raises at that puzzle (``puzzle`` attribute set).
    """
    path = _folder(certify)
    if threads is None:
        threads = min(_os.cpu_count() or 1, 1024)
    threads = _limits.integer("threads", threads, 1, 1024)
    start = _limits.integer("start", start, 0, _limits.I64)
    opts = _options(box=box, symbols=symbols, rules=rules, count=_count(first, count),
                    first=first, time_limit=time_limit, solver=solver, encoding=encoding,
                    amo=amo, presolve=presolve, cages=cages, sparse=sparse)
    native = _native.sudoku_solve_many(_json.dumps(opts), threads, start,
                                       _interrupt.token(cancel), path)
    return Results(native, puzzles, threads)


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

    def __init__(self, native: _native.NativeFormula) -> None:
        self._native = native
        self._clauses: Optional[List[List[int]]] = None
        self._names: Optional[Dict[int, str]] = None
        self._families: Optional[Dict[str, List[List[int]]]] = None

    @property
    def nvars(self) -> int:
        return self._native.nvars

    @property
    def max_memory(self) -> int:
        """The memory ceiling (bytes) the lists of this formula are held to."""
        return int(self._native.max_memory)

    def _admit(self, what: str, needed: int) -> None:
        _limits.admit(f"Formula.{what} ({self.nvars} variables)", needed, self.max_memory)

    def _clauses_size(self) -> int:
        n, lits = self._native.counts()
        return n * (_LIST + 2 * _PTR + 8) + lits * (_PTR + _INT + 4)

    @property
    def clauses(self) -> List[List[int]]:
        """Every clause as a list of DIMACS literals. ``MemoryError`` when the lists
        would exceed the memory ceiling (``to_dimacs()`` is about 7× smaller)."""
        if self._clauses is None:
            self._admit("clauses", self._clauses_size())
            lit_bytes, end_bytes = self._native.clause_data()
            lits, ends = _array("i"), _array("Q")
            lits.frombytes(lit_bytes)
            ends.frombytes(end_bytes)
            del lit_bytes, end_bytes
            out, a = [], 0
            for b in ends:
                out.append(lits[a:b].tolist())
                a = b
            self._clauses = out
        return self._clauses

    @property
    def names(self) -> Dict[int, str]:
        if self._names is None:
            self._admit("names", self.nvars * (2 * _PTR + _INT + 120))
            text = self._native.names_data().decode("utf-8")
            self._names = {i + 1: s for i, s in enumerate(text.split("\n")[:self.nvars])}
        return self._names

    @property
    def families(self) -> Dict[str, List[List[int]]]:
        if self._families is None:
            n, _ = self._native.counts()
            pending = 0 if self._clauses is not None else self._clauses_size()
            self._admit("families", pending + n * (_PTR + 4))
            cs = self.clauses
            names, index_bytes = self._native.family_data()
            index = _array("I")
            index.frombytes(index_bytes)
            fams: List[List[List[int]]] = [[] for _ in names]
            for c, f in zip(cs, index):
                fams[f].append(c)
            self._families = dict(zip(names, fams))
        return self._families

    def to_dimacs(self) -> str:
        """The formula as DIMACS text, with a header and a ``c var N meaning`` line per variable."""
        n, lits = self._native.counts()
        self._admit("to_dimacs()", 2 * (lits * 8 + n * 2 + self.nvars * 24))
        return self._native.dimacs_data().decode("utf-8")

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
        # The counts, not the lists: a repr must not build 5 GiB of them.
        return f"<gridsat.sudoku.Formula {self.nvars} variables, {self._native.counts()[0]} clauses>"


def encode(puzzle: Puzzle, *, encoding: str = "extended", amo: str = "pairwise",
           readable_ids: bool = False, box: Box = None, symbols: Optional[str] = None,
           rules: Optional[str] = None, cages: Optional[str] = None,
           presolve: Optional[str] = None, max_memory: Optional[Union[int, str]] = None,
           cancel: Optional[_interrupt.Cancel] = None) -> Formula:
    """The formula of ``puzzle`` with its givens as unit clauses, as
    ``gridsat sudoku encode`` writes it. ``encoding``: ``minimal``, ``efficient``,
    ``extended`` or ``reduced``; ``amo``: ``pairwise``, ``sequential``, ``commander``,
    ``product`` or ``bimander``; ``readable_ids``: 9×9 variables numbered
    100·row + 10·column + digit.

    ``max_memory`` (bytes, or ``"512M"``; default :func:`gridsat.max_memory`) bounds the
    formula and the Python lists later built from it (``clauses``, ``names``,
    ``families``): past it they raise ``MemoryError`` before anything is built."""
    req = _request(puzzle, encoding=encoding, amo=amo, readable_ids=readable_ids, box=box,
                   symbols=symbols, rules=rules, cages=cages, presolve=presolve)
    limit = 0 if max_memory is None else _limits.size("max_memory", max_memory)
    return Formula(_native.sudoku_encode(req, _interrupt.token(cancel), limit))


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
            return cast(str, self._json["text"])
        return self._text

    def to_json(self) -> Dict[str, Any]:
        return cast(Dict[str, Any], _json.loads(_json.dumps(self._json)))

    def __repr__(self) -> str:
        return f"<gridsat.sudoku.Report {self._text.strip()[:60]!r}>"


def _ask(question: str, puzzle: Puzzle, **kw: Any) -> Report:
    _interrupt.watch_thread()
    text, out = _native.sudoku_ask(question, _request(puzzle, **kw))
    return Report(_json.loads(text), out)


def hint(puzzle: Puzzle, *, box: Box = None, symbols: Optional[str] = None,
         rules: Optional[str] = None, time_limit: Optional[float] = None,
         solver: str = "auto") -> Report:
    """The next step for a player of ``puzzle`` (givens and entries so far), with its
    reason: ``status``, ``cell``, ``value``, ``rule``, ``text`` (as ``gridsat sudoku hint --json``)."""
    return _ask("hint", puzzle, box=box, symbols=symbols, rules=rules, time_limit=time_limit,
                solver=solver)


def candidates(puzzle: Puzzle, *, reasoning: Optional[str] = None, box: Box = None,
               symbols: Optional[str] = None, rules: Optional[str] = None,
               time_limit: Optional[float] = None) -> Report:
    """The pencil marks ``reasoning`` (``givens``, ``singles``, ``probing``) leaves:
    ``empty`` and ``cells`` (each with its ``candidates``)."""
    return _ask("candidates", puzzle, reasoning=reasoning, box=box, symbols=symbols,
                rules=rules, time_limit=time_limit)


def explain(puzzle: Puzzle, *, box: Box = None, symbols: Optional[str] = None,
            rules: Optional[str] = None, time_limit: Optional[float] = None,
            solver: str = "auto") -> Report:
    """The whole solution as reasoning steps: ``status``, ``steps``, ``end``."""
    return _ask("explain", puzzle, box=box, symbols=symbols, rules=rules,
                time_limit=time_limit, solver=solver)


def rate(puzzle: Puzzle, *, box: Box = None, symbols: Optional[str] = None,
         rules: Optional[str] = None, time_limit: Optional[float] = None,
         solver: str = "auto") -> Report:
    """The difficulty of a puzzle with one solution: ``difficulty`` (``easy``,
    ``medium``, ``hard``, ``extreme``) and the effort behind it."""
    return _ask("rate", puzzle, box=box, symbols=symbols, rules=rules, time_limit=time_limit,
                solver=solver)


def propagate(puzzle: Puzzle, *, box: Box = None, symbols: Optional[str] = None,
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
        self.solution: Optional[Grid] = solution

    @property
    def givens(self) -> str:
        return self._json.get("givens") or self._json.get("grid") or ""

    @property
    def status(self) -> str:
        return cast(str, self._json.get("status", "generated"))

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["_json"][name]
        except KeyError:
            raise AttributeError(name) from None

    def to_json(self) -> Dict[str, Any]:
        return cast(Dict[str, Any], _json.loads(_json.dumps(self._json)))

    def __repr__(self) -> str:
        return f"<gridsat.sudoku.Generated {self.givens[:40]!r}>"


def generate(*, size: Optional[int] = None, box: Box = None, symbols: Optional[str] = None,
             rules: Optional[str] = None, difficulty: Optional[str] = None,
             se: Optional[str] = None, technique: Optional[str] = None,
             level: Optional[str] = None, max_attempts: Optional[int] = None,
             symmetry: Optional[str] = None, clues: Optional[int] = None, seed: int = 1,
             count: int = 1, jigsaw: bool = False, killer: bool = False,
             solver: Optional[str] = None, time_limit: Optional[float] = None,
             cancel: Optional[_interrupt.Cancel] = None,
             certify: Optional[Folder] = None) -> List[Generated]:
    """Generates ``count`` puzzles with one solution each (proven), as
    ``gridsat sudoku generate`` does: the same ``seed`` (0 to 2**64-1) makes the same
    puzzles. Fewer than ``count`` when the time limit runs out (the last then has
    status ``unknown``). ``se="7.0-8.0"`` keeps puzzles whose Sudoku Explainer rating
    (ER) lies in the range, ``technique="x-wing"`` those whose technique path uses it,
    ``level="unfair"`` those of that HoDoKu-style level (``rate``'s ``hodoku``);
    after ``max_attempts`` fresh grids without one, it raises (gave up after N tries).
    ``certify=DIR`` writes each puzzle's uniqueness certificate into that new or empty
    folder (``puzzle-K``, as ``gridsat sudoku generate --certify DIR``; classic rules
    only)."""
    path = _folder(certify)
    o = _options(size=size, box=box, symbols=symbols, rules=rules, difficulty=difficulty,
                 se=se, technique=technique, level=level, max_attempts=max_attempts,
                 symmetry=symmetry, clues=clues, seed=seed, count=count, jigsaw=jigsaw,
                 killer=killer, solver=solver, time_limit=time_limit)
    out = []
    for text in _native.sudoku_generate(_json.dumps(o), _interrupt.token(cancel), path):
        obj = _json.loads(text)
        sol = None
        if "solution" in obj:
            sol = _parse_solution(obj, box=box, symbols=symbols)
        out.append(Generated(obj, sol))
    return out


def _parse_solution(obj: Dict[str, Any], box: Box, symbols: Optional[str]) -> Optional[Grid]:
    # The generator proved the solution; read it back with the library's own reader.
    # (A full grid is its own only solution under classic rules; jigsaw regions are not
    # boxes, so such solutions stay None.)
    r = solve(obj["solution"], box=box, symbols=symbols, first=True)
    return r.solution


class Check:
    """Whether a filled grid solves a puzzle: ``valid`` and, when not, ``reason``."""

    __slots__ = ("valid", "reason")

    def __init__(self, reason: Optional[str]) -> None:
        self.valid: bool = reason is None
        self.reason: Optional[str] = reason

    def __bool__(self) -> bool:
        return self.valid

    def __repr__(self) -> str:
        return "<gridsat.sudoku.Check valid>" if self.valid else f"<gridsat.sudoku.Check invalid: {self.reason}>"


def check(puzzle: Puzzle, solution: Puzzle, *, box: Box = None, symbols: Optional[str] = None,
          rules: Optional[str] = None) -> Check:
    """Checks ``solution`` (any puzzle form, filled) against ``puzzle`` with gridsat's
    independent checker: every house holds each symbol once, the givens are kept, the
    variant rules hold."""
    reason = _native.sudoku_check(_request(puzzle, box=box, symbols=symbols, rules=rules),
                                  _text(solution))
    return Check(reason)


# Answers as NumPy columns (defined apart: it needs NumPy, and the helpers above).
from ._columns import STATUSES, Columns, solve_columns  # noqa: E402
