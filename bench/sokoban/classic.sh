#!/usr/bin/env bash
# Runs `gridsat sokoban solve` over a level file one level at a time, each with a
# per-level limit, and writes a TSV: level, status, pushes, moves, seconds (wall),
# peak RSS (KiB, from /usr/bin/time), and what the plan is proven optimal in (pushes,
# or empty).
#
# usage: bench/sokoban/classic.sh FILE SECONDS OUT.tsv [RANGE] [-- solve args]
#   RANGE: 1-based positions, e.g. 1-90 or 3,7,10-12 (default: every level)
#   e.g.   bench/sokoban/classic.sh ../shared/data/sokoban/xsokoban.xsb 20 \
#              bench/sokoban/results/xsokoban-20s-base.tsv 1-90 -- --any
# GRIDSAT_BIN overrides the binary (default target/release/gridsat).
set -euo pipefail
cd "$(dirname "$0")/../.."
file=$1 secs=$2 out=$3
shift 3
range=""
if [ $# -gt 0 ] && [ "$1" != "--" ]; then range=$1; shift; fi
[ "${1:-}" = "--" ] && shift
bin=${GRIDSAT_BIN:-target/release/gridsat}
# The number of levels: one JSON line per level with a zero push cap (fast).
count=$("$bin" sokoban solve "$file" --level all --max-pushes 0 --json 2>/dev/null | grep -c '"level"' || true)
positions() {
    if [ -z "$range" ]; then seq 1 "$count"; return; fi
    local part
    for part in ${range//,/ }; do
        if [[ $part == *-* ]]; then seq "${part%-*}" "${part#*-}"; else echo "$part"; fi
    done
}
field() { # the JSON value of key $1 in $2 (numbers and strings only)
    sed -n "s/.*\"$1\":\"\{0,1\}\([^,\"}]*\).*/\1/p" <<<"$2" | head -n1 | sed 's/^null$//'
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
    echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD) load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "# $bin sokoban solve $file --time-limit $secs $*"
    printf 'level\tstatus\tpushes\tmoves\tseconds\tpeak_rss_kib\toptimal\n'
} > "$out"
for pos in $(positions); do
    start=$(date +%s.%N)
    json=$(/usr/bin/time -f '%M' -o "$tmp" "$bin" sokoban solve "$file" --level "$pos" --json \
        --time-limit "$secs" "$@" 2>/dev/null || true)
    end=$(date +%s.%N)
    status=$(field status "$json")
    printf '%s\t%s\t%s\t%s\t%.2f\t%s\t%s\n' "$pos" "${status:-error}" "$(field pushes "$json")" \
        "$(field moves "$json")" "$(echo "$end - $start" | bc)" "$(tail -n1 "$tmp")" \
        "$(field optimal "$json")" >> "$out"
done
solved=$(awk -F'\t' '!/^#/ && $2 == "solved"' "$out" | wc -l)
proven=$(awk -F'\t' '!/^#/ && $2 == "solved" && $7 == "pushes"' "$out" | wc -l)
echo "# solved $solved (proven push-optimal $proven) of $(grep -vc '^#\|^level' "$out"); end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out"
tail -n1 "$out"
