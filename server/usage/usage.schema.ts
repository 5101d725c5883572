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

export const Usage = z
  .object({
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    currency: z.string(),
    total_cost: z.string().openapi({ example: '1.250000', description: 'Six decimals' }),
    nodes: z.array(NodeUsage),
  })
  .openapi('Usage')

export type Usage = z.infer<typeof Usage>
