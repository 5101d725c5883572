#!/usr/bin/env bash
# Builds the node image from Debian's packages and imports it into podman's store.
#   build-image.sh TAG SUITE MIRROR
# nodeplane runs it through `nodeplane images build`, which picks the suite and the mirror.
# The image's tag carries a hash of this file, so a changed recipe means a new image.
set -euo pipefail
tag=$1 suite=$2 mirror=$3

# What a user expects on a fresh server, and what nodeplane needs in a node: sshd, iproute2,
# and systemd as PID 1 with D-Bus, as on a real machine. No udev: the driver wires the node's
# network from outside, and a container has no devices to manage.
packages=openssh-server,iproute2,iputils-ping,ca-certificates,curl,procps,psmisc,less,nano,vim-tiny,netbase,sudo,systemd,systemd-sysv,dbus

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
cat >"$root/etc/systemd/system/nodeplane-host-keys.service" <<'UNIT'
[Unit]
Description=SSH host keys of this node, made at its first boot
Before=ssh.service

[Service]
Type=oneshot
# Makes only the keys that are missing: a node keeps its keys across restarts.
ExecStart=/usr/bin/ssh-keygen -A

[Install]
WantedBy=ssh.service
UNIT
chroot "$root" systemctl enable ssh.service nodeplane-host-keys.service
cat >"$root/usr/local/sbin/nodeplane-init" <<'INIT'
#!/bin/sh
# The node's first process, which becomes systemd. On a cgroup v1 machine the node's
# name=systemd cgroup belongs to the machine's root until nodeplane hands it to the node's
# root (server/provisioning/podman/cgroup.ts); systemd cannot start before that, so wait for
# it. mkdir is the one write cgroupfs allows, so it is the probe.
cg=$(sed -n 's/^[0-9]*:name=systemd://p' /proc/self/cgroup)
if [ -n "$cg" ]; then
  dir=/sys/fs/cgroup/systemd$cg
  until mkdir "$dir/nodeplane-probe" 2>/dev/null; do sleep 0.05; done
  rmdir "$dir/nodeplane-probe"
fi
exec /sbin/init
INIT
chmod 0755 "$root/usr/local/sbin/nodeplane-init"
# An empty machine id: systemd makes one per node at its first boot; none is shared.
: >"$root/etc/machine-id"
chroot "$root" apt-get clean
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/log/*.log

echo "==> importing into podman as $tag"
tar --numeric-owner -C "$root" -c . | podman import \
  --change 'CMD ["/usr/local/sbin/nodeplane-init"]' \
  --change 'STOPSIGNAL SIGRTMIN+3' \
  --change 'LABEL io.nodeplane.image=node' \
  - "$tag" >/dev/null
echo "==> built $tag"
