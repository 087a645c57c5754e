"""Answers as columns: :func:`gridsat.sudoku.solve_columns` (needs NumPy).

A batch of puzzles answered as two NumPy arrays -- a status code and the first solution
per puzzle -- instead of one :class:`gridsat.sudoku.Result` object each: no Python
object per puzzle is made, which is what a Dask partition sends back to its client
(:func:`gridsat.dask.solve_columns`). Every answer is verified as always.
"""
from __future__ import annotations

import json as _json
import os as _os
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple

from . import _native
from . import interrupt as _interrupt
from . import limits as _limits

if TYPE_CHECKING:  # pragma: no cover
    import numpy

# The status of each code of ``Columns.status``.
STATUSES: Tuple[str, ...] = ("unique", "multiple", "unsat", "sat", "unknown")


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as e:  # pragma: no cover - numpy is in the test and dask extras
        raise ImportError("gridsat.sudoku.solve_columns needs NumPy: pip install numpy") from e
    return numpy


class Columns:
    """The answers of :func:`solve_columns`, in input order.

    * ``status``: a ``numpy.uint8`` array, one code per puzzle, an index into
      :data:`STATUSES` (``"unique"``, ``"multiple"``, ``"unsat"``, ``"sat"``,
      ``"unknown"``);
    * ``solution``: a ``numpy.uint16`` array of shape ``(puzzles, cells)``: each
      puzzle's first solution, row by row, as the numbers of
      :attr:`Result.solution` (``0`` where there is none; a smaller grid in a mixed
      batch is padded with ``0``);
    * ``statuses()``: the status names; ``counts()``: how many of each;
      ``grid(k)``: puzzle ``k``'s solution as rows, or ``None``;
      :func:`concat` joins the columns of several batches.
    """

    __slots__ = ("status", "solution")

    def __init__(self, status: "numpy.ndarray", solution: "numpy.ndarray") -> None:
        self.status = status
        self.solution = solution

    def __len__(self) -> int:
        return int(self.status.shape[0])

    def statuses(self) -> List[str]:
        return [STATUSES[c] for c in self.status.tolist()]

    def counts(self) -> Dict[str, int]:
        found = _numpy().bincount(self.status, minlength=len(STATUSES)).tolist()
        return {s: int(n) for s, n in zip(STATUSES, found) if n}

    def grid(self, k: int) -> Optional[List[List[int]]]:
        row = self.solution[k]
        cells = int((row != 0).sum())
        if not cells:
            return None
        n = int(round(cells ** 0.5))
        return [row[i * n:(i + 1) * n].tolist() for i in range(n)]

    def __repr__(self) -> str:
        return f"<gridsat.sudoku.Columns {len(self)} puzzles {self.counts()}>"


def concat(parts: Sequence[Columns]) -> Columns:
    """The columns of several batches, one after the other (the solution arrays padded
    to the widest)."""
    np = _numpy()
    width = max((p.solution.shape[1] for p in parts), default=0)
    status = np.concatenate([p.status for p in parts]) if parts else np.zeros(0, np.uint8)
    # Each part copied once, into its rows (zeros past a narrower part's width).
    solution = np.zeros((len(status), width), np.uint16)
    row = 0
    for p in parts:
        n, w = p.solution.shape
        solution[row:row + n, :w] = p.solution
        row += n
    return Columns(status, solution)


def _texts(puzzles: Sequence[Any]) -> List[str]:
    """The puzzles as texts: a list of str as it is, else each converted (an error
    names its 1-based position as ``puzzle``)."""
    from .sudoku import _text

    if type(puzzles) is list and len(set(map(type, puzzles))) <= 1 and (
            not puzzles or type(puzzles[0]) is str):
        return puzzles
    texts = []
    for k, p in enumerate(puzzles):
        try:
            texts.append(_text(p))
        except (TypeError, ValueError) as e:
            e.puzzle = k + 1  # type: ignore[union-attr]
            raise
    return texts


def solve_columns(puzzles: Sequence[Any], *, threads: Optional[int] = None, box: Any = None,
                  symbols: Optional[str] = None, rules: Optional[str] = None, count: int = 2,
                  first: bool = False, time_limit: Optional[float] = None,
                  solver: str = "auto", encoding: Optional[str] = None,
                  amo: Optional[str] = None, presolve: Optional[str] = None,
                  cages: Optional[str] = None, sparse: Optional[str] = None,
                  cancel: Optional[_interrupt.Cancel] = None) -> Columns:
    """Solves every puzzle of ``puzzles`` (a list, or any sized sequence) on ``threads``
    worker threads (default: every core) with the GIL released, and returns the
    answers as :class:`Columns`: the options, verdicts, time limit (for the whole
    batch) and interrupts of :func:`solve_many`, without a Python object per puzzle.
    A puzzle that cannot be read raises :class:`gridsat.ParseError` with its 1-based
    position as the attribute ``puzzle``; the batch stops there."""
    from .sudoku import _count, _options

    np = _numpy()
    if threads is None:
        threads = min(_os.cpu_count() or 1, 1024)
    threads = _limits.integer("threads", threads, 1, 1024)
    opts = _options(box=box, symbols=symbols, rules=rules, count=_count(first, count),
                    first=first, time_limit=time_limit, solver=solver, encoding=encoding,
                    amo=amo, presolve=presolve, cages=cages, sparse=sparse)
    texts = _texts(puzzles)
    status, values, width = _native.sudoku_solve_columns(
        texts, _json.dumps(opts), threads, _interrupt.token(cancel))
    codes = np.frombuffer(status, dtype=np.uint8).copy()
    solution = np.frombuffer(values, dtype=np.uint16).reshape(len(texts), width).copy()
    return Columns(codes, solution)
