"""The Dask path gives what solve_many gives, on a LocalCluster with two workers."""
import pytest

import gridsat
from conftest import shared

distributed = pytest.importorskip("distributed")
dask_bag = pytest.importorskip("dask.bag")


def test_a_bag_on_a_local_cluster_equals_solve_many():
    lines = shared("sudoku/9x9/17clue-49158.txt").read_text().split()[:4000]
    want = [(r.status, r.solution) for r in gridsat.sudoku.solve_many(lines, threads=2)]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster):
        bag = dask_bag.from_sequence(lines, npartitions=8)
        got = gridsat.dask.solve_bag(bag).compute()
    assert [(g["status"], g["solution"]) for g in got] == [
        (s, "".join(str(v) for row in sol for v in row) if sol else None) for s, sol in want
    ]
