import { readdir, rm, rmdir } from 'node:fs/promises'
import { join } from 'node:path'
import { listNamespaces, run } from './network/exec.js'
import { deleteNamespace } from './network/fabric.js'
import type { NetnsNames } from './network/names.js'
import { namespaceIds, stopProcesses } from './netns/sshd.js'
import { instanceContainers, removeContainer } from './podman/podman.js'

/**
 * The mount point netns nodes' sshd launcher makes (`/run/nodeplane/node`), shared by every
 * instance on the machine, so removed only when no instance has a namespace left.
 */
export const RUNTIME_DIR = '/run/nodeplane'
const ANY_INSTANCE = /^np[0-9a-f]{4}-/

/** What a cleanup removed, by kind, for the CLI to print. */
export interface Removed {
  containers: string[]
  namespaces: string[]
  directories: string[]
}

const podmanInstalled = () =>
  run('sh', ['-c', 'command -v podman']).then(
    () => true,
    () => false
  )

async function removeIfEmpty(dir: string): Promise<boolean> {
  if ((await readdir(dir).catch(() => undefined))?.length !== 0) return false
  await rmdir(dir)
  return true
}

const exists = (dir: string) =>
  readdir(dir).then(
    () => true,
    () => false
  )

async function removeRuntimeDir(): Promise<boolean> {
  if ((await listNamespaces()).some((namespace) => ANY_INSTANCE.test(namespace))) return false
  await removeIfEmpty(join(RUNTIME_DIR, 'node'))
  return removeIfEmpty(RUNTIME_DIR)
}

/**
 * Removes everything the engine keeps for one instance on this machine: its containers, every
 * namespace carrying its prefix with the processes inside (nodes, the fabric with its firewall,
 * the internet), its node directories and, when empty, the shared runtime folder. With
 * `nodeDirs: false` node directories stay and the state folder goes only when empty, which is
 * what an orderly stop with no node left wants.
 */
export async function removeInstance(
  names: NetnsNames,
  options: { nodeDirs: boolean }
): Promise<Removed> {
  const removed: Removed = { containers: [], namespaces: [], directories: [] }
  if (await podmanInstalled()) {
    for (const container of await instanceContainers(names.prefix)) {
      await removeContainer(container.name)
      removed.containers.push(container.name)
    }
  }
  for (const namespace of await listNamespaces()) {
    if (!namespace.startsWith(`${names.prefix}-`)) continue
    await stopProcesses(namespaceIds(namespace, undefined))
    await deleteNamespace(namespace)
    removed.namespaces.push(namespace)
  }
  if (options.nodeDirs && (await exists(names.stateDir))) {
    await rm(names.stateDir, { recursive: true, force: true })
    removed.directories.push(names.stateDir)
  } else if (await removeIfEmpty(names.stateDir)) removed.directories.push(names.stateDir)
  if (await removeRuntimeDir()) removed.directories.push(RUNTIME_DIR)
  return removed
}
