#!/usr/bin/env bash
# Benchmarks sending examples/card.png (1080x1920) by email to a local SMTP server (Debian's
# aiosmtpd, Tests/TestSupport/smtp-server.py on loopback), whole process, in the same run:
#   sharevia --to email (static release build, libcurl loaded at the send)
#   Apprise (pip, into .build-venv-bench) with its mailto:// URL and --attach
#   a plain Python script: email.message + smtplib
# Prints the median wall time (hyperfine, 3 warm-ups) and peak RSS (GNU time) of each, then
# `sharevia --to file` of the same card with this build and, when BENCH_BASE_REV is set (such as
# the commit before email), with that revision built the same way: the start-up of a share that
# sends no mail must not pay for libcurl.
# Target (issue 13): at least 10x faster than Apprise, faster than the smtplib script.
# Usage: scripts/bench-email.sh [runs]   (default 30 runs)   BENCH_BASE_REV=4fd4962 scripts/bench-email.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
runs=${1:-30}
scripts/install-deps.sh bench >/dev/null
card=$root/examples/card.png
work=$(mktemp -d)
server_pid=""
cleanup() { if [[ -n $server_pid ]]; then kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true; fi; rm -rf "$work"; }
trap cleanup EXIT

source scripts/static-build-flags.sh
build() { # package-dir scratch-path
  (cd "$1" && { swift build -c release --product sharevia --scratch-path "$2" "${STATIC_BUILD_FLAGS[@]}" >/dev/null 2>&1 \
    || swift build -c release --product sharevia --scratch-path "$2" "${STATIC_BUILD_FLAGS[@]}" >&2; } \
    && echo "$(swift build -c release --scratch-path "$2" "${STATIC_BUILD_FLAGS[@]}" --show-bin-path)/sharevia")
}
sharevia=$(build "$root" "$root/.build")

venv=$root/.build-venv-bench
if [[ ! -x $venv/bin/apprise ]]; then
  python3 -m venv "$venv" >/dev/null
  "$venv/bin/pip" install --quiet apprise
fi
apprise_version=$("$venv/bin/python" -c 'import apprise; print(apprise.__version__)')

mkdir -p "$work/mail"
/usr/bin/python3 Tests/TestSupport/smtp-server.py --port-file "$work/port" --dir "$work/mail" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 200); do [[ -s $work/port ]] && break; sleep 0.05; done
port=$(cat "$work/port")

cat >"$work/send.py" <<'PY'
import smtplib, sys
from email.message import EmailMessage
port, card = int(sys.argv[1]), sys.argv[2]
message = EmailMessage()
message["From"], message["To"], message["Subject"] = "me@example.org", "friend@example.org", "7-day streak"
message.set_content("Seven days in a row\n\nhttps://example.com/streak\n")
message.add_attachment(open(card, "rb").read(), maintype="image", subtype="png", filename="card.png")
with smtplib.SMTP("127.0.0.1", port) as smtp:
    smtp.send_message(message)
PY

count() { find "$work/mail" -name '*.eml' | wc -l; }
check_sends() { # label command...: one run must leave exactly one more message at the server
  local before; before=$(count)
  "${@:2}" >/dev/null 2>&1 || { echo "error: $1 failed:" >&2; "${@:2}" >&2 || true; exit 1; }
  (($(count) == before + 1)) || { echo "error: $1 delivered nothing to the server" >&2; exit 1; }
}
sv=("$sharevia" --to email "$card" --title "7-day streak" --text "Seven days in a row" --url https://example.com/streak
  --email-from me@example.org --email-to friend@example.org --smtp "smtp://127.0.0.1:$port" --no-fallback)
ap=("$venv/bin/apprise" -t "7-day streak" -b "Seven days in a row https://example.com/streak" --attach "$card"
  "mailto://127.0.0.1:$port?from=me@example.org&to=friend@example.org&mode=insecure")
py=(/usr/bin/python3 "$work/send.py" "$port" "$card")
check_sends sharevia "${sv[@]}"
check_sends apprise "${ap[@]}"
check_sends smtplib "${py[@]}"

source scripts/bench/share-timing.sh
quoted() { printf '%q ' "$@"; }  # hyperfine runs one shell line: keep spaces, & and ? literal
printf '%-50s %10s %10s\n' "send the $(stat -c %s "$card")-byte card ($runs runs)" "median ms" "peak MB"
sv_ms=$(median_ms "$(quoted "${sv[@]}")")
printf '%-50s %10s %10s\n' "sharevia --to email --smtp smtp://127.0.0.1" "$sv_ms" "$(peak_mb "${sv[@]}")"
ap_ms=$(median_ms "$(quoted "${ap[@]}")")
printf '%-50s %10s %10s\n' "apprise $apprise_version mailto://" "$ap_ms" "$(peak_mb "${ap[@]}")"
py_ms=$(median_ms "$(quoted "${py[@]}")")
printf '%-50s %10s %10s\n' "python3 email + smtplib script" "$py_ms" "$(peak_mb "${py[@]}")"
python3 -c "print('apprise / sharevia: %.1fx; smtplib / sharevia: %.1fx' % ($ap_ms / $sv_ms, $py_ms / $sv_ms))"
echo "messages received by the server: $(count)"

# A share that sends no mail: --to file, with this build and (optionally) a revision before email.
printf '%-50s %10s %10s\n' "sharevia --to file card.png (start-up)" "median ms" "peak MB"
file_row() { printf '%-50s %10s %10s\n' "$1" "$(median_ms "$2" --to file "$card" --out "$work/out" --no-fallback)" \
  "$(peak_mb "$2" --to file "$card" --out "$work/out" --no-fallback)"; }
if [[ -n ${BENCH_BASE_REV:-} ]]; then
  base=$root/.build-bench-base
  rm -rf "$base/src" && mkdir -p "$base/src"
  git archive "$BENCH_BASE_REV" | tar -x -C "$base/src"
  base_bin=$(build "$base/src" "$base/build")
  file_row "before email ($BENCH_BASE_REV)" "$base_bin"
fi
file_row "with email (this build)" "$sharevia"
