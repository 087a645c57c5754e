"""Batches of Sudoku puzzles on a Dask cluster (needs ``pip install "dask[distributed]"``).

Puzzles are independent, so Dask's own scheduler spreads them. The fast way back is
columns: each partition is solved on a worker by :func:`gridsat.sudoku.solve_columns`
and sends two NumPy arrays (a status code and the first solution per puzzle), joined
into one :class:`gridsat.sudoku.Columns`::

    from distributed import Client
    import gridsat.dask

    client = Client("tcp://scheduler:8786")       # or Client(LocalCluster(n_workers=2))
    bag = gridsat.dask.puzzle_bag(open("17clue.txt").read().split())
    cols = gridsat.dask.solve_columns(bag).compute()
    cols.counts()                                  # {'unique': 49158}

``puzzle_bag`` sizes the partitions for the client's workers (four per worker thread).
:func:`solve_bag` gives instead the ``--json`` objects of the command line (``status``,
``solution`` as a line, …), one Python object per puzzle::

    import dask.bag as db
    bag = db.read_text("17clue.txt").map(str.strip).filter(None)
    results = gridsat.dask.solve_bag(bag, count=2).compute()

The same recipe by hand, for a bag or a dataframe column::

    bag.map_partitions(gridsat.dask.solve_partition, threads=1)
    df["puzzle"].map_partitions(gridsat.dask.solve_series, meta=("result", object))

Sokoban levels go one to a task, since one level can take the whole time limit while
the next takes a millisecond: :func:`level_bag` makes the bag, :func:`solve_levels` the
``--json`` object of each level (:func:`gridsat.sokoban.solve` on a worker, every plan
replayed there before it is returned)::

    levels = gridsat.sokoban.parse(open("microban.xsb").read())
    plans = gridsat.dask.solve_levels(gridsat.dask.level_bag(levels), time_limit=60).compute()

Every worker needs gridsat installed (``pip install .`` in its environment).
"""
from __future__ import annotations

import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from . import sokoban, sudoku
from ._columns import Columns, concat

__all__ = ["solve_partition", "solve_bag", "solve_series", "solve_columns", "puzzle_bag",
           "level_bag", "solve_levels"]


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


def _columns_of(puzzles: Iterable[Any], threads: Optional[int] = 1, **options: Any) -> Columns:
    return sudoku.solve_columns(list(puzzles), threads=threads, **options)


def solve_columns(bag: Any, *, threads: Optional[int] = 1, **options: Any) -> Any:
    """A lazy ``dask.delayed`` of the :class:`gridsat.sudoku.Columns` of every puzzle of
    ``bag``, in order: one :func:`gridsat.sudoku.solve_columns` task per partition on
    the workers, which sends back two NumPy arrays instead of an object per puzzle, and
    a task joining them. ``options`` are those of ``solve_columns``. Call
    ``.compute()`` to run it on the current Dask client."""
    from dask.delayed import delayed

    # One task a partition: map_partitions, then to_delayed's optimisation fuses the
    # tasks that make a partition (puzzle_bag's split) with its solve, under the name of
    # the solve when both names have the same prefix (else an alias of it is one more
    # task). Issue 28: each task apart cost a round trip to the scheduler.
    solved = bag.map_partitions(_columns_of, threads=threads, token=_NAME, **options)
    return delayed(concat)(solved.to_delayed())


def _worker_threads() -> int:
    """The worker threads of the current Dask client, or this machine's cores."""
    try:
        from distributed import get_client

        info = get_client().scheduler_info()
        return max(1, int(sum(w.get("nthreads", 1) for w in info["workers"].values())))
    except (ImportError, ValueError):
        return os.cpu_count() or 1


def puzzle_bag(puzzles: Sequence[Any], *, partitions: Optional[int] = None) -> Any:
    """A ``dask.bag`` of ``puzzles`` (a list of puzzles), cut into ``partitions``
    (default: four per worker thread of the current client, or of this machine without
    one, and never below 256 puzzles a partition): enough for the scheduler to balance
    the workers, few enough that a task's overhead stays small beside its solves.

    Puzzles that are all ``str`` are cut into partitions of equal size (within one),
    each one opaque value of the graph, named without hashing every puzzle: ``dask.bag.
    from_sequence`` hashed the 49,158 puzzles of a file three times over (its own name,
    ``to_delayed`` and the graph's conversion), about 60 ms of the client's before a
    worker started (issue 28). Other puzzles go through ``from_sequence``."""
    import dask.bag as db

    n = len(puzzles)
    if partitions is None:
        partitions = max(1, min(4 * _worker_threads(), n // 256))
    k = max(1, min(partitions, n or 1))
    if n == 0 or len(set(map(type, puzzles))) != 1 or type(puzzles[0]) is not str:
        return db.from_sequence(puzzles, npartitions=k)
    import uuid

    from dask.highlevelgraph import HighLevelGraph

    name = f"{_NAME}-{uuid.uuid4().hex}"
    bounds = [n * i // k for i in range(k + 1)]
    texts = [_SEP.join(puzzles[a:b]) for a, b in zip(bounds, bounds[1:])]
    dsk: Dict[Any, Any]
    if any(t.count(_SEP) != b - a - 1 for t, a, b in zip(texts, bounds, bounds[1:])):
        dsk = {(name, i): list(puzzles[a:b]) for i, (a, b) in enumerate(zip(bounds, bounds[1:]))}
    else:
        # One string a partition (no puzzle holds a NUL): pickled as one block, not an
        # object per puzzle, and split on the worker.
        dsk = {(name, i): (_split, t) for i, t in enumerate(texts)}
    return db.Bag(HighLevelGraph.from_collections(name, dsk), name, k)


def level_bag(levels: Sequence[Union[sokoban.Level, str]]) -> Any:
    """A ``dask.bag`` of Sokoban ``levels`` (:class:`gridsat.sokoban.Level` objects, or
    the text of one level each), one level a partition, so the scheduler hands out levels
    one at a time: their solving times differ by orders of magnitude. Each element is the
    level's text with its title, number and move bound, checked here (a text that is not
    one level raises ``ValueError``, a bad one :class:`gridsat.ParseError`)."""
    import dask.bag as db

    items = [_level_item(lv) for lv in levels]
    return db.from_sequence(items, npartitions=max(1, len(items)))


def _level_item(level: Union[sokoban.Level, str]) -> Dict[str, Any]:
    lv = sokoban._level(level)
    return {"text": str(lv), "title": lv.title, "number": lv.number,
            "max_moves": lv.max_moves}


def _solve_level(item: Dict[str, Any], **options: Any) -> Dict[str, Any]:
    opts = dict(options)
    if item["max_moves"] is not None and opts.get("max_moves") is None:
        opts["max_moves"] = item["max_moves"]
    out = sokoban.solve(item["text"], **opts).to_json()
    out["level"], out["number"] = item["title"], item["number"]
    return out


def solve_levels(bag: Any, **options: Any) -> Any:
    """A lazy ``dask.bag.Bag`` of the ``--json`` objects of the levels of ``bag`` (from
    :func:`level_bag`), in order, each solved on a worker by
    :func:`gridsat.sokoban.solve` with ``options`` (``optimize``, ``time_limit``,
    ``max_pushes``, …; a level's own move bound unless ``max_moves`` is given), its
    ``level`` and ``number`` those of the level. Call ``.compute()`` to run it."""
    return bag.map(_solve_level, **options)


# What joins the puzzles of a partition in transit (see puzzle_bag).
_SEP = "\0"
# The prefix of the names of puzzle_bag's and solve_columns's tasks.
_NAME = "gridsat_sudoku"


def _split(text: str) -> List[str]:
    return text.split(_SEP)
