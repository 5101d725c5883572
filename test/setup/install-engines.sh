#!/usr/bin/env bash
# Installs what the netns and podman drivers and their test suites need, with apt-get, only
# when missing: iproute2, nftables, OpenSSH (server and client), sshpass, openssl, podman
# with runc, and debootstrap; gives podman a `containers` range of subordinate ids; builds the
# node image once (podman's store keeps it). Also Incus 6.0 LTS from bookworm-backports, with
# dnsmasq-base and btrfs-progs, for the test cluster (test/setup/incus-cluster.sh). The system's
# own sshd and incus services are never started: nodeplane runs one sshd per netns node, each
# podman node runs its own, and the test cluster runs its own incusd per member.
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
# Podman's --userns=auto takes each node's ids from the `containers` range, and incusd (root)
# each isolated node's 65,536 from root's (security.idmap.isolated): ids no user of the machine
# has. Incus's package adds root's range on its first install only, after the highest range
# there, which is past 2^32 once `containers` is in: so root's is written here, before it.
ensure_subordinate_ids() {
  local file
  for file in /etc/subuid /etc/subgid; do
    grep -q '^root:' "$file" 2>/dev/null || echo 'root:1000000:1000000000' >>"$file"
    grep -q '^containers:' "$file" 2>/dev/null || echo 'containers:2147483647:2147483648' >>"$file"
  done
}

# Each node's systemd (podman and incus nodes boot it) takes inotify instances, counted per
# user of the machine: Debian's default of 128 runs out at about a dozen nodes. Never lowered.
ensure_inotify_limits() {
  [[ $(sysctl -n fs.inotify.max_user_instances) -ge 8192 ]] || sysctl -qw fs.inotify.max_user_instances=8192
  [[ $(sysctl -n fs.inotify.max_user_watches) -ge 1048576 ]] || sysctl -qw fs.inotify.max_user_watches=1048576
}

ensure_image() {
  node bin/nodeplane.js images build --if-missing
}

# Incus 6.0 LTS is only in bookworm-backports; its incusd, its dnsmasq (Incus' own networks) and
# btrfs-progs (the test cluster's pools, which enforce root disk sizes) are checked as files.
incus_missing() {
  [[ -x /usr/libexec/incus/incusd ]] && command -v incus >/dev/null 2>&1 &&
    command -v dnsmasq >/dev/null 2>&1 && command -v mkfs.btrfs >/dev/null 2>&1 && return 1
  return 0
}

# The mirror apt already uses for bookworm itself, so backports come from the same place
# (`apt-cache policy` lists each source as ` 500 <uri> <suite>/<component> <arch> Packages`).
debian_mirror() {
  apt-cache policy | awk '$3 ~ /^bookworm\/main$/ { print $2; exit }'
}

ensure_backports_source() {
  local file=/etc/apt/sources.list.d/nodeplane-backports.sources mirror
  [[ -e $file ]] && return 0
  mirror=$(debian_mirror)
  [[ -n $mirror ]] || { log "no bookworm source in apt; cannot add bookworm-backports"; return 1; }
  cat >"$file" <<SOURCES
# Added by nodeplane's test/setup/install-engines.sh: Incus 6.0 LTS comes from backports.
Types: deb
URIs: $mirror
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
}

# Pulls incus-base and (through Depends) a newer qemu-system-x86 too; only -t picks backports.
install_incus() {
  log "installing incus (bookworm-backports)"
  ensure_backports_source
  apt-get update -qq >&2
  apt-get -t bookworm-backports install -y -qq --no-install-recommends \
    incus incus-client dnsmasq-base btrfs-progs >&2
}

# A fresh package must not start its service (sshd on port 22, incusd on the host): forbid it
# with the policy-rc.d hook for this install, and for sshd with Debian's marker file for good.
forbid_service_starts() {
  if [[ ! -e /usr/sbin/sshd ]]; then
    mkdir -p /etc/ssh
    touch /etc/ssh/sshd_not_to_be_run
  fi
  if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
}

cd "$(dirname "$0")/../.."
need_incus=false
incus_missing && need_incus=true
if [[ ${#missing[@]} -eq 0 && $need_incus == false ]]; then
  log "every tool present"
  [[ $(id -u) -eq 0 ]] || exit 0
  ensure_subordinate_ids
  ensure_inotify_limits
  ensure_image
  exit 0
fi
if [[ ${#missing[@]} -gt 0 ]]; then
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
fi
if [[ $(id -u) -ne 0 ]]; then
  log "not root; cannot install: ${missing[*]} $([[ $need_incus == true ]] && echo incus) (the engine suites will skip)"
  exit 1
fi
command -v apt-get >/dev/null || { log "no apt-get; install by hand: ${missing[*]}"; exit 1; }

forbid_service_starts
export DEBIAN_FRONTEND=noninteractive
if [[ ${#missing[@]} -gt 0 ]]; then
  log "installing ${missing[*]}"
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
# Before Incus's package, which would otherwise pick root's range itself (see above).
ensure_subordinate_ids
[[ $need_incus == false ]] || install_incus
ensure_inotify_limits
ensure_image
log "done"
