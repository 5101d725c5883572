import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import type { Tx } from '../db/transaction.js'
import { DEFAULT_SCOPE, type LimitName } from './quota-names.js'
import { accountLimits, type AccountLimitRow } from './quotas.table.js'

/** The rows that decide `accountId`'s limits: its overrides and the defaults of every account. */
export function limitRowsFor(db: Db, accountId: string): Promise<AccountLimitRow[]> {
  return db
    .select()
    .from(accountLimits)
    .where(inArray(accountLimits.accountId, [accountId, DEFAULT_SCOPE]))
}

/** The rows set for one scope alone (an account, or `*`). */
export function limitRowsOf(db: Db, scope: string): Promise<AccountLimitRow[]> {
  return db.select().from(accountLimits).where(eq(accountLimits.accountId, scope))
}

/** Sets `values` for `scope` (an account id, or `*`), replacing what was set for those names. */
export async function upsertLimits(
  tx: Tx,
  scope: string,
  values: [LimitName, number][]
): Promise<void> {
  if (values.length === 0) return
  await tx
    .insert(accountLimits)
    .values(values.map(([name, value]) => ({ accountId: scope, name, value })))
    .onConflictDoUpdate({
      target: [accountLimits.accountId, accountLimits.name],
      set: { value: sql`excluded.value` },
    })
}

/** Removes what was set for `names` in `scope`: they follow the default (or built-in) again. */
export async function deleteLimits(tx: Tx, scope: string, names: LimitName[]): Promise<void> {
  if (names.length === 0) return
  await tx
    .delete(accountLimits)
    .where(and(eq(accountLimits.accountId, scope), inArray(accountLimits.name, names)))
}
