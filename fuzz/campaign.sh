#!/usr/bin/env bash
# One campaign run: `fuzz/campaign.sh TARGET [RUNS] [extra cargo fuzz flags…]` fuzzes
# TARGET for RUNS executions (default 1,000,000) on one core, under nice, with the
# limits of the issue (10 s per input, 2 GB), and prints one line: executions, time,
# and whether it ended without a crash. Logs go to fuzz/logs/TARGET.log. With
# MAX_SECS=N in the environment the run also stops after N seconds (slow targets).
set -uo pipefail
cd "$(dirname "$0")"
target=$1
runs=${2:-1000000}
shift $(($# < 2 ? $# : 2))
mkdir -p "corpus/$target" logs
start=$(date +%s)
nice -n 10 cargo +nightly fuzz run "$@" "$target" "corpus/$target" -- \
    -runs="$runs" ${MAX_SECS:+-max_total_time=$MAX_SECS} -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    >"logs/$target.log" 2>&1
rc=$?
secs=$(($(date +%s) - start))
done_line=$(grep -a '^Done ' "logs/$target.log" | tail -1)
execs=$(grep -a 'stat::number_of_executed_units' "logs/$target.log" | tail -1 | awk '{print $2}')
if [ $rc -eq 0 ]; then verdict="0 crashes"; else verdict="FAILED (exit $rc): see logs/$target.log"; fi
echo "$target: ${execs:-?} executions in ${secs} s (${done_line:-no Done line}); $verdict"
exit $rc
