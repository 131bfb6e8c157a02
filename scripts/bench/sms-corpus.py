#!/usr/bin/env python3
"""Writes a deterministic mixed SMS corpus for scripts/bench-sms.sh: one message per line.

Usage: sms-corpus.py OUT [MIN_BYTES]   (default 1,000,000 bytes)
About half the messages are plain GSM-7 (some with extension characters € [ ] { } ~ ^ | \\), the
rest carry curly quotes and dashes, accents (precomposed and combining), CJK, Cyrillic, emoji with
skin tones, flags and ZWJ sequences; lengths spread over 1 to 5 parts. No CR, LF or escape inside
a message.
"""
import random
import sys

out = sys.argv[1]
minimum = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
rng = random.Random(20261214)

gsm = ["run", "streak", "today", "seven", "days", "in", "a", "row", "café", "Ørsted", "¿qué?", "$5", "@home", "Δ",
       "great", "workout", "morning", "personal", "best", "https://example.com/s/7"]
extension = ["€10", "[done]", "{ok}", "~", "^", "a|b", "C:\\"]
look_alikes = ["it’s", "“great”", "—", "–", "…", "\u00a0", "«oui»"]
unicode = ["中文", "今日は", "Привет", "e\u0301", "n\u0303", "ç", "ğ", "مرحبا", "שלום"]
emoji = ["🔥", "👍🏽", "🇯🇵", "🇫🇷", "👨\u200d👩\u200d👧\u200d👦", "❤️", "1️⃣", "🧑🏾\u200d💻", "💪🏿"]

written = lines = 0
with open(out, "w", encoding="utf-8", newline="") as handle:
    while written < minimum:
        kind = rng.random()
        words = rng.randint(3, 110)
        pieces = []
        for _ in range(words):
            roll = rng.random()
            if kind < 0.5:
                pieces.append(rng.choice(extension) if roll < 0.05 else rng.choice(gsm))
            else:
                pool = look_alikes if roll < 0.1 else unicode if roll < 0.2 else emoji if roll < 0.3 else gsm
                pieces.append(rng.choice(pool))
        data = " ".join(pieces) + "\n"
        handle.write(data)
        written += len(data.encode("utf-8"))
        lines += 1
print(f"{out}: {lines} lines, {written} bytes")
