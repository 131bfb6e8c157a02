#!/usr/bin/env bash
# Benchmarks `sharevia --to clipboard CARD` (verified) beside `xclip` alone on a private Xvfb.
#
# Whole process, median of N runs (hyperfine), and peak RSS (/usr/bin/time -f %M, the largest of
# several runs). Target: sharevia within 2x of xclip alone. Measures the release build with the
# Swift runtime linked dynamically and, unless BENCH_STATIC=0, with --static-swift-stdlib.
#
# Usage: scripts/bench-clipboard.sh [CARD.png]
#   BENCH_RUNS=30       runs per command (default 30)
#   BENCH_STATIC=0      skip the static-stdlib build
#   BENCH_SKIP_BUILD=1  reuse existing release builds
# Needs: swift, Xvfb, xclip, hyperfine, jq, GNU time (apt-get install -y xvfb xclip hyperfine jq time).
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS="${BENCH_RUNS:-30}"
STATIC="${BENCH_STATIC:-1}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/sharevia-bench-clipboard.XXXXXX")"
XVFB_PID=""

cleanup() {
    if [[ -n "$XVFB_PID" ]]; then
        kill "$XVFB_PID" 2>/dev/null || true
        wait "$XVFB_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

for tool in Xvfb xclip hyperfine jq /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "error: $tool not found (apt-get install -y xvfb xclip hyperfine jq time)" >&2; exit 1; }
done

# --- The card ---------------------------------------------------------------
CARD="${1:-examples/card.png}"
if [[ ! -f "$CARD" ]]; then
    echo "note: $CARD missing; generating a 1080x1920 card with ImageMagick" >&2
    CARD="$WORK/card.png"
    convert -size 1080x1920 gradient:'#1d2671-#c33764' -gravity center -pointsize 96 -fill white \
        -annotate 0 '7-day streak' "$CARD"
fi
CARD="$(cd "$(dirname "$CARD")" && pwd)/$(basename "$CARD")"

# --- Builds -----------------------------------------------------------------
DYNAMIC_BIN=".build-release-clip/release/sharevia"
STATIC_BIN=".build-release-clip-static/release/sharevia"
if [[ "${BENCH_SKIP_BUILD:-0}" != 1 ]]; then
    echo "building release (dynamic Swift runtime)..." >&2
    swift build -c release --scratch-path .build-release-clip --product sharevia >&2
    if [[ "$STATIC" == 1 ]]; then
        echo "building release (--static-swift-stdlib)..." >&2
        swift build -c release --static-swift-stdlib --scratch-path .build-release-clip-static --product sharevia >&2
    fi
fi
[[ -x "$DYNAMIC_BIN" ]] || { echo "error: $DYNAMIC_BIN not built" >&2; exit 1; }
[[ "$STATIC" != 1 || -x "$STATIC_BIN" ]] || { echo "error: $STATIC_BIN not built" >&2; exit 1; }

# --- A private X server ------------------------------------------------------
N=90
while [[ -e "/tmp/.X11-unix/X$N" || -e "/tmp/.X$N-lock" ]]; do N=$((N + 1)); done
Xvfb ":$N" -nolisten tcp -screen 0 1280x1024x24 >"$WORK/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 1 200); do [[ -S "/tmp/.X11-unix/X$N" ]] && break; sleep 0.05; done
[[ -S "/tmp/.X11-unix/X$N" ]] || { echo "error: Xvfb :$N did not start: $(cat "$WORK/xvfb.log")" >&2; exit 1; }

# Only what the commands need: a display, the PATH, and private data/temp dirs so a fallback
# can't write into the real home (and --no-fallback makes a failed copy fail the benchmark).
mkdir -p "$WORK/data" "$WORK/tmp"
export DISPLAY=":$N" XDG_DATA_HOME="$WORK/data" TMPDIR="$WORK/tmp"
unset WAYLAND_DISPLAY

# --- Check that each sharevia build really copies the card --------------------
check() {
    local bin="$1"
    "$bin" --to clipboard --no-fallback "$CARD" >"$WORK/check.out" 2>&1 || {
        echo "error: $bin --to clipboard failed:" >&2; cat "$WORK/check.out" >&2; exit 1; }
    xclip -selection clipboard -t image/png -o >"$WORK/readback.png"
    cmp -s "$CARD" "$WORK/readback.png" || { echo "error: $bin: clipboard does not hold the card" >&2; exit 1; }
}
check "$DYNAMIC_BIN"
[[ "$STATIC" == 1 ]] && check "$STATIC_BIN"

# --- Timing ------------------------------------------------------------------
NAMES=("xclip alone" "sharevia (verified)" "sharevia --no-verify")
CMDS=("xclip -selection clipboard -t image/png -i $CARD"
      "$DYNAMIC_BIN --to clipboard --no-fallback $CARD"
      "$DYNAMIC_BIN --to clipboard --no-fallback --no-verify $CARD")
if [[ "$STATIC" == 1 ]]; then
    NAMES+=("sharevia static (verified)" "sharevia static --no-verify")
    CMDS+=("$STATIC_BIN --to clipboard --no-fallback $CARD"
           "$STATIC_BIN --to clipboard --no-fallback --no-verify $CARD")
fi

HF_ARGS=(-N --warmup 3 --runs "$RUNS" --export-json "$WORK/hyperfine.json" --style none)
for i in "${!CMDS[@]}"; do HF_ARGS+=(-n "${NAMES[$i]}" "${CMDS[$i]}"); done
hyperfine "${HF_ARGS[@]}" >/dev/null

peak_rss_kb() {
    local max=0 kb
    for _ in 1 2 3 4 5; do
        # shellcheck disable=SC2086
        kb=$( { /usr/bin/time -f %M $1 >/dev/null 2>/dev/null; } 2>&1 | tail -n 1)
        (( kb > max )) && max=$kb
    done
    echo "$max"
}

BASE_MS=$(jq '.results[0].median * 1000' "$WORK/hyperfine.json")
BASE_KB=$(peak_rss_kb "${CMDS[0]}")
echo
echo "card: $CARD ($(stat -c %s "$CARD") bytes), display :$N, $RUNS runs each, $(nproc) cores"
printf '%-30s %12s %12s %10s %12s %9s\n' "command" "median ms" "min ms" "x xclip" "peak RSS MB" "x xclip"
for i in "${!CMDS[@]}"; do
    median=$(jq ".results[$i].median * 1000" "$WORK/hyperfine.json")
    min=$(jq ".results[$i].min * 1000" "$WORK/hyperfine.json")
    if [[ $i == 0 ]]; then kb=$BASE_KB; else kb=$(peak_rss_kb "${CMDS[$i]}"); fi
    printf '%-30s %12.1f %12.1f %10.2f %12.1f %9.2f\n' "${NAMES[$i]}" "$median" "$min" \
        "$(jq -n "$median / $BASE_MS")" "$(jq -n "$kb / 1024")" "$(jq -n "$kb / $BASE_KB")"
done
echo
echo "target: sharevia (verified) within 2x of xclip alone (median wall time)"
