/**
 * The bills of nodes pruned past their retention, kept per account, UTC month and currency
 * (usage_archive) after their rows are gone.
 * @module
 */
import type { ServiceTxCtx } from '../deps.js'
import type { NodeRow } from '../nodes/nodes.table.js'
import { addToArchive } from './usage-archive.store.js'
import { monthlyBills } from './usage-months.js'

/**
 * Folds what each of `removed` was billed, month by month as usage bills it, into its
 * account's archived months; in the transaction that deletes the rows, so no bill is lost
 * or counted twice.
 */
export async function archiveBills(ctx: ServiceTxCtx, removed: NodeRow[]): Promise<void> {
  for (const node of removed) {
    if (!node.deletedAt) continue
    for (const bill of monthlyBills(node, node.createdAt, node.deletedAt)) {
      await addToArchive(ctx.db, {
        accountId: node.accountId,
        month: bill.month,
        currency: node.currency,
        seconds: bill.seconds,
        cost: bill.cost,
        nodes: 1,
      })
    }
  }
}
