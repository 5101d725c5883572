import { createRoute } from '@hono/zod-openapi'
import { authErrors, bearer, jsonContent as json } from '../http/responses.js'
import { AccountLimits } from './limits.schema.js'

export const get = createRoute({
  method: 'get',
  path: '/api/v1/limits',
  operationId: 'getLimits',
  tags: ['Limits'],
  summary: "The account's limits and what it uses of each",
  description:
    'A creation that would pass a limit is refused with 403 `quota_exceeded`, whose `limit` names it, and nothing is created. The operator sets the limits (`nodeplane accounts limits set`).',
  security: bearer,
  responses: {
    200: { description: 'Every limit, by name', content: json(AccountLimits) },
    ...authErrors,
  },
})
