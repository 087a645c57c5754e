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


def solve_partition(puzzles: Iterable[Any], threads: Optional[int] = 1, start: int = 0,
                    **options: Any) -> List[Dict[str, Any]]:
    """Solves one partition (any iterable of puzzles) with :func:`gridsat.sudoku.solve_many`:
    the ``--json`` object of each, in order, numbered from ``start + 1``. ``threads=1``
    by default, since Dask runs one task per worker thread."""
    rs = sudoku.solve_many(list(puzzles), threads=threads, start=start, **options)
    return [r.to_json() for r in rs]


def _offsets(lengths: List[int]) -> List[int]:
    out: List[int] = []
    total = 0
    for n in lengths:
        out.append(total)
        total += n
    return out


def solve_bag(bag: Any, *, threads: Optional[int] = 1, **options: Any) -> Any:
    """A lazy ``dask.bag.Bag`` of the results of the puzzles of ``bag``: one ``--json``
    object per puzzle, in order, numbered from 1 over the whole bag -- the objects
    :func:`gridsat.sudoku.solve_many` gives for the same puzzles. ``options`` are those
    of ``solve_many``. Call ``.compute()`` to run it on the current Dask client.

    The graph is Dask's own: a length task per partition, the partitions' offsets from
    those lengths, then one ``solve_partition`` task per partition."""
    import dask.bag as db
    from dask.delayed import delayed

    parts = bag.to_delayed()
    lengths = [delayed(len)(p) for p in parts]
    offsets = delayed(_offsets)(lengths)
    solved = [
        delayed(solve_partition)(p, threads=threads, start=offsets[k], **options)
        for k, p in enumerate(parts)
    ]
    return db.from_delayed(solved)


def solve_series(series: Any, threads: Optional[int] = 1, **options: Any) -> Any:
    """Solves a pandas Series of puzzles (a partition of a dask dataframe column):
    a Series of ``--json`` objects with the same index (numbered within the partition)."""
    import pandas as pd

    return pd.Series(solve_partition(series.tolist(), threads=threads, **options),
                     index=series.index, dtype=object)
