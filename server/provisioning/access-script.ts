/**
 * Root's SSH access inside a container node, applied by one fixed script that every engine
 * running system containers (podman, incus) runs inside the node.
 * @module
 */
import type { NodeAccess } from './driver.js'

/**
 * Root's access inside a node, as one fixed script (keys on stdin, never in an argument): authorized_keys replaced by rename, mode 600; the password setting in a drop-in
 * that sorts before the image's nodeplane.conf (sshd keeps the first value it reads); and a
 * reload (SIGHUP: sshd re-executes and reads its config again, sessions stay) unless the
 * running sshd already has this setting, waiting until it listens again.
 */
export const ACCESS_SCRIPT = `set -eu
umask 077
# Root's home is root's: a .ssh that is no directory (a symlink, a file) is replaced.
if [ -L /root/.ssh ] || { [ -e /root/.ssh ] && [ ! -d /root/.ssh ]; }; then rm -f /root/.ssh; fi
mkdir -p /root/.ssh
rm -f /root/.ssh/authorized_keys.nodeplane
cat >/root/.ssh/authorized_keys.nodeplane
chmod 600 /root/.ssh/authorized_keys.nodeplane
mv -f /root/.ssh/authorized_keys.nodeplane /root/.ssh/authorized_keys
conf=/etc/ssh/sshd_config.d/00-nodeplane-access.conf
loaded=/run/sshd/nodeplane-access.loaded
want="PasswordAuthentication $1"
if [ "$(cat "$conf" 2>/dev/null || true)" != "$want" ]; then
  printf '%s\\n' "$want" >"$conf.new"
  chmod 644 "$conf.new"
  mv -f "$conf.new" "$conf"
fi
[ "$(cat "$loaded" 2>/dev/null || true)" = "$want" ] && exit 0
[ -s /run/sshd.pid ] || exit 0
pid=$(cat /run/sshd.pid)
rm -f /run/sshd.pid
kill -HUP "$pid"
i=0
while [ ! -s /run/sshd.pid ]; do
  i=$((i + 1))
  [ "$i" -le 200 ] || { echo "sshd did not come back after a reload" >&2; exit 3; }
  sleep 0.05
done
mkdir -p /run/sshd
printf '%s\\n' "$want" >"$loaded"
`

/** The command and stdin that make root's access inside a node say `access`. */
export function accessCommand(access: NodeAccess): { args: string[]; input: string } {
  const keys = access.authorizedKeys.map((key) => `${key}\n`).join('')
  const setting = access.passwordLogin ? 'yes' : 'no'
  return { args: ['sh', '-c', ACCESS_SCRIPT, 'sh', setting], input: keys }
}
