#!/usr/bin/env bash
# The Swift suites (Swift Testing), built first, run straight from the test bundle under the
# watchdog (scripts/watchdog.py: a hung suite is stopped at SWIFT_TEST_LIMIT seconds with every
# thread's stack and the names of the tests still running). When a test fails, its recorded issues
# are repeated at the very end, where the tail of a CI log shows them, instead of among the ~2,000
# lines the parallel run prints. Extra arguments go to the test bundle (e.g. --filter StreamTests).
set -uo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}

"$swift" build --build-tests || exit
mkdir -p artifacts
log=artifacts/swift-test.log
bundle=$("$swift" build --show-bin-path)/LayercastPackageTests.xctest
scripts/watchdog.py "${SWIFT_TEST_LIMIT:-600}" "$log" -- "$bundle" --testing-library swift-testing "$@"
status=$?
if [ "$status" -ne 0 ]; then
    echo
    echo "=== swift tests failed ($status); the issues they recorded (whole log: $log):"
    grep -E -A6 "recorded an issue" "$log" | grep -E "recorded an issue|↳" | grep -v "known issue" | cut -c1-400 | head -60
    grep -E "^.*✘.* (Test|Suite) .* failed" "$log" | head -20
fi
exit "$status"
