#!/usr/bin/env python3
"""Side-by-side figures of a gridsat CSV (bench/sokoban/run.py) and an anchor CSV
(level = position, solved, proven_optimal, pushes, moves, seconds): levels solved and
proven by each, the median time of the levels both prove and its ratio, the plans'
pushes and moves on the levels both solve (the median of gridsat's over the anchor's,
level by level), push counts against the best known (the gridsat CSV's
known_optimal_pushes column).

usage: bench/sokoban/compare.py GRIDSAT.csv ANCHOR.csv
"""
import csv, statistics, sys


def main():
    g = {int(r["position"]): r for r in csv.DictReader(open(sys.argv[1]))}
    a = {int(r["level"]): r for r in csv.DictReader(open(sys.argv[2]))}
    both = sorted(set(g) & set(a))
    gs = [p for p in both if g[p]["status"] == "solved"]
    gp = [p for p in both if g[p]["optimal"] != "no"]
    as_ = [p for p in both if a[p]["solved"] == "1"]
    ap = [p for p in both if a[p]["proven_optimal"] == "1"]
    print("levels: %d" % len(both))
    print("gridsat: %d solved, %d proven push-optimal; anchor: %d solved, %d proven" % (
        len(gs), len(gp), len(as_), len(ap)))
    common = sorted(set(gp) & set(ap))
    if common:
        tg = statistics.median(float(g[p]["seconds"]) for p in common)
        ta = statistics.median(float(a[p]["seconds"]) for p in common)
        print("both prove %d: median seconds gridsat %.3f, anchor %.3f, ratio %.2f" % (
            len(common), tg, ta, tg / ta if ta else float("nan")))
    for name, mine, theirs in (("gridsat only", gp, ap), ("anchor only", ap, gp)):
        only = sorted(set(mine) - set(theirs))
        print("proven by %s: %s" % (name, ",".join(g[p]["level"] for p in only) or "-"))
    solved_both = sorted(set(gs) & set(as_))
    if solved_both:
        ratio = {
            k: statistics.median(int(g[p][k]) / int(a[p][k]) for p in solved_both)
            for k in ("pushes", "moves")
        }
        print("both solve %d: median ratio gridsat / anchor, pushes %.3f, moves %.3f" % (
            len(solved_both), ratio["pushes"], ratio["moves"]))
    for name, mine, theirs in (("gridsat only", gs, as_), ("anchor only", as_, gs)):
        only = sorted(set(mine) - set(theirs))
        print("solved by %s: %s" % (name, ",".join(str(p) for p in only) or "-"))
    errors = [g[p]["level"] for p in both if str(g[p]["status"]).startswith("error")]
    print("gridsat runs that failed (a bug: exit code and message in the CSV): %s" % (
        ",".join(errors) or "none"))
    bad = [g[p]["level"] for p in both if g[p]["check"]]
    print("gridsat optima disagreeing with the known ones: %s" % (",".join(bad) or "none"))
    disagree = [g[p]["level"] for p in common if int(g[p]["pushes"]) != int(a[p]["pushes"])]
    print("proven push counts differing from the anchor's: %s" % (",".join(disagree) or "none"))
    excess, at_best, known = [], 0, 0
    for p in gs:
        k = g[p]["known_optimal_pushes"]
        if k in ("", "-"):
            continue
        known += 1
        d = int(g[p]["pushes"]) - int(k)
        at_best += d == 0
        excess.append(d)
    if known:
        print("gridsat plans vs best known pushes: %d of %d at the best known, mean excess %.1f, max %d"
              % (at_best, known, sum(excess) / known, max(excess)))
    aex = []
    for p in as_:
        k = g[p]["known_optimal_pushes"]
        if k not in ("", "-"):
            aex.append(int(a[p]["pushes"]) - int(k))
    if aex:
        print("anchor plans vs best known pushes: %d of %d at the best known, mean excess %.1f, max %d"
              % (sum(d == 0 for d in aex), len(aex), sum(aex) / len(aex), max(aex)))


if __name__ == "__main__":
    main()
