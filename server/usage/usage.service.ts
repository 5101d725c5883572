import type { z } from '@hono/zod-openapi'
import type { ServiceCtx } from '../deps.js'
import { invalidField } from '../http/problem.js'
import { costOfSeconds, formatMicros, formatPrice } from '../lib/money.js'
import type { Usage, UsageQuery } from './usage.schema.js'
import { nodesBilledBetween } from './usage.store.js'

function startOfMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
}

/** Seconds billed inside the period; a started second counts in full. */
export function billedSeconds(
  createdAt: Date,
  deletedAt: Date | null,
  from: Date,
  to: Date
): number {
  const start = Math.max(createdAt.getTime(), from.getTime())
  const end = Math.min(deletedAt?.getTime() ?? Number.POSITIVE_INFINITY, to.getTime())
  return end > start ? Math.ceil((end - start) / 1000) : 0
}

/** `GET /api/v1/usage`: per-second cost of each node of the account over a period. */
export async function accountUsage(
  ctx: ServiceCtx<'clock'>,
  accountId: string,
  query: z.infer<typeof UsageQuery>
): Promise<Usage> {
  const now = ctx.clock.now()
  const from = query.from ? new Date(query.from) : startOfMonth(now)
  const to = query.to ? new Date(query.to) : now
  if (from >= to) throw invalidField('from', 'must be before to')
  let total = 0
  let currency = 'USD'
  const rows = (await nodesBilledBetween(ctx.db, accountId, from, to)).map((row) => {
    const seconds = billedSeconds(row.createdAt, row.deletedAt, from, to)
    const cost = costOfSeconds(seconds, row.hourlyPrice)
    total += cost
    currency = row.currency
    return {
      node_id: row.id,
      name: row.name,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      deleted_at: row.deletedAt?.toISOString() ?? null,
      hourly_price: formatPrice(row.hourlyPrice, 4),
      seconds,
      cost: formatMicros(cost),
    }
  })
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    currency,
    total_cost: formatMicros(total),
    nodes: rows,
  }
}
