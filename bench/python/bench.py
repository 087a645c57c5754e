#!/usr/bin/env python3
"""Side-by-side benchmarks of the Python package (issue 15), in one run:

* Python ``solve_many`` against the ``gridsat`` command line on the same file
  (``--json`` to /dev/null, the same objects Python gets), 1 and 2 threads;
* ``solve_many`` with 2 threads against 1 (the scaling target);
* one ``gridsat.sudoku.solve`` call per puzzle, and ``solve_many``, against the classic
  PySAT loop of ``../shared/baselines/pysat_sudoku.py`` (glucose3, uniqueness checked);
* ``gridsat.dask.solve_bag`` on a ``LocalCluster`` of 2 workers against ``solve_many``
  with 2 threads (cluster start-up not counted; reported apart);
* ``solve_columns`` (NumPy columns, no object per puzzle) with 1 and 2 threads against
  the command line, and ``gridsat.dask.solve_columns`` on ``puzzle_bag`` partitions,
  on a 2-worker and a 1-worker ``LocalCluster`` (per-worker throughput);
* with ``--before DIR`` (another build of the package, ``pip install --no-deps
  --target DIR WHEEL``): ``solve_many`` and ``solve_columns`` with 1 thread of that
  build and of the installed one, each in a fresh child process timing itself (the
  interpreter's start and imports not counted), side by side in every round.

The measurements are interleaved round by round, so that a change of load on the
machine falls on every contender; the medians are reported. Usage:

    flock /tmp/gridsat-bench.lock python bench/python/bench.py [--rounds 5] [--limit 2000]
"""
import argparse
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import time

import gridsat

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
FILE = SHARED / "data" / "sudoku" / "9x9" / "17clue-49158.txt"
CLI = ROOT / "target" / "release" / "gridsat"
BASELINE = SHARED / "baselines" / "pysat_sudoku.py"


def timed(f):
    t0 = time.perf_counter()
    out = f()
    return time.perf_counter() - t0, out


def cli(threads, path=FILE):
    with open(os.devnull, "w") as null:
        subprocess.run([str(CLI), "sudoku", "solve", str(path), "--json", "--threads", str(threads)],
                       stdout=null, check=False)


def py_many(threads, path=FILE):
    lines = path.read_text().split()
    n = 0
    for r in gridsat.sudoku.solve_many(lines, threads=threads):
        n += r.status == "unique"
    assert n == len(lines)
    return n


def py_cols(threads, path=FILE):
    cols = gridsat.sudoku.solve_columns(path.read_text().split(), threads=threads)
    assert cols.counts() == {"unique": len(cols)}
    return len(cols)


def py_loop(lines):
    n = 0
    for p in lines:
        n += gridsat.sudoku.solve(p).status == "unique"
    assert n == len(lines)


def count_unique(part):
    return [sum(r.status == "unique" for r in gridsat.sudoku.solve_many(list(part), threads=1))]


def baseline(limit):
    out = subprocess.run([sys.executable, str(BASELINE), str(FILE), "--limit", str(limit), "--unique", "--json"],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def run_dask_cols_prev(client, lines):
    """gridsat.dask.solve_columns's graph as it was before 2026-12-06 (issue 28): the
    bag of dask.bag.from_sequence (eight partitions and a remainder), a solve task per
    partition apart from the task making it, then the join (the workers run the
    installed package's solve and join)."""
    import dask.bag as db
    from dask.delayed import delayed
    from gridsat._columns import concat

    bag = db.from_sequence(lines, npartitions=8)
    parts = [delayed(gridsat.dask._columns_of)(p, threads=1) for p in bag.to_delayed()]
    cols = client.compute(delayed(concat)(parts)).result()
    assert cols.counts() == {"unique": len(lines)}


CHILD = {"many1": lambda: py_many(1), "cols1": lambda: py_cols(1)}


def child(what, package_dir=None):
    """Seconds of CHILD[what] in a fresh interpreter importing gridsat from
    package_dir (None: the installed package)."""
    env = dict(os.environ)
    if package_dir is not None:
        env["PYTHONPATH"] = str(package_dir) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, __file__, "--child", what], env=env,
                         capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--limit", type=int, default=2000, help="puzzles for the PySAT comparison")
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--no-pysat", action="store_true", help="skip the PySAT loop (slow)")
    ap.add_argument("--before", type=pathlib.Path, metavar="DIR",
                    help="another build of the package (pip install --target DIR), timed beside this one")
    ap.add_argument("--child", choices=sorted(CHILD), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        print(gridsat.__file__, file=sys.stderr)
        print(timed(CHILD[a.child])[0])
        return
    if not FILE.exists() or not CLI.exists():
        sys.exit(f"needs {FILE} and {CLI} (cargo build --release)")
    lines = FILE.read_text().split()
    head = lines[: a.limit]
    head_file = pathlib.Path("/tmp/gridsat-bench-head.txt")
    head_file.write_text("\n".join(head) + "\n")
    load0 = os.getloadavg()
    t: dict = {k: [] for k in ("cli1", "py1", "cols1", "cli2", "py2", "cols2", "loop", "many1_head",
                               "pysat", "dask", "dask_count", "dask_cols", "dask_cols_1w",
                               "py1_child", "py1_before", "cols1_child", "cols1_before",
                               "dask_cols_prev", "dask_cols_prev_1w")}
    client = cluster = cluster1 = client1 = None
    dask_start = None
    if not a.no_dask:
        import dask.bag as db
        from distributed import Client, LocalCluster

        dask_start, (cluster, client) = timed(lambda: (lambda c: (c, Client(c)))(
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)))
        cluster1 = LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None)
        client1 = Client(cluster1, set_as_default=False)
    for k in range(a.rounds):
        t["cli1"].append(timed(lambda: cli(1))[0])
        t["py1"].append(timed(lambda: py_many(1))[0])
        t["cols1"].append(timed(lambda: py_cols(1))[0])
        t["cli2"].append(timed(lambda: cli(2))[0])
        t["py2"].append(timed(lambda: py_many(2))[0])
        t["cols2"].append(timed(lambda: py_cols(2))[0])
        t["loop"].append(timed(lambda: py_loop(head))[0])
        t["many1_head"].append(timed(lambda: py_many(1, head_file))[0])
        if a.before is not None:
            t["py1_child"].append(child("many1"))
            t["py1_before"].append(child("many1", a.before))
            t["cols1_child"].append(child("cols1"))
            t["cols1_before"].append(child("cols1", a.before))
        if not a.no_pysat:
            t["pysat"].append(baseline(a.limit)["median_wall_s"])
        if client is not None:
            def run_dask():
                bag = db.from_sequence(lines, npartitions=8)
                out = gridsat.dask.solve_bag(bag).compute()
                assert len(out) == len(lines) and all(o["status"] == "unique" for o in out)
            t["dask"].append(timed(run_dask)[0])

            def run_dask_count():
                # The same solves on the workers, only a count back: what Dask's moving
                # of 49,158 result objects costs, apart from the solving.
                bag = db.from_sequence(lines, npartitions=8)
                out = bag.map_partitions(count_unique).compute()
                assert sum(out) == len(lines)
            t["dask_count"].append(timed(run_dask_count)[0])

            def run_dask_cols(c):
                # The same partitions (puzzle_bag: four per thread of the 2-worker
                # client, the default one) on either cluster.
                bag = gridsat.dask.puzzle_bag(lines)
                cols = c.compute(gridsat.dask.solve_columns(bag)).result()
                assert cols.counts() == {"unique": len(lines)}
            t["dask_cols"].append(timed(lambda: run_dask_cols(client))[0])
            t["dask_cols_1w"].append(timed(lambda: run_dask_cols(client1))[0])
            if a.before is not None:
                t["dask_cols_prev"].append(timed(lambda: run_dask_cols_prev(client, lines))[0])
                t["dask_cols_prev_1w"].append(timed(lambda: run_dask_cols_prev(client1, lines))[0])
        print(f"round {k + 1}: " + ", ".join(f"{n} {v[-1]:.3f}s" for n, v in t.items() if v), file=sys.stderr)
    if client is not None:
        client.close()
        cluster.close()
        client1.close()
        cluster1.close()
    load1 = os.getloadavg()
    med = {k: statistics.median(v) for k, v in t.items() if v}
    n = len(lines)
    res = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.platform()}",
        "python": platform.python_version(),
        "load_before": [round(x, 2) for x in load0],
        "load_after": [round(x, 2) for x in load1],
        "rounds": a.rounds,
        "puzzles": n,
        "pysat_puzzles": len(head),
        "median_s": {k: round(v, 3) for k, v in med.items()},
        "all_s": {k: [round(x, 3) for x in v] for k, v in t.items() if v},
        "overhead_vs_cli_1_thread": round(med["py1"] / med["cli1"] - 1, 4),
        "overhead_vs_cli_2_threads": round(med["py2"] / med["cli2"] - 1, 4),
        "scaling_2_vs_1_threads": round(med["py1"] / med["py2"], 3),
        "columns_overhead_vs_cli_1_thread": round(med["cols1"] / med["cli1"] - 1, 4),
        "columns_overhead_vs_cli_2_threads": round(med["cols2"] / med["cli2"] - 1, 4),
    }
    if "py1_before" in med:
        res["before_package"] = str(a.before)
        res["child_overhead_vs_cli_1_thread"] = round(med["py1_child"] / med["cli1"] - 1, 4)
        res["before_overhead_vs_cli_1_thread"] = round(med["py1_before"] / med["cli1"] - 1, 4)
        res["child_columns_overhead_vs_cli_1_thread"] = round(med["cols1_child"] / med["cli1"] - 1, 4)
        res["before_columns_overhead_vs_cli_1_thread"] = round(med["cols1_before"] / med["cli1"] - 1, 4)
    if "pysat" in med:
        res["speedup_solve_loop_vs_pysat"] = round(med["pysat"] / med["loop"], 1)
        res["speedup_solve_many_1_vs_pysat"] = round(med["pysat"] / med["many1_head"], 1)
    if "dask" in med:
        res["dask_cluster_start_s"] = round(dask_start, 2)
        res["dask_vs_solve_many_2"] = round(med["dask"] / med["py2"], 3)
        res["dask_count_vs_solve_many_2"] = round(med["dask_count"] / med["py2"], 3)
        # Throughput ratios (≥ 0.8 is the target): solve_many's time over Dask's.
        res["dask_columns_throughput_vs_solve_many_2"] = round(med["py2"] / med["dask_cols"], 3)
        res["dask_columns_per_worker_2_vs_1"] = round(med["dask_cols_1w"] / (2 * med["dask_cols"]), 3)
    if "dask_cols_prev" in med:
        res["dask_columns_prev_throughput_vs_solve_many_2"] = round(med["py2"] / med["dask_cols_prev"], 3)
        res["dask_columns_prev_per_worker_2_vs_1"] = round(
            med["dask_cols_prev_1w"] / (2 * med["dask_cols_prev"]), 3)
    print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
