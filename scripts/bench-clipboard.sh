#!/usr/bin/env bash
# Benchmarks `sharevia --to clipboard CARD` (verified) beside `xclip` alone on a private Xvfb.
#
# Whole process, median of N runs (hyperfine), and peak RSS (/usr/bin/time -f %M, the largest of
# several runs). Target: sharevia within 2x of xclip alone. Measures the release build with the
# Swift runtime linked dynamically and, unless BENCH_STATIC=0, the static build scripts/demo.sh
# makes (scripts/static-build-flags.sh). sharevia copies with its built-in X11 client (the
# default); the static build is also timed with --clipboard-backend xclip, for comparison.
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
    [[ "${BENCH_KEEP:-0}" == 1 ]] && echo "kept $WORK" >&2 || rm -rf "$WORK"
}
trap cleanup EXIT

for tool in Xvfb xclip hyperfine jq /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "error: $tool not found (apt-get install -y xvfb xclip hyperfine jq time)" >&2; exit 1; }
done

# --- The card ---------------------------------------------------------------
CARD="${1:-examples/card.png}"
if [[ ! -f "$CARD" ]]; then
    command -v convert >/dev/null || {
        echo "error: $CARD missing and ImageMagick's convert not found to generate one (apt-get install -y imagemagick)" >&2
        exit 1
    }
    echo "note: $CARD missing; generating a 1080x1920 card with ImageMagick" >&2
    CARD="$WORK/card.png"
    convert -size 1080x1920 gradient:'#1d2671-#c33764' -gravity center -pointsize 96 -fill white \
        -annotate 0 '7-day streak' "$CARD"
fi
CARD="$(cd "$(dirname "$CARD")" && pwd)/$(basename "$CARD")"

# --- Builds -----------------------------------------------------------------
# The CLI, and a library harness that does what `sharevia --to clipboard --no-fallback CARD`
# does without argument parsing (used when the CLI build can't copy, and as a floor).
HARNESS_DIR=".build-release-clip/harness"
write_harness() {
    mkdir -p "$HARNESS_DIR/Sources/ClipboardHarness"
    cat >"$HARNESS_DIR/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ClipboardHarness",
    dependencies: [.package(name: "sharevia", path: "../..")],
    targets: [
        .executableTarget(
            name: "ClipboardHarness",
            dependencies: [
                .product(name: "Clipboard", package: "sharevia"),
                .product(name: "ShareCore", package: "sharevia"),
            ]),
    ]
)
SWIFT
    cat >"$HARNESS_DIR/Sources/ClipboardHarness/main.swift" <<'SWIFT'
// What `sharevia --to clipboard --no-fallback CARD` does, minus argument parsing and the
// other destinations: attach the card, route it through the clipboard alone, print the report.
import Clipboard
import Foundation
import ShareCore

let arguments = CommandLine.arguments.dropFirst()
let verify = !arguments.contains("--no-verify")
guard let card = arguments.last(where: { !$0.hasPrefix("--") }) else {
    FileHandle.standardError.write(Data("usage: ClipboardHarness [--no-verify] CARD\n".utf8))
    exit(64)
}
let environment = ShareEnvironment(ProcessInfo.processInfo.environment)
do {
    let content = ShareContent(attachments: [try ShareAttachment.file(card)])
    let router = ShareRouter(
        registry: try DestinationRegistry([ClipboardDestination(environment: environment)]),
        options: [ClipboardRequestOptions.verify: verify ? "true" : "false"])
    let report = try await router.share(content, via: FallbackChain(["clipboard"]))
    print(report)
    exit(report.receipt == nil ? 1 : 0)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
SWIFT
    cp Package.resolved "$HARNESS_DIR/" 2>/dev/null || true
}

DYNAMIC_BIN=".build-release-clip/release/sharevia"
STATIC_BIN=".build-release-clip-static/release/sharevia"
HARNESS_BIN="$HARNESS_DIR/.build/release/ClipboardHarness"
HARNESS_STATIC_BIN="$HARNESS_DIR/.build-static/release/ClipboardHarness"
if [[ "${BENCH_SKIP_BUILD:-0}" != 1 ]]; then
    echo "building release (dynamic Swift runtime)..." >&2
    swift build -c release --scratch-path .build-release-clip --product sharevia >&2 || echo "warning: the CLI did not build" >&2
    write_harness
    (cd "$HARNESS_DIR" && swift build -c release --product ClipboardHarness >&2) \
        || echo "warning: the library harness did not build" >&2
    if [[ "$STATIC" == 1 ]]; then
        echo "building release (static, scripts/static-build-flags.sh)..." >&2
        source scripts/static-build-flags.sh
        swift build -c release "${STATIC_BUILD_FLAGS[@]}" --scratch-path .build-release-clip-static --product sharevia >&2 \
            || echo "warning: the static CLI did not build" >&2
        (cd "$HARNESS_DIR" && swift build -c release "${STATIC_BUILD_FLAGS[@]}" --scratch-path .build-static --product ClipboardHarness >&2) \
            || echo "warning: the static library harness did not build" >&2
    fi
fi

# --- A private X server ------------------------------------------------------
N=90
while [[ -e "/tmp/.X11-unix/X$N" || -e "/tmp/.X$N-lock" ]]; do N=$((N + 1)); done
Xvfb ":$N" -nolisten tcp -noreset -screen 0 1280x1024x24 >"$WORK/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 1 200); do [[ -S "/tmp/.X11-unix/X$N" ]] && break; sleep 0.05; done
[[ -S "/tmp/.X11-unix/X$N" ]] || { echo "error: Xvfb :$N did not start: $(cat "$WORK/xvfb.log")" >&2; exit 1; }

# Only what the commands need: a display, the PATH, and private data/temp dirs so a fallback
# can't write into the real home (and --no-fallback makes a failed copy fail the benchmark).
mkdir -p "$WORK/data" "$WORK/tmp"
export DISPLAY=":$N" XDG_DATA_HOME="$WORK/data" TMPDIR="$WORK/tmp"
unset WAYLAND_DISPLAY

# --- Check that each build really copies the card -----------------------------
works() {  # works BIN [ARGS...]
    local bin="$1"
    shift
    [[ -x "$bin" ]] || { echo "note: $bin is not built" >&2; return 1; }
    if ! "$bin" --to clipboard --no-fallback "$@" "$CARD" >"$WORK/check.out" 2>&1; then
        echo "note: $bin --to clipboard failed; leaving it out:" >&2
        grep -m 3 -E "crashed|error|✗" "$WORK/check.out" >&2 || head -n 3 "$WORK/check.out" >&2
        return 1
    fi
    xclip -selection clipboard -t image/png -o >"$WORK/readback.png"
    cmp -s "$CARD" "$WORK/readback.png" || { echo "error: $bin: the clipboard does not hold the card" >&2; exit 1; }
}

# Commands are strings (hyperfine takes them so): quote the card for hyperfine -N's shell-word
# splitting and for the eval in peak_rss_kb.
quote() { local s=${1//\'/\'\\\'\'}; printf "'%s'" "$s"; }
QCARD=$(quote "$CARD")
NAMES=("xclip alone")
CMDS=("xclip -selection clipboard -t image/png -i $QCARD")
add() {  # add LABEL BIN [ARGS...]: the verified and --no-verify runs of one build, when it works
    local label="$1" path="$2"
    shift 2
    if works "$path" "$@"; then
        NAMES+=("$label (verified)" "$label --no-verify")
        local bin extra=""
        bin=$(quote "$path")
        (($#)) && extra=" $*"
        CMDS+=("$bin --to clipboard --no-fallback$extra $QCARD" "$bin --to clipboard --no-fallback --no-verify$extra $QCARD")
    fi
}
add "sharevia" "$DYNAMIC_BIN"
if [[ "$STATIC" == 1 ]]; then
    add "sharevia static" "$STATIC_BIN"
    add "sharevia static, xclip backend" "$STATIC_BIN" --clipboard-backend xclip
fi
add "library harness" "$HARNESS_BIN"
[[ "$STATIC" == 1 ]] && add "library harness static" "$HARNESS_STATIC_BIN"
(( ${#CMDS[@]} > 1 )) || { echo "error: nothing to compare with xclip" >&2; exit 1; }

# --- Timing ------------------------------------------------------------------
HF_ARGS=(-N --warmup 3 --runs "$RUNS" --export-json "$WORK/hyperfine.json" --style none)
for i in "${!CMDS[@]}"; do HF_ARGS+=(-n "${NAMES[$i]}" "${CMDS[$i]}"); done
hyperfine "${HF_ARGS[@]}" >/dev/null

peak_rss_kb() {  # the largest peak RSS of five runs, in KiB
    local max=0 kb
    for _ in 1 2 3 4 5; do
        eval "/usr/bin/time -f %M -o \"\$WORK/rss\" $1" >/dev/null 2>&1 || true
        kb=$(tail -n 1 "$WORK/rss")
        (( kb > max )) && max=$kb
    done
    echo "$max"
}

BASE_MS=$(jq '.results[0].median * 1000' "$WORK/hyperfine.json")
BASE_KB=$(peak_rss_kb "${CMDS[0]}")
echo
echo "card: $CARD ($(stat -c %s "$CARD") bytes), display :$N, $RUNS runs each, $(nproc) cores"
printf '%-44s %10s %10s %8s %12s %8s\n' "command" "median ms" "min ms" "x xclip" "peak RSS MB" "x xclip"
for i in "${!CMDS[@]}"; do
    median=$(jq ".results[$i].median * 1000" "$WORK/hyperfine.json")
    min=$(jq ".results[$i].min * 1000" "$WORK/hyperfine.json")
    if [[ $i == 0 ]]; then kb=$BASE_KB; else kb=$(peak_rss_kb "${CMDS[$i]}"); fi
    printf '%-44s %10.1f %10.1f %8.2f %12.1f %8.2f\n' "${NAMES[$i]}" "$median" "$min" \
        "$(jq -n "$median / $BASE_MS")" "$(jq -n "$kb / 1024")" "$(jq -n "$kb / $BASE_KB")"
done
# --- Interleaved --------------------------------------------------------------
# hyperfine times one command's runs, then the next's, so a slow spell on a shared machine lands
# on one side of the ratio. Alternating the two, run for run, puts both in the same spells.
interleaved() {  # interleaved LABEL BIN: median of xclip and of BIN's verified copy, alternated
    local label="$1" bin="$2"
    [[ -x "$bin" ]] || return 0
    python3 - "$RUNS" "$CARD" "$bin" "$label" <<'PY'
import statistics, subprocess, sys, time
runs, card, binary, label = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
commands = [["xclip", "-selection", "clipboard", "-t", "image/png", "-i", card],
            [binary, "--to", "clipboard", "--no-fallback", card]]
times = [[], []]
for run in range(runs + 3):
    for index, command in enumerate(commands):
        start = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = (time.perf_counter() - start) * 1000
        if done.returncode != 0:
            sys.exit(f"error: {' '.join(command)} failed")
        if run >= 3:  # warm-up
            times[index].append(elapsed)
xclip, ours = (statistics.median(t) for t in times)
print(f"interleaved, {runs} runs each (Python's spawn included in both): xclip {xclip:.1f} ms, "
      f"{label} {ours:.1f} ms: {ours / xclip:.2f}x")
PY
}
echo
if command -v python3 >/dev/null; then
    interleaved "sharevia static (verified)" "$STATIC_BIN"
    [[ "$STATIC" == 1 ]] || interleaved "sharevia (verified)" "$DYNAMIC_BIN"
fi
for i in "${!NAMES[@]}"; do
    [[ "${NAMES[$i]}" == "sharevia (verified)" || "${NAMES[$i]}" == "sharevia static (verified)" ]] || continue
    ratio=$(jq -n "$(jq ".results[$i].median" "$WORK/hyperfine.json") * 1000 / $BASE_MS")
    verdict=$(jq -n "if $ratio <= 2 then \"met\" else \"NOT met\" end" | tr -d '"')
    printf 'target (within 2x of xclip alone, median): %s is %.2fx: %s\n' "${NAMES[$i]}" "$ratio" "$verdict"
done
