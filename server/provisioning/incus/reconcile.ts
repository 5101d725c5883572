/**
 * Makes the cluster match the database after a start: removes nodeplane's instances that no
 * node owns (a crash between the engine's create and the database's record, one made by hand)
 * and VPC networks no instance uses, then brings every running node back up with its addresses. Instances without nodeplane's
 * config key are someone else's and never touched; so one project serves one nodeplane install.
 * @module
 */
import type { Logger } from 'pino'
import { reviveRunning } from '../revive-running.js'
import type { ExpectedNode, NodeRef } from '../driver.js'
import type { IncusClient } from './incus-client.js'
import { KEY } from './instance.js'
import { nodeInstances } from './instances.js'
import { removeUnusedVpcNetworks } from './vpc-network.js'

export interface ReconcileSteps {
  client: IncusClient
  log: Logger
  remove(node: Pick<NodeRef, 'id' | 'vpcId'>): Promise<void>
  revive(expected: ExpectedNode): Promise<void>
}

export async function reconcileInstances(
  steps: ReconcileSteps,
  expected: ExpectedNode[]
): Promise<void> {
  const { client, log } = steps
  const owned = new Set(expected.map((entry) => entry.node.id))
  for (const [nodeId, instance] of await nodeInstances(client)) {
    if (owned.has(nodeId)) continue
    log.warn({ instance: instance.name }, 'removing an instance no node owns')
    // One on a member that is down waits for the next start: the others go now.
    await steps
      .remove({ id: nodeId, vpcId: instance.config?.[KEY.vpc] ?? '' })
      .catch((err: unknown) => log.error({ err, instance: instance.name }, 'could not remove it'))
  }
  const networks = await removeUnusedVpcNetworks(client)
  if (networks.length > 0) log.info({ networks }, 'removed VPC networks no node uses')
  await reviveRunning(expected, (entry) => steps.revive(entry), log)
}
