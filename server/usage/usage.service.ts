import type { z } from '@hono/zod-openapi'
import type { ServiceCtx } from '../deps.js'
import { invalidField } from '../http/problem.js'
import { formatMicros, formatPrice } from '../lib/money.js'
import type { ArchivedMonth, Usage, UsageQuery } from './usage.schema.js'
import { archivedMonths } from './usage-archive.store.js'
import { monthlyBills, monthPieces, monthStart } from './usage-months.js'
import { nodesBilledBetween } from './usage.store.js'

// Callers that split a bill further (the dashboard's days) count seconds the same way.
export { billedSeconds } from './usage-months.js'

/** The months of pruned nodes the period touches: whole ones count, cut ones are only named. */
async function archivedUsage(ctx: ServiceCtx, accountId: string, from: Date, to: Date) {
  const pieces = monthPieces(from, to)
  const whole = new Set(pieces.filter((piece) => piece.whole).map((piece) => piece.month))
  const rows = await archivedMonths(ctx.db, accountId, pieces[0]!.month, pieces.at(-1)!.month)
  const counted: ArchivedMonth[] = []
  const excluded: ArchivedMonth[] = []
  let total = 0
  for (const row of rows) {
    if (whole.has(row.month)) total += row.cost
    ;(whole.has(row.month) ? counted : excluded).push({
      month: row.month,
      currency: row.currency,
      nodes: row.nodes,
      seconds: row.seconds,
      cost: formatMicros(row.cost),
    })
  }
  return { counted, excluded, total }
}

/**
 * `GET /api/v1/usage`: per-second cost of each node of the account over a period, billed per
 * UTC month piece, plus the archived months of nodes pruned past their retention.
 */
export async function accountUsage(
  ctx: ServiceCtx<'clock'>,
  accountId: string,
  query: z.infer<typeof UsageQuery>
): Promise<Usage> {
  const now = ctx.clock.now()
  const from = query.from ? new Date(query.from) : monthStart(now)
  const to = query.to ? new Date(query.to) : now
  if (from >= to) throw invalidField('from', 'must be before to')
  const archived = await archivedUsage(ctx, accountId, from, to)
  let total = archived.total
  let currency = archived.counted[0]?.currency ?? 'USD'
  const rows = (await nodesBilledBetween(ctx.db, accountId, from, to)).map((row) => {
    const bills = monthlyBills(row, from, to)
    const seconds = bills.reduce((sum, bill) => sum + bill.seconds, 0)
    const cost = bills.reduce((sum, bill) => sum + bill.cost, 0)
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
    archived_months: archived.counted,
    archived_months_excluded: archived.excluded,
  }
}
