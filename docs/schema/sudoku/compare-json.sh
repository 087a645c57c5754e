#!/usr/bin/env bash
# Compares the --json objects of two gridsat binaries on the bundled Sudoku examples,
# byte for byte after masking what varies from run to run (times) and removing the
# members NEW adds on purpose (listed in ADDED). Exit 0 when they are the same.
#
#   bash docs/schema/sudoku/compare-json.sh OLD_BINARY NEW_BINARY
#
# Run from the repository root. Example: the binary of main against this branch's:
#   bash docs/schema/sudoku/compare-json.sh /work/main/target/debug/gridsat target/debug/gridsat
set -u
old=$1
new=$2
# Members NEW adds beside deprecated ones (see changes/typed-sudoku.md).
ADDED='del(.stats.variables?, .stats.seconds?)'
MASK='if .stats? then .stats.time_ms = 0 else . end'
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
run() { # name, then the arguments after `gridsat sudoku`
  local name=$1
  shift
  "$old" sudoku "$@" >"$out/old" 2>"$out/old.err"
  local rc_old=$?
  "$new" sudoku "$@" >"$out/new" 2>"$out/new.err"
  local rc_new=$?
  jq -c "$MASK" <"$out/old" >"$out/old.m" 2>/dev/null || cp "$out/old" "$out/old.m"
  jq -c "$ADDED | $MASK" <"$out/new" >"$out/new.m" 2>/dev/null || cp "$out/new" "$out/new.m"
  if [ $rc_old != $rc_new ] || ! cmp -s "$out/old.m" "$out/new.m"; then
    echo "DIFFERENT: $name (exit $rc_old vs $rc_new)"
    diff "$out/old.m" "$out/new.m" | head -5
    fail=1
  else
    echo "same: $name ($(wc -l <"$out/old") objects, exit $rc_old)"
  fi
}
small=$(ls examples/sudoku/*.txt examples/sudoku/broken/*.txt examples/sudoku/shapes/*.txt examples/sudoku/variants/*.txt)
for f in $small examples/sudoku/sparse/16x16-hitting-set.txt examples/sudoku/sparse/25x25-thinned.txt; do
  run "solve $f" solve --json "$f"
  run "solve --count 5 $f" solve --json --count 5 "$f"
done
for f in $small; do
  for c in hint candidates explain rate; do
    run "$c $f" "$c" --json "$f"
  done
done
for c in solve hint candidates explain rate; do
  run "$c --time-limit 0 9x9" "$c" --json --time-limit 0 examples/sudoku/9x9.txt
done
run "solve --max-memory 1K 9x9" solve --json --max-memory 1K examples/sudoku/9x9.txt
run "candidates --reasoning probing 9x9" candidates --json --reasoning probing examples/sudoku/9x9.txt
run "solve two files" solve --json examples/sudoku/4x4.txt examples/sudoku/6x6.txt
run "rate two files" rate --json examples/sudoku/4x4.txt examples/sudoku/9x9.txt
for s in 1 2 3; do
  run "generate seed $s" generate --json --seed "$s" --count 2
  run "generate 6x6 seed $s" generate --json --seed "$s" --size 6 --symmetry rot180
done
run "generate killer" generate --json --seed 1 --size 4 --killer
run "generate jigsaw" generate --json --seed 1 --size 6 --jigsaw
run "generate diagonals" generate --json --seed 1 --rules diagonals
# The server's answers (parse, encode and propagate are asked only there): both
# binaries serve on free ports, and every question is put to both.
"$old" serve --port 0 >/dev/null 2>"$out/old.port" &
old_pid=$!
"$new" serve --port 0 >/dev/null 2>"$out/new.port" &
new_pid=$!
url() { # the address a server printed
  for _ in $(seq 100); do grep -q 'http://' "$1" 2>/dev/null && break; sleep 0.1; done
  grep -o 'http://[0-9.:]*' "$1" | head -1
}
old_url=$(url "$out/old.port")
new_url=$(url "$out/new.port")
ask() { # url, route, body
  curl -s -H 'Content-Type: application/json' -H "Origin: $1" --data-binary "$3" "$1/api/sudoku/$2"
}
for q in solve hint candidates explain rate propagate parse encode; do
  for f in $small; do
    body=$(jq -Rs '{puzzle: .}' <"$f")
    ask "$old_url" "$q" "$body" | jq -c "$MASK" >"$out/old.m"
    ask "$new_url" "$q" "$body" | jq -c "$ADDED | $MASK" >"$out/new.m"
    if cmp -s "$out/old.m" "$out/new.m"; then echo "same: POST $q $f"; else
      echo "DIFFERENT: POST $q $f"; diff "$out/old.m" "$out/new.m" | head -5; fail=1; fi
  done
done
for body in '{"size":4,"seed":2}' '{"size":4,"count":3}' '{"size":6,"jigsaw":true}' '{"encoding":"fancy","puzzle":"1"}' '{"count":"two","puzzle":"1"}'; do
  for r in generate solve; do
    ask "$old_url" "$r" "$body" >"$out/old.m"
    ask "$new_url" "$r" "$body" >"$out/new.m"
    if cmp -s "$out/old.m" "$out/new.m"; then echo "same: POST $r $body"; else
      echo "DIFFERENT: POST $r $body"; diff "$out/old.m" "$out/new.m" | head -4; fail=1; fi
  done
done
kill "$old_pid" "$new_pid"
exit $fail
