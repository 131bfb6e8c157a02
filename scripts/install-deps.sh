#!/usr/bin/env bash
# Installs the Debian packages sharevia needs. Usage: scripts/install-deps.sh [build|test|bench]
#   build: what compiling and running need (libpng, libjpeg-turbo, libcurl, OpenSSL, libxcb headers, pkg-config)
#   test:  build + the real parts the tests run against (Xvfb, xclip, xsel, wl-clipboard, pngcheck,
#          an SMTP server, ImageMagick, strace for the fault matrix, plistutil, cjpeg/djpeg,
#          python3-jsonschema for the plugin protocol's schemas)
#   bench: test + the tools benchmarks compare against (vips, hyperfine, GNU time)
# Skips apt entirely when everything is already installed.
set -euo pipefail
kind=${1:-build}
packages=(libpng-dev libturbojpeg0-dev libcurl4-openssl-dev libssl-dev libxcb1-dev pkg-config)
if [[ $kind == test || $kind == bench ]]; then
  packages+=(xvfb xclip xsel wl-clipboard x11-utils pngcheck python3-aiosmtpd imagemagick strace libplist-utils libjpeg-turbo-progs python3-jsonschema)
fi
if [[ $kind == bench ]]; then
  packages+=(libvips-tools hyperfine time python3-venv)
fi
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "error: swift is not on PATH; install Swift 6 from swift.org first" >&2; exit 1; }
