#!/usr/bin/env bash
# Reproduces every Sokoban CSV in bench/sokoban/ (see BENCHMARKS.md, section Sokoban).
# Two levels run in parallel (one per core); each level has its own time limit.
# Usage: bench/sokoban/run_all.sh [STEP ...]   (default: all steps, in this order)
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release
D=../shared/data/sokoban
R="python3 bench/sokoban/run.py"
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(mb-push bb-push mb-moves bb-moves bbh-push ablation xs-push)
for s in "${steps[@]}"; do
  case $s in
    mb-push)  $R $D/microban.xsb bench/sokoban/microban-pushes.csv --optimize pushes --time-limit 60 ;;
    bb-push)  $R $D/boxoban-unfiltered-test-000.txt bench/sokoban/boxoban-unfiltered-pushes.csv --optimize pushes --time-limit 60 ;;
    mb-moves) $R $D/microban.xsb bench/sokoban/microban-moves.csv --optimize moves --time-limit 60 ;;
    bb-moves) $R $D/boxoban-unfiltered-test-000.txt bench/sokoban/boxoban-unfiltered-moves.csv --optimize moves --time-limit 60 ;;
    bbh-push) $R $D/boxoban-hard-000.txt bench/sokoban/boxoban-hard-pushes.csv --optimize pushes --time-limit 60 ;;
    ablation)
      for f in parity symmetry undo dead-squares distance freeze goal-reach waste pairs; do
        $R $D/microban.xsb bench/sokoban/ablation-no-$f.csv --optimize pushes --time-limit 60 -- --no-prune $f
      done
      $R $D/microban.xsb bench/sokoban/ablation-cadical-default.csv --optimize pushes --time-limit 60 -- --cadical-config default
      $R $D/microban.xsb bench/sokoban/ablation-reach-layers.csv --optimize pushes --time-limit 60 -- --reach layers ;;
    xs-push)  $R $D/xsokoban.xsb bench/sokoban/xsokoban-pushes.csv --optimize pushes --time-limit 60 ;;
    *) echo "unknown step $s" >&2; exit 2 ;;
  esac
done
