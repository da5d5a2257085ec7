#!/usr/bin/env bash
# The Swift suites (Swift Testing), built first. When a test fails, its recorded issues are
# repeated at the very end, where the tail of a CI log shows them, instead of among the ~2,000
# lines the parallel run prints. Extra arguments go to `swift test` (e.g. --filter StreamTests).
set -uo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}

"$swift" build --build-tests || exit
mkdir -p artifacts
log=artifacts/swift-test.log
"$swift" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    echo
    echo "=== swift test failed ($status); the issues it recorded (whole log: $log):"
    grep -E -A6 "recorded an issue" "$log" | grep -E "recorded an issue|↳" | grep -v "known issue" | cut -c1-400 | head -60
    grep -E "^✘ (Test|Suite) .* failed" "$log" | head -20
fi
exit "$status"
