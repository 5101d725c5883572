#!/usr/bin/env bash
# Runs the Python client's tests against a real nodeplane server.
# Usage: test/python/run.sh [pytest args]   (PYTHON=python3.7 picks another interpreter)
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
python="${PYTHON:-python3}"
venv="${XDG_CACHE_HOME:-$HOME/.cache}/nodeplane/venv"
stamp="$venv/.nodeplane-stamp"

# Reinstall only when pyproject.toml or the interpreter changed.
want="$( { cat clients/python/pyproject.toml; "$python" -c 'import sys; print(sys.version)'; } | sha256sum | cut -d' ' -f1)"
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  rm -rf "$venv"
  log="$(mktemp)"
  # Setuptools prints warnings even with -q: show the log only when the install fails.
  if ! { "$python" -m venv "$venv" &&
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip &&
    "$venv/bin/python" -m pip install -q --disable-pip-version-check -e clients/python pytest vermin; } >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
  echo "$want" > "$stamp"
fi

"$venv/bin/vermin" --target=3.7- --no-tips --violations clients/python/nodeplane
# The venv is shared by every checkout on the machine and its editable install points at
# whichever made it: put this checkout's client first on the path.
PYTHONPATH="$repo/clients/python${PYTHONPATH:+:$PYTHONPATH}" "$venv/bin/python" -m pytest test/python -q -p no:cacheprovider "$@"
