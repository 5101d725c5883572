import { createRoute, z } from '@hono/zod-openapi'
import { optionalJsonBody } from '../http/json-body.js'
import {
  authErrors,
  bearer,
  idempotencyErrors,
  idempotencyHeaders,
  jsonContent as json,
  links,
  problemResponse,
} from '../http/responses.js'
import { NodeIdParam } from '../nodes/nodes.schema.js'
import {
  AttachIpBody,
  AttachResult,
  DetachQuery,
  DetachResult,
  IpAttachmentEntry,
} from './public-ips.schema.js'

const tags = ['Public IPs']
const nodeNotFound = problemResponse('No such node on the account, or it is deleted')

export const attach = createRoute({
  method: 'post',
  path: '/api/v1/nodes/{id}/network/ip',
  operationId: 'attachPublicIp',
  tags,
  summary: 'Attach a public IP address',
  security: bearer,
  middleware: [optionalJsonBody] as const,
  request: {
    params: NodeIdParam,
    headers: idempotencyHeaders,
    body: { content: json(AttachIpBody) },
  },
  responses: {
    200: {
      description: 'The attached address',
      content: json(AttachResult),
      links: links(['detachPublicIp'], { id: '$request.path.id', ip: '$response.body#/ip' }),
    },
    400: problemResponse('Invalid body, or an address outside the public pools'),
    ...authErrors,
    404: nodeNotFound,
    409: problemResponse(
      'The node is not running (`node_not_running`), is being restarted after it died (`node_repairing`), or the address is in use (`ip_in_use`)'
    ),
    503: problemResponse('The pool of that IP version is exhausted'),
    ...idempotencyErrors,
  },
})

export const detach = createRoute({
  method: 'delete',
  path: '/api/v1/nodes/{id}/network/ip',
  operationId: 'detachPublicIp',
  tags,
  summary: 'Detach a public IP address',
  security: bearer,
  request: { params: NodeIdParam, query: DetachQuery },
  responses: {
    200: { description: 'The detached address', content: json(DetachResult) },
    400: problemResponse('`ip` is not an address from the public pools'),
    ...authErrors,
    404: problemResponse('No such node, or the address is not attached to it (`ip_not_attached`)'),
    409: problemResponse(
      'The node is still provisioning or is being deleted (`node_not_running`), or is being restarted after it died (`node_repairing`)'
    ),
  },
})

export const list = createRoute({
  method: 'get',
  path: '/api/v1/nodes/{id}/network/ip',
  operationId: 'listPublicIps',
  tags,
  summary: "List a node's public IP addresses",
  description:
    'Every address attached to the node, oldest first, in the shape of the attach result. A node still provisioning has none yet. Lets clients see an address detached elsewhere (Terraform drift).',
  security: bearer,
  request: { params: NodeIdParam },
  responses: {
    200: { description: 'The attached addresses', content: json(z.array(IpAttachmentEntry)) },
    ...authErrors,
    404: nodeNotFound,
  },
})
