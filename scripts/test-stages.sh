#!/usr/bin/env bash
# `make test`: every stage in order, each a make target of its own, timed against a budget of its own
# (issue 46). Stops at the first stage that fails. Whatever happens, it ends with the stage table
# (seconds against budget, compiling apart from testing) and the slowest tests of each runner
# (scripts/test-times.py), and writes them to artifacts/test-times.tsv for CI to keep.
#   STAGES="build swift-test" scripts/test-stages.sh   runs only those stages (same table)
# A stage past five times its budget and five minutes is stopped: a hang costs minutes, not CI's
# whole limit, while a build on a machine busy with other work (load 15-20 seen here) still ends. Inside the stages, scripts/watchdog.py stops a hung Swift suite with its stacks and
# pytest-timeout a hung browser test with its threads.
set -uo pipefail
cd "$(dirname "$0")/.."

# The one list of `make test`'s stages: name (a make target, or two joined by '+', built side by
# side), budget in seconds on this project's 2-core machine, idle, with warm caches outside the
# clone, and kind (compile or test). The test budgets add up to 1,165 s, under 20 minutes, each set
# from the two idle runs in docs/performance.md §CI time; compiling is listed apart, since no build here can be shared with another (debug, the two sanitizers, libFuzzer's
# instrumented build and the image's release build). Builds pair up where one leaves a core idle:
# the release build compiles a module at a time (whole-module), so the TSan build beside it uses the
# other core; libFuzzer's build, a subset of the modules, goes beside ASan's. Tests never overlap:
# two CPU-bound test stages on two cores slow each other and invite flakes.
STAGE_TABLE="
test-deps          10 test
build             200 compile
swift-test        130 test
example-test       25 test
readme-test        35 test
api-docs           10 test
ci-examples        10 test
js-check           10 test
check-sleeps        5 test
browser-test      360 test
api-fuzz          110 test
tsan-build+release 310 compile
tsan-test         160 test
asan-build+fuzz-build 360 compile
asan-test         180 test
fuzz               45 test
container-test     30 test
deploy-test        45 test
"

mkdir -p artifacts/stages
times=artifacts/test-times.tsv
printf 'stage\tkind\tseconds\tbudget\tstatus\n' >"$times"
wanted=${STAGES:-}
failed=""
while read -r name budget kind; do
    [ -n "$name" ] || continue
    if [ -n "$wanted" ] && [[ " $wanted " != *" $name "* ]]; then continue; fi
    if [ -n "$failed" ]; then
        printf '%s\t%s\t\t%s\tnot run\n' "$name" "$kind" "$budget" >>"$times"
        continue
    fi
    limit=$((budget * 5 + 300))
    echo "=== stage $name (budget $budget s, stopped at $limit s)"
    t0=$(date +%s.%N)
    IFS=+ read -r -a targets <<<"$name"
    jobs=()
    [ ${#targets[@]} -gt 1 ] && jobs=(-j "${#targets[@]}" --output-sync=target)
    # </dev/null: a stage must not read the stage list this loop reads (a test bundle did, and the
    # run ended after its third stage, passing).
    timeout --signal=TERM --kill-after=30 "$limit" make --no-print-directory "${jobs[@]}" "${targets[@]}" </dev/null 2>&1 |
        tee "artifacts/stages/$name.log"
    status=${PIPESTATUS[0]}
    seconds=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.0f}')" "$t0" "$(date +%s.%N)")
    case $status in
        0) verdict=passed ;;
        124) verdict="stopped at $limit s"; failed=$name ;;
        *) verdict="failed ($status)"; failed=$name ;;
    esac
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$kind" "$seconds" "$budget" "$verdict" >>"$times"
done <<<"$STAGE_TABLE"

python3 scripts/test-times.py "$times" artifacts/stages
[ -z "$failed" ] || { echo "make test: stage $failed failed; its log: artifacts/stages/$failed.log"; exit 1; }
