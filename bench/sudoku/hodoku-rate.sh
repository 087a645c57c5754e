#!/usr/bin/env bash
# Rates puzzles with HoDoKu 2.2 (batch solve, its default settings) and writes a TSV:
# puzzle, level, score, and the techniques of its path (distinct, in order of first
# use). HoDoKu is not part of gridsat: fetch alexdej/hodoku-py (it carries
# hodoku/hodoku.jar) outside this repository and point HODOKU_JAR at the jar.
#
# usage: HODOKU_JAR=/path/hodoku.jar bench/sudoku/hodoku-rate.sh PUZZLES > OUT.tsv
set -euo pipefail
jar=${HODOKU_JAR:?set HODOKU_JAR to HoDoKu 2.2s hodoku.jar}
file=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# HoDoKu reads arguments starting with / as options: give it a relative path.
cp "$file" "$work/puzzles.txt"
cd "$work"
java -Xmx1g -Djava.awt.headless=true -Djava.util.logging.config.file=/dev/null \
    -jar "$jar" /vp /o stdout /bs puzzles.txt > out.txt 2> err.txt
printf 'puzzle\tlevel\tscore\ttechniques\n'
awk '
    function flush() { if (p != "") printf "%s\t%s\t%s\t%s\n", p, lv, sc, ts }
    /^[.0-9]+ #[0-9]+ / {
        flush(); p = $1; lv = tolower($3); sc = $4; gsub(/[()]/, "", sc); ts = ""; delete seen; next
    }
    /^   / {
        t = $0; sub(/^ +/, "", t); sub(/:.*/, "", t); sub(/ in .*/, "", t); sub(/ =>.*/, "", t)
        if (!(t in seen)) { seen[t] = 1; ts = ts (ts == "" ? "" : ", ") t }
    }
    END { flush() }
' out.txt
