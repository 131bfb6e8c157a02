#!/usr/bin/env python3
"""Draws examples/card.png: a 1080x1920 story card (streak theme) with only the standard library.

Deterministic: the same bytes every run. Usage: scripts/make-example-card.py [OUT]
"""
import math
import struct
import sys
import zlib

W, H = 1080, 1920
TOP, BOTTOM = (76, 29, 149), (249, 115, 22)  # violet -> orange, the "streak" theme


def lerp(a, b, t):
    return int(round(a + (b - a) * t))


def pixel(x, y):
    t = y / (H - 1)
    r, g, b = (lerp(TOP[i], BOTTOM[i], t) for i in range(3))
    # A soft white panel with rounded corners.
    px, py, pw, ph, radius = 120, 560, 840, 800, 64
    dx = max(px + radius - x, 0, x - (px + pw - radius))
    dy = max(py + radius - y, 0, y - (py + ph - radius))
    if px <= x < px + pw and py <= y < py + ph and dx * dx + dy * dy <= radius * radius:
        r, g, b = (lerp(c, 255, 0.88) for c in (r, g, b))
        # A flame-coloured badge.
        cx, cy, d = 540, 820, math.hypot(x - 540, y - 820)
        if d < 150:
            k = d / 150
            r, g, b = 255, lerp(200, 90, k), lerp(60, 20, k)
        # Seven day dots.
        for i in range(7):
            if math.hypot(x - (250 + i * 97), y - 1060) < 34:
                r, g, b = (249, 115, 22)
        # A progress bar.
        if 220 <= x < 860 and 1180 <= y < 1220:
            r, g, b = (249, 115, 22) if x < 220 + 640 * 0.7 else (226, 232, 240)
    return r, g, b


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "examples/card.png"
    rows = bytearray()
    for y in range(H):
        rows.append(0)
        for x in range(W):
            rows.extend(pixel(x, y))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    with open(out, "wb") as f:
        f.write(png)
    print(f"wrote {out} ({W}x{H}, {len(png)} bytes)")


if __name__ == "__main__":
    main()
