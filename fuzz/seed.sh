#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with starting inputs: the repository's examples and a few
# forms of each input (the first byte of the Sudoku targets picks options, so their
# seeds start with a 0 byte). Run from anywhere; existing corpus files are kept.
set -euo pipefail
cd "$(dirname "$0")"
ex=../examples
seed() { # target name, then the content on stdin
    mkdir -p "corpus/$1"
    cat >"corpus/$1/seed-$2"
}
with_byte() { printf '\0'; cat "$@"; }
for f in "$ex"/sudoku/*.txt "$ex"/sudoku/*/*.txt; do
    name=$(basename "$(dirname "$f")")-$(basename "$f")
    size=$(wc -c <"$f")
    [ "$size" -le 4096 ] || continue
    with_byte "$f" | seed sudoku_parse "$name"
    with_byte "$f" | seed sudoku_variant "$name"
done
P9=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
with_byte <<<"$P9  a comment" | seed sudoku_parse line
with_byte <<<"[[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 0]]" | seed sudoku_parse list
with_byte <<<$'1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,\n' | seed sudoku_parse csv
with_byte <<<$'+-----+-----+\n| 1 . | . . |\n| . . | 1 . |\n+-----+-----+\n| . 3 | . . |\n| . . | . 4 |\n+-----+-----+\n' | seed sudoku_parse frame
with_byte <<<$'\xef\xbb\xbf 1  2  3  4\n 3  4  1  2\n 2  1  4  3\n 4  3  2  0\n' | seed sudoku_parse ints
with_byte <<<'{"givens": "1...............", "rules": ["diagonals"], "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}]}' | seed sudoku_parse json
with_byte <<<'{"box": "2x3", "symbols": "ABCDEF", "givens": "A...................................", "regions": ["111222","111222","333444","333444","555666","555666"]}' | seed sudoku_variant json
with_byte <<<$'rules: anti-knight x\nbox: 2x2\nsymbols: ABCD\ngivens:\nA . . .\n. . . .\n. . . .\n. . . B\nsolution:\nA B C D\nC D A B\nB A D C\nD C B A\n' | seed sudoku_variant text
for f in "$ex"/sokoban/*; do
    seed sokoban_parse "$(basename "$f")" <"$f"
done
printf '; 1\n5#|#@$.#|5#\n\nTitle: two\n#####\n#+*$.#\n#####\n' | seed sokoban_parse rle
for p in 'rRuLLd' 'R D R' ' u  l R d ' 'LURD' 'r,u'; do
    printf '%s' "$p" | seed plan_replay "$(printf '%s' "$p" | tr -c 'A-Za-z' _)"
done
printf 'p cnf 3 2\n1 -2 0\n2 3 0\n' | seed dimacs cnf
printf 's SATISFIABLE\nv 1 -2 3 0\n' | seed dimacs competition
printf 'SAT\n1 -2 3 0\n' | seed dimacs minisat
printf '[1, -2, 3]' | seed dimacs pysat
printf 'v 1 -2\nv 3 0\n' | seed dimacs vlines
# sudoku_decode: the first byte picks the puzzle and encoding (odd: flip a true model).
printf '\0v 1 2 3 0\n' | seed sudoku_decode assign
printf '\1v -1 0\n' | seed sudoku_decode flip
printf '\3[5, -7]' | seed sudoku_decode pylist
# sudoku_solve: shape, rule, options, backend, then (cell, value) pairs.
printf '\0\0\0\0\0\1\5\2\012\3\017\4' | seed sudoku_solve classic-4x4
printf '\1\1\1\1\0\1\7\2\3\3\xff\0\0\0' | seed sudoku_solve x-6x6-warm
printf '\2\5\6\7\0\1\1\2' | seed sudoku_solve nonconsecutive-6x6
echo "seeded: $(find corpus -type f | wc -l) files in $(ls corpus | wc -l) corpora"
# The certificate manifest reader: the blocks --certify writes, and hostile ones.
printf 'entry puzzle-1\nkind sudoku\nclaim sat\nrules classic\nbox 2x2\nsymbols numbers\npuzzle p.puzzle\nsolution p.solution\n' | seed certify_manifest sudoku-sat
printf 'entry puzzle-1\nkind sudoku\nclaim unique\nbox 2x2\nsymbols 1233\npuzzle p.puzzle\nsolution p.solution\ncnf p.cnf\nproof p.drat\n' | seed certify_manifest repeated-symbol
printf 'entry level-1\nkind sokoban\nclaim optimal 2\nlevel l.xsb\nplan l.plan\nhorizon 1\ncnf l.cnf\nproof l.drat\n' | seed certify_manifest sokoban-optimal
printf 'entry level-1\nkind sokoban\nclaim optimal 0\nlevel ../../etc/passwd\nplan /dev/zero\n' | seed certify_manifest outside
