import { and, asc, eq, gte, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import type { Tx } from '../db/transaction.js'
import { usageArchive, type UsageArchiveRow } from './usage-archive.table.js'

/** Adds one pruned node's bill of one month to the account's archived month. */
export async function addToArchive(tx: Tx, row: UsageArchiveRow): Promise<void> {
  await tx
    .insert(usageArchive)
    .values(row)
    .onConflictDoUpdate({
      target: [usageArchive.accountId, usageArchive.month, usageArchive.currency],
      set: {
        seconds: sql`${usageArchive.seconds} + ${row.seconds}`,
        cost: sql`${usageArchive.cost} + ${row.cost}`,
        nodes: sql`${usageArchive.nodes} + ${row.nodes}`,
      },
    })
}

/** The account's archived months from `first` to `last` (`YYYY-MM`, both included), oldest first. */
export function archivedMonths(
  db: Db,
  accountId: string,
  first: string,
  last: string
): Promise<UsageArchiveRow[]> {
  return db
    .select()
    .from(usageArchive)
    .where(
      and(
        eq(usageArchive.accountId, accountId),
        gte(usageArchive.month, first),
        lte(usageArchive.month, last)
      )
    )
    .orderBy(asc(usageArchive.month), asc(usageArchive.currency))
}
