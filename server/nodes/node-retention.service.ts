/**
 * The retention of deleted nodes (NODEPLANE_DELETED_NODE_RETENTION_DAYS): their rows go, and
 * what they were billed stays, folded per account and month into usage_archive in the same
 * transaction.
 * @module
 */
import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { forgetNodes } from '../firewalls/firewalls.service.js'
import { archiveBills } from '../usage/usage-archive.service.js'
import { deleteNodeRows, prunableNodes } from './node-retention.store.js'

const DAY_MS = 86_400_000
/** Nodes per transaction, and transactions per round: a long backlog goes over several rounds. */
const BATCH = 200
const BATCHES_PER_ROUND = 10

/** Removes nodes deleted more than `retentionDays` ago, in batches; returns how many. */
export async function pruneDeletedNodes(
  ctx: ServiceCtx<'clock'>,
  retentionDays: number
): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - retentionDays * DAY_MS)
  let total = 0
  for (let batch = 0; batch < BATCHES_PER_ROUND; batch++) {
    const round = await transaction(ctx.db, async (tx) => {
      const candidates = await prunableNodes(tx, before, BATCH)
      const ids = candidates.map((node) => node.id)
      await forgetNodes({ db: tx }, ids)
      const removed = await deleteNodeRows(tx, ids)
      await archiveBills({ db: tx }, removed)
      return { removed: removed.length, full: candidates.length === BATCH }
    })
    total += round.removed
    if (!round.full) break
  }
  return total
}
