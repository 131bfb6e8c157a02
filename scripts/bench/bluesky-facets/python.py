"""Times the atproto SDK's facet detection (detect_facets + detect_mentions) over a corpus file.

Usage: .build-venv/bin/python scripts/bench/bluesky-facets/python.py CORPUS PASSES
"""
import sys
import time

from atproto_client.utils.facet_detection import detect_facets, detect_mentions

lines = [line.rstrip("\n") for line in open(sys.argv[1], encoding="utf-8")]
passes = int(sys.argv[2])
start = time.perf_counter()
found = 0
for _ in range(passes):
    for line in lines:
        found += len(detect_facets(line)) + len(detect_mentions(line))
seconds = time.perf_counter() - start
print(f"python atproto: {len(lines) * passes} texts in {seconds:.3f} s, {int(len(lines) * passes / seconds)} texts/s, {found} facets")
