#!/usr/bin/env bash
# Runs every `$ gridsat …` line of the ```console blocks in README.md and docs/guide/*.md
# against a built binary, and fails when one exits with a code it should not.
#
#   bash docs/check-commands.sh [PATH/TO/gridsat]     (default: $GRIDSAT, else target/debug/gridsat)
#
# Each Markdown file gets a fresh scratch folder laid out like the repository root
# (`examples/`, `tests/`, `bench/` linked in; `../shared` linked beside it when present), so
# the commands see the paths the guide uses and whatever they write lands there, not in
# the repository. A command must exit 0 unless its line ends with `# exit N` (that code is
# expected) or `# not checked` (not run). Commands that read ../shared are skipped with a
# message when it is absent, and so are the commands after them in the same block (they
# use what those wrote). Output is not compared (times vary); exit codes are.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-${GRIDSAT:-$repo/target/debug/gridsat}}"
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
if [ ! -x "$bin" ]; then
    echo "check-commands: no gridsat binary at $bin (run cargo build first)" >&2
    exit 2
fi
per_command_timeout="${CHECK_COMMANDS_TIMEOUT:-120}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/bin"
ln -s "$bin" "$scratch/bin/gridsat"
shared_present=0
[ -d "$repo/../shared" ] && shared_present=1

# Prints the commands of one Markdown file, one a line, without the leading "$ ", and a
# line "--block--" where each console block starts.
commands_of() {
    awk '
        /^```/ { if (inside) { inside = 0 } else if ($0 ~ /^```console[[:space:]]*$/) { inside = 1; print "--block--" }; next }
        inside && /^\$ gridsat/ { sub(/^\$ /, ""); print }
    ' "$1"
}

passed=0 failed=0 skipped=0
for md in "$repo/README.md" "$repo"/docs/guide/*.md; do
    rel="${md#"$repo"/}"
    n=0
    root="$scratch/$(echo "$rel" | tr '/.' '__')/root"
    mkdir -p "$root"
    for d in examples tests bench; do ln -s "$repo/$d" "$root/$d"; done
    [ "$shared_present" = 1 ] && ln -sfn "$repo/../shared" "$(dirname "$root")/shared"
    block_skipped=0
    while IFS= read -r line; do
        if [ "$line" = "--block--" ]; then block_skipped=0; continue; fi
        n=$((n + 1))
        expect=0
        cmd="$line"
        if [[ "$line" =~ ^(.*[^[:space:]])[[:space:]]+#[[:space:]]*not\ checked[[:space:]]*$ ]]; then
            echo "skipped ($rel, marked not checked): $line"
            skipped=$((skipped + 1)); continue
        fi
        if [[ "$line" =~ ^(.*[^[:space:]])[[:space:]]+#[[:space:]]*exit\ ([0-9]+)[[:space:]]*$ ]]; then
            cmd="${BASH_REMATCH[1]}"; expect="${BASH_REMATCH[2]}"
        fi
        if [[ "$cmd" == *../shared* && "$shared_present" = 0 ]]; then
            echo "skipping: ../shared is absent: $cmd"
            skipped=$((skipped + 1)); block_skipped=1; continue
        fi
        if [ "$block_skipped" = 1 ]; then
            echo "skipping: an earlier command of its block was skipped: $cmd"
            skipped=$((skipped + 1)); continue
        fi
        out="$scratch/out"
        (cd "$root" && PATH="$scratch/bin:$PATH" timeout "$per_command_timeout" bash -c "$cmd") >"$out" 2>&1 </dev/null
        rc=$?
        if [ "$rc" = "$expect" ]; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "FAILED ($rel, command $n): $cmd"
            echo "  exit $rc, expected $expect$( [ "$rc" = 124 ] && echo " (timed out after ${per_command_timeout}s)"); output:"
            head -20 "$out" | sed 's/^/    /'
        fi
    done < <(commands_of "$md")
done
echo "docs: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
