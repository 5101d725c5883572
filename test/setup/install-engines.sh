#!/usr/bin/env bash
# Installs what the netns and podman drivers and their test suites need, with apt-get, only
# when missing: iproute2, nftables, OpenSSH (server and client), sshpass, openssl, podman
# with runc, and debootstrap; gives podman a `containers` range of subordinate ids; builds the
# node image once (podman's store keeps it). The system's own sshd service is never started:
# nodeplane runs one sshd per netns node, and each podman node runs its own.
# Usage: test/setup/install-engines.sh (as root; without root it only reports what is missing).
set -euo pipefail

log() { echo "install-engines: $*" >&2; }

declare -A needs=(
  [ip]=iproute2
  [/usr/sbin/sshd]=openssh-server
  [ssh]=openssh-client
  [ssh-keygen]=openssh-client
  [sshpass]=sshpass
  [openssl]=openssl
  [sysctl]=procps
  [unshare]=util-linux
  [nft]=nftables
  [podman]=podman
  [runc]=runc
  [debootstrap]=debootstrap
)
missing=()
for tool in "${!needs[@]}"; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("${needs[$tool]}")
done
# --userns=auto takes each node's ids from these ranges (the ids no user of the machine has).
ensure_subordinate_ids() {
  local file
  for file in /etc/subuid /etc/subgid; do
    grep -q '^containers:' "$file" 2>/dev/null || echo 'containers:2147483647:2147483648' >>"$file"
  done
}

ensure_image() {
  node bin/nodeplane.js images build --if-missing
}

cd "$(dirname "$0")/../.."
if [[ ${#missing[@]} -eq 0 ]]; then
  log "every tool present"
  [[ $(id -u) -eq 0 ]] || exit 0
  ensure_subordinate_ids
  ensure_image
  exit 0
fi
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
if [[ $(id -u) -ne 0 ]]; then
  log "not root; cannot install: ${missing[*]} (the engine suites will skip)"
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
ensure_subordinate_ids
ensure_image
log "done"
