#!/usr/bin/env bash
# One side-by-side sweep: gridsat (bench/sokoban/run.py, one level at a time) and an
# anchor solver (one level at a time) run at once, one core each, under the bench lock,
# then bench/sokoban/compare.py prints the figures of BENCHMARKS.md.
#
# usage: ANCHOR=/path/to/run_yass.sh bench/sokoban/side_by_side.sh FILE RANGE SECONDS NAME [-- solve args]
#   ANCHOR is a driver built OUTSIDE this repository (see BENCHMARKS.md, "Anchors"):
#   `$ANCHOR FILE RANGE SECONDS > out.csv`, CSV level,solved,proven_optimal,pushes,moves,seconds
#   with level = the 1-based position of the board in FILE. Nothing of it is committed here.
# Writes bench/sokoban/NAME-gridsat.csv, NAME-anchor.csv and NAME-compare.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
file=$1 range=$2 secs=$3 name=$4
shift 4
[ "${1:-}" = "--" ] && shift
: "${ANCHOR:?set ANCHOR to an anchor driver built outside the repository}"
out=bench/sokoban/$name
# Same priority for both (the /work/anchors drivers would otherwise nice themselves).
export ANCHOR_NICE=${ANCHOR_NICE:-0}
exec 9>>/tmp/gridsat-bench.lock
flock 9
export GRIDSAT_BENCH_LOCK_HELD=1
echo "start $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)" > "$out-compare.txt"
"$ANCHOR" "$file" "$range" "$secs" > "$out-anchor.csv" 2> "$out-anchor.log" &
anchor=$!
python3 bench/sokoban/run.py "$file" "$out-gridsat.csv" --jobs 1 --time-limit "$secs" \
    --levels "$range" -- "$@" 2> "$out-gridsat.log"
wait "$anchor"
echo "end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out-compare.txt"
python3 bench/sokoban/compare.py "$out-gridsat.csv" "$out-anchor.csv" >> "$out-compare.txt"
cat "$out-compare.txt"
