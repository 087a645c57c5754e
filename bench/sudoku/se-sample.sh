#!/usr/bin/env bash
# The side-by-side sample for the Sudoku Explainer calibration (issue 25): 100 puzzles
# of every band, taken at a fixed stride (no randomness) from the shared 9x9 sets:
# 35 from 17clue-49158 (SE ~1-4), 50 from top1465 (SE ~2-9), 15 from hardest-1106 (SE 9+).
# Usage: bench/sudoku/se-sample.sh [DATA_DIR] > bench/sudoku/se-sample.txt
set -euo pipefail
data=${1:-../shared/data/sudoku/9x9}
take() { awk -v n="$2" -v total="$(wc -l < "$1")" 'BEGIN { s = int(total / n) } (NR - 1) % s == 0 && k < n { print; k++ }' "$1"; }
take "$data/17clue-49158.txt" 35
take "$data/top1465.txt" 50
take "$data/hardest-1106.txt" 15
