#!/bin/sh
# Starts one node's sshd. nodeplane runs it as
#   ip netns exec NS unshare --mount --uts --propagation private sh launch-sshd.sh DIR HOST NODE_ID
# so it runs in the node's network namespace and in a mount and UTS namespace of its own:
# the mounts and host name below are seen by this node's sshd and its sessions only.
set -eu
dir=$1
mnt=/run/nodeplane/node
hostname "$2"
# The node's directory first, at a fixed place: the mount on /root below could hide it when
# the data directory lives under /root.
mkdir -p "$mnt" /run/sshd
mount --bind "$dir" "$mnt"
# With UsePAM no, sshd checks passwords with getspnam(): this file holds only this node's root.
mount --bind "$mnt/shadow" /etc/shadow
# Root's home is the node's own, so what a user leaves there goes when the node goes.
mount --bind "$mnt/root" /root
# The control plane shields itself from the OOM killer and its children inherit that; a node's
# sshd and sessions must not be spared.
echo 0 >/proc/self/oom_score_adj 2>/dev/null || true
# SetEnv names the node in sshd's command line, which is how nodeplane finds this process.
exec /usr/sbin/sshd -D -e -f "$mnt/sshd_config" -o "SetEnv=NODEPLANE_NODE=$3"
