#!/usr/bin/env python3
"""Writes a deterministic mixed-script corpus for the text benchmark: one post per line.

Usage: text-corpus.py OUT [MIN_BYTES]   (default 1,100,000 bytes)
Mixes Latin, accented and combining text, CJK, Arabic/Hebrew with directional marks, emoji
(ZWJ families, skin tones, flags, keycaps), URLs with and without a scheme, mentions and
hashtags; lengths spread around and over 280 so fitting has work to do.
"""
import random
import sys

out = sys.argv[1]
minimum = int(sys.argv[2]) if len(sys.argv) > 2 else 1_100_000
rng = random.Random(20261122)

latin = ["run", "streak", "today", "great", "workout", "seven", "days", "in", "a", "row", "morning", "personal", "best",
         "café", "naïve", "jalapeño", "über", "coöperate"]
cjk = ["故人西辞黄鹤楼", "烟花三月", "今日はいい天気", "走りました", "연속 기록", "마라톤", "マラソン完走"]
rtl = ["שלום עולם", "مرحبا بالعالم", "\u202bنص عربي\u202c", "\u2067עברית\u2069"]
emoji = ["👨‍👩‍👧‍👦", "👍🏽", "🇯🇵", "🇫🇷", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "❤️", "🔥", "🧑🏾‍💻", "😷", "🏃‍♀️", "💪🏿"]
combining = ["e\u0301\u0323", "a\u0308", "n\u0303", "กิ่", "Z\u0351\u036b"]
urls = ["https://example.com/a/b?c=d", "http://t.co/abc123", "example.org/path/to/page", "https://bsky.app/profile/x",
        "foo.co.jp", "https://www.youtube.com/watch?v=LOxOAuDHzaw&list=PL9", "twitter.com", "https://en.wikipedia.org/wiki/Primer_(film)"]
tags = ["#fitness", "#日本", "#day7", "#RunEveryDay", "@runner_42", "@alice@mastodon.social"]

kinds = [(latin, 40), (cjk, 12), (rtl, 6), (emoji, 12), (combining, 5), (urls, 10), (tags, 8)]
pools = [pool for pool, weight in kinds for _ in range(weight)]

written = 0
lines = 0
with open(out, "w", encoding="utf-8") as handle:
    while written < minimum:
        words = [rng.choice(rng.choice(pools)) for _ in range(rng.randint(5, 90))]
        line = " ".join(words).replace("\n", " ")
        data = line + "\n"
        handle.write(data)
        written += len(data.encode("utf-8"))
        lines += 1
print(f"{out}: {lines} lines, {written} bytes")
