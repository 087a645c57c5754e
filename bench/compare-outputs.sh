#!/usr/bin/env bash
# Runs a fixed list of gridsat commands on examples/ with two binaries and compares
# their stdout and exit codes, ignoring only timing fields (`[0.04 ms]`, `"time_ms":…`,
# `"seconds":…`, `"elapsed…":…`).
#
#   bench/compare-outputs.sh BEFORE AFTER     e.g. /work/main/target/debug/gridsat target/debug/gridsat
#
# Run from the repository root. Prints one line per differing command and a final
# count; exits 1 when any output differs.
set -u
if [ $# -ne 2 ]; then
    echo "usage: bench/compare-outputs.sh BEFORE AFTER (two gridsat binaries)" >&2
    exit 2
fi
before=$1 after=$2
for b in "$before" "$after"; do
    [ -x "$b" ] || { echo "compare-outputs: $b is not an executable" >&2; exit 2; }
done
S=examples/sudoku K=examples/sokoban
commands=(
    "sudoku solve $S/4x4.txt"
    "sudoku solve $S/9x9.txt"
    "sudoku solve $S/9x9.txt --json"
    "sudoku solve $S/4x4.txt $S/6x6.txt $S/9x9.txt $S/16x16.txt $S/25x25.txt"
    "sudoku solve $S/4x4.txt $S/6x6.txt $S/9x9.txt $S/16x16.txt --json --threads 1"
    "sudoku solve $S/9x9.txt --threads 2 --format grid"
    "sudoku solve $S/9x9.txt --count 5 --json"
    "sudoku solve $S/9x9.txt --first"
    "sudoku solve $S/broken/contradiction.txt"
    "sudoku solve $S/broken/contradiction.txt --json"
    "sudoku solve $S/broken/two-solutions.txt --count 3"
    "sudoku solve $S/shapes/4x4-shapes.txt"
    "sudoku solve $S/variants/sudoku-x.txt $S/variants/windoku.txt $S/variants/jigsaw.txt $S/variants/killer.txt --json"
    "sudoku solve $S/variants/anti-king.txt $S/variants/anti-knight.txt $S/variants/non-consecutive.txt"
    "sudoku solve $S/sparse/25x25-thinned.txt --threads 2"
    "sudoku solve $S/9x9.txt --encoding minimal --amo sequential --presolve off --json"
    "sudoku solve $S/9x9.txt --time-limit 0 --json"
    "sudoku solve no-such-file.txt"
    "sudoku solve README.md"
    "sudoku solve $S/9x9.txt --certify /dev/null/x"
    "sudoku generate --seed 7"
    "sudoku generate --seed 7 --count 6 --threads 2"
    "sudoku generate --seed 7 --count 6 --threads 1 --json"
    "sudoku generate --seed 11 --count 3 --size 4 --with-solution"
    "sudoku generate --seed 11 --count 2 --size 6 --symmetry rot180 --json"
    "sudoku generate --seed 5 --count 2 --clues 30 --format grid"
    "sudoku generate --seed 5 --count 2 --jigsaw --json"
    "sudoku generate --seed 5 --count 2 --killer"
    "sudoku generate --seed 5 --count 2 --difficulty medium"
    "sudoku generate --seed 5 --count 2 --size 16 --no-search --threads 2"
    "sudoku generate --seed 5 --count 2 --hitting-set"
    "sudoku generate --seed 5 --count 2 --format svg"
    "sudoku generate --seed 5 --count 3 --time-limit 0"
    "sudoku generate --seed 5 --template $S/variants/windoku.txt --json"
    "sudoku generate --size 7"
    "sudoku hint $S/9x9.txt"
    "sudoku hint $S/9x9.txt --json"
    "sudoku hint $S/broken/contradiction.txt"
    "sudoku candidates $S/9x9.txt"
    "sudoku candidates $S/4x4.txt --json --reasoning probe"
    "sudoku explain $S/4x4.txt"
    "sudoku explain $S/9x9.txt --json"
    "sudoku explain $S/broken/contradiction.txt"
    "sudoku explain $S/6x6.txt --format line"
    "sudoku rate $S/9x9.txt"
    "sudoku rate $S/9x9.txt $S/16x16.txt --json"
    "sudoku encode $S/9x9.txt"
    "sudoku encode $S/4x4.txt --encoding extended --amo commander"
    "sudoku encode $S/variants/killer.txt"
    "sokoban solve $K/tiny.xsb"
    "sokoban solve $K/tiny.xsb --json"
    "sokoban solve $K/two-boxes.txt $K/corner.txt $K/corridor.txt"
    "sokoban solve $K/unsolvable.txt --json"
    "sokoban solve $K/too-few-moves.txt"
    "sokoban solve $K/extra-goals.txt --json"
    "sokoban encode $K/tiny.xsb --level 1 --horizon 3"
)
# Timing fields vary from run to run; everything else must be equal.
normalise() {
    sed -E -e 's/\[[0-9.]+ (ms|s|µs)\]/[T]/g' \
        -e 's/"([a-z_]*(time|_ms|seconds|secs|elapsed)[a-z_]*)":[0-9.eE+-]+/"\1":T/g' \
        -e 's/(took|in) [0-9.]+ (ms|s)/\1 T/g'
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
same=0 differ=0
for c in "${commands[@]}"; do
    # shellcheck disable=SC2086
    "$before" $c </dev/null 2>/dev/null | normalise >"$tmp/a"; ea=${PIPESTATUS[0]}
    # shellcheck disable=SC2086
    "$after" $c </dev/null 2>/dev/null | normalise >"$tmp/b"; eb=${PIPESTATUS[0]}
    if [ "$ea" = "$eb" ] && cmp -s "$tmp/a" "$tmp/b"; then
        same=$((same + 1))
    else
        differ=$((differ + 1))
        echo "DIFFERS (exit $ea vs $eb): gridsat $c"
        diff "$tmp/a" "$tmp/b" | head -5
    fi
done
echo "compare-outputs: $same of ${#commands[@]} identical, $differ differ"
[ "$differ" -eq 0 ]
