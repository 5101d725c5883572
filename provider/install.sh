#!/usr/bin/env bash
# Makes this checkout's provider available to tofu/terraform as nodeplane/nodeplane and writes a
# CLI config for it. Usage:
#   provider/install.sh [--dev | --mirror] [DIR]
#     --dev     (default) dev_overrides: no `init` needed, tofu warns that overrides are active
#     --mirror  a filesystem mirror: `tofu init` installs it like a released provider and writes
#               a lock file (what `cdktf get` needs, because it runs `init` itself)
#   DIR defaults to ${XDG_CACHE_HOME:-$HOME/.cache}/nodeplane/provider.
# The last line of stdout is `TF_CLI_CONFIG_FILE=<path>`, e.g.:
#   export "$(provider/install.sh | tail -n1)"
set -euo pipefail

mode=dev
case "${1:-}" in
  --dev) mode=dev; shift ;;
  --mirror) mode=mirror; shift ;;
  -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
dir="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/nodeplane/provider}"
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
version=$(node -p "require('$root/package.json').version")
os=$(uname -s | tr '[:upper:]' '[:lower:]')
case "$(uname -m)" in x86_64|amd64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) arch=$(uname -m) ;; esac

# The plugin executable must live at a fixed place in the mirror layout, so it is a two-line
# shim that hands over to this checkout's launcher (which picks compiled JS or tsx).
write_shim() {
  mkdir -p "$(dirname "$1")"
  printf '#!/bin/sh\nexec "%s" "$@"\n' "$root/provider/bin/terraform-provider-nodeplane" >"$1"
  chmod +x "$1"
}

if [[ $mode == dev ]]; then
  write_shim "$dir/dev/terraform-provider-nodeplane"
  config="$dir/dev.tfrc"
  cat >"$config" <<EOF
# Written by provider/install.sh: use this checkout's nodeplane provider without \`init\`.
provider_installation {
  dev_overrides {
    "nodeplane/nodeplane" = "$dir/dev"
  }
  direct {}
}
EOF
else
  # Unpacked mirror layout: HOSTNAME/NAMESPACE/TYPE/VERSION/OS_ARCH/terraform-provider-TYPE_vVERSION.
  # Both default hostnames, so `source = "nodeplane/nodeplane"` works for tofu and terraform.
  for host in registry.opentofu.org registry.terraform.io; do
    write_shim "$dir/mirror/$host/nodeplane/nodeplane/$version/${os}_$arch/terraform-provider-nodeplane_v$version"
  done
  config="$dir/mirror.tfrc"
  cat >"$config" <<EOF
# Written by provider/install.sh: install nodeplane/nodeplane $version from a local mirror.
provider_installation {
  filesystem_mirror {
    path    = "$dir/mirror"
    include = ["registry.opentofu.org/nodeplane/*", "registry.terraform.io/nodeplane/*"]
  }
  direct {
    exclude = ["registry.opentofu.org/nodeplane/*", "registry.terraform.io/nodeplane/*"]
  }
}
EOF
fi

echo "installed nodeplane provider $version ($mode) for $root" >&2
echo "TF_CLI_CONFIG_FILE=$config"
