#!/usr/bin/env bash
# Installs a pinned CDKTF CLI from npm and caches it, outside the repository's package.json:
# HashiCorp's cdktf-cli (archived in December 2025) or its maintained fork, CDK Terrain's cdktn-cli.
# Usage: test/setup/install-cdktf.sh [cdktf|cdktn]   → prints the CLI's path as the last line of stdout.
# Progress goes to stderr, so `CDKTF=$(test/setup/install-cdktf.sh | tail -n 1)` works.
#
# cdktn-cli 0.24 needs Node.js 22.19 or later (it crashes on Node 20 in undici); where the system's
# node is older, Node 22 comes from npm's node-linux-<arch> package and the path printed is a
# wrapper that puts it first on the PATH, for the CLI and for the app it runs (`npx tsx main.ts`).
set -euo pipefail

flavour="${1:-cdktf}"
node22="${NODEPLANE_CDKTN_NODE_VERSION:-22.23.3}"
case "$flavour" in
  cdktf) package=cdktf-cli version="${NODEPLANE_CDKTF_VERSION:-0.21.0}" bin=cdktf ;;
  cdktn) package=cdktn-cli version="${NODEPLANE_CDKTN_VERSION:-0.24.0}" bin=cdktn ;;
  *) echo "usage: $0 [cdktf|cdktn]" >&2; exit 2 ;;
esac
prefix="${XDG_CACHE_HOME:-$HOME/.cache}/nodeplane/${package}-${version}"
cli="$prefix/node_modules/.bin/$bin"
wrapper="$prefix/$bin"

needs_node22() {
  [[ $flavour == cdktn ]] && ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 19) ? 0 : 1)'
}

if [[ -f "$prefix/.installed" ]]; then
  if [[ -x "$wrapper" ]]; then echo "$wrapper"; else echo "$cli"; fi
  exit 0
fi

echo "install-cdktf: installing ${package}@${version} into $prefix (once)" >&2
mkdir -p "$prefix"
# --prefix with a package.json of its own keeps the install out of any enclosing project.
[[ -f "$prefix/package.json" ]] || echo '{ "private": true }' >"$prefix/package.json"
packages=("${package}@${version}")
if needs_node22; then
  case "$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) arch=$(uname -m) ;; esac
  packages+=("node-linux-${arch}@${node22}")
  printf '#!/bin/sh\nPATH="%s:$PATH" exec "%s" "$@"\n' "$prefix/node_modules/node-linux-${arch}/bin" "$cli" >"$wrapper"
  chmod +x "$wrapper"
fi
npm install --prefix "$prefix" --no-audit --no-fund --save-exact "${packages[@]}" >&2
touch "$prefix/.installed"
if [[ -x "$wrapper" ]]; then echo "$wrapper"; else echo "$cli"; fi
