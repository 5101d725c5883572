/**
 * systemd as a node's PID 1 on a cgroup v1 machine. podman mounts the machine's name=systemd
 * hierarchy into the container, but the container's cgroup there stays owned by the machine's
 * root, whom the node's user namespace does not map: systemd cannot make its own cgroups and
 * exits ("Failed to allocate manager object"). The driver hands that cgroup to the node's root,
 * as LXC does for unprivileged containers; the image's `nodeplane-init` waits for it, then
 * starts systemd. On a cgroup v2 machine there is no name=systemd hierarchy and nothing to do.
 * @module
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { run } from '../network/exec.js'

const HIERARCHY = '/sys/fs/cgroup/systemd'

/** The id outside that id 0 inside maps to, from a `uid_map` or `gid_map` of the process. */
function rootOutside(file: string): number {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [inside, outside] = line.trim().split(/\s+/)
    if (inside === '0' && outside !== undefined) return Number(outside)
  }
  throw new Error(`${file} maps no root`)
}

/** The process's cgroup in the name=systemd hierarchy, or undefined without one (cgroup v2). */
function systemdCgroup(pid: number): string | undefined {
  const line = readFileSync(`/proc/${pid}/cgroup`, 'utf8')
    .split('\n')
    .find((entry) => /^\d+:name=systemd:/.test(entry))
  return line?.slice(line.indexOf(':name=systemd:') + ':name=systemd:'.length)
}

/**
 * Gives the name=systemd cgroup of the container whose first process is `pid` to the node's
 * root. Idempotent and cheap once done: a booted node's PID 1 sits in its own `init.scope`,
 * which its root made.
 */
export async function delegateSystemdCgroup(pid: number): Promise<void> {
  const cgroup = systemdCgroup(pid)
  if (cgroup === undefined) return
  const dir = join(HIERARCHY, cgroup)
  const uid = rootOutside(`/proc/${pid}/uid_map`)
  const gid = rootOutside(`/proc/${pid}/gid_map`)
  const owner = statSync(dir)
  if (owner.uid === uid && owner.gid === gid) return
  // The directory itself last: once nodeplane-init may mkdir in it, systemd starts, and
  // everything under it must be the node's by then.
  const entries = readdirSync(dir).map((entry) => join(dir, entry))
  if (entries.length > 0) await run('chown', ['-R', `${uid}:${gid}`, ...entries])
  await run('chown', [`${uid}:${gid}`, dir])
}
