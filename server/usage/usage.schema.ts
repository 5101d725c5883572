import { z } from '@hono/zod-openapi'

export const UsageQuery = z.object({
  from: z.iso
    .datetime()
    .optional()
    .openapi({ description: 'Period start (ISO 8601); default: start of the current UTC month' }),
  to: z.iso.datetime().optional().openapi({ description: 'Period end (ISO 8601); default: now' }),
})

/** The bill of one node over the period, per second at the price locked at its creation. */
export const NodeUsage = z
  .object({
    node_id: z.string(),
    name: z.string().nullable(),
    status: z.enum(['provisioning', 'running', 'deleting', 'deleted']),
    created_at: z.iso.datetime(),
    deleted_at: z.iso.datetime().nullable(),
    hourly_price: z.string().openapi({ example: '0.1750' }),
    seconds: z.number().int(),
    cost: z.string().openapi({ example: '0.048611', description: 'Six decimals' }),
  })
  .openapi('NodeUsage')

/** What the nodes pruned past their retention ran in one UTC month (usage_archive). */
export const ArchivedMonth = z
  .object({
    month: z.string().openapi({ example: '2025-01', description: 'UTC calendar month' }),
    currency: z.string(),
    nodes: z.number().int().openapi({ description: 'Pruned nodes that ran in the month' }),
    seconds: z.number().int(),
    cost: z.string().openapi({ example: '12.500000', description: 'Six decimals' }),
  })
  .openapi('ArchivedMonth')

export type ArchivedMonth = z.infer<typeof ArchivedMonth>

export const Usage = z
  .object({
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    currency: z.string(),
    total_cost: z.string().openapi({
      example: '1.250000',
      description: 'Six decimals: the nodes listed, plus `archived_months`',
    }),
    nodes: z.array(NodeUsage).openapi({
      description:
        "Nodes with rows; nodes deleted longer ago than the retention (400 days by default) are pruned and appear only in their months' totals",
    }),
    archived_months: z.array(ArchivedMonth).openapi({
      description:
        'Totals of pruned nodes for the UTC months the period covers whole, included in `total_cost`',
    }),
    archived_months_excluded: z.array(ArchivedMonth).openapi({
      description:
        'Totals of pruned nodes for the months the period cuts: only whole months are kept, so these are not in `total_cost`; ask for whole months to include them',
    }),
  })
  .openapi('Usage')

export type Usage = z.infer<typeof Usage>
