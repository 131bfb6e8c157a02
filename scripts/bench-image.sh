#!/usr/bin/env bash
# Image pipeline benchmark: prints figures, asserts nothing.
#
# On the same inputs, fits a 6000x4000 PNG photo and a 1080x1920 PNG card onto a 1080x1920 story
# canvas and writes a PNG, with sharevia (release build), ImageMagick `convert` and vips
# (`vipsthumbnail`, which only scales, and `vips thumbnail` + `vips gravity`, which also pads to
# the full canvas as the other two do: sharevia with its gradient, convert and vips with black); then times
# `sharevia image inspect` on the card. Prints the median wall time over RUNS runs and the peak
# RSS (/usr/bin/time %M) of each.
#
# Output encodings differ and are part of the cost: sharevia writes the SUB
# filter on every row and zlib's run-length strategy (its default `--compression fast`); ImageMagick uses its default PNG
# quality 75 (zlib level 7, adaptive filters); vips uses its pngsave defaults (level 6, no filter).
#
# Usage: scripts/bench-image.sh            (RUNS=5 by default; BENCH_DIR keeps the inputs;
#        BENCH_IMAGE_INPUTS="jpeg" measures only the 4000x3000 JPEG photo, of photo card jpeg)
# Needs: imagemagick, libvips-tools (apt-get install imagemagick libvips-tools).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS="${RUNS:-5}"
WORK="${BENCH_DIR:-${TMPDIR:-/tmp}/sharevia-bench-image}"
mkdir -p "$WORK"
source "$ROOT/scripts/bench/image-lib.sh"

for tool in convert vips vipsthumbnail /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench-image: $tool is missing (apt-get install imagemagick libvips-tools time)" >&2; exit 1; }
done

echo "Building sharevia (release)..." >&2
swift build -c release --scratch-path "$ROOT/.build-release" --product sharevia >&2
BIN="$ROOT/.build-release/release/sharevia"

make_inputs "$WORK"
PHOTO="$WORK/photo-6000x4000.png"
JPEG="$WORK/photo-4000x3000.jpg"
CARD="$WORK/card-1080x1920.png"
OUT="$WORK/out"
mkdir -p "$OUT"

echo
echo "Machine: $(nproc) cores, load average$(uptime | sed 's/.*load average//')"
echo "Inputs: $(basename "$PHOTO") $(stat -c %s "$PHOTO") bytes; $(basename "$CARD") $(stat -c %s "$CARD") bytes; $RUNS runs each"
echo
printf '%-10s %-32s %12s %14s\n' "input" "tool" "median ms" "peak RSS MB"
printf '%-10s %-32s %12s %14s\n' "-----" "----" "---------" "-----------"
ratios=()
for input in ${BENCH_IMAGE_INPUTS:-photo card jpeg}; do
    case $input in photo) IN="$PHOTO" ;; jpeg) IN="$JPEG" ;; *) IN="$CARD" ;; esac
    measure "$input" "sharevia image fit" "$BIN" image fit "$IN" -o "$OUT/sharevia-$input.png" --force
    ours=$LAST_MS
    measure "$input" "imagemagick convert -resize -extent" convert "$IN" -resize 1080x1920 -background black \
        -gravity center -extent 1080x1920 "$OUT/magick-$input.png"
    magick=$LAST_MS
    measure "$input" "vipsthumbnail (no padding)" vipsthumbnail "$IN" --size 1080x1920 -o "$OUT/vipsthumb-$input.png"
    vips=$LAST_MS
    ratios+=("$input: sharevia takes $(ratio "$ours" "$magick") ImageMagick's time and $(ratio "$ours" "$vips") vipsthumbnail's")
    measure "$input" "vips thumbnail + gravity" sh -c "vips thumbnail '$IN' '$OUT/tmp-$input.v' 1080 --height 1920 && \
vips gravity '$OUT/tmp-$input.v' '$OUT/vips-$input.png' centre 1080 1920 --extend black"
done
echo
printf '%s\n' "${ratios[@]}"
echo
measure card "sharevia image inspect --no-edges" "$BIN" image inspect --no-edges "$CARD"
measure card "sharevia image inspect (+edges)" "$BIN" image inspect "$CARD"
"$BIN" image inspect --no-edges --repeat-count 200 "$CARD" 2>&1 >/dev/null | sed 's/^/in-process: /'
echo
echo "Outputs are in $OUT (check one with: pngcheck $OUT/sharevia-photo.png)"
