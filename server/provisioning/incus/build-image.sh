#!/usr/bin/env bash
# Builds the Incus node image from Debian's packages: a unified image tarball
# (metadata.yaml, rootfs/, templates/ at the top, as Incus' image format documents).
#   build-image.sh OUT_DIR SUITE MIRROR [EXTRA_PACKAGES]   -> OUT_DIR/image.tar.gz
# EXTRA_PACKAGES (comma-separated Debian packages on top) is for test images only, such as one
# with a container runtime; nodeplane's own image is built without it and stays lean. It is an
# argument, not an environment variable, so nothing in an operator's shell changes that image.
# Import with `incus image import OUT_DIR/image.tar.gz --alias <name>`.
# Unlike the podman image (tini runs sshd), an Incus node is a system container: systemd is
# PID 1, and sshd, systemd-networkd and the per-node host keys are its units.
set -euo pipefail
out=$1 suite=$2 mirror=$3 extra=${4:-}

# nftables: the node's inbound filter on its public NIC (firewalls and the default ingress,
# see server/provisioning/incus/firewall.ts), which Incus cannot filter on a routed NIC.
# udev: systemd-networkd waits for udev to initialize each link (it counts on udev wherever
# /sys is writable, as it is in an Incus container) and without it leaves them "pending".
packages=systemd,systemd-sysv,dbus,udev,openssh-server,iproute2,iputils-ping,ca-certificates,curl,procps,psmisc,less,nano,vim-tiny,netbase,sudo,nftables
if [ -n "$extra" ]; then packages=$packages,$extra; fi

work=$(mktemp -d /var/tmp/nodeplane-incus-image.XXXXXX)
trap 'rm -rf "$work"' EXIT
root=$work/rootfs

echo "==> debootstrap $suite (minbase) from $mirror"
debootstrap --variant=minbase --include="$packages" "$suite" "$root" "$mirror"

echo "==> configuring the node image"
# Host keys are made per node at its first boot, never shared through the image. Debian makes
# them only in openssh-server's postinst, so a oneshot unit does it before sshd starts.
rm -f "$root"/etc/ssh/ssh_host_*
cat >"$root/etc/ssh/sshd_config.d/nodeplane.conf" <<'CONF'
# Root logs in with the password the API shows; PAM's session modules expect a full machine.
PermitRootLogin yes
PasswordAuthentication yes
KbdInteractiveAuthentication no
UsePAM no
UseDNS no
CONF
cat >"$root/etc/systemd/system/nodeplane-hostkeys.service" <<'UNIT'
[Unit]
Description=SSH host keys of this node
Before=ssh.service

[Service]
Type=oneshot
ExecStart=/usr/bin/ssh-keygen -A
RemainAfterExit=yes

[Install]
WantedBy=multi-user.target ssh.service
UNIT
# nodeplane writes the node's inbound filter to this file and loads it live; at boot it is
# loaded before any network comes up, so a node is never open between its start and nodeplane.
cat >"$root/etc/systemd/system/nodeplane-firewall.service" <<'UNIT'
[Unit]
Description=nodeplane's inbound filter of this node's public addresses
DefaultDependencies=no
Before=network-pre.target
Wants=network-pre.target
ConditionPathExists=/etc/nodeplane/firewall.nft

[Service]
Type=oneshot
ExecStart=/usr/sbin/nft -f /etc/nodeplane/firewall.nft
RemainAfterExit=yes

[Install]
WantedBy=sysinit.target
UNIT
# A guest's own poweroff leaves a mark that nodeplane reads through the files API once the
# instance stopped: Incus reports it just as it reports a crash of init (both are
# `instance-shutdown` events without a requestor), and a node that switched itself off must
# stay off. poweroff.target only: Incus's own clean stop (`incus stop`, an evacuation, a member
# shutting down) sends SIGRTMIN+3, which systemd takes as halt. Every boot removes the mark
# (tmpfiles), so it speaks of the last stop only.
mkdir -p "$root/var/lib/nodeplane"
cat >"$root/etc/systemd/system/nodeplane-poweroff-mark.service" <<'UNIT'
[Unit]
Description=Mark that this node powered itself off
DefaultDependencies=no
Before=shutdown.target

[Service]
Type=oneshot
ExecStart=/usr/bin/touch /var/lib/nodeplane/powered-off
ExecStart=/usr/bin/sync /var/lib/nodeplane/powered-off

[Install]
WantedBy=poweroff.target
UNIT
echo 'r /var/lib/nodeplane/powered-off' >"$root/usr/lib/tmpfiles.d/nodeplane-poweroff-mark.conf"
# nodeplane writes the node's static addresses as /etc/systemd/network/*.network files.
chroot "$root" systemctl enable nodeplane-hostkeys.service nodeplane-firewall.service \
  nodeplane-poweroff-mark.service ssh.service systemd-networkd.service
# A machine id per node is made at first boot by systemd; none is shared.
: >"$root/etc/machine-id"
rm -f "$root/var/lib/dbus/machine-id"
# debootstrap copied the build machine's resolver; a node's comes from nodeplane.
: >"$root/etc/resolv.conf"
chroot "$root" apt-get clean
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/log/*.log

# The instance's name becomes its hostname, written by Incus when the instance is made.
mkdir -p "$work/templates"
printf '{{ instance.name }}\n' >"$work/templates/hostname.tpl"
printf '127.0.0.1 localhost\n127.0.1.1 {{ instance.name }}\n::1 localhost ip6-localhost ip6-loopback\n' \
  >"$work/templates/hosts.tpl"
cat >"$work/metadata.yaml" <<META
architecture: x86_64
creation_date: $(date +%s)
properties:
  description: nodeplane node, Debian $suite${extra:+ (test image, with $extra)}
  os: Debian
  release: $suite
templates:
  /etc/hostname:
    when: [create, copy]
    template: hostname.tpl
  /etc/hosts:
    when: [create, copy]
    template: hosts.tpl
META

echo "==> packing $out/image.tar.gz"
mkdir -p "$out"
tar --numeric-owner --xattrs --xattrs-include='*' -C "$work" \
  -czf "$out/image.tar.gz.tmp" metadata.yaml templates rootfs
mv "$out/image.tar.gz.tmp" "$out/image.tar.gz"
echo "==> built $out/image.tar.gz"
