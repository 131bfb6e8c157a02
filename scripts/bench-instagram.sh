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

median_ms() {
  hyperfine --style none --runs "$runs" --warmup 3 --prepare "rm -rf $work/out; mkdir -p $work/out" \
    --export-json "$work/h.json" "$*" >/dev/null 2>&1
  python3 -c 'import json,sys; print("%.1f" % (json.load(open(sys.argv[1]))["results"][0]["median"]*1000))' "$work/h.json"
}
peak_mb() {
  local peak=0
  for _ in 1 2 3 4 5; do
    rm -rf "$work/out"; mkdir -p "$work/out"
    /usr/bin/time -f '%M' -o "$work/time.txt" "$@" >/dev/null 2>&1 || true
    local kb; kb=$(tail -1 "$work/time.txt")
    ((kb > peak)) && peak=$kb
  done
  python3 -c "print('%.1f' % ($peak/1024))"
}
printf '%-44s %10s %10s\n' "command ($(stat -c %s $card) byte card, $runs runs)" "median ms" "peak MB"
file_ms=$(median_ms "$sharevia" --to file "$card" --out "$work/out" --no-fallback)
printf '%-44s %10s %10s\n' "sharevia --to file" "$file_ms" "$(peak_mb "$sharevia" --to file "$card" --out "$work/out" --no-fallback)"
ig_ms=$(median_ms "$sharevia" --to instagram "$card" --url https://example.com/s --out "$work/out" --no-fallback)
printf '%-44s %10s %10s\n' "sharevia --to instagram (bundle)" "$ig_ms" \
  "$(peak_mb "$sharevia" --to instagram "$card" --url https://example.com/s --out "$work/out" --no-fallback)"
python3 -c "print('instagram / file: %.2fx' % ($ig_ms / $file_ms))"
