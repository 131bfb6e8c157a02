#!/usr/bin/env bash
# Benchmarks `sharevia --to file examples/card.png` (whole process) beside `cp` of the same file.
# Prints median wall time (hyperfine, warm cache) and peak RSS (GNU time) for each, for a release
# build with the Swift runtime linked dynamically and one with --static-swift-stdlib (and the other
# start-up flags of scripts/static-build-flags.sh).
# Usage: scripts/bench-share.sh [runs]   (default 30 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-30}
scripts/install-deps.sh bench >/dev/null
card=examples/card.png
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

build() { # scratch-path extra-flags...
  local scratch=$1; shift
  swift build -c release --product sharevia --scratch-path "$scratch" "$@" >/dev/null 2>&1 || swift build -c release --product sharevia --scratch-path "$scratch" "$@"
  echo "$(swift build -c release --scratch-path "$scratch" "$@" --show-bin-path)/sharevia"
}
dynamic=$(build .build-release)
source scripts/static-build-flags.sh
static=$(build .build-release-static "${STATIC_BUILD_FLAGS[@]}")

source scripts/bench/share-timing.sh

printf '%-52s %10s %10s\n' "command ($(stat -c %s $card) byte card, $runs runs)" "median ms" "peak MB"
row() { printf '%-52s %10s %10s\n' "$1" "$(median_ms "${@:2}")" "$(peak_mb "${@:2}")"; }
row "cp card.png out/" cp "$card" "$work/out/"
row "sharevia --to file (dynamic Swift runtime)" "$dynamic" --to file "$card" --out "$work/out" --no-fallback
row "sharevia --to file (--static-swift-stdlib)" "$static" --to file "$card" --out "$work/out" --no-fallback
row "sharevia --to file --dry-run (static)" "$static" --to file "$card" --out "$work/out" --no-fallback --dry-run
