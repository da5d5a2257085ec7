#!/usr/bin/env bash
# Real-browser tests of the page (issue 7): headless Chromium driven by Selenium against the real
# server on loopback ports, axe-core's WCAG checks and the keyboard tests among them. Installs
# nothing (`make test-deps` does); builds the server if needed.
# Two pytest-xdist workers, each with a Chromium and a server of its own (Tests/Browser/conftest.py),
# a test file at a time: the tests mostly wait on the browser and the streams (the stage used about
# a fifth of the machine's two cores), so two at once take about half the time (issue 46).
# Screenshots and the servers' logs land in artifacts/browser/. Extra arguments go to pytest
# (e.g. -k meter; -n 0 for one process).
# LAYERCAST_UPDATE_DOCS=1 also refreshes docs/page.png and docs/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=.build/debug/layercast
if [ ! -x "$bin" ] || [ -n "$(find Sources Package.swift -newer "$bin" -print -quit)" ]; then
    swift build --product layercast
fi
# The SDK's worked example serves five controls to test_plugin_control.py; it builds in this
# checkout's .build, beside Layercast's own modules (scripts/test-example.sh says why).
example=.build/debug/hamburger-button
if [ ! -x "$example" ] || [ -n "$(find Sources Package.swift examples/hamburger-button/Sources -newer "$example" -print -quit)" ]; then
    # The whole package: with the shared .build, `--product hamburger-button` fails once Layercast's
    # own product was built there ("No target named 'hamburger-button-…-debug.exe' in build description").
    swift build --package-path examples/hamburger-button --scratch-path "$PWD/.build"
fi

missing=()
for tool in /usr/bin/chromium /usr/bin/chromedriver; do [ -x "$tool" ] || missing+=("$tool"); done
python3 -c "import selenium, pytest, PIL, pytest_timeout, xdist" 2>/dev/null ||
    missing+=("python3 modules selenium, pytest, pillow, pytest-timeout, pytest-xdist")
# axe-core for the accessibility check, from the axe-playwright-python wheel (without Playwright).
python3 -c "import axe_playwright_python" 2>/dev/null || missing+=("axe-core (pip install --no-deps axe-playwright-python)")
if [ ${#missing[@]} -gt 0 ]; then
    echo "browser tests need: ${missing[*]} (run: make test-deps)" >&2
    exit 1
fi

mkdir -p artifacts/browser
export LAYERCAST_BIN="$bin"
unset LAYERCAST_URL  # each worker starts its own server
export SE_OFFLINE=true SE_AVOID_STATS=true
status=0
# The slowest tests are listed, so a CI log tells where the browser stage spends its time.
# A hung test names itself: past faulthandler_timeout every thread's stack is printed (from C, so
# even a thread stuck in a C call shows); past --timeout it fails by its name (pytest-timeout's
# signal method interrupts the Selenium or HTTP call it waits in, so its teardown runs and the
# other tests go on).
# (-p no:benchmark: pytest-benchmark, where installed, warns in every worker that xdist disables it.)
python3 -m pytest Tests/Browser -p no:cacheprovider -p no:benchmark -q --durations=12 -n 2 --dist loadfile \
    -o faulthandler_timeout=110 --timeout=120 --timeout-method=signal "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "no browser tests were collected" >&2
    status=1
fi
[ "$status" -eq 0 ] && echo "browser tests passed; screenshots in artifacts/browser/"
exit "$status"
