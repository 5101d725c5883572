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
 * namespaces and links no node owns (a crash between two steps, one made by hand), then
 * brings every running node back up, started and wired, with its addresses (after a reboot
 * every container is stopped). Nodes provisioning or deleting are the worker's.
 */
export async function reconcileContainers(
  steps: ReconcileSteps,
  expected: ExpectedNode[]
): Promise<void> {
  const { names, log } = steps
  if (await steps.ingress.ensureFabric()) log.info({ namespace: names.fabric }, 'fabric built')
  const owned = new Set(expected.map((entry) => entry.node.id))
  const ownedHashes = new Set(expected.map((entry) => shortHash(entry.node.id)))

  for (const container of await instanceContainers(names.prefix)) {
    if (owned.has(container.nodeId)) continue
    log.warn({ container: container.name }, 'removing a container no node owns')
    await removeContainer(container.name)
  }
  for (const namespace of await listNamespaces()) {
    const hash = hashOfNamespace(names, namespace)
    if (hash && !ownedHashes.has(hash)) await deleteNamespace(namespace)
  }
  for (const link of await fabricLinks(names)) {
    const match = /^[vp]([0-9a-f]{10})$/.exec(link)
    if (match && !ownedHashes.has(match[1]!)) await deleteFabricLink(names, link)
  }

  await reviveRunning(expected, (entry) => steps.revive(entry), log)
  await removeEmptyBridges(names)
}
