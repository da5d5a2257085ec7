#!/usr/bin/env bash
# Fails on a sleep call in Tests/ (Swift and Python) that Tests/sleep-allowlist.txt does not list,
# naming its file and line (issue 46): tests wait on a condition with a deadline, never on the clock.
# Comment lines are not calls. An allowlist entry that matches nothing is reported, so the list
# stays what is left.
set -euo pipefail
cd "$(dirname "$0")/.."
allow=Tests/sleep-allowlist.txt
# sleep( usleep( nanosleep(, bare or qualified (Task., Thread., Glibc., a clock, time., asyncio.);
# Playwright's wait_for_timeout( is a sleep too.
calls='(^|[^A-Za-z0-9_])(u|nano)?sleep\(|wait_for_timeout\('
{ grep -rnE --include='*.swift' --include='*.py' "$calls" Tests || true; } | awk -v allow="$allow" '
    BEGIN { n = 0 }
    FNR == NR {
        if ($0 ~ /^[ \t]*(#|$)/) next
        sep = index($0, " — ")
        entry = substr($0, 1, sep - 1)
        colon = index(entry, ":")
        if (sep == 0 || colon == 0 || length(substr($0, sep + 5)) == 0) {
            printf "%s:%d: not `path:pattern — reason`: %s\n", allow, FNR, $0
            bad = 1
            next
        }
        path[n] = substr(entry, 1, colon - 1); pattern[n] = substr(entry, colon + 1); line[n] = FNR; n++
        next
    }
    $0 != "" {
        c1 = index($0, ":"); file = substr($0, 1, c1 - 1); rest = substr($0, c1 + 1)
        c2 = index(rest, ":"); number = substr(rest, 1, c2 - 1); text = substr(rest, c2 + 1)
        if (text ~ /^[ \t]*(\/\/|#|\*)/) next
        listed = 0
        for (i = 0; i < n; i++) if (file == path[i] && index(text, pattern[i]) > 0) { listed = 1; used[i] = 1 }
        if (!listed) {
            sub(/^[ \t]+/, "", text)
            printf "%s:%s: a sleep, not in %s: %s\n", file, number, allow, text
            bad = 1
        }
    }
    END {
        for (i = 0; i < n; i++) if (!used[i]) printf "%s:%d: matches no sleep any more: %s:%s\n", allow, line[i], path[i], pattern[i]
        if (bad) print "Wait on a condition with a deadline (eventually, wait_until), or list the sleep with its reason in " allow "."
        exit bad
    }
' "$allow" -
