#!/usr/bin/env bash
# The worked example of the SDK (examples/hamburger-button, a separate package that depends on this
# one by path, as a user's would): builds it and runs its tests, which register the five controls
# and a throwaway one. It builds in this checkout's own .build: SwiftPM then compiles only the
# example's modules (about 30 files, seconds) and finds Layercast's, which `make build` compiled
# with the same commands, up to date; built alone it would compile Layercast a second time
# (minutes). A user's package keeps its own .build, as the example's README says.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=(--package-path examples/hamburger-button --scratch-path "$PWD/.build")
swift build --build-tests "${scratch[@]}"
scripts/watchdog.py "${SWIFT_TEST_LIMIT:-300}" artifacts/example-test.log -- \
    "$(swift build "${scratch[@]}" --show-bin-path)/HamburgerButtonExamplePackageTests.xctest" --testing-library swift-testing
