#!/usr/bin/env bash
# Installs what building needs, builds sharevia, and shares the bundled example card.
# The chain is clipboard -> file: with a desktop the card lands on the clipboard; without one
# (a server, CI) the report says why and the file export keeps it in ./demo-shares.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh build
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
echo "building sharevia (release, static Swift runtime)..."
source scripts/static-build-flags.sh
swift build -c release "${STATIC_BUILD_FLAGS[@]}" --product sharevia >"$build_log" 2>&1 || { cat "$build_log"; exit 1; }
sharevia=$(swift build -c release "${STATIC_BUILD_FLAGS[@]}" --show-bin-path)/sharevia

echo "\$ sharevia destinations"
"$sharevia" destinations
echo
echo "\$ sharevia --to clipboard examples/card.png --text 'Seven days in a row 🔥' --url https://example.com/streak --hashtag streak --out demo-shares"
status=0
"$sharevia" --to clipboard examples/card.png --text 'Seven days in a row 🔥' --url https://example.com/streak \
  --hashtag streak --out demo-shares || status=$?
echo "exit status $status (0: delivered or handed off, 3: by a fallback)"
echo
echo "sharevia is at $sharevia"
echo "install it with its completions and man page: scripts/install.sh (into ~/.local, or PREFIX=...)"
[[ $status -eq 0 || $status -eq 3 ]]
