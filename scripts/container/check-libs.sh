#!/usr/bin/env bash
# Every library `ldd BINARY` lists must come from a package the runtime stage has: one its
# `apt-get install` names, a dependency apt pulls in with them, or one already in the base image.
# Libraries are mapped to packages with dpkg -S on this (bookworm) host.
# Usage: check-libs.sh BINARY DOCKERFILE BASE_PACKAGES_FILE
set -euo pipefail
here=$(dirname "$0")
binary=$1 dockerfile=$2 base_file=$3

mapfile -t listed < <("$here/runtime-packages.py" "$dockerfile" runtime)
echo "runtime stage installs: ${listed[*]}"

# What apt installs for that list (Depends and Pre-Depends, recursively; no Recommends, as the
# Dockerfile uses --no-install-recommends).
apt-cache show "${listed[0]}" >/dev/null 2>&1 || apt-get update -qq
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
              --no-replaces --no-enhances "${listed[@]}" | grep -v '^ ' | grep -v '^<' | sed 's/:.*//' | sort -u)

ldd_out=$(ldd "$binary")
if grep -q "not found" <<<"$ldd_out"; then
    echo "$ldd_out" | grep "not found" >&2
    echo "FAIL: the binary has unresolved libraries on this host" >&2
    exit 1
fi

mapfile -t libs < <(awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 } $1 ~ /^\// { print $1, $1 }' <<<"$ldd_out")

# ldd prints /lib/... where dpkg may record /usr/lib/... (usrmerge), or the reverse, or the real
# file behind a symlink: ask dpkg -S about every spelling at once (one call is much faster).
spellings() {
    local path=$1
    printf '%s\n' "$path" "$(readlink -f "$path")"
    case $path in /usr/*) echo "${path#/usr}" ;; *) echo "/usr$path" ;; esac
}
declare -A owner_of=()
mapfile -t all_spellings < <(for entry in "${libs[@]}"; do spellings "${entry#* }"; done | sort -u)
while IFS= read -r line; do
    # "libfoo1:amd64: /usr/lib/x86_64-linux-gnu/libfoo.so.1" (diversions and multi-owner lines aside)
    [[ $line == *": /"* ]] || continue
    owner_of["${line#*: }"]=${line%%: /*}
done < <(dpkg -S "${all_spellings[@]}" 2>/dev/null || true)
owner() {
    local s pkgs
    while read -r s; do
        pkgs=${owner_of[$s]:-}
        if [ -n "$pkgs" ]; then pkgs=${pkgs%%,*}; echo "${pkgs%%:*}"; return 0; fi
    done < <(spellings "$1")
    return 1
}

bad=0 count=0
for entry in "${libs[@]}"; do
    lib=${entry%% *} path=${entry#* }
    count=$((count + 1))
    if ! pkg=$(owner "$path"); then
        printf '  %-24s %s: no package owns it\n' "$lib" "$path"; bad=1; continue
    fi
    if printf '%s\n' "${listed[@]}" | grep -qx "$pkg"; then how="installed by the Dockerfile"
    elif grep -qx "$pkg" "$base_file"; then how="in the base image"
    elif grep -qx "$pkg" <<<"$closure"; then how="dependency of the installed packages"
    else how="MISSING: add $pkg to the runtime stage"; bad=1
    fi
    printf '  %-24s %-22s %s\n' "$lib" "$pkg" "$how"
done

[ $bad -eq 0 ] || { echo "FAIL: the runtime stage does not provide every library the binary links" >&2; exit 1; }
echo "all $count libraries are provided by the runtime stage"
