#!/usr/bin/env bash
# The deploy/ example: Redis, two replicas, HAProxy and Varnish on loopback; proves that a command sent
# to either replica (directly, through HAProxy, or in a stream through Varnish) shows on the other and
# that Varnish answers 1,000 requests for a scenario's frame with one render, then stops them all
# (deploy/run.sh --check).
#
#   scripts/test-deploy.sh            # as processes, with the debug build
#   scripts/test-deploy.sh --podman   # as containers: the container proof's Layercast image (the
#                                     # release build; LAYERCAST_BINARY=path takes that binary) and
#                                     # Redis, HAProxy and Varnish from deploy/services.Dockerfile, in the
#                                     # proof's store, ~/.cache/layercast-container (cached: rebuilt only on change)
set -euo pipefail
cd "$(dirname "$0")/.."
case ${1:-} in
"")
    ${SWIFT:-swift} build --product layercast
    LAYERCAST=.build/debug/layercast deploy/run.sh --check
    ;;
--podman)
    # shellcheck source=scripts/container/lib.sh
    source scripts/container/lib.sh
    started=$SECONDS
    root_ensure
    apt_ensure podman buildah runc debootstrap binutils curl
    hadolint_ensure
    say "hadolint deploy/services.Dockerfile"
    "$HADOLINT" --no-color --failure-threshold warning deploy/services.Dockerfile ||
        fail "hadolint reports findings above info in deploy/services.Dockerfile"
    say "images: Layercast (the container proof's) and Redis, HAProxy and Varnish"
    release_binary
    build_image
    podman_build deploy/services.Dockerfile deploy "$SERVICES_IMAGE"
    say "deploy/run.sh --podman --check"
    deploy/run.sh --podman --check
    say "deploy/ under podman passed in $((SECONDS - started)) s"
    ;;
*)
    echo "usage: scripts/test-deploy.sh [--podman]" >&2
    exit 2
    ;;
esac
