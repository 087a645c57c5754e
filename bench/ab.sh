#!/usr/bin/env bash
# Side by side: two gridsat binaries on the headline benchmarks, runs alternating
# (A, B, A, B, …) so that drift of a shared machine hits both alike. Prints a Markdown
# table of medians and the ratio B/A (times; > 1 means B is slower).
#
#   bench/ab.sh OLD_BINARY NEW_BINARY [RUNS]      (default 5 runs each)
#
# Needs ../shared/data. Sets: the 17-clue file (all 49,158), top1465 and hardest-1106
# (one thread, uniqueness proven), the 400×400 instance, and Microban 1-40 pushes
# (60 s per level, one level at a time: the sum of the levels' wall times).
set -euo pipefail
cd "$(dirname "$0")/.."
A=$1
B=$2
RUNS=${3:-5}
D=../shared/data
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

seconds() { # seconds CMD… : wall time of one run, output discarded
    local t0 t1
    t0=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}

microban() { # microban BIN : the summed wall time of levels 1-40
    local total=0 s
    for l in $(seq 1 40); do
        s=$(seconds "$1" sokoban solve "$D/sokoban/microban.xsb" --level "$l" --time-limit 60 --json)
        total=$(echo "$total + $s" | bc -l)
    done
    echo "$total"
}

run() { # run NAME BIN : one measurement of NAME
    case $1 in
        17clue) seconds "$2" sudoku solve "$D/sudoku/9x9/17clue-49158.txt" --threads 1 ;;
        top1465) seconds "$2" sudoku solve "$D/sudoku/9x9/top1465.txt" --threads 1 ;;
        hardest) seconds "$2" sudoku solve "$D/sudoku/9x9/hardest-1106.txt" --threads 1 ;;
        400x400) seconds "$2" sudoku solve "$D/sudoku/large/sudoku-400-1.txt" --threads 1 ;;
        microban) microban "$2" ;;
    esac
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "- A: $A, B: $B, $RUNS runs each, alternating"
echo
echo "| set | A median (s) | B median (s) | B/A |"
echo "|---|---:|---:|---:|"
for set in 17clue top1465 hardest 400x400 microban; do
    runs=$RUNS
    [ "$set" = microban ] && runs=$(( RUNS < 3 ? RUNS : 3 ))
    : > "$T/a"
    : > "$T/b"
    for _ in $(seq 1 "$runs"); do
        run "$set" "$A" >> "$T/a"
        run "$set" "$B" >> "$T/b"
    done
    ma=$(median < "$T/a")
    mb=$(median < "$T/b")
    printf '| %s | %.3f | %.3f | %.3f |\n' "$set" "$ma" "$mb" "$(echo "$mb / $ma" | bc -l)"
done
