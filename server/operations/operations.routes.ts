import { createRoute } from '@hono/zod-openapi'
import { problemResponse } from '../http/responses.js'
import { Health, Readiness } from './operations.schema.js'

export const healthz = createRoute({
  method: 'get',
  path: '/healthz',
  tags: ['Operations'],
  summary: 'Liveness: the process answers',
  description:
    'Public. Touches neither the database nor the engine: for a supervisor deciding whether to restart the process.',
  security: [],
  responses: {
    200: {
      description: 'The process answers',
      content: { 'application/json': { schema: Health } },
    },
  },
})

export const readyz = createRoute({
  method: 'get',
  path: '/readyz',
  tags: ['Operations'],
  summary: 'Readiness: the database, the engine and the disk',
  description:
    'Public. 200 when the database answers, the engine can take nodes and the data directory has more free space than `NODEPLANE_READY_MIN_FREE_MB`; else 503 `not_ready`, whose `errors` name each failed check (`database`, `engine`, `disk`). For load balancers: send traffic only while it is 200.',
  security: [],
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: Readiness } } },
    503: problemResponse(
      'A check failed (`not_ready`); `errors` names which, `checks` gives each outcome'
    ),
  },
})
