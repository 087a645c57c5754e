#!/usr/bin/env bash
# Issue 26: wall time of `gridsat sudoku check-encoding` on 9×9 pairwise encodings with
# 100*r+10*c+d variables: the full one and the ones with one family left out (box,
# row, column at-most-one, cell at-least-one). Target: a 9×9 check within 1 s.
#
#   bash bench/teach/check-encoding.sh [GRIDSAT] [RUNS]      # default target/release/gridsat, 5
#
# Prints a Markdown table of the median of RUNS runs per encoding; note `uptime` beside it.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-target/release/gridsat}
runs=${2:-5}
[ -x "$bin" ] || { echo "check-encoding.sh: no binary at $bin (cargo build --release)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY'
import sys
R = range(1, 10)
v = lambda r, c, d: 100 * r + 10 * c + d
def encoding(skip):
    cl = []
    for r in R:
        for c in R:
            if skip != "cell-alo":
                cl.append([v(r, c, d) for d in R])
            cl += [[-v(r, c, d), -v(r, c, e)] for d in R for e in R if d < e]
    boxes = [[(b // 3 * 3 + t // 3 + 1, b % 3 * 3 + t % 3 + 1) for t in range(9)] for b in range(9)]
    houses = {"row": [[(k, i) for i in R] for k in R], "column": [[(i, k) for i in R] for k in R],
              "box": boxes}
    for kind, hs in houses.items():
        if kind == skip:
            continue
        for cells in hs:
            for d in R:
                cl += [[-v(*cells[i], d), -v(*cells[j], d)] for i in range(9) for j in range(i + 1, 9)]
    return cl
for skip in ["none", "box", "row", "column", "cell-alo"]:
    cl = encoding(skip)
    with open(f"{sys.argv[1]}/{skip}.cnf", "w") as f:
        f.write(f"p cnf 999 {len(cl)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in cl))
PY
echo "load: $(uptime)"
echo
echo "| left out | exit | median wall s | runs |"
echo "|---|---|---|---|"
for skip in none box row column cell-alo; do
    times=()
    for _ in $(seq "$runs"); do
        start=$EPOCHREALTIME
        code=0
        "$bin" sudoku check-encoding "$dir/$skip.cnf" --ids '100*r+10*c+d' > /dev/null || code=$?
        times+=("$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')")
    done
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    printf '| %s | %s | %.2f | %s |\n' "$skip" "$code" "$median" "$runs"
done
