/**
 * Reading Incus nodes' counters from the state Incus keeps of each instance (`cpu.usage`,
 * `memory.usage`, `disk.root.usage`, each NIC's byte counters), for all instances of the
 * project in one request.
 * @module
 */
import type { NodeCounters } from '../driver.js'
import type { IncusClient } from './incus-client.js'
import { nodeIdOf } from './instance.js'

/** The parts of an instance's state (`GET /1.0/instances/{name}/state`) the metrics read. */
export interface InstanceState {
  status: string
  cpu?: { usage?: number }
  memory?: { usage?: number }
  disk?: Record<string, { usage?: number }>
  network?: Record<
    string,
    { type?: string; counters?: { bytes_received?: number; bytes_sent?: number } }
  >
}

interface InstanceWithState {
  name: string
  config?: Record<string, string>
  state?: InstanceState | null
}

/** The counters in one instance's state, read at `at`; undefined unless it runs. */
export function countersOf(state: InstanceState, at: number): NodeCounters | undefined {
  if (state.status !== 'Running') return undefined
  let rxBytes = 0
  let txBytes = 0
  for (const nic of Object.values(state.network ?? {})) {
    if (nic.type === 'loopback') continue
    rxBytes += nic.counters?.bytes_received ?? 0
    txBytes += nic.counters?.bytes_sent ?? 0
  }
  const root = state.disk?.['root']?.usage
  return {
    at,
    cpuNs: state.cpu?.usage ?? 0,
    memoryBytes: state.memory?.usage ?? 0,
    diskBytes: root === undefined ? null : root,
    rxBytes,
    txBytes,
  }
}

/** Reads the counters of the Incus nodes `nodeIds` (those that run). */
export async function sampleIncusNodes(
  client: IncusClient,
  nodeIds: string[]
): Promise<Map<string, NodeCounters>> {
  const result = new Map<string, NodeCounters>()
  if (nodeIds.length === 0) return result
  const wanted = new Set(nodeIds)
  // recursion=2 adds every instance's state: one request for the whole project.
  const all = await client.call<InstanceWithState[]>('GET', '/1.0/instances?recursion=2')
  const at = Date.now()
  for (const instance of all) {
    const id = nodeIdOf(instance)
    if (!id || !wanted.has(id) || !instance.state) continue
    const counters = countersOf(instance.state, at)
    if (counters) result.set(id, counters)
  }
  return result
}
