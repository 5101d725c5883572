import { readFileSync } from 'node:fs'
import { ProvisioningRefused } from '../driver.js'
import { CommandError } from '../network/exec.js'
import { missingTools, type Tool } from '../network/preflight.js'
import { podman } from './podman.js'

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

/**
 * A podman that takes longer than this to look up an image is not working. Generous: podman
 * queues the lookup behind the `podman run`s holding its storage lock, which on a loaded machine
 * can take more than 10 s. Only the first create waits for the probe (brief-cache.ts); later
 * ones take the last answer while the next probe runs, so the limit only delays noticing a
 * podman that hangs.
 */
const IMAGE_PROBE_TIMEOUT_MS = 60_000

/**
 * Whether podman has `image`; throws when podman itself failed twice in a row. A 20-minute soak
 * at load 12 had 7 of 340 creates refused by this probe failing once (timing out at 10 s or
 * podman failing under load: it did not log which), while the engine went on building nodes.
 */
async function imageExists(image: string): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await podman(['image', 'exists', image], { timeoutMs: IMAGE_PROBE_TIMEOUT_MS })
      return true
    } catch (err) {
      // `podman image exists` answers 1 for a missing image and something else when it broke.
      if (err instanceof CommandError && err.code === 1) return false
      if (attempt === 2) throw err
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
}

/**
 * Throws `ProvisioningRefused` when podman can build no node now: the machine lacks what the
 * driver needs, podman itself fails, or the node image is missing. One `podman image exists`
 * when the machine is fine.
 */
export async function checkEngine(image: string): Promise<void> {
  try {
    await preflight()
  } catch (err) {
    throw new ProvisioningRefused((err as Error).message)
  }
  let exists: boolean
  try {
    exists = await imageExists(image)
  } catch (err) {
    throw new ProvisioningRefused(`podman is not working: ${(err as Error).message}`)
  }
  if (!exists) {
    throw new ProvisioningRefused(
      `the node image ${image} is missing: run \`nodeplane images build\` as root`
    )
  }
}
