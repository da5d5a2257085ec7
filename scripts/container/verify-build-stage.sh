#!/usr/bin/env bash
# Optional, slow (a full release build): runs the Dockerfile's *build* stage too, which the
# regular proof swaps out because the official swift image cannot be pulled here. A stand-in
# "swift:6.3.1-bookworm" is made from the proof's bookworm base with the official image's apt
# packages; the toolchain (this machine's /opt/swift, the same release) and SwiftPM's repository
# cache (no GitHub access here) are bind-mounted into the build. Then the image is built with the
# default BINARY_FROM=build and the binary it holds is checked to start and answer.
# Run scripts/test-container.sh first (it makes the base). Usage: verify-build-stage.sh
set -euo pipefail
# shellcheck source=scripts/container/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

toolchain=${SWIFT_TOOLCHAIN:-/opt/swift}
swiftpm_cache=${SWIFTPM_CACHE:-$HOME/.cache/org.swift.swiftpm}
[ -x "$toolchain/usr/bin/swift" ] || fail "no Swift toolchain at $toolchain"
podman_ image exists "$BASE_IMAGE" || fail "no base image: run scripts/test-container.sh first"

say "stand-in swift:6.3.1-bookworm (the official image's packages, toolchain mounted at build time)"
standin="$WORK_DIR/swift-standin"
mkdir -p "$standin"
cat >"$standin/Dockerfile" <<'DOCKERFILE'
FROM docker.io/library/debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends \
        binutils git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-12-dev libpython3-dev \
        libsqlite3-0 libstdc++-12-dev libxml2-dev libncurses-dev libz3-dev pkg-config tzdata zlib1g-dev \
        ca-certificates \
    && rm -rf /var/lib/apt/lists/*
ENV PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
DOCKERFILE
podman_ build --quiet --isolation chroot --network=host --pull=never -t docker.io/library/swift:6.3.1-bookworm \
    "$standin" >/dev/null

say "podman build --build-arg BINARY_FROM=build (a full release build: minutes)"
cache_copy="$WORK_DIR/swiftpm-cache"
rm -rf "$cache_copy" && cp -a "$swiftpm_cache" "$cache_copy"
start=$SECONDS
podman_ build --isolation chroot --network=host --pull=never --format docker \
    --build-arg BINARY_FROM=build \
    -v "$toolchain:/opt/swift:ro" -v "$cache_copy:/root/.cache/org.swift.swiftpm" \
    -t localhost/layercast:from-source -f Dockerfile . >"$WORK_DIR/build-stage.log" 2>&1 ||
    { tail -30 "$WORK_DIR/build-stage.log"; fail "the build stage failed (log: $WORK_DIR/build-stage.log)"; }
echo "built in $((SECONDS - start)) s"

out=$(podman_ run --rm --network=host --no-healthcheck localhost/layercast:from-source --version)
[ "$out" = "$(grep -o 'version = "[^"]*"' Sources/PreviewServer/PreviewServer.swift | cut -d'"' -f2)" ] ||
    fail "the built binary says '$out'"
podman_ run --rm --network=host --no-healthcheck --entrypoint ldd localhost/layercast:from-source \
    /usr/local/bin/layercast | grep -q 'not found' && fail "unresolved libraries in the built image"
echo "layercast --version: $out; size $(( $(podman_ image inspect -f '{{.Size}}' localhost/layercast:from-source) / 1000000 )) MB"
say "build stage verified"
