#!/usr/bin/env bash
# The README's API tables, generated from the API's declarations (`layercast api --markdown`).
#   scripts/api-docs.sh          rewrites every table between its <!-- api:TAG --> markers
#   scripts/api-docs.sh --check  changes nothing; fails, with a diff, when the README differs
# Every generated section must have its markers in the README and every marker pair a section,
# so a new tag cannot go undocumented and a removed one cannot linger.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
    "") mode=write ;;
    --check) mode=check ;;
    *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

swift build --product layercast >/dev/null
BIN=$(swift build --show-bin-path)/layercast
"$BIN" api --markdown | MODE=$mode python3 -c '
import difflib, os, re, sys

marker = re.compile(r"<!-- api:(\S+) -->\n(.*?)\n?<!-- /api:\1 -->", re.S)
generated = {tag: body for tag, body in marker.findall(sys.stdin.read())}
with open("README.md") as f:
    readme = f.read()
present = [tag for tag, _ in marker.findall(readme)]
problems = [f"README.md has no <!-- api:{t} --> markers for the generated section {t}" for t in generated if t not in present]
problems += [f"README.md has markers for {t}, which the API does not declare" for t in present if t not in generated]
if problems:
    print("\n".join("api-docs: " + p for p in problems), file=sys.stderr)
    sys.exit(1)
updated = marker.sub(lambda m: f"<!-- api:{m[1]} -->\n{generated[m[1]]}\n<!-- /api:{m[1]} -->", readme)
if os.environ["MODE"] == "write":
    if updated != readme:
        with open("README.md", "w") as f:
            f.write(updated)
        print("api-docs: README.md tables rewritten")
    else:
        print("api-docs: README.md tables already match the declarations")
elif updated != readme:
    sys.stdout.writelines(difflib.unified_diff(readme.splitlines(True), updated.splitlines(True), "README.md", "declared"))
    print("api-docs: the README tables differ from the declarations; run scripts/api-docs.sh", file=sys.stderr)
    sys.exit(1)
else:
    print("api-docs: README.md tables match the declarations")
'
