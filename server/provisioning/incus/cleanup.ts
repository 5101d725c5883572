/**
 * `nodeplane cleanup` on Incus: removes every instance of the project that stands for a node
 * and every VPC network nodeplane made, so nothing of this install is left on any member.
 * @module
 */
import type { IncusClient } from './incus-client.js'
import { deleteInstance, nodeInstances } from './instances.js'
import { removeUnusedVpcNetworks } from './vpc-network.js'

export async function removeIncusNodes(
  client: IncusClient
): Promise<{ instances: string[]; networks: string[] }> {
  const instances: string[] = []
  for (const instance of (await nodeInstances(client)).values()) {
    await deleteInstance(client, instance.name)
    instances.push(instance.name)
  }
  const networks = await removeUnusedVpcNetworks(client)
  return { instances, networks }
}
