#!/usr/bin/env bash
# A throwaway PostgreSQL server on 127.0.0.1 for the PostgreSQL test run and the benchmarks.
#
#   test/setup/postgres.sh start [--durable]   prints `<data dir> <admin URL>` on its last line
#   test/setup/postgres.sh stop DATA_DIR       stops that server and removes its directory
#
# `start` installs Debian's `postgresql` package first when no server binary exists. The
# cluster lives in a temporary directory and is tuned for tests: no fsync, so a power cut could
# lose it, which a test cluster may; --durable keeps fsync, for benchmarks.
set -euo pipefail

log() { echo "postgres.sh: $*" >&2; }

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

# PostgreSQL refuses to run as root: as root, run it as the package's `postgres` user.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

install_server() {
  [[ -n "$(bindir)" ]] && return
  if [[ $(id -u) -ne 0 ]]; then
    log "no PostgreSQL server and not root: install Debian's postgresql package"
    exit 1
  fi
  log "installing Debian's postgresql package"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2 ||
    { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2; }
}

start() {
  install_server
  local bin data port durability
  bin="$(bindir)"
  data="$(mktemp -d /tmp/nodeplane-pg-XXXXXX)"
  [[ $(id -u) -eq 0 ]] && chown postgres: "$data"
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  as_owner "$bin/initdb" -D "$data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
  durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  [[ "${1:-}" == "--durable" ]] && durability=""
  as_owner "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -o \
    "-h 127.0.0.1 -p $port -k $data -c max_connections=300 $durability" start >/dev/null
  log "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, data in $data"
  echo "$data postgres://postgres@127.0.0.1:$port/postgres"
}

stop() {
  as_owner "$(bindir)/pg_ctl" -D "$1" stop -m fast >/dev/null || true
  rm -rf "$1"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) stop "$2" ;;
  *) log "usage: $0 start [--durable] | stop DATA_DIR"; exit 2 ;;
esac
