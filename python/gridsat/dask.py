"""Batches of Sudoku puzzles on a Dask cluster (needs ``pip install "dask[distributed]"``).

Puzzles are independent, so Dask's own scheduler spreads them: each partition of a bag
is solved on a worker by :func:`gridsat.sudoku.solve_many`, and the results are the
``--json`` objects of the command line (``status``, ``solution`` as a line, …)::

    import dask.bag as db
    from distributed import Client
    import gridsat.dask

    client = Client("tcp://scheduler:8786")       # or Client(LocalCluster(n_workers=2))
    bag = db.read_text("17clue.txt").map(str.strip).filter(None)
    results = gridsat.dask.solve_bag(bag, count=2).compute()

The same recipe by hand, for a bag or a dataframe column::

    bag.map_partitions(gridsat.dask.solve_partition, threads=1)
    df["puzzle"].map_partitions(gridsat.dask.solve_series, meta=("result", object))

Every worker needs gridsat installed (``pip install .`` in its environment).
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional

from . import sudoku

__all__ = ["solve_partition", "solve_bag", "solve_series"]


def _plain(r: "sudoku.Result") -> Dict[str, Any]:
    return r.to_json()


def solve_partition(puzzles: Iterable[Any], threads: Optional[int] = 1,
                    **options: Any) -> List[Dict[str, Any]]:
    """Solves one partition (any iterable of puzzles) with :func:`gridsat.sudoku.solve_many`:
    the ``--json`` object of each, in order. ``threads=1`` by default, since Dask runs
    one task per worker thread."""
    return [_plain(r) for r in sudoku.solve_many(list(puzzles), threads=threads, **options)]


def solve_bag(bag: Any, *, threads: Optional[int] = 1, **options: Any) -> Any:
    """A lazy ``dask.bag.Bag`` of the results of the puzzles of ``bag`` (one ``--json``
    object per puzzle, in order); ``options`` are those of
    :func:`gridsat.sudoku.solve_many`. Call ``.compute()`` to run it."""
    return bag.map_partitions(solve_partition, threads=threads, **options)


def solve_series(series: Any, threads: Optional[int] = 1, **options: Any) -> Any:
    """Solves a pandas Series of puzzles (a partition of a dask dataframe column):
    a Series of ``--json`` objects with the same index."""
    import pandas as pd

    return pd.Series(solve_partition(series.tolist(), threads=threads, **options),
                     index=series.index, dtype=object)
