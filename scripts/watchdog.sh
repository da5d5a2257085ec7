#!/usr/bin/env bash
# Runs a test command under a process-level time limit, so a hang ends with its name and a stack
# instead of eating CI's whole budget (issue 46):
#   scripts/watchdog.sh SECONDS LOG -- COMMAND [ARG...]
#   WATCHDOG_CONSOLE=regex: only matching lines reach the console (and the stacks, on a hang).
# The command's output goes to the console and to LOG. Past SECONDS, every process of the command
# gets SIGQUIT: the Swift runtime's backtracer (enabled here, all threads) prints where each thread
# of a Swift process is, even one blocked in a C call such as read(2), which Swift Testing's
# .timeLimit cannot stop. Whatever is left is killed 30 s later. The watchdog then names the Swift
# Testing suites and tests that started and never ended, and exits 124.
set -uo pipefail
[ $# -ge 4 ] && [ "$3" = "--" ] || { echo "usage: scripts/watchdog.sh SECONDS LOG -- COMMAND [ARG...]" >&2; exit 2; }
limit=$1 log=$2
shift 3
mkdir -p "$(dirname "$log")"
# interactive=no: never wait for a debugger on CI; threads=all: the hung test is rarely the
# thread that receives the signal; color=no: the log is read as text.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=yes,interactive=no,threads=all,color=no,sanitize=yes}
export NO_COLOR=${NO_COLOR-1}
if [ -n "${WATCHDOG_CONSOLE:-}" ]; then
    # Only the lines matching WATCHDOG_CONSOLE reach the console; the log has everything.
    timeout --signal=QUIT --kill-after=30 "$limit" "$@" 2>&1 | tee "$log" | { grep -E "$WATCHDOG_CONSOLE" || true; }
else
    timeout --signal=QUIT --kill-after=30 "$limit" "$@" 2>&1 | tee "$log"
fi
status=${PIPESTATUS[0]}
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo
    [ -z "${WATCHDOG_CONSOLE:-}" ] || sed -n '/\*\*\* Signal/,$p' "$log" | head -400
    echo "=== watchdog: '$*' passed its limit of $limit s and was stopped (stacks above; whole log: $log)"
    # Swift Testing prints '◇ Test NAME started.' and one end line per test; what has no end hung.
    sed 's/\x1b\[[0-9;]*m//g' "$log" | awk '
        { line = $0; sub(/^[^A-Za-z]*/, "", line) }
        line ~ /^(Test|Suite) .* started\.$/ { sub(/ started\.$/, "", line); open[line] = 1; next }
        line ~ /^(Test|Suite) .* ((passed|failed) after [0-9.]+ seconds|skipped)/ {
            sub(/ ((passed|failed) after [0-9.]+ seconds|skipped).*$/, "", line); delete open[line]
        }
        END { for (name in open) print "    still running: " name }' | sort
    exit 124
fi
exit "$status"
