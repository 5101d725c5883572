import { createRoute } from '@hono/zod-openapi'
import { authErrors, bearer, jsonContent as json, problemResponse } from '../http/responses.js'
import { NodeMetrics, NodeMetricsQuery } from './node-metrics.schema.js'
import { NodeIdParam } from './nodes.schema.js'

export const metrics = createRoute({
  method: 'get',
  path: '/api/v1/nodes/{id}/metrics',
  operationId: 'getNodeMetrics',
  tags: ['Nodes'],
  summary: 'Get the metrics of a node',
  description:
    "CPU, memory, disk and network series of a node over a window, in Hetzner Cloud's shape. Sampled every " +
    '10 seconds while the node runs; kept at 10 s for 24 hours and as 5-minute averages for 30 days. ' +
    'Empty series on engines that measure nothing (`simulated`).',
  security: bearer,
  request: { params: NodeIdParam, query: NodeMetricsQuery },
  responses: {
    200: { description: 'The series asked for', content: json(NodeMetrics) },
    400: problemResponse('A malformed or missing `type`, `start`, `end` or `step`'),
    ...authErrors,
    404: problemResponse('No such node on the account, or it was deleted (`node_not_found`)'),
  },
})
