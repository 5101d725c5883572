import { freeHost } from '../compute-hosts/compute-hosts.service.js'
import { transaction } from '../db/transaction.js'
import type { Deps, ServiceCtx, ServiceTxCtx } from '../deps.js'
import { actingAs, systemActor } from '../events/actor.js'
import type { WorkerHooks } from '../provisioning/worker-api.js'
import {
  address,
  attachAutoIpv4,
  nodeAddresses,
  primaryIpv4,
  releaseNodeIps,
} from '../public-ips/public-ips.service.js'
import { recordNodeEvent, recordStuckEvents } from './node-events.js'
import { nodeAccess } from './node-access.service.js'
import { powerHooks } from './node-power.worker.js'
import { steadyRunningIds } from './node-power.store.js'
import { deleteNodeMetrics } from './node-metrics.store.js'
import { expectedNode } from './nodes.spec.js'
import {
  markNodeRunning,
  markReachability,
  markStuck,
  recordProvisioningError,
  transition,
} from './node-transitions.store.js'
import { findNode, nodesInStatus, type NodeRow } from './nodes.store.js'
import { skipUserData, userDataHooks } from './user-data.service.js'
import { restoredAt } from '../install-settings/restored.js'

type Ctx = ServiceCtx<'clock' | 'config' | 'secrets'>
type TxCtx = ServiceTxCtx<'clock' | 'config' | 'secrets'>

/**
 * Gives a provisioning node its automatic IPv4 unless it has one, `held` (a restart between
 * reserving and running must not take a second), and returns the node's address: none when
 * the pool is exhausted.
 */
async function reserveOnce(
  ctx: TxCtx & Pick<Deps, 'log'>,
  node: NodeRow,
  held: string | undefined
): Promise<string | undefined> {
  if (held !== undefined) return held
  const attached = await attachAutoIpv4(ctx, node)
  if (attached === undefined) ctx.log.warn({ node_id: node.id }, 'IPv4 pool exhausted')
  return attached
}

/** On, with no power action under way: the engine may be told of changes, and revive it. */
function steady(row: Pick<NodeRow, 'powerState' | 'powerAction'>): boolean {
  return row.powerState === 'on' && row.powerAction === null
}

/**
 * The nodes' side of the worker's transitions: each moves one node on, in one transaction, and
 * only while `workerId` holds it. provisioning/worker-hooks.ts joins them with the worker's own
 * records (registration, heartbeat, claims).
 */
export function nodeTransitions(
  ctx: Ctx & Pick<Deps, 'log'>,
  workerId: string,
  soldHosts?: ReadonlySet<string>
): Omit<WorkerHooks, 'register' | 'heartbeat' | 'claimOrphans' | 'retire'> {
  // The worker's events name the worker, not the request whose node it works on.
  const asWorker = <T>(work: () => T): T => actingAs(systemActor(workerId), work)
  return {
    ...userDataHooks(ctx, workerId),
    ...powerHooks(ctx, workerId, asWorker),
    markReachability(unreachable, running) {
      const gone = new Set(unreachable)
      const reachable = running.filter((id) => !gone.has(id))
      return asWorker(() =>
        transaction(ctx.db, async (tx) => {
          const { lost, back } = await markReachability(tx, unreachable, reachable, ctx.clock.now())
          const c = { ...ctx, db: tx }
          for (const row of lost) await recordNodeEvent(c, row, 'node.unreachable')
          for (const row of back) await recordNodeEvent(c, row, 'node.reachable')
        })
      )
    },
    reserveAutoIpv4(nodeId) {
      return asWorker(() =>
        transaction(ctx.db, async (tx) => {
          const node = await findNode(tx, nodeId)
          if (!node || node.status !== 'provisioning' || node.workerId !== workerId) return false
          const held = (await primaryIpv4({ db: tx }, [node.id])).get(node.id)
          await reserveOnce({ ...ctx, db: tx }, node, held)
          return true
        })
      )
    },
    markRunning(nodeId, runsUserData, reserveAutoIpv4 = false) {
      return asWorker(() =>
        transaction(ctx.db, async (tx) => {
          const at = ctx.clock.now()
          const node = await markNodeRunning(tx, nodeId, workerId, at, runsUserData)
          if (!node) return false
          const held = node.firstIpv4 === null ? undefined : address(node.firstIpv4)
          const ip = reserveAutoIpv4 ? await reserveOnce({ ...ctx, db: tx }, node, held) : held
          if (!runsUserData) await skipUserData({ ...ctx, db: tx }, node)
          await recordNodeEvent(
            { ...ctx, db: tx },
            node,
            'node.running',
            { ip_address: ip ?? null },
            'running'
          )
          return true
        })
      )
    },
    provisioningFailed(nodeId, error, stuck) {
      return asWorker(() =>
        transaction(ctx.db, async (tx) => {
          if (!(await recordProvisioningError(tx, nodeId, workerId, error))) return false
          if (stuck) {
            const rows = await markStuck(tx, undefined, ctx.clock.now(), nodeId)
            await recordStuckEvents({ ...ctx, db: tx }, rows)
          }
          return true
        })
      )
    },
    markTornDown(nodeId) {
      return asWorker(() =>
        transaction(ctx.db, async (tx) => {
          const fields = { tornDownAt: ctx.clock.now(), workerId: null }
          const node = await transition(tx, nodeId, 'deleting', 'deleted', fields, workerId)
          if (!node) return
          await releaseNodeIps({ ...ctx, db: tx }, node)
          // Its metrics go with it; the record stays a while for billing, they need not.
          await deleteNodeMetrics(tx, [node.id])
          // An engine selling its own machines frees only a host it sells now (inventory-sync.ts).
          if (!soldHosts || soldHosts.has(node.hostId)) await freeHost({ db: tx }, node.hostId)
          await recordNodeEvent({ ...ctx, db: tx }, node, 'node.deleted', {}, 'deleted')
        })
      )
    },
    markRestarted(nodeId) {
      return asWorker(() =>
        transaction(ctx.db, async (tx) => {
          const node = await findNode(tx, nodeId)
          if (node?.status === 'running')
            await recordNodeEvent({ ...ctx, db: tx }, node, 'node.restarted')
        })
      )
    },
    async publicIps(nodeId) {
      const node = await findNode(ctx.db, nodeId)
      if (!node || node.status === 'deleting' || node.status === 'deleted') return undefined
      // An off node (or one in a power action) gets its addresses when it comes on.
      if (!steady(node)) return undefined
      return (await nodeAddresses(ctx, nodeId)).map((address) => address.ip)
    },
    async access(nodeId) {
      const node = await findNode(ctx.db, nodeId)
      // Likewise its SSH access, which the power action applies as it comes on.
      if (node && !steady(node)) return undefined
      return nodeAccess(ctx, nodeId)
    },
    async expected() {
      const rows = await nodesInStatus(ctx.db, ['provisioning', 'running', 'deleting'])
      return Promise.all(rows.map((row) => expectedNode(ctx, row)))
    },
    async databaseRestored() {
      return (await restoredAt(ctx.db)) !== undefined
    },
    runningNodeIds() {
      return steadyRunningIds(ctx.db)
    },
    async expectedRunning(nodeId) {
      const row = await findNode(ctx.db, nodeId)
      return row?.status === 'running' && steady(row) ? expectedNode(ctx, row) : undefined
    },
  }
}
