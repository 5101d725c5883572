#!/usr/bin/env bash
# Installs nginx (Debian's nginx-light) for test/server/reverse-proxy.test.ts, only when missing,
# without starting Debian's own nginx service (it would take port 80): the test runs its own
# nginx in the foreground on a loopback port.
# Usage: test/setup/install-nginx.sh   → prints the nginx binary's path as the last line; exits
# non-zero (the test then skips) when nginx is missing and cannot be installed (not root).
set -euo pipefail

log() { echo "install-nginx: $*" >&2; }

if nginx=$(command -v nginx || ls /usr/sbin/nginx 2>/dev/null); then
  echo "$nginx"
  exit 0
fi
[[ $(id -u) -eq 0 ]] || { log "not root; cannot install nginx"; exit 1; }
command -v apt-get >/dev/null || { log "no apt-get; install nginx by hand"; exit 1; }
if [[ ! -e /usr/sbin/policy-rc.d ]]; then
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
export DEBIAN_FRONTEND=noninteractive
log "installing nginx-light"
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends nginx-light >&2
echo /usr/sbin/nginx
