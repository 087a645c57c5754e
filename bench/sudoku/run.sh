#!/usr/bin/env bash
# Reproduces the Sudoku figures of BENCHMARKS.md. Run from the repository root:
#   bench/sudoku/run.sh > bench/sudoku/results.md
# Needs ../shared/data (the shared data folder) and, for the baseline, python-sat
# (pip install python-sat). Takes about ten minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q
B=target/release/gridsat
D=../shared/data/sudoku
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
head -5000 "$D/9x9/17clue-49158.txt" > "$T/17clue-5000.txt"
head -2000 "$D/9x9/17clue-49158.txt" > "$T/17clue-2000.txt"

echo "# Sudoku benchmark run"
echo
echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/ {print $2}') GiB RAM"
echo "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- gridsat: $(git rev-parse --short HEAD)"
echo

echo "## 1. Encodings, deduction off (the encoding alone), single thread"
echo
$B sudoku bench "$T/17clue-5000.txt" "$D/9x9/hardest-1106.txt" --presolve off --solver auto,cadical --runs 3
echo
echo "## 2. Deduction levels with the default encoding, single thread"
echo
$B sudoku bench "$T/17clue-5000.txt" "$D/9x9/top1465.txt" "$D/9x9/hardest-1106.txt" \
    --encodings reduced,extended --presolve off,singles,probe --solver auto --runs 3
echo
echo "## 3. Solvers with the default pipeline (reduced + probe), single thread"
echo
$B sudoku bench "$T/17clue-5000.txt" "$D/9x9/top1465.txt" "$D/9x9/hardest-1106.txt" \
    --encodings reduced --solver batsat,cadical --runs 3 --conflicts
$B sudoku bench examples/sudoku/sparse/25x25-sat-minimal.txt "$D/large/sudoku-64-2.txt" \
    --encodings reduced --solver batsat,cadical --runs 1 --unique-only
echo
echo "## 4. End to end (parse, solve, verify, print), whole files, wall time"
echo
echo '| file | mode | threads | summary |'
echo '|---|---|---:|---|'
for f in 17clue-49158 top1465 hardest-1106; do
  for mode in --first ""; do
    for th in 1 2; do
      s=$($B sudoku solve "$D/9x9/$f.txt" $mode --threads $th --stats 2>&1 >/dev/null)
      echo "| $f | ${mode:-unique} | $th | $s |"
    done
  done
done
echo
echo "## 5. The classic Python/PySAT approach, side by side (2,000 17-clue; hardest)"
echo
if python3 -c 'import pysat' 2>/dev/null; then
  for f in "$T/17clue-2000.txt" "$D/9x9/hardest-1106.txt"; do
    echo "### $(basename "$f")"
    echo '```'
    python3 ../shared/baselines/pysat_sudoku.py "$f" --unique 2>&1 | tail -4
    echo '```'
    $B sudoku solve "$f" --threads 1 --stats 2>&1 >/dev/null
  done
else
  echo "(python-sat not installed: pip install python-sat)"
fi
echo
echo "## 6. Large grids: time and peak memory per file"
echo
echo '| file | verdict | vars | clauses | solver calls | wall s | peak RSS MB |'
echo '|---|---|---:|---:|---:|---:|---:|'
for f in "$D"/small/sudoku-4-1.txt "$D"/large/*.txt; do
  /usr/bin/time -f '%e %M' -o "$T/time" $B sudoku solve "$f" --json --time-limit 120 > "$T/out" || true
  read -r wall kb < <(tail -n 1 "$T/time")
  python3 - "$f" "$T/out" "$wall" "$kb" <<'PY'
import json, sys, os
f, out, wall, kb = sys.argv[1:]
j = json.loads(open(out).read().splitlines()[0])
s = j.get("stats") or {}
print(f"| {os.path.basename(f)} | {j['status']} | {s.get('vars','-')} | {s.get('clauses','-')} | {s.get('solver_calls','-')} | {wall} | {int(kb)//1024} |")
PY
done
echo
echo "## 7. At-most-one encodings by group length (instances that reach the solver)"
echo
$B sudoku bench "$D/9x9/hardest-1106.txt" examples/sudoku/sparse/25x25-sat-minimal.txt "$D/large/sudoku-64-2.txt" \
    --encodings reduced --amo pairwise,sequential,commander,product,bimander --runs 1 --unique-only
echo
echo "## 8. Sparse giants (examples/sudoku/sparse), each solved with the uniqueness proof"
echo
echo '| file | puzzle | solver | verdict | vars | clauses | solver calls | ms |'
echo '|---|---:|---|---|---:|---:|---:|---:|'
for f in examples/sudoku/sparse/*.txt; do
  for s in auto cadical; do
    $B sudoku solve "$f" --json --solver $s --threads 1 | python3 -c "
import sys, json
for l in sys.stdin:
    j = json.loads(l); s = j['stats']
    print(f\"| $(basename "$f") | {j['puzzle']} | $s | {j['status']} | {s['vars']} | {s['clauses']} | {s['solver_calls']} | {s['time_ms']:.0f} |\")
"
  done
done
