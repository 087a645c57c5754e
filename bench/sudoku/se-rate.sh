#!/usr/bin/env bash
# Rates each puzzle of a sample with Sudoku Explainer's batch rater, built outside the
# repository (see docs/guide/techniques.md): one JVM per puzzle, 60 s each.
# Prints TSV: puzzle, ER, EP, ED, the hardest technique, the first step's technique
# (ER 0 and "timeout" when SE did not finish).
# Usage: SE_CLASSES=/work/peers/se-build bench/sudoku/se-rate.sh SAMPLE > OUT.tsv
set -euo pipefail
classes=${SE_CLASSES:?set SE_CLASSES to the folder of the compiled SukakuExplainer classes}
printf 'puzzle\ter\tep\ted\thardest\tfirst\n'
while read -r p; do
  [ -z "$p" ] && continue
  echo "$p" > "${TMPDIR:-/tmp}/se-one.txt"
  out=$(timeout 60 java -cp "$classes" diuf.sudoku.test.serate --format='%r	%p	%d	%R	%D' \
        --input="${TMPDIR:-/tmp}/se-one.txt" 2>/dev/null || true)
  if [ -z "$out" ]; then out=$'0\t0\t0\ttimeout\ttimeout'; fi
  printf '%s\t%s\n' "$p" "$out"
done < "$1"
