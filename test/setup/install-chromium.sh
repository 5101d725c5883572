#!/usr/bin/env bash
# Installs Debian's Chromium for the dashboard's browser tests when it is missing.
# Usage: test/setup/install-chromium.sh   → prints the browser path as the last line of stdout.
# The tests drive it with playwright-core, so no browser download from the internet is needed.
set -euo pipefail

BIN="${NODEPLANE_CHROMIUM:-/usr/bin/chromium}"
log() { echo "install-chromium: $*" >&2; }

if [[ ! -x "$BIN" ]]; then
  command -v apt-get >/dev/null || { log "apt-get not found; install Chromium and set NODEPLANE_CHROMIUM"; exit 1; }
  # The tests run as root in CI; elsewhere, sudo is the usual way to reach apt.
  sudo=""
  [[ "$(id -u)" -eq 0 ]] || sudo="sudo"
  log "installing chromium with apt-get (once)"
  $sudo apt-get update >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium >&2
  BIN=/usr/bin/chromium
fi

log "$("$BIN" --version 2>/dev/null || echo "$BIN")"
echo "$BIN"
