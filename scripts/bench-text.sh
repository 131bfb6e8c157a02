#!/usr/bin/env bash
# Benchmarks sharevia's text counting and fitting against the Python twitter-text-parser on the
# same generated corpus, in the same run.
#
#   scripts/bench-text.sh            # ≥1.1 MB corpus, results in bench-out/text/
#   BENCH_TEXT_BYTES=5000000 scripts/bench-text.sh
#
# Builds sharevia in release (scratch path .build-release-text), writes the corpus with a fixed
# seed, installs twitter-text-parser into bench-out/text/venv from PyPI, then times:
#   count: sharevia text count --for x --lines --quiet  vs  parse_tweet() on every line
#   fit:   sharevia text fit --for x --lines --quiet --url … --hashtag fitness
#          vs a simpler fit in Python on top of parse_tweet() (binary search over code-point
#          prefixes: no grapheme, URL or mention protection and no look-ahead, so it does less work)
# sharevia is timed as a whole process (start-up and reading stdin included), best of 3.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out="$root/bench-out/text"
mkdir -p "$out"
bytes=${BENCH_TEXT_BYTES:-1100000}

echo "== building sharevia (release)"
swift build -c release --scratch-path .build-release-text --product sharevia 2>&1 | tail -1
bin="$(swift build -c release --scratch-path .build-release-text --show-bin-path)/sharevia"

if ! "$bin" text count --for x "smoke test" >/dev/null 2>&1; then
    echo "error: $bin text count fails; fix the build before benchmarking" >&2
    exit 1
fi

echo "== corpus"
python3 scripts/bench/text-corpus.py "$out/corpus.txt" "$bytes"
corpus_bytes=$(wc -c <"$out/corpus.txt")
corpus_lines=$(wc -l <"$out/corpus.txt")

echo "== twitter-text-parser"
if [ ! -x "$out/venv/bin/python" ]; then python3 -m venv "$out/venv"; fi
"$out/venv/bin/pip" install --quiet --disable-pip-version-check twitter-text-parser
"$out/venv/bin/pip" show twitter-text-parser 2>/dev/null | grep -E '^(Name|Version):' | tr '\n' ' '; echo

source scripts/bench/corpus-timing.sh

echo "== timing"
swift_count=$(best_of_3 "$bin" text count --for x --lines --quiet)
swift_fit=$(best_of_3 "$bin" text fit --for x --lines --quiet --url https://example.com/share --hashtag fitness)
python_out=$("$out/venv/bin/python" scripts/bench/text-python.py "$out/corpus.txt" "$out/python-counts.txt")
python_count=$(echo "$python_out" | awk '$1=="count"{print $3}')
python_fit=$(echo "$python_out" | awk '$1=="fit"{print $3}')

# Agreement: sharevia's count against twitter-text-parser's on every line (not timed).
"$bin" text count --for x --lines <"$out/corpus.txt" | sed -E 's/^x: ([0-9]+)\/.*/\1/' >"$out/sharevia-counts.txt"
agree=$(paste -d' ' "$out/sharevia-counts.txt" "$out/python-counts.txt" | awk '$1==$2{n++} END{print n+0}')

mb=$(echo "$corpus_bytes / 1000000" | bc -l)
row() {  # row NAME SECONDS
    printf "  %-52s %8.3f s %12.0f strings/s %9.2f MB/s\n" "$1" "$2" \
        "$(echo "$corpus_lines / $2" | bc -l)" "$(echo "$mb / $2" | bc -l)"
}
echo
echo "corpus: $corpus_lines strings, $corpus_bytes bytes (seed 20261122); $(nproc) cores; $(uname -m)"
row "sharevia text count --for x" "$swift_count"
row "twitter-text-parser parse_tweet" "$python_count"
row "sharevia text fit --for x" "$swift_fit"
row "twitter-text-parser fit (simpler: code-point prefix)" "$python_fit"
printf "  count: %.1fx  fit: %.1fx vs the simpler Python fit  (targets, issue 24: count 50x; fit 20x)\n" \
    "$(echo "$python_count / $swift_count" | bc -l)" "$(echo "$python_fit / $swift_fit" | bc -l)"
echo "  weighted lengths equal on $agree of $corpus_lines strings"
# twitter-text-parser's emoji table predates Unicode 12.1, so it counts 🧑🏾‍💻 as 🧑🏾 + ZWJ + 💻 = 5
# where X (and sharevia) count one emoji sequence, 2. Check every difference is exactly that.
unexplained=$(paste -d'\t' "$out/sharevia-counts.txt" "$out/python-counts.txt" "$out/corpus.txt" |
    awk -F'\t' '$1 != $2 { n = gsub("🧑🏾‍💻", "&", $3); if ($2 - $1 != 3 * n) bad++ } END { print bad + 0 }')
echo "  differences not explained by 🧑🏾‍💻 (newer than twitter-text-parser's emoji table): $unexplained"
