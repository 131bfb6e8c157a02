#!/usr/bin/env bash
# Share card benchmark: prints figures, asserts nothing.
#
# Renders examples/cards/streak.json (a 1080x1920 story: gradient, badge, emoji hero, headline,
# message, 14-day calendar strip, stats row, footer with a QR code) and encodes it as PNG
# (ImagePipeline's fast settings: the SUB filter on every row, zlib level 1 with the run-length
# strategy), with the fontconfig cache warm (one untimed run first):
#   1. whole process, `sharevia card render` (release build): median wall time and peak RSS;
#   2. 100 cards in one process (`--repeat-count 100`): the median per card;
#   3. beside it, in the same run, ImageMagick's `pango:` coder drawing the same text (the
#      headline, message, stats, footer, the emoji) on the same gradient, written as PNG with the
#      SUB filter at zlib level 6 (slower to encode than sharevia's level 1): the peer for "Pango
#      text on a gradient in one process".
# Targets (issue 16): whole process < 120 ms, < 25 ms per card in one process, < 60 MB peak.
#
# Usage: scripts/bench-cards.sh        (RUNS=10 by default; BENCH_DIR keeps the outputs)
# Needs: imagemagick with its pango coder (libmagickcore-6.q16-6-extra), GNU time
#        (scripts/install-deps.sh bench).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS="${RUNS:-10}"
WORK="${BENCH_DIR:-${TMPDIR:-/tmp}/sharevia-bench-cards}"
mkdir -p "$WORK"
source "$ROOT/scripts/bench/image-lib.sh"

CONVERT=/usr/bin/convert  # Debian's, not a stand-in earlier on PATH
for tool in "$CONVERT" /usr/bin/time; do
    [ -x "$tool" ] || { echo "bench-cards: $tool is missing (scripts/install-deps.sh bench)" >&2; exit 1; }
done
"$CONVERT" -list format 2>/dev/null | grep -qi '^ *PANGO' ||
    { echo "bench-cards: ImageMagick lacks its pango coder (apt-get install libmagickcore-6.q16-6-extra)" >&2; exit 1; }

echo "Building sharevia (release)..." >&2
swift build -c release --scratch-path "$ROOT/.build-release" --product sharevia >&2
BIN="$ROOT/.build-release/release/sharevia"
SPEC="$ROOT/examples/cards/streak.json"

# The same text, sizes and colours as the card, centred on the same gradient.
MARKUP="<span font='Noto Sans Bold 60px' foreground='#FFFFFF'>30 day streak</span>
<span font='Noto Sans 36px' foreground='#FFFFFFC7'>A whole month. Unstoppable!</span>
<span font='Noto Sans Bold 84px' foreground='#FF6B35'>🔥 30    142</span>
<span font='Noto Sans 36px' foreground='#FFFFFFC7'>day streak    Total</span>
<span font='Noto Sans Bold 37px' foreground='#FFFFFF'>Habitual</span>
<span font='Noto Sans 28px' foreground='#FFFFFFB3'>Small steps, every day · habitual.example/app</span>"

"$BIN" card render "$SPEC" -o "$WORK/warm.png" >/dev/null  # warms the fontconfig cache
echo
echo "Machine: $(nproc) cores, load average$(uptime | sed 's/.*load average//')"
echo "Card: $(basename "$SPEC"), 1080x1920, $RUNS runs each, fontconfig cache warm"
echo
printf '%-10s %-32s %12s %14s\n' "input" "tool" "median ms" "peak RSS MB"
printf '%-10s %-32s %12s %14s\n' "-----" "----" "---------" "-----------"
measure story "sharevia card render" "$BIN" card render "$SPEC" -o "$WORK/sharevia.png"
ours=$LAST_MS
measure story "imagemagick pango: on gradient" "$CONVERT" -size 1080x1920 gradient:'#1A1A2E'-'#16213E' \
    \( -background none -size 930x -define pango:align=center pango:"$MARKUP" \) -gravity center -composite \
    -define png:compression-level=6 -define png:compression-filter=1 "$WORK/magick.png"
magick=$LAST_MS
echo
echo "whole process: sharevia takes $(ratio "$ours" "$magick") ImageMagick's time"
"$BIN" card render "$SPEC" -o "$WORK/repeat.png" --repeat-count 100 2>&1 >/dev/null | sed 's/^/in-process: /'
echo
echo "Outputs: $WORK/sharevia.png (the card) and $WORK/magick.png (ImageMagick's text only)"
