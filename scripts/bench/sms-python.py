#!/usr/bin/env python3
"""A Python SMS counter built on the gsm0338 codec, for scripts/bench-sms.sh.

Reads one message per line on standard input; prints `ENCODING UNITS SEGMENTS` per line. GSM-7
when gsm0338 encodes the text (units: its bytes, an extension character being ESC + code), packed
into 153-septet parts without splitting an escape pair; otherwise UCS-2 in UTF-16 units, packed
into 67-unit parts without splitting a surrogate pair. Python's standard library has no grapheme
segmentation, so unlike sharevia it may cut a cluster (a flag, a ZWJ sequence) between parts.
"""
import sys

import gsm0338  # noqa: F401  (registers the "gsm03.38" codec)


def count(text):
    try:
        encoded = text.encode("gsm03.38")
    except UnicodeEncodeError:
        widths = [2 if ord(c) > 0xFFFF else 1 for c in text]
        units = sum(widths)
        if units <= 70:
            return "UCS-2", units, 1
        parts, used = 1, 0
        for width in widths:
            if used + width > 67:
                parts, used = parts + 1, width
            else:
                used += width
        return "UCS-2", units, parts
    units = len(encoded)
    if units <= 160:
        return "GSM-7", units, 1
    parts, used, index = 1, 0, 0
    while index < units:
        width = 2 if encoded[index] == 0x1B else 1
        if used + width > 153:
            parts, used = parts + 1, width
        else:
            used += width
        index += width
    return "GSM-7", units, parts


out = []
for line in sys.stdin.buffer.read().decode("utf-8").split("\n")[:-1]:
    encoding, units, parts = count(line)
    out.append(f"{encoding} {units} {parts}")
sys.stdout.write("\n".join(out) + "\n")
