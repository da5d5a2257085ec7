#!/usr/bin/env python3
"""The proof of Varnish in front of the replicas (deploy/varnish.vcl), run by deploy/run.sh --check.

    deploy/cdn_check.py CDN REPLICA_A REPLICA_B

1. A stored scenario's frame, asked 1,000 times through Varnish by 16 clients at once, costs the
   replicas one render: the frame route's 200s on /metrics, summed over both, rise by exactly one, and
   every answer is the same bytes. A revalidation with its ETag is a 304 from Varnish.
2. A live stream passes through uncached: a command sent straight to replica A shows in the stream
   read through Varnish, whichever replica serves it, as the frame its log gives at that scene time.
Standard library only; exits 1 with the reason on the first failure.
"""
import hashlib
import http.client
import json
import re
import sys
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

cdn, replica_a, replica_b = sys.argv[1:4]
READERS, CLIENTS = 1000, 16


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def get(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def post(url, body=b"", content_type="application/json"):
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": content_type})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def frame_renders():
    """The frame route's successful answers on both replicas: each one was rendered there."""
    total = 0
    for replica in (replica_a, replica_b):
        text = get(f"{replica}/metrics")[2].decode()
        for line in text.splitlines():
            if line.startswith("layercast_http_requests_total{") and 'route="/frame.png"' in line \
                    and 'method="GET"' in line and 'status="200"' in line:
                total += int(float(line.rsplit(" ", 1)[1]))
    return total


# 1. One render for 1,000 readers.
scenario = post(f"{cdn}/scenarios", Path("examples/tour.json").read_bytes())["id"]
version = json.loads(get(f"{cdn}/openapi.json")[2])["info"]["version"]
path = f"/frame.png?scenario={scenario}&ahead=1.5&size=240&v={urllib.parse.quote(version)}"
before = frame_renders()
target = urllib.parse.urlsplit(cdn)


def reader(count):
    connection = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
    seen = []
    for _ in range(count):
        connection.request("GET", path)
        answer = connection.getresponse()
        body = answer.read()
        seen.append((answer.status, hashlib.sha256(body).hexdigest(), answer.getheader("X-Cache"),
                     answer.getheader("Cache-Control"), answer.getheader("ETag")))
    connection.close()
    return seen


with ThreadPoolExecutor(CLIENTS) as pool:
    answers = [a for part in pool.map(reader, [READERS // CLIENTS + (i < READERS % CLIENTS) for i in range(CLIENTS)])
               for a in part]
statuses = {a[0] for a in answers}
if statuses != {200}:
    fail(f"answers through Varnish had statuses {sorted(statuses)}")
if len({a[1] for a in answers}) != 1:
    fail("answers through Varnish differ in their bytes")
if {a[3] for a in answers} != {"public, max-age=31536000, immutable"}:
    fail(f"Cache-Control through Varnish was {sorted({a[3] for a in answers})}")
renders = frame_renders() - before
hits = sum(1 for a in answers if a[2] == "hit")
if renders != 1:
    fail(f"{READERS} requests through Varnish cost the replicas {renders} renders, not 1")
status, headers, _ = get(f"{cdn}{path}", {"If-None-Match": answers[0][4]})
if status != 304 or headers.get("X-Cache") != "hit":
    fail(f"a revalidation through Varnish got {status} ({headers.get('X-Cache')}), not 304 from the cache")
print(f"  {READERS} requests for a scenario's frame through Varnish: {renders} render on the replicas, "
      f"{hits} answered from Varnish's cache, one set of bytes; If-None-Match gets 304 from Varnish")


# 2. A live stream through Varnish shows a command sent to one replica.
def parts(answer):
    """(scene time, JPEG bytes) of each part of a multipart MJPEG answer, as it arrives."""
    while True:
        line = answer.fp.readline()
        if not line:
            return
        if not line.startswith(b"--"):
            continue
        fields = {}
        while (line := answer.fp.readline().strip()):
            name, _, value = line.decode().partition(":")
            fields[name.strip().lower()] = value.strip()
        if "content-length" not in fields:
            continue
        yield float(fields["x-scene-time"]), answer.fp.read(int(fields["content-length"]))


query = "control=play-button&size=120&fps=10&quality=80"
stream = http.client.HTTPConnection(target.hostname, target.port, timeout=10)
stream.request("GET", f"/stream.mjpg?{query}")
answer = stream.getresponse()
if answer.status != 200 or "no-store" not in (answer.getheader("Cache-Control") or "") or answer.getheader("X-Cache"):
    fail(f"the stream through Varnish answered {answer.status}, Cache-Control {answer.getheader('Cache-Control')}, "
         f"X-Cache {answer.getheader('X-Cache')}: not passed through uncached")
frames = parts(answer)
before_time, before_jpeg = next(frames)
reply = post(f"{replica_a}/play-button/mode?mode=pause")
command_time = reply["sceneTime"]
# Both replicas have the command once their log reaches it; the stream's frames after it show it.
deadline = time.monotonic() + 5
while time.monotonic() < deadline:
    if all(json.loads(get(f"{r}/state")[2])["playButton"]["mode"] == "pause" for r in (replica_a, replica_b)):
        break
    time.sleep(0.05)
for scene_time, jpeg in frames:
    if scene_time >= command_time + 0.6:
        break
else:
    fail("the stream through Varnish ended")
stream.close()
expected = get(f"{replica_a}/frame.jpg?{query.replace('&fps=10', '')}&at={scene_time:.6f}")[2]
if jpeg != expected:
    fail(f"the stream's frame at {scene_time} is not replica A's frame.jpg at that time")
if jpeg == before_jpeg:
    fail(f"the stream's frame at {scene_time} is the same as before the command, at {before_time}")
print(f"  a live stream through Varnish: uncached, and mode=pause sent to replica A at {command_time:.3f} s "
      f"shows in it at {scene_time:.3f} s, byte for byte the log's frame")
