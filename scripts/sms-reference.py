#!/usr/bin/env python3
"""Counts SMS messages with two independent Python implementations, for SMSReferenceTests.

Reads one JSON string per line on standard input and writes one JSON object per line:
  gsm0338      true when the gsm0338 codec (PyPI gsm0338) encodes the text
  septets      the length of that encoding (an extension character is ESC + code: 2), or null
  smsutil      true when smsutil (PyPI smsutil) picks GSM 03.38 for it
  parts        the number of parts smsutil.split makes
  partLengths  the code points in each of smsutil's parts, in order

Run with the interpreter of the venv scripts/install-deps.sh test creates (.build-venv).
"""
import json
import sys

import gsm0338  # noqa: F401  (registers the "gsm03.38" codec)
import smsutil

for line in sys.stdin:
    text = json.loads(line)
    try:
        septets = len(text.encode("gsm03.38"))
        encodable = True
    except UnicodeEncodeError:
        septets, encodable = None, False
    split = smsutil.split(text)
    print(json.dumps({
        "gsm0338": encodable,
        "septets": septets,
        "smsutil": split.encoding == "gsm0338",
        "parts": len(split.parts),
        "partLengths": [part.length for part in split.parts],
    }))
