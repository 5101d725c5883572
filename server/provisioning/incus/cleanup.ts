/**
 * `nodeplane cleanup` on Incus: removes every instance of the project that stands for a node
 * and every VPC network nodeplane made, so nothing of this install is left on any member.
 * @module
 */
import type { IncusClient } from './incus-client.js'
import { deleteInstance, nodeInstances } from './instances.js'

interface NetworkInfo {
  name: string
  config: Record<string, string>
  used_by: string[] | null
}

export async function removeIncusNodes(
  client: IncusClient
): Promise<{ instances: string[]; networks: string[] }> {
  const instances: string[] = []
  for (const instance of (await nodeInstances(client)).values()) {
    await deleteInstance(client, instance.name)
    instances.push(instance.name)
  }
  const networks: string[] = []
  for (const network of await client.call<NetworkInfo[]>('GET', '/1.0/networks?recursion=1')) {
    if (network.config['user.nodeplane.vpc'] !== 'true') continue
    if ((network.used_by ?? []).length > 0) continue
    await client.call('DELETE', `/1.0/networks/${network.name}`)
    networks.push(network.name)
  }
  return { instances, networks }
}
