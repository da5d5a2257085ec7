#!/usr/bin/env python3
"""The render cache's figures (issue 34; docs/performance.md "Embed and cache"): a release server on a
free loopback port, a stored scenario (examples/tour.json), 200 of its frames asked for once (each a
render) and then again (each from the render cache), at 480 and 240 px; prints the time per request at
the client and the server's CPU per request, then the cache's metrics.

    swift build -c release && scripts/bench-render-cache.py [--binary PATH]
"""
import argparse
import http.client
import json
import os
import socket
import subprocess
import time

parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("--binary", default=".build/release/layercast")
args = parser.parse_args()

with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
server = subprocess.Popen([args.binary, "--port", str(port), "--data", "none", "--log-level", "warning"])
try:
    for _ in range(100):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port)
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            break
        except OSError:
            time.sleep(0.05)
    with open("examples/tour.json", "rb") as tour:
        connection.request("POST", "/scenarios", tour.read(), {"Content-Type": "application/json"})
    scenario = json.loads(connection.getresponse().read())["id"]

    def server_cpu():
        """The server's user and system time, in seconds."""
        with open(f"/proc/{server.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    for size in (480, 240):
        targets = [f"/frame.png?scenario={scenario}&ahead={i / 100:.2f}&size={size}" for i in range(200)]
        for kind in ("rendered", "from the render cache"):
            wall, cpu = time.perf_counter(), server_cpu()
            for target in targets:
                connection.request("GET", target)
                answer = connection.getresponse()
                answer.read()
                assert answer.status == 200, answer.status
            wall, cpu = time.perf_counter() - wall, server_cpu() - cpu
            print(f"{size} px frame.png, {kind}: {1000 * wall / len(targets):.2f} ms a request, "
                  f"server CPU {1000 * cpu / len(targets):.2f} ms")
    connection.request("GET", "/metrics")
    metrics = connection.getresponse().read().decode()
    print("\n".join(line for line in metrics.splitlines() if line.startswith("layercast_render_cache")))
finally:
    server.terminate()
    server.wait()
