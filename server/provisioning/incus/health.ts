/**
 * The health of nodes on Incus as the cluster tells it, read once per health check round.
 * @module
 */
import type { IncusClient } from './incus-client.js'
import { nodeInstances } from './instances.js'
import { onlineMembers } from './members.js'

export type Health = 'alive' | 'dead' | 'unreachable'

/** How long one reading of the nodes' health serves: the calls of one health check round. */
const HEALTH_ROUND_MS = 500

/**
 * What the cluster says of each node's instance: `dead` when it is stopped (or gone) on a
 * member that answers, to be started again; `unreachable` when its member is offline or
 * cannot tell its state (Incus answers `Error` then), to be waited for, never rebuilt.
 */
export async function readHealth(client: IncusClient): Promise<(id: string) => Health> {
  const instances = await nodeInstances(client)
  const online = new Set(await onlineMembers(client))
  return (id) => {
    const instance = instances.get(id)
    if (!instance) return 'dead'
    const clustered = instance.location !== '' && instance.location !== 'none'
    if (clustered && !online.has(instance.location)) return 'unreachable'
    if (instance.status === 'Running') return 'alive'
    return instance.status === 'Stopped' ? 'dead' : 'unreachable'
  }
}

/**
 * One listing per health check round: its `unreachable()` and `findDead()` share it. `stale()`
 * drops it when an event says a node changed since.
 */
export function healthRounds(client: IncusClient) {
  let round: { at: number; health: Promise<(id: string) => Health> } | undefined
  return {
    current(): Promise<(id: string) => Health> {
      const now = Date.now()
      if (!round || now - round.at > HEALTH_ROUND_MS)
        round = { at: now, health: readHealth(client) }
      return round.health
    },
    stale(): void {
      round = undefined
    },
  }
}
