#!/usr/bin/env bash
# Issue 28, sparse and empty giants: wall time, peak RSS and verdict of `gridsat sudoku
# solve` on an empty 25×25, 49×49 and 100×100 and a 100×100 with 5% givens (made by
# make-giant.py, seed 1), release build, one thread, one run at a time.
#
#   bash bench/sudoku/giants.sh [GRIDSAT] [EXTRA FLAGS…]
#   bash bench/sudoku/giants.sh target/release/gridsat --sparse off   # the SAT path alone
#
# Target: each answered `multiple` with two verified solutions within 10 s, peak RSS
# ≤ 2 GB. Prints a Markdown table; note `uptime` beside it.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-target/release/gridsat}
shift || true
[ -x "$bin" ] || { echo "giants.sh: no binary at $bin (cargo build --release)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for n in 25 49 100; do
    python3 bench/sudoku/make-giant.py "$n" 0 1 > "$dir/empty-$n.txt"
done
python3 bench/sudoku/make-giant.py 100 0.05 1 > "$dir/given5-100.txt"
echo "load: $(uptime)"
echo
echo "| input | verdict | solutions printed | wall s | peak RSS MB |"
echo "|---|---|---|---|---|"
for f in empty-25 empty-49 empty-100 given5-100; do
    out="$dir/$f.out"
    /usr/bin/time -v "$bin" sudoku solve "$dir/$f.txt" --threads 1 --time-limit 30 "$@" \
        > "$out" 2> "$dir/$f.time" || true
    verdict=$(head -1 "$out" | sed -E 's/^puzzle 1: ([a-z]+).*/\1/')
    sols=$(tail -n +2 "$out" | grep -c . || true)
    wall=$(grep 'Elapsed (wall clock)' "$dir/$f.time" | awk '{print $NF}' |
        awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
    rss=$(grep 'Maximum resident set size' "$dir/$f.time" | awk '{printf "%.0f", $NF/1024}')
    echo "| $f | $verdict | $sols | $wall | $rss |"
done
