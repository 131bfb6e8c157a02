#!/usr/bin/env python3
"""Compute the expected RGBA8 pixel digests of every valid PngSuite file with Pillow.

Usage: scripts/make-pngsuite-digests.py [PNGSUITE_DIR] > Tests/ImagePipelineTests/Fixtures/pngsuite-digests.tsv

PNGSUITE_DIR defaults to Tests/ImagePipelineTests/Fixtures/pngsuite, the copy the tests read.

The reference is Pillow's Image.convert("RGBA") (needs `pip install Pillow`; the tests do not).
Pillow departs from the PNG specification in two cases, and for those files the script builds the
expected pixels from Pillow's own decoded samples instead, and says so in the `reference` column:

  * 16-bit greyscale (mode I;16): convert("RGBA") clips each sample at 255 (so 0x2400 becomes 255).
    Expected: the high byte of each sample (what Pillow does for every other 16-bit type), alpha 0
    where the sample equals the tRNS grey value.
  * 1/2/4-bit greyscale with tRNS: Pillow compares the unscaled tRNS level with the 8-bit-scaled
    samples, so nothing becomes transparent. Expected: the tRNS level scaled the same way.

Files whose names start with "x" are the corrupt ones and are skipped. Output columns: file, width,
height, SHA-256 of the RGBA8 bytes (row by row), reference.
"""

import hashlib
import os
import struct
import sys

from PIL import Image


def ihdr(path):
    with open(path, "rb") as f:
        head = f.read(33)
    width, height, bit_depth, color_type = struct.unpack(">IIBB", head[16:26])
    return width, height, bit_depth, color_type


def expected_rgba(path):
    _, _, bit_depth, color_type = ihdr(path)
    im = Image.open(path)
    im.load()
    trns = im.info.get("transparency")
    if im.mode in ("I;16", "I;16B", "I;16L", "I"):
        # Pillow's own 16-bit samples, reduced to their high byte.
        samples = im.get_flattened_data() if hasattr(im, "get_flattened_data") else im.getdata()
        out = bytearray()
        for v in samples:
            g = (v >> 8) & 0xFF
            out += bytes((g, g, g, 0 if trns is not None and v == trns else 255))
        return bytes(out), "pillow-samples:16-bit-grey-high-byte"
    if im.mode in ("L", "1") and color_type == 0 and bit_depth < 8 and trns is not None:
        scale = 255 // (2**bit_depth - 1)
        level = trns * scale
        gray = im.convert("L").tobytes()
        out = bytearray()
        for g in gray:
            out += bytes((g, g, g, 0 if g == level else 255))
        return bytes(out), "pillow-samples:low-bit-grey-trns-scaled"
    return im.convert("RGBA").tobytes(), "pillow-convert-rgba"


def main():
    default = os.path.join(os.path.dirname(__file__), "..", "Tests", "ImagePipelineTests", "Fixtures", "pngsuite")
    root = sys.argv[1] if len(sys.argv) > 1 else default
    print("# Expected RGBA8 digests for the valid PngSuite files, made by scripts/make-pngsuite-digests.py")
    print("# with Pillow " + Image.__version__ + ". Columns: file, width, height, sha256(RGBA8 rows), reference.")
    for name in sorted(os.listdir(root)):
        if not name.endswith(".png") or name.startswith("x"):
            continue
        path = os.path.join(root, name)
        width, height, _, _ = ihdr(path)
        pixels, reference = expected_rgba(path)
        assert len(pixels) == width * height * 4, name
        print("\t".join((name, str(width), str(height), hashlib.sha256(pixels).hexdigest(), reference)))


if __name__ == "__main__":
    main()
