#!/usr/bin/env bash
# Stops a server started by start-postgres.sh and removes its data directory.
# Usage: test/setup/stop-postgres.sh DATA_DIR
set -euo pipefail
DATA="$1"
BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
if [[ $(id -u) -eq 0 ]]; then
  runuser -u postgres -- "$BIN/pg_ctl" -D "$DATA" stop -m fast >/dev/null || true
else
  "$BIN/pg_ctl" -D "$DATA" stop -m fast >/dev/null || true
fi
rm -rf "$DATA"
