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
import { CreateVpcBody, UpdateVpcBody, Vpc, VpcIdParam, VpcListQuery } from './vpcs.schema.js'

const tags = ['VPC networks']
const notFound = problemResponse('No such VPC on the account')

export const create = createRoute({
  method: 'post',
  path: '/api/v1/networking',
  tags,
  summary: 'Create a VPC',
  security: bearer,
  middleware: [jsonBody] as const,
  request: { headers: idempotencyHeaders, body: { content: json(CreateVpcBody), required: true } },
  responses: {
    201: { description: 'The new VPC', content: json(Vpc), links: links(['getVpc', 'deleteVpc']) },
    400: problemResponse('Invalid body, content type or unknown region'),
    ...quotaAuthErrors('`vpcs`'),
    409: problemResponse('The name is taken on the account'),
    ...idempotencyErrors,
  },
})

export const list = createRoute({
  method: 'get',
  path: '/api/v1/networking',
  tags,
  summary: 'List VPCs',
  security: bearer,
  request: { query: VpcListQuery },
  responses: {
    200: {
      description: 'Every VPC of the account (that matches `label_selector`), oldest first',
      content: json(z.array(Vpc)),
    },
    400: problemResponse('A malformed `label_selector`'),
    ...authErrors,
  },
})

export const getOne = createRoute({
  method: 'get',
  path: '/api/v1/networking/{id}',
  operationId: 'getVpc',
  tags,
  summary: 'Get one VPC',
  security: bearer,
  request: { params: VpcIdParam },
  responses: { 200: { description: 'The VPC', content: json(Vpc) }, ...authErrors, 404: notFound },
})

export const update = createRoute({
  method: 'patch',
  path: '/api/v1/networking/{id}',
  operationId: 'updateVpc',
  tags,
  summary: 'Change the description or labels of a VPC',
  description:
    '`labels` replaces the whole set; `description: null` removes it. Fields left out stay as they are; `{}` changes nothing.',
  security: bearer,
  middleware: [jsonBody] as const,
  request: { params: VpcIdParam, body: { content: json(UpdateVpcBody), required: true } },
  responses: {
    200: { description: 'The VPC as changed', content: json(Vpc) },
    400: problemResponse('Invalid body or content type, or invalid labels (naming `labels.<key>`)'),
    ...authErrors,
    404: notFound,
  },
})

export const remove = createRoute({
  method: 'delete',
  path: '/api/v1/networking/{id}',
  operationId: 'deleteVpc',
  tags,
  summary: 'Delete a VPC',
  description: 'Refused with 409 `vpc_has_nodes` (listing `node_ids`) while nodes remain in it.',
  security: bearer,
  request: { params: VpcIdParam },
  responses: {
    204: { description: 'Deleted' },
    ...authErrors,
    404: notFound,
    409: problemResponse('Nodes remain in the VPC; `node_ids` lists them'),
  },
})
