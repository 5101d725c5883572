import type { ServiceCtx } from '../deps.js'
import { leadWorkerId } from './workers.store.js'

/**
 * Whether `workerId` is the replica that does what is done once for all (sampling metrics):
 * the live worker with the lowest id. On SQLite the server is alone, so always; on PostgreSQL
 * another replica takes over within NODEPLANE_WORKER_STALE_SECONDS of the lead's death.
 */
export async function isLeadWorker(
  ctx: ServiceCtx<'clock' | 'config'>,
  workerId: string
): Promise<boolean> {
  const staleBefore = new Date(ctx.clock.now().getTime() - ctx.config.workerStaleSeconds * 1000)
  return (await leadWorkerId(ctx.db, staleBefore)) === workerId
}
