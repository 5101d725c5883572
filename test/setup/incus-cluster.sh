#!/usr/bin/env bash
# A real Incus cluster on this one machine, for the Incus driver's tests.
#   test/setup/incus-cluster.sh up [--members N]   (N >= 2, default 2)
#   test/setup/incus-cluster.sh down
#   test/setup/incus-cluster.sh cut N | mend N     (member N loses its link, or gets it back)
#   test/setup/incus-cluster.sh kill N | start N   (member N's incusd dies, or starts again)
#   test/setup/incus-cluster.sh guard              (the members' guard again, on a running cluster)
# `up` builds, all named npinc-*:
#   - an "upstream" network namespace playing the internet router: a bridge (the underlay,
#     10.236.0.1/24 and fd00:236::1/64) with a veth to every member, on-link routes for the
#     public pools 203.0.113.0/24 and 2001:db8::/32 on that bridge, and a client address
#     198.18.0.2 (2001:2::2) on its lo that tests ssh from;
#   - a veth npinc-host from this machine's own namespace into that bridge, 10.236.0.2/24, so
#     a server here reaches the members' https addresses (the incus https suite);
#   - per member i: a network namespace whose `ul0` has 10.236.0.(10+i)/24 and
#     fd00:236::(10+i)/64, its own incusd and INCUS_DIR (STATE/member-i), and its own btrfs
#     pool `default` on a sparse loop file, so a root disk's `size` is enforced (qgroups);
#     and the member's guard (docs/operations.md): nftables table `inet nodeplane_guard`
#     refusing its nodes every address of the member and the underlay (the members' Incus API,
#     the server's link), which Incus 6.0 cannot filter on a routed NIC;
#   - the cluster: member-1 initializes it, the others join with tokens; project `nodeplane`;
#     per-member region and datacenter (user.nodeplane.region, failure_domain).
# Its last two lines on stdout are
#   NODEPLANE_INCUS_URL=unix://STATE/member-1/unix.socket,unix://STATE/member-2/unix.socket,...
#   NODEPLANE_TEST_INTERNET_NETNS=npinc-up
# everything else goes to stderr. `up` when a cluster (or its debris) is there runs `down` first,
# so every `up` starts clean. `down` removes everything and is safe to run any time.
# STATE is $NODEPLANE_INCUS_TEST_DIR, default /var/lib/nodeplane-incus-test. Needs root and
# test/setup/install-engines.sh.
set -Eeuo pipefail
# Whatever fails says what it was, once (errtrace would report it again in every caller), and
# only in the script's own shell: a command substitution that fails on purpose (`down`'s
# `ps -g` of a group that is gone) is no failure of the script's.
trap 'rc=$?; [[ $BASH_SUBSHELL -gt 0 || -n ${failed:-} ]] || { failed=1; log "failed (exit $rc) at line $LINENO: $BASH_COMMAND"; }' ERR

state_dir=${NODEPLANE_INCUS_TEST_DIR:-/var/lib/nodeplane-incus-test}
incusd=/usr/libexec/incus/incusd
prefix=npinc-
upstream_ns=${prefix}up
host_link=${prefix}host  # in the host's namespace; its peer `host` is on the underlay bridge
bridge=br0          # inside the upstream namespace, so no clash with the host's names
pool_size=12GiB
region=lab-1

log() { echo "incus-cluster: $*" >&2; }
die() { log "$*"; exit 1; }

member_ns() { echo "${prefix}m$1"; }
member_dir() { echo "$state_dir/member-$1"; }
member_v4() { echo "10.236.0.$((10 + $1))"; }
member_v6() { echo "fd00:236::$((10 + $1))"; }
# lab-1a, lab-1b, ...: each member is its own datacenter of the one region.
member_datacenter() { printf '%s%b' "$region" "\\x$(printf %x $((96 + $1)))"; }

# The CLI of member i, through its unix socket from the host (no TLS on the way).
incus_on() {
  local i=$1
  shift
  INCUS_DIR=$(member_dir "$i") incus "$@"
}

# ---------------------------------------------------------------- underlay network

in_ns() {
  local ns=$1
  shift
  ip netns exec "$ns" "$@"
}

# Waits (5 s at most) until ADDR on DEV in namespace NS has left the tentative state.
wait_ipv6_usable() {
  local ns=$1 dev=$2 addr=$3 tries
  for ((tries = 0; tries < 50; tries++)); do
    [[ -z $(ip -n "$ns" -6 addr show dev "$dev" tentative) ]] && return 0
    sleep 0.1
  done
  die "$addr on $dev in $ns is still tentative after 5 s: $(ip -n "$ns" -6 addr show dev "$dev")"
}

setup_upstream() {
  ip netns add "$upstream_ns"
  in_ns "$upstream_ns" sysctl -qw net.ipv4.ip_forward=1 net.ipv6.conf.all.forwarding=1
  ip -n "$upstream_ns" link set lo up
  # Snooping off: the members' VXLAN multicast (tunnel.*.group) must flood to every port.
  ip -n "$upstream_ns" link add "$bridge" type bridge mcast_snooping 0
  ip -n "$upstream_ns" link set "$bridge" up
  # A public address moves between members as nodes come and go: the router forgets which
  # member answered for it within a second or two, instead of half a minute.
  in_ns "$upstream_ns" sysctl -qw "net.ipv4.neigh.$bridge.base_reachable_time_ms=1000" \
    "net.ipv4.neigh.$bridge.delay_first_probe_time=1" "net.ipv6.neigh.$bridge.base_reachable_time_ms=1000" \
    "net.ipv6.neigh.$bridge.delay_first_probe_time=1"
  ip -n "$upstream_ns" addr add 10.236.0.1/24 dev "$bridge"
  ip -n "$upstream_ns" addr add fd00:236::1/64 dev "$bridge" nodad
  # The "internet" a test connects from; the public pools' routes pick it as source. On lo:
  # this kernel has no dummy interfaces.
  ip -n "$upstream_ns" addr add 198.18.0.2/32 dev lo
  ip -n "$upstream_ns" addr add 2001:2::2/128 dev lo nodad
  # A new IPv6 address is tentative until the kernel's address work queue has run, nodad or not,
  # and a tentative one is no route source ("Invalid source address": a fresh machine's first
  # `up` met it).
  wait_ipv6_usable "$upstream_ns" lo 2001:2::2
  # On-link: a node's public address is answered for by its member (proxy ARP/NDP of a routed
  # NIC), wherever the node runs.
  ip -n "$upstream_ns" route add 203.0.113.0/24 dev "$bridge" src 198.18.0.2
  ip -n "$upstream_ns" -6 route add 2001:db8::/32 dev "$bridge" src 2001:2::2
}

# Only the underlay's /24 is routed over it: nothing else of this machine's traffic changes.
setup_host_link() {
  ip link add "$host_link" type veth peer name host netns "$upstream_ns"
  ip -n "$upstream_ns" link set host master "$bridge" up
  ip addr add 10.236.0.2/24 dev "$host_link"
  ip link set "$host_link" up
}

setup_member_net() {
  local i=$1 ns
  ns=$(member_ns "$i")
  ip netns add "$ns"
  ip -n "$ns" link set lo up
  ip -n "$upstream_ns" link add "m$i" type veth peer name ul0 netns "$ns"
  ip -n "$upstream_ns" link set "m$i" master "$bridge" up
  # Forwarding: members route their nodes' traffic; proxy_ndp: routed NICs answer NDP on ul0.
  in_ns "$ns" sysctl -qw net.ipv4.ip_forward=1 net.ipv6.conf.all.forwarding=1 \
    net.ipv6.conf.all.proxy_ndp=1
  ip -n "$ns" link set ul0 up
  in_ns "$ns" sysctl -qw net.ipv6.conf.ul0.proxy_ndp=1
  ip -n "$ns" addr add "$(member_v4 "$i")/24" dev ul0
  ip -n "$ns" addr add "$(member_v6 "$i")/64" dev ul0 nodad
  ip -n "$ns" route add default via 10.236.0.1
  ip -n "$ns" -6 route add default via fd00:236::1
}

# The member's guard, as docs/operations.md gives it to operators: a node reaches neither the
# member itself (its Incus API on 8443, anything else listening on any of its addresses) nor
# the control network behind the uplink (the other members, the server). From the uplink and
# lo all passes; from a node only neighbour discovery on its link and replies to the member's
# own connections. Forwarded traffic is matched on the way out of the uplink only, so VPC
# traffic bridged between nodes (br_netfilter hands it to this hook too) is never touched,
# whatever its addresses. Refused, not dropped: a tenant's probe fails at once.
guard_rules() {
  cat <<NFT
table inet nodeplane_guard
delete table inet nodeplane_guard
table inet nodeplane_guard {
  set control_v4 { type ipv4_addr; flags interval; elements = { 10.236.0.0/24 } }
  set control_v6 { type ipv6_addr; flags interval; elements = { fd00:236::/64 } }
  chain input {
    type filter hook input priority filter; policy accept;
    iifname { "lo", "ul0" } accept
    ct state established,related accept
    icmpv6 type { nd-neighbor-solicit, nd-neighbor-advert, nd-router-solicit } accept
    reject with icmpx admin-prohibited
  }
  chain forward {
    type filter hook forward priority filter; policy accept;
    ct state established,related accept
    oifname "ul0" ip daddr @control_v4 reject with icmpx admin-prohibited
    oifname "ul0" ip6 daddr @control_v6 reject with icmpx admin-prohibited
  }
}
NFT
}

# One transaction: the table is replaced whole, so `guard` on a guarded member changes nothing.
guard_member() {
  guard_rules | ip netns exec "$(member_ns "$1")" nft -f -
}

# Every member namespace there is, for a cluster brought up before the guard existed.
guard_all() {
  local ns found=0
  for ns in $(our_namespaces); do
    [[ $ns =~ ^${prefix}m([0-9]+)$ ]] || continue
    guard_member "${BASH_REMATCH[1]}"
    log "guarded member-${BASH_REMATCH[1]}"
    found=1
  done
  [[ $found -eq 1 ]] || die "no member namespace: is the cluster up?"
}

# ---------------------------------------------------------------- daemons

# `ip netns exec` gives its command a new mount namespace with a fresh /sys, which hides the
# host's cgroup mounts; incusd would then start containers without cgroups and their systemd
# dies. The host's cgroup mounts (v1 hybrid here, whatever they are elsewhere) are written down
# once, and the wrapper mounts them again inside the namespace before it execs incusd.
write_wrapper() {
  awk '{ for (f = 7; $f != "-"; f++); fs = $(f + 1); if (fs !~ /^cgroup2?$/ && !($5 == "/sys/fs/cgroup" && fs == "tmpfs")) next
         o = $(f + 3); gsub(/(^|,)r[wo](,|$)/, ",", o); gsub(/^,|,$/, "", o); print fs, $5, (o == "" ? "defaults" : o) }' \
    /proc/self/mountinfo >"$state_dir/cgroup-mounts"
  cat >"$state_dir/incusd-wrap.sh" <<'WRAP'
#!/bin/sh
# Run by `ip netns exec`: mount the host's cgroup layout again (see incus-cluster.sh), then incusd.
set -e
while read -r fs dir opts; do
  [ "$fs" = tmpfs ] && opts=mode=755
  mkdir -p "$dir"
  mount -t "$fs" -o "$opts" "$fs" "$dir"
done <"$(dirname "$0")/cgroup-mounts"
exec /usr/libexec/incus/incusd --group root --logfile "$1"
WRAP
  chmod +x "$state_dir/incusd-wrap.sh"
}

# setsid: each daemon leads its own process group, which `down` kills as a whole.
start_daemon() {
  local i=$1 dir
  dir=$(member_dir "$i")
  mkdir -p "$dir"
  INCUS_DIR=$dir setsid ip netns exec "$(member_ns "$i")" "$state_dir/incusd-wrap.sh" \
    "$state_dir/member-$i.log" </dev/null >>"$state_dir/member-$i.out" 2>&1 &
  echo $! >"$state_dir/member-$i.pid"
}

wait_daemon() {
  INCUS_DIR=$(member_dir "$1") incus admin waitready --timeout 60 ||
    die "member-$1 did not start; see $state_dir/member-$1.log and member-$1.out"
}

# ---------------------------------------------------------------- cluster

# No managed network (no incusbr0, no NAT): nodes get routed NICs or VXLAN bridges from the driver.
init_first() {
  incus_on 1 admin init --preseed <<YAML
config:
  core.https_address: $(member_v4 1):8443
cluster:
  enabled: true
  server_name: member-1
storage_pools:
  - name: default
    driver: btrfs
    config:
      size: $pool_size
profiles:
  - name: default
    devices:
      root: {type: disk, path: /, pool: default}
YAML
}

# The join runs inside the member's namespace: only from there is member-1's address reachable
# without the sandbox's TLS interception (from the host the fingerprint check fails).
join_member() {
  local i=$1 token
  token=$(incus_on 1 cluster add "member-$i" --quiet | tail -n 1)
  INCUS_DIR=$(member_dir "$i") ip netns exec "$(member_ns "$i")" incus admin init --preseed <<YAML
cluster:
  enabled: true
  server_name: member-$i
  server_address: $(member_v4 "$i"):8443
  cluster_token: $token
  member_config:
    - {entity: storage-pool, name: default, key: source, value: ""}
    - {entity: storage-pool, name: default, key: size, value: $pool_size}
YAML
}

# Region as a free-form member key (user.* is the documented namespace for this); datacenter as
# the member's failure domain, which Incus itself uses to spread database roles.
label_member() {
  local i=$1
  incus_on 1 cluster set "member-$i" user.nodeplane.region="$region"
  incus_on 1 cluster set "member-$i" --property failure_domain="$(member_datacenter "$i")"
}

# Shares default's images and profiles (so its root disk on pool `default`) and its networks.
create_project() {
  incus_on 1 project create nodeplane -c features.images=false -c features.profiles=false \
    -c features.storage.volumes=false -c features.networks=false >&2
}

# ---------------------------------------------------------------- down

our_namespaces() { ip netns list | awk -v p="$prefix" 'index($1, p) == 1 { print $1 }'; }

# Force-deletes every instance of every project through the API while the daemons still answer,
# so LXC stops them and removes their cgroups itself. Bounded: a hung daemon is killed below.
delete_instances() {
  local sock dir list project name
  for sock in "$state_dir"/member-*/unix.socket; do
    [[ -S $sock ]] || continue
    dir=${sock%/unix.socket}
    # The cluster lists every member's instances, so the first member that answers is enough.
    list=$(timeout 10 env INCUS_DIR="$dir" incus list --all-projects --format csv --columns en \
      2>/dev/null) || continue
    # In parallel: each delete waits for its container to stop.
    while IFS=, read -r project name; do
      [[ -n $name ]] || continue
      { timeout 60 env INCUS_DIR="$dir" incus delete --force --project "$project" "$name" >&2 ||
        log "could not delete $project/$name; it is killed with its daemon"; } &
    done <<<"$list"
    wait
    return 0
  done
}

# Our instances' cgroups (lxc.payload.<project>_<name>, one per hierarchy), named after the
# directories under every member's containers/.
our_instance_cgroups() {
  local instance
  for instance in "$state_dir"/member-*/containers/*; do
    [[ -e $instance || -L $instance ]] || continue  # a symlink into the (gone) pool mount
    ls -d /sys/fs/cgroup/lxc.payload."${instance##*/}" /sys/fs/cgroup/*/lxc.payload."${instance##*/}" \
      /sys/fs/cgroup/*/lxc.monitor."${instance##*/}" 2>/dev/null || true
  done
}

# Every process in our namespaces (incusd, forkfile, dnsmasq, [lxc monitor]), the daemons'
# process groups, whatever is in our instances' cgroups (a container's processes live in its
# own namespaces, and outlive a killed monitor), and everything all these started. Not zombies:
# a killed daemon whose parent (an earlier `up`) is gone waits for this machine's PID 1 to reap it.
our_processes() {
  local ns pids
  pids=$(for ns in $(our_namespaces); do ip netns pids "$ns" 2>/dev/null || true; done
    for f in "$state_dir"/member-*.pid; do [[ -e $f ]] && ps -o pid= -g "$(cat "$f")" 2>/dev/null; done
    for cg in $(our_instance_cgroups); do find "$cg" -name cgroup.procs -exec cat {} + 2>/dev/null; done
    true)
  [[ -n ${pids// /} ]] || return 0
  # Descendants, by walking the parent links of the whole process table.
  ps -eo pid=,ppid= | awk -v roots="$(tr "\n" " " <<<"$pids")" '
    BEGIN { n = split(roots, r, " "); for (k = 1; k <= n; k++) mine[r[k]] = 1 }
    { parent[$1] = $2 }
    END { do { changed = 0; for (p in parent) if (!(p in mine) && (parent[p] in mine)) { mine[p] = 1; changed = 1 } } while (changed)
          for (p in mine) print p }' | xargs -r ps -o pid=,stat= -p | awk '$2 !~ /^Z/ { print $1 }'
}

kill_processes() {
  local pids tries
  pids=$(our_processes)
  [[ -n $pids ]] || return 0
  kill -TERM $pids 2>/dev/null || true
  for ((tries = 0; tries < 20; tries++)); do
    pids=$(our_processes)
    [[ -n $pids ]] || return 0
    sleep 0.25
  done
  kill -KILL $pids 2>/dev/null || true
  sleep 0.5
  pids=$(our_processes)
  [[ -z $pids ]] || log "still running: $pids"
}

# Cgroups LXC leaves behind when its containers were killed rather than stopped; only the
# names of our instances (their directories under every member's containers/). lxc.pivot is
# where LXC's monitors park themselves on the way out; rmdir leaves it if anyone still uses it.
# A killed process pins its cgroup until this machine's PID 1 reaps it, hence the retries.
remove_cgroups() {
  local cg tries
  for ((tries = 0; tries < 40; tries++)); do
    for cg in $(our_instance_cgroups); do
      find "$cg" -depth -type d -exec rmdir {} + 2>/dev/null || true
    done
    [[ -z $(our_instance_cgroups) ]] && break
    sleep 0.25
  done
  [[ -z $(our_instance_cgroups) ]] || log "cgroups left: $(our_instance_cgroups | tr '\n' ' ')"
  rmdir /sys/fs/cgroup/*/lxc.pivot 2>/dev/null || true
}

# The daemons mounted their pools inside their own mount namespaces, gone with them; anything
# still mounted under the state dir in ours is unmounted here, deepest first.
unmount_all() {
  local m
  for m in $(awk -v d="$state_dir" 'index($2, d) == 1 { print $2 }' /proc/self/mounts | sort -r); do
    umount -l "$m" || true
  done
}

detach_loops() {
  local dev
  for dev in $(losetup -nO NAME,BACK-FILE | awk -v d="$state_dir" 'index($2, d) == 1 { print $1 }'); do
    losetup -d "$dev" || true
  done
}

down() {
  log "down: instances, daemons, namespaces, mounts, loop devices, $state_dir"
  [[ -d $state_dir ]] && delete_instances
  kill_processes
  [[ -d $state_dir ]] && remove_cgroups
  # Goes with the upstream namespace anyway; removed first so a half-made one goes too.
  if ip link show "$host_link" >/dev/null 2>&1; then ip link del "$host_link"; fi
  local ns
  for ns in $(our_namespaces); do ip netns del "$ns"; done
  [[ -d $state_dir ]] || return 0
  unmount_all
  detach_loops
  rm -rf "$state_dir"
}

# ---------------------------------------------------------------- up

# Every node's systemd takes inotify instances, counted per user of the machine: Debian's 128
# runs out at about a dozen nodes ("Failed to allocate manager object: Too many open files"),
# as Incus's production setup guide warns. Raised, never lowered.
raise_inotify_limits() {
  local key want
  for key in fs.inotify.max_user_instances:8192 fs.inotify.max_user_watches:1048576; do
    want=${key#*:}
    key=${key%%:*}
    [[ $(sysctl -n "$key") -ge $want ]] || sysctl -qw "$key=$want"
  done
}

up() {
  local members=$1 i started=$SECONDS
  if [[ -d $state_dir || -n $(our_namespaces) ]] || ip link show "$host_link" >/dev/null 2>&1; then
    log "a previous cluster (or its debris) is there; taking it down first"
    down
  fi
  mkdir -p "$state_dir"
  raise_inotify_limits
  log "network: $upstream_ns and $members members"
  setup_upstream
  setup_host_link
  for ((i = 1; i <= members; i++)); do
    setup_member_net "$i"
    guard_member "$i"
  done
  write_wrapper
  log "starting $members incusd"
  for ((i = 1; i <= members; i++)); do start_daemon "$i"; done
  for ((i = 1; i <= members; i++)); do wait_daemon "$i"; done
  log "member-1 initializes the cluster"
  init_first
  for ((i = 2; i <= members; i++)); do
    log "member-$i joins"
    join_member "$i"
  done
  for ((i = 1; i <= members; i++)); do label_member "$i"; done
  # A member that stops answering counts as offline after 11 s (Incus takes more than 10), not 20.
  incus_on 1 config set cluster.offline_threshold=11
  create_project
  log "up in $((SECONDS - started)) s"
  incus_on 1 cluster list >&2
  local urls=()
  for ((i = 1; i <= members; i++)); do urls+=("unix://$(member_dir "$i")/unix.socket"); done
  (IFS=,; echo "NODEPLANE_INCUS_URL=${urls[*]}")
  echo "NODEPLANE_TEST_INTERNET_NETNS=$upstream_ns"
}

# ---------------------------------------------------------------- member faults, for tests

# The member's veth on the upstream bridge: down, it is a machine whose network failed.
set_link() { ip -n "$upstream_ns" link set "m$1" "$2"; }

# The member's daemon (its process group) dies as in a crash; its containers run on.
kill_member() {
  local pid
  pid=$(cat "$state_dir/member-$1.pid")
  kill -KILL -- "-$pid" 2>/dev/null || true
}

start_member() {
  start_daemon "$1"
  wait_daemon "$1"
}

main() {
  [[ $(id -u) -eq 0 ]] || die "needs root"
  local cmd=${1:-}
  shift || true
  case $cmd in
    up)
      local members=2
      while [[ $# -gt 0 ]]; do
        case $1 in
          --members) members=${2:?--members needs a number}; shift 2 ;;
          *) die "unknown option $1" ;;
        esac
      done
      [[ $members =~ ^[0-9]+$ && $members -ge 2 && $members -le 26 ]] || die "--members: 2 to 26"
      [[ -x $incusd ]] || die "no $incusd: run test/setup/install-engines.sh"
      command -v mkfs.btrfs >/dev/null || die "no btrfs-progs: run test/setup/install-engines.sh"
      command -v nft >/dev/null || die "no nft (the members' guard): run test/setup/install-engines.sh"
      up "$members"
      ;;
    down) down ;;
    cut) set_link "${1:?member number}" down ;;
    mend) set_link "${1:?member number}" up ;;
    kill) kill_member "${1:?member number}" ;;
    start) start_member "${1:?member number}" ;;
    guard) guard_all ;;
    *) die "usage: $0 up [--members N] | down | cut N | mend N | kill N | start N | guard" ;;
  esac
}

main "$@"
