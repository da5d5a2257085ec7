#!/usr/bin/env bash
# The deploy/ example as processes on loopback: Redis, two replicas and HAProxy; proves that a command
# sent to either replica (directly or through HAProxy) shows on the other, then stops them all.
set -euo pipefail
cd "$(dirname "$0")/.."
${SWIFT:-swift} build --product layercast
LAYERCAST=.build/debug/layercast deploy/run.sh --check
