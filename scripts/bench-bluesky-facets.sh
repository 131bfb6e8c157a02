#!/usr/bin/env bash
# Bluesky facet detection: sharevia's BlueskyFacetDetector (built -O from its sources) against the atproto
# Python SDK's detect_facets + detect_mentions, on the same seeded corpus of 20,000 mixed texts (emoji, ZWJ,
# CJK, RTL, combining marks, links, tags, mentions, cashtags), in one run. Both must find the same number
# of facets. Usage: scripts/bench-bluesky-facets.sh (after scripts/install-deps.sh test)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sources=Sources/Destinations/Bluesky
swiftc -O -package-name bench -module-name BlueskyFacetBench "$sources/ATProtoSyntax.swift" \
  "$sources/BlueskyFacetDetector.swift" "$sources/BlueskyFacet.swift" "$sources/BlueskyTLDs.swift" \
  "$sources/BlueskyEmbed.swift" "$sources/BlueskyBlob.swift" "$sources/BlueskyRecordError.swift" \
  scripts/bench/bluesky-facets/main.swift -o "$work/bench"
python3 - "$work/corpus.txt" <<'PY'
import random, sys
random.seed(20261126)
pieces = ["run", "café", "naïve", "🔥", "👨‍👩‍👧‍👦", "🧑🏾‍💻", "🇯🇵", "今日は", "黄鹤楼。", "مرحبا", "שלום", "e\u0301\u0323",
          "https://example.com/a?b=c", "example.org/path", "bsky.app.", "(https://x.com/y)", "#fitness", "#日本", "#123",
          "#tag!", "@alice.bsky.social", "@bob.test,", "$AAPL", "a@b.com", "streak", "today", "great", "workout"]
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for _ in range(20000):
        out.write(" ".join(random.choice(pieces) for _ in range(random.randint(5, 40))) + "\n")
PY
for _ in 1 2 3; do
  "$work/bench" <"$work/corpus.txt"
  .build-venv/bin/python scripts/bench/bluesky-facets/python.py "$work/corpus.txt" 1
done
