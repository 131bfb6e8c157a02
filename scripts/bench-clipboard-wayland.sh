#!/usr/bin/env bash
# Benchmarks a verified `sharevia --to clipboard CARD` on Wayland beside what a script would do
# by hand, `wl-copy -t image/png < CARD && wl-paste -t image/png` (copy, then read it back), in
# the same run, on a private sway (headless, pixman renderer).
#
# Whole process, median of N runs (hyperfine), and peak RSS (/usr/bin/time -f %M, the largest of
# five runs). Also times `wl-copy` alone and sharevia with --no-verify. Each command is checked
# once to leave the card's exact bytes on CLIPBOARD before it is timed.
#
# sway refuses to run as root: under root it runs as the user BENCH_WAYLAND_USER (default
# sharevia-wayland, created if missing, as scripts/test.sh does) with its own XDG_RUNTIME_DIR;
# the benchmark reaches the socket by its absolute path.
#
# Usage: scripts/bench-clipboard-wayland.sh [CARD.png]
#   BENCH_RUNS=30       runs per command (default 30)
#   BENCH_SKIP_BUILD=1  reuse the release build in .build-release-clip (scripts/bench-clipboard.sh's)
# Needs: swift, sway, wl-clipboard, hyperfine, jq, GNU time (scripts/install-deps.sh bench, plus jq).
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS="${BENCH_RUNS:-30}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/sharevia-bench-wayland.XXXXXX")"
SWAY_PID=""

cleanup() {
    if [[ -n "$SWAY_PID" ]]; then
        kill "$SWAY_PID" 2>/dev/null || true
        wait "$SWAY_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

for tool in sway wl-copy wl-paste hyperfine jq /usr/bin/time; do
    command -v "$tool" >/dev/null || {
        echo "error: $tool not found (apt-get install -y sway wl-clipboard hyperfine jq time)" >&2
        exit 1
    }
done

CARD="${1:-examples/card.png}"
[[ -f "$CARD" ]] || { echo "error: $CARD not found" >&2; exit 1; }
CARD="$(cd "$(dirname "$CARD")" && pwd)/$(basename "$CARD")"

BIN=".build-release-clip/release/sharevia"
if [[ "${BENCH_SKIP_BUILD:-0}" != 1 ]]; then
    echo "building release..." >&2
    swift build -c release --scratch-path .build-release-clip --product sharevia >&2
fi
[[ -x "$BIN" ]] || { echo "error: $BIN is not built" >&2; exit 1; }
BIN="$(pwd)/$BIN"

# --- A private sway ----------------------------------------------------------
RUNTIME="$WORK/runtime"
mkdir -m 0700 "$RUNTIME"
launch=()
if [[ $(id -u) -eq 0 ]]; then
    user="${BENCH_WAYLAND_USER:-sharevia-wayland}"
    id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
    chown "$user" "$RUNTIME"
    chmod 0711 "$WORK"
    launch=(setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --clear-groups --)
fi
env -i XDG_RUNTIME_DIR="$RUNTIME" HOME="$RUNTIME" PATH=/usr/bin:/bin WLR_BACKENDS=headless WLR_RENDERER=pixman \
    WLR_LIBINPUT_NO_DEVICES=1 "${launch[@]}" sway -c /dev/null >"$WORK/sway.log" 2>&1 &
SWAY_PID=$!
SOCKET=""
for _ in $(seq 1 200); do
    SOCKET=$(find "$RUNTIME" -maxdepth 1 -type s -name 'wayland-*' 2>/dev/null | head -n 1)
    [[ -n "$SOCKET" ]] && break
    sleep 0.05
done
[[ -n "$SOCKET" ]] || { echo "error: sway did not start: $(tail -n 5 "$WORK/sway.log")" >&2; exit 1; }

mkdir -p "$WORK/data" "$WORK/tmp"
export WAYLAND_DISPLAY="$SOCKET" XDG_DATA_HOME="$WORK/data" TMPDIR="$WORK/tmp"
unset DISPLAY

# --- Check that each command leaves the card on CLIPBOARD -------------------------
check() {  # check LABEL COMMAND
    sh -c "$2" >/dev/null 2>"$WORK/check.err" || { echo "error: $1 failed: $(head -c 300 "$WORK/check.err")" >&2; exit 1; }
    wl-paste --no-newline --type image/png >"$WORK/readback.png"
    cmp -s "$CARD" "$WORK/readback.png" || { echo "error: $1: CLIPBOARD does not hold the card" >&2; exit 1; }
}
quote() { local s=${1//\'/\'\\\'\'}; printf "'%s'" "$s"; }
QCARD=$(quote "$CARD")
QBIN=$(quote "$BIN")
NAMES=("wl-copy && wl-paste (by hand, verified)" "wl-copy alone" "sharevia (verified)" "sharevia --no-verify")
CMDS=(
    "wl-copy -t image/png < $QCARD && wl-paste -t image/png > /dev/null"
    "wl-copy -t image/png < $QCARD"
    "$QBIN --to clipboard --no-fallback $QCARD"
    "$QBIN --to clipboard --no-fallback --no-verify $QCARD"
)
for i in "${!CMDS[@]}"; do check "${NAMES[$i]}" "${CMDS[$i]}"; done

# --- Timing --------------------------------------------------------------------
HF_ARGS=(--shell sh --warmup 3 --runs "$RUNS" --export-json "$WORK/hyperfine.json" --style none)
for i in "${!CMDS[@]}"; do HF_ARGS+=(-n "${NAMES[$i]}" "${CMDS[$i]}"); done
hyperfine "${HF_ARGS[@]}" >/dev/null

peak_rss_kb() {  # the largest peak RSS of five runs, in KiB (of sharevia, or of wl-copy's parent)
    local max=0 kb
    for _ in 1 2 3 4 5; do
        /usr/bin/time -f %M -o "$WORK/rss" sh -c "$1" >/dev/null 2>&1 || true
        kb=$(tail -n 1 "$WORK/rss")
        ((kb > max)) && max=$kb
    done
    echo "$max"
}

BASE_MS=$(jq '.results[0].median * 1000' "$WORK/hyperfine.json")
echo
echo "card: $CARD ($(stat -c %s "$CARD") bytes), sway $(sway --version | awk '{print $3}') headless," \
    "wl-clipboard $(dpkg-query -W -f='${Version}' wl-clipboard 2>/dev/null || echo '?'), $RUNS runs each, $(nproc) cores"
printf '%-42s %10s %10s %10s %12s\n' "command" "median ms" "min ms" "x by hand" "peak RSS MB"
for i in "${!CMDS[@]}"; do
    median=$(jq ".results[$i].median * 1000" "$WORK/hyperfine.json")
    min=$(jq ".results[$i].min * 1000" "$WORK/hyperfine.json")
    kb=$(peak_rss_kb "${CMDS[$i]}")
    printf '%-42s %10.1f %10.1f %10.2f %12.1f\n' "${NAMES[$i]}" "$median" "$min" \
        "$(jq -n "$median / $BASE_MS")" "$(jq -n "$kb / 1024")"
done
