#!/usr/bin/env bash
# make test: runs each step ("NAME:COMMAND") in turn, its whole output going to LOGDIR/NAME.log,
# and prints one line per step (result, time, the step's own closing line), the tail of a
# failing step's log, and a summary line; exits non-zero when any step failed. The steps all
# run, so one failure does not hide another.
# Usage: tools/test-summary.sh LOGDIR "NAME:COMMAND"...
set -uo pipefail
logs=$1
shift
mkdir -p "$logs"
passed=0 failed=0 lines=()
for step in "$@"; do
    name=${step%%:*} command=${step#*:}
    log="$logs/${name// /-}.log"
    printf '%-20s ' "$name"
    start=$SECONDS
    bash -c "$command" > "$log" 2>&1 < /dev/null
    status=$?
    seconds=$((SECONDS - start))
    # The step's closing line: Swift Testing's run line, or a tool's "NAME: …" line.
    detail=$(grep -aE "Test run with [0-9]+ tests?|^${name}: " "$log" | tail -1 | sed -E 's/^[^A-Za-z]*//')
    if [ $status -eq 0 ]; then
        passed=$((passed + 1))
        line=$(printf 'passed  %4ds  %s' "$seconds" "$detail" | sed "s/ *$//")
    else
        failed=$((failed + 1))
        line=$(printf 'FAILED  %4ds  exit %d  %s' "$seconds" "$status" "$detail" | sed "s/ *$//")
    fi
    echo "$line"
    lines+=("$(printf '%-20s %s' "$name" "$line")")
    if [ $status -ne 0 ]; then
        # Swift Testing names each failing expectation; show those first, then the end of the log.
        grep -aE "recorded an issue|error:" "$log" | head -20 | sed 's/^/    /'
        echo "    … last lines of $log:"
        tail -n 25 "$log" | sed 's/^/    /'
    fi
done
echo
echo "Summary (logs in $logs/):"
printf '  %s\n' "${lines[@]}"
echo "steps: $passed passed, $failed failed"
[ $failed -eq 0 ]
