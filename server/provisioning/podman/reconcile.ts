import type { Logger } from 'pino'
import { reviveRunning } from '../revive-running.js'
import type { ExpectedNode, NodeRef } from '../driver.js'
import { listNamespaces } from '../network/exec.js'
import {
  deleteFabricLink,
  deleteNamespace,
  fabricLinks,
  removeEmptyBridges,
} from '../network/fabric.js'
import type { FabricIngress } from '../network/ingress.js'
import { hashOfNamespace, shortHash, type NetnsNames } from '../network/names.js'
import { instanceContainers, removeContainer } from './podman.js'

export interface ReconcileSteps {
  names: NetnsNames
  log: Logger
  ingress: FabricIngress
  remove(node: Pick<NodeRef, 'id' | 'vpcId'>): Promise<void>
  revive(expected: ExpectedNode): Promise<void>
}

/**
 * Makes podman and the fabric match the database after a start: removes containers,
 * namespaces and links no node owns (a crash between two steps, one made by hand), or only
 * lists them with `keepUnowned` (a restored database), then brings every running node back
 * up, started and wired, with its addresses (after a reboot every container is stopped).
 * Nodes provisioning or deleting are the worker's.
 */
export async function reconcileContainers(
  steps: ReconcileSteps,
  expected: ExpectedNode[],
  keepUnowned = false
): Promise<void> {
  const { names, log } = steps
  if (await steps.ingress.ensureFabric()) log.info({ namespace: names.fabric }, 'fabric built')
  const owned = expected.map((entry) => entry.node.id)
  if (keepUnowned) await listUnowned(steps, owned)
  else await removeUnowned(steps, owned)
  await reviveRunning(expected, (entry) => steps.revive(entry), log)
  await removeEmptyBridges(names)
}

/** Containers of this instance that none of `ownedIds` owns. */
async function strangers(names: NetnsNames, ownedIds: string[]) {
  const owned = new Set(ownedIds)
  return (await instanceContainers(names.prefix)).filter((c) => !owned.has(c.nodeId))
}

async function listUnowned(steps: Pick<ReconcileSteps, 'names' | 'log'>, ownedIds: string[]) {
  for (const container of await strangers(steps.names, ownedIds))
    steps.log.warn({ container: container.name }, 'kept a container no node owns')
}

/** Removes the containers, namespaces and fabric links no node owns; their names. */
export async function removeUnowned(
  steps: Pick<ReconcileSteps, 'names' | 'log'>,
  ownedIds: string[]
): Promise<string[]> {
  const { names, log } = steps
  const ownedHashes = new Set(ownedIds.map(shortHash))
  const removed: string[] = []
  for (const container of await strangers(names, ownedIds)) {
    log.warn({ container: container.name }, 'removing a container no node owns')
    await removeContainer(container.name)
    removed.push(`container ${container.name}`)
  }
  for (const namespace of await listNamespaces()) {
    const hash = hashOfNamespace(names, namespace)
    if (!hash || ownedHashes.has(hash)) continue
    await deleteNamespace(namespace)
    removed.push(`namespace ${namespace}`)
  }
  for (const link of await fabricLinks(names)) {
    const match = /^[vp]([0-9a-f]{10})$/.exec(link)
    if (!match || ownedHashes.has(match[1]!)) continue
    await deleteFabricLink(names, link)
    removed.push(`link ${link}`)
  }
  return removed
}
