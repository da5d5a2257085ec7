#!/usr/bin/env bash
# The worked example of the SDK (examples/hamburger-button, a separate package that depends on this
# one by path, as a user's would): builds it and runs its tests, which register the five controls
# and a throwaway one. Its build compiles Layercast again in its own .build (a few minutes).
set -euo pipefail
cd "$(dirname "$0")/../examples/hamburger-button"
swift build --build-tests
swift test --skip-build
