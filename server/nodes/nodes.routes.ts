import { createRoute, z } from '@hono/zod-openapi'
import { jsonBody } from '../http/json-body.js'
import {
  authErrors,
  quotaAuthErrors,
  bearer,
  idempotencyErrors,
  idempotencyHeaders,
  jsonContent as json,
  links,
  problemResponse,
} from '../http/responses.js'
import {
  CreateNodeBody,
  Node,
  NodeCredentials,
  NodeIdParam,
  NodeListQuery,
  NodeWaitQuery,
  UpdateNodeBody,
} from './nodes.schema.js'

const tags = ['Nodes']
const notFound = problemResponse('No such node on the account, or it was deleted')

export const create = createRoute({
  method: 'post',
  path: '/nodes',
  tags,
  summary: 'Create a node',
  description:
    'Starts provisioning; billing starts at `created_at`. The body may be empty. Poll GET /nodes/{id} until `running`.',
  security: bearer,
  middleware: [jsonBody] as const,
  request: {
    headers: idempotencyHeaders,
    // Documented as required so clients send the contract's Content-Type; an empty body is accepted too.
    body: { content: json(CreateNodeBody), required: true },
  },
  responses: {
    201: {
      description: 'Provisioning has started',
      content: json(Node),
      links: links([
        'getNode',
        'getNodeCredentials',
        'attachPublicIp',
        'detachPublicIp',
        'deleteNode',
      ]),
    },
    400: problemResponse('Invalid body or content type, unknown VPC or host, or a region mismatch'),
    ...quotaAuthErrors('`nodes`, `cpu_cores`, `memory_gb` or (a new default VPC) `vpcs`'),
    409: problemResponse(
      'The requested host is reserved, or the labels would put the node under more than 5 firewalls (`firewall_limit_reached`)'
    ),
    500: problemResponse('The node could not be provisioned; retry'),
    ...idempotencyErrors,
    503: problemResponse('No compute host is free in the region (`capacity_unavailable`)'),
  },
})

export const list = createRoute({
  method: 'get',
  path: '/nodes',
  tags,
  summary: 'List nodes',
  description:
    'Every node of the account, oldest first. Optionally filtered, and optionally in pages: with `limit`, the body is ' +
    'still a plain array, and while more nodes follow a `Link` header with `rel="next"` gives the next page.',
  security: bearer,
  request: { query: NodeListQuery },
  responses: {
    200: {
      description: 'The nodes of the account (or of the page), in any status',
      headers: z.object({
        Link: z.string().optional().openapi({
          description:
            'With `limit`, while more nodes follow: `</nodes?limit=100&after=node_...>; rel="next"`',
        }),
      }),
      content: json(z.array(Node)),
    },
    400: problemResponse(
      '`limit` out of range, `after` without `limit` or naming no node of the account, an unknown filter value, ' +
        'or a malformed `label_selector`'
    ),
    ...authErrors,
  },
})

export const getOne = createRoute({
  method: 'get',
  path: '/nodes/{id}',
  operationId: 'getNode',
  tags,
  summary: 'Get node details',
  description:
    'With `wait_for`, a long-poll: the answer comes when the node is running, or its user data finished, or it is ' +
    'deleted (404), or at `timeout`. ' +
    'A server without it answers 400 for the unknown parameter; fall back to polling then.',
  security: bearer,
  request: { params: NodeIdParam, query: NodeWaitQuery },
  responses: {
    200: { description: 'The node', content: json(Node) },
    400: problemResponse('`wait_for` or `timeout` out of range, or an unknown query parameter'),
    ...authErrors,
    404: notFound,
  },
})

export const update = createRoute({
  method: 'patch',
  path: '/nodes/{id}',
  operationId: 'updateNode',
  tags,
  summary: 'Change the name or labels of a node',
  description:
    'In place: the node keeps running. `labels` replaces the whole set; `name: null` removes the name. The host name ' +
    'inside a running node is not changed. Fields left out stay as they are; `{}` changes nothing. Needs a `read_write` key.',
  security: bearer,
  middleware: [jsonBody] as const,
  request: { params: NodeIdParam, body: { content: json(UpdateNodeBody), required: true } },
  responses: {
    200: { description: 'The node as changed', content: json(Node) },
    400: problemResponse('Invalid body or content type, or invalid labels (naming `labels.<key>`)'),
    ...authErrors,
    404: notFound,
    409: problemResponse(
      'The new labels would put the node under more than 5 firewalls (`firewall_limit_reached`)'
    ),
  },
})

export const remove = createRoute({
  method: 'delete',
  path: '/nodes/{id}',
  operationId: 'deleteNode',
  tags,
  summary: 'Delete a node',
  description: 'Billing stops; all data on the node is destroyed irrecoverably.',
  security: bearer,
  request: { params: NodeIdParam },
  responses: { 204: { description: 'Deletion accepted' }, ...authErrors, 404: notFound },
})

export const credentials = createRoute({
  method: 'get',
  path: '/api/v1/nodes/{id}/credentials',
  operationId: 'getNodeCredentials',
  tags,
  summary: 'Get root login credentials of a node',
  description: 'Needs a `read_write` key. SSH (port 22) works only once the node is `running`.',
  security: bearer,
  request: { params: NodeIdParam },
  responses: {
    200: { description: 'Root credentials', content: json(NodeCredentials) },
    ...authErrors,
    404: notFound,
  },
})
