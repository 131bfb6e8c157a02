#!/usr/bin/env bash
# Formats the Swift sources with the house style (.swift-format: swift-log's, 4 spaces, 120 columns).
# Usage: scripts/format.sh          format in place
#        scripts/format.sh --lint   report what differs, exit non-zero if anything does
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ${1:-} == --lint ]]; then
  swift format lint --strict --parallel --recursive Package.swift Sources Tests
else
  swift format format --in-place --parallel --recursive Package.swift Sources Tests
fi
