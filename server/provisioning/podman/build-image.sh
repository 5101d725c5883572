#!/usr/bin/env bash
# Builds the node image from Debian's packages and imports it into podman's store.
#   build-image.sh TAG SUITE MIRROR
# nodeplane runs it through `nodeplane images build`, which picks the suite and the mirror.
# The image's tag carries a hash of this file, so a changed recipe means a new image.
set -euo pipefail
tag=$1 suite=$2 mirror=$3

# What a user expects on a fresh server, and what nodeplane needs in a node: sshd, iproute2,
# and tini as PID 1 so that orphaned processes are reaped as on a real machine.
packages=openssh-server,iproute2,iputils-ping,ca-certificates,curl,procps,psmisc,less,nano,vim-tiny,netbase,tini,sudo

work=$(mktemp -d /var/tmp/nodeplane-image.XXXXXX)
trap 'rm -rf "$work"' EXIT
root=$work/root

echo "==> debootstrap $suite (minbase) from $mirror"
debootstrap --variant=minbase --include="$packages" "$suite" "$root" "$mirror"

echo "==> configuring the node image"
# Host keys are made per node at its first boot, never shared through the image.
rm -f "$root"/etc/ssh/ssh_host_*
cat >"$root/etc/ssh/sshd_config.d/nodeplane.conf" <<'CONF'
# Root logs in with the password the API shows; PAM's session modules expect a full machine.
PermitRootLogin yes
PasswordAuthentication yes
KbdInteractiveAuthentication no
UsePAM no
UseDNS no
CONF
cat >"$root/usr/local/sbin/nodeplane-init" <<'INIT'
#!/bin/sh
# The node's boot, run by tini as PID 1: what is per node, then the node's sshd.
set -e
ssh-keygen -A >/dev/null
mkdir -p /run/sshd
exec /usr/sbin/sshd -D -e
INIT
chmod 0755 "$root/usr/local/sbin/nodeplane-init"
# A machine id per node is made at first boot by whatever needs one; none is shared.
: >"$root/etc/machine-id"
chroot "$root" apt-get clean
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/log/*.log

echo "==> importing into podman as $tag"
tar --numeric-owner -C "$root" -c . | podman import \
  --change 'ENTRYPOINT ["/usr/bin/tini", "--"]' \
  --change 'CMD ["/usr/local/sbin/nodeplane-init"]' \
  --change 'LABEL io.nodeplane.image=node' \
  - "$tag" >/dev/null
echo "==> built $tag"
