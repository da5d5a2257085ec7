#!/usr/bin/env python3
"""Reads an MJPEG stream for a while and checks that whole JPEG parts arrive.

Usage: check-stream.py URL [SECONDS]
Prints the number of JPEG parts and their first size; exits 1 when the response is not a
multipart stream or no complete JPEG part (FFD8 ... FFD9, of its Content-Length) arrived.
"""
import http.client
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from mjpeg import MultipartParser, boundary_of, is_jpeg  # noqa: E402


def main():
    url = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    u = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(u.hostname, u.port or 80, timeout=5)
    conn.request("GET", u.path + ("?" + u.query if u.query else ""))
    resp = conn.getresponse()
    ctype = resp.getheader("Content-Type", "")
    boundary = boundary_of(ctype)
    if resp.status != 200 or not boundary:
        sys.exit(f"FAIL: {url}: HTTP {resp.status}, Content-Type {ctype!r}")

    parser = MultipartParser(boundary)
    received = 0
    jpegs = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        chunk = resp.read1(65536)
        if not chunk:
            break
        received += len(chunk)
        jpegs += [len(body) for headers, body in parser.feed(chunk)
                  if "image/jpeg" in headers.get("content-type", "") and is_jpeg(body)]
    conn.close()

    if not jpegs:
        sys.exit(f"FAIL: {url}: {received} bytes in {seconds:g} s but no complete JPEG part")
    print(f"{url}: {len(jpegs)} JPEG parts in {seconds:g} s ({received} bytes), first {jpegs[0]} bytes")


main()
