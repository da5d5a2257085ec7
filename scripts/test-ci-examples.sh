#!/usr/bin/env bash
# The CI examples (examples/ci/) against the published schemas of GitHub Actions workflows and GitLab
# CI files, as PyPI's check-jsonschema vendors them (--builtin-schema): offline, every HTTP request
# is sent to a closed port, so a schema that wanted fetching would fail the check, not be fetched.
# And since a check that cannot fail proves nothing, a copy of each with one deliberate mistake must
# be refused, for that mistake. (examples/ci/motion is run in the image by scripts/test-container.sh.)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
# As a module: pip may put its command where PATH does not look (~/.local/bin).
check-jsonschema() { python3 -m check_jsonschema "$@"; }
python3 -c 'import check_jsonschema' 2>/dev/null || fail "check-jsonschema is missing: scripts/install-deps.sh test"
export HTTP_PROXY=http://127.0.0.1:9 HTTPS_PROXY=http://127.0.0.1:9 http_proxy=http://127.0.0.1:9 \
    https_proxy=http://127.0.0.1:9 NO_PROXY='' no_proxy=''

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

checks=(
    # FILE  SCHEMA  SED (the mistake)  WHAT THE REFUSAL MUST SAY
    "examples/ci/github-actions.yml|vendor.github-workflows|s/^    runs-on:/    runs_on:/|'runs-on' is a required property"
    "examples/ci/gitlab-ci.yml|vendor.gitlab-ci|s/^    when: always\$/    when: allways/|'allways' is not one of"
)
for check in "${checks[@]}"; do
    IFS='|' read -r file schema mistake refusal <<<"$check"
    check-jsonschema --builtin-schema "$schema" "$file" >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; fail "$file is not a valid $schema file"; }
    echo "$file: valid ($schema)"

    broken="$tmp/broken-$(basename "$file")"
    sed "$mistake" "$file" >"$broken"
    ! cmp -s "$file" "$broken" || fail "the mistake '$mistake' changes nothing in $file: update this script"
    if check-jsonschema --builtin-schema "$schema" "$broken" >"$tmp/out" 2>&1; then
        fail "a copy of $file with '$mistake' passes $schema: the check cannot fail"
    fi
    if ! grep -qF 'Schema validation errors' "$tmp/out" || ! grep -qF "$refusal" "$tmp/out"; then
        cat "$tmp/out" >&2
        fail "a copy of $file with '$mistake' was refused, but not with \"$refusal\""
    fi
    echo "  with '$mistake': refused, $refusal"
done
