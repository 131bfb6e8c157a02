#!/usr/bin/env bash
# Benchmarks `sharevia sms count --lines` against a Python counter built on the gsm0338 codec
# (scripts/bench/sms-python.py), on the same generated 1 MB mixed corpus, in the same run.
#
#   scripts/bench-sms.sh                       # results in bench-out/sms/
#   BENCH_SMS_BYTES=5000000 BENCH_SMS_RUNS=20 scripts/bench-sms.sh
#
# Builds sharevia as a static release (as the other benchmarks and scripts/install.sh do), writes
# the corpus with a fixed seed (scripts/bench/sms-corpus.py), uses the venv scripts/install-deps.sh
# test makes (.build-venv, with gsm0338), then times both as whole processes reading the corpus
# file on stdin, taking turns, 10 runs each (BENCH_SMS_RUNS); it prints the best and the median. sharevia
# prints more per line (what forced UCS-2, what smart encoding would save) and keeps grapheme
# clusters whole; the Python counter prints encoding, units and segments only.
# Afterwards it checks that both give the same encoding, units and segments on every line, except
# where a grapheme cluster straddles a UCS-2 part boundary (the Python counter cuts it).
# It also times the shell builtin `true` the same way, to show what the timing itself adds (bash's
# $EPOCHREALTIME, no fork: tens of microseconds). sharevia counts a file's lines in chunks that
# one thread per core reads and counts at the same time; the Python counter uses one core.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out="$root/bench-out/sms"
mkdir -p "$out"
bytes=${BENCH_SMS_BYTES:-1000000}
runs=${BENCH_SMS_RUNS:-10}
scripts/install-deps.sh test >/dev/null
python="$root/.build-venv/bin/python"

echo "== building sharevia (static release, as scripts/install.sh installs it)"
source scripts/static-build-flags.sh
swift build -c release --product sharevia "${STATIC_BUILD_FLAGS[@]}" 2>&1 | tail -1
bin="$(swift build -c release "${STATIC_BUILD_FLAGS[@]}" --show-bin-path)/sharevia"
"$bin" sms count "smoke test" >/dev/null

echo "== corpus"
python3 scripts/bench/sms-corpus.py "$out/corpus.txt" "$bytes"
corpus_bytes=$(wc -c <"$out/corpus.txt")
corpus_lines=$(wc -l <"$out/corpus.txt")

source scripts/bench/corpus-timing.sh

echo "== timing"
# The corpus was just written: flush it to disk first, so that writeback doesn't run meanwhile.
sync
# The runs take turns (sharevia, Python, the timer), so that each tool's samples spread over the
# same two seconds and a busy moment of the machine falls on both.
swift_runs=() python_runs=() timer_runs=()
for _ in $(seq "$runs"); do
    swift_runs+=("$(time_once "$bin" sms count --lines)")
    python_runs+=("$(time_once "$python" scripts/bench/sms-python.py)")
    timer_runs+=("$(time_once true)")
done
read -r swift_seconds swift_median < <(best_and_median "${swift_runs[@]}")
read -r python_seconds python_median < <(best_and_median "${python_runs[@]}")
read -r timer_seconds _ < <(best_and_median "${timer_runs[@]}")

# Agreement (not timed): encoding, units, segments per line.
"$bin" sms count --lines --json <"$out/corpus.txt" |
    python3 -c 'import json, sys
for line in sys.stdin:
    r = json.loads(line); print(r["encoding"], r["units"], r["segments"])' >"$out/sharevia-counts.txt"
"$python" scripts/bench/sms-python.py <"$out/corpus.txt" >"$out/python-counts.txt"
read -r agree differ unexplained < <(python3 - "$out" <<'PY'
import sys
out = sys.argv[1]
ours = open(f"{out}/sharevia-counts.txt").read().split("\n")
theirs = open(f"{out}/python-counts.txt").read().split("\n")
texts = open(f"{out}/corpus.txt", encoding="utf-8", newline="").read().split("\n")
ours, theirs, texts = ours[:-1], theirs[:-1], texts[:-1]  # each file ends with a line feed
agree = differ = unexplained = 0
clusters = ("\u200d", "\U0001F1E6", "\u0301", "\u0303", "\ufe0f", "\U0001F3FD", "\U0001F3FE", "\U0001F3FF", "\u20e3")
for a, b, text in zip(ours, theirs, texts):
    if a == b:
        agree += 1
        continue
    differ += 1
    ea, ua, sa = a.split(); eb, ub, sb = b.split()
    # Only more parts for sharevia, same encoding and units, in text with multi-scalar clusters.
    if not (ea == eb == "UCS-2" and ua == ub and int(sa) > int(sb) and any(c in text or (c == "\U0001F1E6" and any(0x1F1E6 <= ord(x) <= 0x1F1FF for x in text)) for c in clusters)):
        unexplained += 1
print(agree, differ, unexplained)
PY
)

mb=$(echo "$corpus_bytes / 1000000" | bc -l)
row() {  # row NAME SECONDS
    printf "  %-48s %8.4f s %12.0f strings/s %8.2f MB/s\n" "$1" "$2" \
        "$(echo "$corpus_lines / $2" | bc -l)" "$(echo "$mb / $2" | bc -l)"
}
echo
echo "corpus: $corpus_lines strings, $corpus_bytes bytes (seed 20261214); $(nproc) cores; $(uname -m)"
row "sharevia sms count --lines" "$swift_seconds"
row "Python counter on gsm0338 $("$python" -c 'import importlib.metadata as m; print(m.version("gsm0338"))')" "$python_seconds"
printf "  sharevia is %.1fx the Python counter (target, issue 24: 30x); medians %.4f s and %.4f s: %.1fx\n" \
    "$(echo "$python_seconds / $swift_seconds" | bc -l)" "$swift_median" "$python_median" \
    "$(echo "$python_median / $swift_median" | bc -l)"
printf "  the timing itself adds %.4f s to each (best of %d of the shell builtin true)\n" "$timer_seconds" "$runs"
echo "  same encoding, units and segments on $agree of $corpus_lines strings; $differ differ, $unexplained not explained by a grapheme cluster kept whole"
