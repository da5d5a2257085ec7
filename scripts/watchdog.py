#!/usr/bin/env python3
"""Runs a test command under a process-level time limit, so a hang ends with its name and a stack
instead of eating CI's whole budget (issue 46):

    scripts/watchdog.py SECONDS LOG [--console REGEX] -- COMMAND [ARG...]

The command's output goes to LOG and to the console (with --console, only the lines matching REGEX,
and the stacks on a hang). Past SECONDS the watchdog names the Swift Testing suites and tests that
started and have not ended, then sends SIGQUIT to the command's whole process group: the Swift
runtime's backtracer (set up here to print every thread) shows where each thread is, even one
blocked in a C call such as read(2), which Swift Testing's .timeLimit cannot stop. The names come
first because the signal can end the hang itself (a read returns EINTR) and let the test 'pass'.
Whatever is left 20 s later is killed. The watchdog then exits 124.
"""
import os
import re
import signal
import subprocess
import sys
import threading
import time

ANSI = re.compile(r"\x1b\[[0-9;]*m")
STARTED = re.compile(r"^\W*((?:Test|Suite) .+) started\.$")
ENDED = re.compile(r"^\W*((?:Test|Suite) .+?) (?:(?:passed|failed) after [0-9.]+ seconds|skipped)")
GRACE = 20  # seconds for the backtracer to print every thread before SIGKILL


def main():
    args = sys.argv[1:]
    if "--" not in args or args.index("--") < 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    split = args.index("--")
    limit, log_path, options, command = float(args[0]), args[1], args[2:split], args[split + 1:]
    console = re.compile(options[1]) if options[:1] == ["--console"] else None
    env = dict(os.environ)
    # preset=full is what prints every thread (threads=all alone does not, on Linux); no registers
    # or image list, which say nothing a reader of a CI log can use; never wait for a debugger.
    env.setdefault("SWIFT_BACKTRACE", "enable=yes,interactive=no,preset=full,registers=none,images=none,color=no")
    env.setdefault("NO_COLOR", "1")
    os.makedirs(os.path.dirname(log_path) or ".", exist_ok=True)
    running = {}
    lock = threading.Lock()
    in_stacks = threading.Event()

    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                               start_new_session=True)

    def pump():
        with open(log_path, "wb") as log:
            for raw in process.stdout:
                log.write(raw)
                log.flush()
                line = ANSI.sub("", raw.decode("utf-8", "replace")).rstrip("\n")
                with lock:
                    if m := STARTED.match(line):
                        running[m[1]] = True
                    elif m := ENDED.match(line):
                        running.pop(m[1], None)
                if console is None or in_stacks.is_set() or console.search(line):
                    sys.stdout.write(line + "\n")
                    sys.stdout.flush()

    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    try:
        status = process.wait(timeout=limit)
        # A child the command left running (a server it started) may hold the pipe open.
        reader.join(timeout=10)
        return status if status >= 0 else 128 - status
    except subprocess.TimeoutExpired:
        pass
    with lock:
        names = sorted(n for n in running if n != "Test run")
    print(f"\n=== watchdog: {' '.join(command)} passed its limit of {limit:.0f} s; still running:", flush=True)
    for name in names or ["(no Swift Testing test had started and not ended)"]:
        print(f"    {name}", flush=True)
    print("=== watchdog: SIGQUIT to every process of it; the stacks follow", flush=True)
    in_stacks.set()
    try:
        os.killpg(process.pid, signal.SIGQUIT)
        process.wait(timeout=GRACE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        pass
    reader.join(timeout=5)
    print(f"=== watchdog: stopped after {limit:.0f} s (whole log: {log_path})", flush=True)
    return 124


if __name__ == "__main__":
    sys.exit(main())
