#!/usr/bin/env bash
# Benchmarks `sharevia --to instagram examples/card.png` (the bundle path: no adb device) beside
# `sharevia --to file` of the same card, whole process, in the same run: median wall time
# (hyperfine, warm cache) and peak RSS (GNU time), static release build.
# Target (issue 12): under 3x the file export and under 30 MB.
# Usage: scripts/bench-instagram.sh [runs]   (default 30 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-30}
scripts/install-deps.sh bench >/dev/null
card=examples/card.png
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source scripts/static-build-flags.sh
swift build -c release --product sharevia "${STATIC_BUILD_FLAGS[@]}" >/dev/null 2>&1 \
  || swift build -c release --product sharevia "${STATIC_BUILD_FLAGS[@]}"
sharevia="$(swift build -c release "${STATIC_BUILD_FLAGS[@]}" --show-bin-path)/sharevia"
export SHAREVIA_INSTAGRAM_APP_ID=1234567890 PATH=/usr/bin:/bin  # no adb: the bundle path

source scripts/bench/share-timing.sh
printf '%-44s %10s %10s\n' "command ($(stat -c %s $card) byte card, $runs runs)" "median ms" "peak MB"
file_ms=$(median_ms "$sharevia" --to file "$card" --out "$work/out" --no-fallback)
printf '%-44s %10s %10s\n' "sharevia --to file" "$file_ms" "$(peak_mb "$sharevia" --to file "$card" --out "$work/out" --no-fallback)"
ig_ms=$(median_ms "$sharevia" --to instagram "$card" --url https://example.com/s --out "$work/out" --no-fallback)
printf '%-44s %10s %10s\n' "sharevia --to instagram (bundle)" "$ig_ms" \
  "$(peak_mb "$sharevia" --to instagram "$card" --url https://example.com/s --out "$work/out" --no-fallback)"
python3 -c "print('instagram / file: %.2fx' % ($ig_ms / $file_ms))"
