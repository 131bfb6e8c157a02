#!/usr/bin/env bash
# Installs what building needs, builds sharevia, and shares the bundled example card to Instagram
# Stories: with an Android phone on adb Instagram's story composer opens on it; otherwise the
# hand-off bundle (image, iOS pasteboard plist, JSON with the Android intent) lands in ./demo-shares.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh build
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
echo "building sharevia (release, static Swift runtime: the first build takes 5 to 10 minutes on 2 cores)..."
source scripts/static-build-flags.sh
swift build -c release "${STATIC_BUILD_FLAGS[@]}" --product sharevia >"$build_log" 2>&1 || { cat "$build_log"; exit 1; }
sharevia=$(swift build -c release "${STATIC_BUILD_FLAGS[@]}" --show-bin-path)/sharevia

# Instagram needs your app's Facebook App ID; 1234567890 is a placeholder that lets the hand-off
# bundle be built (Instagram itself would refuse it). Set SHAREVIA_INSTAGRAM_APP_ID to yours.
app_id=${SHAREVIA_INSTAGRAM_APP_ID:-1234567890}
echo "\$ sharevia --to instagram examples/card.png --instagram-app-id $app_id --url https://example.com/streak --title '7-day streak' --out demo-shares"
status=0
"$sharevia" --to instagram examples/card.png --instagram-app-id "$app_id" --url https://example.com/streak \
  --title '7-day streak' --out demo-shares || status=$?
echo "exit status $status (0: delivered or handed off, 3: by a fallback); the files are in demo-shares/ (git ignores it)"
echo
echo "\$ sharevia destinations   # where else it can share from here, and why not"
"$sharevia" destinations
echo
echo "sharevia is at $sharevia"
echo "install it with its completions and man page: scripts/install.sh (into ~/.local, or PREFIX=...)"
[[ $status -eq 0 || $status -eq 3 ]]
