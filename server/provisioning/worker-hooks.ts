import { dialectOf, transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { nodeSpec } from '../nodes/nodes.spec.js'
import { nodeTransitions } from '../nodes/nodes.worker.js'
import type { WorkerHooks } from './worker-api.js'
import {
  beat,
  claimOrphans,
  forgetDeadWorkers,
  forgetOtherWorkers,
  registerWorker,
  retireWorker,
} from './workers.store.js'

type Ctx = ServiceCtx<'clock' | 'config' | 'secrets' | 'log'>

/**
 * The database side of the worker: its own record (registration, heartbeat, claims of dead
 * workers' nodes, retirement) and the nodes' transitions it makes. `workerId` is the worker
 * they run for.
 */
export function workerHooks(
  ctx: Ctx,
  workerId: string,
  soldHosts?: ReadonlySet<string>
): WorkerHooks {
  const staleAfterMs = ctx.config.workerStaleSeconds * 1000
  return {
    ...nodeTransitions(ctx, workerId, soldHosts),
    async register() {
      const now = ctx.clock.now()
      await transaction(ctx.db, async (tx) => {
        await registerWorker(tx, workerId, now)
        // One server owns an SQLite file: whatever an earlier process held is this one's now.
        if (dialectOf(tx) === 'sqlite') await forgetOtherWorkers(tx, workerId)
        else await forgetDeadWorkers(tx, new Date(now.getTime() - 100 * staleAfterMs))
      })
    },
    async heartbeat() {
      const alive = await transaction(ctx.db, (tx) => beat(tx, workerId, ctx.clock.now()))
      if (!alive) {
        // Presumed dead after a long stall, and its nodes possibly claimed: come back as new.
        ctx.log.warn({ worker_id: workerId }, 'worker was presumed dead; registering again')
        await transaction(ctx.db, (tx) => registerWorker(tx, workerId, ctx.clock.now()))
      }
    },
    async claimOrphans() {
      const staleBefore = new Date(ctx.clock.now().getTime() - staleAfterMs)
      const rows = await transaction(ctx.db, (tx) => claimOrphans(tx, workerId, staleBefore, 100))
      const provisioning = rows.filter((row) => row.status === 'provisioning')
      const running = rows.filter((row) => row.status === 'running')
      return {
        provisioning: await Promise.all(provisioning.map((row) => nodeSpec(ctx, row))),
        deleting: rows.filter((row) => row.status === 'deleting'),
        userData: await Promise.all(running.map((row) => nodeSpec(ctx, row))),
      }
    },
    retire() {
      return transaction(ctx.db, (tx) => retireWorker(tx, workerId))
    },
  }
}
