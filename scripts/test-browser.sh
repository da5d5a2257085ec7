#!/usr/bin/env bash
# Real-browser tests of the page (issue 7): headless Chromium driven by Selenium against the real
# server on a free loopback port, axe-core's WCAG checks and the keyboard tests among them. Installs
# nothing (`make test-deps` does); builds the server if needed.
# Screenshots land in artifacts/browser/. Extra arguments go to pytest (e.g. -k meter).
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
    swift build --package-path examples/hamburger-button --scratch-path "$PWD/.build" --product hamburger-button
fi

missing=()
for tool in /usr/bin/chromium /usr/bin/chromedriver; do [ -x "$tool" ] || missing+=("$tool"); done
python3 -c "import selenium, pytest, PIL, pytest_timeout" 2>/dev/null || missing+=("python3 modules selenium, pytest, pillow, pytest-timeout")
# axe-core for the accessibility check, from the axe-playwright-python wheel (without Playwright).
python3 -c "import axe_playwright_python" 2>/dev/null || missing+=("axe-core (pip install --no-deps axe-playwright-python)")
if [ ${#missing[@]} -gt 0 ]; then
    echo "browser tests need: ${missing[*]} (run: make test-deps)" >&2
    exit 1
fi

mkdir -p artifacts/browser
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin" --host 127.0.0.1 --port "$port" --public Public --data none >artifacts/browser/server.log 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT

for _ in $(seq 100); do
    if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
    kill -0 "$server" 2>/dev/null || { echo "the server did not start; see artifacts/browser/server.log" >&2; exit 1; }
    sleep 0.1
done

export LAYERCAST_URL="http://127.0.0.1:$port" LAYERCAST_BIN="$bin"
export SE_OFFLINE=true SE_AVOID_STATS=true
status=0
# The slowest tests are listed, so a CI log tells where the browser stage spends its time.
# A hung test names itself: past faulthandler_timeout every thread's stack is printed (from C, so
# even a thread stuck in a C call shows); past --timeout it fails by its name (pytest-timeout's
# signal method interrupts the Selenium or HTTP call it waits in, so its teardown runs and the
# other tests go on).
python3 -m pytest Tests/Browser -p no:cacheprovider -q --durations=12 \
    -o faulthandler_timeout=110 --timeout=120 --timeout-method=signal "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "no browser tests were collected" >&2
    status=1
fi
[ "$status" -eq 0 ] && echo "browser tests passed; screenshots in artifacts/browser/"
exit "$status"
