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
import { MAX_FIREWALLS_PER_NODE } from './firewall-rules.js'
import {
  CreateFirewallBody,
  Firewall,
  FirewallIdParam,
  FirewallListQuery,
  UpdateFirewallBody,
} from './firewalls.schema.js'

const tags = ['Firewalls']
const notFound = problemResponse('No such firewall on the account')
const invalid = problemResponse(
  'Invalid body or content type, naming the field (`rules.<i>.port`, `apply_to.<i>.node_id`, ...); ' +
    '`node_not_found` for a node the account does not have'
)
const limit = `more than ${MAX_FIREWALLS_PER_NODE} firewalls would apply to a node (\`firewall_limit_reached\`, \`node_ids\` naming them)`

export const create = createRoute({
  method: 'post',
  path: '/api/v1/firewalls',
  tags,
  summary: 'Create a firewall',
  security: bearer,
  middleware: [jsonBody] as const,
  request: {
    headers: idempotencyHeaders,
    body: { content: json(CreateFirewallBody), required: true },
  },
  responses: {
    201: {
      description: 'The new firewall',
      content: json(Firewall),
      links: links(['getFirewall', 'deleteFirewall']),
    },
    400: invalid,
    ...quotaAuthErrors('`firewalls`'),
    409: problemResponse(`The name is taken on the account, or ${limit}`),
    ...idempotencyErrors,
  },
})

export const list = createRoute({
  method: 'get',
  path: '/api/v1/firewalls',
  tags,
  summary: 'List firewalls',
  description:
    'Every firewall of the account that matches the filters, oldest first, paged as `GET /nodes` is: with `limit`, ' +
    'the body is still a plain array, and while more firewalls follow a `Link` header with `rel="next"` gives the next page.',
  security: bearer,
  request: { query: FirewallListQuery },
  responses: {
    200: {
      description: 'The firewalls of the account (or of the page) that match the filters',
      headers: z.object({
        Link: z.string().optional().openapi({
          description:
            'With `limit`, while more firewalls follow: `</api/v1/firewalls?limit=100&after=fw_...>; rel="next"`',
        }),
      }),
      content: json(z.array(Firewall)),
    },
    400: problemResponse(
      '`limit` out of range, `after` without `limit` or naming no firewall of the account, or a malformed `label_selector`'
    ),
    ...authErrors,
  },
})

export const getOne = createRoute({
  method: 'get',
  path: '/api/v1/firewalls/{id}',
  operationId: 'getFirewall',
  tags,
  summary: 'Get one firewall',
  security: bearer,
  request: { params: FirewallIdParam },
  responses: {
    200: { description: 'The firewall', content: json(Firewall) },
    ...authErrors,
    404: notFound,
  },
})

export const update = createRoute({
  method: 'patch',
  path: '/api/v1/firewalls/{id}',
  operationId: 'updateFirewall',
  tags,
  summary: 'Change a firewall',
  description:
    'Each field given replaces the old value whole (`rules`, `apply_to` and `labels` included). Fields left out ' +
    'stay as they are; `{}` changes nothing.',
  security: bearer,
  middleware: [jsonBody] as const,
  request: { params: FirewallIdParam, body: { content: json(UpdateFirewallBody), required: true } },
  responses: {
    200: { description: 'The firewall as changed', content: json(Firewall) },
    400: invalid,
    ...authErrors,
    404: notFound,
    409: problemResponse(`Another firewall of the account has the name, or ${limit}`),
  },
})

export const remove = createRoute({
  method: 'delete',
  path: '/api/v1/firewalls/{id}',
  operationId: 'deleteFirewall',
  tags,
  summary: 'Delete a firewall',
  description:
    'Refused with 409 `firewall_in_use` (listing `node_ids`) while its `apply_to` selects nodes.',
  security: bearer,
  request: { params: FirewallIdParam },
  responses: {
    204: { description: 'Deleted' },
    ...authErrors,
    404: notFound,
    409: problemResponse('The firewall applies to nodes; `node_ids` lists them'),
  },
})
