#!/usr/bin/env bash
# Packs this checkout as a release (npm pack; its prepack compiles the server to dist/server) and
# installs the tarball into an empty prefix, as an operator would (docs/operations.md).
# Usage: test/setup/install-package.sh   → prints the installed command's path as the last line.
# Cached by the tarball's hash under ~/.cache/nodeplane/package: npm pack writes the same bytes for
# the same sources, and a new install compiles better-sqlite3 (about two minutes here).
set -euo pipefail
cd "$(dirname "$0")/../.."
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/nodeplane/package"

log() { echo "install-package: $*" >&2; }

# Packs the checkout's compiled better-sqlite3 as prebuild-install names and lays out a prebuild.
local_prebuild() {
  local module=node_modules/better-sqlite3 name
  [[ -f $module/build/Release/better_sqlite3.node ]] || return 0
  name=$(node -p "const p = require('./$module/package.json'); \`\${p.name}-v\${p.version}-node-v\${process.versions.modules}-\${process.platform}-\${process.arch}.tar.gz\`")
  mkdir -p "$1"
  [[ -f $1/$name ]] || tar -czf "$1/$name" -C "$module" build/Release/better_sqlite3.node
}

work=$(mktemp -d "${TMPDIR:-/tmp}/nodeplane-pack.XXXXXX")
trap 'rm -rf "$work"' EXIT
npm pack --silent --pack-destination "$work" >/dev/null
tarball=$(echo "$work"/nodeplane-*.tgz)
prefix="$CACHE/$(sha256sum "$tarball" | cut -c 1-16)"

if [[ ! -x "$prefix/bin/nodeplane" ]]; then
  log "installing $(basename "$tarball") into an empty prefix (compiles better-sqlite3: minutes)"
  mkdir -p "$CACHE"
  # Into a directory of its own, renamed into place, so an interrupted install is never used.
  staging="$prefix.$$"
  rm -rf "$staging"
  # better-sqlite3 compiles where its prebuilt binary cannot be fetched: Node's own headers
  # (Debian's nodejs-dev, /usr/include/node) spare node-gyp a download from nodejs.org.
  headers=()
  [[ -f /usr/include/node/node.h ]] && headers=(--nodedir=/usr)
  # The test has compiled better-sqlite3 once already, in this checkout: offered as a local
  # prebuild, it spares the install two minutes of compiling. An operator's install (or a
  # version other than the checkout's) compiles, as docs/operations.md says.
  export npm_config_better_sqlite3_local_prebuilds="$CACHE/prebuilds"
  local_prebuild "$npm_config_better_sqlite3_local_prebuilds"
  npm install -g --prefix "$staging" --prefer-offline --no-audit --no-fund "${headers[@]}" "$tarball" >&2
  mv -T "$staging" "$prefix"
  # Each install is about 300 MiB: keep only this one.
  for old in "$CACHE"/*; do
    [[ "$old" == "$prefix" || "$old" == "$CACHE/prebuilds" ]] || rm -rf "$old"
  done
fi
echo "$prefix/bin/nodeplane"
