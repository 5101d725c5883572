/**
 * `GET /api/v1/limits` and the dashboard's Account page: every limit of an account with what it
 * uses. Above the families: each family's usage counter comes in through usage-counters.ts,
 * while the families themselves import only the check (server/quotas/quota-check.ts).
 * @module
 */
import type { ServiceCtx } from '../deps.js'
import { limitsOf } from '../quotas/quota-check.js'
import { LIMIT_NAMES } from '../quotas/quota-names.js'
import type { AccountLimits } from './limits.schema.js'
import { usageOf } from './usage-counters.js'

/** Every limit of the account with what it uses; a family not offered yet uses 0. */
export async function accountLimits(ctx: ServiceCtx, accountId: string): Promise<AccountLimits> {
  const [limits, used] = [await limitsOf(ctx.db, accountId), await usageOf(ctx, accountId)]
  const entries = LIMIT_NAMES.map((name) => [name, { limit: limits[name], used: used[name] ?? 0 }])
  return { limits: Object.fromEntries(entries) as AccountLimits['limits'] }
}
