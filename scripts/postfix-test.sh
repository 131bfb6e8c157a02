#!/usr/bin/env bash
# A private Postfix for the email tests, on loopback only. Usage:
#   scripts/postfix-test.sh start DIR   starts it with its own config, queue and mailboxes in DIR and
#                                       prints VARIABLE=VALUE lines (below)
#   scripts/postfix-test.sh stop DIR    stops it
# Listeners (each 127.0.0.1 on a free port):
#   SHAREVIA_TEST_POSTFIX_PORT             accepts mail for alice@ and bob@sharevia.test, delivering
#                                          into DIR/mail/alice/ and DIR/mail/bob/ (Maildir); any other
#                                          user of sharevia.test gets 550 5.1.1 User unknown
#   SHAREVIA_TEST_POSTFIX_SMALL_PORT       the same, with SIZE 20000 (552 5.3.4 for larger messages)
#   SHAREVIA_TEST_POSTFIX_RESTRICTED_PORT  refuses every client: 554 5.7.1 Client host rejected
#   SHAREVIA_TEST_POSTFIX_GREYLIST_PORT    greylists: asks postgrey (a private one, its database in
#                                          DIR/postgrey) at RCPT, so a sender/recipient pair it has not
#                                          seen gets 450 4.2.0 Greylisted, and the same pair tried again
#                                          SHAREVIA_TEST_POSTFIX_GREYLIST_DELAY seconds later (10 unless
#                                          the variable is set when starting) or more is accepted
# and SHAREVIA_TEST_POSTFIX_MAIL=DIR/mail, the folder of the Maildirs.
# Needs root (Postfix's master runs as root) and Debian's postfix and postgrey packages
# (scripts/install-deps.sh test).
set -euo pipefail
action=${1:?usage: postfix-test.sh start|stop DIR}
dir=$(realpath -m "${2:?usage: postfix-test.sh start|stop DIR}")
config="$dir/etc"

stop_postgrey() {
  # postgrey deletes its pid file as it exits; wait for that (up to 10 s) so DIR can be removed.
  local pid
  pid=$(cat "$dir/postgrey.pid" 2>/dev/null) || return 0
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$dir/postgrey.pid"
}

if [[ $action == stop ]]; then
  [[ -f $config/main.cf ]] && postfix -c "$config" stop >/dev/null 2>&1 || true
  stop_postgrey
  exit 0
fi
[[ $action == start ]] || { echo "error: unknown action $action" >&2; exit 64; }
[[ $(id -u) -eq 0 ]] || { echo "error: a private Postfix needs root" >&2; exit 1; }

free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port)
small=$(free_port)
restricted=$(free_port)
greylist=$(free_port)
policy=$(free_port)
while [[ $small == "$port" ]]; do small=$(free_port); done
while [[ $restricted == "$port" || $restricted == "$small" ]]; do restricted=$(free_port); done
while [[ " $port $small $restricted " == *" $greylist "* ]]; do greylist=$(free_port); done
while [[ " $port $small $restricted $greylist " == *" $policy "* ]]; do policy=$(free_port); done
delay=${SHAREVIA_TEST_POSTFIX_GREYLIST_DELAY:-10}
[[ $delay =~ ^[0-9]+$ && $delay -ge 1 && $delay -le 3600 ]] ||
  { echo "error: SHAREVIA_TEST_POSTFIX_GREYLIST_DELAY must be a whole number of seconds from 1 to 3600, not '$delay'" >&2; exit 64; }

mkdir -p "$config" "$dir/spool" "$dir/data" "$dir/mail"
# Postfix's daemons run as the postfix user: they must reach the queue and the mailboxes.
chmod 755 "$dir"
uid=$(id -u postfix)
gid=$(id -g postfix)
chown "$uid:$gid" "$dir/mail" "$dir/data"
cat >"$config/main.cf" <<CONF
compatibility_level = 3.6
queue_directory = $dir/spool
data_directory = $dir/data
maillog_file_prefixes = $dir
maillog_file = $dir/maillog
myhostname = mail.sharevia.test
mydomain = sharevia.test
myorigin = sharevia.test
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
relay_domains =
virtual_mailbox_domains = sharevia.test
virtual_mailbox_maps = inline:{ alice@sharevia.test=alice/, bob@sharevia.test=bob/ }
virtual_mailbox_base = $dir/mail
virtual_uid_maps = static:$uid
virtual_gid_maps = static:$gid
virtual_minimum_uid = 1
smtpd_banner = \$myhostname ESMTP sharevia test Postfix
message_size_limit = 10240000
biff = no
alias_maps =
alias_database =
smtputf8_enable = no
shlib_directory = /usr/lib/postfix
# The greylisting listener's recipient check (master.cf's -o values cannot hold spaces).
greylist_recipient_restrictions = reject_unauth_destination, check_policy_service inet:127.0.0.1:$policy
CONF
cat >"$config/master.cf" <<CONF
127.0.0.1:$port inet n - n - - smtpd
127.0.0.1:$small inet n - n - - smtpd
  -o message_size_limit=20000
127.0.0.1:$restricted inet n - n - - smtpd
  -o smtpd_client_restrictions=reject
127.0.0.1:$greylist inet n - n - - smtpd
  -o smtpd_recipient_restrictions=\$greylist_recipient_restrictions
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
proxywrite unix -       -       n       -       1       proxymap
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
local     unix  -       n       n       -       -       local
virtual   unix  -       n       n       -       -       virtual
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
CONF
# postgrey, the greylisting policy service, with its own database and empty whitelists (Debian's list
# and its automatic whitelisting after 5 deliveries would let mail through ungreylisted).
stop_postgrey
mkdir -p "$dir/postgrey"
chown postgrey:postgrey "$dir/postgrey"
: >"$dir/postgrey/whitelist_clients"
: >"$dir/postgrey/whitelist_recipients"
postgrey --inet="127.0.0.1:$policy" --dbdir="$dir/postgrey" --delay="$delay" --auto-whitelist-clients=0 \
  --whitelist-clients="$dir/postgrey/whitelist_clients" --whitelist-recipients="$dir/postgrey/whitelist_recipients" \
  --pidfile="$dir/postgrey.pid" --daemonize --syslog-facility=local7 >"$dir/postgrey.log" 2>&1 ||
  { cat "$dir/postgrey.log" >&2; echo "error: postgrey did not start" >&2; exit 1; }
postfix -c "$config" stop >/dev/null 2>&1 || true
postfix -c "$config" check </dev/null || { echo "error: postfix check failed for $config (run: script -qc \"postfix -c $config check\" /dev/null)" >&2; exit 1; }
postfix -c "$config" start >/dev/null 2>&1 || { cat "$dir/maillog" >&2 2>/dev/null; echo "error: postfix did not start" >&2; exit 1; }
answers() { /usr/bin/python3 -c "import socket; socket.create_connection(('127.0.0.1',$1),1).close()" 2>/dev/null; }
for p in "$policy" "$port" "$small" "$restricted" "$greylist"; do
  # Up to 60 s for each listener, as the tests give their other servers.
  for _ in $(seq 1 600); do answers "$p" && break; sleep 0.1; done
  answers "$p" || { cat "$dir/maillog" "$dir/postgrey.log" >&2 2>/dev/null; echo "error: nothing is listening on 127.0.0.1:$p (postfix, or postgrey on $policy)" >&2; exit 1; }
done
echo "SHAREVIA_TEST_POSTFIX_PORT=$port"
echo "SHAREVIA_TEST_POSTFIX_SMALL_PORT=$small"
echo "SHAREVIA_TEST_POSTFIX_RESTRICTED_PORT=$restricted"
echo "SHAREVIA_TEST_POSTFIX_GREYLIST_PORT=$greylist"
echo "SHAREVIA_TEST_POSTFIX_GREYLIST_DELAY=$delay"
echo "SHAREVIA_TEST_POSTFIX_MAIL=$dir/mail"
