#!/usr/bin/env bash
# Benchmarks plugins, whole process, static release build, in the same run:
#   1. `sharevia --to outbox --text ...` with the shell example plugin (describe cached) beside
#      running the plugin's three operations (describe, check, deliver) by hand;
#   2. `sharevia destinations` with 20 plugins installed (descriptions cached) beside none.
# Targets (issue 15): sharevia adds under 5 ms to the plugin's own cost; the listing under 20 ms.
# Usage: scripts/bench-plugins.sh [runs]   (default 30 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-30}
scripts/install-deps.sh bench >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source scripts/static-build-flags.sh
swift build -c release --product sharevia "${STATIC_BUILD_FLAGS[@]}" >/dev/null 2>&1 \
  || swift build -c release --product sharevia "${STATIC_BUILD_FLAGS[@]}"
sharevia="$(swift build -c release "${STATIC_BUILD_FLAGS[@]}" --show-bin-path)/sharevia"
export HOME=$work XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config PATH=/usr/bin:/bin
plugins=$XDG_DATA_HOME/sharevia/plugins
mkdir -p "$plugins" "$XDG_CONFIG_HOME/sharevia"
cp examples/plugins/sharevia-dest-outbox "$plugins/"
printf 'plugins:\n  settings:\n    outbox:\n      folder: %s\n' "$work/out" >"$XDG_CONFIG_HOME/sharevia/config.yaml"
source scripts/bench/share-timing.sh
"$sharevia" destinations >/dev/null  # fills the description cache

# The plugin's own cost: its three operations run by hand with the requests sharevia sends.
describe='{"operation":"describe","protocol":{"max":1,"min":1},"sharevia":"0.1.0"}'
check='{"operation":"check","protocol":1,"settings":{"folder":"'$work/out'"}}'
deliver='{"attachments":[],"deadline_ms":30000,"operation":"deliver","protocol":1,"secrets":{},"settings":{"folder":"'$work/out'"},"share":{"hashtags":["streak"],"kind":"generic","text":"Seven days in a row"}}'
printf '%s' "$describe" >"$work/describe.json"; printf '%s' "$check" >"$work/check.json"; printf '%s' "$deliver" >"$work/deliver.json"
by_hand="$work/by-hand.sh"
printf '#!/bin/sh\nset -e\np=%s\n"$p" describe <%s >/dev/null\n"$p" check <%s >/dev/null\n"$p" deliver <%s >/dev/null\n' \
  "$plugins/sharevia-dest-outbox" "$work/describe.json" "$work/check.json" "$work/deliver.json" >"$by_hand"
chmod +x "$by_hand"

printf '%-58s %10s\n' "command ($runs runs)" "median ms"
hand_ms=$(median_ms "$by_hand")
printf '%-58s %10s\n' "outbox plugin: describe + check + deliver by hand" "$hand_ms"
share_ms=$(median_ms "$sharevia" --to outbox --text "'Seven days in a row'" --hashtag streak --no-fallback)
printf '%-58s %10s\n' "sharevia --to outbox (describe cached: check + deliver)" "$share_ms"
python3 -c "print('sharevia adds %.1f ms over the plugin run by hand' % ($share_ms - $hand_ms))"

none_ms=$(median_ms "$sharevia" destinations)
for i in $(seq 1 20); do cp examples/plugins/sharevia-dest-outbox "$plugins/sharevia-dest-outbox$i"; done
"$sharevia" destinations >/dev/null  # describe the new ones once: the cache
twenty_ms=$(median_ms "$sharevia" destinations)
printf '%-58s %10s\n' "sharevia destinations (built-ins and 1 plugin)" "$none_ms"
printf '%-58s %10s\n' "sharevia destinations (21 plugins, cached)" "$twenty_ms"
