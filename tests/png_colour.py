#!/usr/bin/env python3
"""Counts the pixels of one colour in a PNG the app wrote (its `shot`), for end-to-end scripts
that check something is drawn: png_colour.py FILE R,G,B [--at-least N] [--at-most N].

Reads 8-bit RGB or RGBA PNGs without interlacing (what SDL_image writes) with the standard
library alone; exits 1 when the count is outside the bounds given."""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, f"{path}: unsupported PNG"
            step = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * step
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - step] if i >= step else 0
            b, c = prev[i], prev[i - step] if i >= step else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return rows, step


def main():
    path, colour = sys.argv[1], tuple(int(v) for v in sys.argv[2].split(","))
    bounds = dict(zip(sys.argv[3::2], (int(v) for v in sys.argv[4::2])))
    rows, step = pixels(path)
    n = sum(1 for line in rows for i in range(0, len(line), step) if tuple(line[i:i + 3]) == colour)
    low, high = bounds.get("--at-least", 0), bounds.get("--at-most", 1 << 62)
    print(f"{path}: {n} pixels of {colour} (expected {low} to {high})")
    sys.exit(0 if low <= n <= high else 1)


main()
