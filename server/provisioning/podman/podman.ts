import { setTimeout as sleep } from 'node:timers/promises'
import { run, type RunOptions } from '../network/exec.js'

/**
 * The most a `podman exec` may print. What runs inside a node is the tenant's (its `sh`, its
 * `cat`, the files nodeplane reads there): unbounded, it could fill the control plane's memory.
 */
export const EXEC_OUTPUT_MAX_BYTES = 1024 * 1024
/**
 * The longest a `podman exec` may take: a node's root can make its `sh` hang, and the node's
 * other operations (a deletion too) wait behind the call in the driver's per-node queue.
 */
export const EXEC_TIMEOUT_MS = 60_000

/**
 * The podman CLI, with an argument array (never a shell); resolves with its stdout. A
 * `podman exec` is killed and rejects once it prints more than EXEC_OUTPUT_MAX_BYTES or runs
 * longer than EXEC_TIMEOUT_MS.
 */
export function podman(args: string[], options: RunOptions = {}): Promise<string> {
  const limit =
    args[0] === 'exec' ? { maxOutputBytes: EXEC_OUTPUT_MAX_BYTES, timeoutMs: EXEC_TIMEOUT_MS } : {}
  return run('podman', args, { ...limit, ...options })
}

/** Labels that mark a container as a node of one nodeplane instance. */
export const LABEL = { instance: 'io.nodeplane.instance', node: 'io.nodeplane.node' }

export interface ContainerState {
  name: string
  nodeId: string
  running: boolean
  /** The pid of the container's init while it runs; its network namespace is the node's. */
  pid: number
  /** How its init last ended (128 + the signal when a signal ended it); 0 while it never did. */
  exitCode: number
}

interface PsEntry {
  Names: string[]
  Labels: Record<string, string> | null
  State: string
  Pid: number
  ExitCode?: number
}

/** Every container of one instance, running or not. */
export async function instanceContainers(prefix: string): Promise<ContainerState[]> {
  const out = await podman([
    'ps',
    '--all',
    '--filter',
    `label=${LABEL.instance}=${prefix}`,
    '--format',
    'json',
  ])
  const entries = JSON.parse(out || '[]') as PsEntry[]
  return entries.map((entry) => ({
    name: entry.Names[0]!,
    nodeId: entry.Labels?.[LABEL.node] ?? '',
    running: entry.State === 'running',
    pid: entry.Pid,
    exitCode: entry.ExitCode ?? 0,
  }))
}

/** One container's state, or undefined when there is none of that name. */
export async function containerState(name: string): Promise<ContainerState | undefined> {
  let out: string
  try {
    out = await podman(['container', 'inspect', '--format', 'json', name])
  } catch {
    return undefined
  }
  const [info] = JSON.parse(out) as {
    Name: string
    Config: { Labels: Record<string, string> }
    State: { Running: boolean; Pid: number; ExitCode: number }
  }[]
  if (!info) return undefined
  return {
    name: info.Name,
    nodeId: info.Config.Labels[LABEL.node] ?? '',
    running: info.State.Running,
    pid: info.State.Pid,
    exitCode: info.State.ExitCode,
  }
}

/** How often a removal is tried: a container's root filesystem can be busy for a moment. */
const REMOVE_ATTEMPTS = 5

/**
 * Removes a container with everything in it: its processes, its writable layer, its volumes.
 * Right after its processes die, unmounting its root filesystem can fail for a moment
 * ("removing container ... root filesystem"); that is tried again, waiting 0.25 s, then twice
 * as long each time, so `nodeplane cleanup` does not fail on it.
 */
export async function removeContainer(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      // --time 3: SIGTERM, then SIGKILL to the whole PID namespace three seconds later.
      await podman(['rm', '--force', '--volumes', '--time', '3', '--ignore', name])
      return
    } catch (err) {
      if (attempt >= REMOVE_ATTEMPTS) throw err
      await sleep(250 * 2 ** (attempt - 1))
    }
  }
}
