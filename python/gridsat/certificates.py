"""Certificates: the evidence behind a verdict, checked without trusting gridsat.

``certify=DIR`` on :func:`gridsat.sudoku.solve`, :func:`~gridsat.sudoku.solve_many`,
:func:`~gridsat.sudoku.generate` and :func:`gridsat.sokoban.solve` writes, into a new or
empty folder, what ``gridsat … --certify DIR`` writes: the puzzle or level, the
solution(s) or plan, the formula and a DRAT proof, listed in ``manifest.txt``.
:func:`check_certificate` checks such a folder with ``gridsat-certify``, the checker
that shares no code with the solvers (the command line's ``check-certificate``).

>>> import tempfile, os
>>> from gridsat import sudoku, check_certificate
>>> d = os.path.join(tempfile.mkdtemp(), "cert")
>>> r = sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", certify=d)
>>> check_certificate(d).ok
True
"""
from __future__ import annotations

import os as _os
from typing import List, Literal, Optional, Union, cast

from . import _native
from . import limits as _limits

__all__ = ["CertificateCheck", "CheckedEntry", "check_certificate"]

# A folder: a str or an os.PathLike (pathlib.Path).
Folder = Union[str, "_os.PathLike[str]"]
EntryStatus = Literal["checked", "rejected", "not checked"]


def folder(certify: Optional[Folder]) -> Optional[str]:
    """The ``certify=`` argument as the native code takes it (None: no certificate)."""
    if certify is None:
        return None
    if not isinstance(certify, (str, _os.PathLike)):
        raise TypeError(f"certify is a folder (str or os.PathLike), not {type(certify).__name__}")
    path = _os.fspath(certify)
    if not isinstance(path, str):
        raise TypeError("certify is a folder given as text, not bytes")
    return path


class CheckedEntry:
    """One entry of a certificate folder as the checker found it: ``name``
    (``puzzle-3``, ``level-1``), ``claim`` (``unique``, ``optimal 8``; empty when the
    manifest could not be read), ``status`` (``"checked"``, ``"rejected"``, ``"not
    checked"`` when over the time or memory limit) and ``message`` (what was checked,
    or why not)."""

    __slots__ = ("name", "claim", "status", "message")

    def __init__(self, name: str, status: EntryStatus, claim: str, message: str) -> None:
        self.name = name
        self.status: EntryStatus = status
        self.claim = claim
        self.message = message

    def __repr__(self) -> str:
        return f"<gridsat.CheckedEntry {self.name} {self.status}: {self.message}>"


class CertificateCheck:
    """What :func:`check_certificate` found: ``entries`` in manifest order, and ``ok``
    (``bool(check)``), true only when every entry was checked and none rejected."""

    __slots__ = ("entries",)

    def __init__(self, entries: List[CheckedEntry]) -> None:
        self.entries = entries

    @property
    def ok(self) -> bool:
        return bool(self.entries) and all(e.status == "checked" for e in self.entries)

    @property
    def rejected(self) -> List[CheckedEntry]:
        return [e for e in self.entries if e.status != "checked"]

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        bad = len(self.rejected)
        return f"<gridsat.CertificateCheck {len(self.entries)} entries, {bad} not accepted>"


def check_certificate(dir: Folder, *, time_limit: Optional[float] = None,
                      max_memory: Optional[int] = None) -> CertificateCheck:
    """Checks the certificate folder ``dir`` as ``gridsat check-certificate DIR`` does:
    each entry's formula rebuilt by the checker's own encoder (and compared clause for
    clause with the formula file, when the entry carries one), its solution or plan
    checked, its DRAT proof replayed; entries are checked on every core, reported in
    the manifest's order. ``time_limit`` (in seconds) bounds the whole check;
    ``max_memory`` (bytes, default the package's ceiling) bounds what the entries
    checked at once take together. Raises ``OSError`` when the folder or its
    ``manifest.txt`` cannot be read; everything else is an entry of the result."""
    path = folder(dir)
    if path is None:
        raise TypeError("check_certificate needs a folder, not None")
    limit = None if time_limit is None else _limits.seconds("time_limit", time_limit)
    memory = 0 if max_memory is None else _limits.integer("max_memory", max_memory, 1, _limits.U64)
    found = _native.check_certificate(path, limit, memory)
    return CertificateCheck([CheckedEntry(n, cast(EntryStatus, s), c, m) for n, s, c, m in found])
