#!/usr/bin/env bash
# Builds nodeplane's server as an OCI image into podman's store, from Debian's packages.
#
# Usage: server/image/build-image.sh          (in a checkout, as root; prints the tag last)
#   podman run -d -p 8080:8080 -v nodeplane-data:/var/lib/nodeplane <tag>
#
# The image holds the release as an operator installs it (npm pack, npm install -g:
# test/setup/install-package.sh), Node at /usr/local/bin/node (npm's node-linux-<arch> package,
# the version of the `node` running this script, which compiled better-sqlite3 for its ABI) and
# a Debian 12 minbase root made by debootstrap. It runs as the user nodeplane (uid 10001) with
# the data directory a volume; the simulated and incus drivers work in it, podman and netns
# need root on the machine itself (docs/operations.md#the-container-image).
#
# Its tag, localhost/nodeplane:<version>-<hash>, hashes the package tarball, this script, the
# Containerfile and Node's version: an image of the same content is never built twice. Below
# it, cached the same way and built only when what they hash changes: the base root
# (localhost/nodeplane-base: the suite and its packages) and the runtime
# (localhost/nodeplane-runtime: Node and the release's dependencies, 300 MB of the image's 450),
# so a change of nodeplane's own sources adds one small layer. Older tags of all three go
# (those over an hour old).
# Environment: NODEPLANE_DEBIAN_MIRROR (else the mirror apt uses for bookworm).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=server/image
suite=bookworm
packages=ca-certificates,tini
repository=localhost/nodeplane
base_repository=localhost/nodeplane-base
runtime_repository=localhost/nodeplane-runtime
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/nodeplane"

step() { echo "==> $(date +%T) $*" >&2; }
[[ $(id -u) -eq 0 ]] || { echo "build-image.sh: run as root (debootstrap, podman's store)" >&2; exit 1; }
hash() { sha256sum | cut -c 1-12; }
# Removes the tags of `repository` other than `keep` made over an hour ago: a build of another
# checkout on this machine may be about to run a newer one. One used by a container stays.
remove_older() {
  local old
  for old in $(podman images --filter "reference=$1" --filter until=1h --format '{{.Repository}}:{{.Tag}}'); do
    [[ $old == "$2" || $old != "$1":* ]] || podman rmi "$old" >/dev/null 2>&1 || true
  done
}

step "the release (npm pack, npm install -g into a prefix cached by the tarball's hash)"
command=$(bash test/setup/install-package.sh | tail -n 1)
prefix=$(dirname "$(dirname "$command")")
node_version=$(node -p process.versions.node)
node_arch=$(node -p process.arch)
version=$(node -p "require('./package.json').version")
tag="$repository:$version-$(cat <(basename "$prefix") <(echo "$node_version $node_arch") "$here/build-image.sh" "$here/Containerfile" | hash)"
if podman image exists "$tag"; then
  step "$tag exists already"
  echo "$tag"
  exit 0
fi

work=$(mktemp -d /var/tmp/nodeplane-server-image.XXXXXX)
trap 'rm -rf "$work"' EXIT

node_binary="$CACHE/node/$node_version-$node_arch/node"
if [[ ! -x $node_binary ]]; then
  step "node $node_version from npm's node-linux-$node_arch package"
  (cd "$work" && npm pack --silent "node-linux-$node_arch@$node_version" >/dev/null)
  tar -xzf "$work/node-linux-$node_arch-$node_version.tgz" -C "$work" package/bin/node
  mkdir -p "$(dirname "$node_binary")"
  mv "$work/package/bin/node" "$node_binary.$$" && mv "$node_binary.$$" "$node_binary"
fi

base="$base_repository:$suite-$(echo "$suite $packages" | hash)"
if ! podman image exists "$base"; then
  mirror=${NODEPLANE_DEBIAN_MIRROR:-$(apt-cache policy | awk -v s="$suite/main" '$3 == s { print $2; exit }')}
  [[ -n $mirror ]] || { echo "no apt source for $suite: set NODEPLANE_DEBIAN_MIRROR" >&2; exit 1; }
  step "debootstrap $suite (minbase, with $packages) from $mirror"
  debootstrap --variant=minbase --include="$packages" "$suite" "$work/root" "$mirror" >"$work/debootstrap.log" ||
    { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
  chroot "$work/root" apt-get clean
  rm -rf "$work"/root/var/lib/apt/lists/* "$work"/root/var/cache/apt/*.bin "$work"/root/var/log/*.log
  step "importing the base root as $base"
  tar --numeric-owner -C "$work/root" -c . |
    podman import --quiet --change 'LABEL io.nodeplane.image=server-base' - "$base" >/dev/null
  rm -rf "$work/root"
  remove_older "$base_repository" "$base"
fi

# What the runtime holds: Node, the Containerfile's first stage, and the dependencies as npm
# installed them (their manifests, and every file's path and size; no times, and not the
# Makefile and config.gypi node-gyp writes, whose size follows the install's temporary path).
modules="$prefix/lib/node_modules/nodeplane/node_modules"
runtime="$runtime_repository:$(cat <(echo "$base $node_version $node_arch") "$here/Containerfile" \
  <(cd "$modules" && find . -printf '%P %s\n' | grep -Ev '/build/(Makefile|config\.gypi) ' | LC_ALL=C sort) \
  <(cd "$modules" && find . -type f -name package.json -print0 | LC_ALL=C sort -z | xargs -0 cat) | hash)"
# One layer per image (--layers=false), no registry (--pull=never), no network in RUN.
build() { podman build --layers=false --pull=never --network=none "$@" >"$work/build.log" 2>&1 || { tail -n 20 "$work/build.log" >&2; exit 1; }; }
# The runtime's context links the dependencies where the cache shares the file system.
link() { cp -al "$1" "$2" 2>/dev/null || { rm -rf "$2" && cp -a "$1" "$2"; }; }
if ! podman image exists "$runtime"; then
  step "podman build $runtime (Node and the release's dependencies)"
  mkdir "$work/runtime"
  link "$modules" "$work/runtime/node_modules"
  cp "$node_binary" "$work/runtime/node"
  cp "$here/Containerfile" "$work/runtime/"
  build --target runtime --build-arg "BASE=$base" --label io.nodeplane.image=server-runtime \
    -t "$runtime" "$work/runtime"
fi

step "podman build $tag"
mkdir -p "$work/server/prefix"
tar -C "$prefix" --exclude=./lib/node_modules/nodeplane/node_modules -c . | tar -C "$work/server/prefix" -x
cp "$here/Containerfile" "$work/server/"
build --build-arg "RUNTIME=$runtime" --label io.nodeplane.image=server \
  --label "io.nodeplane.version=$version" -t "$tag" "$work/server"
remove_older "$repository" "$tag"
remove_older "$runtime_repository" "$runtime"
step "built $tag in ${SECONDS} s ($(podman image inspect --format '{{.Size}}' "$tag" | numfmt --to=si)B)"
echo "$tag"
