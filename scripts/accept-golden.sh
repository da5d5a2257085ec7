#!/usr/bin/env bash
# Accepts golden images after an intended visual change. A failed golden test leaves the actual
# frame (NAME.png) and a diff (NAME.diff.png) under .build/golden-failures/, at the path its
# reference has in the repository, and names both in the failure. Look at them first; then this
# copies the actuals over their references (all of them, or only the NAMEs given) and clears them.
# It runs no test and cannot make one pass: run the suite again afterwards, and commit the images.
# Usage: scripts/accept-golden.sh [NAME ...]
set -euo pipefail
cd "$(dirname "$0")/.."
failures=.build/golden-failures
accepted=0
while IFS= read -r -d '' actual; do
    name=$(basename "$actual" .png)
    if [ $# -gt 0 ] && [[ ! " $* " == *" $name "* ]]; then continue; fi
    reference=${actual#"$failures/"}
    mkdir -p "$(dirname "$reference")"
    cp "$actual" "$reference"
    rm -f "$actual" "${actual%.png}.diff.png"
    echo "accepted $reference"
    accepted=$((accepted + 1))
done < <(find "$failures" -name '*.png' ! -name '*.diff.png' -print0 2>/dev/null | sort -z)
if [ "$accepted" -eq 0 ]; then
    echo "no failed golden images${*:+ named $*} in $failures (a failed golden test leaves them there)" >&2
    exit 1
fi
