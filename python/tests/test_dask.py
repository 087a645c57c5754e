"""The Dask path gives what solve_many gives, on a LocalCluster with two workers."""
import pytest

import gridsat
from conftest import read_line_puzzle, shared, valid_sudoku

distributed = pytest.importorskip("distributed")
dask_bag = pytest.importorskip("dask.bag")


def _untimed(obj):
    for key in ("time_ms", "seconds"):
        obj["stats"].pop(key, None)
    return obj


def test_a_bag_on_a_local_cluster_equals_solve_many():
    lines = shared("sudoku/9x9/17clue-49158.txt").read_text().split()[:4000]
    want = [_untimed(r.to_json()) for r in gridsat.sudoku.solve_many(lines, threads=2)]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster):
        bag = dask_bag.from_sequence(lines, npartitions=8)
        got = [_untimed(o) for o in gridsat.dask.solve_bag(bag).compute()]
    assert got == want
    assert [o["puzzle"] for o in got] == list(range(1, 4001))
    for line, o in zip(lines[:100], got[:100]):
        grid = read_line_puzzle(o["solution"])
        assert o["status"] == "unique" and valid_sudoku(grid, read_line_puzzle(line))
