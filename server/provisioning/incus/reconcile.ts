/**
 * Makes the cluster match the database after a start: removes nodeplane's instances that no
 * node owns (a crash between the engine's create and the database's record, one made by hand)
 * and VPC networks no instance uses (or, after a restore, lists the instances and keeps them),
 * then brings every running node back up with its addresses. Instances without nodeplane's
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
  expected: ExpectedNode[],
  keepUnowned = false
): Promise<void> {
  const owned = expected.map((entry) => entry.node.id)
  if (keepUnowned) {
    for (const [, instance] of await strangers(steps.client, owned))
      steps.log.warn({ instance: instance.name }, 'kept an instance no node owns')
  } else await removeUnowned(steps, owned)
  await reviveRunning(expected, (entry) => steps.revive(entry), steps.log)
}

/** nodeplane's instances in the project that none of `ownedIds` owns, by node id. */
async function strangers(client: IncusClient, ownedIds: string[]) {
  const owned = new Set(ownedIds)
  return [...(await nodeInstances(client))].filter(([nodeId]) => !owned.has(nodeId))
}

/** Removes the instances no node owns, and VPC networks no instance uses; their names. */
export async function removeUnowned(
  steps: Pick<ReconcileSteps, 'client' | 'log' | 'remove'>,
  ownedIds: string[]
): Promise<string[]> {
  const { client, log } = steps
  const removed: string[] = []
  for (const [nodeId, instance] of await strangers(client, ownedIds)) {
    log.warn({ instance: instance.name }, 'removing an instance no node owns')
    // One on a member that is down waits for the next start: the others go now.
    await steps
      .remove({ id: nodeId, vpcId: instance.config?.[KEY.vpc] ?? '' })
      .then(() => removed.push(`instance ${instance.name}`))
      .catch((err: unknown) => log.error({ err, instance: instance.name }, 'could not remove it'))
  }
  const networks = await removeUnusedVpcNetworks(client)
  if (networks.length > 0) log.info({ networks }, 'removed VPC networks no node uses')
  return [...removed, ...networks.map((name) => `network ${name}`)]
}
