#!/usr/bin/env bash
# A throwaway PostgreSQL 15 for the tests, on loopback only. Usage:
#   scripts/postgres-test.sh start DIR   initdb into DIR/data, starts the server on a free 127.0.0.1 port and
#                                        prints VARIABLE=VALUE lines (below)
#   scripts/postgres-test.sh stop DIR    stops it (waiting until it has exited) and removes what start made in DIR
#   scripts/postgres-test.sh restart DIR stops it (fast: every connection is closed) and starts it again on the
#                                        same port, keeping its data (a test of workers that must reconnect)
# Printed:
#   SHAREVIA_TEST_POSTGRES_URL  postgresql://sharevia@127.0.0.1:PORT/postgres: the superuser sharevia, trusted
#                               over loopback without a password (tests make a database of their own each)
# Every other role must give its password (scram-sha-256), so a test can check that a wrong password is refused
# and never printed. Durability is off (fsync, synchronous_commit, full-page writes): a throwaway server.
# SHAREVIA_POSTGRES_DURABLE=1 keeps PostgreSQL's defaults (every commit on disk), for benchmarks.
# Needs Debian's postgresql-15 (scripts/install-deps.sh test). PostgreSQL refuses to run as root, so under root
# the server runs as the system user sharevia-postgres, created here once; DIR/data belongs to it.
set -euo pipefail
action=${1:?usage: postgres-test.sh start|stop DIR}
dir=$(realpath -m "${2:?usage: postgres-test.sh start|stop DIR}")
bin=/usr/lib/postgresql/15/bin
data="$dir/data"
user=sharevia-postgres

as_server() {
  if [[ $(id -u) -eq 0 ]]; then (cd "$dir" && runuser -u "$user" -- "$@"); else (cd "$dir" && "$@"); fi
}

stop_server() {
  if [[ -f $data/postmaster.pid ]]; then
    pid=$(head -n 1 "$data/postmaster.pid")
    as_server "$bin/pg_ctl" stop -D "$data" -m immediate -w -t 60 >/dev/null 2>&1 || true
    # pg_ctl waits for the pid file to go; the postmaster and its children exit right after.
    for _ in $(seq 1 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && { kill -9 "$pid" 2>/dev/null || true; }
  fi
  rm -rf "$data" "$dir/socket" "$dir/postgres.log" "$dir/initdb.log"
}

if [[ $action == stop ]]; then
  stop_server
  exit 0
fi
if [[ $action == restart ]]; then
  as_server "$bin/pg_ctl" restart -D "$data" -m fast -w -t 60 -l "$dir/postgres.log" >/dev/null
  exit 0
fi
[[ $action == start ]] || { echo "error: unknown action $action" >&2; exit 64; }
[[ -x $bin/initdb ]] || { echo "error: $bin/initdb is missing: install postgresql-15 (scripts/install-deps.sh test)" >&2; exit 1; }

mkdir -p "$dir"
[[ -w $dir ]] || { echo "error: $dir can't be written" >&2; exit 1; }
if [[ $(id -u) -eq 0 ]]; then
  id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
  chmod 755 "$dir"
fi
# A server left running in DIR by an earlier start is stopped first.
stop_server
mkdir -p "$data" "$dir/socket"
[[ $(id -u) -eq 0 ]] && chown "$user:" "$data" "$dir/socket"
chmod 700 "$data"
log="$dir/postgres.log"
: >"$log"
: >"$dir/initdb.log"
[[ $(id -u) -eq 0 ]] && chown "$user:" "$log" "$dir/initdb.log"

as_server "$bin/initdb" -D "$data" -U sharevia --auth-host=scram-sha-256 --auth-local=trust --encoding=UTF8 \
  --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; echo "error: initdb failed for $data" >&2; exit 1; }
# The superuser is trusted over loopback; everyone else gives a password.
cat >"$data/pg_hba.conf" <<CONF
local all all trust
host all sharevia 127.0.0.1/32 trust
host all all 127.0.0.1/32 scram-sha-256
CONF

free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# A free port can be taken between asking and binding: up to 3 ports are tried.
started=""
for _ in 1 2 3; do
  port=$(free_port)
  options="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir/socket"
  options+=" -c max_connections=300"
  [[ -n ${SHAREVIA_POSTGRES_DURABLE:-} ]] || options+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  if as_server "$bin/pg_ctl" start -D "$data" -l "$log" -w -t 60 -o "$options" >/dev/null 2>&1; then
    started=yes
    break
  fi
  grep -q 'could not bind' "$log" || break
done
if [[ -z $started ]]; then
  cat "$log" >&2
  echo "error: PostgreSQL did not start from $data (its log is above)" >&2
  exit 1
fi
"$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -t 60 ||
  { cat "$log" >&2; echo "error: PostgreSQL started but does not answer on 127.0.0.1:$port" >&2; exit 1; }
echo "SHAREVIA_TEST_POSTGRES_URL=postgresql://sharevia@127.0.0.1:$port/postgres"
