"""gridsat: logic puzzles solved by reduction to SAT, every answer verified.

* :mod:`gridsat.sudoku` -- Sudoku of any size and its variants: ``solve``,
  ``solve_many``, ``encode`` (a formula for PySAT), ``generate``, ``rate``, ``hint``,
  ``candidates``, ``explain``, ``check``.
* :mod:`gridsat.sokoban` -- Sokoban as SAT planning: ``parse``, ``solve``, ``verify``
  and the course contract ``solve_course(grid, T)``.
* :mod:`gridsat.dask` -- batches of puzzles on a Dask cluster (needs ``dask[distributed]``).

The answers are the ones the ``gridsat`` command line prints: ``result.to_json()`` is
its ``--json`` object.
"""
from ._native import __version__
from .errors import InternalError, ParseError
from . import sudoku, sokoban


def __getattr__(name):
    # gridsat.dask imports dask, an optional dependency: only on first use.
    if name == "dask":
        import importlib

        return importlib.import_module(".dask", __name__)
    raise AttributeError(f"module 'gridsat' has no attribute {name!r}")


__all__ = ["__version__", "ParseError", "InternalError", "sudoku", "sokoban", "dask"]
