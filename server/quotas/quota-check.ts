/**
 * The check a family calls inside the transaction that creates a thing, and the limits it
 * compares with. Below every family: it imports none of them, each passes its own usage
 * counter (docs/development.md, "Adding a limit").
 * @module
 */
import type { Db } from '../db/client.js'
import { lockKey } from '../db/transaction.js'
import type { ServiceCtx, ServiceTxCtx } from '../deps.js'
import { ProblemError } from '../http/problem.js'
import { BUILT_IN_LIMITS, DEFAULT_SCOPE, type LimitName, type Limits } from './quota-names.js'
import { limitRowsFor } from './quotas.store.js'

/** What an account uses of some limits, or what a creation adds to them. */
export type Usage = Partial<Record<LimitName, number>>

/** A family's usage counter: what the account's live things use now, for its own limits. */
export type UsageCounter = (ctx: ServiceCtx, accountId: string) => Promise<Usage>

/** The limits of an account: its overrides, else the operator's defaults, else the built-in ones. */
export async function limitsOf(db: Db, accountId: string): Promise<Limits> {
  const rows = await limitRowsFor(db, accountId)
  const pick = (scope: string) =>
    Object.fromEntries(rows.filter((r) => r.accountId === scope).map((r) => [r.name, r.value]))
  return { ...BUILT_IN_LIMITS, ...pick(DEFAULT_SCOPE), ...pick(accountId) }
}

/** The 403 of a creation past a limit, naming it in `detail` and in `limit`. */
export function quotaExceeded(name: LimitName, limit: number, used: number): ProblemError {
  return new ProblemError(
    403,
    'quota_exceeded',
    `the account's limit of ${name} is ${limit} and it uses ${used}; ` +
      'delete something or ask the operator for a higher limit',
    { extra: { limit: name, max: limit, used } }
  )
}

/**
 * Refuses (403 `quota_exceeded`) a creation that adds `adding` to the account's usage when
 * that would pass a limit. Call it inside the creating transaction, before the insert: it
 * takes one lock per limit, so two creations of one account (two replicas on PostgreSQL)
 * count one after the other and never both see the last free unit; SQLite writes one
 * transaction at a time anyway. Locks are taken in name order, the same in every caller.
 */
export async function assertWithinLimits(
  ctx: ServiceTxCtx,
  accountId: string,
  adding: Usage,
  countUsage: UsageCounter
): Promise<void> {
  const names = (Object.keys(adding) as LimitName[]).filter((n) => adding[n]! > 0).sort()
  if (names.length === 0) return
  for (const name of names) await lockKey(ctx.db, `quota:${name}:${accountId}`)
  const limits = await limitsOf(ctx.db, accountId)
  const used = await countUsage(ctx, accountId)
  for (const name of names) {
    const now = used[name] ?? 0
    if (now + adding[name]! > limits[name]) throw quotaExceeded(name, limits[name], now)
  }
}
