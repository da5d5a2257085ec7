#!/usr/bin/env bash
# Coverage-guided fuzzing of the parsers of what clients send (issue 30): Sources/layercast-fuzz's
# targets, each with its seed corpus in Tests/Fuzz/Corpus/TARGET.
#   scripts/fuzz.sh replay          every corpus input once through the normal debug build (make test)
#   scripts/fuzz.sh build           only that instrumented build (make fuzz-build)
#   scripts/fuzz.sh run [SECONDS]   libFuzzer on each target for SECONDS (default 30), built with
#                                   -sanitize=fuzzer,address in .build-fuzz (make fuzz). New inputs
#                                   go to a scratch folder; a crash's input lands in artifacts/fuzz/,
#                                   to be added to the target's corpus once fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(scenario snapshot request props png head)
corpus=Tests/Fuzz/Corpus
flags=(--product layercast-fuzz --scratch-path .build-fuzz
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLAYERCAST_FUZZ -Xswiftc -parse-as-library)

case "${1:-replay}" in
replay)
    swift build --product layercast-fuzz
    for target in "${targets[@]}"; do .build/debug/layercast-fuzz "$target" "$corpus/$target"; done
    ;;
build)
    swift build "${flags[@]}"
    ;;
run)
    seconds=${2:-30}
    swift build "${flags[@]}"
    bin=$(swift build "${flags[@]}" --show-bin-path)/layercast-fuzz
    mkdir -p artifacts/fuzz
    status=0
    for target in "${targets[@]}"; do
        work=$(mktemp -d)
        log=artifacts/fuzz/$target.log
        if ! LAYERCAST_FUZZ_TARGET=$target "$bin" "$work" "$corpus/$target" -max_total_time="$seconds" \
                -max_len=65536 -rss_limit_mb=2048 -artifact_prefix="artifacts/fuzz/$target-" \
                -print_final_stats=1 >"$log" 2>&1; then
            echo "fuzz: $target found a fault; its input and log are in artifacts/fuzz/" >&2
            status=1
        fi
        runs=$(grep -oE "number_of_executed_units: *[0-9]+" "$log" | grep -oE "[0-9]+$" || echo 0)
        rate=$(grep -oE "average_exec_per_sec: *[0-9]+" "$log" | grep -oE "[0-9]+$" || echo 0)
        added=$(grep -oE "new_units_added: *[0-9]+" "$log" | grep -oE "[0-9]+$" || echo 0)
        echo "fuzz: $target: $runs inputs in $seconds s ($rate a second), $added new to coverage"
        rm -rf "$work"
    done
    exit "$status"
    ;;
*)
    echo "usage: scripts/fuzz.sh replay | build | run [SECONDS]" >&2
    exit 2
    ;;
esac
