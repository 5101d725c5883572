import { createRoute } from '@hono/zod-openapi'
import { authErrors, bearer, problemResponse } from '../http/responses.js'
import { Usage, UsageQuery } from './usage.schema.js'

export const get = createRoute({
  method: 'get',
  path: '/api/v1/usage',
  tags: ['Billing'],
  summary: 'Per-second usage and cost of the account',
  description:
    'Each node is billed per started second at its locked price, counted per UTC calendar month and summed, so the bills of months add up. Nodes deleted longer ago than NODEPLANE_DELETED_NODE_RETENTION_DAYS (400 by default) are pruned: they no longer appear in `nodes`, and their totals are kept per month. A month of pruned totals counts in `total_cost` when the period covers the whole month; a month the period cuts is listed in `archived_months_excluded` and not counted.',
  security: bearer,
  request: { query: UsageQuery },
  responses: {
    200: {
      description: 'Usage over the period',
      content: { 'application/json': { schema: Usage } },
    },
    400: problemResponse('Invalid period'),
    ...authErrors,
  },
})
