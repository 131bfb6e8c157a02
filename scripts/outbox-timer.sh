#!/usr/bin/env bash
# Installs (or removes) a systemd user timer that runs 'sharevia outbox run' every few minutes, so
# the shares queued for a network destination that failed for a while are sent without a person.
# Usage: scripts/outbox-timer.sh [--bin PATH] [--every MINUTES]   install (scripts/install.sh
#                                                                  --with-outbox-timer runs this)
#        scripts/outbox-timer.sh --remove                         stop, disable and remove it
#   --bin PATH       the sharevia to run (default: $PREFIX/bin/sharevia, PREFIX=~/.local)
#   --every MINUTES  how often, 1 to 1440 (default 5)
# Writes $XDG_CONFIG_HOME/systemd/user/sharevia-outbox.{service,timer} (~/.config when unset), then
# runs 'systemctl --user daemon-reload' and 'systemctl --user enable --now sharevia-outbox.timer'
# when a user systemd answers; otherwise prints those commands to run in your session.
set -euo pipefail
prefix=${PREFIX:-$HOME/.local}
bin="$prefix/bin/sharevia"
every=5
remove=0
while (($#)); do
  case $1 in
    --bin)
      [[ -n ${2:-} ]] || { echo "error: --bin needs the path of sharevia" >&2; exit 64; }
      bin=$2; shift 2 ;;
    --every)
      [[ ${2:-} =~ ^[1-9][0-9]{0,3}$ ]] && ((10#$2 <= 1440)) ||
        { echo "error: --every needs a whole number of minutes from 1 to 1440" >&2; exit 64; }
      every=$((10#$2)); shift 2 ;;
    --remove) remove=1; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown option '$1' (see --help)" >&2; exit 64 ;;
  esac
done
[[ $bin == /* ]] || bin="$PWD/$bin"
units="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
service="$units/sharevia-outbox.service"
timer="$units/sharevia-outbox.timer"

# Whether a user systemd answers here (not in a container or an ssh session without one).
user_systemd() {
  command -v systemctl >/dev/null 2>&1 && systemctl --user show-environment >/dev/null 2>&1
}

if ((remove)); then
  if user_systemd; then
    systemctl --user disable --now sharevia-outbox.timer 2>/dev/null || true
  fi
  rm -f "$service" "$timer"
  if user_systemd; then systemctl --user daemon-reload; fi
  echo "removed $timer and $service"
  exit 0
fi

[[ -x $bin ]] || { echo "error: $bin is not an executable sharevia; install it first or give --bin PATH" >&2; exit 66; }
mkdir -p "$units"
# systemd quotes: a path with a space or a '%' must survive its parsing.
quoted=${bin//%/%%}
cat >"$service" <<UNIT
[Unit]
Description=sharevia: send the shares queued in the outbox
Documentation=man:sharevia-outbox(1)

[Service]
Type=oneshot
ExecStart="$quoted" outbox run
# 4: an item was not through yet (queued again); 5: an item's outcome is unknown (it waits for
# you: 'sharevia outbox'). Neither is the service failing.
SuccessExitStatus=4 5
UNIT
cat >"$timer" <<UNIT
[Unit]
Description=sharevia: send the outbox every $every min

[Timer]
OnStartupSec=1min
OnUnitActiveSec=${every}min
RandomizedDelaySec=20s

[Install]
WantedBy=timers.target
UNIT
echo "wrote $service"
echo "wrote $timer (every $every min)"
if user_systemd; then
  systemctl --user daemon-reload
  systemctl --user enable --now sharevia-outbox.timer
  echo "enabled: systemctl --user list-timers sharevia-outbox.timer shows the next run;"
  echo "  journalctl --user -u sharevia-outbox.service shows what each run sent"
else
  echo "no user systemd answers here; in your desktop session, run:"
  echo "  systemctl --user daemon-reload && systemctl --user enable --now sharevia-outbox.timer"
fi
