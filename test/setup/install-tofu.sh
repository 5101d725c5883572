#!/usr/bin/env bash
# Builds a pinned, released OpenTofu from source with the local Go toolchain and caches it.
# Usage: test/setup/install-tofu.sh   → prints the binary path as the last line of stdout.
# Progress goes to stderr so callers can do `TOFU=$(test/setup/install-tofu.sh | tail -n1)`.
set -euo pipefail

TOFU_VERSION="${NODEPLANE_TOFU_VERSION:-v1.12.6}"
MODULE=github.com/opentofu/opentofu
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/nodeplane/tofu/${TOFU_VERSION}"
BIN="${CACHE_DIR}/tofu"

log() { echo "install-tofu: $*" >&2; }

if [[ -x "$BIN" ]]; then
  echo "$BIN"
  exit 0
fi

command -v go >/dev/null || { log "Go toolchain not found; install Go to build tofu"; exit 1; }
command -v node >/dev/null || { log "node not found (used to read go.mod JSON)"; exit 1; }

log "building tofu ${TOFU_VERSION} from source, this takes a few minutes (once)"
start=$(date +%s)

work=$(mktemp -d "${TMPDIR:-/tmp}/nodeplane-tofu-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Never let a go.work or GOFLAGS=-mod=vendor from the caller's environment leak into the build.
export GOWORK=off GOFLAGS=-mod=mod

# OpenTofu's go.mod has replace (and godebug) directives; they only apply in the main module,
# so `go install pkg@version` refuses it. A throwaway tools module repeats them instead.
modfile=$(go mod download -json "${MODULE}@${TOFU_VERSION}" | node -e '
  const m = JSON.parse(require("fs").readFileSync(0, "utf8"))
  if (m.Error) { console.error(m.Error); process.exit(1) }
  console.log(m.GoMod)')
directives=$(go mod edit -json "$modfile" | node -e '
  const m = JSON.parse(require("fs").readFileSync(0, "utf8"))
  const at = (v) => (v.Version ? `${v.Path}@${v.Version}` : v.Path)
  console.log(`-go=${m.Go}`)
  for (const r of m.Replace ?? []) {
    // A local-path replacement cannot be reproduced outside the OpenTofu repository.
    if (!r.New.Version) { console.error(`unsupported local replace: ${at(r.Old)}`); process.exit(1) }
    console.log(`-replace=${at(r.Old)}=${at(r.New)}`)
  }
  for (const d of m.GoDebug ?? []) console.log(`-godebug=${d.Key}=${d.Value}`)')

cd "$work"
go mod init nodeplane.local/tofu-build >/dev/null 2>&1
mapfile -t edits <<<"$directives"
go mod edit "${edits[@]}" "-require=${MODULE}@${TOFU_VERSION}"
# Requiring OpenTofu itself makes MVS select exactly the dependency versions it was released with.
go get "${MODULE}/cmd/tofu@${TOFU_VERSION}" >&2

mkdir -p "$CACHE_DIR"
tmpbin="${CACHE_DIR}/.tofu.$$"
trap 'rm -rf "$work" "$tmpbin"' EXIT
# dev=no drops the "-dev" suffix, as OpenTofu's release build does.
go build -trimpath -o "$tmpbin" \
  -ldflags "-s -w -X ${MODULE}/version.dev=no" \
  "${MODULE}/cmd/tofu" >&2
# Rename is atomic, so a concurrent run never sees a half-written binary.
mv -f "$tmpbin" "$BIN"

log "built $("$BIN" version 2>/dev/null | grep -m1 '^OpenTofu') in $(($(date +%s) - start))s"
echo "$BIN"
