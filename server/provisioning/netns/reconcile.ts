import { readdir } from 'node:fs/promises'
import type { ExpectedNode } from '../driver.js'
import { listNamespaces } from '../network/exec.js'
import { deleteFabricLink, fabricLinks, removeEmptyBridges } from '../network/fabric.js'
import { hashOfNamespace, nodeNamespace, shortHash } from '../network/names.js'
import type { NetnsEngine } from './engine.js'

type PerNode = <T>(id: string, task: () => Promise<T>) => Promise<T>

/**
 * Makes the kernel match the database after a start: removes namespaces, directories and
 * fabric links no node owns (a crash between two steps, or one made by hand), or only lists
 * them with `keepUnowned` (a restored database), then rebuilds running nodes that lost their
 * namespace or sshd (a reboot) with their addresses. Nodes provisioning or deleting are the
 * worker's: it creates or destroys them right after.
 */
export async function reconcileEngine(
  e: NetnsEngine,
  expected: ExpectedNode[],
  perNode: PerNode,
  keepUnowned = false
): Promise<void> {
  const { names, log } = e
  if (await e.ingress.ensureFabric()) {
    log.info({ namespace: names.fabric }, 'fabric built')
  }
  const owned = expected.map((entry) => entry.node.id)
  if (keepUnowned) {
    for (const hash of await orphanHashes(e, owned))
      log.warn({ namespace: `${names.prefix}-${hash}` }, 'kept a namespace no node owns')
  } else await removeUnowned(e, owned)

  const present = new Set(await listNamespaces())
  for (const { node, status, publicIps, poweredOn } of expected) {
    const lost = !present.has(nodeNamespace(names, node.id))
    if (status === 'running' && poweredOn) {
      if (lost) log.warn({ node_id: node.id }, 'rebuilding a running node whose namespace vanished')
      await perNode(node.id, () => e.rebuild(node, publicIps))
    } else if (lost) {
      // Clear what survived, so the worker's create or destroy starts from nothing.
      await perNode(node.id, () => e.stop(shortHash(node.id)))
    }
  }
  await removeEmptyBridges(names)
}

/** The hashes of namespaces and node directories that none of `ownedIds` owns. */
async function orphanHashes(e: NetnsEngine, ownedIds: string[]): Promise<Set<string>> {
  const owned = new Set(ownedIds.map(shortHash))
  const orphans = new Set<string>()
  for (const namespace of await listNamespaces()) {
    const hash = hashOfNamespace(e.names, namespace)
    if (hash && !owned.has(hash)) orphans.add(hash)
  }
  const dirs = await readdir(e.names.stateDir).catch(() => [] as string[])
  for (const hash of dirs) if (!owned.has(hash)) orphans.add(hash)
  return orphans
}

/** Removes the namespaces, directories and fabric links no node owns; their names. */
export async function removeUnowned(e: NetnsEngine, ownedIds: string[]): Promise<string[]> {
  const { names, log } = e
  const owned = new Set(ownedIds.map(shortHash))
  const removed: string[] = []
  for (const hash of await orphanHashes(e, ownedIds)) {
    log.warn({ namespace: `${names.prefix}-${hash}` }, 'removing a namespace no node owns')
    await e.serial(`node:${hash}`, () => e.remove(hash))
    removed.push(`namespace ${names.prefix}-${hash}`)
  }
  for (const link of await fabricLinks(names)) {
    const match = /^[vp]([0-9a-f]{10})$/.exec(link)
    if (!match || owned.has(match[1]!)) continue
    await deleteFabricLink(names, link)
    removed.push(`link ${link}`)
  }
  return removed
}
