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


def test_a_puzzle_bag_keeps_every_puzzle_in_even_partitions():
    lines = shared("sudoku/9x9/17clue-49158.txt").read_text().split()[:1003]
    bag = gridsat.dask.puzzle_bag(lines, partitions=4)
    parts = [p.compute() for p in bag.to_delayed()]
    assert [len(p) for p in parts] == [250, 251, 251, 251]
    assert sum(parts, []) == lines and bag.compute(scheduler="sync") == lines
    # Puzzles that are not all str (a grid), or a str holding the NUL that joins a
    # partition in transit, are bagged as they are.
    grid = read_line_puzzle(lines[0])
    odd = [lines[1], grid, lines[2] + "\0"]
    assert gridsat.dask.puzzle_bag(odd, partitions=2).compute(scheduler="sync") == odd
    nul = ["a\0b", "c"]
    assert gridsat.dask.puzzle_bag(nul, partitions=1).compute(scheduler="sync") == nul
    assert gridsat.dask.puzzle_bag([], partitions=3).compute(scheduler="sync") == []


def test_solve_columns_runs_one_task_a_partition_and_one_join():
    lines = shared("sudoku/9x9/17clue-49158.txt").read_text().split()[:600]
    want = gridsat.sudoku.solve_columns(lines, threads=1)
    for bag in (gridsat.dask.puzzle_bag(lines, partitions=3),
                dask_bag.from_sequence(lines, npartitions=3)):
        delayed = gridsat.dask.solve_columns(bag)
        if bag.name.startswith("gridsat_sudoku-"):
            # puzzle_bag's split is fused into the solve, under the solve's name.
            assert len(dict(delayed.__dask_graph__())) == 3 + 1
        got = delayed.compute(scheduler="sync")
        assert got.statuses() == want.statuses() and (got.solution == want.solution).all()


def test_levels_go_one_a_task_and_come_back_as_sokoban_solve_gives_them():
    from conftest import EXAMPLES

    text = (EXAMPLES / "sokoban" / "tiny.xsb").read_text()
    levels = gridsat.sokoban.parse(text, file="tiny.xsb")
    levels += gridsat.sokoban.parse((EXAMPLES / "sokoban" / "corridor.txt").read_text())
    want = [_untimed(gridsat.sokoban.solve(lv).to_json()) for lv in levels]
    bag = gridsat.dask.level_bag(levels + [str(levels[1])])
    assert bag.npartitions == len(levels) + 1
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster):
        got = [_untimed(o) for o in gridsat.dask.solve_levels(bag).compute()]
    # A level given as a text is titled as its text says (here: by its number, 1).
    untitled = gridsat.sokoban.parse(str(levels[1]))[0].title
    assert [o["level"] for o in got] == [lv.title for lv in levels] + [untitled]
    assert [o["number"] for o in got[:-1]] == [lv.number for lv in levels]
    for o, w in zip(got, want + [want[1]]):
        for key in ("status", "pushes", "moves", "optimal"):
            assert o[key] == w[key], (o, w)
    # Every plan replays to solved by the independent simulator; the course level kept
    # its move bound on the way.
    for o, lv in zip(got, levels):
        assert o["status"] == "solved" and gridsat.sokoban.verify(lv, o["plan"]).solved
    assert levels[-1].max_moves is not None and len(got[-2]["plan"]) <= levels[-1].max_moves
    with pytest.raises(ValueError):
        gridsat.dask.level_bag([text])
