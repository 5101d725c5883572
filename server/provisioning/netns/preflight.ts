import { accessSync, constants, readFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { run } from './exec.js'

/** What the netns driver runs, and the Debian package each comes from. */
const TOOLS: [string, string][] = [
  ['ip', 'iproute2'],
  ['sshd', 'openssh-server'],
  ['ssh-keygen', 'openssh-client'],
  ['openssl', 'openssl'],
  ['sysctl', 'procps'],
  ['unshare', 'util-linux'],
  ['timeout', 'coreutils'],
  ['bash', 'bash'],
]
const CAP_NET_ADMIN = 12n
const CAP_SYS_ADMIN = 21n

function onPath(tool: string): boolean {
  // sshd lives in /usr/sbin, which a non-login PATH may lack.
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin']
  return dirs.some((dir) => {
    try {
      accessSync(join(dir, tool), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

function hasCapabilities(): boolean {
  const line = readFileSync('/proc/self/status', 'utf8').match(/^CapEff:\s*([0-9a-f]+)$/m)
  const caps = line ? BigInt(`0x${line[1]}`) : 0n
  return ((caps >> CAP_NET_ADMIN) & 1n) === 1n && ((caps >> CAP_SYS_ADMIN) & 1n) === 1n
}

/** Throws one message listing everything the machine lacks for the netns driver. */
export async function preflight(): Promise<void> {
  const problems: string[] = []
  if (process.platform !== 'linux') problems.push('it needs Linux')
  else if (!hasCapabilities()) problems.push('it needs root (CAP_NET_ADMIN and CAP_SYS_ADMIN)')
  for (const [tool, pkg] of TOOLS)
    if (!onPath(tool)) problems.push(`${tool} is missing (Debian package ${pkg})`)
  if (problems.length === 0) {
    // The kernel may still lack network namespaces (or a sandbox may forbid them).
    await run('ip', ['netns', 'list']).catch((err: Error) =>
      problems.push(`ip netns fails: ${err.message}`)
    )
  }
  if (problems.length > 0)
    throw new Error(`NODEPLANE_DRIVER=netns cannot run here: ${problems.join('; ')}`)
}
