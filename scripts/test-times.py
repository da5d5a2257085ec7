#!/usr/bin/env python3
"""The end of `make test`: its stage table and the slowest tests of each runner (issue 46).

    scripts/test-times.py TIMES.tsv STAGE_LOG_FOLDER

TIMES.tsv is scripts/test-stages.sh's (stage, kind, seconds, budget, status). The table marks each
stage over its budget and adds up testing and compiling apart. The slowest tests come from the
stages' logs: Swift Testing's 'Test NAME passed after S seconds.' lines and pytest's --durations
lines; they are also written beside TIMES.tsv as test-slowest.tsv. The last line counts the tests of
every runner, passed and failed, in the plain form CI reads.
"""
import csv
import os
import re
import sys

ANSI = re.compile(r"\x1b\[[0-9;]*m")
SWIFT_TEST = re.compile(r"^\W*Test (?!run with)(.+?) (passed|failed) after ([0-9.]+) seconds")
PYTEST_DURATION = re.compile(r"^\s*([0-9.]+)s (call|setup|teardown)\s+(\S+)")
# pytest's closing line, framed by = signs or, with -q, bare: "120 passed in 351.23s (0:05:51)".
PYTEST_SUMMARY = re.compile(r"^=* ?((?:\d+ (?:passed|failed|errors?|skipped|deselected|xfailed|xpassed|warnings?)(?:, )?)+) in [0-9.]+s")
SLOWEST = 6
# Stages whose console shows only verdicts keep their runner's whole output in a log of their own
# (scripts/test-sanitizers.sh names these).
RUNNER_LOGS = {"tsan-test": "artifacts/sanitizer-thread.log", "asan-test": "artifacts/sanitizer-address.log"}


def read_stages(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def runner_results(log):
    """(slowest [(seconds, name)], passed, failed) of the test runners in one stage's log."""
    slow, passed, failed = [], 0, 0
    with open(log, errors="replace") as f:
        for raw in f:
            line = ANSI.sub("", raw).rstrip("\n")
            # Swift Testing ends each test with one line; a suite's line starts 'Suite', not 'Test'.
            if m := SWIFT_TEST.search(line):
                if m[2] == "passed":
                    passed += 1
                else:
                    failed += 1
                slow.append((float(m[3]), m[1]))
            elif m := PYTEST_DURATION.match(line):
                slow.append((float(m[1]), f"{m[3]} ({m[2]})"))
            elif m := PYTEST_SUMMARY.match(line):
                for count, word in re.findall(r"(\d+) (passed|failed|error|errors)", m[1]):
                    if word == "passed":
                        passed += int(count)
                    else:
                        failed += int(count)
    slow.sort(reverse=True)
    return slow[:SLOWEST], passed, failed


def main():
    times, logs = sys.argv[1], sys.argv[2]
    stages = read_stages(times)
    print()
    print("=== make test: stages (seconds against budget; * over budget)")
    print(f"{'stage':<24}{'kind':<9}{'seconds':>8}{'budget':>8}  status")
    totals = {"test": [0, 0], "compile": [0, 0]}
    for s in stages:
        seconds = int(s["seconds"]) if s["seconds"] else None
        budget = int(s["budget"])
        over = "*" if seconds is not None and seconds > budget else " "
        shown = "" if seconds is None else str(seconds)
        print(f"{s['stage']:<24}{s['kind']:<9}{shown:>8}{budget:>8} {over}{s['status']}")
        totals[s["kind"]][0] += seconds or 0
        totals[s["kind"]][1] += budget
    for kind, (seconds, budget) in totals.items():
        print(f"{'all ' + {'test': 'testing', 'compile': 'compiling'}[kind]:<33}{seconds:>8}{budget:>8} {'*' if seconds > budget else ' '}")
    whole = sum(t[0] for t in totals.values())
    print(f"{'whole run':<33}{whole:>8}{sum(t[1] for t in totals.values()):>8}  ({whole / 60:.1f} min)")

    slowest_rows, passed, failed = [], 0, 0
    for s in stages:
        log = RUNNER_LOGS.get(s["stage"]) or os.path.join(logs, s["stage"] + ".log")
        if not s["seconds"] or not os.path.exists(log):
            continue
        slow, p, f = runner_results(log)
        passed, failed = passed + p, failed + f
        if slow:
            print(f"--- slowest tests of {s['stage']}")
            for seconds, name in slow:
                print(f"{seconds:9.1f} s  {name}")
                slowest_rows.append((s["stage"], f"{seconds:.1f}", name))
    with open(os.path.join(os.path.dirname(times), "test-slowest.tsv"), "w") as f:
        f.write("stage\tseconds\ttest\n")
        for row in slowest_rows:
            f.write("\t".join(row) + "\n")
    print(f"tests: {passed} passed, {failed} failed")


if __name__ == "__main__":
    main()
