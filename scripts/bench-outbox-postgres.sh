#!/usr/bin/env bash
# Benchmarks the PostgreSQL outbox against the SQLite one (issue 27), same run, same machine, static release
# builds, a throwaway PostgreSQL 15 with its default durability (every commit on disk, as SQLite's
# synchronous=FULL), each share to the file destination with the 32 KB example card:
#   1. draining 10,000 shares: 1, 2 and 4 workers (each a `sharevia outbox run --outbox postgresql://... --concurrency 1`
#      process, all started at once), one process with --concurrency 4, and 4 processes with --concurrency 4; then
#      the SQLite outbox draining the same 10,000 on this machine (`sharevia outbox run --outbox FILE`, --concurrency
#      1 and 4); then 1 and 4 PostgreSQL workers and the SQLite outbox again, the cards written to a folder in
#      /dev/shm (tmpfs);
#   2. the queue's own cost per share, no delivery (outbox-postgres-benchmark overhead, overhead-sqlite);
#   3. enqueue to delivery with an idle worker woken by NOTIFY (outbox-postgres-benchmark latency).
# Each drain is checked: every item delivered, every card written.
# Usage: scripts/bench-outbox-postgres.sh [shares]   (default 10000; SHAREVIA_BENCH_BIN_DIR=DIR skips the build)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
shares=${1:-10000}
scripts/install-deps.sh bench >/dev/null
work=$(mktemp -d)
chmod 755 "$work" # the server runs as its own user under root (scripts/postgres-test.sh)
pg="$work/pg"
cleanup() { scripts/postgres-test.sh stop "$pg" >/dev/null 2>&1 || true; rm -rf "$work" "${shm:-}"; }
trap cleanup EXIT
mkdir -p "$work/done"

if [[ -n ${SHAREVIA_BENCH_BIN_DIR:-} ]]; then
  bin=$SHAREVIA_BENCH_BIN_DIR
else
  source scripts/static-build-flags.sh
  for product in sharevia sharevia-outbox-postgres outbox-postgres-benchmark; do
    swift build -c release --product "$product" --scratch-path "$root/.build" "${STATIC_BUILD_FLAGS[@]}" >/dev/null 2>&1 ||
      swift build -c release --product "$product" --scratch-path "$root/.build" "${STATIC_BUILD_FLAGS[@]}" >&2
  done
  bin=$(swift build -c release --scratch-path "$root/.build" "${STATIC_BUILD_FLAGS[@]}" --show-bin-path)
fi
for program in sharevia sharevia-outbox-postgres outbox-postgres-benchmark; do
  [[ -x $bin/$program ]] || { echo "error: $bin/$program is missing" >&2; exit 1; }
done
sharevia=$bin/sharevia
benchmark=$bin/outbox-postgres-benchmark
card=$root/examples/card.png

server=$(SHAREVIA_POSTGRES_DURABLE=1 scripts/postgres-test.sh start "$pg" | sed -n 's/^SHAREVIA_TEST_POSTGRES_URL=//p')
[[ -n $server ]] || { echo "error: PostgreSQL did not start" >&2; exit 1; }
export HOME=$work XDG_STATE_HOME=$work/state XDG_CACHE_HOME=$work/cache SHAREVIA_NO_HISTORY=1
fresh_database() { # a new empty database; prints its URL (called in a subshell: the name is unique by itself)
  local name
  name=bench_$(date +%s%N)
  psql "$server" -qc "CREATE DATABASE $name" >/dev/null
  echo "${server%/postgres}/$name?sslmode=disable"
}
millis() { date +%s%3N; }
settle_down() { # URL: each drain starts with what earlier runs wrote on the disk (files, WAL) flushed, not flushing
  sync
  psql "$1" -qc "CHECKPOINT" >/dev/null
  sync
}
# The cards go to $out: a folder on the disk (ext4 here), or with the drains' "tmpfs" runs one in /dev/shm, where
# neither fsync nor ext4's inode allocation (a large part of a worker's time on this machine) costs anything, so
# what is measured is the queue and sharevia.
out=$work/out
shm=$(mktemp -d /dev/shm/sharevia-bench.XXXXXX)
fresh_out() { # earlier runs' cards are kept aside (on the disk) or removed (in memory)
  if [[ -d $out ]]; then
    if [[ $out == "$shm"/* ]]; then rm -rf "$out"; else mv "$out" "$work/done/$(date +%s%N)"; fi
  fi
  mkdir -p "$out"
}
check_postgres() { # URL: every item delivered, every card written
  local delivered cards
  delivered=$(psql "$1" -Atc "SELECT count(*) FROM sharevia_outbox_items WHERE state = 'delivered' AND receipt IS NOT NULL")
  [[ $delivered == "$shares" ]] || { echo "error: $delivered of $shares items delivered" >&2; exit 1; }
  cards=$(find "$out" -name '*.png' | wc -l)
  [[ $cards == "$shares" ]] || { echo "error: $cards of $shares cards written" >&2; exit 1; }
}

printf '%-64s %10s %12s\n' "drain $shares shares to the file destination, a folder on the disk" "seconds" "shares/s"
drain_postgres() { # PROCESSES CONCURRENCY
  local url start end pids=()
  url=$(fresh_database)
  fresh_out
  "$benchmark" seed "$url" "$shares" "$out" "$card"
  settle_down "$url"
  start=$(millis)
  for worker in $(seq 1 "$1"); do
    "$sharevia" outbox run --outbox "$url" --concurrency "$2" >/dev/null 2>"$work/worker-$worker.err" &
    pids+=($!)
  done
  local failed=""
  for pid in "${pids[@]}"; do wait "$pid" || failed=yes; done
  end=$(millis)
  if [[ -n $failed ]]; then # what the workers said, and where the items are
    for worker in $(seq 1 "$1"); do grep -v '^✓' "$work/worker-$worker.err" | tail -5 >&2; done
    psql "$url" -Atc "SELECT state, count(*) FROM sharevia_outbox_items GROUP BY state" >&2
  fi
  check_postgres "$url"
  printf '%-64s %10.2f %12.0f\n' "PostgreSQL: $1 process(es) x --concurrency $2" "$(echo "($end - $start) / 1000" | bc -l)" \
    "$(echo "$shares * 1000 / ($end - $start)" | bc -l)"
}
drain_postgres 1 1
drain_postgres 2 1
drain_postgres 4 1
drain_postgres 1 4
drain_postgres 4 4

drain_sqlite() { # CONCURRENCY
  local file=$work/sqlite-$1.sqlite start end delivered cards
  rm -f "$file"*
  fresh_out
  "$benchmark" init-sqlite "$file" 0
  /usr/bin/python3 - "$file" "$shares" "$out" "$card" <<'PY'
import json, sqlite3, sys, time
path, count, out, card = sys.argv[1], int(sys.argv[2]), sys.argv[3], open(sys.argv[4], "rb").read()
db = sqlite3.connect(path)
now = int(time.time() * 1_000_000)
with db:
    for index in range(count):
        share = "%d-%016x" % (now + index, 0xbe9c_0000_0000 + index)
        request = {"attachments": 1, "configFile": None, "flags": {"out": [out]}, "hashtags": [], "kind": "generic",
                   "link": None, "requiresAltText": False, "shareID": share, "text": "Benchmark share %d" % index,
                   "threadsLongText": False, "title": None, "version": 1}
        cursor = db.execute(
            "INSERT INTO outbox_items (share_id, destination, state, request, created_us, next_try_us, expires_us,"
            " tries, updated_us) VALUES (?, 'file', 'queued', ?, ?, ?, ?, 0, ?)",
            (share, json.dumps(request, sort_keys=True, separators=(",", ":")).encode(), now, now,
             now + 3 * 86_400_000_000, now))
        db.execute("INSERT INTO outbox_attachments (item_id, position, file_name, media_type, alt_text, bytes)"
                   " VALUES (?, 0, 'card.png', 'image/png', NULL, ?)", (cursor.lastrowid, card))
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
PY
  settle_down "$server"
  start=$(millis)
  "$sharevia" outbox run --outbox "$file" --concurrency "$1" >/dev/null 2>&1 || true
  end=$(millis)
  delivered=$(/usr/bin/python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM outbox_items WHERE state = '"'delivered'"'").fetchone()[0])' "$file")
  [[ $delivered == "$shares" ]] || { echo "error: SQLite: $delivered of $shares items delivered" >&2; exit 1; }
  cards=$(find "$out" -name '*.png' | wc -l)
  [[ $cards == "$shares" ]] || { echo "error: SQLite: $cards of $shares cards written" >&2; exit 1; }
  printf '%-64s %10.2f %12.0f\n' "SQLite (one machine): 1 process x --concurrency $1" "$(echo "($end - $start) / 1000" | bc -l)" \
    "$(echo "$shares * 1000 / ($end - $start)" | bc -l)"
}
drain_sqlite 1
drain_sqlite 4

out=$shm/out
printf '%-64s %10s %12s\n' "the same, the folder in memory (tmpfs: no fsync, no ext4)" "seconds" "shares/s"
drain_postgres 1 1
drain_postgres 4 1
drain_postgres 4 4
drain_sqlite 1
drain_sqlite 4

echo
echo "the queue's own cost per share (no delivery; 2,000 shares), and enqueue to delivery (200 shares):"
"$benchmark" overhead "$(fresh_database)" 2000
"$benchmark" overhead-sqlite "$work/overhead.sqlite" 2000
"$benchmark" latency "$(fresh_database)" 200
