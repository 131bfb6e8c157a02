#!/usr/bin/env bash
# Installs what the tests need, starts a private X server, checks formatting, builds with warnings
# as errors, runs every test, then runs each fuzz target briefly (scripts/fuzz). Usage: scripts/test.sh [extra Swift Testing arguments, e.g. --filter RouterRetryTests]
# SHAREVIA_TEST_WIDTH: how many tests run at once (default 10).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test

# A private Xvfb on the first free display, stopped however the script ends.
display=""
for n in $(seq 90 140); do
  if [[ ! -e /tmp/.X11-unix/X$n && ! -e /tmp/.X$n-lock ]]; then display=$n; break; fi
done
[[ -n $display ]] || { echo "error: no free X display between :90 and :140" >&2; exit 1; }
# -noreset: a server left without clients resets, dropping a connection that arrives meanwhile.
Xvfb ":$display" -nolisten tcp -noreset -screen 0 1280x1024x24 >/dev/null 2>&1 &
xvfb_pid=$!
# A private Postfix (with a greylisting listener and its postgrey) on loopback ports for the email tests and
# the outbox proofs (scripts/postfix-test.sh), stopped at the end too.
postfix_dir=$(mktemp -d /tmp/sharevia-postfix.XXXXXX)
# A throwaway PostgreSQL 15 on a loopback port for the PostgreSQL outbox's tests (scripts/postgres-test.sh).
postgres_dir=$(mktemp -d /tmp/sharevia-postgres.XXXXXX)
cleanup() {
  kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true
  scripts/postfix-test.sh stop "$postfix_dir" || true; rm -rf "$postfix_dir" || true
  scripts/postgres-test.sh stop "$postgres_dir" || true; rm -rf "$postgres_dir" || true
}
trap cleanup EXIT
if [[ $(id -u) -eq 0 ]]; then
  postfix_ports=$(scripts/postfix-test.sh start "$postfix_dir") || { echo "error: the test Postfix did not start" >&2; exit 1; }
  while IFS='=' read -r name value; do export "$name=$value"; done <<<"$postfix_ports"
else
  echo "warning: not root, so no private Postfix (nor postgrey): EmailPostfixTests and the outbox's greylisting proofs are skipped (CI runs as root and runs them)" >&2
fi
postgres_url=$(scripts/postgres-test.sh start "$postgres_dir") || { echo "error: the test PostgreSQL did not start" >&2; exit 1; }
while IFS='=' read -r name value; do export "$name=$value"; done <<<"$postgres_url"
for _ in $(seq 1 100); do [[ -S /tmp/.X11-unix/X$display ]] && break; sleep 0.05; done
[[ -S /tmp/.X11-unix/X$display ]] || { echo "error: Xvfb did not start on :$display" >&2; exit 1; }
export SHAREVIA_TEST_DISPLAY=":$display"
# The Wayland tests start their own sway and weston (they freeze and kill them). sway refuses to
# run as root, so under root both run as an unprivileged user, created here once.
if [[ $(id -u) -eq 0 ]]; then
  export SHAREVIA_TEST_WAYLAND_USER=sharevia-wayland
  id "$SHAREVIA_TEST_WAYLAND_USER" >/dev/null 2>&1 ||
    useradd --system --no-create-home --shell /usr/sbin/nologin "$SHAREVIA_TEST_WAYLAND_USER"
fi
# Tests hand destinations their own environment; nothing should reach the developer's desktop.
unset DISPLAY WAYLAND_DISPLAY

scripts/format.sh --lint
build_log=$(mktemp)
trap 'cleanup; rm -f "$build_log"' EXIT
echo "building (warnings are errors)..."
swift build --build-tests -Xswiftc -warnings-as-errors >"$build_log" 2>&1 || { cat "$build_log"; exit 1; }
# The test bundle run directly (what `swift test --skip-build` runs), so that Swift Testing can be
# told how many tests to run at once: with no limit, 1,266 tests start together on 2 cores, and the
# ones that time something (a 2 s fallback, a listener's wait, a Postfix starting) failed in turn,
# a different few each run; 10 at once took the same 132 s and none failed.
.build/debug/shareviaPackageTests.xctest --testing-library swift-testing \
  --experimental-maximum-parallelization-width "${SHAREVIA_TEST_WIDTH:-10}" "$@"
# Every Unicode scalar through every counter (an optimised build: minutes in the debug tests), then
# each libFuzzer target for a short fixed budget, after replaying every saved regression input.
if (($# == 0)); then
  scripts/every-scalar
  scripts/fuzz --seconds "${SHAREVIA_FUZZ_SECONDS:-15}"
fi
