import { createRoute } from '@hono/zod-openapi'
import { optionalBearer, problemResponse } from '../http/responses.js'
import { DiscoveryQuery, DiscoveryResult } from './compute-hosts.schema.js'

export const discover = createRoute({
  method: 'get',
  path: '/api/v1/compute',
  tags: ['Compute hosts'],
  summary: 'Search bare-metal compute hosts',
  description:
    'Public: no key needed, but a key that is sent must be valid. Sorted by hourly price, then id.',
  security: optionalBearer,
  request: { query: DiscoveryQuery },
  responses: {
    200: {
      description: 'Hosts and pagination',
      content: { 'application/json': { schema: DiscoveryResult } },
    },
    400: problemResponse('A query parameter is invalid'),
    401: problemResponse('A key was sent and is not valid'),
  },
})
