"""The exceptions gridsat raises.

* :class:`ParseError` (a :class:`ValueError`): the puzzle or level text cannot be read;
  it says where (``line``, ``column``, and ``file``/``level`` when known).
* :class:`ValueError` / :class:`TypeError`: an option gridsat does not take.
* :class:`InternalError`: gridsat failed (a solver error, an answer that failed its
  verification, a panic) -- never the input's fault; please report it.
"""
from __future__ import annotations

from typing import Optional

__all__ = ["ParseError", "InternalError", "Cancelled"]


class ParseError(ValueError):
    """The input text cannot be read: ``message`` at ``line``, ``column`` (1-based;
    column 0 when the problem concerns the whole line), in ``file`` and ``level``
    when known. ``puzzle`` is the 1-based position in a batch (``solve_many``)."""

    def __init__(self, message: str, line: int = 0, column: int = 0,
                 file: Optional[str] = None, level: Optional[str] = None) -> None:
        self.message = message
        self.line = line
        self.column = column
        self.file = file
        self.level = level
        self.puzzle: Optional[int] = None
        where = f"line {line}" + (f", column {column}" if column else "")
        if level:
            where = f"level {level}, {where}"
        if file:
            where = f"{file}: {where}"
        super().__init__(f"{where}: {message}")


class InternalError(RuntimeError):
    """gridsat failed: a solver error, an answer that did not pass the independent
    checker, or a panic in the native code. Not the input's fault."""


class Cancelled(Exception):
    """A call stopped before its answer by its :class:`gridsat.Cancel` token, by
    :func:`gridsat.cancel_all`, by Ctrl-C (in a thread other than the main one) or by
    the interpreter shutting down."""
