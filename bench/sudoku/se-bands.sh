#!/usr/bin/env bash
# generate --se to a band, side by side with Sudoku Explainer (issue 25 target: >= 90% of
# the puzzles made rate inside the band by SE, bands 2 to 9). For each band, makes COUNT
# puzzles on one thread (wall time per band), then rates them with SE's batch rater
# (se-rate.sh, 60 s each; SE built outside the repository, see docs/guide/techniques.md).
# Prints TSV: band, puzzle, gridsat ER, SE ER, inside (1/0); a summary per band on stderr.
#
# BAND_TIME_LIMIT (default 900 s) bounds the making of each band.
#
# usage: SE_CLASSES=/work/peers/se-build bench/sudoku/se-bands.sh GRIDSAT [COUNT] [SEED] [BANDS…]
set -euo pipefail
bin=$1
count=${2:-5}
seed=${3:-1}
shift $(( $# < 3 ? $# : 3 ))
bands=("$@")
[ ${#bands[@]} -gt 0 ] || bands=(2.0-3.0 3.0-4.0 4.0-5.0 5.0-6.0 6.0-7.0 7.0-8.0 8.0-9.0)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'band\tpuzzle\tgridsat_er\tse_er\tinside\n'
for band in "${bands[@]}"; do
  lo=${band%-*} hi=${band#*-}
  start=$(date +%s.%N)
  "$bin" sudoku generate --se "$band" --count "$count" --seed "$seed" --threads 1 \
      --max-attempts 100000 --time-limit "${BAND_TIME_LIMIT:-900}" --json > "$work/made.json" || true
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  python3 -c '
import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    if "givens" in o and o.get("status", "unique") == "unique":
        print(o["givens"], o["rating"]["se"]["er"])
' "$work/made.json" > "$work/made.txt"
  cut -d' ' -f1 "$work/made.txt" > "$work/puzzles.txt"
  "$here/se-rate.sh" "$work/puzzles.txt" | tail -n +2 > "$work/se.tsv"
  paste -d' ' "$work/made.txt" <(cut -f2 "$work/se.tsv") | awk -v b="$band" -v lo="$lo" -v hi="$hi" \
    '{ in_ = ($3 >= lo && $3 <= hi) ? 1 : 0; printf "%s\t%s\t%s\t%s\t%d\n", b, $1, $2, $3, in_ }' \
    | tee "$work/rows.tsv"
  made=$(wc -l < "$work/rows.tsv")
  inside=$(awk -F'\t' '{ s += $5 } END { print s + 0 }' "$work/rows.tsv")
  printf '%s: %s made in %.1f s (one thread), %s inside by SE\n' "$band" "$made" "$secs" "$inside" >&2
done
