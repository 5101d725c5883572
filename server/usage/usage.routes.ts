import { createRoute } from '@hono/zod-openapi'
import { authErrors, bearer, problemResponse } from '../http/responses.js'
import { Usage, UsageQuery } from './usage.schema.js'

export const get = createRoute({
  method: 'get',
  path: '/api/v1/usage',
  tags: ['Billing'],
  summary: 'Per-second usage and cost of the account',
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
