#!/usr/bin/env python3
"""Five 3 s bursts of commands at a running server, then its RSS as time passes.

Usage: scripts/command-storm.py PORT PID
Four keep-alive connections send POST commands to every control as fast as they are answered;
the server's RSS (from /proc/PID/status) is printed after each burst, then 10 s, 33 s and 70 s
after the last (70 s: past the default 60 s history span). docs/performance.md §Memory after
command storms has the figures.
"""
import http.client
import sys
import threading
import time

COMMANDS = ["/play-button/mode?mode=pause", "/play-button/mode?mode=play", "/meter/press", "/meter/release",
            "/player/toggle", "/spinner/stop", "/spinner/start", "/player/seek?progress=30"]


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) // 1024
    return -1


def burst(port, seconds, counts):
    end = time.time() + seconds
    connection = http.client.HTTPConnection("127.0.0.1", port)
    sent = 0
    while time.time() < end:
        connection.request("POST", COMMANDS[sent % len(COMMANDS)])
        connection.getresponse().read()
        sent += 1
    counts.append(sent)


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    print("start", rss_mib(pid), "MiB", flush=True)
    counts = []
    for n in range(5):
        threads = [threading.Thread(target=burst, args=(port, 3, counts)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        print(f"after burst {n + 1}: {rss_mib(pid)} MiB, {sum(counts)} commands", flush=True)
        time.sleep(1)
    waited = 0
    for mark in (10, 33, 70):
        time.sleep(mark - waited)
        waited = mark
        print(f"+{mark} s: {rss_mib(pid)} MiB", flush=True)


if __name__ == "__main__":
    main()
