import { run } from '../network/exec.js'
import { missingTools, type Tool } from '../network/preflight.js'

/** What the netns driver runs, and the Debian package each comes from. */
const TOOLS: Tool[] = [
  ['ip', 'iproute2'],
  ['nft', 'nftables'],
  ['sshd', 'openssh-server'],
  ['ssh-keygen', 'openssh-client'],
  ['openssl', 'openssl'],
  ['sysctl', 'procps'],
  ['unshare', 'util-linux'],
  ['timeout', 'coreutils'],
  ['bash', 'bash'],
]

/** Throws one message listing everything the machine lacks for the netns driver. */
export async function preflight(): Promise<void> {
  const problems = missingTools(TOOLS)
  if (problems.length === 0) {
    // The kernel may still lack network namespaces (or a sandbox may forbid them).
    await run('ip', ['netns', 'list']).catch((err: Error) =>
      problems.push(`ip netns fails: ${err.message}`)
    )
  }
  if (problems.length > 0)
    throw new Error(`NODEPLANE_DRIVER=netns cannot run here: ${problems.join('; ')}`)
}
