#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on 127.0.0.1 for the PostgreSQL test run and the
# benchmarks, installing Debian's `postgresql` package first when no server binary exists.
# Prints `<data dir> <admin URL>` on its last line; `pg_ctl -D <data dir> stop -m fast` ends it
# (test/setup/stop-postgres.sh does, and removes the directory). The cluster lives in a temporary directory and is
# tuned for tests: no fsync, so a power cut could lose it, which a test cluster may.
# Usage: test/setup/start-postgres.sh [--durable]   (--durable keeps fsync, for benchmarks)
set -euo pipefail

log() { echo "start-postgres: $*" >&2; }

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

if [[ -z "$(bindir)" ]]; then
  if [[ $(id -u) -ne 0 ]]; then
    log "no PostgreSQL server and not root: install Debian's postgresql package"
    exit 1
  fi
  log "installing Debian's postgresql package"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2 ||
    { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2; }
fi
BIN="$(bindir)"

# PostgreSQL refuses to run as root: as root, run it as the package's `postgres` user.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

DATA="$(mktemp -d /tmp/nodeplane-pg-XXXXXX)"
[[ $(id -u) -eq 0 ]] && chown postgres: "$DATA"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"

as_owner "$BIN/initdb" -D "$DATA" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
[[ "${1:-}" == "--durable" ]] && durability=""
# shellcheck disable=SC2086
as_owner "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w -o \
  "-h 127.0.0.1 -p $PORT -k $DATA -c max_connections=300 $durability" start >/dev/null
log "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT, data in $DATA"
echo "$DATA postgres://postgres@127.0.0.1:$PORT/postgres"
