#!/usr/bin/env bash
# Builds the benchmark's reference provider (main.go, on terraform-plugin-framework) with the
# local Go toolchain and caches it by the hash of its sources.
# Usage: test/bench/reference-provider/build.sh → prints the directory holding
# terraform-provider-reference as the last line of stdout; progress goes to stderr.
set -euo pipefail
cd "$(dirname "$0")"

hash=$(cat go.mod go.sum main.go | sha256sum | cut -c1-16)
dir="${XDG_CACHE_HOME:-$HOME/.cache}/nodeplane/reference-provider/${hash}"
if [[ ! -x "$dir/terraform-provider-reference" ]]; then
  echo "reference-provider: building with $(go version | cut -d' ' -f3) (once, about 30 s)" >&2
  GOWORK=off go build -o "$dir/terraform-provider-reference" .
fi
echo "$dir"
