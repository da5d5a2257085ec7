#!/usr/bin/env bash
# Makes the proof's stand-in for debian:bookworm-slim (no registry pull is possible here):
# debootstrap --variant=minbase from the apt mirror this machine uses, slimmed the way the official
# slim image is (no docs, man pages or locales, dpkg told to keep it so, apt told to keep no caches),
# imported into the proof's podman store under the official name. The rootfs tarball is cached in CACHE_DIR (lib.sh),
# so a rerun only imports it again if the image is missing.
set -euo pipefail
# shellcheck source=scripts/container/lib.sh
source "$(dirname "$0")/lib.sh"

tarball="$CACHE_DIR/$BASE_RECIPE.tar"

if [ "$(podman_ image inspect -f '{{index .Labels "org.layercast.base-recipe"}}' "$BASE_IMAGE" 2>/dev/null || true)" = "$BASE_RECIPE" ]; then
    say "base image $BASE_IMAGE ($BASE_RECIPE) is ready"
    exit 0
fi

# The first bookworm (not -security/-updates) URI in this machine's apt sources, deb822 or one-line.
host_mirror() {
    local uri=""
    if compgen -G "/etc/apt/sources.list.d/*.sources" >/dev/null; then
        uri=$(awk 'BEGIN { RS = ""; FS = "\n" }
            /(^|\n)Suites:[^\n]*[ \t]bookworm([ \t]|$|\n)/ && !/(^|\n)Enabled:[ \t]*no/ {
                for (i = 1; i <= NF; i++) if ($i ~ /^URIs:/) { split($i, f, /[ \t]+/); print f[2]; exit }
            }' /etc/apt/sources.list.d/*.sources)
    fi
    if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
        uri=$(awk '$1 == "deb" { i = 2; if ($2 ~ /^\[/) while ($i !~ /\]$/) i++; if ($2 ~ /^\[/) i++;
                                 if ($(i + 1) == "bookworm") { print $i; exit } }' /etc/apt/sources.list)
    fi
    echo "${uri:-http://deb.debian.org/debian}"
}

if [ ! -s "$tarball" ]; then
    find "$CACHE_DIR" -maxdepth 1 -name 'bookworm-minbase-*.tar' -delete 2>/dev/null || true
    mirror=${DEBIAN_MIRROR:-$(host_mirror)}
    security=${DEBIAN_SECURITY_MIRROR:-${mirror%/debian}/debian-security}
    rootfs="$CACHE_DIR/rootfs"
    cleanup() {
        # debootstrap unmounts what it mounted, unless it was interrupted.
        local m
        for m in $(findmnt -rn -o TARGET | grep -F "$rootfs/" | sort -r); do $SUDO umount -l "$m" || true; done
        $SUDO rm -rf "$rootfs"
    }
    trap cleanup EXIT
    cleanup
    mkdir -p "$CACHE_DIR"
    say "debootstrap --variant=minbase bookworm from $mirror"
    $SUDO debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$CACHE_DIR/debootstrap.log" 2>&1 ||
        { tail -20 "$CACHE_DIR/debootstrap.log" >&2; fail "debootstrap failed (log: $CACHE_DIR/debootstrap.log)"; }

    # The same apt sources as the official image (release, updates, security), on this machine's mirror.
    $SUDO rm -f "$rootfs/etc/apt/sources.list"
    $SUDO tee "$rootfs/etc/apt/sources.list.d/debian.sources" >/dev/null <<SOURCES
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES

    # What makes "slim" slim: these paths are dropped now and dpkg leaves them out of later installs.
    $SUDO tee "$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim" >/dev/null <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
DPKG
    # The official image's apt settings: no .deb or package cache left in a layer after an
    # install, no translations, compressed indexes.
    $SUDO tee "$rootfs/etc/apt/apt.conf.d/docker-clean" >/dev/null <<'APT'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT
    echo 'Acquire::Languages "none";' | $SUDO tee "$rootfs/etc/apt/apt.conf.d/docker-no-languages" >/dev/null
    echo 'Acquire::GzipIndexes "true";' | $SUDO tee "$rootfs/etc/apt/apt.conf.d/docker-gzip-indexes" >/dev/null
    $SUDO find "$rootfs/usr/share/doc" -mindepth 1 ! -type d ! -name copyright -delete
    $SUDO find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
    $SUDO rm -rf "$rootfs"/usr/share/{info,linda,locale,man,groff}/* "$rootfs"/usr/share/lintian/overrides/*
    $SUDO rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
        "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/*

    $SUDO tar --numeric-owner -C "$rootfs" -cf "$tarball.part" .
    mv "$tarball.part" "$tarball"
    cleanup
    trap - EXIT
fi

say "importing $tarball as $BASE_IMAGE"
podman_ rmi -f "$BASE_IMAGE" >/dev/null 2>&1 || true
podman_ import --quiet --change 'CMD ["bash"]' --change "LABEL org.layercast.base-recipe=$BASE_RECIPE" \
    "$tarball" "$BASE_IMAGE" >/dev/null
