#!/usr/bin/env bash
# Prints one line per formula: a SHA-256 of the DIMACS that `gridsat ... encode` writes,
# and the command that wrote it. The set is fixed so that a refactoring can show that
# every formula stayed byte-identical:
#
#   bench/dimacs-hashes.sh target/release/gridsat > /tmp/after.txt
#   diff bench/dimacs-hashes.txt /tmp/after.txt
#
# The set: every puzzle of every bundled Sudoku example (default encoding), every
# encoding × at-most-one choice (and the reduced encoding's presolve levels) on three
# Sudoku, every bundled Sokoban level at two horizons in both encodings, and Microban
# 1-10 at two horizons in both encodings (Microban needs ../shared; skipped without).
set -euo pipefail
bin=${1:-target/release/gridsat}
cd "$(dirname "$0")/.."
shared=../shared/data/sokoban/microban.xsb

emit() {
    local out
    if out=$("$bin" "$@" 2>/dev/null); then
        printf '%s  %s\n' "$(printf '%s' "$out" | sha256sum | cut -c1-16)" "$*"
    else
        printf '%s  %s\n' "exit-$?" "$*"
    fi
}

puzzles_in() {
    # Counts the puzzles `solve` finds in a file (one output line per puzzle).
    "$bin" sudoku solve --json "$@" 2>/dev/null | grep -c '"puzzle"' || true
}

for f in examples/sudoku/*.txt examples/sudoku/*/*.txt; do
    extra=()
    case "$f" in *shapes*) extra=(--symbols '▲●■★') ;; esac
    n=$(puzzles_in "$f" "${extra[@]}")
    for ((k = 1; k <= n; k++)); do
        emit sudoku encode "$f" --index "$k" "${extra[@]}"
    done
done

for f in examples/sudoku/4x4.txt examples/sudoku/6x6.txt examples/sudoku/9x9.txt; do
    for e in minimal efficient extended reduced; do
        for a in pairwise sequential commander product bimander; do
            emit sudoku encode "$f" --encoding "$e" --amo "$a"
        done
    done
    for p in off singles probe; do
        emit sudoku encode "$f" --encoding reduced --presolve "$p"
    done
    emit sudoku encode "$f" --readable-ids
    emit sudoku encode "$f" --no-names
done
emit sudoku encode examples/sudoku/variants/killer.txt --cages sums

for f in examples/sokoban/*; do
    for o in pushes moves; do
        for h in 3 8; do
            emit sokoban encode "$f" --level 1 --optimize "$o" --horizon "$h"
        done
    done
done

if [ -f "$shared" ]; then
    for l in 1 2 3 4 5 6 7 8 9 10; do
        for o in pushes moves; do
            for h in 4 12; do
                emit sokoban encode "$shared" --level "$l" --optimize "$o" --horizon "$h"
            done
        done
    done
fi
