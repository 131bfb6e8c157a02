#!/usr/bin/env bash
# Benchmarks posting examples/card.png (1080x1920) with text and alt text to loopback servers, whole
# process, in the same run, taking turns (issue 25):
#   Mastodon (Tests/TestSupport/http-server.py scripted as an instance by scripts/bench/posting-answers.py):
#     sharevia --to mastodon (SHAREVIA_MASTODON_TOKEN, --mastodon-instance http://127.0.0.1:PORT)
#     Apprise's Mastodon plugin (apprise -b TEXT --attach card.png mastodon://TOKEN@127.0.0.1:PORT/?key=KEY)
#     a Mastodon.py script (media_post with description, status_post with idempotency_key:
#     scripts/bench/mastodon-py-post.py)
#   Bluesky (the same server scripted as a PDS, naming in createRecord's answer the record key the
#   client chose through http-server.py's `echo`; the SDK's PDS, of its own, picks the key):
#     sharevia --to bluesky (SHAREVIA_BLUESKY_HANDLE + _APP_PASSWORD, --bluesky-pds http://127.0.0.1:PORT)
#     the atproto SDK's Client.login + send_image (scripts/bench/atproto-post.py)
#   and sharevia --to file of the same card (it must not slow down), with this build and, when
#   BENCH_BASE_REV is set (such as main before posting), with that revision built the same way.
# Before timing, each tool posts once and scripts/bench/posting-check.py reads what reached the
# server: which media endpoint, whether the alt text arrived (and not the file name), whether the
# Idempotency-Key came as a header (Mastodon reads it nowhere else) or the record key was chosen by
# the client (Bluesky), whether the link and hashtag got facets with exact byte ranges, and whether
# the atproto SDK's strict model accepts the record. A sharevia destination that doesn't post yet
# (the web intent still owns the id, or the flag is unknown) is reported as "not built".
# Times are bash's $EPOCHREALTIME around each whole process (as scripts/bench-sms.sh), the tools
# taking turns run by run so that a busy moment of the shared machine falls on all of them; the
# table gives the best and the median, and each peer's median as a multiple of sharevia's.
# The peers are pinned in .build-venv by scripts/install-deps.sh bench: Apprise 2.3.0 and
# Mastodon.py 2.3.3 from PyPI (Debian 12 has Apprise 1.2.0 and python3-mastodon 1.8.0, from 2022),
# atproto 0.0.73 (the Bluesky tests' oracle).
# Target (issue 25): sharevia at least 5x faster than Apprise's whole process, and correct where
# the peers are not; --to file unchanged.
# Usage: scripts/bench-posting.sh [runs]   (default 10)   BENCH_BASE_REV=92ed0e4 scripts/bench-posting.sh
#        BENCH_SHAREVIA=path/to/sharevia scripts/bench-posting.sh   (that binary instead of building one)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
runs=${1:-10}
scripts/install-deps.sh bench >/dev/null
python=$root/.build-venv/bin/python
card=$root/examples/card.png
work=$(mktemp -d)
server_pids=()
cleanup() {
  for pid in "${server_pids[@]}"; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
load_start=$(cut -d' ' -f1-3 /proc/loadavg)

source scripts/static-build-flags.sh
build() { # package-dir scratch-path
  (cd "$1" && { swift build -c release --product sharevia --scratch-path "$2" "${STATIC_BUILD_FLAGS[@]}" >/dev/null 2>&1 \
    || swift build -c release --product sharevia --scratch-path "$2" "${STATIC_BUILD_FLAGS[@]}" >&2; } \
    && echo "$(swift build -c release --scratch-path "$2" "${STATIC_BUILD_FLAGS[@]}" --show-bin-path)/sharevia")
}
sharevia=${BENCH_SHAREVIA:-}
[[ -n $sharevia ]] || sharevia=$(build "$root" "$root/.build")
base_bin=""
if [[ -n ${BENCH_BASE_REV:-} ]]; then
  base=$root/.build-bench-base
  rm -rf "$base/src" && mkdir -p "$base/src"
  git archive "$BENCH_BASE_REV" | tar -x -C "$base/src"
  base_bin=$(build "$base/src" "$base/build")
fi

# Two loopback servers: a Mastodon instance and a PDS, each logging every request it receives.
"$python" scripts/bench/posting-answers.py "$card" "$work"
start_server() { # name: starts http-server.py with $work/NAME.json, sets ${NAME}_port
  python3 Tests/TestSupport/http-server.py --port-file "$work/$1.port" --log "$work/$1.log" \
    --script "$work/$1.json" >"$work/$1.server.txt" 2>&1 &
  server_pids+=($!)
  for _ in $(seq 1 200); do [[ -s $work/$1.port ]] && break; sleep 0.05; done
  [[ -s $work/$1.port ]] || { echo "error: the $1 test server did not start:" >&2; cat "$work/$1.server.txt" >&2; exit 1; }
  printf -v "$1_port" '%s' "$(cat "$work/$1.port")"
}
start_server mastodon
start_server pds
start_server pds_sdk
mastodon_url=http://127.0.0.1:$mastodon_port
pds_url=http://127.0.0.1:$pds_port
pds_sdk_url=http://127.0.0.1:$pds_sdk_port

# The same share for every tool. The peers take the text as sharevia composes it.
text="Seven days in a row 🔥"
url=https://example.com/streak
tag=streak
alt="Streak card: seven days in a row, best streak 12 days"
full="$text $url #$tag"
key=sharevia-bench-$(date +%s)
token=bench-token-0123456789abcdef
export SHAREVIA_MASTODON_TOKEN=$token SHAREVIA_BLUESKY_HANDLE=sharevia-bench.bsky.social
export SHAREVIA_BLUESKY_APP_PASSWORD=abcd-efgh-ijkl-mnop
# No one's own config, accounts or keyring: every tool starts from empty folders.
export XDG_CONFIG_HOME=$work/config XDG_STATE_HOME=$work/state XDG_CACHE_HOME=$work/cache XDG_DATA_HOME=$work/data
unset DBUS_SESSION_BUS_ADDRESS
mkdir -p "$work/out" "$work/base-out"

apprise_version=$("$python" -c 'import apprise; print(apprise.__version__)')
mastodon_py_version=$("$python" -c 'import importlib.metadata as m; print(m.version("Mastodon.py"))')
atproto_version=$("$python" -c 'import importlib.metadata as m; print(m.version("atproto"))')

names=(sv_mastodon apprise mastodon_py sv_bluesky atproto sv_file)
declare -A label server command_line
label[sv_mastodon]="sharevia --to mastodon"
label[apprise]="Apprise $apprise_version mastodon:// --attach"
label[mastodon_py]="Mastodon.py $mastodon_py_version script"
label[sv_bluesky]="sharevia --to bluesky"
label[atproto]="atproto $atproto_version send_image script"
label[sv_file]="sharevia --to file (this build)"
server=([sv_mastodon]=mastodon [apprise]=mastodon [mastodon_py]=mastodon [sv_bluesky]=pds [atproto]=pds_sdk)
# Each command as one line of words quoted for the shell (eval runs it).
quoted() { printf '%q ' "$@"; }
command_line[sv_mastodon]=$(quoted "$sharevia" --to mastodon "$card" --text "$text" --url "$url" --hashtag "$tag" \
  --alt "$alt" --mastodon-instance "$mastodon_url" --no-fallback)
command_line[apprise]=$(quoted "$root/.build-venv/bin/apprise" -vv -b "$full" --attach "$card" \
  "mastodon://$token@127.0.0.1:$mastodon_port/?key=$key")
command_line[mastodon_py]=$(quoted "$python" scripts/bench/mastodon-py-post.py "$mastodon_url" "$card" "$full" "$alt" "$key")
command_line[sv_bluesky]=$(quoted "$sharevia" --to bluesky "$card" --text "$text" --url "$url" --hashtag "$tag" \
  --alt "$alt" --bluesky-pds "$pds_url" --no-fallback)
command_line[atproto]=$(quoted "$python" scripts/bench/atproto-post.py "$pds_sdk_url" "$card" "$full" "$alt")
command_line[sv_file]=$(quoted "$sharevia" --to file "$card" --text "$text" --url "$url" --hashtag "$tag" \
  --out "$work/out" --no-fallback)
if [[ -n $base_bin ]]; then
  names+=(base_file)
  label[base_file]="sharevia --to file ($(git rev-parse --short "$BENCH_BASE_REV"))"
  command_line[base_file]=$(quoted "$base_bin" --to file "$card" --text "$text" --url "$url" --hashtag "$tag" \
    --out "$work/base-out" --no-fallback)
fi

# One post each, read back from the server's log. A peer that doesn't post stops the benchmark;
# a sharevia destination that doesn't is "not built" and left out of the timing (as is one whose
# post arrived but that did not exit 0: the row says what it printed).
declare -A checked
timed=()
posts_expected() { # server: how many statuses or records the timed runs must add
  local n=0 name
  for name in "${timed[@]}"; do [[ ${server[$name]:-} == "$1" ]] && n=$((n + runs)); done
  echo "$n"
}
posts_in() { # server: statuses or records the server received so far
  grep -c -E '"path": "/(api/v1/statuses|xrpc/com.atproto.repo.createRecord)' "$work/$1.log" || true
}
for name in "${names[@]}"; do
  if [[ -z ${server[$name]:-} ]]; then
    eval "${command_line[$name]}" >"$work/$name.out" 2>&1 || { echo "error: ${label[$name]} failed:" >&2; cat "$work/$name.out" >&2; exit 1; }
    timed+=("$name")
    continue
  fi
  log=$work/${server[$name]}.log
  first=$(wc -l <"$log")
  status=0
  eval "${command_line[$name]}" >"$work/$name.out" 2>&1 || status=$?
  kind=bluesky
  [[ ${server[$name]} == mastodon ]] && kind=mastodon
  checked[$name]=$("$python" scripts/bench/posting-check.py "$kind" "$log" "$first" "$alt" \
    "$(basename "$card")" "$url" "$tag")
  said=$(grep -m1 -v '^\s*$' "$work/$name.out" | cut -c1-90 || true)
  if [[ $status -eq 0 && ${checked[$name]%%$'\t'*} == yes ]]; then
    timed+=("$name")
  elif [[ $name == sv_* && ${checked[$name]%%$'\t'*} == no ]]; then
    checked[$name]="not built (exit $status: $said)"
  elif [[ $name == sv_* ]]; then
    checked[$name]="posted but did not say delivered (exit $status: $said); ${checked[$name]#*$'\t'*$'\t'}"
  else
    echo "error: ${label[$name]} did not post (exit $status):" >&2; cat "$work/$name.out" >&2; exit 1
  fi
done

# The timed runs, taking turns.
time_run() { # name: the wall time of one run in ms, appended to $work/NAME.times
  local start end status=0
  start=$EPOCHREALTIME
  eval "${command_line[$1]}" >/dev/null 2>"$work/$1.stderr" || status=$?
  end=$EPOCHREALTIME
  if [[ $status -ne 0 ]]; then
    echo "error: ${label[$1]} failed in a timed run (exit $status):" >&2; tail -5 "$work/$1.stderr" >&2; exit 1
  fi
  echo "($end - $start) * 1000" | bc -l >>"$work/$1.times"
}
declare -A posts_before
for srv in mastodon pds pds_sdk; do posts_before[$srv]=$(posts_in "$srv"); done
for _ in $(seq "$runs"); do
  for name in "${timed[@]}"; do time_run "$name"; done
done
received=""
for srv in mastodon pds pds_sdk; do
  received+=" $srv $(($(posts_in "$srv") - posts_before[$srv])) of $(posts_expected "$srv");"
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

best_and_median() { # file of samples: "BEST MEDIAN"
  sort -g "$1" | awk '{ a[NR] = $1 } END { print a[1], a[int((NR + 1) / 2)] }'
}
declare -A best median
for name in "${timed[@]}"; do read -r "best[$name]" "median[$name]" < <(best_and_median "$work/$name.times"); done
ratio() { # name reference: NAME's median as a multiple of REFERENCE's
  if [[ $1 != "$2" && -n ${median[$1]:-} && -n ${median[$2]:-} ]]; then printf '%.1fx' "$(echo "${median[$1]} / ${median[$2]}" | bc -l)"; else echo "-"; fi
}

echo "post the $(stat -c %s "$card")-byte card with text and alt text: $runs runs each, taking turns;" \
  "sharevia $(git rev-parse --short HEAD)$(git diff --quiet HEAD 2>/dev/null || echo '+changes');" \
  "$(nproc) cores, load average $load_start at the start, $load_end at the end"
row() { printf '%-38s %9s %9s %9s | %s\n' "$@"; }
row "" "best ms" "median ms" "x sharevia" "posted | media endpoint | alt text arrived | file name as alt | retry key | links, tags | record valid (atproto, strict)"
for name in "${names[@]}"; do
  case $name in
    apprise | mastodon_py) reference=sv_mastodon ;;
    atproto) reference=sv_bluesky ;;
    base_file) reference=sv_file ;;
    *) reference=$name ;;
  esac
  columns=${checked[$name]:--}
  columns=${columns//$'\t'/ | }
  if [[ -n ${median[$name]:-} ]]; then
    if [[ -n ${checked[$name]:-} ]]; then
      # The requests column goes below the table; the rest stays on the row.
      IFS=$'\t' read -r posted requests rest <<<"${checked[$name]}"
      columns="$posted | ${rest//$'\t'/ | }"
    fi
    row "${label[$name]}" "$(printf '%.1f' "${best[$name]}")" "$(printf '%.1f' "${median[$name]}")" \
      "$(ratio "$name" "$reference")" "$columns"
  else
    row "${label[$name]}" "-" "-" "-" "$columns"
  fi
done
echo "posts the servers received in the timed runs:${received%;}"
echo "requests of one post:"
for name in "${names[@]}"; do
  [[ -n ${checked[$name]:-} && -n ${median[$name]:-} ]] || continue
  IFS=$'\t' read -r _ requests _ <<<"${checked[$name]}"
  printf '  %-36s %s\n' "${label[$name]}" "$requests"
done
if [[ -n ${median[sv_mastodon]:-} && -n ${median[apprise]:-} ]]; then
  echo "Apprise / sharevia --to mastodon: $(ratio apprise sv_mastodon) (target, issue 25: at least 5x)"
fi
