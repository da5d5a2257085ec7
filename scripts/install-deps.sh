#!/usr/bin/env bash
# Installs the system packages Layercast needs, only those missing; safe to run again.
# Usage: scripts/install-deps.sh [build|test]   (test adds the browser, ffmpeg, image tools, tsc, and the
# redis-server, haproxy and varnish the replica tests and the deploy/ example start)
set -euo pipefail

build_pkgs=(pkg-config libcairo2-dev libmicrohttpd-dev libhiredis-dev libturbojpeg0-dev libspng-dev libwebp-dev libgif-dev libimagequant-dev libsqlite3-dev libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libyuv-dev libpango1.0-dev fonts-dejavu-core fonts-liberation2 fonts-inter)
test_pkgs=(chromium chromium-driver ffmpeg imagemagick python3-pip node-typescript redis-server haproxy varnish)
# check-jsonschema: the CI examples against GitHub's and GitLab's schemas (scripts/test-ci-examples.sh).
# pytest-timeout: a hung browser test fails by its name, with its threads' stacks; pytest-xdist: the
# browser tests in two processes (issue 46).
pip_pkgs=(selenium pytest pillow numpy openapi-spec-validator junitparser check-jsonschema pytest-timeout pytest-xdist)
# axe-core (4.12) for the accessibility check: this wheel ships it as a plain axe.min.js, which the
# browser tests inject through Selenium. --no-deps: Playwright, its dependency, is not used.
axe_pkg=axe-playwright-python==0.1.8

want=("${build_pkgs[@]}")
[ "${1:-build}" = test ] && want+=("${test_pkgs[@]}")

missing=()
for p in "${want[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

apt_install() {
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$@"
}

if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}"
    # apt sometimes fails once with a transient dpkg error here; one retry is enough.
    apt_install "${missing[@]}" || { sleep 3; apt_install "${missing[@]}"; }
fi

pip_install() {
    # Debian's own python3 refuses pip installs (PEP 668) unless told to; a transient index error
    # gets one retry.
    local attempt
    for attempt in 1 2; do
        if python3 -m pip install -q "$@" || python3 -m pip install -q --break-system-packages "$@"; then
            return 0
        fi
        [ $attempt -eq 2 ] || sleep 3
    done
    return 1
}

if [ "${1:-build}" = test ]; then
    # One interpreter finds every module without importing it (importing them all took 20 s on a
    # busy machine, each run).
    mapfile -t pip_missing < <(python3 - "${pip_pkgs[@]}" <<'PY'
import importlib.util, sys
modules = {"pillow": "PIL", "pytest-xdist": "xdist"}
for package in sys.argv[1:]:
    if importlib.util.find_spec(modules.get(package, package.replace("-", "_"))) is None:
        print(package)
PY
)
    if [ ${#pip_missing[@]} -gt 0 ]; then
        pip_install "${pip_missing[@]}"
    fi
    python3 -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('axe_playwright_python') is None)" ||
        pip_install --no-deps "$axe_pkg"
fi
