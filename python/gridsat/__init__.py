"""gridsat: logic puzzles solved by reduction to SAT, every answer verified.

* :mod:`gridsat.sudoku` -- Sudoku of any size and its variants: ``solve``,
  ``solve_many``, ``encode`` (a formula for PySAT), ``generate``, ``rate``, ``hint``,
  ``candidates``, ``explain``, ``check``.
* :mod:`gridsat.sokoban` -- Sokoban as SAT planning: ``parse``, ``solve``, ``verify``
  and the course contract ``solve_course(grid, T)``.
* :func:`check_certificate` -- checks a folder that ``certify=DIR`` (or the command
  line's ``--certify DIR``) wrote, with the checker that shares no code with the solvers.
* :mod:`gridsat.dask` -- batches of puzzles on a Dask cluster (needs ``dask[distributed]``).

The answers are the ones the ``gridsat`` command line prints: ``result.to_json()`` is
its ``--json`` object.

Every call can be stopped from any thread: Ctrl-C, :func:`cancel_all`, a
:class:`Cancel` token (``cancel=``), or the interpreter's exit (see
:mod:`gridsat.interrupt`). Every call is held to a memory ceiling
(:func:`set_max_memory`, as the command line's ``--max-memory``; ``MemoryError`` past it).
"""
from typing import Any

from ._native import __version__
from .certificates import CertificateCheck, CheckedEntry, check_certificate
from .errors import Cancelled, InternalError, ParseError
from .interrupt import Cancel, cancel_all, install_sigint_handler
from .limits import max_memory, set_max_memory
from . import sudoku, sokoban


def __getattr__(name: str) -> Any:
    # gridsat.dask imports dask, an optional dependency: only on first use.
    if name == "dask":
        import importlib

        return importlib.import_module(".dask", __name__)
    raise AttributeError(f"module 'gridsat' has no attribute {name!r}")


__all__ = ["__version__", "ParseError", "InternalError", "Cancelled", "Cancel", "cancel_all",
           "check_certificate", "CertificateCheck", "CheckedEntry",
           "install_sigint_handler", "max_memory", "set_max_memory", "sudoku", "sokoban",
           "dask"]
