#!/usr/bin/env bash
# Installs what the netns driver and its test suite need: iproute2, OpenSSH (server and
# client), sshpass and openssl, with apt-get, only when missing. The system's own sshd
# service is never started: nodeplane runs one sshd per node inside its namespaces.
# Usage: test/setup/install-netns.sh (as root; without root it only reports what is missing).
set -euo pipefail

log() { echo "install-netns: $*" >&2; }

declare -A needs=(
  [ip]=iproute2
  [/usr/sbin/sshd]=openssh-server
  [ssh]=openssh-client
  [ssh-keygen]=openssh-client
  [sshpass]=sshpass
  [openssl]=openssl
  [sysctl]=procps
  [unshare]=util-linux
)
missing=()
for tool in "${!needs[@]}"; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("${needs[$tool]}")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  log "everything present"
  exit 0
fi
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
if [[ $(id -u) -ne 0 ]]; then
  log "not root; cannot install: ${missing[*]} (the netns suite will skip)"
  exit 1
fi
command -v apt-get >/dev/null || { log "no apt-get; install by hand: ${missing[*]}"; exit 1; }

# A fresh openssh-server would start the machine's own sshd on port 22: forbid it twice,
# with the policy-rc.d hook for this install and Debian's marker file for good.
if [[ ! -e /usr/sbin/sshd ]]; then
  mkdir -p /etc/ssh
  touch /etc/ssh/sshd_not_to_be_run
fi
if [[ ! -e /usr/sbin/policy-rc.d ]]; then
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi

log "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
log "done"
