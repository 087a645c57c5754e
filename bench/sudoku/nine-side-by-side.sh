#!/usr/bin/env bash
# 9×9 throughput side by side, interleaved round by round (issue 28): two gridsat
# binaries on the shared files, one thread, uniqueness proven, and optionally tdoku's
# own benchmark program (its solver and its four MiniSat encodings), built by you
# outside this repository.
#
#   bench/sudoku/nine-side-by-side.sh BEFORE AFTER [RUN_BENCHMARK] [ROUNDS]
#
# Prints one TSV line per measurement: round, file, contender, wall seconds, user
# seconds, puzzles per second (gridsat: end to end, wall; tdoku: its own figure, the
# solver alone on puzzles in memory), then the medians per file and contender.
set -u
if [ $# -lt 2 ]; then
    echo "usage: bench/sudoku/nine-side-by-side.sh BEFORE AFTER [RUN_BENCHMARK] [ROUNDS]" >&2
    exit 2
fi
before=$1 after=$2 tdoku=${3:-} rounds=${4:-5}
data=${DATA:-../shared/data/sudoku/9x9}
files=(17clue-49158 top1465 hardest-1106)
solvers=minisat_minimal,minisat_natural,minisat_complete,minisat_augmented,tdoku
out=$(mktemp)
for k in $(seq "$rounds"); do
    for f in "${files[@]}"; do
        path=$data/$f.txt
        n=$(grep -c . "$path")
        for who in before after; do
            bin=$before
            [ "$who" = after ] && bin=$after
            t=$( { /usr/bin/time -f '%e %U' "$bin" sudoku solve "$path" --threads 1 >/dev/null; } 2>&1 | tail -1)
            read -r wall user <<<"$t"
            echo -e "$k\t$f\t$who\t$wall\t$user\t$(python3 -c "print(round($n / $wall))")" | tee -a "$out"
        done
        if [ -n "$tdoku" ]; then
            "$tdoku" -n "$n" -t 2 -w 1 -s "$solvers" "$path" 2>/dev/null |
                awk -F'|' -v k="$k" -v f="$f" '$2 ~ /^(minisat|tdoku)/ {split($2, a, " "); gsub(/ /, "", $3); printf "%s\t%s\t%s\t-\t-\t%d\n", k, f, a[1], $3}' |
                tee -a "$out"
        fi
    done
done
echo "# medians: file, contender, puzzles/s (and wall s, user s for gridsat)"
python3 - "$out" <<'EOF'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
keys = sorted({(r[1], r[2]) for r in rows})
for f, c in keys:
    rs = [r for r in rows if (r[1], r[2]) == (f, c)]
    rate = statistics.median(float(r[5]) for r in rs)
    extra = ""
    if rs[0][3] != "-":
        extra = "\twall %.3f\tuser %.3f" % (statistics.median(float(r[3]) for r in rs),
                                            statistics.median(float(r[4]) for r in rs))
    print(f"{f}\t{c}\t{rate:.0f}/s{extra}")
EOF
rm -f "$out"
