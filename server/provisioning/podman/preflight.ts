import { readFileSync } from 'node:fs'
import { missingTools, type Tool } from '../network/preflight.js'

/** What the podman driver runs, and the Debian package each comes from. */
const TOOLS: Tool[] = [
  ['podman', 'podman'],
  ['runc', 'runc'],
  ['ip', 'iproute2'],
  ['nft', 'nftables'],
  ['sysctl', 'procps'],
  ['timeout', 'coreutils'],
  ['bash', 'bash'],
]

/** `--userns=auto` takes each node's ids from the `containers` ranges of these files. */
function hasSubordinateIds(): boolean {
  const has = (file: string) => {
    try {
      return /^containers:\d+:\d+$/m.test(readFileSync(file, 'utf8'))
    } catch {
      return false
    }
  }
  return has('/etc/subuid') && has('/etc/subgid')
}

/** Throws one message listing everything the machine lacks for the podman driver. */
export async function preflight(): Promise<void> {
  const problems = missingTools(TOOLS)
  if (!hasSubordinateIds()) {
    problems.push(
      '/etc/subuid and /etc/subgid need a `containers` range (e.g. containers:2147483647:2147483648)'
    )
  }
  if (problems.length > 0)
    throw new Error(`NODEPLANE_DRIVER=podman cannot run here: ${problems.join('; ')}`)
}
