#!/usr/bin/env python3
"""Checks that a frame's label is drawn as the reference draws it.

Usage: compare-label.py LABEL_ON.png LABEL_OFF.png REFERENCE_LABEL_ON.png
The first two come from the container, the third from the binary on the host (where the golden
tests run). The label's pixels are those that differ between LABEL_ON and LABEL_OFF; the frame
passes when there are some (text was drawn) and the container differs from the reference in
under 5 % as many pixels (same font, same rasteriser; a fallback font differs in most of them).
Plain zlib PNG decoding, so no imaging package is needed.
"""
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"FAIL: {path} is not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    channels = {2: 3, 6: 4, 0: 1, 4: 2}.get(color)
    if depth != 8 or channels is None or interlace:
        sys.exit(f"FAIL: {path}: only 8-bit, non-interlaced grey/RGB(A) PNGs are handled")
    raw, stride, bpp = zlib.decompress(idat), width * channels, channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, channels, b"".join(rows)


def differing(x, y, channels, tolerance=32):
    return sum(1 for i in range(0, len(x), channels)
               if max(abs(x[i + k] - y[i + k]) for k in range(channels)) > tolerance)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    on, off, ref = (decode(p) for p in sys.argv[1:])
    if on[:3] != off[:3] or on[:3] != ref[:3]:
        sys.exit(f"FAIL: the frames differ in size or format: {on[:3]}, {off[:3]}, {ref[:3]}")
    label = differing(on[3], off[3], on[2])
    if label == 0:
        sys.exit("FAIL: label=on and label=off frames are the same: no text was drawn (fonts missing?)")
    off_reference = differing(on[3], ref[3], on[2])
    if off_reference * 20 >= label:
        sys.exit(f"FAIL: {off_reference} pixels differ from the host's rendering, against {label} pixels of text: another font, or none?")
    print(f"label: {label} pixels of text, {off_reference} differ from the host's rendering")


main()
