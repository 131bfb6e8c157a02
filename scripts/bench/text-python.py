#!/usr/bin/env python3
"""Times twitter-text-parser (the Python port of twitter-text) on the corpus: counting each line
with parse_tweet (config v3), and a simpler fit of each line to 280 than sharevia's: drop
hashtags, then binary-search the longest code-point prefix + "…" + link that parses as valid.
Unlike sharevia it may cut inside a grapheme cluster, a URL, a mention or a hashtag, and it tries
no cuts past the binary search's answer, so it does less work per line.

Usage: text-python.py CORPUS COUNTS_OUT
Prints: count <strings> <seconds>  and  fit <strings> <seconds>
"""
import sys
import time

from twitter_text import parse_tweet

corpus, counts_out = sys.argv[1], sys.argv[2]
lines = open(corpus, encoding="utf-8").read().split("\n")
if lines and lines[-1] == "":
    lines.pop()

start = time.perf_counter()
counts = [parse_tweet(line).weightedLength for line in lines]
count_seconds = time.perf_counter() - start
with open(counts_out, "w") as handle:
    handle.write("\n".join(str(c) for c in counts) + "\n")

LINK = "https://example.com/share"
TAGS = ["fitness"]


def fits(text):
    return parse_tweet(text).weightedLength <= 280


def compose(body, tags):
    parts = [p for p in [body, LINK, " ".join("#" + t for t in tags)] if p]
    return " ".join(parts)


def fit(body):
    tags = list(TAGS)
    if fits(compose(body, tags)):
        return compose(body, tags)
    while tags:
        tags.pop()
        if fits(compose(body, tags)):
            return compose(body, tags)
    low, high, best = 0, len(body) - 1, None
    while low <= high:
        middle = (low + high) // 2
        candidate = compose(body[:middle].rstrip() + "…", tags)
        if fits(candidate):
            best, low = candidate, middle + 1
        else:
            high = middle - 1
    return best or compose("", tags)


start = time.perf_counter()
for line in lines:
    fit(line)
fit_seconds = time.perf_counter() - start
print(f"count {len(lines)} {count_seconds:.3f}")
print(f"fit {len(lines)} {fit_seconds:.3f}")
