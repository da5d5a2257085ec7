#!/usr/bin/env python3
"""Reads an MJPEG stream for a while and checks that whole JPEG parts arrive.

Usage: check-stream.py URL [SECONDS]
Prints the number of JPEG parts and their first size; exits 1 when the response is not a
multipart stream or no complete JPEG part (FFD8 ... FFD9, of its Content-Length) arrived.
"""
import http.client
import re
import sys
import time
import urllib.parse


def main():
    url = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    u = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(u.hostname, u.port or 80, timeout=5)
    conn.request("GET", u.path + ("?" + u.query if u.query else ""))
    resp = conn.getresponse()
    ctype = resp.getheader("Content-Type", "")
    m = re.match(r"multipart/x-mixed-replace\s*;\s*boundary=\"?([^\";]+)", ctype)
    if resp.status != 200 or not m:
        sys.exit(f"FAIL: {url}: HTTP {resp.status}, Content-Type {ctype!r}")
    boundary = b"--" + m.group(1).encode()

    data = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        chunk = resp.read1(65536)
        if not chunk:
            break
        data += chunk
    conn.close()

    jpegs = []
    for part in data.split(boundary)[1:]:
        head, sep, body = part.partition(b"\r\n\r\n")
        if not sep or b"image/jpeg" not in head.lower():
            continue
        length = re.search(rb"content-length:\s*(\d+)", head, re.IGNORECASE)
        if length:
            body = body[: int(length.group(1))]
            if len(body) < int(length.group(1)):
                continue  # cut off by the end of the read
        else:
            body = body.rstrip(b"\r\n")
        if body[:3] == b"\xff\xd8\xff" and body[-2:] == b"\xff\xd9":
            jpegs.append(len(body))
    if not jpegs:
        sys.exit(f"FAIL: {url}: {len(data)} bytes in {seconds:g} s but no complete JPEG part")
    print(f"{url}: {len(jpegs)} JPEG parts in {seconds:g} s ({len(data)} bytes), first {jpegs[0]} bytes")


main()
